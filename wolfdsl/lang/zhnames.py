"""A Chinese display name written where a name goes (``deck 12: werewolf*4, 预言家``):
the syntax error says which name to write instead, from the Chinese names the file and its
imports declare (``role seer "Seer" "预言家"``), as a scenario file's check does.

``named_in_chinese(err, path, folder)`` returns ``err`` (a :class:`WolfError` of reading
``path``) with ``; '预言家' is the Chinese name of the role seer: write seer`` added when
its error is such a character and the word there is a declared Chinese name; the imports
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
    found = _declared(d.span.text, path, folder).get(word)
    if found is None:
        return err
    kind, ident = found
    hint = f"; '{word}' is the Chinese name of the {kind} {ident}: write {ident}"
    message = d.message.split("; names are written", 1)[0] + hint
    return WolfError(dataclasses.replace(d, message=message))


def _declared(text: str, path: Path, folder: Path) -> dict[str, tuple[str, str]]:
    """Chinese display name -> (kind, id), of this file's declarations (read as text: it
    does not parse) and of everything it imports."""
    from .load import _import_path, modules

    out: dict[str, tuple[str, str]] = {}
    for m in _DECL.finditer(text):
        labels = re.findall(r'"([^"\n]*)"', m.group(3))
        if len(labels) > 1:
            out.setdefault(labels[1], (m.group(1), m.group(2)))
    for name in _IMPORT.findall(text):
        try:
            imported = _import_path(A.Import(path=name), path.parent, folder)
            mods = modules(imported)
        except (WolfError, OSError):  # an import that fails says so once the file parses
            continue
        for mod in mods:
            for decl in mod.decls:
                if isinstance(decl, (A.RoleDecl, A.SymbolDecl)) and len(decl.labels) > 1:
                    kind = "role" if isinstance(decl, A.RoleDecl) else decl.kind
                    out.setdefault(decl.labels[1], (kind, decl.name))
    return out
