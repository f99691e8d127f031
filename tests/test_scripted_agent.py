"""The scripted agent against hand-made requests, and run_scenario on a fake engine."""
from __future__ import annotations

import json
import sys
import textwrap

import pytest

from wolfdsl.play.agents import Request
from wolfdsl.diagnostics import Diagnostic, Span, WolfError
from wolfdsl.play.eventlog import validate_events
from wolfdsl.play.results import GameResult
from wolfdsl.scenario import ScriptedAgent, load_scenario, run_scenario

SEATS = tuple(range(1, 13))


def scenario(tmp_path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_scenario(str(path))


def req(action: str, actor: int | None = None, by: str | None = None, at: str = "night 1", *,
        kind: str = "seat", options: tuple = SEATS, can_pass: bool = True, round: int = 1,
        count: int = 1) -> Request:
    phase, day = at.split()
    return Request(action=action, short=action.rsplit(".", 1)[-1], actor=actor, by=by, day=int(day),
                   phase=phase, round=round, kind=kind, options=options, can_pass=can_pass, count=count)


def where(error: WolfError) -> list[tuple[int, int, str]]:
    return [(d.span.line, d.span.col, d.message) for d in error.diagnostics]


# -- matching ---------------------------------------------------------------------------

def test_matches_by_seat_role_and_team(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, """\
        decisions:
          - {at: night 1, by: guard, do: protect, choose: 10}
          - {at: night 1, by: werewolves, do: kill, choose: 9}
          - {at: night 1, by: 6, do: save, choose: yes}
          - {at: night 1, by: seer, do: check, choose: 1}
        """))
    assert agent.decide(req("werewolves.kill", None, "werewolves")) == 9
    assert agent.decide(req("guard.protect", 8, "guard")) == 10
    assert agent.decide(req("witch.save", 6, "witch", kind="yes_no", options=(True, False))) is True
    assert agent.decide(req("seer.check", 5, "seer")) == 1
    assert (agent.last_span.line, agent.last_span.col, agent.last_source) == (5, 48, "decisions[3]")


def test_role_by_does_not_match_a_request_addressed_to_a_seat(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, "decisions: [{at: day 1, by: hunter, do: shoot, choose: 4}]\n"))
    assert agent.decide(req("hunter.shoot", 7, None, "day 1")) is None  # otherwise: abstain
    assert agent.decide(req("hunter.shoot", 7, "hunter", "day 1")) == 4


def test_each_answer_is_used_once(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, "decisions: [{at: night 1, by: seer, do: check, choose: 1}]\n"))
    assert agent.decide(req("seer.check", 5, "seer")) == 1
    assert agent.decide(req("seer.check", 5, "seer")) is None


def test_at_do_and_round_must_agree(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, """\
        decisions:
          - {at: day 1, by: 3, do: exile_vote, choose: 4}
          - {at: day 1, by: 3, do: exile_vote, round: 2, choose: 5}
          - {at: day 2, by: 3, do: exile_vote, choose: 6}
        """))
    assert agent.decide(req("exile_vote", 3, None, "day 2", kind="ballot")) == 6
    assert agent.decide(req("exile_vote", 3, None, "day 1", kind="ballot", round=2)) == 5
    assert agent.decide(req("sheriff_vote", 3, None, "day 1", kind="ballot")) is None
    assert agent.decide(req("exile_vote", 3, None, "day 1", kind="ballot")) == 4


def test_list_of_seats_gives_each_seat_its_own_copy(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, "decisions: [{at: day 1, by: [5, 6], do: run_for_sheriff, choose: yes}]\n"))
    yes_no = dict(kind="yes_no", options=(True, False))
    assert agent.decide(req("run_for_sheriff", 6, None, "day 1", **yes_no)) is True
    assert agent.last_source == "decisions[0].by[1]"
    assert agent.decide(req("run_for_sheriff", 5, None, "day 1", **yes_no)) is True
    assert agent.decide(req("run_for_sheriff", 5, None, "day 1", round=2, **yes_no)) is None
    assert agent.decide(req("run_for_sheriff", 7, None, "day 1", **yes_no)) is None


def test_seat_answer_wins_over_role_answer(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, """\
        decisions:
          - {at: night 1, by: guard, do: protect, choose: 1}
          - {at: night 1, by: 8, do: protect, choose: 2}
        """))
    assert agent.decide(req("guard.protect", 8, "guard")) == 2
    assert agent.decide(req("guard.protect", 8, "guard")) == 1


def test_do_may_be_the_full_action_id(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, "decisions: [{at: night 1, by: 6, do: witch.poison, choose: none}]\n"))
    assert agent.decide(req("witch.poison", 6, "witch", can_pass=False)) is None
    assert agent.last_source == "decisions[0]"


def test_votes_shorthand_and_abstention_of_unlisted_voters(tmp_path):
    sc = scenario(tmp_path, """\
        otherwise: error
        decisions:
          - {at: day 1, do: exile_vote, votes: {2: 9, 3: none, 4: 9}}
        """)
    agent = ScriptedAgent(sc)
    ballot = dict(kind="ballot", at="day 1")
    assert agent.decide(req("exile_vote", 4, **ballot)) == 9
    assert (agent.last_span.line, agent.last_span.col, agent.last_source) == (3, 59, "decisions[0].votes.4")
    assert agent.decide(req("exile_vote", 3, **ballot)) is None
    assert agent.decide(req("exile_vote", 2, **ballot)) == 9
    # Seat 7 is not listed: it abstains instead of falling to `otherwise: error`.
    assert agent.decide(req("exile_vote", 7, **ballot)) is None
    assert agent.last_source == "decisions[0].votes (seat 7 not listed, so abstains)"
    assert (agent.last_span.line, agent.last_span.col) == (3, 40)
    # A later round has no votes entry: `otherwise` applies.
    with pytest.raises(WolfError):
        agent.decide(req("exile_vote", 7, round=2, **ballot))
    agent.phase_end(1, "day", False)


def test_choice_shapes_follow_the_request(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, """\
        decisions:
          - {at: night 1, by: cupid, do: link, choose: [7, 2]}
          - {at: night 1, by: 1, do: charm, choose: 4}
          - {at: night 1, by: 2, do: protect, choose: [4]}
          - {at: night 1, by: thief, do: choose, choose: werewolf}
        """))
    assert agent.decide(req("cupid.link", 3, "cupid", kind="seats", count=2)) == (2, 7)
    assert agent.decide(req("x.charm", 1, "x", kind="seats")) == (4,)
    assert agent.decide(req("guard.protect", 2, "guard")) == 4
    assert agent.decide(req("thief.choose", 3, "thief", kind="symbol", options=("werewolf", "villager"))) == "werewolf"


# -- otherwise ----------------------------------------------------------------------------

def test_otherwise_abstain_passes_where_allowed_and_fails_where_not(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, "seed: 1\notherwise: abstain\ndecisions: []\n"))
    assert agent.decide(req("seer.check", 5, "seer")) is None
    with pytest.raises(WolfError) as info:
        agent.decide(req("thief.choose", 3, "thief", kind="symbol", options=("werewolf", "hunter"),
                         can_pass=False))
    assert where(info.value) == [(2, 1,
        "night 1: thief.choose by seat 3 must be decided (the rules allow no pass); add a decision: "
        "`- {at: night 1, by: 3, do: choose, choose: werewolf}` (options: werewolf, hunter)")]
    assert agent.last_span is None


def test_otherwise_error_names_the_request_and_the_line_to_add(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, "otherwise: error\n"))
    with pytest.raises(WolfError) as info:
        agent.decide(req("werewolves.kill", None, "werewolves", options=(5, 6, 7)))
    assert where(info.value) == [(1, 1,
        "night 1: werewolves.kill by werewolves is not in the script (otherwise: error); add a decision: "
        "`- {at: night 1, by: werewolves, do: kill, choose: 5}` (options: 5, 6, 7 or none)")]
    with pytest.raises(WolfError) as info:
        agent.decide(req("witch.save", 6, "witch", kind="yes_no", options=(True, False), can_pass=False))
    assert "`- {at: night 1, by: 6, do: save, choose: yes}` (options: yes or no)" in str(info.value)
    with pytest.raises(WolfError) as info:
        agent.decide(req("exile_vote", 2, None, "day 1", kind="ballot", round=2, options=(1, 9)))
    assert ("day 1 (round 2): exile_vote by seat 2 is not in the script (otherwise: error); add a decision: "
            "`- {at: day 1, by: 2, do: exile_vote, choose: 1, round: 2}` (options: 1, 9 or none)") \
        in str(info.value)


def test_otherwise_random_is_legal_and_seeded(tmp_path):
    sc = scenario(tmp_path, "otherwise: random\nseed: 3\n")
    a, b = ScriptedAgent(sc, 11), ScriptedAgent(sc, 11)
    picks_a = [a.decide(req("x.y", 1, "x", options=(2, 4, 6), can_pass=False)) for _ in range(30)]
    picks_b = [b.decide(req("x.y", 1, "x", options=(2, 4, 6), can_pass=False)) for _ in range(30)]
    assert picks_a == picks_b and set(picks_a) == {2, 4, 6}
    pairs = [a.decide(req("x.z", 1, "x", kind="seats", count=2, options=(1, 2, 3), can_pass=False))
             for _ in range(10)]
    assert all(len(p) == 2 and p == tuple(sorted(p)) and set(p) <= {1, 2, 3} for p in pairs)


# -- decisions never requested --------------------------------------------------------------

NEVER = """\
    decisions:
      - {at: night 1, by: guard, do: protect, choose: 10}
      - {at: night 2, by: witch, do: save, choose: yes}
      - {at: night 2, by: 6, do: poison, choose: 3}
      - {at: night 2, by: seer, do: chek, choose: 1}
      - {at: night 2, by: 8, do: protect, choose: 2}
      - {at: day 3, by: 1, do: self_destruct, choose: yes}
"""


def test_never_requested_is_an_error_with_the_reason_the_rules_gave(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, NEVER))
    agent.decide(req("guard.protect", 8, "guard"))
    agent.phase_end(1, "night", False)
    agent.decide(req("seer.check", 5, "seer", "night 2"))
    agent.decide(req("guard.protect", 7, "guard", "night 2"))
    agent.not_offered("witch.save", 6, "witch", 2, "night", "the witch is dead")
    agent.not_offered("witch.poison", 6, "witch", 2, "night", "ROLE-WITCH-02: at most one potion a night")
    with pytest.raises(WolfError) as info:
        agent.phase_end(2, "night", False)
    assert where(info.value) == [
        (3, 5, "decisions[1] (night 2, witch save) was never requested: the witch is dead"),
        (4, 5, "decisions[2] (night 2, seat 6 poison) was never requested: "
               "ROLE-WITCH-02: at most one potion a night"),
        (5, 5, "decisions[3] (night 2, seer chek) was never requested (did you mean 'check'?)"),
        (6, 5, "decisions[4] (night 2, seat 8 protect) was never requested; the rules asked seat 7"),
    ]
    assert "3 |   - {at: night 2, by: witch, do: save, choose: yes}" in info.value.render()
    assert agent.warnings == []


def test_cut_short_and_game_end_give_warnings(tmp_path):
    sc = scenario(tmp_path, NEVER)
    agent = ScriptedAgent(sc)
    agent.decide(req("guard.protect", 8, "guard"))
    agent.phase_end(1, "night", False)
    agent.phase_end(2, "night", True)
    agent.game_end(True)
    p = sc.path
    assert agent.warnings == [
        f"{p}:3:5: warning: decisions[1] (night 2, witch save) was never requested (the rules cut night 2 short)",
        f"{p}:4:5: warning: decisions[2] (night 2, seat 6 poison) was never requested (the rules cut night 2 short)",
        f"{p}:5:5: warning: decisions[3] (night 2, seer chek) was never requested (the rules cut night 2 short)",
        f"{p}:6:5: warning: decisions[4] (night 2, seat 8 protect) was never requested (the rules cut night 2 short)",
        f"{p}:7:5: warning: decisions[5] (day 3, seat 1 self_destruct) was never requested: the game ended first",
    ]


def test_stopped_run_and_skipped_phase(tmp_path):
    sc = scenario(tmp_path, """\
        decisions:
          - {at: day 1, by: [1, 2], do: run_for_sheriff, choose: yes}
          - {at: day 3, do: exile_vote, votes: {4: 5}}
        """)
    agent = ScriptedAgent(sc)
    agent.phase_end(1, "night", False)
    agent.phase_end(2, "night", False)   # a ruleset whose day 1 never came
    with pytest.raises(WolfError) as info:
        agent.game_end(False)
    assert where(info.value) == [
        (2, 22, "decisions[0].by[0] (day 1, seat 1 run_for_sheriff) was never requested: day 1 never took place"),
        (2, 25, "decisions[0].by[1] (day 1, seat 2 run_for_sheriff) was never requested: day 1 never took place"),
    ]
    assert agent.warnings == [f"{sc.path}:3:44: warning: decisions[1].votes.4 (day 3, seat 4 exile_vote) "
                              "was never requested: the run stopped first"]


def test_blame_points_the_engine_error_at_the_scripted_answer(tmp_path):
    agent = ScriptedAgent(scenario(tmp_path, "decisions:\n  - {at: night 1, by: guard, do: protect, choose: 10}\n"))
    agent.decide(req("guard.protect", 8, "guard"))
    rule = Span("rules.wolf", 40, 3)
    engine_error = WolfError([Diagnostic(rule, "error", "night 1: guard.protect by seat 8: ROLE-GUARD-02: "
                                                        "not the same seat two nights running")])
    blamed = agent.blame(engine_error)
    [d] = blamed.diagnostics
    assert (d.span.line, d.span.col, d.message) == (
        2, 51, "decisions[0]: night 1: guard.protect by seat 8: ROLE-GUARD-02: not the same seat two nights running")
    assert d.related[0].span == rule
    agent.decide(req("guard.protect", 8, "guard", "night 2"))  # otherwise: no script line to blame
    assert agent.blame(engine_error) is engine_error


# -- run_scenario on a fake engine ------------------------------------------------------------

class FakeDecisionError(WolfError):
    pass


def fake_modules(monkeypatch, script, loaded: list):
    """A loader returning its arguments and an engine that plays ``script(agent, kw)``."""
    from wolfdsl.scenario import run as runner

    def load(ref, options=None, players=None, base_dir=None):
        return loaded.append((ref, options, players, base_dir)) or "RULESET"

    def play(ruleset, *, seed, agent, game=0, seats=None, attributes=None, stop_after=None,
             extra_cards=None, cards=None):
        assert ruleset == "RULESET"
        kw = dict(seed=seed, seats=seats, attributes=attributes, stop_after=stop_after,
                  extra_cards=extra_cards, cards=cards)
        return script(agent, kw)

    monkeypatch.setattr(runner, "load", load)
    monkeypatch.setattr(runner, "play", play)
    monkeypatch.setattr(runner, "DecisionError", FakeDecisionError)


def ev(seq, day, phase, type_, **fields):
    return {"seq": seq, "game": 0, "day": day, "phase": phase, "type": type_, **fields}


SCENARIO = """\
    ruleset: ../rules/mine.wolf
    seed: 7
    seats: [werewolf, seer, witch, villager]
    options: {sheriff_vote_weight: 2}
    players: [{seat: 1, gender: f}]
    cards: [{at: day 2, card: nightmare}]
    stop_after: day 1
    decisions:
      - {at: night 1, by: werewolves, do: kill, choose: 4}
      - {at: day 1, do: exile_vote, votes: {2: 1, 3: 1}}
    expect:
      deaths: [{seat: 4, cause: wolf, at: night 1}, {seat: 1, cause: exile, at: day 1, last_words: yes}]
      sheriff: none
      winner: village
"""


def play_script(agent, kw):
    """Night 1 the wolves kill 4; day 1 seats 1-3 vote; 1 is exiled; the village wins."""
    events = [ev(0, 0, "night", "game_start", ruleset="mine", seed=kw["seed"],
                 seats=[{"seat": 1, "role": "werewolf", "faction": "werewolves"}])]
    target = agent.decide(req("werewolves.kill", None, "werewolves", options=(2, 3, 4)))
    agent.phase_end(1, "night", False)
    events.append(ev(1, 1, "night", "death", seat=target, role="villager", cause="wolf", last_words=False))
    ballots = {s: agent.decide(req("exile_vote", s, None, "day 1", kind="ballot", options=(1, 2, 3, 4)))
               for s in (1, 2, 3)}
    events.append(ev(2, 1, "day", "vote", kind="exile", round=1, ballots=ballots, tally={1: 2}, result=1))
    events.append(ev(3, 1, "day", "death", seat=1, role="werewolf", cause="exile", last_words=True))
    events.append(ev(4, 1, "day", "game_over", winners=["village"], winning_seats=[2, 3], reason="WIN-01"))
    agent.phase_end(1, "day", False)
    agent.game_end(True)
    return GameResult(game=0, seed=kw["seed"], events=events, winners=["village"], winning_seats=[2, 3],
                      reason="WIN-01", over=True, days=1), kw


def test_run_scenario_passes_everything_to_the_engine_and_checks_expect(tmp_path, monkeypatch):
    (tmp_path / "sc").mkdir()
    path = tmp_path / "sc" / "s.yaml"
    path.write_text(textwrap.dedent(SCENARIO), encoding="utf-8")
    loaded, seen = [], {}

    def script(agent, kw):
        result, seen["kw"] = play_script(agent, kw)
        return result

    fake_modules(monkeypatch, script, loaded)
    log = tmp_path / "log.jsonl"
    outcome = run_scenario(str(path), log=str(log))
    # the player count is the scenario layer's to check (it points at `seats:`)
    assert loaded == [(str(tmp_path / "rules" / "mine.wolf"), {"sheriff_vote_weight": "2"}, None,
                       str(tmp_path / "sc"))]
    assert seen["kw"] == dict(seed=7, seats=["werewolf", "seer", "witch", "villager"],
                              attributes={1: {"gender": "f"}}, stop_after=("day", 1), extra_cards=None,
                              cards=[("day", 2, "nightmare")])
    assert outcome.ok, outcome.report
    assert outcome.report == "expect holds: deaths (2); sheriff none; winner village"
    assert outcome.warnings == []
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and json.loads(lines[2])["ballots"] == {"1": None, "2": 1, "3": 1}
    assert validate_events(outcome.result.events) == []

    run_scenario(str(path), ruleset_ref="standard-12")
    assert loaded[-1] == ("standard-12", {"sheriff_vote_weight": "2"}, None, None)


def test_run_scenario_reports_a_readable_diff(tmp_path, monkeypatch):
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(SCENARIO).replace("kill, choose: 4", "kill, choose: 3")
                    .replace("sheriff: none", "sheriff: 2").replace("winner: village", "winner: none"),
                    encoding="utf-8")
    fake_modules(monkeypatch, lambda agent, kw: play_script(agent, kw)[0], [])
    outcome = run_scenario(str(path))
    assert not outcome.ok
    p = str(path)
    assert outcome.report.splitlines() == [
        f"{p}:12:11: expect.deaths: the deaths differ from death 1 on",
        "  expected:",
        "    1. seat 4, wolf, night 1",
        "    2. seat 1, exile, day 1, last words",
        "  actual:",
        "    1. seat 3 (villager), wolf, night 1",
        "    2. seat 1 (werewolf), exile, day 1, last words",
        f"{p}:13:12: expect.sheriff: expected seat 2, got none",
        f"{p}:14:11: expect.winner: expected none, got village",
    ]


def test_run_scenario_points_engine_rejections_at_the_yaml(tmp_path, monkeypatch):
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(SCENARIO), encoding="utf-8")

    def script(agent, kw):
        agent.decide(req("werewolves.kill", None, "werewolves", options=(2, 3, 4)))
        raise FakeDecisionError("night 1: werewolves.kill: seat 4 is protected")

    fake_modules(monkeypatch, script, [])
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    assert where(info.value) == [(9, 53, "decisions[0]: night 1: werewolves.kill: seat 4 is protected")]


def test_run_scenario_lets_other_engine_errors_through(tmp_path, monkeypatch):
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(SCENARIO), encoding="utf-8")

    def script(agent, kw):
        raise WolfError("seat 3: unknown role 'witch'")

    fake_modules(monkeypatch, script, [])
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    # an engine error with no place of its own is placed on the scenario line it is about
    assert where(info.value) == [(3, 8, "seat 3: unknown role 'witch'")]


def test_run_scenario_needs_a_ruleset_and_points_loader_errors_at_it(tmp_path, monkeypatch):
    path = tmp_path / "s.yaml"
    path.write_text("seed: 1\n", encoding="utf-8")
    fake_modules(monkeypatch, lambda agent, kw: None, [])
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    assert where(info.value)[0][:2] == (1, 1)
    assert "the scenario names no ruleset" in str(info.value)

    path.write_text("seed: 1\nruleset: standard-13\n", encoding="utf-8")

    def refuse(ref, **kw):
        raise WolfError("unknown ruleset 'standard-13' (did you mean 'standard-12'?)")

    monkeypatch.setattr(sys.modules["wolfdsl.scenario.run"], "load", refuse)
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    assert where(info.value) == [(2, 10, "unknown ruleset 'standard-13' (did you mean 'standard-12'?)")]


# -- with the real engine and a bundled ruleset ----------------------------------------------

def real_engine():
    pytest.importorskip("wolfdsl.play.game")
    pytest.importorskip("wolfdsl.lang.load")


def test_contract_example_holds_on_the_real_engine(tmp_path):
    real_engine()
    from test_scenario_loader import CONTRACT_EXAMPLE
    path = tmp_path / "example.yaml"
    path.write_text(CONTRACT_EXAMPLE, encoding="utf-8")
    outcome = run_scenario(str(path))
    # standard-12 has no event cards: the example's fixed card is reported, not used
    assert (outcome.ok, outcome.warnings) == (
        True, ["cards: standard-12 draws no event cards; 'nightmare' at day 2 is not used"]), outcome.report
    assert outcome.report == "expect holds: deaths (1); sheriff seat 5; winner none"


def test_real_engine_rejection_points_at_the_choice(tmp_path):
    real_engine()
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent("""\
        ruleset: standard-12
        seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard,
                villager, villager, villager, villager]
        stop_after: night 2
        decisions:
          - {at: night 1, by: guard, do: protect, choose: 10}
          - {at: night 2, by: guard, do: protect, choose: 10}
        """), encoding="utf-8")
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    [(line, col, message)] = where(info.value)
    assert (line, col) == (7, 51)
    assert message.startswith("decisions[1]: night 2: guard.protect by seat 8") and "ROLE-GUARD-02" in message


def test_check_expect_several_winners_and_last_words(tmp_path):
    from wolfdsl.scenario import check_expect
    sc = scenario(tmp_path, """\
        expect:
          winner: [lovers, village]
          deaths: [{seat: 2, cause: wolf, at: night 1, last_words: no}]
        """)
    death = ev(0, 1, "night", "death", seat=2, role="x", cause="wolf", last_words=True)
    result = GameResult(game=0, seed=0, events=[death], winners=["village", "lovers"], over=True)
    ok, report = check_expect(sc, result)
    assert not ok and report.splitlines()[2:] == [
        "    1. seat 2, wolf, night 1, no last words", "  actual:", "    1. seat 2 (x), wolf, night 1, last words"]
    result.events[0]["last_words"] = False
    assert check_expect(sc, result) == (True, "expect holds: deaths (1); winner lovers, village")
    result.winners = ["village"]
    assert check_expect(sc, result)[1].endswith("expect.winner: expected lovers, village, got village")
    assert check_expect(scenario(tmp_path, "seed: 1\n", "b.yaml"), result) == (
        True, "nothing to check: the scenario has no `expect:` block")
