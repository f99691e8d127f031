"""What a condition comes to before any game is played: the options in force and the
day number decide some conditions (``when night_order == order_c``, ``when day == 1``);
the rest depend on the game.

``evaluate(expr, bindings, day)`` gives the value, or :data:`UNKNOWN` when the game
state decides it; ``options_read(expr, bindings)`` names the options it reads;
``source_text(span)`` quotes an expression as the ruleset writes it. ``wolfdsl show``
and ``wolfdsl script`` use them to tell which steps run on which night.
"""
from __future__ import annotations

import operator
from typing import Any

from ..diagnostics import Span
from . import syntax as A
from .symbols import Bindings

UNKNOWN: Any = type("Unknown", (), {"__repr__": lambda self: "UNKNOWN"})()
"""The value of a condition that only a running game decides."""

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
            "<=": operator.le, ">=": operator.ge}
_CONSTANTS = {"yes": True, "true": True, "no": False, "false": False, "none": None}


def evaluate(e: A.Expr | None, b: Bindings, day: int | None = None) -> Any:
    """The value of ``e`` with the options in force on day (night) ``day``, or
    :data:`UNKNOWN`. ``and``/``or`` are decided by any operand that decides them."""
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
        if bd.kind == "value":
            if e.id == "day":
                return UNKNOWN if day is None else day
            return _CONSTANTS.get(e.id, UNKNOWN)
        return UNKNOWN
    if isinstance(e, A.Not):
        v = evaluate(e.operand, b, day)
        return UNKNOWN if v is UNKNOWN else not v
    if isinstance(e, A.BoolOp):
        return _bool(e, b, day)
    if isinstance(e, A.BinOp) and e.op in _COMPARE:
        left, right = evaluate(e.left, b, day), evaluate(e.right, b, day)
        if left is UNKNOWN or right is UNKNOWN:
            return UNKNOWN
        try:
            return _COMPARE[e.op](left, right)
        except TypeError:
            return UNKNOWN
    if isinstance(e, A.IfExpr):
        for cond, value in e.branches:
            c = evaluate(cond, b, day)
            if c is UNKNOWN:
                return UNKNOWN
            if c:
                return evaluate(value, b, day)
        return evaluate(e.otherwise, b, day)
    return UNKNOWN


def _bool(e: A.BoolOp, b: Bindings, day: int | None) -> Any:
    decisive = e.op == "or"  # the value that settles it: True for or, False for and
    unknown = False
    for item in e.items:
        v = evaluate(item, b, day)
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


def source_text(span: Span | None) -> str:
    """The source text of a span, its lines joined by single spaces ('' if unknown)."""
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
    return " ".join(line.strip() for line in lines if line.strip())
