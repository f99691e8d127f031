"""Every bundled ruleset compiles, and plays seeded random games to the end."""
import pytest

from wolfdsl.play.agents import RandomAgent
from wolfdsl.play import play
from wolfdsl.lang.load import bundled, load

EXPECTED = {"standard-12", "standard-12-idiot", "standard-12-elder", "classic-9"}


def test_expected_rulesets_are_bundled():
    assert EXPECTED <= set(bundled())


@pytest.mark.parametrize("name", bundled())
def test_ruleset_plays_random_games(name):
    rs = load(name)
    for i in range(200):
        res = play(rs, seed=i, agent=RandomAgent(i))
        assert res.over, f"game {i} did not end"
        assert res.winners or res.reason == "day_limit"
        dead: set[int] = set()
        for e in res.events:  # a seat dies again only after a revival (NEWMOON-27)
            if e["type"] == "death":
                assert e["seat"] not in dead, f"game {i}: seat {e['seat']} died twice"
                dead.add(e["seat"])
            elif e["type"] == "revive":
                dead.discard(e["seat"])
        assert [e["seq"] for e in res.events] == list(range(len(res.events)))
