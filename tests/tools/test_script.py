"""``wolfdsl script``: the call sheet (golden Markdown and HTML), the ``call`` clause."""
import re

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


def test_house_rules_leave_out_options_for_roles_not_dealt_and_read_in_the_sheets_language():
    # standard-12 deals no Cupid and no idiot: their options (at their defaults) are not
    # the table's business; the guard's is; a non-default value always shows
    en = call_sheet("standard-12", None, "en")["house_rules"]
    rules = [r.split(":")[0] for r in en]
    assert "ROLE-GUARD-02" in rules and "ROLE-WITCH-05" in rules and "DAY-11" in rules
    for gone in ("ROLE-LOVERS-04", "NEWMOON-29", "ROLE-HUNTER-03", "ROLE-IDIOT-05"):  # lovers_mutual_ban, ...
        assert gone not in rules, gone
    assert ("ROLE-LOVERS-04: what the lovers may not do to each other: a lover never votes for the other nor "
            "names him as a kill, poison or shot target") in call_sheet(
        "standard-12", {"lovers_mutual_ban": "vote_and_target"}, "en")["house_rules"]
    zh = call_sheet("standard-12", None, "zh")["house_rules"]
    assert zh[0] == "SHERIFF-02：第1天竞选警长：是"
    assert "SHERIFF-05：谁投警长票：只有未上警的玩家投票" in zh
    assert "SHERIFF-10：警长的一票算几票（规则来源给出2票和1.5票两种）：2" in zh
    assert en[0] == "SHERIFF-02: hold the day-1 election: yes"
    # a yes/no option's text says what yes does: a false one read "must shoot: … = false"
    assert en[-1] == "ROLE-HUNTER-05: a hunter who has revealed himself must shoot: no"
    assert "LASTWORDS-03: a self-destructing wolf leaves last words: yes" in en
    from wolfdsl.present.callsheet import _house_rule
    bare = {"name": "x", "value": "true", "values": ["true", "false"], "rule": "ROLE-X-01", "rule_zh": None}
    assert _house_rule(bare, "en") == "ROLE-X-01: x = true"  # a rule ID alone says nothing yes could answer
    assert _house_rule({**bare, "rule": None}, "en") == "x = true"  # no text at all: the setting


def test_house_rules_read_in_words_not_option_ids():
    # a moderator read `(exile_tie = pk)` after the words and `max_days = 40`: the
    # declared texts say it; the id only where no text says what the option decides
    en = call_sheet("standard-12", {"exile_tie": "no_exile", "max_days": "60"}, "en")["house_rules"]
    assert "DAY-11: a tied exile vote: nobody is exiled" in en
    assert not any(re.search(r"\b(exile_tie|max_days|sheriff_election|witch_self_save) = ", r) for r in en)
    nm = call_sheet("new-moon", None, "en")["house_rules"]
    assert "NEWMOON-22: the judge switches on the infection variant: no" in nm
    # every bundled option now says what it decides: no id is left on a sheet (a trial: the
    # sheriff's ballot weight read `sheriff_vote_weight = 2`, the wake order `order_a`)
    assert [r for r in nm if " = " in r] == []
    assert "SHERIFF-10: the votes the sheriff's ballot counts for (the seeds give 2 and 1.5): 2" in nm


def test_a_step_that_only_announces_is_on_the_sheet_with_a_reminder(tmp_path):
    # a morning announcement with no decision and no call was left off the sheet: the
    # moderator never said it (designer trial: a raven's mark shown each morning)
    (tmp_path / "crier.wolf").write_text(
        'import "standard-12"\n'
        'event cried "📣 {seat} is cried out" "📣 {seat}被点名"\n'
        'event hushed secret "{seat} is hushed"\n'
        'step crier in day after announcement before late_election, discussion {\n'
        '    log cried { seat: 1 }\n'
        '}\n'
        'step hush in day after announcement before late_election, discussion {\n'
        '    log hushed { seat: 2 }\n'
        '}\n', encoding="utf-8")
    reminder = "[step crier declares no call: write `call \"...\" \"...\"` in it]"
    en = call_sheet(str(tmp_path / "crier.wolf"), None, "en")["day"]
    assert f"Announce: 📣 {{seat}} is cried out {reminder}" in en
    assert not any("hush" in c for c in en)  # a secret event is nothing to announce
    zh = call_sheet(str(tmp_path / "crier.wolf"), None, "zh")["day"]
    assert "宣布：📣 {seat}被点名［步骤 crier 没有写台词：请在其中写 `call \"...\" \"...\"`］" in zh


def test_default_language_and_output_file(tmp_path):
    assert default_lang("Standard 12", "side kill (屠边)") == "en"    # an English text quoting a term
    assert default_lang("标准12人局", "") == "zh"
    assert default_lang("My board", "预女猎守，屠边") == "zh"
    assert default_lang("New Moon", "event cards") == "en"
    out = tmp_path / "sheet.html"
    r = invoke("script", "classic-9", "--format", "html", "-o", out)
    assert r.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert invoke("script", "classic-9", "--format", "pdf").exit_code == 2


def test_the_output_files_extension_chooses_the_format_and_a_contradiction_is_warned(tmp_path, monkeypatch):
    # a researcher's trial: `-o sheet.md --format html` wrote HTML into a .md file, silently
    monkeypatch.chdir(tmp_path)
    md = invoke("script", "classic-9").stdout
    page = invoke("script", "classic-9", "--format", "html").stdout
    assert md.startswith("# ") and page.startswith("<!DOCTYPE html>")
    for name, fmt, text, warning in [
            ("a.html", None, page, None), ("a.HTM", None, page, None), ("a.md", None, md, None),
            ("a.txt", None, md, None), ("a", None, md, None), ("b.html", "html", page, None),
            ("sheet.md", "html", page, "warning: wrote HTML (--format html) into sheet.md, a .md file: name it "
                                       "sheet.html, or leave out --format and the extension chooses"),
            ("notes.txt", "html", page, "warning: wrote HTML (--format html) into notes.txt, a .txt file: name it "
                                        "notes.html, or leave out --format and the extension chooses"),
            ("sheet.html", "md", md, "warning: wrote Markdown (--format md) into sheet.html, a .html file: name it "
                                     "sheet.md, or leave out --format and the extension chooses")]:
        r = invoke("script", "classic-9", "-o", name, *(["--format", fmt] if fmt else []))
        assert r.exit_code == 0, r.output
        assert (tmp_path / name).read_text(encoding="utf-8") == text, name
        assert r.stderr.splitlines() == [f"wrote {name}"] + ([warning] if warning else []), name
    assert invoke("script", "classic-9", "-o", "-", "--format", "html").stdout == page


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


def test_a_range_ruleset_sheet_is_for_one_count_and_calls_only_its_roles():
    # millers-hollow deals 8 to 18: without --players the sheet is for 8 and says so
    r = invoke("script", "millers-hollow")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == "# Miller's Hollow (classic box) — moderator's call sheet, 8 players"
    assert "- 8 players: Werewolf ×2, Seer, Witch, Hunter, Villager ×3" in lines
    assert ("- This sheet is for 8 players, the ruleset's default; it deals 8 to 18 players: "
            "`wolfdsl script millers-hollow --players N` for another count.") in lines
    assert not any(x.startswith("- 9 players") for x in lines)
    for absent in ("Thief, open", "Cupid, open", "I touch the lovers", "the little girl may peek"):
        assert absent not in r.stdout
    # 12 players: the thief and Cupid are dealt and called on the first night only
    sheet = call_sheet("millers-hollow", None, "en", 12)
    assert sheet["deck"] == ["12 players: Werewolf ×3, Seer, Witch, Hunter, Cupid, Little girl, Thief, "
                             "Villager ×5; 2 face down"]
    assert sheet["heading"].endswith(", 12 players")
    assert sum(c.startswith(("Thief, open", "Cupid, open", "I touch the lovers")) for c in sheet["first_night"]) == 3
    assert not any(c.startswith(("Thief", "Cupid", "I touch")) for c in sheet["other_nights"])
    # 9 players: Cupid and the lovers, no thief
    nine = call_sheet("millers-hollow", None, "en", 9)["first_night"]
    assert any(c.startswith("Cupid, open") for c in nine) and not any(c.startswith("Thief") for c in nine)
    # a count the ruleset does not deal, and a fixed-size sheet names no count
    r = invoke("script", "millers-hollow", "--players", "30")
    assert r.exit_code == 2 and "millers-hollow is for 8 to 18 players, not 30" in r.stderr
    assert invoke("script", "standard-12", "--players", "12").exit_code == 0
    assert invoke("script", "standard-12", "--players", "10").exit_code == 2
    assert call_sheet("standard-12", None, "en")["heading"] == "Standard 12 (guard) — moderator's call sheet"


def test_first_night_words_stay_on_the_first_night_and_day_1_steps_say_so():
    sheet = call_sheet("standard-12", None, "en")
    wolves = [c for part in ("first_night", "other_nights") for c in sheet[part] if c.startswith("Werewolves, open")]
    assert wolves == ["Werewolves, open your eyes and see one another. Agree on a player to kill, or nobody.",
                      "Werewolves, open your eyes. Agree on a player to kill, or nobody."]
    assert not any("night 1" in c or "see one another" in c for c in sheet["other_nights"])
    election = [c for c in sheet["day"] if c.startswith(("Sheriff election", "A tie: the tied candidates"))]
    assert len(election) == 2 and all(c.endswith("(day 1 only)") for c in election)
    assert not any(c.endswith("(day 1 only)") for c in sheet["day"] if c not in election)
    zh = call_sheet("standard-12", None, "zh")
    assert any(c.startswith("竞选警长") and c.endswith("（仅第1天）") for c in zh["day"])
    # a second tie elects again the next day: then the election is not day-1 only
    again = call_sheet("standard-12", {"sheriff_tie": "revote_then_next_day"}, "en")
    assert [c for c in again["day"] if c.startswith("Sheriff election")][0].endswith("did not run vote.")
    assert "A tie: vote once more at once; a second tie: no sheriff today, and a new election the next day." in again["day"]


def test_call_if_clause_parses_and_shows_in_the_json():
    text = 'step s in night when day > 0 call "First." "初。" if day == 1 call "Later." if day > 1 { }\n'
    step = to_ast(parse(text, "x.wolf"), "x.wolf", text).decls[0]
    assert [(c.en, c.zh, c.cond is not None) for c in step.calls] == [("First.", "初。", True), ("Later.", None, True)]
    import json
    view = json.loads(invoke("show", "standard-12", "--json").stdout)
    wolves = next(s for s in view["night"] if s["step"] == "werewolves")
    assert [c.get("if") for c in wolves["calls"]] == ["day == 1", "day > 1", None]


def test_a_chinese_sheet_warns_once_about_texts_with_no_chinese(tmp_path):
    # new-user trial: `--lang zh` printed "4. Fortune teller, open your eyes." with no word
    # that the call had no Chinese text
    path = tmp_path / "teller.wolf"
    path.write_text(
        'title "Teller 12"\n'
        'import "roles"\n'
        'role teller "Fortune teller" "占卜师" { faction village; class god }\n'
        'step teller in night after werewolves before witch\n'
        '    call "Fortune teller, open your eyes."\n'
        '    call "Fortune teller, close your eyes." "占卜师请闭眼。"\n'
        '{ decide teller.gaze by teller may pass choose t from alive { } }\n'
        'players 12\n'
        'deck 12: werewolf*4, seer, witch, hunter, teller, villager*4\n', encoding="utf-8")
    r = invoke("script", path, "--lang", "zh")
    assert r.exit_code == 0, r.output
    assert "4. Fortune teller, open your eyes.\n5. 占卜师请闭眼。\n" in r.stdout  # the sheet is kept
    assert r.stderr == (
        "warning: 2 texts of the sheet have no Chinese and are printed in English (add the Chinese as the "
        "second string):\n"
        f'  {path}:1: title "Teller 12"\n'
        f'  {path}:5: call "Fortune teller, open your eyes."\n')
    assert call_sheet(str(path), None, "zh")["untranslated"] == [
        f'{path}:1: title "Teller 12"', f'{path}:5: call "Fortune teller, open your eyes."']
    assert invoke("script", path, "--lang", "en").stderr == ""
    assert invoke("script", "standard-12", "--lang", "zh").stderr == ""


def test_the_engines_day_bound_is_no_house_rule():
    # new-user trial: "a bound: a game still going after this day is a draw: 40" means
    # nothing at a table; it bounds bots' games, even where --set changes it
    for options in (None, {"max_days": "60"}):
        en = call_sheet("standard-12", options, "en")["house_rules"]
        assert [r for r in en if "bound" in r or "draw" in r] == []
        assert "DAY-06: speech rounds: one a day" in en
    assert [r for r in call_sheet("standard-12", None, "zh")["house_rules"] if "上限" in r] == []


def test_an_option_only_bots_or_the_engines_dice_read_is_no_house_rule(tmp_path):
    """A researcher's trial: New Moon's Chinese sheet listed "发言者违反本轮发言规则的概率：0.1",
    the engine's stand-in for a speaker's slip, which at a table happens or not as people
    speak. An option read only in a bot's ``prefer``/``score`` hint, or only as the odds of
    a random draw (``chance``), is left out; one a rule reads as well stays."""
    (tmp_path / "odds.wolf").write_text(
        'import "standard-12"\n'
        'option hunch: 1 | 2 = 1 "HUNCH-01: how hard a bot leans on a hunch"\n'
        'option slip_odds: 0 | 0.5 = 0.5 "SLIP-01: chance that a speaker slips"\n'
        'option fine_odds: 0 | 0.5 = 0.5 "FINE-01: chance that a slip is fined, and fines at all"\n'
        'status slipped "slipped" temporary\n'
        'step slips in day after announcement before late_election, discussion\n'
        '    call "Watch the speakers for slips." "注意发言者的口误。"\n'
        '{\n'
        '    for p in alive { if chance(slip_odds) { add slipped to p } }\n'
        '    if fine_odds > 0 and chance(fine_odds) { add slipped to first(alive) }\n'
        '    decide seer.hunch by seer may pass choose t from alive\n'
        '        prefer (if hunch == 2 then first(alive) else none) { }\n'
        '}\n', encoding="utf-8")
    rules = call_sheet(str(tmp_path / "odds.wolf"), None, "en")["house_rules"]
    assert [r for r in rules if r.split(":")[0] in ("HUNCH-01", "SLIP-01", "FINE-01")] == [
        "FINE-01: chance that a slip is fined, and fines at all: 0.5"]
    zh = call_sheet("new-moon", None, "zh")["house_rules"]
    assert [r for r in zh if "概率" in r] == []
    assert "NEWMOON-22：法官开启感染变体：否" in zh
    girl = call_sheet("new-moon", None, "en", 12)["house_rules"]
    assert [r for r in girl if "LITTLE_GIRL" in r] == [
        "ROLE-LITTLE_GIRL-02: the wolves spot the little girl: the wolves may switch their kill to her"]


def test_the_sheet_tells_the_moderator_how_the_guard_s_protection_resolves_at_dawn():
    """A moderator's trial: the sheet never said that a player both guarded and saved
    dies (同守同救, ROLE-GUARD-03) nor that the guard does not stop poison (ROLE-GUARD-04);
    the note comes right before day breaks, and only where a guard is dealt."""
    en = call_sheet("standard-12", None, "en")["first_night"]
    assert en[-3:] == [
        "(Moderator, silently) Work out the dead: the wolves' victim lives if the guard protected him or the witch "
        "saved him, and dies if both did (同守同救); the guard's protection does not stop the poison.",
        "(Moderator, silently) The wolves' kill takes effect first and the win is checked before the poison: if it "
        "meets the wolves' win, they win, even if the poison would remove the last wolf (WIN-04).",
        "Everybody, open your eyes: it is day."]
    zh = call_sheet("standard-12", None, "zh")["other_nights"]
    assert zh[-3] == "（法官默记）结算死亡：狼刀目标被守卫守护或被女巫救起则存活，同守同救则死亡；守护挡不住毒药。"
    classic = call_sheet("classic-9", None, "en")["first_night"]  # a witch, no guard
    assert not any("同守同救" in c for c in classic) and "(WIN-04)" in classic[-2]


def test_the_toolbox_page_quotes_the_chinese_sheet_as_it_is():
    # docs/toolbox.md showed "12人: 狼人 ×4…" where the sheet prints "12人：狼人 ×4…"
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "toolbox.md").read_text(encoding="utf-8")
    block = page.split("$ wolfdsl script standard-12 --lang zh\n", 1)[1].split("\n…\n", 1)[0]
    sheet = invoke("script", "standard-12", "--lang", "zh").stdout
    assert sheet.startswith(block + "\n")
    assert "- 12人：狼人 ×4、预言家、女巫、猎人、守卫、普通村民 ×4" in block.splitlines()
