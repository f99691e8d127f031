"""No leaks: what a table bot decides for a seat depends only on what that seat may see.

Two table agents with the same seed are shown the same board, the same card for seat 1,
the same public events and the same private events for seat 1, but different cards and
different private events for every other seat (hypothesis draws the deals). Seat 1's
answers must not differ. (With ``read`` above 0 the speech model makes every seat's true
side leak into the public impressions — deliberately: it stands for what speeches
reveal — so this test sets ``read=0``; ``test_speech_impressions_are_public`` shows the
impressions are the same for every observer.)
"""
from hypothesis import given, settings, strategies as st

from wolfdsl.agents.table import TableAgent
from wolfdsl.lang.load import load
from wolfdsl.play.agents import Request
from wolfdsl.play.game import Game
from wolfdsl.play.views import board_of

RULESET = load("standard-12")
HIDDEN = ["werewolf"] * 4 + ["seer", "witch", "hunter", "guard"] + ["villager"] * 3   # seat 1 holds a villager


def board():
    g = Game(RULESET, 1, TableAgent(1))
    return board_of(g), {r: RULESET.roles[r] for r in set(HIDDEN) | {"villager"}}


BOARD, ROLES = board()


def ballot(seat, options, day=1, rnd=1):
    return Request("exile_vote", "exile_vote", seat, None, day, "day", rnd, "ballot", tuple(options), True, 1)


def play_out(deal: list[str], script: list[tuple]) -> list:
    """Feed one agent a board, a deal and a script; return seat 1's answers."""
    agent = TableAgent(7, read=0.0)
    agent.setup(BOARD)
    cards = ["villager"] + deal
    for seat, role in enumerate(cards, 1):
        r = ROLES[role]
        agent.dealt(seat, {"role": role, "faction": r.faction, "team": r.team})
    wolves = [s for s, role in enumerate(cards, 1) if role == "werewolf"]
    for s in wolves:   # private: the wolves learn their team
        agent.observe(s, {"seq": 0, "game": 0, "day": 1, "phase": "night", "type": "inform", "seat": s,
                          "what": {"wolves": wolves}})
    answers = []
    for step in script:
        if step[0] == "public":
            agent.observe(None, step[1])
        elif step[0] == "ask":
            answers.append(agent.decide(ballot(1, step[1], step[2])))
        else:   # another seat decides: its answer may differ, seat 1's must not
            agent.decide(ballot(step[1], step[2], step[3]))
    return answers


def ev(type_, day, **fields):
    return {"seq": 0, "game": 0, "day": day, "phase": "day", "type": type_, **fields}


SCRIPT = [
    ("public", ev("phase", 1)),
    ("other", 5, list(range(1, 13)), 1),
    ("ask", list(range(2, 13)), 1),
    ("public", ev("claim", 1, seat=4, role="seer", told={"seat": 9, "result": "wolf"})),
    ("ask", list(range(2, 13)), 1),
    ("other", 9, list(range(1, 13)), 1),
    ("public", ev("claim", 1, seat=9, role="seer", told={"seat": 4, "result": "wolf"})),
    ("ask", [4, 9], 1),
    ("public", {**ev("death", 1), "seat": 9, "cause": "exile"}),
    ("public", {**ev("death", 2), "phase": "night", "seat": 4}),
    ("public", ev("phase", 2)),
    ("other", 3, [2, 3, 5, 6], 2),
    ("ask", [2, 3, 5, 6, 7, 8, 10, 11, 12], 2),
]


@settings(max_examples=40, deadline=None)
@given(st.permutations(HIDDEN), st.permutations(HIDDEN))
def test_seat_decisions_do_not_depend_on_hidden_cards(a, b):
    assert play_out(list(a), SCRIPT) == play_out(list(b), SCRIPT)


def test_the_hidden_cards_do_reach_the_seats_that_see_them():
    """The same script with seat 1 a wolf: its answers follow its knowledge (so the test
    above could fail)."""
    agent = TableAgent(7, read=0.0)
    agent.setup(BOARD)
    cards = ["werewolf", "villager", "villager", "seer", "werewolf", "werewolf", "werewolf",
             "witch", "hunter", "guard", "villager", "villager"]
    for seat, role in enumerate(cards, 1):
        r = ROLES[role]
        agent.dealt(seat, {"role": role, "faction": r.faction, "team": r.team})
    agent.observe(1, {"seq": 0, "game": 0, "day": 1, "phase": "night", "type": "inform", "seat": 1,
                      "what": {"wolves": [1, 5, 6, 7]}})
    # a wolf never votes for a teammate while a villager is on the ballot
    assert {agent.decide(ballot(1, [5, 6, 7, 8], 1, r)) for r in range(1, 30)} == {8}


def test_speech_impressions_are_public():
    agent = TableAgent(3, read=0.8)
    agent.setup(BOARD)
    cards = ["villager"] + HIDDEN
    for seat, role in enumerate(cards, 1):
        r = ROLES[role]
        agent.dealt(seat, {"role": role, "faction": r.faction, "team": r.team})
    agent.observe(None, ev("phase", 1))
    # every observer weighs a seat's side by the same factor
    for s in range(1, 13):
        factors = {m.beliefs.soft[s][1] for seat, m in agent.minds.items() if seat != s}
        assert len(factors) == 1
