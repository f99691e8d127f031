"""Counting deals: weighted sums over the ways cards can lie, by dynamic programming.

One problem, solved for factions (fast) or for roles (exact in every case): ``m`` seats,
``k`` kinds of card with ``caps[i]`` cards of kind ``i`` (more cards than seats: the rest
lie face down), and ``rows[s][i]`` the weight of seat ``s`` holding a card of kind ``i``
(0: impossible). Every way to give each seat a kind, using at most ``caps[i]`` of kind
``i``, weighs the product of its seats' weights times ``1 / prod (caps[i] - used[i])!``
(the face-down cards' arrangements, so that a uniform shuffle of physical cards is a
uniform weight). :func:`solve` returns the total weight ``z`` and, per seat, the share of
``z`` in which it holds each kind — the seat's marginal probabilities.

A forward pass over seats keeps, per count vector of kinds used so far, the summed
weight; a backward pass gives the marginals. States: at most ``prod (caps[i] + 1)``;
a 12-seat, two-faction deck has under 50. For two kinds, :func:`kernel_for` gives the
same programme as generated straight-line code (about three times faster), keeping
only the second kind's shares.
"""
from __future__ import annotations

from math import factorial

Rows = list  # list[list[float]]: per seat, per kind


def solve(rows: Rows, caps: list[int]) -> tuple[float, Rows]:
    """``(z, marginals)`` for the problem in the module docstring; ``(0.0, [])`` when no
    way is possible. ``marginals[s][i]`` sums to 1 over ``i`` for every seat."""
    k = len(caps)
    sides = []
    for row in rows:
        nz = [i for i in range(k) if row[i]]
        if len(nz) != 1:
            break
        sides.append(nz[0])
    else:
        return _known(rows, caps, sides)
    if k == 2:
        return _two(rows, caps)
    return _any(rows, caps)


def _end(caps, used) -> float:
    out = 1
    for c, u in zip(caps, used):
        out *= factorial(c - u)
    return 1.0 / out


def _known(rows, caps, sides) -> tuple[float, Rows]:
    """Every seat can hold one kind only: a product."""
    k, used, z = len(caps), [0] * len(caps), 1.0
    for row, i in zip(rows, sides):
        used[i] += 1
        z *= row[i]
    if any(u > c for u, c in zip(used, caps)) or z <= 0:
        return 0.0, []
    return z * _end(caps, used), [[1.0 if j == i else 0.0 for j in range(k)] for i in sides]


_TWO_END: dict = {}


def _two_end(m: int, c0: int, c1: int) -> list[float]:
    """The face-down cards' weight by how many of ``m`` seats hold the second kind
    (cached: a game asks for a handful of shapes)."""
    key = (m, c0, c1)
    end = _TWO_END.get(key)
    if end is None:
        end = [0.0] * (c1 + 2)
        for j in range(c1 + 1):
            if 0 <= c0 - (m - j):
                end[j] = 1.0 / (factorial(c0 - (m - j)) * factorial(c1 - j))
        _TWO_END[key] = end
    return end


def _two(rows, caps) -> tuple[float, Rows]:
    """Two kinds: the state is how many of the seats so far hold the second kind. The
    forward pass keeps, per seat, the weight of each count of second-kind seats so far;
    the backward pass folds the face-down weights back and gives each seat's share. The
    specification of :func:`column_kernel`."""
    m, (c0, c1) = len(rows), caps
    width = c1 + 2
    fwd = [[0.0] * width]
    fwd[0][0] = 1.0
    prev = fwd[0]
    for s in range(1, m + 1):
        w0, w1 = rows[s - 1]
        cur = [0.0] * width
        lo = s - c0 if s > c0 else 0
        hi = s if s < c1 else c1
        if lo == 0:
            cur[0] = prev[0] * w0
            lo = 1
        for j in range(lo, hi + 1):
            cur[j] = prev[j] * w0 + prev[j - 1] * w1
        fwd.append(cur)
        prev = cur
    end = _two_end(m, c0, c1)
    z = 0.0
    for a, b in zip(prev, end):
        z += a * b
    if z <= 0:
        return 0.0, []
    marg: Rows = [None] * m
    bwd = end
    span = range(c1 + 1)
    for s in range(m, 0, -1):
        w0, w1 = rows[s - 1]
        prev = fwd[s - 1]
        m0 = m1 = 0.0
        back = [0.0] * width
        for j in span:
            f = prev[j]
            b0, b1 = bwd[j] * w0, bwd[j + 1] * w1
            m0 += f * b0
            m1 += f * b1
            back[j] = b0 + b1
        marg[s - 1] = [m0 / z, m1 / z]
        bwd = back
    return z, marg


_KERNELS: dict = {}


def kernel_for(m: int, c0: int, c1: int) -> tuple:
    """``(kernel, end)`` for two kinds, ``m`` seats and caps ``(c0, c1)``: the
    :func:`column_kernel` of that shape (written once a process) and its face-down
    weights. ``kernel(rows, end)`` is ``(z, second)``: :func:`_two`'s ``z`` and, per
    seat, ``z`` times its share of the second kind (the first's is the rest); ``(0.0,
    [])`` when no way is possible."""
    key = (m, c0, c1)
    hit = _KERNELS.get(key)
    if hit is None:
        hit = _KERNELS[key] = (column_kernel(m, c0, c1), _two_end(m, c0, c1))
    return hit


class _Terms:
    """Symbolic values for :func:`column_kernel`: ``None`` for an entry that is 0.0 by
    construction (left out of sums and products), else a Python expression; values read
    more than once become local variables."""

    def __init__(self):
        self.lines: list[str] = []
        self.count = 0

    def name(self, expr):
        """``expr`` bound to a fresh local (kept as is when it already is a name)."""
        if expr is None or expr.isidentifier():
            return expr
        self.count += 1
        self.lines.append(f"    v{self.count} = {expr}")
        return f"v{self.count}"

    @staticmethod
    def mul(a, b):
        return None if a is None or b is None else f"{a} * {b}"

    @staticmethod
    def add(a, b):
        if a is None:
            return b
        if b is None:
            return a
        return f"{a} + {b}"


def column_kernel(m: int, c0: int, c1: int):
    """A function ``(rows, end) -> (z, second)`` for ``m`` seats and caps ``(c0, c1)``
    (see :func:`kernel_for`): :func:`_two` unrolled into straight-line code over local
    variables, keeping only what the second kind's shares need: per seat, ``w1`` times
    the forward weights before it dotted with the backward weights after it, shifted by
    one. ``rows``: ``m`` pairs of weights; ``end``: the face-down weights of the shape."""
    t = _Terms()
    width = c1 + 2
    w = [(f"a{s}", f"b{s}") for s in range(m)]
    ends = [f"e{j}" for j in range(width)]
    head = ["def kernel(rows, end):",
            f"    {', '.join(f'({a}, {b})' for a, b in w)}, = rows",
            f"    {', '.join(ends)}, = end"]
    ends = [e if 0 <= c0 - (m - j) and j <= c1 else None for j, e in enumerate(ends)]
    prev: list = [None] * width
    prev[0] = "one"
    fwd = [prev]
    for s in range(1, m + 1):
        w0, w1 = w[s - 1]
        cur: list = [None] * width
        lo = s - c0 if s > c0 else 0
        hi = s if s < c1 else c1
        for j in range(lo, hi + 1):
            cur[j] = t.name(t.add(t.mul(prev[j], w0), t.mul(prev[j - 1], w1) if j else None))
        fwd.append(cur)
        prev = cur
    z = None
    for a, b in zip(prev, ends):
        z = t.add(z, t.mul(a, b))
    t.lines.append(f"    z = {z or 0.0}")
    t.lines.append("    if z <= 0:\n        return 0.0, []")
    bwd = ends
    out = [""] * m
    for s in range(m, 0, -1):
        w0, w1 = w[s - 1]
        prev = fwd[s - 1]
        dot = None
        for j in range(c1 + 1):
            dot = t.add(dot, t.mul(prev[j], bwd[j + 1]))
        out[s - 1] = f"({dot}) * {w1}" if dot else "0.0"
        if s > 1:
            bwd = [t.name(t.add(t.mul(bwd[j], w0), t.mul(bwd[j + 1], w1))) for j in range(c1 + 1)] + [None]
    body = head + ["    one = 1.0"] + t.lines + [f"    return z, [{', '.join(out)}]"]
    space: dict = {}
    exec(compile("\n".join(body) + "\n", f"<two-kind kernel {m}x{c0},{c1}>", "exec"), space)
    return space["kernel"]


def _any(rows, caps) -> tuple[float, Rows]:
    """Any number of kinds: states are tuples of counts."""
    k, m = len(caps), len(rows)
    fwd = [{(0,) * k: 1.0}]
    for s in range(m):
        nxt: dict = {}
        ws = rows[s]
        for state, v in fwd[-1].items():
            for i in range(k):
                if ws[i] and state[i] < caps[i]:
                    t = state[:i] + (state[i] + 1,) + state[i + 1:]
                    nxt[t] = nxt.get(t, 0.0) + v * ws[i]
        fwd.append(nxt)
    end = {t: _end(caps, t) for t in fwd[m]}
    z = sum(fwd[m][t] * end[t] for t in end)
    if z <= 0:
        return 0.0, []
    bwd = end
    marg: Rows = [[0.0] * k for _ in range(m)]
    for s in range(m - 1, -1, -1):
        prev: dict = {}
        ws = rows[s]
        for state, v in fwd[s].items():
            acc = 0.0
            for i in range(k):
                if ws[i] and state[i] < caps[i]:
                    t = state[:i] + (state[i] + 1,) + state[i + 1:]
                    b = bwd.get(t)
                    if b:
                        marg[s][i] += v * ws[i] * b
                        acc += b * ws[i]
            prev[state] = acc
        bwd = prev
    return z, [[x / z for x in row] for row in marg]
