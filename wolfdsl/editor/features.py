"""What an editor asks of a ``.wolf`` document, answered as plain values.

- ``diagnostics(path, overlay) -> list[Diagnostic]``: the findings of ``wolfdsl lint``
  (static checks; the E1xx/E2xx compile errors included; project ``select``/``ignore``).
- ``hover(a, line, col) -> Hover | None``: a role's, option's, builtin's … description
  and rule IDs (the text of docs/prelude.md).
- ``definition(a, line, col) -> list[Location]``: where the name is declared, across
  imports and the bundled prelude (a ``replace``d declaration: the one in force first).
- ``references(a, line, col, others) -> list[Location]``: every use of it in the
  document, its imports and the ``others`` analyses (other open documents).
- ``completion(a, line, col, line_text) -> list[Completion]``: the names in scope there.
- ``symbols(a) -> list[Symbol]``: the document's declarations (roles with their counters).

``a`` is an :class:`~wolfdsl.editor.index.Analysis`; positions are 1-based (line,
column in characters), ranges end-exclusive, files named as diagnostics name them.
"""
from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..lang import builtins as B
from ..lang import syntax as A
from .index import BINDERS, Analysis, Def, FileInfo, decl_kind
from .tokens import keywords, scan


@dataclass(frozen=True)
class Location:
    """A range in a file: 1-based, ``end_col`` exclusive."""
    file: str
    line: int
    col: int
    end_line: int
    end_col: int


@dataclass(frozen=True)
class Hover:
    """Markdown text about the name at ``where``."""
    markdown: str
    where: Location


@dataclass(frozen=True)
class Completion:
    """A name to offer: ``label``, its ``kind`` (``role``, ``builtin``, ``keyword``,
    ``local``…) and a one-line ``detail``."""
    label: str
    kind: str
    detail: str = ""


@dataclass(frozen=True)
class Symbol:
    """A declaration of the document: ``name``, ``kind``, its whole range, the range of
    its name, and the symbols inside it (a role's counters and props)."""
    name: str
    kind: str
    range: Location
    selection: Location
    children: tuple["Symbol", ...] = field(default=())


@dataclass(frozen=True)
class Target:
    """What the name under the cursor is: ``kind`` is ``decl`` (``defs`` holds its
    declarations, in force first), ``field`` (a counter, prop, property or attribute after
    a ``.``), ``local`` (``defs``: where it is bound, if found), ``action``, ``builtin``
    (a function), ``value`` (a builtin value), ``seat field`` or ``keyword``."""
    kind: str
    name: str
    defs: tuple[Def, ...] = ()
    where: Location | None = None


# -------------------------------------------------------------------- diagnostics

def diagnostics(path: str | Path, overlay: dict[str, str] | None = None, folder: Path | None = None):
    """``wolfdsl lint`` findings of one document (no games played), with the project's
    ``[tool.wolfdsl]`` select/ignore found from ``folder`` (default: the file's)."""
    from ..lint import lint_file, selected_codes
    from ..lint.settings import load_settings

    path = Path(path)
    settings, _ = load_settings(folder or path.resolve().parent)
    try:
        codes = selected_codes(settings.get("select"), settings.get("ignore"))
    except ValueError:
        codes = selected_codes()
    return lint_file(path, codes, shown=str(path), overlay=overlay)


# -------------------------------------------------------------------- what is under the cursor

SIGNIFICANT = ("role", "option", "func", "proc", "step", "status", "cause", "faction", "class", "team", "global",
               "property", "card", "decider", "win", "trigger", "replacement", "attribute", "event",
               "option value", "attribute value")

_AFTER = {"call": ("proc",), "after": ("step",), "before": ("step",), "cause": ("cause",),
          "add": ("status",), "has": ("status",), "lacks": ("status",), "log": ("event",)}


def target(a: Analysis, line: int, col: int) -> Target | None:
    """What the name at ``line:col`` of the document means (``None``: no name there)."""
    info = a.own
    i = info.token_at(line, col)
    if i is None:
        return None
    tok = info.tokens[i]
    name, prev = tok.text, info.before(i)
    where = Location(info.shown, tok.line, tok.col, tok.line, tok.end_col)
    if prev == ".":
        action = f"{info.before(i, 2)}.{name}"
        if a.bindings is not None and action in a.bindings.actions:
            return Target("action", action, where=where)
        fields = tuple(d for d in a.by_name.get(name, ()) if d.kind in ("counter", "prop", "property", "attribute"))
        if fields:
            return Target("field", name, fields, where)
        return Target("seat field", name, where=where) if name in B.SEAT_FIELDS else None
    if a.is_local(info, i) or (name == "me" and a.binding(info.shown, tok) is None and _decide_before(info, i)):
        return Target("local", name, tuple(_local_def(a, info, i)), where)
    nxt = info.tokens[i + 1].text if i + 1 < len(info.tokens) else ""
    if name in B.REGISTRY and nxt == "(":
        return Target("builtin", name, where=where)
    defs = [d for d in a.by_name.get(name, ()) if d.kind in SIGNIFICANT]
    if prev in _AFTER and any(d.kind in _AFTER[prev] for d in defs):
        defs = [d for d in defs if d.kind in _AFTER[prev]]
    elif isinstance(info.decl_at(tok.line, tok.col), A.DeckDecl):
        defs = [d for d in defs if d.kind == "role"]
    if defs:
        defs.sort(key=lambda d: ((d.file, d.line, d.col) != (info.shown, tok.line, tok.col),
                                 not d.in_force, d.kind != "role"))
        return Target("decl", name, tuple(defs), where)
    if name in B.VALUES:
        return Target("value", name, where=where)
    if name in keywords():
        return Target("keyword", name, where=where)
    return None


def _decide_before(info: FileInfo, i: int) -> int | None:
    """Index of the nearest ``decide`` before token ``i`` in its declaration."""
    d = info.decl_at(info.tokens[i].line, info.tokens[i].col)
    if d is None:
        return None
    start = info.tokens_in(d.span).start
    for j in range(i - 1, start - 1, -1):
        if info.tokens[j].text == "decide":
            return j
    return None


def _params(info: FileInfo, d: A.Decl) -> list[int]:
    """Token indices of a proc's, func's, extension's or trigger's parameters."""
    if not isinstance(d, (A.ProcDecl, A.FuncDecl, A.ExtendDecl, A.TriggerDecl)):
        return []
    idx = info.tokens_in(d.span)
    out, inside = [], False
    for j in idx:
        t = info.tokens[j].text
        if t == "(":
            inside = True
        elif t == ")" or t in ("{", "="):
            break
        elif inside and info.tokens[j].kind == "name":
            out.append(j)
    return out


def _binding_sites(info: FileInfo, d: A.Decl, upto: int) -> list[int]:
    """Token indices where a local is bound in declaration ``d`` before token ``upto``."""
    out = _params(info, d)
    for j in info.tokens_in(d.span):
        if j >= upto:
            break
        if info.tokens[j].kind == "name" and (info.before(j) in BINDERS
                                              or (info.before(j) == "," and info.before(j, 3) == "->")):
            out.append(j)
    return sorted(set(out))


def _local_def(a: Analysis, info: FileInfo, i: int) -> list[Def]:
    tok = info.tokens[i]
    d = info.decl_at(tok.line, tok.col)
    if d is None:
        return []
    if tok.text == "me":
        j = _decide_before(info, i)
    else:
        sites = [j for j in _binding_sites(info, d, i + 1) if info.tokens[j].text == tok.text]
        j = sites[-1] if sites else None
    if j is None:
        return []
    t = info.tokens[j]
    return [Def(t.text, "local", info.shown, t.line, t.col, d)]


# -------------------------------------------------------------------- definition, references

def _loc(d: Def) -> Location:
    return Location(d.file, d.line, d.col, d.line, d.end_col)


def definition(a: Analysis, line: int, col: int) -> list[Location]:
    """Where the name at ``line:col`` is declared (empty: a builtin, a keyword, nothing)."""
    t = target(a, line, col)
    if t is None:
        return []
    if t.kind == "action":
        return [_action_loc(a, t.name)]
    return [_loc(d) for d in t.defs]


def _action_loc(a: Analysis, action: str) -> Location:
    span = a.bindings.actions[action]
    info = a.files.get(span.file)
    owner, _, act = action.partition(".")
    if info is not None:
        for j in info.tokens_in(span):
            if info.tokens[j].text == (act or owner) and j > 0:
                t = info.tokens[j]
                return Location(info.shown, t.line, t.col, t.line, t.end_col)
    return Location(span.file, span.line, span.col, span.line, span.col + len("decide"))


def references(a: Analysis, line: int, col: int, include_declaration: bool = True,
               others: tuple[Analysis, ...] = ()) -> list[Location]:
    """Every use of the name at ``line:col``: in this document and its imports, and in
    the ``others`` analyses (a name declared in a shared file is used by many)."""
    t = target(a, line, col)
    if t is None or t.kind in ("builtin", "value", "seat field", "keyword"):
        return []
    found: dict[Location, None] = {}
    if t.kind == "local":
        info = a.own
        d = info.decl_at(line, col)
        for j in info.tokens_in(d.span) if d is not None else ():
            tok = info.tokens[j]
            if tok.text == t.name and tok.kind == "name" and info.before(j) != "." and a.is_local(info, j):
                found[Location(info.shown, tok.line, tok.col, tok.line, tok.end_col)] = None
        return list(found)
    decls = {_loc(d) for d in t.defs}
    if t.kind == "action":
        decls = {_action_loc(a, t.name)}
    seen_files: set[str] = set()
    for an in (a, *others):
        for info in an.files.values():
            if info.shown in seen_files:
                continue
            seen_files.add(info.shown)
            for j, tok in enumerate(info.tokens):
                if tok.kind != "name":
                    continue
                loc = Location(info.shown, tok.line, tok.col, tok.line, tok.end_col)
                if _refers(an, info, j, t) or loc in decls:
                    found[loc] = None
    if include_declaration:
        for loc in decls:
            found.setdefault(loc, None)
    else:
        for loc in decls:
            found.pop(loc, None)
    return sorted(found, key=lambda x: (x.file, x.line, x.col))


def _refers(an: Analysis, info: FileInfo, j: int, t: Target) -> bool:
    tok = info.tokens[j]
    if t.kind == "action":
        owner, _, act = t.name.partition(".")
        return (tok.text == act and info.before(j) == "." and info.before(j, 2) == owner)
    if tok.text != t.name:
        return False
    if t.kind == "field":
        return info.before(j) == "."
    return info.before(j) != "." and not an.is_local(info, j)


# -------------------------------------------------------------------- hover

@functools.lru_cache(maxsize=1)
def _value_docs() -> dict[str, str]:
    """The builtin values' descriptions: the comment beside each in builtins.py."""
    import inspect
    out = {}
    for m in re.finditer(r'^\s*"(\w+)":[^\n#]*#\s*([^\n]*)$', inspect.getsource(B), re.M):
        out[m.group(1)] = m.group(2).strip()
    return out


def _arity(b) -> str:
    lo, hi = b.arity
    n = str(lo) if lo == hi else f"{lo} to {hi}"
    return f"{n} argument{'s' if (lo, hi) != (1, 1) else ''}"


def hover(a: Analysis, line: int, col: int) -> Hover | None:
    """Markdown about the name at ``line:col``: kind, declaration, where, description
    and rule IDs; for a builtin its arity and description."""
    t = target(a, line, col)
    if t is None or t.kind == "keyword":
        return None
    if t.kind == "builtin":
        b = B.REGISTRY[t.name]
        text = f"**builtin function** `{t.name}` ({_arity(b)})\n\n{b.doc}"
        if b.random:
            text += "\n\nDraws from the game's seeded random generator."
    elif t.kind == "value":
        text = f"**builtin value** `{t.name}`" + (f"\n\n{_value_docs()[t.name]}" if t.name in _value_docs() else "")
    elif t.kind == "seat field":
        text = f"**seat field** `.{t.name}`: a field every seat has (builtin)"
    elif t.kind == "action":
        loc = _action_loc(a, t.name)
        src = a.files[loc.file].lines[loc.line - 1].strip() if loc.file in a.files else ""
        text = f"**action** `{t.name}` — {_where(loc.file, loc.line)}\n\n```wolf\n{src}\n```"
    elif t.kind == "local":
        text = f"**local** `{t.name}`"
        if t.name == "me" and t.defs:
            d = t.defs[0]
            text = f"**local** `me`: the decider of this `decide` (line {d.line})"
        elif t.defs:
            d = t.defs[0]
            text += f" — bound at line {d.line}\n\n```wolf\n{a.files[d.file].lines[d.line - 1].strip()}\n```"
    else:
        text = "\n\n---\n\n".join(_describe(a, d) for d in t.defs[:3])
    return Hover(text, t.where)


def _where(file: str, line: int) -> str:
    return f"{file.removeprefix('<bundled>/')}:{line}"


def _describe(a: Analysis, d: Def) -> str:
    from ..lang.apidoc import _source
    info = a.files[d.file]
    if d.kind in ("counter", "prop", "option value", "attribute value"):
        src = info.lines[d.line - 1].strip()
    else:
        src = _source(info.lines, d.decl)
    doc, ids = a.doc(d)
    head = f"**{d.kind}** `{d.name}` — {_where(d.file, d.line)}" + ("" if d.in_force else " (replaced)")
    out = [head, f"```wolf\n{src}\n```"]
    if d.kind == "option" and d.name in a.options:
        o = a.options[d.name]
        out.append(f"Value in force: `{_show(o.value)}`; values: {', '.join(f'`{_show(v)}`' for v in o.values)}")
    if doc:
        out.append(doc)
    if ids != "—":
        out.append(f"Rule: {ids}")
    return "\n\n".join(out)


def _show(v) -> str:
    from ..lint.context import show_value
    return show_value(v)


# -------------------------------------------------------------------- completion

_FIELD_KINDS = ("counter", "prop", "property", "attribute")


def completion(a: Analysis, line: int, col: int, line_text: str) -> list[Completion]:
    """Names that may stand at ``line:col``; ``line_text`` is the line as typed now
    (the analysis may be of an older text that parsed)."""
    head = line_text[:col - 1]
    toks = scan(head)
    if toks and (toks[-1].kind == "comment" or (toks[-1].kind == "string" and (
            len(toks[-1].text) == 1 or not toks[-1].text.endswith('"')))):
        return []  # in a comment or a string
    m = re.search(r"[A-Za-z_][A-Za-z0-9_]*$", head)
    prefix = m.group() if m else ""
    before = head[:len(head) - len(prefix)]
    out: dict[str, Completion] = {}

    def add(label, kind, detail=""):
        if label.startswith(prefix) and label not in out:
            out[label] = Completion(label, kind, detail)

    if before.endswith("."):
        owner = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\.$", before)
        if owner and a.bindings is not None:
            for act in a.bindings.actions:
                o, _, rest = act.partition(".")
                if o == owner.group(1) and rest:
                    add(rest, "action", f"action {act}")
        for d in a.defs:
            if d.kind in _FIELD_KINDS:
                add(d.name, d.kind, f"{d.kind} ({_where(d.file, d.line)})")
        for f in B.SEAT_FIELDS:
            add(f, "field", "seat field")
        return list(out.values())
    words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*|->|\S", before)
    prev = words[-1] if words else ""
    wanted = _AFTER.get(prev) or {"faction": ("faction",), "class": ("class",), "team": ("team",),
                                  "remove": ("status", "role", "step", "proc", "func", "trigger", "replacement",
                                             "win", "option", "card")}.get(prev)
    if prev in BINDERS:
        return []  # a new name
    if wanted is None and isinstance(a.own.decl_at(line, col), A.DeckDecl):
        wanted = ("role",)
    for d in a.defs:
        if d.kind in SIGNIFICANT and d.in_force and (wanted is None or d.kind in wanted):
            add(d.name, d.kind, _detail(a, d))
    if wanted is not None:
        return list(out.values())
    info = a.own
    decl = info.decl_at(line, col)
    if decl is not None:
        upto = bisect.bisect_left(info.starts, (line, col))
        for j in _binding_sites(info, decl, upto):
            add(info.tokens[j].text, "local", "local variable")
        if any(info.tokens[j].text == "decide" for j in info.tokens_in(decl.span) if j < upto):
            add("me", "local", "the decider")
    for n in B.VALUES:
        add(n, "value", _value_docs().get(n, "builtin value"))
    for n, b in B.REGISTRY.items():
        add(n, "builtin", (b.doc.splitlines() or [""])[0])
    for k in sorted(keywords()):
        add(k, "keyword")
    return list(out.values())


def _detail(a: Analysis, d: Def) -> str:
    doc, ids = a.doc(d)
    first = doc.split(". ")[0] if doc else ""
    if ids != "—" and first.startswith(ids):  # a comment that is its rule IDs, or opens with them
        first = first[len(ids):].lstrip(" :;,.—-")
    first = first[:80]
    return f"{d.kind}" + (f" · {ids}" if ids != "—" else "") + (f" · {first}" if first else "")


# -------------------------------------------------------------------- document symbols

def _label(d: A.Decl, info: FileInfo) -> str:
    name = getattr(d, "name", None)
    if isinstance(d, A.ExtendDecl):
        return f"extend {d.what} {d.name}"
    if name:
        return name
    if isinstance(d, A.DeckDecl):
        return f"deck {d.low}" + (f"..{d.high}" if d.high != d.low else "")
    return info.lines[d.span.line - 1].strip().split("{")[0].strip()[:60]


def symbols(a: Analysis) -> list[Symbol]:
    """The declarations of the document itself, in order."""
    info = a.own
    defs = {(d.line, d.col): d for d in a.defs if d.file == info.shown}
    by_decl: dict[int, list[Def]] = {}
    for d in defs.values():
        by_decl.setdefault(id(d.decl), []).append(d)
    out = []
    for d in info.module.decls:
        s = d.span
        if s is None or isinstance(d, (A.Title, A.Summary)):
            continue
        whole = Location(info.shown, s.line, s.col, s.end_line, s.end_col)
        mine = by_decl.get(id(d), [])
        own = next((x for x in mine if x.name == getattr(d, "name", None) and x.kind == decl_kind(d)), None)
        sel = _loc(own) if own else Location(info.shown, s.line, s.col, s.line, s.col + 1)
        kids = tuple(Symbol(x.name, x.kind, _loc(x), _loc(x)) for x in mine if x is not own)
        out.append(Symbol(_label(d, info), decl_kind(d) or type(d).__name__.removesuffix("Decl").lower(),
                          whole, sel, kids))
    return out
