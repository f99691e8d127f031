"""Scenario files in the narration's Chinese words: `by: 女巫` / `by: 狼人` (a role's or a
team's name, as the ruleset gives it) and `at: 第1夜` / `at: 第1天`."""
from __future__ import annotations

import textwrap

import pytest

from clitools import invoke
from test_scenario_loader import errors_of, write
from wolfdsl.diagnostics import WolfError
from wolfdsl.scenario import run_scenario

HEAD = """\
ruleset: standard-12
seed: 3
seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard,
        villager, villager, villager, villager]
stop_after: day 1
"""

ENGLISH = HEAD + """\
decisions:
  - {at: night 1, by: guard, do: protect, choose: 5}
  - {at: night 1, by: werewolves, do: kill, choose: 7}
  - {at: night 1, by: witch, do: save, choose: no}
  - {at: day 1, by: hunter, do: shoot, choose: 1}
  - {at: day 1, by: [5, 6], do: run_for_sheriff, choose: yes}
  - {at: day 1, do: exile_vote, votes: {2: 5, 3: 5, 4: 5, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2}}
expect:
  deaths:
    - {seat: 7, cause: wolf, at: night 1, last_words: yes}
    - {seat: 1, cause: shot, at: night 1}
    - {seat: 2, cause: exile, at: day 1}
  winner: none
"""

CHINESE = HEAD + """\
decisions:
  - {at: 第1夜, by: 守卫, do: protect, choose: 5}
  - {at: 第1夜, by: 狼人, do: kill, choose: 7}
  - {at: 第1夜, by: 女巫, do: save, choose: no}
  - {at: 第1天, by: Hunter, do: shoot, choose: 1}
  - {at: 第 1 天, by: [5, 6], do: run_for_sheriff, choose: yes}
  - {at: 第1天, do: exile_vote, votes: {2: 5, 3: 5, 4: 5, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2}}
expect:
  deaths:
    - {seat: 7, cause: wolf, at: 第1夜, last_words: yes}
    - {seat: 1, cause: shot, at: 第1夜}
    - {seat: 2, cause: exile, at: 第1天}
  winner: none
"""


def test_chinese_names_and_phases_play_the_same_game_as_the_ids(tmp_path):
    english = run_scenario(write(tmp_path, ENGLISH, "en.yaml"))
    chinese = run_scenario(write(tmp_path, CHINESE, "zh.yaml"))
    assert english.ok and chinese.ok, chinese.report
    assert chinese.report == "expect holds: deaths (3); winner none"
    assert chinese.result.events == english.result.events
    assert chinese.warnings == english.warnings == []
    r = invoke("run", "-q", "--script", tmp_path / "zh.yaml")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")


def test_a_name_of_a_role_and_a_team_is_the_one_the_action_belongs_to(tmp_path):
    # 狼人 is the role werewolf, the faction werewolves and the team werewolves: the kill is the
    # team's (werewolves.kill); a self-destruct is asked of a wolf by his role
    path = write(tmp_path, HEAD + textwrap.dedent("""\
        decisions:
          - {at: 第1夜, by: 狼人, do: kill, choose: 9}
          - {at: 第1天, by: 狼人, do: self_destruct, choose: yes}
        expect:
          deaths: [{seat: 1, cause: self_destruct, at: day 1}, {seat: 9, cause: wolf, at: night 1}]
          winner: none
        """))
    out = run_scenario(path)
    assert out.ok, out.report


def test_a_misspelt_chinese_phase_says_what_to_write(tmp_path):
    path = write(tmp_path, """\
        ruleset: standard-12
        stop_after: 第二天
        decisions:
          - {at: 第1晚, by: seer, do: check, choose: 1}
        """)
    assert errors_of(path) == [
        (2, 13, "stop_after: expected `night N` or `day N` (or 第N夜, 第N天), like `night 1` (got `第二天`)"),
        (4, 10, "decisions[0].at: expected `night N` or `day N` (or 第N夜, 第N天), like `night 1` (got `第1晚`)"),
    ]


def test_the_same_request_in_both_spellings_is_answered_twice(tmp_path):
    path = write(tmp_path, """\
        ruleset: standard-12
        decisions:
          - {at: night 1, by: guard, do: protect, choose: 3}
          - {at: 第1夜, by: guard, do: protect, choose: 4}
        """)
    assert errors_of(path) == [
        (4, 5, "decisions[1]: decisions[0] already answers night 1, guard protect; a request is answered once "
               "(a repeated request in one phase needs `round: 2`)"),
    ]


def test_a_name_of_two_roles_asks_for_the_id(tmp_path):
    (tmp_path / "two.wolf").write_text(textwrap.dedent("""\
        title "Two guards"
        summary "a lookout with the guard's Chinese name"
        import "roles"

        role lookout "Lookout" "守卫" {
            faction village
            class god
        }

        players 12
        deck 12: werewolf*4, seer, witch, hunter, guard, lookout, villager*3
        """), encoding="utf-8")
    # the guard's own action says which: guard.protect
    assert run_scenario(write(tmp_path, """\
        ruleset: two.wolf
        stop_after: night 1
        decisions: [{at: 第1夜, by: 守卫, do: protect, choose: 3}]
        expect: {deaths: []}
        """, "ok.yaml")).ok
    path = write(tmp_path, """\
        ruleset: two.wolf
        decisions:
          - {at: 第1天, by: 守卫, do: run_for_sheriff, choose: yes}
        expect: {refused: {by: 守卫, reason: x}}
        """)
    with pytest.raises(WolfError) as info:
        run_scenario(path)
    assert [(d.span.line, d.span.col, d.message) for d in info.value.diagnostics] == [
        (3, 19, "decisions[0].by: '守卫' is the name of the role guard and the role lookout: write guard or lookout"),
        (4, 24, "expect.refused.by: '守卫' is the name of the role guard and the role lookout: write guard or lookout"),
    ]


def test_normal_at_doctests():
    import doctest

    from wolfdsl.scenario import load

    assert doctest.testmod(load).failed == 0
