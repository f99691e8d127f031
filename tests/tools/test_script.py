"""``wolfdsl script``: the call sheet (golden Markdown and HTML), the ``call`` clause."""
import pytest

from clitools import invoke
from golden import check
from wolfdsl.lang.parse import parse
from wolfdsl.lang.transform import to_ast
from wolfdsl.present.callsheet import call_sheet, default_lang


@pytest.mark.parametrize("name,args,golden", [
    ("standard-12", ("--lang", "zh"), "script-standard-12-zh.md"),
    ("new-moon", (), "script-new-moon-en.md"),
    ("standard-12", ("--lang", "en", "--format", "html"), "script-standard-12-en.html"),
])
def test_script_matches_its_golden_file(name, args, golden):
    r = invoke("script", name, *args)
    assert r.exit_code == 0, r.output
    check(golden, r.stdout)


def test_call_clause_parses_on_steps_triggers_and_extensions():
    text = '''
step s in night call "Open." "睁眼。" call "Close." { }
trigger t on death(p) call "Only English." { }
extend proc q call "Extended." "扩展。" { }
'''
    step, trigger, ext = to_ast(parse(text, "x.wolf"), "x.wolf", text).decls
    assert [(c.en, c.zh) for c in step.calls] == [("Open.", "睁眼。"), ("Close.", None)]
    assert [(c.en, c.zh) for c in trigger.calls] == [("Only English.", None)]
    assert [(c.en, c.zh) for c in ext.calls] == [("Extended.", "扩展。")]


def test_sheet_follows_options_and_the_deck():
    sheet = call_sheet("standard-12", {"reveal_role_on_death": "revealed", "sheriff_vote_weight": "1.5"}, "en")
    assert "Show the dead player's card." in sheet["any_time"]
    assert any("counts 1.5" in c for c in sheet["day"])
    assert not any("idiot" in c for c in sheet["any_time"])  # no idiot card in standard-12
    first = call_sheet("cupid-thief-12", None, "en")
    assert any(c.startswith("Thief") for c in first["first_night"])
    assert not any(c.startswith("Thief") for c in first["other_nights"])


def test_default_language_and_output_file(tmp_path):
    assert default_lang("Standard 12", "side kill (屠边)") == "en"    # an English text quoting a term
    assert default_lang("标准12人局", "") == "zh"
    assert default_lang("My board", "预女猎守，屠边") == "zh"
    assert default_lang("New Moon", "event cards") == "en"
    out = tmp_path / "sheet.html"
    r = invoke("script", "classic-9", "--format", "html", "-o", out)
    assert r.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert invoke("script", "classic-9", "--format", "pdf").exit_code == 2


def test_a_step_without_call_lines_still_wakes_its_role_with_a_reminder():
    # the tutorial's watchman declares no `call`: the sheet must not drop him silently
    en = call_sheet("docs/examples/my-12-watchman.wolf", None, "en")
    woken = [c for c in en["first_night"] if c.startswith("Night watchman")]
    assert woken == ["Night watchman, open your eyes: watchman.watch. Night watchman, close your "
                     "eyes. [step watchman declares no call: write `call \"...\" \"...\"` in it]"]
    assert [c for c in en["other_nights"] if c.startswith("Night watchman")] == woken
    zh = call_sheet("docs/examples/my-12-watchman.wolf", None, "zh")
    assert any(c.startswith("守夜人请睁眼：watchman.watch。") for c in zh["first_night"])
    # a bundled board declares every call: no reminder anywhere
    std = call_sheet("standard-12", None, "en")
    assert not any("declares no call" in c for part in ("first_night", "other_nights", "day") for c in std[part])
