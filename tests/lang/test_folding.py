"""Compile-time work the engine no longer repeats (issue 10): constants folded, clauses
that can never apply left out, a vote's voter-free candidate checks split off."""
import pytest

from wolfdsl.lang.load import load
from wolfdsl.play import play
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play.referee import Referee

HEADER = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'


class _Asking(RandomAgent):
    """The random agent asked through a full Request (so the referee sees every op)."""

    def decide(self, request):
        return super().decide(request)


def ops_of(monkeypatch, ruleset, options=None, seed=3):
    """The DecideOp and VoteOp values a seeded random game of ``ruleset`` runs, by action
    (the generated decisions hand them to ``Referee.ask`` / ``ask_ballot``)."""
    seen = {}

    def spy(name):
        real = getattr(Referee, name)

        def wrapped(self, op, *args, **kw):
            seen.setdefault(op.action, op)
            return real(self, op, *args, **kw)
        monkeypatch.setattr(Referee, name, wrapped)

    for name in ("decide", "vote", "ask", "ask_ballot"):
        spy(name)
    rs = load(ruleset, options)
    for s in range(seed, seed + 5):
        play(rs, seed=s, agent=_Asking(s))
    return seen


def reasons(clauses):
    return [r.split(":")[0] for _, r in clauses]


def test_the_exile_votes_voter_free_checks_are_made_once_per_vote(monkeypatch):
    op = ops_of(monkeypatch, "new-moon")["exile_vote"]
    assert reasons(op.cand_unless) == ["DAY-09", "DAY-11", "ROLE-LOVERS-04", "DAY-10", "NEWMOON-29"]
    assert reasons(op.cand_fixed) == ["DAY-09", "DAY-11", "DAY-10"]
    assert reasons(op.cand_by_voter) == ["ROLE-LOVERS-04", "NEWMOON-29"]   # read v.partner
    assert reasons(op.abstain_must) == ["NEWMOON-29"]   # a must clause also checks the abstention
    monkeypatch.undo()
    op = ops_of(monkeypatch, "standard-12")["exile_vote"]
    assert reasons(op.cand_fixed) == ["DAY-09", "DAY-11"]   # DAY-10: nothing gives away or unvotable
    assert reasons(op.abstain_must) == []   # NEWMOON-29's must is left out: forced_lover_vote is false


def test_a_must_that_an_option_turns_on_is_checked_per_voter_and_on_abstentions(monkeypatch):
    op = ops_of(monkeypatch, "standard-12", {"forced_lover_vote": "true"})["exile_vote"]
    assert reasons(op.cand_by_voter) == ["ROLE-LOVERS-04", "NEWMOON-29"]
    assert reasons(op.abstain_must) == ["NEWMOON-29"]   # a must clause also checks the abstention


def test_a_status_nothing_gives_is_never_had(monkeypatch):
    # DAY-10 (c has away or c has unvotable): only New Moon's cards give those statuses
    op = ops_of(monkeypatch, "standard-12")["exile_vote"]
    assert reasons(op.cand_fixed) == ["DAY-09", "DAY-11"]
    kill = ops_of(monkeypatch, "standard-12")["werewolves.kill"]
    assert reasons(kill.unless) == ["ROLE-WOLF_BEAUTY-03"]   # t has away or t has out_of_reach
    monkeypatch.undo()
    kill = ops_of(monkeypatch, "new-moon")["werewolves.kill"]
    assert reasons(kill.unless)[-1] == "this player is out of the wolves' reach tonight (New Moon)"


def test_an_unless_that_can_never_forbid_is_left_out(monkeypatch):
    kill = ops_of(monkeypatch, "standard-12")["werewolves.kill"]
    assert reasons(kill.unless) == ["ROLE-WOLF_BEAUTY-03"]
    monkeypatch.undo()
    kill = ops_of(monkeypatch, "standard-12", {"lovers_mutual_ban": "vote_and_target"})["werewolves.kill"]
    assert reasons(kill.unless)[-1] == "ROLE-LOVERS-04"


def _log(tmp_path, body):
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + "step probe in night first { log probe { " + body + " } }\n", encoding="utf-8")
    res = play(load(str(path)), seed=1, agent=RandomAgent(1))
    ev = next(e for e in res.events if e["type"] == "probe")
    return {k: v for k, v in ev.items() if k not in ("seq", "game", "day", "phase", "type")}


def test_and_or_give_booleans_and_short_circuit(tmp_path):
    got = _log(tmp_path, "a: 1 and 2, b: 0 or none, c: none and 1 / 0, d: 1 or 1 / 0, "
                         "e: day == 1 and 3, f: day == 2 or [], g: sheriff_vote_weight == 2 and true, "
                         "h: not (sheriff_vote_weight == 2), i: if sheriff_vote_weight == 3 then 1 elif day == 1 then 2 else 3")
    assert got == {"a": True, "b": False, "c": False, "d": True, "e": True, "f": False, "g": True,
                   "h": False, "i": 2}


@pytest.mark.parametrize("body", ["x: day == 1 and none + 1", "x: sheriff_vote_weight == 2 and none + 1"])
def test_an_item_after_a_constant_still_fails_at_its_line(tmp_path, body):
    from wolfdsl.lang.ir import RuleRuntimeError
    with pytest.raises(RuleRuntimeError) as err:
        _log(tmp_path, body)
    assert err.value.diagnostics[0].code == "E401"
