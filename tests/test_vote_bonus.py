"""Votes added to a candidate's total beyond the ballots: a vote's ``bonus`` clause, and
``extend func`` with which several role files add to the prelude's ``extra_votes`` hook
without replacing the exile vote (the raven's mark, roles/raven.wolf, ROLE-RAVEN-03)."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from backends import load_with
from wolfdsl.diagnostics import WolfError
from wolfdsl.lang.ir import RuleRuntimeError
from wolfdsl.lang.load import load
from wolfdsl.play import play, play_game
from wolfdsl.play.agents import RandomAgent
from wolfdsl.present.narrate import narrate
from wolfdsl.scenario import run_scenario

ROOT = Path(__file__).resolve().parent.parent
RAVEN_9 = ROOT / "tests" / "scenarios" / "rulesets" / "raven-9.wolf"
SEATS = ["werewolf"] * 3 + ["seer", "witch", "hunter", "raven", "villager", "villager"]
DECK = "players 9\ndeck 9: werewolf*3, seer, witch, hunter, raven, villager*2\nset wolf_win = town\n"


def _write(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _two_role_files(tmp_path) -> Path:
    """A board importing the raven and another role file that adds votes on its own."""
    _write(tmp_path, "grudge.wolf", """\
        import "roles"
        word grudge "the grudge" "积怨"
        # seat 3 has one more vote against him at every exile vote
        extend func extra_votes(c, round) as grudge = if c == 3 then 1 else 0
        """)
    return _write(tmp_path, "board.wolf", 'import "roles/raven"\nimport "grudge"\n' + DECK)


def _scenario(tmp_path, board: Path, decisions: str, extra: str = "stop_after: day 1\n") -> list[dict]:
    head = f"ruleset: {board.name}\nseed: 1\nseats: [{', '.join(SEATS)}]\notherwise: abstain\n"
    path = _write(tmp_path, "s.yaml", head + extra + "decisions:\n" + textwrap.indent(textwrap.dedent(decisions), "  "))
    outcome = run_scenario(str(path))
    assert outcome.ok, outcome.report
    return outcome.result.events


def _votes(events) -> list[dict]:
    return [{k: e.get(k) for k in ("round", "ballots", "tally", "top", "result", "bonus")}
            for e in events if e["type"] == "vote"]


def test_two_role_files_both_add_votes_each_shown_by_its_name(tmp_path):
    board = _two_role_files(tmp_path)
    events = _scenario(tmp_path, board, """\
        - {at: night 1, by: werewolves, do: kill, choose: 8}
        - {at: night 1, by: raven, do: mark, choose: 3}
        - {at: day 1, do: exile_vote, votes: {4: 1, 5: 1}}
        """)
    (vote,) = _votes(events)
    # 3 has no ballot: the raven's 2 and the grudge's 1 (in import order) beat 1's two ballots
    assert vote == {"round": 1, "ballots": {1: None, 2: None, 3: None, 4: 1, 5: 1, 6: None, 7: None, 9: None},
                    "tally": {1: 2, 3: 3}, "top": [3], "result": 3,
                    "bonus": {3: {"raven_mark": 2, "grudge": 1}}}
    deaths = [(e["seat"], e["cause"]) for e in events if e["type"] == "death"]
    assert deaths == [(8, "wolf"), (3, "exile")]
    rs = load(str(board))
    lines = [line for line in narrate(events, rs) if line.startswith("    3号")]
    assert lines == ["    3号: 3 votes (+2 the raven's mark; +1 the grudge)"]
    zh = [line for line in narrate(events, rs, lang="zh") if "积怨" in line]
    assert zh == ["    3号：3票（+2 乌鸦标记；+1 积怨）"]


def test_the_totals_with_the_bonus_make_the_tie_and_the_pk_round_keeps_a_term_of_every_round(tmp_path):
    board = _two_role_files(tmp_path)
    events = _scenario(tmp_path, board, """\
        - {at: night 1, by: werewolves, do: kill, choose: 8}
        - {at: day 1, do: exile_vote, votes: {4: 1, 5: 1, 6: 3}}
        - {at: day 1, do: exile_vote, round: 2, votes: {4: 1, 5: 1}}
        """)
    first, pk = _votes(events)
    assert (first["tally"], first["top"], first["result"], first["bonus"]) == ({1: 2, 3: 2}, [1, 3], None,
                                                                               {3: {"grudge": 1}})
    # the PK round: 3's grudge still counts (every round), 1 has two ballots: 1 is exiled
    assert (pk["round"], pk["tally"], pk["top"], pk["bonus"]) == (2, {1: 2, 3: 1}, [1], {3: {"grudge": 1}})


def test_a_func_extension_adds_to_every_call_and_survives_a_replace(tmp_path):
    board = _write(tmp_path, "board.wolf", """\
        import "roles"
        players 12
        deck 12: werewolf*4, seer, witch, hunter, guard, villager*4
        func base(x) = x
        extend func base(x) = 10 * x
        replace func base(x) = x + 1
        extend func base as hundred = 100
        step probe in night first { log note { text: base(2) } }
        """)
    rs = load(str(board))
    assert [n for n, _ in rs.funcs["base"].terms] == ["base", "base", "hundred"]
    res = play(rs, seed=1, agent=RandomAgent(1), seats=["werewolf"] * 4 + ["seer", "witch", "hunter", "guard"]
               + ["villager"] * 4)
    assert [e["text"] for e in res.events if e["type"] == "note" and isinstance(e.get("text"), int)][:1] == [123]


def _errors(tmp_path, body: str) -> list[str]:
    path = _write(tmp_path, "bad.wolf", 'import "roles"\n' + DECK.replace("raven", "villager") + body)
    with pytest.raises(WolfError) as err:
        load(str(path))
    return [f"{d.code} {d.message}" for d in err.value.diagnostics]


def test_extending_an_unknown_func_is_e203_and_other_parameters_e206(tmp_path):
    assert _errors(tmp_path, "extend func extra_vote(c, round) = 1\n") == [
        "E203 'extend func extra_vote': no func 'extra_vote' is declared (did you mean 'extra_votes'?)"]
    (e206,) = _errors(tmp_path, "extend func extra_votes(seat, round) = 1\n")
    assert e206.startswith("E206 'extend func extra_votes(seat, round)': the func is declared as "
                           "extra_votes(c, round)")


def test_two_extensions_with_one_term_name_are_e202(tmp_path):
    # they merged silently: a second file's votes were shown as the raven's
    assert _errors(tmp_path, 'import "roles/raven"\n'
                             "extend func extra_votes(c, round) as raven_mark = 1\n") == [
        "E202 'extend func extra_votes as raven_mark': the term 'raven_mark' is already added, by the extension "
        "at raven.wolf:57; give this one another name (as NAME)"]


def test_a_bonus_is_per_candidate_and_cannot_read_the_voter(tmp_path):
    (err,) = _errors(tmp_path, """\
        step probe in day last {
            vote probe kind probe voters v in alive candidates c in alive bonus if v == c then 1 else 0 -> top { }
        }
        """)
    assert err == ("E201 unknown name 'v': a bonus is counted once per candidate 'c', not per ballot, so the voter "
                   "'v' is not bound there; to count a ballot more (or less), write it in the 'weight'")


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_a_bonus_that_is_no_number_is_an_e401_at_its_term(tmp_path, monkeypatch, backend):
    # it was reported at the prelude's vote, far from the line to fix
    path = _write(tmp_path, "probe.wolf", 'import "roles/raven"\n' + DECK
                  + 'extend func extra_votes(c, round) as oops = if c.alive then c.role else 0\n')
    rs = load_with(str(path), backend, monkeypatch)
    with pytest.raises(RuleRuntimeError) as err:
        play(rs, seed=1, agent=RandomAgent(1), seats=SEATS)
    d = err.value.diagnostics[0]
    line = next(i for i, t in enumerate((ROOT / "rulesets" / "prelude.wolf").read_text().splitlines(), 1)
                if "bonus extra_votes(c, round)" in t)
    assert (d.code, Path(d.span.file).name, d.span.line, d.span.col) == ("E401", "probe.wolf", 5, 45)
    assert [(Path(r.span.file).name, r.span.line, r.message) for r in d.related] == [
        ("prelude.wolf", line, "the vote's bonus that adds it")]
    assert "day 1: this bonus gives " in d.message
    assert "(oops): a bonus is a number of votes; write 0 for none: if ... then 2 else 0" in d.message


def test_both_backends_give_the_same_event_log_with_the_raven(monkeypatch):
    gen = load_with(str(RAVEN_9), "python", monkeypatch)
    clo = load_with(str(RAVEN_9), "closures", monkeypatch)
    bonus_votes = 0
    for seed in range(1, 13):
        for agents in ("random", "table"):
            a = [json.dumps(e, sort_keys=True) for e in play_game(gen, seed, 0, agents).events]
            b = [json.dumps(e, sort_keys=True) for e in play_game(clo, seed, 0, agents).events]
            assert a == b
            bonus_votes += sum('"bonus"' in e for e in a)
    assert bonus_votes > 0  # the raven marked someone who then stood in a vote


def test_the_table_bots_read_ballots_not_the_bonus():
    from wolfdsl.agents.table import TableAgent
    from wolfdsl.play.game import Game
    from wolfdsl.play.views import board_of
    rs = load(str(RAVEN_9))
    vote = {"seq": 1, "game": 0, "day": 1, "phase": "day", "type": "vote", "kind": "exile", "round": 1,
            "ballots": {4: 1, 5: 1, 6: 2}, "tally": {1: 2, 2: 1}, "result": 1, "top": [1]}
    marked = {**vote, "tally": {1: 2, 2: 3, 3: 2}, "result": 2, "top": [2],
              "bonus": {2: {"raven_mark": 2}, 3: {"raven_mark": 2}}}
    seen = []
    for event in (vote, marked):
        agent = TableAgent(5, read=0.0, vote=0.1)
        agent.setup(board_of(Game(rs, 1, TableAgent(1))))
        for seat, role in enumerate(SEATS, 1):
            r = rs.roles[role]
            agent.dealt(seat, {"role": role, "faction": r.faction, "team": r.team})
        agent.observe(None, {"seq": 0, "game": 0, "day": 1, "phase": "day", "type": "phase"})
        agent.observe(None, event)
        seen.append({s: [list(m.beliefs.soft[x]) for x in range(1, 10)] for s, m in agent.minds.items()})
    assert seen[0] == seen[1]
    wolf = agent.minds[None].beliefs.factions.index("werewolves")
    assert agent.minds[None].beliefs.soft[4][wolf] != 1.0  # the ballots were read


def test_a_term_that_is_text_or_a_yes_no_is_e212_before_the_game(tmp_path):
    assert _errors(tmp_path, 'import "roles/raven"\n'
                             'extend func extra_votes(c, round) as oops = if c.alive then "two" else no\n'
                             "extend func extra_votes(c, round) = 1\n") == [
        "E212 'extend func extra_votes as oops' gives the string \"two\": the func's value is the sum of its "
        "terms, a number; write a number, such as 'if ... then 2 else 0'",
        "E212 'extend func extra_votes as oops' gives 'no', which is a yes/no: the func's value is the sum of its "
        "terms, a number; write a number, such as 'if ... then 2 else 0'"]
