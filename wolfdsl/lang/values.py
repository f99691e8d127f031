"""What the language's operators do to values (the semantics, not the compiler).

Values: a seat is an ``int`` from 1; a symbol (role, faction, status...) is a ``str``;
lists are Python lists; ``none`` is ``None``; numbers are ``int`` or ``float``; ``/``
is true division. Comparisons with ``none`` are false (``none < 3`` is false, so is
``3 < none``) rather than errors; arithmetic on ``none`` is an error (E401 at run time).
``+`` on a list appends (a list or one item), ``-`` removes every occurrence.

>>> BINOPS["<"](None, 3), BINOPS["+"]([1, 2], 3), BINOPS["-"]([1, 2, 1], 1)
(False, [1, 2, 3], [2])
"""
from __future__ import annotations

import operator
from typing import Any, Callable

from .limits import MAX_LIST, check_list, check_number, too_long


def less(a, b) -> bool:
    return a is not None and b is not None and a < b


def less_equal(a, b) -> bool:
    return a is not None and b is not None and a <= b


def member(a, b) -> bool:
    return b is not None and a in b


def add(a, b):
    if isinstance(a, list):
        return check_list(a + (b if isinstance(b, list) else [b]))
    return a + b


def multiply(a, b):
    """``*``: numbers, or a list repeated (at most :data:`~wolfdsl.lang.limits.MAX_LIST`
    items; whole numbers of at most :data:`~wolfdsl.lang.limits.MAX_BITS` bits)."""
    if isinstance(a, list) or isinstance(b, list):
        n = len(a if isinstance(a, list) else b) * (b if isinstance(a, list) else a)
        if n > MAX_LIST:
            raise too_long(n)
    return check_number(a * b)


def subtract(a, b):
    if isinstance(a, list):
        drop = set(b) if isinstance(b, list) else {b}
        return [x for x in a if x not in drop]
    return a - b


BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": less, "<=": less_equal,
    ">": lambda a, b: less(b, a), ">=": lambda a, b: less_equal(b, a),
    "in": member, "not in": lambda a, b: not member(a, b),
    "+": add, "-": subtract, "*": multiply, "/": operator.truediv, "%": operator.mod,
}
"""Binary operators other than ``has``/``lacks`` (status tests) and ``and``/``or``."""
