"""Random draws equal to ``random.Random``'s, with no Python call per number.

``rng.shuffle(x)`` and ``rng.randrange(n)`` call ``rng._randbelow(n)`` once per number;
CPython 3.10 to 3.13 draw it as ``getrandbits(n.bit_length())`` until below ``n``. The
functions here draw exactly that way, inline, when a self-test at import shows this
Python does the same (:data:`INLINE`); otherwise they call ``random``'s own methods.
Either way the numbers, and the generator's state afterwards, are the ones
``random.Random`` gives.
"""
from __future__ import annotations

import random


def _shuffle_inline(rng: random.Random, x: list) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def below_lines(var: str, n: int, indent: str) -> list[str]:
    """Python lines that set ``var`` to ``rng._randbelow(n)`` (``n`` >= 1), drawing with a
    local ``getrandbits`` (the bound ``rng.getrandbits``) when :data:`INLINE`, else with
    a local ``below`` (the bound ``rng._randbelow``)."""
    if not INLINE:
        return [f"{indent}{var} = below({n})"]
    k = n.bit_length()
    return [f"{indent}{var} = getrandbits({k})", f"{indent}while {var} >= {n}:", f"{indent}    {var} = getrandbits({k})"]


def _self_test() -> bool:
    """Whether the inline draws give ``random``'s numbers and leave its state (on this Python)."""
    if getattr(random.Random, "_randbelow", None) is not getattr(random.Random, "_randbelow_with_getrandbits", 0):
        return False
    for seed in (1, 7, 2 ** 62 + 12345):
        a, b = random.Random(seed), random.Random(seed)
        xs, ys = list(range(40)), list(range(40))
        a.shuffle(xs)
        _shuffle_inline(b, ys)
        if xs != ys or a.getstate() != b.getstate():
            return False
        ns = (1, 2, 3, 5, 55, 64, 100, 2 ** 20 + 1)
        ns_a = [a._randbelow(n) for n in ns]
        ns_b = []
        getrandbits = b.getrandbits
        for n in ns:
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            ns_b.append(r)
        if ns_a != ns_b or a.getstate() != b.getstate():
            return False
    return True


INLINE = _self_test()
"""Whether this Python's ``random`` draws as the inline code does (checked at import)."""


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``: the same order, the same numbers drawn."""
    if INLINE and rng.__class__ is random.Random:
        f = _SHUFFLES.get(len(x))
        if f is None:
            f = _SHUFFLES[len(x)] = _shuffler(len(x)) if len(x) <= MAX_UNROLLED else _shuffle_inline
        f(rng, x)
    else:
        rng.shuffle(x)


MAX_UNROLLED = 64
"""The longest list :func:`shuffle` shuffles with code written for its length."""

_SHUFFLES: dict[int, object] = {}


def _shuffler(n: int):
    """``_shuffle_inline`` written out for lists of ``n`` items: no loop, no bit counts."""
    src = ["def shuffle(rng, x):", "    getrandbits = rng.getrandbits"]
    for i in range(n - 1, 0, -1):
        src += below_lines("j", i + 1, "    ")
        src.append(f"    x[{i}], x[j] = x[j], x[{i}]")
    if n < 2:
        src.append("    pass")
    space: dict = {}
    exec(compile("\n".join(src), f"<shuffle of {n}>", "exec"), space)
    return space["shuffle"]
