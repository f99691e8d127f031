"""Finding, reading and compiling rulesets by name or path.

``load(ref, options, players)`` is the front door used by the command line, scenarios
and tests: ``ref`` is a bundled name (``standard-12``) or a path to a ``.wolf`` file.
Imports (``import "prelude"``) are resolved first relative to the importing file, then
among the bundled rulesets; each file is read once per load.

Two caches make a second load cheap and notice every edit. A file's AST is kept per
(resolved path, display name) and reused while the file's bytes are the same (their
SHA-256, read again whenever the file's mtime, ctime, size or inode changes, so an edit
within one mtime tick counts too); it is also pickled in the per-user
cache folder (``$XDG_CACHE_HOME/wolfdsl/ast``, else ``~/.cache/wolfdsl/ast``), keyed as
well on the Python version and the code that shapes an AST (grammar, parser,
transformer, syntax classes, Span), so a new process skips lark altogether for files it has
seen. A compiled ruleset is kept per (its files' contents, options, name): editing an
imported file is noticed by the next ``load``, however long the process has run.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import re
import sys
from collections import OrderedDict
from ..dataclasscode import dataclass  # methods compiled once per machine
from pathlib import Path
from typing import Any

from . import syntax as A
from .codegen import player_counts
from .compile import check_program, compile_ruleset
from ..diagnostics import Diagnostic, Span, WolfError, did_you_mean
from .ir import Ruleset
from .limits import MAX_SOURCE
from .parse import cache_dir, grammar_path, prune_stale

NOT_RULESETS = {"prelude", "roles"}
"""Bundled files that are bases to import, not rulesets to play."""


def rulesets_dir() -> Path:
    """The bundled rulesets: inside the installed package, or the checkout's
    top-level ``rulesets/`` for an editable install."""
    here = Path(__file__).resolve().parent.parent  # the wolfdsl package
    for cand in (here / "rulesets", here.parent / "rulesets"):
        if (cand / "prelude.wolf").is_file():
            return cand
    raise FileNotFoundError("bundled rulesets not found next to the wolfdsl package")


def bundled() -> list[str]:
    """Names of the bundled rulesets that can be played, sorted."""
    base = rulesets_dir()
    names = []
    for p in base.rglob("*.wolf"):
        rel = p.relative_to(base).with_suffix("").as_posix()
        if rel in NOT_RULESETS or "/" in rel:
            continue
        names.append(rel)
    return sorted(names, key=_natural)


def _natural(name: str) -> list:
    """``cupid-7`` before ``cupid-10``."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def bundled_path(name: str) -> Path | None:
    """The file of a bundled name (``standard-12`` or ``roles/piper``), or ``None``."""
    p = rulesets_dir() / f"{name}.wolf"
    return p if p.is_file() else None


def resolve(ref: str, base_dir: str | os.PathLike | None = None) -> tuple[Path, str]:
    """Path and display name of a ruleset reference; raises ``WolfError`` if unknown."""
    if not ref.strip():
        raise WolfError("the ruleset name is empty: give a .wolf file or a bundled ruleset "
                        f"({', '.join(bundled())})")
    cand = Path(ref)
    if (Path(base_dir) / cand if base_dir is not None and not cand.is_absolute() else cand).is_dir():
        raise WolfError(f"{ref} is a folder: give a .wolf file in it, or a bundled ruleset "
                        f"({', '.join(bundled())})")
    if base_dir is not None and not cand.is_absolute():
        cand = Path(base_dir) / cand
    if cand.suffix in (".yaml", ".yml"):
        raise WolfError(f"{ref} is a scenario file, not a ruleset: run it with `wolfdsl run --script {ref}`")
    if cand.suffix != ".wolf" and not cand.is_file() and cand.with_name(cand.name + ".wolf").is_file() \
            and bundled_path(ref) is None:
        cand = cand.with_name(cand.name + ".wolf")
    if cand.suffix == ".wolf" or os.sep in ref or "/" in ref:
        if cand.is_file():
            return _ruleset_file(cand, ref)
        if cand.suffix == ".wolf":
            raise WolfError(f"no such ruleset file: {cand}")
    bp = bundled_path(ref)
    if bp is not None:
        return bp, ref
    if cand.is_file():
        return _ruleset_file(cand, ref)
    raise WolfError(f"unknown ruleset '{ref}'" + did_you_mean(ref, bundled())
                    + f"; bundled rulesets: {', '.join(bundled())}; or give a path to a .wolf file")


def _ruleset_file(path: Path, ref: str) -> tuple[Path, str]:
    """``(path, its stem)`` for a ``.wolf`` file; any other file is refused unread, so
    that no error quotes a file that is not a ruleset (docs/security.md)."""
    if path.suffix != ".wolf":
        raise WolfError(f"{ref} is not a .wolf file: a ruleset file's name ends in .wolf")
    return path, path.stem


def _display(path: Path, given: str | None = None) -> str:
    """How a file is named in diagnostics: ``<bundled>/x.wolf`` for a bundled file, else
    the path as the user (or the importing file) wrote it."""
    base = rulesets_dir()
    try:
        return f"<bundled>/{path.resolve().relative_to(base.resolve()).as_posix()}"
    except ValueError:
        return given if given is not None else str(path)


def read_module(path: Path, shown: str | None = None) -> A.Module:
    """Parse one file into its AST (raises ``WolfError`` E101 on a syntax error); the
    same file with the same bytes gives the same (immutable) AST without parsing again."""
    return _read(path, shown)[1]


_PARSED: dict[tuple[str, str | None], tuple[tuple, str, A.Module]] = {}
"""(path, name given for it) -> (the file's stat stamp, the digest of its bytes, its AST).
While the stamp is the same the file is not even read: any write changes its ctime,
which no program can set back."""


def _read(path: Path, shown: str | None) -> tuple[str, A.Module]:
    """``(digest, AST)`` of one file, the digest naming its bytes and display name."""
    where = (str(path), shown)
    try:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino, st.st_dev)
        hit = _PARSED.get(where)
        if hit is not None and hit[0] == stamp:
            return hit[1], hit[2]
        shown = _display(path, shown)
        with open(path, "rb") as fh:
            data = fh.read(MAX_SOURCE + 1)
    except OSError as exc:
        raise WolfError(f"cannot read {_display(path, shown)}: {exc.strerror}") from None
    if len(data) > MAX_SOURCE:
        raise WolfError(Diagnostic(Span(shown, 1, 1), "error", f"this file is larger than {MAX_SOURCE:,} bytes; "
                                   "a ruleset is far smaller (is it a ruleset?)", "E102"))
    digest = hashlib.sha256(data + b"\0" + shown.encode("utf-8")).hexdigest()
    mod = hit[2] if hit is not None and hit[1] == digest else _disk_get(digest)
    if mod is None:
        text = decode_source(data, shown)
        from .parse import parse
        from .transform import to_ast

        mod = to_ast(parse(text, shown), shown, text)
        _disk_put(digest, mod)
    _PARSED[where] = (stamp, digest, mod)
    return digest, mod


def _read_text(path: Path, shown: str | None, text: str) -> tuple[str, A.Module]:
    """``(digest, AST)`` of unsaved ``text`` standing for the file ``path``."""
    shown = _display(path, shown)
    digest = hashlib.sha256(text.encode("utf-8") + b"\0" + shown.encode("utf-8")).hexdigest()
    from .parse import parse
    from .transform import to_ast

    return digest, to_ast(parse(text, shown), shown, text)


@functools.lru_cache(maxsize=1)
def _ast_folder() -> Path | None:
    """Where parsed files are pickled: a folder per AST format, or ``None`` (no disk
    cache) when the per-user cache folder cannot be written.

    The format is named by the bytes of the code that shapes an AST rather than by
    wolfdsl's version number, which stays the same across a checkout's edits."""
    folder = cache_dir()
    if folder is None:
        return None
    here = Path(__file__).resolve().parent
    shape = hashlib.sha256(f"{sys.version_info[:2]} {pickle.HIGHEST_PROTOCOL}".encode())
    for source in (grammar_path(), here / "parse.py", here / "transform.py", here / "syntax.py",
                   here / "declarations.py", here.parent / "diagnostics.py"):  # Span
        try:
            shape.update(source.read_bytes())
        except OSError:
            return None
    folder = folder / "ast" / shape.hexdigest()[:16]
    try:
        if not folder.is_dir():  # a new format: the ones unused for a month go
            folder.mkdir(parents=True, exist_ok=True)
            prune_stale(folder.parent, "*", folder)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK | os.X_OK) else None


def _disk_get(digest: str) -> A.Module | None:
    folder = _ast_folder()
    if folder is None:
        return None
    try:
        with open(folder / f"{digest}.pickle", "rb") as fh:
            mod = pickle.load(fh)
    except Exception:  # missing, truncated, written by other code: parse instead
        return None
    return mod if isinstance(mod, A.Module) else None


AST_FILES_KEPT = 500
"""Parsed files kept on disk per AST format: past that, the older half goes."""


def _disk_put(digest: str, mod: A.Module) -> None:
    folder = _ast_folder()
    if folder is None:
        return
    tmp = folder / f".{digest}.{os.getpid()}.tmp"
    try:
        tmp.write_bytes(pickle.dumps(mod, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, folder / f"{digest}.pickle")
    except Exception:  # a full disk, a read-only folder, an AST that does not pickle
        try:
            tmp.unlink()
        except OSError:
            pass
        return
    try:
        kept = list(folder.glob("*.pickle"))
        if len(kept) > AST_FILES_KEPT:
            kept.sort(key=lambda f: f.stat().st_mtime)
            for f in kept[:len(kept) // 2]:
                f.unlink()
    except OSError:  # another process pruned first
        pass


def decode_source(data: bytes, shown: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); any other encoding is an error
    at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        good = data[start:exc.start].decode("utf-8", errors="replace")
        line = good.count("\n") + 1
        col = len(good) - (good.rfind("\n") + 1) + 1
        shown_text = data[start:].decode("utf-8", errors="replace")
        raise WolfError(Diagnostic(Span(shown, line, col, line, col + 1, text=shown_text), "error",
                                   f"this file is not UTF-8 text (byte 0x{data[exc.start]:02x}); save it as "
                                   "UTF-8 (in most editors: Save As, encoding UTF-8)", "E101")) from None


def modules(path: Path, shown: str | None = None, overlay: dict[str, str] | None = None) -> list[A.Module]:
    """The file and everything it imports, imports first, each file once.

    ``shown`` is the path as the user wrote it, used in diagnostics. ``overlay`` maps
    resolved paths (``str(Path.resolve())``) to text read instead of the file's bytes:
    an editor's unsaved buffers (the file need not exist)."""
    return [mod for _, mod in _modules(path, shown, overlay)]


def _modules(path: Path, shown: str | None, overlay: dict[str, str] | None = None) -> list[tuple[str, A.Module]]:
    """:func:`modules`, each with the digest of its file (see :func:`_read`)."""
    out: list[tuple[str, A.Module]] = []
    seen: set[Path] = set()
    stack: list[Path] = []

    base = rulesets_dir().resolve()
    top = path.resolve().parent

    def visit(p: Path, span: Span | None, given: str | None) -> None:
        rp = p.resolve()
        if rp in stack:
            raise WolfError(f"import cycle: {' -> '.join(_display(s) for s in stack + [rp])}"
                            + _self_import(rp, stack), span)
        if rp in seen:
            return
        stack.append(rp)
        text = overlay.get(str(rp)) if overlay else None
        root = base if rp.is_relative_to(base) else top
        try:
            digest, mod = _read(p, given) if text is None else _read_text(p, given, text)
        except WolfError as err:
            from .zhnames import named_in_chinese

            raise named_in_chinese(err, p, root) from None
        for d in mod.decls:
            if isinstance(d, A.Import):
                target = _import_path(d, p.parent, root)
                name = d.path if d.path.endswith(".wolf") else d.path + ".wolf"
                visit(target, d.span, os.path.join(os.path.dirname(mod.path), name))
        stack.pop()
        seen.add(rp)
        out.append((digest, mod))

    visit(path, None, shown)
    return out


def _self_import(rp: Path, stack: list[Path]) -> str:
    """For a file that imports its own name, which is also a bundled file's (a local
    ``roles.wolf`` importing "roles"): why, and what to do."""
    name = rp.stem
    if rp != stack[-1] or bundled_path(name) is None:
        return ""
    return (f"; this file imports \"{name}\", its own name, which hides the bundled {name} "
            f"(<bundled>/{name}.wolf) from the files in its folder: rename it (such as my-{rp.stem}.wolf)")


def input_files(ref: str, base_dir: str | os.PathLike | None = None) -> list[Path]:
    """The files a load of ``ref`` reads: the ruleset and everything it imports (only
    the ruleset when it does not parse); ``[]`` for an unknown ``ref``. Output options
    refuse to write over them (:mod:`wolfdsl.outfile`)."""
    try:
        path, _ = resolve(ref, base_dir)
    except WolfError:
        return []
    try:
        shown = [mod.path for _, mod in _modules(path, str(path))]
    except WolfError:
        return [path]
    base = rulesets_dir()
    return [path] + [base / s[len("<bundled>/"):] if s.startswith("<bundled>/") else Path(s) for s in shown]


def _import_path(d: A.Import, folder: Path, root: Path) -> Path:
    """The file ``import "NAME"`` names: ``NAME.wolf`` beside the importing file (in
    ``folder``), else a bundled file. Refused (docs/security.md): an absolute name, and a
    file (symlinks followed) outside ``root``, the folder of the ruleset being loaded (of
    the bundled rulesets, for a bundled file)."""
    name = d.path
    if not name.strip() or os.path.isabs(name) or name.startswith("~") or "\0" in name:
        raise WolfError(f"cannot import '{name}': an import names a bundled ruleset or a file beside "
                        "this one (import \"roles\", import \"my_roles\"), not an absolute path", d.span)
    rel = folder / (name if name.endswith(".wolf") else name + ".wolf")
    if rel.is_file():
        try:
            rel.resolve().relative_to(root.resolve())
        except ValueError:
            raise WolfError(f"cannot import '{name}': {rel} is outside {root}, the folder of the ruleset "
                            "being loaded; a ruleset may import bundled rulesets and the files under its "
                            "own folder", d.span) from None
        return rel
    bp = bundled_path(name[:-5] if name.endswith(".wolf") else name)
    if bp is not None:
        return bp
    raise WolfError(f"cannot import '{name}': no file {rel} and no bundled ruleset of that name"
                    + did_you_mean(name.removesuffix(".wolf"), _beside(rel, name, d) + _bundled_files()), d.span)


def _beside(rel: Path, name: str, d: A.Import) -> list[str]:
    """The ``.wolf`` files in the folder an import of ``name`` searched (``rel``'s), as
    an import names them (``herbalist``, ``mine/herbalist``); not the importing file."""
    prefix = name.rsplit("/", 1)[0] + "/" if "/" in name else ""
    me = Path(d.span.file).resolve() if d.span is not None else None
    try:
        return sorted(prefix + p.stem for p in rel.parent.glob("*.wolf") if p.is_file() and p.resolve() != me)
    except OSError:
        return []


def _bundled_files() -> list[str]:
    """Every bundled file as an import names it: the rulesets, the bases and the role
    files (``roles/knight``)."""
    base = rulesets_dir()
    return sorted(p.relative_to(base).with_suffix("").as_posix() for p in base.rglob("*.wolf"))


def load(ref: str, options: dict[str, Any] | None = None, players: int | None = None,
         base_dir: str | os.PathLike | None = None) -> Ruleset:
    """Compile a ruleset by bundled name or path, with option values set by the caller.

    ``options`` maps option names to values (strings from the command line are
    converted to the option's type). ``players`` is checked against the ruleset's
    player counts. Raises ``WolfError`` (exit 2) on any problem, with every error of
    the pass in ``diagnostics``.
    """
    path, name = resolve(ref, base_dir)
    shown = ref if (base_dir is None and Path(ref).is_file()) else str(path)
    mods = _modules(path, shown)
    key = (tuple(digest for digest, _ in mods), tuple(sorted((options or {}).items(), key=lambda kv: kv[0])),
           str(path), name)
    rs = _load_cached(key, [mod for _, mod in mods])
    if players is not None:
        check_players(rs, name, players, bool(options))
    return rs


def check_players(rs: Ruleset, name: str, players: int, options_set: bool = False) -> None:
    """Raise ``WolfError`` (exit 2) unless ``rs`` deals a deck for ``players`` players
    (``options_set``: the message says the options set may be why not)."""
    lo, hi = rs.players
    if not (lo <= players <= hi):
        raise WolfError(f"{name} is for {lo if lo == hi else f'{lo} to {hi}'} players, not {players}")
    if rs.deck_for(players) is None:
        counts = sorted({n for d in rs.decks for n in range(d.low, d.high + 1)})
        raise WolfError(f"{name} has no deck for {players} players"
                        + (" with the options set" if options_set else "")
                        + (f"; its decks deal {_ranges(counts)} players" if counts else ""))


def _ranges(ns: list[int]) -> str:
    """``[4, 5, 6, 9]`` -> ``4 to 6, 9``."""
    out, i = [], 0
    while i < len(ns):
        j = i
        while j + 1 < len(ns) and ns[j + 1] == ns[j] + 1:
            j += 1
        out.append(str(ns[i]) if i == j else f"{ns[i]} to {ns[j]}")
        i = j + 1
    return ", ".join(out)


@dataclass(frozen=True)
class Description:
    """What ``wolfdsl rulesets`` lists of a ruleset."""
    name: str
    title: str
    summary: str
    players: tuple[int, int]
    default_players: int = 0
    """The count of a game without ``--players`` (the lowest unless the file says)."""
    title_zh: str = ""
    summary_zh: str = ""
    """The Chinese title and summary (``""``: none declared)."""


def describe(ref: str) -> Description:
    """Title, summary and player counts of a ruleset, checked like a compile (every
    E1xx/E2xx error is raised as ``WolfError``) but without generating its code."""
    path, name = resolve(ref)
    program = check_program([mod for _, mod in _modules(path, str(path))])[0]
    counts = player_counts(program)
    default = program.players_default if program.players is not None and program.players_default else counts[0]
    return Description(name, program.title or name, program.summary, counts, default,
                       program.title_zh, program.summary_zh)


def own_sha256(mods: list[A.Module]) -> str | None:
    """The SHA-256 of the files of one's own a ruleset is read from — its ``.wolf`` file
    and the files beside it that it imports, their bytes one after the other in load order
    (for a file that imports only bundled ones, what ``sha256sum FILE`` prints) — or
    ``None`` for a bundled ruleset (all its files are bundled). The same bytes give the
    same digest whatever path the file was given by, so a seeded log stays byte-identical."""
    own = [m.path for m in mods if not m.path.startswith("<bundled>/")]
    if not own:
        return None
    h = hashlib.sha256()
    for shown in own:
        try:
            h.update(Path(shown).read_bytes())
        except OSError:
            return None
    return h.hexdigest()


def text_sha256(mods: list[A.Module]) -> str | None:
    """The SHA-256 of the whole rule text of a ruleset of one's own: of the lines
    ``DIGEST\\n``, one for each file it is read from in load order — the bundled files it
    imports (``import "roles"``, the prelude) as well as its own — each the SHA-256 of
    that file's bytes (``sha256sum FILES | cut -d' ' -f1 | sha256sum``). :func:`own_sha256`
    leaves the bundled files out, so the same file played on another version of the
    bundled ones gives the same digest; this one differs. ``None`` for a bundled ruleset
    or a file that cannot be read."""
    if all(m.path.startswith("<bundled>/") for m in mods):
        return None
    base = rulesets_dir()
    h = hashlib.sha256()
    for m in mods:
        path = base / m.path[len("<bundled>/"):] if m.path.startswith("<bundled>/") else Path(m.path)
        try:
            h.update(hashlib.sha256(path.read_bytes()).hexdigest().encode() + b"\n")
        except OSError:
            return None
    return h.hexdigest()


def file_sha256(ref: str) -> str | None:
    """:func:`own_sha256` of the ruleset ``ref`` names, without compiling it; raises
    ``WolfError`` as a load would for a file that cannot be read or parsed."""
    path, _ = resolve(ref)
    return own_sha256([mod for _, mod in _modules(path, ref if Path(ref).is_file() else str(path))])


_COMPILED: OrderedDict[tuple, Ruleset] = OrderedDict()
"""The last 64 rulesets compiled, by (their files' digests, options, path, name)."""


def _load_cached(key: tuple, mods: list[A.Module]) -> Ruleset:
    rs = _COMPILED.get(key)
    if rs is not None:
        _COMPILED.move_to_end(key)
        return rs
    options, path, name = dict(key[1]), key[2], key[3]
    rs = compile_ruleset(mods, name, path, overrides=options)
    rs.source_sha256 = own_sha256(mods)
    rs.text_sha256 = text_sha256(mods)
    _COMPILED[key] = rs
    if len(_COMPILED) > 64:
        _COMPILED.popitem(last=False)
    return rs
