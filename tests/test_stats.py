"""Wilson intervals, means and spreads, checked against values worked out by hand."""
import doctest
import math

import pytest

from wolfdsl.sim import stats
from wolfdsl.sim.stats import histogram_mean, histogram_stdev, mean, stdev, wilson


@pytest.mark.parametrize("k, n, low, high", [
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 2, 0.0945, 0.9055),
    (9, 10, 0.5958, 0.9821),
    (512, 1000, 0.4810, 0.5429),
])
def test_wilson_known_values(k, n, low, high):
    lo, hi = wilson(k, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_wilson_is_symmetric_and_inside_unit_interval():
    for n in (1, 7, 100):
        for k in range(n + 1):
            lo, hi = wilson(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
            lo2, hi2 = wilson(n - k, n)
            assert math.isclose(lo, 1 - hi2, abs_tol=1e-12)
            assert math.isclose(hi, 1 - lo2, abs_tol=1e-12)


def test_wilson_narrows_with_more_trials_and_widens_with_z():
    assert wilson(500, 1000)[1] - wilson(500, 1000)[0] < wilson(50, 100)[1] - wilson(50, 100)[0]
    lo99, hi99 = wilson(50, 100, z=2.5758293035489)
    assert (round(lo99, 4), round(hi99, 4)) == (0.3753, 0.6247)


def test_wilson_without_trials_says_nothing():
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("k, n", [(-1, 10), (11, 10), (0, -1)])
def test_wilson_rejects_impossible_counts(k, n):
    with pytest.raises(ValueError):
        wilson(k, n)


def test_mean_and_stdev():
    data = [2, 4, 4, 4, 5, 5, 7, 9]
    assert mean(data) == 5.0
    assert round(stdev(data), 4) == 2.1381  # sample (n - 1); population would be 2.0
    assert mean([]) == 0.0
    assert stdev([3]) == 0.0
    assert mean(iter([1, 2])) == 1.5


def test_histogram_forms_agree_with_plain_forms():
    counts = {2: 1, 4: 3, 5: 2, 7: 1, 9: 1}
    data = [v for v, c in counts.items() for _ in range(c)]
    assert histogram_mean(counts) == mean(data) == 5.0
    assert math.isclose(histogram_stdev(counts), stdev(data))
    assert histogram_mean({}) == 0.0
    assert histogram_stdev({4: 1}) == 0.0


def test_docstring_examples():
    assert doctest.testmod(stats).failed == 0
