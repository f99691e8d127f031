"""``expect:`` beyond deaths, sheriff and winner: ``told``, ``events``, ``roles``,
``factions`` and ``refused`` (docs/scenarios.md). Each key has a scenario that holds and
one that does not, whose report is compared in full; the refusals of
``tests/scenarios/forbidden/`` are written as ``expect: refused:`` and hold.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from clitools import invoke
from scenario_files import header
from wolfdsl.diagnostics import WolfError
from wolfdsl.scenario import run_scenario

FORBIDDEN = Path(__file__).resolve().parent / "scenarios" / "forbidden"

HEAD = """\
ruleset: standard-12
seed: 1
# seats: 1-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 guard, 9-12 villagers
seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, villager, villager, villager, villager]
stop_after: day 2
decisions:
"""

STANDARD = HEAD + """\
  - {at: night 1, by: seer, do: check, choose: 1}
  - {at: night 1, by: werewolves, do: kill, choose: 9}
  - {at: night 1, by: witch, do: save, choose: yes}
  - {at: night 2, by: seer, do: check, choose: 9}
expect:
"""

THIEF = """\
ruleset: cupid-thief-12
seed: 1
seats: [werewolf, werewolf, werewolf, thief, witch, seer, idiot, cupid, villager, villager, villager, villager]
extra_cards: [hunter, villager]
otherwise: abstain
stop_after: night 1
decisions:
  - {at: night 1, by: thief, do: choose, choose: hunter}
  - {at: night 1, by: cupid, do: link, choose: [11, 12]}
expect:
"""


def _run(tmp_path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path, run_scenario(str(path))


def _fails(tmp_path, text: str) -> str:
    path, outcome = _run(tmp_path, text)
    assert not outcome.ok, outcome.report
    return outcome.report.replace(str(path), "s.yaml")


# -- told ------------------------------------------------------------------------------

def test_told_holds_for_a_seat_or_a_role_and_a_subset_of_what(tmp_path):
    _, outcome = _run(tmp_path, STANDARD + """\
  told:
    - {seat: 5, at: night 1, what: {seat: 1, result: wolf}}
    - {seat: seer, at: night 2, what: {result: good}}
    - {seat: witch, what: {victim: 9}}
""")
    assert outcome.ok, outcome.report
    assert outcome.report == "expect holds: told (3)"


def test_told_mismatch_names_what_was_expected_and_what_the_seat_was_told(tmp_path):
    report = _fails(tmp_path, STANDARD + """\
  told:
    - {seat: 5, at: night 1, what: {result: good}}
""")
    assert report == ("s.yaml:13:7: expect.told[0]: expected seat 5 told result: good in night 1; "
                      "seat 5 was told: night 1: {seat: 1, result: wolf}")


def test_told_nothing_and_a_role_held_by_several_seats(tmp_path):
    report = _fails(tmp_path, STANDARD + """\
  told:
    - {seat: guard, what: {victim: 9}}
    - {seat: werewolf, at: night 2, what: {wolves: [4, 3, 2, 1]}, count: 4}
""")
    assert report.splitlines() == [
        "s.yaml:13:7: expect.told[0]: expected the guard (seat 8) told victim: 9; the guard (seat 8) was told nothing",
        "s.yaml:14:7: expect.told[1]: expected the werewolf (seats 1, 2, 3, 4) told wolves: [4, 3, 2, 1] in night 2 "
        "exactly 4 times; told so 0 times",
    ]


def test_told_count_zero_proves_nothing_was_told(tmp_path):
    # the antidote is spent on night 1: the witch is not shown the victim on night 2
    text = STANDARD.replace("  - {at: night 2, by: seer", "  - {at: night 2, by: werewolves, do: kill, choose: 10}\n"
                                                          "  - {at: night 2, by: seer")
    _, outcome = _run(tmp_path, text + "  told: [{seat: witch, at: night 2, what: {victim: 10}, count: 0}]\n")
    assert outcome.ok, outcome.report
    report = _fails(tmp_path, text + "  told: [{seat: witch, at: night 1, what: {victim: 9}, count: 0}]\n")
    assert report == ("s.yaml:13:10: expect.told[0]: expected the witch (seat 6) told victim: 9 in night 1 exactly "
                      "0 times; told so 1 time: night 1: {victim: 9}")


def test_yes_is_not_one(tmp_path):
    report = _fails(tmp_path, STANDARD + "  told: [{seat: 6, what: {victim: yes}}]\n")
    assert report == "s.yaml:12:10: expect.told[0]: expected seat 6 told victim: yes; seat 6 was told: night 1: {victim: 9}"


# -- events ----------------------------------------------------------------------------

def test_events_hold_with_fields_and_count(tmp_path):
    _, outcome = _run(tmp_path, STANDARD + """\
  events:
    - {type: vote, at: day 1, kind: exile, count: 1}
    - {type: action, at: night 1, seat: seer, action: seer.check, targets: [1]}
    - {type: death, count: 0}
    - {type: spared, at: night 1, seat: 9, saved: yes}
""")
    assert outcome.ok, outcome.report
    assert outcome.report == "expect holds: events (4)"


def test_events_mismatch_lists_the_events_of_that_type(tmp_path):
    report = _fails(tmp_path, STANDARD + """\
  events:
    - {type: spared, seat: 9, saved: no}
    - {type: spared, count: 0}
    - {type: speeches, at: day 3}
""")
    assert report.splitlines() == [
        "s.yaml:13:7: expect.events[0]: expected a spared event with seat: 9, saved: no; the spared events logged: "
        "night 1: {seat: 9, cause: wolf, rule: dawn, guarded: no, saved: yes}",
        "s.yaml:14:7: expect.events[1]: expected 0 spared events; the log has 1: "
        "night 1: {seat: 9, cause: wolf, rule: dawn, guarded: no, saved: yes}",
        "s.yaml:15:7: expect.events[2]: expected a speeches event in day 3; the speeches events logged: "
        "day 1: {order: [], purpose: sheriff campaign, exile_next: no}; day 1: {order: [2, 3, 4, 5, 6, 7, 8, 9, 10, "
        "11, 12, 1], purpose: day, exile_next: yes}; day 2: {order: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1], "
        "purpose: day, exile_next: yes}",
    ]


def test_an_event_type_the_ruleset_never_logs_is_bad_input_before_the_game(tmp_path):
    # a misspelt type under count: 0 held for ever ("never happened"): refused before play
    path = tmp_path / "s.yaml"
    path.write_text(STANDARD + "  events:\n    - {type: spraed, count: 0}\n", encoding="utf-8")
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    assert info.value.exit_code == 2
    assert "s.yaml:13:14: error: expect.events[0].type: no event of type 'spraed' is ever logged by standard-12 " \
           "(did you mean 'spared'?)" in info.value.render().replace(str(path), "s.yaml")


# -- roles, factions -------------------------------------------------------------------

def test_roles_and_factions_at_the_end(tmp_path):
    _, outcome = _run(tmp_path, THIEF + "  roles: {4: hunter, thief: hunter, 1: werewolf}\n"
                                        "  factions: {11: village, 4: village}\n")
    assert outcome.ok, outcome.report
    assert outcome.report == "expect holds: roles (3); factions (2)"


def test_roles_and_factions_mismatch_say_what_the_seat_is_and_why(tmp_path):
    text = THIEF.replace("choose: [11, 12]", "choose: [1, 12]")  # a wolf and a villager: lovers
    report = _fails(tmp_path, text + "  roles: {4: thief, 5: seer}\n  factions: {1: werewolves}\n")
    assert report.splitlines() == [
        "s.yaml:11:14: expect.roles.4: expected seat 4 to be thief at the end; seat 4 is hunter (role_change in night 1)",
        "s.yaml:11:24: expect.roles.5: expected seat 5 to be seer at the end; seat 5 is witch (as dealt)",
        "s.yaml:12:17: expect.factions.1: expected seat 1 to be werewolves at the end; "
        "seat 1 is lovers (faction_change in night 1)",
    ]


def test_a_role_nobody_was_dealt(tmp_path):
    report = _fails(tmp_path, THIEF.replace("[hunter, villager]", "[villager, hunter]") + "  roles: {hunter: hunter}\n")
    assert report == ("s.yaml:11:19: expect.roles.hunter: expected the hunter (dealt to no seat) to be hunter at the "
                      "end; no seat was dealt hunter")


# -- refused ---------------------------------------------------------------------------

TWO_POTIONS = HEAD + """\
  - {at: night 1, by: werewolves, do: kill, choose: 9}
  - {at: night 1, by: seer, do: check, choose: 2}
  - {at: night 1, by: witch, do: save, choose: yes}
  - {at: night 1, by: witch, do: poison, choose: 1}
  - {at: day 1, do: exile_vote, votes: {5: 2}}
expect:
"""


def test_refused_holds_and_the_rest_is_checked_up_to_the_refusal(tmp_path):
    _, outcome = _run(tmp_path, TWO_POTIONS + """\
  refused: {at: night 1, by: witch, do: poison, reason: "ROLE-WITCH-02"}
  told: [{seat: seer, what: {seat: 2, result: wolf}}]
  deaths: []
  winner: none
""")
    assert outcome.ok, outcome.report
    assert outcome.report == ("expect holds: deaths (0); winner none; told (1); "
                              "refused decisions[3] (night 1, poison)")
    assert not [e for e in outcome.result.events if e["type"] == "vote"]  # the run stopped at the refusal


def test_refused_by_a_seat_matches_the_role_written(tmp_path):
    _, outcome = _run(tmp_path, TWO_POTIONS + "  refused: {by: 6, reason: one potion}\n")
    assert outcome.ok, outcome.report


def test_refused_when_nothing_is_refused(tmp_path):
    text = TWO_POTIONS.replace("  - {at: night 1, by: witch, do: poison, choose: 1}\n", "")
    report = _fails(tmp_path, text + "  refused: {by: witch, reason: ROLE-WITCH-02}\n")
    assert report == ("s.yaml:12:12: expect.refused: expected a scripted decision by witch refused, the reason "
                      "containing 'ROLE-WITCH-02'; the rules refused no scripted decision (the run ended in day 2; "
                      "winner none: the game goes on)")


def test_a_decision_never_requested_is_a_refusal(tmp_path):
    text = TWO_POTIONS.replace("choose: 9}", "choose: 6}").replace(
        "  - {at: night 1, by: witch, do: save, choose: yes}\n  - {at: night 1, by: witch, do: poison, choose: 1}\n",
        "  - {at: night 2, by: witch, do: poison, choose: 1}\n")
    _, outcome = _run(tmp_path, text + "  refused: {at: night 2, do: poison, reason: was never requested}\n"
                                       "  deaths: [{seat: 6, cause: wolf, at: night 1}, {seat: 2, cause: exile, at: day 1}]\n")
    assert outcome.report.endswith("refused decisions[2] (night 2, poison)"), outcome.report
    assert outcome.ok, outcome.report


def test_without_refused_a_refusal_stays_bad_input(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(TWO_POTIONS + "  deaths: []\n", encoding="utf-8")
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    assert info.value.exit_code == 2 and "ROLE-WITCH-02" in info.value.render()


def test_refused_from_the_command_line_exits_0_then_1(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(TWO_POTIONS + "  refused: {by: witch, reason: ROLE-WITCH-02}\n", encoding="utf-8")
    r = invoke("run", "--script", path)
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == "expect holds: refused decisions[3] (night 1, poison)"
    path.write_text(TWO_POTIONS + "  refused: {by: seer, reason: ROLE-WITCH-02}\n", encoding="utf-8")
    r = invoke("run", "-q", "--script", path)
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output


GUARD = HEAD.replace("stop_after: day 2", "stop_after: night 2") + """\
  - {at: night 1, by: guard, do: protect, choose: 9}
  - {at: night 2, by: guard, do: protect, choose: 9}
expect:
"""


def test_an_answer_the_rules_forbid_is_a_refusal(tmp_path):
    _, outcome = _run(tmp_path, GUARD + "  refused: {at: night 2, by: 8, do: guard.protect, reason: ROLE-GUARD-02}\n")
    assert outcome.ok, outcome.report
    assert outcome.report == "expect holds: refused decisions[1] (night 2, protect)"


@pytest.mark.parametrize("text, expected", [
    (TWO_POTIONS + "  refused: {at: night 1, by: witch, reason: ROLE-WITCH-05}\n",
     ["s.yaml:13:12: expect.refused: expected a scripted decision in night 1 by witch refused, the reason "
      "containing 'ROLE-WITCH-05'; the rules refused instead:",
      "  s.yaml:10:5: error: decisions[3] (night 1, witch poison) was never requested: ROLE-WITCH-02: "
      "the witch uses at most one potion a night"]),
    (GUARD + "  refused: {at: night 1, by: guard, reason: ROLE-GUARD-02}\n",
     ["s.yaml:10:12: expect.refused: expected a scripted decision in night 1 by guard refused, the reason "
      "containing 'ROLE-GUARD-02'; the rules refused instead:",
      "  s.yaml:8:51: error: decisions[1]: night 2: guard.protect by seat 8 cannot choose 9: ROLE-GUARD-02: "
      "the guard may not protect the same player two nights running"]),
], ids=["never-requested", "illegal-answer"])
def test_another_refusal_than_expected_is_shown(tmp_path, text, expected):
    assert _fails(tmp_path, text).splitlines() == expected


@pytest.mark.parametrize("path", sorted(FORBIDDEN.glob("*.yaml")), ids=lambda p: p.stem)
def test_forbidden_cases_hold_as_expect_refused(tmp_path, path):
    # each `# error:` file of tests/scenarios/forbidden/ written with `expect: refused:`
    # instead: it holds when the error is a refusal in play, with the same text
    reason = header(path)["error"]
    text = path.read_text(encoding="utf-8")
    if "\nexpect:" in text:
        text = text[:text.index("\nexpect:")] + "\n"
    text = re.sub(r"^ruleset: (.*\.wolf)$", lambda m: f"ruleset: {(path.parent / m[1]).resolve()}", text, flags=re.M)
    copy = tmp_path / path.name
    copy.write_text(text.rstrip("\n") + f"\nexpect:\n  refused: {{reason: {reason!r}}}\n", encoding="utf-8")
    try:
        outcome = run_scenario(str(copy))
    except WolfError as err:  # refused before play: bad input, as before
        assert reason in err.render()
        assert path.stem in NOT_IN_PLAY, err.render()
        return
    assert path.stem not in NOT_IN_PLAY
    assert outcome.ok, outcome.report
    assert outcome.report.startswith("expect holds: refused decisions["), outcome.report


NOT_IN_PLAY = {"bottom-thief-and-wolf", "bottom-two-wolves", "newmoon-unknown-card", "thief-bottom-one-card",
               "unknown-option", "unknown-option-value"}
"""Forbidden files refused before the game starts (the deal, an option, a card id): no
decision is refused, so ``expect: refused:`` does not apply."""


# -- wolfdsl test: what it skipped -------------------------------------------------------

def test_wolfdsl_test_names_the_scenarios_it_skipped(tmp_path):
    (tmp_path / "a.yaml").write_text(STANDARD + "  deaths: []\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text(STANDARD.replace("expect:\n", ""), encoding="utf-8")
    (tmp_path / "c.yml").write_text("ruleset: standard-12\n", encoding="utf-8")
    (tmp_path / "config.yaml").write_text("not: a scenario\n", encoding="utf-8")
    r = invoke("test", tmp_path, "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout == f"1 passed, 0 failed, 2 skipped (no expect:): {tmp_path / 'b.yaml'}, {tmp_path / 'c.yml'}\n"
    (tmp_path / "a.yaml").unlink()
    r = invoke("test", tmp_path)
    assert r.exit_code == 2
    assert r.stderr == (f"no scenario files found in {tmp_path} (2 YAML files without `expect:`: "
                        f"{tmp_path / 'b.yaml'}, {tmp_path / 'c.yml'})\n")


def test_a_field_no_event_of_that_type_has_is_bad_input_before_the_game(tmp_path):
    # a misspelt field under count: 0 held for ever, as a misspelt type did
    path = tmp_path / "s.yaml"
    path.write_text(STANDARD + "  events:\n    - {type: spared, saaved: yes, count: 0}\n"
                               "    - {type: death, cause: wolf, seat: 9, count: 0}\n"
                               "  told:\n    - {seat: witch, what: {vicitm: 9}, count: 0}\n", encoding="utf-8")
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    assert info.value.exit_code == 2
    shown = info.value.render().replace(str(path), "s.yaml")
    assert "s.yaml:13:22: error: expect.events[0].saaved: a spared event has no field 'saaved' " \
           "(did you mean 'saved'?)" in shown
    assert "s.yaml:16:28: error: expect.told[0].what.vicitm: what standard-12 tells has no field 'vicitm' " \
           "(did you mean 'victim'?)" in shown
    assert shown.count("error:") == 2  # death's cause and seat: engine fields


def test_many_skipped_scenarios_are_counted_by_folder(tmp_path):
    # 68 paths on one line hid the pass/fail count
    (tmp_path / "a.yaml").write_text(STANDARD + "  deaths: []\n", encoding="utf-8")
    for folder, n in (("forbidden", 5), ("notes", 2)):
        (tmp_path / folder).mkdir()
        for i in range(n):
            (tmp_path / folder / f"{i}.yaml").write_text("ruleset: standard-12\n", encoding="utf-8")
    r = invoke("test", tmp_path, "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout == f"1 passed, 0 failed, 7 skipped (no expect:): 5 in {tmp_path / 'forbidden'}, " \
                       f"2 in {tmp_path / 'notes'}\n"


def test_a_field_inside_a_field_is_a_mapping_not_a_dotted_name(tmp_path):
    # told.result was read as a field of that name, never found: under count: 0 it held
    path = tmp_path / "s.yaml"
    path.write_text(STANDARD + "  events:\n    - {type: claim, told.result: wolf, count: 0}\n", encoding="utf-8")
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    assert "s.yaml:13:21: error: expect.events[0].told.result: a claim event has no field 'told.result'; a field " \
           "inside 'told' is written as a mapping: told: {result: ...}" in info.value.render().replace(str(path), "s.yaml")


def test_a_record_field_is_checked_inside_and_other_fields_take_no_mapping(tmp_path):
    # told: {reslt: wolf} under count: 0 held for ever, as did cause: {kind: wolf}
    path = tmp_path / "s.yaml"
    path.write_text(STANDARD + "  events:\n    - {type: claim, seat: 5, told: {reslt: wolf}, count: 0}\n"
                               "    - {type: claim, told: wolf, count: 0}\n"
                               "    - {type: death, cause: {kind: wolf}, count: 0}\n"
                               "    - {type: inform, what: {vicitm: 12}, count: 0}\n"
                               "    - {type: claim, told: {result: wolf}, count: 0}\n", encoding="utf-8")
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    shown = [line for line in info.value.render().replace(str(path), "s.yaml").splitlines() if " error: " in line]
    assert shown == [
        "s.yaml:13:37: error: expect.events[0].told.reslt: what standard-12 tells has no field 'reslt' "
        "(did you mean 'result'?)",
        "s.yaml:14:21: error: expect.events[1].told: a claim event's 'told' is a record of fields: write "
        "told: {FIELD: VALUE}, such as told: {result: wolf}",
        "s.yaml:15:21: error: expect.events[2].cause: a death event's 'cause' holds a value, not a record: "
        "write cause: VALUE",
        "s.yaml:16:29: error: expect.events[3].what.vicitm: what standard-12 tells has no field 'vicitm' "
        "(did you mean 'victim'?)"]


def test_a_named_file_is_run_not_skipped_and_junit_lists_the_skipped(tmp_path):
    # a draft named on the command line ran and was counted skipped; JUnit left the skipped out
    (tmp_path / "a.yaml").write_text(STANDARD + "  deaths: []\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    for name in ("draft.yaml", "other.yaml"):
        (tmp_path / "sub" / name).write_text("ruleset: standard-12\n", encoding="utf-8")
    r = invoke("test", "-q", tmp_path / "a.yaml", tmp_path / "sub", "--junit", tmp_path / "j.xml")
    assert r.exit_code == 0, r.output
    assert r.stdout == f"1 passed, 0 failed, 2 skipped (no expect:): {tmp_path / 'sub' / 'draft.yaml'}, " \
                       f"{tmp_path / 'sub' / 'other.yaml'}\n"
    xml = (tmp_path / "j.xml").read_text(encoding="utf-8")
    assert '<testsuite name="wolfdsl" tests="3" failures="0" errors="0" skipped="2"' in xml
    assert xml.count('<skipped message="no expect: block: the scenario checks nothing" />') == 2
    r = invoke("test", "-q", tmp_path / "sub" / "draft.yaml", tmp_path / "sub")
    assert r.stdout.endswith(f"1 skipped (no expect:): {tmp_path / 'sub' / 'other.yaml'}\n"), r.output


def test_a_folder_scenario_without_expect_that_cannot_be_played_is_an_error(tmp_path):
    # a trial: an unknown role in `by:` was "skipped (no expect:)" in a folder, an ERROR when named
    (tmp_path / "a.yaml").write_text(STANDARD + "  deaths: []\n", encoding="utf-8")
    (tmp_path / "b1.yaml").write_text(STANDARD.replace("expect:\n", "").replace("by: seer", "by: seeer"),
                                      encoding="utf-8")
    (tmp_path / "c.yaml").write_text(STANDARD.replace("expect:\n", ""), encoding="utf-8")
    (tmp_path / "tool.yaml").write_text("seed: 3\noptions: {jobs: 2}\n", encoding="utf-8")  # no scenario key
    named = invoke("test", tmp_path / "b1.yaml")
    r = invoke("test", tmp_path, "-q")
    assert (named.exit_code, r.exit_code) == (1, 1)
    report = named.stdout.split("\n--- ")[1].split("\n\n")[0]
    assert report.splitlines()[:4] == [
        str(tmp_path / "b1.yaml"),
        f"{tmp_path / 'b1.yaml'}:7:23: error: decisions[0].by: unknown role or team 'seeer' (did you mean 'seer'?)",
        "  |", "7 |   - {at: night 1, by: seeer, do: check, choose: 1}"]
    assert r.stdout == (f"ERROR {tmp_path / 'b1.yaml'}\n\n--- {report}\n\n"
                        f"1 passed, 0 failed, 1 error, 1 skipped (no expect:): {tmp_path / 'c.yaml'}\n")


# -- the report in Chinese -------------------------------------------------------------

def _zh(tmp_path, text: str):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    outcome = run_scenario(str(path), lang="zh")
    return outcome.ok, outcome.report.replace(str(path), "s.yaml")


def test_the_report_speaks_chinese_with_lang_zh(tmp_path):
    # a researcher's trial: `run --script X --lang zh` narrated in Chinese, then reported
    # "expect holds: …" and the mismatches in English
    assert _zh(tmp_path, TWO_POTIONS + """\
  refused: {at: night 1, by: witch, do: poison, reason: "ROLE-WITCH-02"}
  told: [{seat: seer, what: {seat: 2, result: wolf}}]
  deaths: []
  winner: none
""") == (True, "expect 成立：死亡（0）；胜者 none；告知（1）；已拒绝 decisions[3]（第1夜，poison）")
    assert _zh(tmp_path, STANDARD + "  deaths: [{seat: 9, cause: wolf, at: night 1, last_words: no}]\n"
                                    "  sheriff: 5\n  winner: village\n") == (False, "\n".join([
        "s.yaml:12:11: expect.deaths：从第1个死亡起与预期不同",
        "  预期：",
        "    1. 9号，wolf，第1夜，无遗言",
        "  实际：",
        "    （无）",
        "s.yaml:13:12: expect.sheriff：预期 5号，实际 无",
        "s.yaml:14:11: expect.winner：预期 village，实际 none：游戏仍在进行"]))
    assert _zh(tmp_path, STANDARD + """\
  told:
    - {seat: guard, what: {victim: 9}}
    - {seat: werewolf, at: night 2, what: {wolves: [4, 3, 2, 1]}, count: 4}
  events:
    - {type: spared, count: 0}
""") == (False, "\n".join([
        "s.yaml:13:7: expect.told[0]：预期guard（8号）被告知 victim: 9；guard（8号）没有被告知任何信息",
        "s.yaml:14:7: expect.told[1]：预期在第2夜werewolf（1、2、3、4号）被告知 wolves: [4, 3, 2, 1]，恰好4次；"
        "实际被告知0次",
        "s.yaml:16:7: expect.events[0]：预期恰好有0个 spared 事件；日志中有1个：第1夜：{seat: 9, cause: wolf, rule: "
        "dawn, guarded: no, saved: yes}"]))
    text = THIEF.replace("choose: [11, 12]", "choose: [1, 12]")
    assert _zh(tmp_path, text + "  roles: {4: thief, 5: seer}\n") == (False, "\n".join([
        "s.yaml:11:14: expect.roles.4：预期4号最终为 thief；4号现为 hunter（第1夜的 role_change）",
        "s.yaml:11:24: expect.roles.5：预期5号最终为 seer；5号现为 witch（发牌时如此）"]))
    text = TWO_POTIONS.replace("  - {at: night 1, by: witch, do: poison, choose: 1}\n", "")
    assert _zh(tmp_path, text + "  refused: {at: night 1, by: witch, reason: ROLE-WITCH-02}\n") == (False, (
        "s.yaml:12:12: expect.refused：预期第1夜由 witch 做出的一项脚本决定被拒绝，理由包含 'ROLE-WITCH-02'；"
        "规则没有拒绝任何脚本决定（对局结束于第2天；胜者 none：游戏仍在进行）"))


def test_run_script_lang_zh_reports_in_chinese(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(TWO_POTIONS + "  refused: {by: witch, reason: ROLE-WITCH-02}\n", encoding="utf-8")
    r = invoke("run", "--script", path, "--lang", "zh")
    assert r.exit_code == 0, r.output
    assert "第1夜" in r.stdout  # the narration, in Chinese as before
    assert r.stdout.splitlines()[-1] == "expect 成立：已拒绝 decisions[3]（第1夜，poison）"
    path.write_text(STANDARD + "  sheriff: 5\n", encoding="utf-8")
    r = invoke("run", "-q", "--script", path, "--lang", "zh")
    assert (r.exit_code, r.stdout) == (1, f"{path}:12:12: expect.sheriff：预期 5号，实际 无\n")
    assert invoke("run", "-q", "--script", path).stdout == f"{path}:12:12: expect.sheriff: expected seat 5, got none\n"
