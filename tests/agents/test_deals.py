"""The two-kind DP's generated kernels against the loops they unroll."""
from __future__ import annotations

import random

import pytest

from wolfdsl.agents.deals import _two, kernel_for


@pytest.mark.parametrize("m", [1, 2, 5, 9, 12])
def test_kernel_gives_the_loops_shares(m):
    rng = random.Random(m)
    cases = 0
    for c1 in range(m + 1):
        for c0 in range(max(0, m - c1), m + 2):
            kernel, end = kernel_for(m, c0, c1)
            for _ in range(6):
                rows = [[rng.choice([0.0, rng.random(), 40 * rng.random()]),
                         rng.choice([0.0, rng.random(), rng.expovariate(0.1)])] for _ in range(m)]
                z, marg = _two(rows, [c0, c1])
                got_z, numerators = kernel(rows, end)
                assert got_z == pytest.approx(z, rel=1e-12, abs=0.0)
                if z <= 0:
                    assert numerators == []
                else:
                    assert [x / got_z for x in numerators] == pytest.approx([b for _, b in marg], rel=1e-12, abs=1e-15)
                cases += 1
    assert cases >= 6 * (m + 1)


def test_kernel_numerators():
    kernel, end = kernel_for(3, 2, 1)
    z, second = kernel([(1.0, 2.0), (1.0, 1.0), (3.0, 0.0)], end)
    # one card of the second kind among three seats, no face-down card: seat 1 holds it
    # in a deal weighing 2 * 1 * 3, seat 2 in one weighing 1 * 1 * 3, seat 3 in none
    assert z == 9.0
    assert second == [6.0, 3.0, 0.0]
    assert kernel([(0.0, 0.0), (1.0, 1.0), (3.0, 0.0)], end) == (0.0, [])
