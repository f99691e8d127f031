"""A missing ``import "roles"``: the unknown names of a file that the bundled roles (with
the prelude it imports) declare, folded into one error that says to add the import.

A role file written without it gives an E201 for each faction, class, cause, team and
step it names ("unknown faction 'village'; declare it first with 'faction village'");
``fold_missing_import(modules, diagnostics)`` keeps the first of them in each file, says
what to add, and names the others there (they all go once the import is added).
"""
from __future__ import annotations

import dataclasses
import functools
import re

from ..diagnostics import Diagnostic

BASE = "roles"
"""The bundled file whose names a file most often forgets to import (it imports the prelude)."""

_UNKNOWN = re.compile(r"unknown (?:[a-z]+ )?'([^']+)'")


@functools.lru_cache(maxsize=1)
def declared_by_base() -> frozenset[str]:
    """Every name the bundled :data:`BASE` declares, its imports included."""
    from .link import link
    from .load import bundled_path, modules

    path = bundled_path(BASE)
    if path is None:
        return frozenset()
    program, _ = link(modules(path))
    names = {name for _, name in program.decls} | set(program.globals) | set(program.properties)
    names |= set(program.attributes) | set(program.deciders)
    for table in program.symbols.values():
        names |= set(table)
    return frozenset(names)


def _name(d: Diagnostic) -> str | None:
    if d.code != "E201" or d.span is None or "import" in d.message:
        return None
    m = _UNKNOWN.search(d.message)
    return m.group(1) if m is not None else None


def fold_missing_import(modules, diags: list[Diagnostic]) -> list[Diagnostic]:
    """``diags`` with the unknown names :data:`BASE` declares folded, in each file, into
    the first of them, which says to add the import; unchanged when the ruleset imports
    :data:`BASE` already (a name it lacks was removed on purpose) or no such name is unknown."""
    if any(m.path == f"<bundled>/{BASE}.wolf" for m in modules):
        return diags
    found = [(d, n) for d in diags if (n := _name(d)) is not None]
    if not found:
        return diags
    base = declared_by_base()
    by_file: dict[str, list[tuple[Diagnostic, str]]] = {}
    for d, n in found:
        if n in base:
            by_file.setdefault(d.span.file, []).append((d, n))
    if not by_file:
        return diags
    said = f'`import "{BASE}"`'
    anchors = {d.span.file: d for d in diags if d.span is not None and d.code == "E201" and said in d.message}
    dropped: set[int] = set()
    replaced: dict[int, Diagnostic] = {}
    for file, group in by_file.items():
        group.sort(key=lambda dn: (dn[0].span.line, dn[0].span.col))
        first, name = (anchors[file], "") if file in anchors else group[0]
        if first is not group[0][0]:
            group.insert(0, (first, name))
        lines: dict[str, list[int]] = {}
        for d, n in group[1:]:
            if n != name:
                lines.setdefault(n, [])
                if d.span.line not in lines[n]:
                    lines[n].append(d.span.line)
            dropped.add(id(d))
        hint = "" if name == "" else f': it is declared by the bundled "{BASE}"; add {said} at the top of the file'
        if lines:
            names = [f"'{n}' ({'line' if len(ls) == 1 else 'lines'} {', '.join(map(str, ls))})"
                     for n, ls in sorted(lines.items())]
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            hint += f" (it also declares {listed}, unknown below)"
        message = first.message if name == "" else re.sub(r"; declare it (?:first )?with '[^']*'$", "",
                                                           first.message)
        replaced[id(first)] = dataclasses.replace(first, message=message + hint)
    return [replaced.get(id(d), d) for d in diags if id(d) not in dropped]
