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
