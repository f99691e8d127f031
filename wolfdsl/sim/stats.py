"""Small statistics for Monte Carlo summaries: Wilson intervals, mean, spread.

Pure functions over plain numbers, so the summary of a run depends only on the games'
outcomes, never on how they were split between worker processes.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
>>> mean([2, 4, 9])
5.0
"""
from __future__ import annotations

import math
from typing import Iterable, Mapping

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``(low, high)``, both in ``[0, 1]``.

    ``successes`` out of ``n`` trials; ``z`` defaults to the 95% two-sided quantile.
    Unlike the normal approximation it stays inside ``[0, 1]`` and is sensible for
    rates near 0 or 1 and for small ``n``. With no trials it says nothing: ``(0, 1)``.

    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"wilson: need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # Clamp rounding noise: at p = 0 or 1 the interval touches the bound exactly.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def mean(values: Iterable[float]) -> float:
    """The arithmetic mean; ``0.0`` for no values (a run of zero games has no length)."""
    total = 0.0
    count = 0
    for v in values:
        total += v
        count += 1
    return total / count if count else 0.0


def stdev(values: Iterable[float]) -> float:
    """The sample standard deviation (divides by ``n - 1``); ``0.0`` below two values.

    >>> round(stdev([2, 4, 4, 4, 5, 5, 7, 9]), 4)
    2.1381
    """
    xs = list(values)
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))


def histogram_mean(counts: Mapping[float, int]) -> float:
    """The mean of a distribution given as ``{value: how many times}``.

    Monte Carlo runs keep game lengths this way, so 10,000 games cost a few entries.

    >>> histogram_mean({3: 1, 5: 3})
    4.5
    """
    n = sum(counts.values())
    if n == 0:
        return 0.0
    return sum(v * c for v, c in counts.items()) / n


def histogram_stdev(counts: Mapping[float, int]) -> float:
    """The sample standard deviation of ``{value: how many times}``; ``0.0`` below two.

    >>> round(histogram_stdev({2: 1, 4: 3, 5: 2, 7: 1, 9: 1}), 4)
    2.1381
    """
    n = sum(counts.values())
    if n < 2:
        return 0.0
    m = histogram_mean(counts)
    return math.sqrt(sum(c * (v - m) ** 2 for v, c in counts.items()) / (n - 1))


def rate_difference(x1: int, n1: int, x2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """``(d, low, high)``: the difference ``x2/n2 - x1/n1`` of two proportions and
    Newcombe's hybrid score interval for it (method 10 of Newcombe 1998), built from the
    two Wilson intervals, so it stays inside ``[-1, 1]`` and behaves near 0 and 1.

    Two samples played with the same seeds (common random numbers) are positively
    correlated; the interval, which assumes independence, is then conservative.

    >>> [round(v, 4) for v in rate_difference(50, 100, 60, 100)]
    [0.1, -0.0373, 0.2321]
    """
    p1 = x1 / n1 if n1 else 0.0
    p2 = x2 / n2 if n2 else 0.0
    l1, u1 = wilson(x1, n1, z)
    l2, u2 = wilson(x2, n2, z)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, max(-1.0, low), min(1.0, high)


def two_proportion_p(x1: int, n1: int, x2: int, n2: int) -> float:
    """Two-sided p-value of the pooled z-test that two proportions are equal (1.0 when
    it cannot tell: no trials, or both rates 0 or both 1).

    >>> round(two_proportion_p(50, 100, 65, 100), 4)
    0.0319
    """
    if not n1 or not n2:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    zv = abs(x2 / n2 - x1 / n1) / se
    return math.erfc(zv / math.sqrt(2))


def mean_difference_p(m1: float, s1: float, n1: int, m2: float, s2: float, n2: int) -> float:
    """Two-sided p-value of Welch's z-test that two means are equal (normal
    approximation, as :func:`mean_difference`'s interval; 1.0 when it cannot tell).

    >>> round(mean_difference_p(4.0, 1.0, 400, 4.3, 1.2, 400), 4)
    0.0001
    """
    if not n1 or not n2:
        return 1.0
    se = math.sqrt(s1 * s1 / n1 + s2 * s2 / n2)
    if se == 0:
        return 1.0 if m1 == m2 else 0.0
    return math.erfc(abs(m2 - m1) / se / math.sqrt(2))


def mean_difference(m1: float, s1: float, n1: int, m2: float, s2: float, n2: int,
                    z: float = Z95) -> tuple[float, float, float]:
    """``(d, low, high)``: ``m2 - m1`` with its normal-approximation interval (Welch's
    standard error ``sqrt(s1²/n1 + s2²/n2)``; sample means and standard deviations).

    >>> [round(v, 4) for v in mean_difference(4.0, 1.0, 400, 4.3, 1.2, 400)]
    [0.3, 0.1469, 0.4531]
    """
    d = m2 - m1
    if not n1 or not n2:
        return d, -math.inf, math.inf
    half = z * math.sqrt(s1 * s1 / n1 + s2 * s2 / n2)
    return d, d - half, d + half
