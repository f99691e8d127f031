"""``wolfdsl new NAME --from BASE``: a new ruleset file to edit, next to the user.

``new_ruleset(name, base, folder, short)`` writes ``NAME.wolf`` in ``folder``: an
editable copy of the bundled (or local) ruleset ``base`` — or, with ``short``, a few
lines importing the base, to add to or ``replace`` in. The title names the new file
(in English only: the Chinese title is the user's to add).
A copy of a bundled ruleset imports only bundled files, so it works in any folder; a
copy of a local file keeps importing the files beside that file: each such import is
rewritten as their path from the new file's folder (``import "watchman"`` becomes
``import "examples/watchman"``); one outside that folder must have a file of its name
beside the new file (copy it there first), else the copy is refused (an import reads only
files in and under its own folder).

``NAME`` may not be the name of a bundled file (``roles``, ``standard-12``): the new
file would hide it from every file beside it importing that name, itself included
(``force`` writes it anyway).

``NAME`` may be a path (``rules/x``, ``../x``, ``/tmp/x``): the file is written there,
as ``cp`` would, in a folder that must exist (none is created); the command prints where.
Raises ``WolfError`` for an unknown base, a missing folder, a bundled name (unless
``force``), an import the copy cannot keep, or a target that is the base
itself (even with ``force``), and ``FileExistsError`` rather than overwrite a file
without ``force``. The file is written whole or not at all (:mod:`wolfdsl.outfile`).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..diagnostics import WolfError
from ..outfile import write_text
from . import syntax as A
from .load import bundled_path, read_module, resolve


def _target(name: str, folder: Path) -> Path:
    path = Path(name)
    if not path.name or path.name in (".", ".."):
        raise WolfError(f"'{name}' is not a file name: give one such as my-variant")
    if path.suffix != ".wolf":
        path = path.with_name(path.name + ".wolf")
    return Path(os.path.normpath(path if path.is_absolute() else folder / path))


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _title(stem: str) -> str:
    """The copy's ``title`` line: the new name, in English only (no Chinese title is
    known: a copy of the name would read as one, and ``--lang zh`` shows the English
    title anyway, while ``wolfdsl script --lang zh`` lists it as untranslated), and
    how to add the Chinese."""
    return (f'title "{_quote(stem)}"   # English title; add the Chinese (中文) one after it: '
            f'title "{_quote(stem)}" "中文名"')


def _import_name(source: Path, base_name: str, target: Path, base: str) -> str:
    """What the short file's ``import`` names: the bundled name, or the local base's path
    from the new file's folder (``import`` reads files in and under that folder only,
    docs/security.md). Raises ``WolfError`` for a base outside it."""
    if source == bundled_path(base_name):
        return base_name
    rel = _rel_under(source, target.parent)
    if rel is None:
        raise WolfError(f"cannot write {target.name} with --import: {base} is not in or under {target.parent}, "
                        "and an import reads only files in and under its own folder; write the new file "
                        f"beside {source.name} (wolfdsl new {source.parent / target.stem} --import --from {base}), "
                        "or drop --import for a full copy")
    return rel


def _hidden(target: Path) -> tuple[str, Path] | None:
    """The bundled file a new file at ``target`` would hide, and the folder whose files
    would import the new file by that name instead (``roles`` for ``roles.wolf``,
    ``roles/knight`` for ``roles/knight.wolf``), or ``None``."""
    for name, folder in ((target.stem, target.parent), (f"{target.parent.name}/{target.stem}", target.parent.parent)):
        if bundled_path(name) is not None:
            return name, folder
    return None


def _rel_under(path: Path, folder: Path) -> str | None:
    """``path`` from ``folder`` without ``.wolf`` (``a/base``), or ``None`` when it is
    not in or under ``folder`` (symlinks followed)."""
    try:
        rel = Path(os.path.realpath(path)).relative_to(os.path.realpath(folder))
    except ValueError:
        return None
    return rel.with_suffix("").as_posix()


def _kept_imports(text: str, source: Path, target: Path, base: str) -> str:
    """``text`` (the copy of the local file ``source``) with each import of a file beside
    ``source`` naming that file from ``target``'s folder. Raises ``WolfError`` for a file
    outside that folder. A base that does not parse is copied as it is."""
    if source.parent.resolve() == target.parent.resolve():
        return text
    try:
        decls = read_module(source).decls
    except WolfError:  # a base with a syntax error: its copy shows the same error
        return text
    lines = text.split("\n")
    outside = []
    for d in decls:
        if not isinstance(d, A.Import):
            continue
        wolf = d.path if d.path.endswith(".wolf") else d.path + ".wolf"
        file = source.parent / wolf
        if os.path.isabs(d.path) or not file.is_file():
            continue  # a bundled file (or an error the copy shows as the base does)
        rel = _rel_under(file, target.parent)
        if rel is None:
            if not (target.parent / wolf).is_file():
                outside.append(file)  # (a copy the user made beside the new file is kept)
            continue
        i = d.span.line  # the copy has one more line at the top
        lines[i] = re.sub(r'"(?:[^"\\\n]|\\.)*"', lambda _: f'"{_quote(rel)}"', lines[i], count=1)
    if outside:
        files = ", ".join(str(f) for f in outside)
        raise WolfError(f"cannot copy {base} to {target}: it imports {files}, outside {target.parent}, "
                        "and an import reads only files in and under its own folder; write the new file "
                        f"beside {source.name} (wolfdsl new {source.parent / target.stem} --from {base}), "
                        f"or copy {'those files' if len(outside) > 1 else outside[0].name} "
                        f"into {target.parent} first")
    return "\n".join(lines)


def new_ruleset(name: str, base: str, folder: Path, short: bool = False, force: bool = False) -> Path:
    """Write the new file and return its path (see the module's doc)."""
    source, base_name = resolve(base)
    target = _target(name, folder)
    if not target.parent.is_dir():
        raise WolfError(f"cannot write {name}: the folder {target.parent} does not exist (create it first, "
                        f"or give a name in this folder such as {target.name})")
    if target.exists() and os.path.samefile(target, source):
        raise WolfError(f"cannot write {name}: it is the ruleset --from copies; give the new file another name")
    hidden = _hidden(target)
    if hidden is not None and not force:
        raise WolfError(f"cannot write {name}: {hidden[0]} is the name of a bundled file (<bundled>/{hidden[0]}.wolf), "
                        f"which {target.name} would hide from every file in {hidden[1]} that imports \"{hidden[0]}\" "
                        "(an import reads the file beside it first); give it another name, such as "
                        f"my-{target.stem} (or use --force to write it anyway)")
    if target.exists() and not force:
        raise FileExistsError(str(target))
    stem = target.stem
    made = f"# {target.name} — made with `wolfdsl new {stem} --from {base}`"
    what = f"the bundled {base_name}" if source == bundled_path(base_name) else f"the ruleset in {source.name}"
    if short:
        imported = _import_name(source, base_name, target, base)
        text = (f'{made}: {what} with your changes.\n'
                "# Add declarations, `set` an option, `replace` or `remove` what the base declares\n"
                "# (docs/language.md); `wolfdsl show` prints the result.\n\n"
                f'{_title(stem)}\n'
                f'import "{_quote(imported)}"\n')
    else:
        try:
            original = source.read_text(encoding="utf-8")
        except OSError as err:
            raise WolfError(f"cannot read {source}: {err.strerror}") from None
        text = f"{made}: a copy to edit.\n{original}"
        if source != bundled_path(base_name):
            text = _kept_imports(text, source, target, base)
        title = _title(stem)
        text, n = re.subn(r'^title "(?:[^"\\\n]|\\.)*"(?:[ \t]+"(?:[^"\\\n]|\\.)*")?',
                          lambda _: title, text, count=1, flags=re.M)
        if n == 0:
            text = text.replace("\n", f"\n{title}\n", 1)
    write_text(target, text, "NAME", [source])
    return target
