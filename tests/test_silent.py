"""A Monte Carlo game builds no event when nobody reads them (issue 10): the outcome is
the same as from the recorded game, the death causes included."""
import pytest

from wolfdsl.lang.load import load
from wolfdsl.play import play_game
from wolfdsl.sim.montecarlo import Outcome


@pytest.mark.parametrize("ruleset, agents", [("standard-12", "random"), ("new-moon", "random"),
                                             ("cupid-thief-12", "random"), ("standard-12-elder", "heuristic"),
                                             ("classic-9", "table")])
def test_silent_games_give_the_recorded_outcome(ruleset, agents):
    rs = load(ruleset)
    for i in range(12):
        loud = play_game(rs, 5, i, agents)
        quiet = play_game(rs, 5, i, agents, record=False)
        assert loud.events and not quiet.events
        assert quiet.causes == tuple(e["cause"] for e in loud.events if e["type"] == "death")
        assert Outcome.of(quiet) == Outcome.of(loud)
        assert (quiet.winners, quiet.winning_seats, quiet.reason, quiet.days, quiet.over) == \
            (loud.winners, loud.winning_seats, loud.reason, loud.days, loud.over)
