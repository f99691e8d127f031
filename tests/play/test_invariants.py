"""Every bundled ruleset plays seeded random games to the end, and every game keeps the
invariants of a game of Werewolf:

- it ends, with a winner or a draw (the day limit);
- no seat dies twice, unless it was revived in between (NEWMOON-27);
- the event log's ``seq`` runs 0, 1, 2, ... without a gap; it opens with the one
  ``game_start`` and a finished game closes with the one ``game_over``, nothing after it;
- no ballot is cast by a seat that is dead at the time of the vote;
- no dead seat acts, except inside its own death's trigger chain (the hunter's shot, the
  badge passed by a dying sheriff: before the game moves on to a speech, a vote, an event
  card or the next phase) or where a rule lets the dead act (``DEAD_MAY_ACT``);
- the seats the log says are alive at the end (dealt, minus deaths, plus revivals) are
  the seats the game holds alive: each death was logged once;
- ``game_over`` names the factions and the seats consistently: the winning seats are the
  seats whose faction at the end (``game_start``, then ``role_change``,
  ``faction_change`` and ``revive``) is a winner; the win rule it names holds on the final state and
  gives those factions, and no win rule of a higher priority holds;
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
from wolfdsl.play.game import Game
from wolfdsl.play.eventlog import validate_events

GAMES = 200
SWEEP = 1000
VALIDATE_EVERY = 50

EXPECTED = {"standard-12", "standard-12-idiot", "standard-12-elder", "classic-9"}

MOVES_ON = {"phase", "speeches", "vote", "card"}
"""Events after which the trigger chain of a death is over: a dead seat acts no more."""
DEAD_MAY_ACT = {
    "double_agent.name": "NEWMOON-15: the first player who died names a living non-wolf",
}
"""Actions the rules give to a dead seat outside its death's trigger chain."""


def test_expected_rulesets_are_bundled():
    assert EXPECTED <= set(bundled())


def players_for(rs, i: int) -> int | None:
    lo, hi = rs.players
    return None if lo == hi else lo + i % (hi - lo + 1)


def check_game(rs, i: int) -> None:
    """Play game ``i`` of ruleset ``rs`` with random agents and check its invariants."""
    name = rs.name
    g = Game(rs, i, RandomAgent(i), players=players_for(rs, i))
    res = g.run()
    assert res.over, f"{name}: game {i} did not end"
    assert res.winners or res.reason == "day_limit", f"{name}: game {i} ended without a winner"
    types = [e["type"] for e in res.events]
    assert types[0] == "game_start" and types.count("game_start") == 1, f"{name}: game {i}: start"
    assert types[-1] == "game_over" and types.count("game_over") == 1, f"{name}: game {i}: end"
    dead: dict[int, bool] = {}  # dead seat -> its death's trigger chain still runs
    faction = {s["seat"]: s["faction"] for s in res.events[0]["seats"]}
    for e in res.events:  # a seat dies again only after a revival (NEWMOON-27)
        t = e["type"]
        if t in MOVES_ON:
            dead = dict.fromkeys(dead, False)
        if t == "vote":
            voters = {int(v) for v in e["ballots"]}
            assert not voters & set(dead), f"{name}: game {i}: dead seats {sorted(voters & set(dead))} voted"
        elif t == "action" and e["seat"] in dead:
            assert dead[e["seat"]] or e["action"] in DEAD_MAY_ACT, \
                f"{name}: game {i}: dead seat {e['seat']} acted ({e['action']}, seq {e['seq']})"
        elif t == "death":
            assert e["seat"] not in dead, f"{name}: game {i}: seat {e['seat']} died twice"
            dead[e["seat"]] = True
        elif t == "revive":  # the Miracle revives a victim as a villager (NEWMOON-27)
            dead.pop(e["seat"], None)
        if t in ("role_change", "faction_change", "revive"):
            faction[e["seat"]] = e["faction"]
    alive = {p.seat for p in g.players[1:] if p.alive}
    assert alive == set(faction) - set(dead), f"{name}: game {i}: the log's living seats differ from the game's"
    over = res.events[-1]
    if over["reason"] != "day_limit":
        assert over["winning_seats"] == sorted(s for s, f in faction.items() if f in over["winners"]), \
            f"{name}: game {i}: winning seats"
        wins = sorted(rs.wins, key=lambda w: -w.priority)
        fired = next(w for w in wins if w.name == over["reason"])
        assert fired.when(g, {}) and set(fired.factions) == set(over["winners"]), \
            f"{name}: game {i}: win rule {fired.name} does not hold at the end, or names other factions"
        assert not [w.name for w in wins if w.priority > fired.priority and w.when(g, {})], \
            f"{name}: game {i}: a win rule of a higher priority than {fired.name} holds"
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
