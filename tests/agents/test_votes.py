"""Votes as public evidence: a vote's ``ballot`` clause and how the table agent reads it
(:meth:`wolfdsl.agents.table.TableAgent.ballots`)."""
import pytest

from wolfdsl.agents.table import TableAgent
from wolfdsl.lang.load import load
from wolfdsl.play.game import Game
from wolfdsl.play.views import board_of

RULESET = load("standard-12")
CARDS = ["villager"] * 3 + ["werewolf"] * 4 + ["seer", "witch", "hunter", "guard", "villager"]


def test_the_prelude_says_how_its_ballots_read():
    assert RULESET.ballots == {"exile": "accuses", "sheriff": "backs"}
    assert board_of(Game(RULESET, 1, TableAgent(1))).ballots == {"exile": "accuses", "sheriff": "backs"}


def seated(vote: float) -> TableAgent:
    agent = TableAgent(5, read=0.0, vote=vote)
    agent.setup(board_of(Game(RULESET, 1, TableAgent(1))))
    for seat, role in enumerate(CARDS, 1):
        r = RULESET.roles[role]
        agent.dealt(seat, {"role": role, "faction": r.faction, "team": r.team})
    agent.observe(None, {"seq": 0, "game": 0, "day": 1, "phase": "day", "type": "phase"})
    return agent


def vote(kind, ballots):
    return {"seq": 1, "game": 0, "day": 1, "phase": "day", "type": "vote", "kind": kind, "round": 1,
            "ballots": ballots}


@pytest.mark.parametrize("kind,ratio", [
    # nothing known: the candidate is a wolf with p = 4/12; e = 1 - 0.1
    ("exile", ((2 / 3) + 0.9 / 3) / (1 / 3 + 0.9 * 2 / 3)),   # accusing a likely villager: suspect
    ("sheriff", (1 / 3 + 0.9 * 2 / 3) / ((2 / 3) + 0.9 / 3)),  # backing a likely villager: cleared a little
])
def test_a_ballot_weighs_the_voter_by_the_exact_ratio(kind, ratio):
    agent = seated(0.1)
    agent.observe(None, vote(kind, {2: 5, 3: 5, 5: 5}))
    public = agent.minds[None].beliefs
    wolf = public.factions.index("werewolves")
    assert public.soft[2][wolf] == pytest.approx(ratio)
    assert public.soft[3][wolf] == pytest.approx(ratio)
    assert public.soft[5][wolf] == 1.0        # a vote for oneself says nothing
    assert public.soft[4][wolf] == 1.0        # nor does not voting
    # every seat's mind weighs the ballots alike
    assert {m.beliefs.soft[2][wolf] for s, m in agent.minds.items() if s != 2} == {public.soft[2][wolf]}


def test_vote_zero_reads_nothing_and_a_vote_without_a_clause_neither():
    agent = seated(0.0)
    agent.observe(None, vote("exile", {2: 5}))
    wolf = agent.minds[None].beliefs.factions.index("werewolves")
    assert agent.minds[None].beliefs.soft[2][wolf] == 1.0
    agent = seated(0.1)
    agent.observe(None, vote("pk", {2: 5}))    # no vote of this kind has a ballot clause
    assert agent.minds[None].beliefs.soft[2][wolf] == 1.0


def test_vote_is_checked():
    with pytest.raises(ValueError, match="vote is between 0 and 1"):
        TableAgent(1, vote=1.0)


@pytest.mark.parametrize("name", ["mixed-blood-12", "cupid-thief-12", "cupid-9"])
def test_nobody_votes_himself_out_after_changing_sides(name):
    """Seats whose side changes during the game (the mixed-blood, the thief, a lover of
    the other side) voted to exile themselves (mixed-blood-12 seed 3: seat 10, twice)."""
    from wolfdsl.play import play_game
    rs = load(name)
    selves = 0
    for seed in range(1, 16):
        for e in play_game(rs, seed).events:
            if e["type"] == "vote" and e.get("kind") == "exile":
                selves += sum(1 for v, c in e["ballots"].items() if v == c)
    assert selves == 0
