"""``wolfdsl lint``: find conflicting rules before anyone plays them.

``lint_paths(paths, select=None, ignore=None, explore=0, seed=0) -> list[Diagnostic]``
compiles each file (its E1xx/E2xx errors are findings), runs every registered static
rule on the merged program (:mod:`.registry`; one module per family: :mod:`.names`,
:mod:`.order`, :mod:`.triggers`, :mod:`.wins`, :mod:`.decisions`, :mod:`.setup`), and
with ``explore=N`` plays N seeded random games per file (:mod:`.dynamic`), writing a
scenario file that reproduces each runtime conflict. Inline ``# lint: ignore CODE --
reason`` comments silence findings (:mod:`.suppress`). Findings are sorted by file,
line and column; :mod:`.render` prints them as text, JSON or SARIF.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..diagnostics import Diagnostic
from . import suppress
from .context import LintContext
from .registry import REGISTRY, by_name_or_code, rules

__all__ = ["lint_paths", "lint_file", "selected_codes"]


def selected_codes(select: Iterable[str] | None = None, ignore: Iterable[str] | None = None) -> set[str]:
    """The codes to report: ``select`` (codes, prefixes such as ``W33``, or names;
    default all) minus ``ignore``. Raises ``ValueError`` for a token matching nothing."""
    list(rules())  # load the families
    def expand(tokens):
        out = set()
        for tok in tokens:
            for part in str(tok).split(","):
                if not part.strip():
                    continue
                hit = by_name_or_code(part)
                if not hit:
                    raise ValueError(f"unknown lint code or name '{part.strip()}'")
                out |= set(hit)
        return out
    chosen = expand(select) if select else set(REGISTRY)
    return chosen - (expand(ignore) if ignore else set())


def lint_file(path: str | Path, codes: set[str], explore: int = 0, seed: int = 0,
              out_dir: str | Path | None = None, shown: str | None = None,
              overlay: dict[str, str] | None = None) -> list[Diagnostic]:
    """Findings of one file (suppressions applied); ``overlay``: unsaved text by
    resolved path, read instead of the files (an editor's buffers)."""
    ctx = LintContext(path, shown, overlay)
    # Every rule runs, so that a suppression can be judged unused; the output keeps
    # only the selected codes.
    found: list[Diagnostic] = list(ctx.compile_diags)
    ran = {c for c, r in REGISTRY.items() if r.kind == "compile"}
    if ctx.ok:
        for rule in rules("static"):
            ran.add(rule.code)
            found += list(rule.check(ctx))
        dyn = [c for c in codes if REGISTRY[c].kind == "dynamic"]
        if explore and dyn:
            from . import dynamic
            ran |= {c for c, r in REGISTRY.items() if r.kind == "dynamic"}
            found += dynamic.explore(ctx, explore, seed, out_dir)
    sups = []
    for file, text in ctx.texts().items():
        sups += suppress.scan(file, text)
    if not ctx.modules:
        try:
            own = (overlay or {}).get(str(Path(path).resolve()))
            sups += suppress.scan(ctx.shown, own if own is not None else Path(path).read_text(encoding="utf-8", errors="replace"))
        except OSError:
            pass
    found = suppress.apply(found, sups)
    own = ctx.own_file if ctx.modules else ctx.shown
    found += suppress.findings(sups, own, ran)
    found = [d for d in found if d.code in codes or not d.code]
    return _dedupe(found)


def lint_paths(paths: Iterable[str | Path], select=None, ignore=None, explore: int = 0, seed: int = 0,
               out_dir: str | Path | None = None,
               out_dirs: dict[str, str | Path] | None = None) -> list[Diagnostic]:
    """Lint every file; findings sorted by file, line, column and code.

    ``out_dir``: where ``--explore`` writes reproducers (default: next to each file);
    ``out_dirs`` overrides it for some paths (keyed by ``str(path)``)."""
    codes = selected_codes(select, ignore)
    found = [(p, lint_file(p, codes, explore, seed, (out_dirs or {}).get(str(p), out_dir))) for p in paths]
    # A finding in a file that another linted file imports is found by both lints, each
    # at its own table (a base without decks counts every role in play; its importer only
    # the roles it deals), so the same place may be worded two ways: keep one lint's
    # findings there, the lint of the file they are in, else the first.
    kept: dict[tuple, int] = {}
    for i, (p, diags) in enumerate(found):
        for d in diags:
            k = _place(d)
            if k is None:
                continue
            j = kept.setdefault(k, i)
            if j != i and _in(d, p) and not _in(d, found[j][0]):
                kept[k] = i
    out = [d for i, (_, diags) in enumerate(found) for d in diags if kept.get(_place(d), i) == i]
    return sorted(_dedupe(out), key=_where)


def _place(d: Diagnostic) -> tuple | None:
    """Where a finding is, with the places its notes point at (a W310's other step):
    two findings of one code there are the same finding."""
    if d.span is None or not d.code:
        return None
    return (d.code, str(d.span), tuple(str(r.span) for r in d.related))


def _in(d: Diagnostic, path) -> bool:
    """Whether the finding ``d`` is in the file ``path`` itself (not in one it imports)."""
    try:
        return Path(d.span.file).resolve() == Path(path).resolve()
    except (OSError, ValueError):
        return False


def _dedupe(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen, out = set(), []
    for d in diags:
        key = (d.code, str(d.span), d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _where(d: Diagnostic):
    s = d.span
    return (s.file, s.line, s.col, d.code) if s is not None else ("", 0, 0, d.code)
