"""A Chinese display name written where a name goes (``deck 12: werewolf*4, 预言家``):
the syntax error says which name to write instead, from the Chinese names the file and its
imports declare (``role seer "Seer" "预言家"``), as a scenario file's check does.

``named_in_chinese(err, path, folder)`` returns ``err`` (a :class:`WolfError` of reading
``path``) with ``; '预言家' is the Chinese name of the role seer: write seer`` added when
its error is such a character and the word there is a declared Chinese name (:func:`hint`:
in a deck, the role of that name, or the roles of a faction of that name); the imports
are read as a load would (``folder``: the folder they may come from), any failure
leaving ``err`` as it was.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from ..diagnostics import WolfError
from . import syntax as A

_WORD = re.compile(r'[^\s,*:;=(){}\[\]"<>+\-/]+')
_DECL = re.compile(r'^\s*(?:replace\s+)?(role|faction|class|team|status|cause|card)\s+([A-Za-z_]\w*)((?:\s+"[^"\n]*")*)',
                   re.M)
_IMPORT = re.compile(r'^\s*import\s+"([^"\n]+)"', re.M)


_DECK = re.compile(r"^\s*deck\b")


def named_in_chinese(err: WolfError, path: Path, folder: Path) -> WolfError:
    d = err.diagnostics[0] if len(err.diagnostics) == 1 else None
    if d is None or d.code != "E101" or d.span is None or not d.span.text \
            or not d.message.startswith("unexpected character"):
        return err
    line = d.span.text.splitlines()[d.span.line - 1]
    m = _WORD.match(line, d.span.col - 1)
    if m is None or m.group().isascii():
        return err
    word = m.group()
    names, factions = _declared(d.span.text, path, folder)
    found = names.get(word)
    if not found:
        return err
    wanted = _in_deck(d.span.text.splitlines(), d.span.line - 1)
    message = d.message.split("; names are written", 1)[0] + "; " + hint(word, found, factions, role_wanted=wanted)
    return WolfError(dataclasses.replace(d, message=message))


def _in_deck(lines: list[str], i: int) -> bool:
    """Whether line ``i`` (from 0) is a ``deck`` line, or goes on one over lines that end
    with a comma."""
    while True:
        if _DECK.match(lines[i]):
            return True
        if i == 0 or not lines[i - 1].split("#", 1)[0].rstrip().endswith((",", ":")):
            return False
        i -= 1


def hint(word: str, found: list[tuple[str, str]], factions: dict[str, list[str]], role_wanted: bool) -> str:
    """What to write instead of the Chinese name ``word``, which the declarations ``found``
    (``(kind, id)`` pairs, in the order declared) carry. Where a role is wanted (a deck),
    the role of that name: ``'狼人' is the Chinese name of the role werewolf: write
    werewolf``; a faction's name there is no role: its roles (``factions``: faction id ->
    role ids) are named. Elsewhere the one declaration, or each of several:
    ``… of the role werewolf, the faction werewolves and the team werewolves: write
    werewolf for the role, werewolves for the faction or the team``."""
    roles = [ident for kind, ident in found if kind == "role"]
    if role_wanted and roles:
        return f"'{word}' is the Chinese name of the role {roles[0]}: write {roles[0]}"
    if role_wanted:
        kind, ident = found[0]
        members = factions.get(ident, []) if kind == "faction" else []
        where = (f"; the roles of the faction {ident} are {', '.join(members)}" if members
                 else "; write the id of a role")
        return f"'{word}' is the Chinese name of the {kind} {ident}, not a role: a deck deals roles{where}"
    if len(found) == 1:
        kind, ident = found[0]
        members = factions.get(ident, []) if kind == "faction" else []
        roles_of = f" (its roles: {', '.join(members)})" if members else ""
        return f"'{word}' is the Chinese name of the {kind} {ident}{roles_of}: write {ident}"
    said = [f"the {kind} {ident}" for kind, ident in found]
    by_id: dict[str, list[str]] = {}
    for kind, ident in found:
        by_id.setdefault(ident, []).append(kind)
    write = [f"{ident} for the {' or the '.join(kinds)}" for ident, kinds in by_id.items()]
    return (f"'{word}' is the Chinese name of {', '.join(said[:-1])} and {said[-1]}: "
            f"write {', '.join(write)}")


def _declared(text: str, path: Path, folder: Path) -> tuple[dict[str, list[tuple[str, str]]], dict[str, list[str]]]:
    """Chinese display name -> its declarations' ``(kind, id)`` pairs (the order declared,
    roles first), of this file's declarations (read as text: it does not parse) and of
    everything it imports; and faction id -> the ids of the imported roles of that faction."""
    from .load import _import_path, modules

    found: list[tuple[str, str, str]] = []
    factions: dict[str, list[str]] = {}
    for m in _DECL.finditer(text):
        labels = re.findall(r'"([^"\n]*)"', m.group(3))
        if len(labels) > 1:
            found.append((labels[1], m.group(1), m.group(2)))
    for name in _IMPORT.findall(text):
        try:
            imported = _import_path(A.Import(path=name), path.parent, folder)
            mods = modules(imported)
        except (WolfError, OSError):  # an import that fails says so once the file parses
            continue
        for mod in mods:
            for decl in mod.decls:
                if isinstance(decl, A.RoleDecl) and isinstance(decl.faction, A.Name):
                    members = factions.setdefault(decl.faction.id, [])
                    if decl.name not in members:
                        members.append(decl.name)
                if isinstance(decl, (A.RoleDecl, A.SymbolDecl)) and len(decl.labels) > 1:
                    kind = "role" if isinstance(decl, A.RoleDecl) else decl.kind
                    found.append((decl.labels[1], kind, decl.name))
    out: dict[str, list[tuple[str, str]]] = {}
    for word, kind, ident in found:
        pairs = out.setdefault(word, [])
        if (kind, ident) not in pairs:
            pairs.append((kind, ident))
    for pairs in out.values():
        pairs.sort(key=lambda p: p[0] != "role")
    return out, factions
