"""What a ``tell`` reveals, read from the ruleset's statements (for the bots' beliefs).

A ``tell`` sends a seat a record of fields. Some fields are a seat's property
(``tell me { seat: t, result: t.appears }``: ``result`` is the ``appears`` of the seat in
``seat``) or a team's members (``tell w { wolves: members(werewolves) }``). This module
finds those shapes statically, so an agent that receives the record (or hears a
``claim`` that repeats one) knows what fact it states, with no role named in Python.

:func:`told_facts` gives, keyed by the record's field names, each revealing field's
meaning:

- ``("prop", seat_field, props)``: the value is property ``props[i]`` of the seat in
  ``seat_field`` (several when a conditional picks one: ``if o then t.role else t.appears``;
  the value tells which, since each property has its own values);
- ``("members", team)``: the value lists every member of ``team``.
"""
from __future__ import annotations

from . import syntax as A


def _same(a: A.Expr, b: A.Expr) -> bool:
    """Two expressions that name the same variable (``t`` and ``t``)."""
    return isinstance(a, A.Name) and isinstance(b, A.Name) and a.id == b.id


def _lets(decl) -> dict[str, A.Expr]:
    """The variables of a declaration bound once by ``let`` and never assigned again nor
    reused as a loop variable: name -> the expression bound (``let r = t``)."""
    bound: dict[str, A.Expr] = {}
    dropped: set[str] = set()
    for n in A.walk(decl):
        if isinstance(n, A.Let):
            if n.name in bound:
                dropped.add(n.name)
            bound[n.name] = n.expr
        elif isinstance(n, A.Assign) and n.attr is None:
            dropped.add(n.name)
        elif isinstance(n, A.For):
            dropped.add(n.var)
    return {k: v for k, v in bound.items() if k not in dropped}


def _through(e: A.Expr, lets: dict[str, A.Expr], depth: int = 8) -> A.Expr:
    """``e`` with a ``let`` variable replaced by what it was bound to (``r`` -> ``t``)."""
    while depth and isinstance(e, A.Name) and e.id in lets:
        e, depth = lets[e.id], depth - 1
    return e


def _props(e: A.Expr, seat: A.Expr, lets: dict[str, A.Expr]) -> tuple[str, ...]:
    """The properties of ``seat`` that ``e`` may be (``t.appears``, a conditional of them),
    following ``let`` variables (``let r = t`` ... ``r.appears``)."""
    e = _through(e, lets)
    if isinstance(e, A.Attr) and _same(_through(e.obj, lets), _through(seat, lets)):
        return (e.name,)
    if isinstance(e, A.IfExpr):
        out: list[str] = []
        for _, branch in e.branches:
            out += _props(branch, seat, lets)
        out += _props(e.otherwise, seat, lets)
        return tuple(dict.fromkeys(out))
    return ()


def _meaning(fields: tuple[A.Field, ...], teams: set[str], lets: dict[str, A.Expr]) -> dict[str, tuple]:
    out: dict[str, tuple] = {}
    for f in fields:
        e = _through(f.expr, lets)
        if isinstance(e, A.Call) and e.name == "members" and len(e.args) == 1 \
                and isinstance(e.args[0], A.Name) and e.args[0].id in teams:
            out[f.name] = ("members", e.args[0].id)
            continue
        for g in fields:
            if g is f:
                continue
            props = _props(e, g.expr, lets)
            if props:
                out[f.name] = ("prop", g.name, props)
                break
    return out


def told_facts(program) -> dict[frozenset, dict[str, tuple]]:
    """``{frozenset(field names): {field: meaning}}`` for every ``tell`` statement and
    ``tell`` clause of ``program`` (a :class:`wolfdsl.lang.link.Program`) that reveals a
    fact; records with the same field names merge their meanings."""
    teams = set(program.symbols.get("team", {}))
    out: dict[frozenset, dict[str, tuple]] = {}
    for fields, lets in _records(program):
        meaning = _meaning(fields, teams, lets)
        if not meaning:
            continue
        known = out.setdefault(frozenset(f.name for f in fields), {})
        for name, m in meaning.items():
            old = known.get(name)
            if old is not None and old[0] == m[0] == "prop" and old[1] == m[1]:
                m = ("prop", m[1], tuple(dict.fromkeys(old[2] + m[2])))
            known[name] = m
    return out


def _records(program):
    """``(fields, lets)`` of every ``tell`` statement and decision's ``tell`` clause of
    ``program``, with the ``let`` variables of its declaration (:func:`_lets`)."""
    for key in program.order:
        lets = _lets(program.decls[key])
        for node in A.walk(program.decls[key]):
            fields = node.fields if isinstance(node, A.Tell) else node.tell if isinstance(node, A.Decide) else None
            if fields:
                yield fields, lets


_NUMBER_CALLS = frozenset({"count", "sum", "floor"})
"""Builtins that always give a number."""
_ARITHMETIC = frozenset({"+", "-", "*", "/", "%"})


def _numeric(e: A.Expr, lets: dict[str, A.Expr], counters: frozenset, depth: int = 8) -> bool:
    """Whether ``e`` is surely a number, not a seat: a number literal, ``count``, ``sum``
    or ``floor`` of something, a counter of a seat (``me.oil``), arithmetic with such a
    part (``count(x) - 1``), or a conditional all of whose branches are."""
    e = _through(e, lets)
    if depth <= 0:
        return False
    if isinstance(e, A.Num):
        return True
    if isinstance(e, A.Neg):
        return _numeric(e.operand, lets, counters, depth - 1)
    if isinstance(e, A.Call):
        return e.name in _NUMBER_CALLS
    if isinstance(e, A.Attr):
        return e.name in counters
    if isinstance(e, A.BinOp):
        return e.op in _ARITHMETIC and (_numeric(e.left, lets, counters, depth - 1)
                                         or _numeric(e.right, lets, counters, depth - 1))
    if isinstance(e, A.IfExpr):
        return all(_numeric(b, lets, counters, depth - 1) for _, b in e.branches) \
            and _numeric(e.otherwise, lets, counters, depth - 1)
    return False


def number_fields(program) -> dict[frozenset, frozenset]:
    """``{frozenset(field names): the fields that hold a number}`` for every ``tell``
    statement and clause of ``program`` with such a field (:func:`_numeric`: ``tell w {
    wolves_alive: count(members(werewolves)) }``), so that the narration shows ``wolves
    alive 4``, not the seat ``4号``; a whole number elsewhere in a record is a seat.
    Records with the same field names merge."""
    counters = frozenset(name for d in program.of_kind("role") for name, _ in d.counters)
    out: dict[frozenset, set[str]] = {}
    for fields, lets in _records(program):
        numbers = {f.name for f in fields if _numeric(f.expr, lets, counters)}
        if numbers:
            out.setdefault(frozenset(f.name for f in fields), set()).update(numbers)
    return {k: frozenset(v) for k, v in out.items()}
