"""Extension points (issue 8): ``extend proc`` adds to shared procedure without copying
it, and a cause's own ``last_words`` setting comes before the last-words policy."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang.load import load
from wolfdsl.scenario import run_scenario

ROOT = Path(__file__).resolve().parent.parent
ROLE_FILES = ["white_wolf_king", "wolf_king", "knight", "gravekeeper", "gargoyle", "mixed_blood", "dreamweaver",
              "raven"]
BOARDS = ["white-wolf-king-12", "wolf-king-12", "knight-12", "gravekeeper-12", "gargoyle-12",
          "mixed-blood-12", "dreamweaver-12"]


def _ruleset(tmp_path, body: str):
    path = tmp_path / "board.wolf"
    path.write_text(textwrap.dedent("""\
        import "roles"
        players 12
        deck 12: werewolf*4, seer, witch, hunter, guard, villager*4
        """) + textwrap.dedent(body), encoding="utf-8")
    return path


def _errors(tmp_path, body: str) -> list[str]:
    with pytest.raises(WolfError) as err:
        load(str(_ruleset(tmp_path, body)))
    return [f"{d.code} {d.message}" for d in err.value.diagnostics]


def test_extending_an_unknown_proc_is_e203_with_a_suggestion(tmp_path):
    errors = _errors(tmp_path, "extend proc self_destructd(w) { }\n")
    assert errors == ["E203 'extend proc self_destructd': no proc 'self_destructd' is declared "
                      "(did you mean 'self_destructed'?)"]


def test_parameters_written_otherwise_than_declared_are_e206(tmp_path):
    errors = _errors(tmp_path, "extend proc after_exile(q) { }\n")
    assert errors and errors[0].startswith("E206 'extend proc after_exile(q)'")


def test_extensions_run_first_then_own_then_appended_in_import_order(tmp_path):
    path = _ruleset(tmp_path, """\
        global trail = []
        proc stamp(x) { trail = trail + [x] }
        extend proc stamp(x) { trail = trail + [x * 10] }
        extend proc stamp first { trail = trail + [0 - x] }
        extend proc stamp { trail = trail + [x * 100] }
        replace proc recommendation() { call stamp(2) log note { text: trail } }
        """)
    scenario = tmp_path / "s.yaml"
    scenario.write_text(f"ruleset: {path.name}\nseed: 1\notherwise: abstain\nstop_after: day 1\n", encoding="utf-8")
    outcome = run_scenario(str(scenario))
    notes = [e["text"] for e in outcome.result.events if e["type"] == "note" and isinstance(e.get("text"), list)]
    assert notes == [[-2, 2, 20, 200]]


def test_a_cause_setting_comes_before_the_policy(tmp_path):
    path = _ruleset(tmp_path, """\
        cause silenced "silenced" last_words no
        cause spoken "spoke" last_words yes
        step quiet in night after werewolves when day == 2 { kill 9 cause silenced; kill 10 cause spoken }
        """)
    scenario = tmp_path / "s.yaml"
    scenario.write_text(textwrap.dedent(f"""\
        ruleset: {path.name}
        seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, villager, villager, villager, villager]
        otherwise: abstain
        stop_after: day 2
        expect:
          deaths:
            - {{seat: 9, cause: silenced, at: night 2, last_words: false}}
            - {{seat: 10, cause: spoken, at: night 2, last_words: true}}
        """), encoding="utf-8")
    outcome = run_scenario(str(scenario))
    assert outcome.ok, outcome.report


@pytest.mark.parametrize("name", ROLE_FILES)
def test_modern_role_files_copy_no_prelude_code(name):
    text = (ROOT / "rulesets" / "roles" / f"{name}.wolf").read_text(encoding="utf-8")
    assert "replace proc" not in text and "replace func" not in text and "replace step" not in text


@pytest.mark.parametrize("board", BOARDS)
def test_modern_boards_lint_clean(board):
    from wolfdsl.lint import lint_paths
    found = list(lint_paths([ROOT / "rulesets" / f"{board}.wolf"]))
    assert found == [], [f"{d.code} {d.message}" for d in found]
