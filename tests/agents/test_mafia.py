"""Exact checks: random Mafia and Mafia with a detective against their known probabilities.

Random Mafia's win probability is computed here exactly by recursion over (town, mafia);
the detective variant's values come from the issue (and a separate simulation). A fast
version in the normal suite (1,000 games, 99.9% Wilson interval); 20,000 games at 99%
under ``-m slow``.
"""
from functools import lru_cache

import pytest

from wolfdsl.sim.montecarlo import simulate
from wolfdsl.sim.stats import wilson

Z99, Z999 = 2.5758, 3.2905


@lru_cache(maxsize=None)
def random_mafia(town: int, mafia: int, night: bool) -> float:
    """P(mafia win): night kills a townie; day lynches anyone; checked after each death."""
    if mafia == 0:
        return 0.0
    if mafia >= town:
        return 1.0
    if night:
        return random_mafia(town - 1, mafia, False)
    n = town + mafia
    return mafia / n * random_mafia(town, mafia - 1, True) + town / n * random_mafia(town - 1, mafia, True)


def test_the_exact_value_the_issue_quotes():
    assert random_mafia(9, 3, True) == pytest.approx(0.8355, abs=5e-5)


CASES = [("mafia", 12, 3, random_mafia(9, 3, True)),
         ("mafia", 8, 2, random_mafia(6, 2, True)),
         ("mafia-detective", 12, 4, 0.5302),
         ("mafia-detective", 9, 2, 0.4069),
         ("mafia-detective", 16, 3, 0.2286)]


def mafia_rate(name, players, m, games, seed):
    s = simulate(name, games, seed, jobs=1, options={"mafiosi": str(m)}, players=players, progress=False)
    wins = {f.id: f.wins for f in s.factions}
    assert wins["town"] + wins["mafia"] == games          # every game ends with a winner
    return wins["mafia"]


@pytest.mark.parametrize("name,players,m,exact", CASES)
def test_mafia_win_rate_matches_the_exact_value(name, players, m, exact):
    games = 1000
    lo, hi = wilson(mafia_rate(name, players, m, games, 1), games, Z999)
    assert lo <= exact <= hi


@pytest.mark.slow
@pytest.mark.parametrize("name,players,m,exact", CASES)
def test_mafia_win_rate_matches_the_exact_value_at_20000_games(name, players, m, exact):
    games = 20000
    lo, hi = wilson(mafia_rate(name, players, m, games, 2), games, Z99)
    assert lo <= exact <= hi


def test_the_lynch_policy_is_the_rulesets_hint():
    """Under the random agent (which reads no hint) the town lynches blindly and does
    worse than the hint's policy: the policy lives in the ruleset."""
    hinted = mafia_rate("mafia-detective", 12, 4, 400, 3)
    s = simulate("mafia-detective", 400, 3, agents="random", options={"mafiosi": "4"}, players=12, progress=False)
    blind = {f.id: f.wins for f in s.factions}["mafia"]
    assert blind > hinted + 40
