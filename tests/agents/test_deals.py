"""The two-kind DP's generated kernels against the loops they unroll, bit for bit."""
from __future__ import annotations

import random

import pytest

from wolfdsl.agents.deals import _two, kernel_for, two_loops


@pytest.mark.parametrize("m", [1, 2, 5, 9, 12])
def test_kernel_equals_the_loops_to_the_bit(m):
    rng = random.Random(m)
    cases = 0
    for c1 in range(m + 1):
        for c0 in range(max(0, m - c1), m + 2):
            for _ in range(6):
                rows = [[rng.choice([0.0, rng.random(), 40 * rng.random()]),
                         rng.choice([0.0, rng.random(), rng.expovariate(0.1)])] for _ in range(m)]
                assert repr(_two(rows, [c0, c1])) == repr(two_loops(rows, [c0, c1])), (rows, c0, c1)
                cases += 1
    assert cases >= 6 * (m + 1)


def test_kernel_by_columns():
    kernel, end = kernel_for(3, 2, 1)
    z, first, second = kernel([(1.0, 2.0), (1.0, 1.0), (3.0, 0.0)], end)
    # deals: (w w 3) with one card of the second kind among three seats (no face-down card)
    want_z = 2.0 * 1.0 * 3.0 + 1.0 * 1.0 * 3.0
    assert z == pytest.approx(want_z)
    assert first == pytest.approx([3.0 / 9.0, 6.0 / 9.0, 1.0])
    assert second == pytest.approx([6.0 / 9.0, 3.0 / 9.0, 0.0])
    assert kernel([(0.0, 0.0), (1.0, 1.0), (3.0, 0.0)], end) == (0.0, [], [])
