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
- ``("members", team)``: the value lists every member of ``team``;
- ``("member", team)``: the value is a seat of ``team`` (``pick(members(werewolves))``,
  ``first``/``last`` of it: one attacker a watchman saw);
- ``("test", seat_field, props, value, yes, no)``: the value is ``yes`` when property
  ``props[i]`` of the seat in ``seat_field`` is the symbol ``value``, ``no`` when it is
  not (``if t.faction == werewolves then "wolf" else "good"``);
- ``("either", seat_field, meanings)``: records of the same fields told by several
  ``tell`` statements, each a fact about the seat in ``seat_field`` (``prop`` or
  ``test``), or each a list of the seats that have a card (``members``, ``those``;
  ``seat_field`` ``None``): the record states one of them (the bots take what every
  reading its value fits allows);
- ``("those", props, value, source)``: the value lists the seats of ``source``
  (``alive`` or ``players``) whose property is ``value`` (``[p in alive where p.faction
  == werewolves]``): those listed have it, the others of ``source`` do not;
- ``("some", seats_field, props, value, how)``: how many seats of the list in
  ``seats_field`` have property ``props[i]`` equal to the symbol ``value``, as ``how``
  says: ``"any"`` (``any([x in ts where x.faction == werewolves])``: true when one has at
  least), ``"count"`` (``count([...])``: the number), ``"empty"`` (``empty([...])``:
  true when none has). The list must be a field of the same record too (``seats: ts``):
  what a seat reads is the record.
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


_LITERALS = (A.Str, A.Num)


def _equals(cond: A.Expr, var: A.Expr, lets: dict[str, A.Expr]) -> tuple[str, str, bool] | None:
    """``(property, symbol, equal)`` when ``cond`` is ``var.P == V`` (or ``!=``, or the
    sides swapped) with ``V`` a symbol; else ``None``."""
    if not (isinstance(cond, A.BinOp) and cond.op in ("==", "!=")):
        return None
    for attr, value in ((cond.left, cond.right), (cond.right, cond.left)):
        if isinstance(attr, A.Attr) and _same(_through(attr.obj, lets), var) and isinstance(value, A.Name) \
                and not _same(value, var):
            return attr.name, value.id, cond.op == "=="
    return None


def _test(e: A.Expr, fields: tuple[A.Field, ...], lets: dict[str, A.Expr]) -> tuple | None:
    """``("test", …)`` (see the module) for ``if S.P == V then A else B``, ``S`` another
    field of the record and ``A``, ``B`` two different literals; else ``None``."""
    if not (isinstance(e, A.IfExpr) and len(e.branches) == 1):
        return None
    (cond, yes), no = e.branches[0], e.otherwise
    if not (isinstance(yes, _LITERALS) and isinstance(no, _LITERALS)) or yes.value == no.value:
        return None
    for g in fields:
        seat = _through(g.expr, lets)
        if isinstance(seat, A.Name):
            found = _equals(cond, seat, lets)
            if found is not None:
                prop, value, equal = found
                return ("test", g.name, (prop,), value, yes.value if equal else no.value,
                        no.value if equal else yes.value)
    return None


def _those(e: A.Expr, lets: dict[str, A.Expr]) -> tuple | None:
    """``("those", …)`` (see the module) for ``[x in alive where x.P == V]``; else ``None``."""
    if not isinstance(e, A.Comprehension):
        return None
    source = _through(e.source, lets)
    if not (isinstance(source, A.Name) and source.id in ("alive", "players")):
        return None
    found = _equals(e.cond, A.Name(id=e.var), lets)
    if found is None or not found[2]:
        return None
    return ("those", (found[0],), found[1], source.id)


_ONE_OF = frozenset({"pick", "first", "last"})
"""Builtins that give one seat of a list."""


def _one_member(e: A.Expr, teams: set[str], lets: dict[str, A.Expr]) -> str | None:
    """The team ``e`` gives one member of (``pick(members(werewolves))``), or ``None``."""
    if isinstance(e, A.Call) and e.name in _ONE_OF and len(e.args) == 1:
        inner = _through(e.args[0], lets)
        if isinstance(inner, A.Call) and inner.name == "members" and len(inner.args) == 1 \
                and isinstance(inner.args[0], A.Name) and inner.args[0].id in teams:
            return inner.args[0].id
    return None


_SOME = {"any": "any", "count": "count", "empty": "empty"}
"""Builtins over a list of seats that :func:`_some` reads, by what the value says."""


def _some(e: A.Expr, fields: tuple[A.Field, ...], lets: dict[str, A.Expr]) -> tuple | None:
    """``("some", seats_field, props, value, how)`` when ``e`` is ``any``, ``count`` or
    ``empty`` of ``[x in L where x.P == V]`` (or ``V == x.P``) with ``L`` another field
    of the record and ``V`` a symbol; else ``None``."""
    if not (isinstance(e, A.Call) and e.name in _SOME and len(e.args) == 1):
        return None
    comp = _through(e.args[0], lets)
    if not isinstance(comp, A.Comprehension):
        return None
    found = _equals(comp.cond, A.Name(id=comp.var), lets)
    if found is None or not found[2]:
        return None
    for g in fields:
        if _same(_through(g.expr, lets), _through(comp.source, lets)) or g.expr == comp.source:
            return ("some", g.name, (found[0],), found[1], _SOME[e.name])
    return None


def _meaning(fields: tuple[A.Field, ...], teams: set[str], lets: dict[str, A.Expr]) -> dict[str, tuple]:
    out: dict[str, tuple] = {}
    for f in fields:
        e = _through(f.expr, lets)
        some = _some(e, fields, lets) or _test(e, fields, lets) or _those(e, lets)
        if some is not None:
            out[f.name] = some
            continue
        if isinstance(e, A.Call) and e.name == "members" and len(e.args) == 1 \
                and isinstance(e.args[0], A.Name) and e.args[0].id in teams:
            out[f.name] = ("members", e.args[0].id)
            continue
        team = _one_member(e, teams, lets)
        if team is not None:
            out[f.name] = ("member", team)
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
            old = known.get(name, m)
            if old[0] == m[0] == "prop" and old[1] == m[1]:
                m = ("prop", m[1], tuple(dict.fromkeys(old[2] + m[2])))
            elif old != m and (_kind(old) in _SEAT_FACTS and _kind(m) in _SEAT_FACTS and old[1] == m[1]
                               or _kind(old) in _LIST_FACTS and _kind(m) in _LIST_FACTS):
                # two tells of one shape say a card two ways (a seer's `appears`, a
                # gravekeeper's "wolf"/"good"; a team's members, the living wolves): a
                # record is either; the bots take what every reading its value fits allows
                m = ("either", m[1] if _kind(m) in _SEAT_FACTS else None,
                     tuple(dict.fromkeys(_readings(old) + _readings(m))))
            elif old != m:
                m = ("unknown",)  # two meanings that do not combine: none is sure
            known[name] = m
    return {k: {f: m for f, m in v.items() if m[0] != "unknown"} for k, v in out.items()}


_SEAT_FACTS = frozenset({"prop", "test"})
"""Meanings that state one fact about the seat in a field of the record."""
_LIST_FACTS = frozenset({"members", "those"})
"""Meanings whose value lists the seats that have a card (the others have not)."""


def _readings(m: tuple) -> tuple:
    """The meanings an ``either`` meaning stands for (``m`` itself for another)."""
    return m[2] if m[0] == "either" else (m,)


def _kind(m: tuple) -> str:
    """``prop``/``test``/``members``/... of ``m``, and of an ``either``'s readings."""
    return _kind(m[2][0]) if m[0] == "either" else m[0]


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
