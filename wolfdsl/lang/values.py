"""What the language's operators do to values (the semantics, not the compiler).

Values: a seat is an ``int`` from 1; a symbol (role, faction, status...) is a ``str``;
lists are Python lists; ``none`` is ``None``; numbers are ``int`` or ``float``; ``/``
is true division. Comparisons with ``none`` are false (``none < 3`` is false, so is
``3 < none``) rather than errors; arithmetic on ``none`` is an error (E401 at run time),
and so is going over it as a list (``[x in none where …]``, ``x in none``, ``count(none)``,
``for p in none``: a passed decision is no empty list).
``+`` on a list appends (a list or one item), ``-`` removes every occurrence.

A value of the wrong kind raises :class:`WrongValue`, whose message names the operation
and the value that was wrong (``none + 1``: ``none`` has no arithmetic); the compiler
places it at the rule's line as an E401.

>>> BINOPS["<"](None, 3), BINOPS["+"]([1, 2], 3), BINOPS["-"]([1, 2, 1], 1)
(False, [1, 2, 3], [2])
"""
from __future__ import annotations

import operator
from typing import Any, Callable

from .limits import MAX_BITS, MAX_LIST, check_list, check_number, too_long


class WrongValue(TypeError):
    """A value of the wrong kind for what a rule does with it; the message names both
    (E401 once placed: "`none + 1`: `none` has no arithmetic")."""


def show(v) -> str:
    """``v`` as a ruleset writes it: ``none``, ``yes``/``no``, ``3``, ``seer``, ``[1, 2]``
    (a long list cut after 5 items)."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (list, tuple)):
        items = ", ".join(show(x) for x in v[:5])
        return f"[{items}{', ...' if len(v) > 5 else ''}]"
    if isinstance(v, dict):
        return "a table of ballots"
    return str(v)


def kind(v) -> str:
    """What ``v`` is, in words: ``none``, ``a yes/no``, ``a number``, ``a name``, ``a list``."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "a yes/no"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a name"
    if isinstance(v, (list, tuple)):
        return "a list"
    return "a table"


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _arith(op: str, a, b):
    """The :class:`WrongValue` for ``a op b`` when one side is no number."""
    bad = a if not _number(a) else b
    what = "has no arithmetic" if bad is None else f"is {kind(bad)}, which has no arithmetic"
    if isinstance(b, list) and _number(a) and op == "+":
        what = f"is a list: write the list first (`{show(b)} + {show(a)}`)"
    return WrongValue(f"`{show(a)} {op} {show(b)}`: `{show(bad)}` {what}")


def arithmetic(op: str, fn: Callable) -> Callable:
    """``fn`` for numbers; a :class:`WrongValue` naming the operand that is no number,
    or the zero divided by."""
    def number_op(a, b):
        if not (_number(a) and _number(b)):
            if op == "+" and isinstance(a, str) and isinstance(b, str):
                return a + b
            raise _arith(op, a, b)
        if b == 0 and op in ("/", "%"):
            raise WrongValue(f"`{show(a)} {op} {show(b)}`: division by zero")
        return check_number(fn(a, b))
    return number_op


def less(a, b) -> bool:
    return a is not None and b is not None and _ordered(a, b, "<") and a < b


def less_equal(a, b) -> bool:
    return a is not None and b is not None and _ordered(a, b, "<=") and a <= b


def greater(a, b) -> bool:
    return a is not None and b is not None and _ordered(a, b, ">") and a > b


def greater_equal(a, b) -> bool:
    return a is not None and b is not None and _ordered(a, b, ">=") and a >= b


def _ordered(a, b, op: str) -> bool:
    """True when ``a`` and ``b`` can be put in order (two numbers, or two names)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) or (isinstance(a, str) and isinstance(b, str)):
        return True
    raise WrongValue(f"`{show(a)} {op} {show(b)}`: {order_kind(a)} and {order_kind(b)} cannot be put in order")


def order_kind(v) -> str:
    """What ``v`` is, in words, where a value is put in order: a name and a string are one
    value there (``seer``, ``"two"``), so ``a name or a string``."""
    return "a name or a string" if isinstance(v, str) else kind(v)


class NoneList(WrongValue):
    """``none`` gone over as a list; ``span`` is where the expression that gave it is
    written (``None``: unknown), where the E401 is placed."""

    def __init__(self, message: str, span=None):
        super().__init__(message)
        self.span = span


def none_list(text: str, span=None) -> NoneList:
    """The E401 for going over ``none`` (``text``, the expression as written at ``span``:
    ``ts``): a passed decision, or a field never set, is no empty list."""
    return NoneList(f"`{text}` is none (a passed decision, or nothing set), not a list to go over: "
                    f"write `if {text} != none {{ ... }}` around what reads it", span)


def listed(v, text: str, span=None):
    """``v`` unchanged unless it is ``none``: then :func:`none_list` naming ``text``."""
    if v is None:
        raise none_list(text, span)
    return v


def member(a, b, text: str | None = None, span=None) -> bool:
    """``a in b``; ``b`` none is the :func:`none_list` error naming ``text`` (``b`` as
    written, at ``span``), another value that is no list a :class:`WrongValue`."""
    if b is None:
        raise none_list(text or "none", span)
    if not isinstance(b, (list, tuple, dict)):
        raise WrongValue(f"`{show(a)} in {show(b)}`: `{show(b)}` is {kind(b)}, not a list")
    return a in b


def as_list(v, text: str | None = None, span=None) -> list:
    """``v`` as a list to go over; a :class:`WrongValue` for a number, name or yes/no
    (``for p in 5``: "`5` is a number, not a list"). ``none`` is empty where no ``text``
    is given (a decision's options, voters, candidates), else the :func:`none_list`
    error naming ``text``, the expression as written (a loop's or a comprehension's list)."""
    if v is None:
        if text is not None:
            raise none_list(text, span)
        return []
    if isinstance(v, (list, tuple, dict)):
        return list(v)
    raise WrongValue(f"`{show(v)}` is {kind(v)}, not a list")


def negate(v):
    """``-v`` for a number; a :class:`WrongValue` naming ``v`` otherwise."""
    if not _number(v):
        raise WrongValue(f"`-{show(v)}`: `{show(v)}` " + ("has no arithmetic" if v is None
                                                          else f"is {kind(v)}, which has no arithmetic"))
    return -v


def add(a, b):
    if isinstance(a, list):
        return check_list(a + (b if isinstance(b, list) else [b]))
    return _plus(a, b)


def multiply(a, b):
    """``*``: numbers, or a list repeated (at most :data:`~wolfdsl.lang.limits.MAX_LIST`
    items; whole numbers of at most :data:`~wolfdsl.lang.limits.MAX_BITS` bits)."""
    if isinstance(a, list) or isinstance(b, list):
        times = b if isinstance(a, list) else a
        if not _number(times) or isinstance(times, float) or isinstance(a, list) == isinstance(b, list):
            raise WrongValue(f"`{show(a)} * {show(b)}`: a list can be repeated only a whole number of times")
        n = len(a if isinstance(a, list) else b) * times
        if n > MAX_LIST:
            raise too_long(n)
        return a * b
    return _times(a, b)


def subtract(a, b):
    if isinstance(a, list):
        drop = set(b) if isinstance(b, list) else {b}
        return [x for x in a if x not in drop]
    return _minus(a, b)


_plus = arithmetic("+", operator.add)
_minus = arithmetic("-", operator.sub)
_times = arithmetic("*", operator.mul)


_BIG = 1 << MAX_BITS
"""The first whole number :func:`~wolfdsl.lang.limits.check_number` refuses."""


def _quick(op: Callable, checked: Callable) -> Callable:
    """``checked`` (an operator above, with its checks and E401 messages) with a fast path
    for two numbers where the checks cannot fail: a float and a float or a whole number,
    or two whole numbers whose result stays under :data:`_BIG`; the same values."""
    def quick(a, b):
        ca, cb = a.__class__, b.__class__
        if ca is float:
            if cb is float or cb is int:
                return op(a, b)
        elif ca is int:
            if cb is float:
                return op(a, b)
            if cb is int:
                r = op(a, b)
                if -_BIG < r < _BIG:
                    return r
        return checked(a, b)
    quick.__doc__ = checked.__doc__
    return quick


def _quick_divide(checked: Callable) -> Callable:
    """``checked`` (``/``) with a fast path for two numbers, the divisor not zero."""
    def quick(a, b):
        ca, cb = a.__class__, b.__class__
        if (ca is float or ca is int) and (cb is float or cb is int) and b:
            return a / b
        return checked(a, b)
    return quick


BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": less, "<=": less_equal,
    ">": greater, ">=": greater_equal,
    "in": member, "not in": lambda a, b: not member(a, b),
    "+": add, "-": subtract, "*": multiply, "/": arithmetic("/", operator.truediv),
    "%": arithmetic("%", operator.mod),
}
"""Binary operators other than ``has``/``lacks`` (status tests) and ``and``/``or``."""


def as_score(v) -> float:
    """A ``score`` hint's value as a float: a number as it is (a whole number converted),
    anything else by its truth (``yes`` 1.0, ``none`` 0.0)."""
    if v.__class__ is float:
        return v
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else float(bool(v))


QUICK = {"+": _quick(operator.add, add), "-": _quick(operator.sub, subtract), "*": _quick(operator.mul, multiply),
         "/": _quick_divide(BINOPS["/"])}
"""``+ - * /`` as the generated code calls them: :data:`BINOPS`' operators with a fast
path for plain numbers (same results, same errors)."""


def compound(op: str, old, value, target: str, written: str | None = None, source: str | None = None):
    """``target op value`` for ``+=``/``-=``: ``old + value`` or ``old + -1 * value``
    (``none`` counting as 0). A :class:`WrongValue` names the operator as written
    when a side is no number ("`me.oil -= "x"`: `"x"` is text, not a number"), where
    ``-=`` used to fail as a ``+`` or, on a list or text, do nothing. ``written`` is the
    right side's source when it is a literal string; ``source``, the right side as written
    whatever it is: a right side that is no number is named by it ("`w.feathers -=
    living(idiot).lives`: `living(idiot).lives` is none, not a number"). A yes/no is no
    number on either side (``true`` was added as 1)."""
    a = 0 if old is None else old
    if op == "+=":
        if a.__class__ is not bool and value.__class__ is not bool:
            try:
                return a + 1 * value
            except TypeError:
                pass
    elif _number(a) and _number(value):
        return a + -1 * value
    verb = "adds" if op == "+=" else "subtracts"
    if not _number(a) and not (op == "+=" and isinstance(a, (list, str))):
        bad, what = target, kind(a)
    else:
        what = "text" if written else "a name or text" if isinstance(value, str) else kind(value)
        if source and not written and source != show(value):  # the expression, then its value
            what = what if value is None else f"`{show(value)}`, {what}"
            raise WrongValue(f"`{target} {op} {source}`: `{source}` is {what}, not a number (`{op}` {verb} a number)")
        bad = written or show(value)
    shown = written or show(value)
    raise WrongValue(f"`{target} {op} {shown}`: `{bad}` is {what}, not a number (`{op}` {verb} a number)")
