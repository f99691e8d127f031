"""Every bundled ruleset plays seeded random games to the end, and every game keeps the
invariants of a game of Werewolf:

- it ends, with a winner or a draw (the day limit);
- no seat dies twice, unless it was revived in between (NEWMOON-27);
- the event log's ``seq`` runs 0, 1, 2, ... without a gap; it opens with the one
  ``game_start`` and a finished game closes with the one ``game_over``, nothing after it;
- no ballot is cast by a seat that is dead at the time of the vote;
- the event log is valid against its JSON Schema, and the game played without a log
  (``record=False``, as Monte Carlo runs play) ends the same way (both checked on one
  game in ``VALIDATE_EVERY``: validation costs ten times the game).

Game ``i`` of a ruleset for a range of players seats ``lo + i % (hi - lo + 1)`` players.
By default games 0 to ``GAMES - 1`` are played; the ``slow`` sweep plays games ``GAMES``
to ``SWEEP - 1``, so that the whole run checks ``SWEEP`` games a ruleset.
"""
from __future__ import annotations

import pytest

from wolfdsl.lang.load import bundled, load
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play import play
from wolfdsl.play.eventlog import validate_events

GAMES = 200
SWEEP = 1000
VALIDATE_EVERY = 50

EXPECTED = {"standard-12", "standard-12-idiot", "standard-12-elder", "classic-9"}


def test_expected_rulesets_are_bundled():
    assert EXPECTED <= set(bundled())


def players_for(rs, i: int) -> int | None:
    lo, hi = rs.players
    return None if lo == hi else lo + i % (hi - lo + 1)


def check_game(rs, i: int) -> None:
    """Play game ``i`` of ruleset ``rs`` with random agents and check its invariants."""
    name = rs.name
    res = play(rs, seed=i, agent=RandomAgent(i), players=players_for(rs, i))
    assert res.over, f"{name}: game {i} did not end"
    assert res.winners or res.reason == "day_limit", f"{name}: game {i} ended without a winner"
    types = [e["type"] for e in res.events]
    assert types[0] == "game_start" and types.count("game_start") == 1, f"{name}: game {i}: start"
    assert types[-1] == "game_over" and types.count("game_over") == 1, f"{name}: game {i}: end"
    dead: set[int] = set()
    for e in res.events:  # a seat dies again only after a revival (NEWMOON-27)
        if e["type"] == "vote":
            voters = {int(v) for v in e["ballots"]}
            assert not voters & dead, f"{name}: game {i}: dead seats {sorted(voters & dead)} voted"
        if e["type"] == "death":
            assert e["seat"] not in dead, f"{name}: game {i}: seat {e['seat']} died twice"
            dead.add(e["seat"])
        elif e["type"] == "revive":
            dead.discard(e["seat"])
    assert [e["seq"] for e in res.events] == list(range(len(res.events))), f"{name}: game {i}: seq"
    if i % VALIDATE_EVERY == 0:
        assert validate_events(res.events) == [], f"{name}: game {i}: invalid event log"
        quiet = play(rs, seed=i, agent=RandomAgent(i), players=players_for(rs, i), record=False)
        assert (quiet.over, quiet.winners, quiet.reason, quiet.days) == (res.over, res.winners, res.reason, res.days)


@pytest.mark.parametrize("name", bundled())
def test_random_games_keep_the_invariants(name: str) -> None:
    rs = load(name)
    for i in range(GAMES):
        check_game(rs, i)


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled())
def test_random_games_keep_the_invariants_long_sweep(name: str) -> None:
    rs = load(name)
    for i in range(GAMES, SWEEP):
        check_game(rs, i)
