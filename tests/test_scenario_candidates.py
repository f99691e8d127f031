"""`candidates:`: the seats that say yes to an offer made to each seat in turn (who runs
for sheriff); every other seat asked it says no, as a `votes:` map is the whole ballot —
so that `otherwise: error` need not list each non-candidate's `run_for_sheriff: no`."""
from __future__ import annotations

import pytest

from test_scenario_loader import errors_of, write
from wolfdsl.diagnostics import WolfError
from wolfdsl.scenario import run_scenario

NIGHT_1 = """\
ruleset: standard-12
seed: 3
seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard,
        villager, villager, villager, villager]
otherwise: {otherwise}
stop_after: day 1
decisions:
  - {{at: night 1, by: guard, do: protect, choose: 5}}
  - {{at: night 1, by: werewolves, do: kill, choose: 9}}
  - {{at: night 1, by: witch, do: save, choose: no}}
  - {{at: night 1, by: witch, do: poison, choose: none}}
  - {{at: night 1, by: seer, do: check, choose: 1}}
  - {campaign}
"""


def test_under_otherwise_error_the_seats_not_listed_do_not_run(tmp_path):
    path = write(tmp_path, NIGHT_1.format(otherwise="error", campaign="{at: day 1, do: run_for_sheriff, candidates: [5, 6]}"))
    with pytest.raises(WolfError) as info:
        run_scenario(path)
    # the campaign is answered for all twelve seats: the first request left is the seer's claim
    assert str(info.value).splitlines()[0] == (
        f"{path}:5:1: error: day 1: seer.claim by seat 5 is not in the script (otherwise: error); add a decision: "
        "`- {at: day 1, by: 5, do: claim, choose: yes}` (options: yes or no or none)")


def test_candidates_play_as_the_same_seats_saying_yes(tmp_path):
    listed = run_scenario(write(tmp_path, NIGHT_1.format(
        otherwise="abstain", campaign="{at: day 1, do: run_for_sheriff, candidates: [5, 6]}"), "a.yaml"))
    said = run_scenario(write(tmp_path, NIGHT_1.format(
        otherwise="abstain", campaign="{at: day 1, by: [5, 6], do: run_for_sheriff, choose: yes}"), "b.yaml"))
    assert listed.result.events == said.result.events
    ran = [(e["seat"], e["choice"]) for e in listed.result.events
           if e["type"] == "action" and e["action"] == "run_for_sheriff"]
    assert ran == [(s, s in (5, 6)) for s in range(1, 13)]
    assert listed.warnings == []


def test_nobody_runs(tmp_path):
    out = run_scenario(write(tmp_path, NIGHT_1.format(
        otherwise="abstain", campaign="{at: day 1, do: run_for_sheriff, candidates: []}")))
    assert [e["choice"] for e in out.result.events if e["type"] == "action" and e["action"] == "run_for_sheriff"] \
        == [False] * 12


def test_a_candidate_never_asked_is_an_error_at_his_seat(tmp_path):
    # the campaign is asked once: a second round of it is never requested
    path = write(tmp_path, NIGHT_1.format(otherwise="abstain",
                                          campaign="{at: day 1, do: run_for_sheriff, candidates: [5], round: 2}"))
    with pytest.raises(WolfError) as info:
        run_scenario(path)
    d = info.value.diagnostics[0]
    assert (d.span.line, d.span.col) == (13, 51)
    assert d.message == ("decisions[5].candidates[0] (day 1, seat 5 run_for_sheriff round 2) was never requested; "
                         "the rules asked seat 1, seat 10, seat 11, seat 12, seat 2, seat 3, seat 4, seat 5, seat 6, "
                         "seat 7, seat 8, seat 9")


def test_candidates_of_a_vote_say_what_to_write(tmp_path):
    path = write(tmp_path, NIGHT_1.format(otherwise="abstain", campaign="{at: day 1, do: exile_vote, candidates: [5]}"))
    with pytest.raises(WolfError) as info:
        run_scenario(path)
    assert str(info.value).splitlines()[0] == (
        f"{path}:13:45: error: decisions[5].candidates: `candidates:` lists the seats that say yes to a yes/no "
        "question; day 1: exile_vote by seat 1 asks for a vote: write it with `votes:`")


def test_candidates_are_seats_given_once_without_by(tmp_path):
    path = write(tmp_path, """\
        decisions:
          - {at: day 1, by: 3, do: run_for_sheriff, candidates: [5]}
          - {at: day 1, do: run_for_sheriff, candidates: [5, 5, seer], round: 2}
        """)
    assert errors_of(path) == [
        (2, 17, "decisions[0]: `candidates:` names the seats that say yes; drop `by:` (or use `by:` with `choose:`)"),
        (3, 50, "decisions[1].candidates: expected each seat once"),
        (3, 57, "decisions[1].candidates[2]: expected a seat number (1, 2, ...) (got `seer`)"),
    ]


def test_a_candidate_answered_twice(tmp_path):
    path = write(tmp_path, """\
        decisions:
          - {at: day 1, do: run_for_sheriff, candidates: [4, 6]}
          - {at: day 1, by: 6, do: run_for_sheriff, choose: no}
        """)
    assert errors_of(path) == [
        (3, 5, "decisions[1]: decisions[0].candidates[1] already answers day 1, seat 6 run_for_sheriff; "
               "a request is answered once (a repeated request in one phase needs `round: 2`)"),
    ]
