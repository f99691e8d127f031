"""What a condition comes to before any game is played: the options in force and the
day number decide some conditions (``when night_order == order_c``, ``when day == 1``);
the rest depend on the game.

``evaluate(expr, bindings, day, known)`` gives the value, or :data:`UNKNOWN` when the
game state decides it (``known``: what holds in every game beyond the options, a
:class:`Known` from :func:`wolfdsl.lang.reach.reach`); ``options_read(expr, bindings)``
names the options it reads;
``source_text(span)`` quotes an expression as the ruleset writes it. ``wolfdsl show``
and ``wolfdsl script`` use them to tell which steps run on which night.
"""
from __future__ import annotations

import operator
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Span
from . import syntax as A
from .symbols import Bindings

UNKNOWN: Any = type("Unknown", (), {"__repr__": lambda self: "UNKNOWN"})()
"""The value of a condition that only a running game decides."""

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
            "<=": operator.le, ">=": operator.ge}
_CONSTANTS = {"yes": True, "true": True, "no": False, "false": False, "none": None}


@dataclass(frozen=True)
class Known:
    """What holds in every game with the options in force, beyond the options
    themselves: ``fixed`` maps a global to the one value it can have (``sheriff``:
    ``None`` in a game without a sheriff election); ``absent``: the statuses nobody can
    have (``lover`` at a table without Cupid); ``fields``: the values a seat's field can
    hold, where they are known (``faction``: no ``lovers`` without Cupid; ``partner``:
    only ``None``; ``cause``: only the causes a rule able to run kills with); ``values``:
    the builtin values the table fixes (``extra_cards``: ``[]`` where the deck leaves no
    card face down)."""
    fixed: Mapping[str, Any] = field(default_factory=dict)
    absent: frozenset[str] = frozenset()
    fields: Mapping[str, frozenset] = field(default_factory=dict)
    values: Mapping[str, Any] = field(default_factory=dict)

    def field_of(self, e: A.Expr, b: Bindings) -> frozenset | None:
        """The values ``e`` can hold when it is a field of a seat (``p.faction``) whose
        values are known, else ``None``."""
        if isinstance(e, A.Attr) and id(e.obj) in b.seats:
            return self.fields.get(e.name)
        return None


def evaluate(e: A.Expr | None, b: Bindings, day: int | None = None, known: Known | None = None,
             _depth: int = 0) -> Any:
    """The value of ``e`` with the options in force on day (night) ``day``, or
    :data:`UNKNOWN`. ``and``/``or`` are decided by any operand that decides them. With
    ``known``, a fixed global has its value, a list the table leaves empty has no item
    (``count``, ``any``, ``in``, a comprehension over it), ``p has S`` is false for an absent status
    and a seat's field holds only its known values (``any([p in alive where p.faction ==
    lovers])`` is false without Cupid); a seat is never ``none`` (``p == sheriff`` is
    false while the sheriff is fixed at ``none``); a func's call is its expression's
    value, its parameters unknown."""
    if e is None:
        return UNKNOWN
    if isinstance(e, (A.Num, A.Str)):
        return e.value
    if isinstance(e, A.Name):
        bd = b.of.get(id(e))
        if bd is None:
            return UNKNOWN
        if bd.kind == "option":
            return bd.value
        if bd.kind == "symbol":
            return bd.name
        if bd.kind == "global":
            return UNKNOWN if known is None else known.fixed.get(e.id, UNKNOWN)
        if bd.kind == "value":
            if known is not None and e.id in known.values:
                return known.values[e.id]
            if e.id == "day":
                return UNKNOWN if day is None else day
            return _CONSTANTS.get(e.id, UNKNOWN)
        return UNKNOWN
    if isinstance(e, A.Not):
        v = evaluate(e.operand, b, day, known, _depth)
        return UNKNOWN if v is UNKNOWN else not v
    if isinstance(e, A.BoolOp):
        return _bool(e, b, day, known, _depth)
    if isinstance(e, A.BinOp) and e.op in ("has", "lacks") and known is not None \
            and isinstance(e.right, A.Name) and e.right.id in known.absent \
            and getattr(b.of.get(id(e.right)), "kind", None) == "symbol":
        return e.op == "lacks"
    if isinstance(e, A.BinOp) and e.op in ("in", "not in"):
        items = evaluate(e.right, b, day, known, _depth)
        if isinstance(items, list) and not items:
            return e.op == "not in"  # nothing is in an empty list
        return UNKNOWN
    if isinstance(e, A.Comprehension):
        items = evaluate(e.source, b, day, known, _depth)
        return [] if isinstance(items, list) and not items else UNKNOWN
    if isinstance(e, A.Call) and e.name in ("count", "any", "empty") and len(e.args) == 1 \
            and getattr(b.of.get(id(e)), "kind", None) == "builtin":
        items = evaluate(e.args[0], b, day, known, _depth)
        if isinstance(items, list) and not items:
            return {"count": 0, "any": False, "empty": True}[e.name]
    if isinstance(e, A.BinOp) and e.op in _COMPARE:
        left, right = evaluate(e.left, b, day, known, _depth), evaluate(e.right, b, day, known, _depth)
        if e.op in ("==", "!=") and None in (left, right) and (id(e.left) in b.seats or id(e.right) in b.seats):
            return e.op == "!="  # a seat is never none
        if e.op in ("==", "!=") and known is not None:
            for side, other in ((e.left, right), (e.right, left)):
                held = known.field_of(side, b)
                if held is not None and other is not UNKNOWN and other not in held:
                    return e.op == "!="  # a value the field never holds
        if left is UNKNOWN or right is UNKNOWN:
            return UNKNOWN
        try:
            return _COMPARE[e.op](left, right)
        except TypeError:
            return UNKNOWN
    if isinstance(e, A.IfExpr):
        for cond, value in e.branches:
            c = evaluate(cond, b, day, known, _depth)
            if c is UNKNOWN:
                return UNKNOWN
            if c:
                return evaluate(value, b, day, known, _depth)
        return evaluate(e.otherwise, b, day, known, _depth)
    if isinstance(e, A.Attr) and known is not None:
        held = known.field_of(e, b)
        return next(iter(held)) if held is not None and len(held) == 1 else UNKNOWN
    if isinstance(e, A.Call) and e.name in ("any", "empty") and len(e.args) == 1 \
            and isinstance(e.args[0], A.Comprehension) and getattr(b.of.get(id(e)), "kind", None) == "builtin" \
            and evaluate(e.args[0].cond, b, day, known, _depth) is False:
        return e.name == "empty"  # no item can qualify
    if isinstance(e, A.Call) and _depth < _FUNC_DEPTH:
        bd = b.of.get(id(e))
        func = b.program.decls.get(("func", e.name)) if bd is not None and bd.kind == "func" else None
        if func is not None:
            return evaluate(func.expr, b, day, known, _depth + 1)
    return UNKNOWN


_FUNC_DEPTH = 8
"""How deep :func:`evaluate` follows funcs that call funcs (a recursive one: unknown)."""


def _bool(e: A.BoolOp, b: Bindings, day: int | None, known: Known | None, depth: int) -> Any:
    decisive = e.op == "or"  # the value that settles it: True for or, False for and
    unknown = False
    for item in e.items:
        v = evaluate(item, b, day, known, depth)
        if v is UNKNOWN:
            unknown = True
        elif bool(v) == decisive:
            return decisive
    return UNKNOWN if unknown else not decisive


def options_read(e: A.Node | None, b: Bindings) -> list[str]:
    """The options an expression names directly, in order of first use."""
    seen: list[str] = []
    for n in A.walk(e) if e is not None else ():
        if isinstance(n, A.Name):
            bd = b.of.get(id(n))
            if bd is not None and bd.kind == "option" and n.id not in seen:
                seen.append(n.id)
    return seen


_CODE = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\s+|[^"#\s]+')
"""A ruleset's text in pieces: a string (the grammar's ``STRING``), a ``#`` comment,
blanks, anything else."""


def source_text(span: Span | None) -> str:
    """The source text of a span as one line: its lines joined, ``#`` comments left out
    and blanks made single spaces, strings as written ('' if unknown). A ``when`` written
    over two lines with a comment (``when alarm  # raised by day`` / ``and day > 1``)
    reads ``alarm and day > 1``, not as if the comment went on."""
    if span is None or span.text is None:
        return ""
    lines = span.text.splitlines()[span.line - 1:span.end_line or span.line]
    if not lines:
        return ""
    if len(lines) == 1:
        lines[0] = lines[0][span.col - 1:span.end_col - 1]
    else:
        lines[0] = lines[0][span.col - 1:]
        lines[-1] = lines[-1][:span.end_col - 1]
    out: list[str] = []
    for piece in (m.group() for line in lines for m in _CODE.finditer(line + "\n")):
        blank = piece.isspace() or piece.startswith("#")
        if not blank:
            out.append(piece)
        elif out and out[-1] != " ":
            out.append(" ")
    return "".join(out).strip()
