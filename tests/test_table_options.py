"""Table conventions chosen by options: speaking order and election time (DAY-04..06,
SHERIFF-02). The `expect` block of a scenario cannot state a speaking order, so these
read the event log."""
import textwrap

import pytest

from wolfdsl.scenario import run_scenario

SEATS = "[werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, villager, villager, villager, villager]"


def _play(tmp_path, options: str, decisions: str, stop_after: str = "day 1", seed: int = 1):
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(f"""\
        ruleset: standard-12
        seed: {seed}
        seats: {SEATS}
        options: {options}
        otherwise: abstain
        stop_after: {stop_after}
        decisions:
        """) + textwrap.indent(textwrap.dedent(decisions), "  "), encoding="utf-8")
    out = run_scenario(str(path))
    return out.result.events


def _speeches(events, purpose_start="day"):
    return [e for e in events if e["type"] == "speeches" and e["purpose"].startswith(purpose_start)]


ELECT_5 = """\
- {at: night 1, by: werewolves, do: kill, choose: 9}
- {at: day 1, by: 5, do: run_for_sheriff, choose: yes}
"""


def test_day_04_preset_starts_on_the_sheriffs_right_and_alternates(tmp_path):
    ev = _play(tmp_path, "{}", ELECT_5, stop_after="day 2")
    day1, day2 = _speeches(ev)
    assert day1["order"] == [6, 7, 8, 10, 11, 12, 1, 2, 3, 4, 5]       # seat +1 first, sheriff last
    assert day2["order"][-1] == 5 and day2["order"][0] == 4            # the other way on day 2


def test_day_04_sheriff_chooses_the_side(tmp_path):
    ev = _play(tmp_path, "{speech_first_side: sheriff_chooses}",
               ELECT_5 + "- {at: day 1, by: 5, do: speech_side, choose: left}\n")
    (day1,) = _speeches(ev)
    assert day1["order"] == [4, 3, 2, 1, 12, 11, 10, 8, 7, 6, 5]


def test_day_05_from_the_last_dead_without_a_sheriff(tmp_path):
    ev = _play(tmp_path, "{sheriff_election: false}", "- {at: night 1, by: werewolves, do: kill, choose: 9}\n")
    (day1,) = _speeches(ev)
    assert day1["order"] == [10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize("seed", range(6))
def test_day_05_clock_parity_starts_beside_the_lowest_dead(tmp_path, seed):
    ev = _play(tmp_path, "{sheriff_election: false, speech_order_no_sheriff: clock_parity}",
               "- {at: night 1, by: werewolves, do: kill, choose: 9}\n"
               "- {at: night 1, by: witch, do: poison, choose: 3}\n", seed=seed)
    (day1,) = _speeches(ev)
    order = day1["order"]
    assert order[0] in (4, 2)                      # beside seat 3, the lower of the two dead
    step = 1 if order[0] == 4 else -1
    assert all((b - a) % 12 in ((1, 2) if step == 1 else (11, 10)) for a, b in zip(order, order[1:]))


def test_day_05_clock_parity_after_a_peaceful_night_starts_at_an_end(tmp_path):
    ev = _play(tmp_path, "{sheriff_election: false, speech_order_no_sheriff: clock_parity}",
               "- {at: night 1, by: werewolves, do: kill, choose: none}\n")
    (day1,) = _speeches(ev)
    assert day1["order"] in ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])


def test_day_06_two_speech_rounds_on_day_1_only(tmp_path):
    ev = _play(tmp_path, "{day_speech_rounds: two_on_day1}", ELECT_5, stop_after="day 2")
    rounds = [(e["day"], e["purpose"]) for e in _speeches(ev)]
    assert rounds == [(1, "day"), (1, "day, second round (DAY-06)"), (2, "day")]


def test_sheriff_02_after_discussion_elects_after_the_speeches(tmp_path):
    ev = _play(tmp_path, "{sheriff_election_time: after_discussion}", ELECT_5)
    kinds = [e["type"] for e in ev if e["type"] in ("speeches", "sheriff", "death") and e.get("purpose") != "sheriff campaign"]
    assert kinds == ["death", "speeches", "sheriff"]     # announcement, day speeches, then the election
    assert [e["seat"] for e in ev if e["type"] == "sheriff"] == [5]
