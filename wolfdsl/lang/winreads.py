"""What the win rules read: the state whose change may make one hold (rule WIN-03).

``win_reads(program, bindings) -> frozenset[str] | None``. The engine checks the win
rules after every phase and every outer death; when none held at the last check and
nothing they read has changed since, they cannot hold now, and the check is skipped
(:meth:`wolfdsl.play.game.Game.check_win`). The answer is derived from the rules, never
assumed: the win conditions are walked, with the funcs they call and the properties they
read, and each read is one of

- ``"alive"``: who lives (``alive``, ``dead``, ``x.alive``, ``x.cause``, ``living(...)``…);
- ``"fields"``: a seat's ``role``, ``faction``, ``class`` or ``team``;
- ``"status"``: a ``has``/``lacks`` test;
- ``"counter:NAME"``: a counter, property or attribute ``NAME`` of a seat;
- ``"global:NAME"``: the global variable ``NAME``.

Anything else — the day or phase, a decision taken, a random draw, an agent's beliefs,
a claim, a node this module does not know — makes the answer ``None``: the win rules
are checked every time, as the rules say. Options, symbols, constants, the deck and the
pure builtins (``count``, ``empty``, ``circle``…) change nothing.
"""
from __future__ import annotations

from . import syntax as A

STATE_VALUES = {"alive": "alive", "dead": "alive"}
"""Builtin values that change during a game, and what they read."""
FIXED_VALUES = frozenset({"players", "yes", "no", "true", "false", "none", "extra_cards", "deck", "cards"})
"""Builtin values that do not change while a game runs."""
FIELD_READS = {"seat": None, "alive": "alive", "cause": "alive", "death_day": "alive", "death_phase": "alive",
               "role": "fields", "faction": "fields", "class": "fields", "team": "fields"}
"""Seat fields and what they read (``None``: nothing that changes)."""
PURE_BUILTINS = frozenset({"count", "empty", "any", "the", "first", "last", "circle", "circle_from", "min", "max",
                           "sum", "voted_for", "ballot_of", "faction_of", "class_of", "take", "drop", "floor",
                           "reverse", "holder", "living", "members", "neighbours", "died", "roles_of"})
"""Builtins whose value depends on their arguments and on the state their ``reads``
name (``role``, ``team``, ``alive``) alone; any other builtin makes the reads unknown."""
_BUILTIN_READS = {"role": "fields", "team": "fields", "alive": "alive"}


class Unknown(Exception):
    """A win rule reads something this analysis does not track."""


def win_reads(program, bindings) -> frozenset[str] | None:
    """What the win rules of ``program`` read (see the module docstring), or ``None``
    when that cannot be known from the rules."""
    reads: set[str] = set()
    seen: set = set()
    try:
        for w in program.of_kind("win"):
            _expr(w.when, program, bindings, reads, seen)
    except Unknown:
        return None
    return frozenset(reads)


def _expr(e, program, bindings, reads: set, seen: set) -> None:
    if e is None:
        return
    for n in A.walk(e):
        if isinstance(n, (A.Num, A.Str, A.ListExpr, A.Comprehension, A.BoolOp, A.Not, A.Neg, A.IfExpr)):
            continue
        bd = bindings.of.get(id(n))
        if isinstance(n, A.Name):
            _name(bd, reads)
        elif isinstance(n, A.Attr):
            if bd is None:
                raise Unknown(n)
            if bd.kind == "field":
                what = FIELD_READS.get(n.name, "?")
                if what == "?":
                    raise Unknown(n)
                if what is not None:
                    reads.add(what)
            else:  # a counter, property or attribute: its own writes, and a property's expression
                reads.add(f"counter:{n.name}")
                _property(n.name, program, bindings, reads, seen)
        elif isinstance(n, A.BinOp):
            if n.op in ("has", "lacks"):
                reads.add("status")
        elif isinstance(n, A.Call):
            _call(n, bd, program, bindings, reads, seen)
        else:  # decided(...), or a node added after this module was written
            raise Unknown(n)


def _name(bd, reads: set) -> None:
    kind = getattr(bd, "kind", None)
    if kind in ("local", "option", "symbol"):
        return
    if kind == "global":
        reads.add(f"global:{bd.name}")
    elif kind == "value" and bd.name in STATE_VALUES:
        reads.add(STATE_VALUES[bd.name])
    elif not (kind == "value" and bd.name in FIXED_VALUES):
        raise Unknown(bd)


def _call(n: A.Call, bd, program, bindings, reads: set, seen: set) -> None:
    kind = getattr(bd, "kind", None)
    if kind == "builtin":
        b = bd.value
        if b.random or b.name not in PURE_BUILTINS:
            raise Unknown(n)
        for r in b.reads:
            reads.add(_BUILTIN_READS.get(r) or _unknown(n))
        return
    f = program.named("func").get(n.name)
    if f is None:
        raise Unknown(n)
    if ("func", n.name) not in seen:
        seen.add(("func", n.name))
        _expr(f.expr, program, bindings, reads, seen)


def _property(name: str, program, bindings, reads: set, seen: set) -> None:
    if ("property", name) in seen:
        return
    seen.add(("property", name))
    decl = program.properties.get(name)
    if decl is not None:
        _expr(decl.expr, program, bindings, reads, seen)
    for r in program.of_kind("role"):
        for n, e in r.props:
            if n == name:
                _expr(e, program, bindings, reads, seen)


def _unknown(n):
    raise Unknown(n)
