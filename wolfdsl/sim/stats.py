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
