"""What a ``tell`` reveals, as the bots' beliefs read it (wolfdsl.lang.knowledge)."""
from __future__ import annotations

import pytest

from wolfdsl.lang.load import load

SEER = frozenset({"seat", "result"})


def _told(tmp_path, body: str) -> dict:
    path = tmp_path / "probe.wolf"
    path.write_text('import "standard-12"\nreplace proc seer_check() {\n'
                    "    decide seer.check by seer may pass choose t from alive\n"
                    '        unless t == me because "ROLE-SEER-01: the seer checks another player"\n'
                    "    {\n" + body + "    }\n}\n", encoding="utf-8")
    return load(str(path)).told


def test_the_bundled_seer_result_is_the_checked_seats_appearance():
    assert load("standard-12").told[SEER] == {"result": ("prop", "seat", ("role", "appears"))}


@pytest.mark.parametrize("body", [
    # a trial's seer wrote his result through a variable: the bots lost every check (village -13.9 points)
    "if t != none { let r = t\n tell me { seat: t, result: r.appears } }\n",
    "if t != none { let r = t.appears\n tell me { seat: t, result: r } }\n",
    "if t != none { let s = t\n let r = s\n tell me { seat: r, result: s.appears } }\n",
])
def test_a_result_written_through_let_is_still_understood(tmp_path, body):
    assert _told(tmp_path, body)[SEER] == {"result": ("prop", "seat", ("appears",))}


@pytest.mark.parametrize("body", [
    # another seat's appearance, told as t's: not a fact about t
    "if t != none { let r = first([x in alive where x != t])\n tell me { seat: t, result: r.appears } }\n",
    # a variable bound twice may hold either: not followed
    "if t != none { let r = t\n for r in alive { }\n tell me { seat: t, result: r.appears } }\n",
])
def test_a_variable_that_may_hold_another_seat_is_not_read_as_the_seat(tmp_path, body):
    assert SEER not in _told(tmp_path, body)


@pytest.mark.parametrize("body, record, meaning", [
    # a fortune teller's gaze at two seats: a wolf among them, the seats in the record
    ("if t != none { let ts = [t] + [x in alive where x != t and x != me]\n"
     " tell me { seats: ts, wolf_among: any([x in ts where x.faction == werewolves]) } }\n",
     {"seats", "wolf_among"}, {"wolf_among": ("some", "seats", ("faction",), "werewolves", "any")}),
    ("if t != none { tell me { seats: alive, n: count([x in alive where werewolves == x.faction]) } }\n",
     {"seats", "n"}, {"n": ("some", "seats", ("faction",), "werewolves", "count")}),
    ("if t != none { tell me { seats: alive, clear: empty([x in alive where x.team == werewolves]) } }\n",
     {"seats", "clear"}, {"clear": ("some", "seats", ("team",), "werewolves", "empty")}),
    # one attacker a watchman saw
    ("if t != none { tell me { saw: pick(members(werewolves)) } }\n",
     {"saw"}, {"saw": ("member", "werewolves")}),
    # a yes/no result worded by the ruleset
    ("if t != none { tell me { who: t, verdict: if t.faction != werewolves then \"clean\" else \"dirty\" } }\n",
     {"who", "verdict"}, {"verdict": ("test", "who", ("faction",), "werewolves", "dirty", "clean")}),
    # the living wolves, listed
    ("if t != none { tell me { pack: [p in alive where p.faction == werewolves] } }\n",
     {"pack"}, {"pack": ("those", ("faction",), "werewolves", "alive")}),
])
def test_facts_about_several_seats_and_worded_results_are_read(tmp_path, body, record, meaning):
    assert _told(tmp_path, body)[frozenset(record)] == meaning


def test_a_list_of_seats_not_in_the_record_says_nothing_the_bots_read(tmp_path):
    told = _told(tmp_path, "if t != none { let ts = [t]\n"
                           " tell me { wolf_among: any([x in ts where x.faction == werewolves]) } }\n")
    assert frozenset({"wolf_among"}) not in told


def test_two_tells_of_one_record_shape_are_read_either_way(tmp_path):
    # the seer's `appears` and a worded result in the same fields: a record is one or the other
    told = _told(tmp_path, "if t != none { tell me { seat: t, result: t.appears }\n"
                           " tell me { seat: t, result: if t.faction == werewolves then \"wolf\" else \"good\" } }\n")
    assert told[SEER] == {"result": ("either", "seat", (("prop", "seat", ("appears",)),
                                                         ("test", "seat", ("faction",), "werewolves", "wolf", "good")))}
