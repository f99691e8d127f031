"""``wolfdsl show``: golden text in English and Chinese, JSON, --set and its marks."""
import json

import pytest

from clitools import invoke
from golden import check


@pytest.mark.parametrize("name,lang", [("standard-12", "en"), ("new-moon", "zh"), ("classic-9", "en")])
def test_show_matches_its_golden_file(name, lang):
    r = invoke("show", name, "--lang", lang)
    assert r.exit_code == 0, r.output
    check(f"show-{name}-{lang}.txt", r.stdout)


def test_show_json_marks_what_set_changed():
    r = invoke("show", "standard-12", "--json", "--set", "night_order=order_c")
    assert r.exit_code == 0, r.output
    view = json.loads(r.stdout)
    opts = {o["name"]: o for o in view["options"]}
    assert opts["night_order"]["value"] == "order_c" and opts["night_order"]["set_by"] == "--set"
    assert opts["wolf_win"]["set_by"] == "default"
    runs = {s["step"]: s["runs"] for s in view["night"]}
    assert runs["early_seer"] == "always" and runs["seer"] == "never"
    assert [s["step"] for s in view["night"]][:3] == ["guard", "early_seer", "werewolves"]
    assert [w["win"] for w in view["wins"]][-1] == "village_wins"


def test_show_first_night_only_and_ruleset_sets():
    view = json.loads(invoke("show", "cupid-thief-12", "--json").stdout)
    runs = {s["step"]: s["runs"] for s in view["night"]}
    assert runs["thief"] == "first" and runs["cupid"] == "first"
    assert any(o["set_by"] == "ruleset" for o in view["options"])


def test_show_bad_input_exits_2():
    assert invoke("show", "standard-13").exit_code == 2
    assert invoke("show", "standard-12", "--lang", "fr").exit_code == 2
    assert invoke("show", "standard-12", "--set", "wolf_win=never").exit_code == 2


def test_show_takes_the_summary_of_the_nearest_board_never_the_preludes(tmp_path, monkeypatch):
    # a file without its own summary: standard-12's (the board it imports), not the prelude's
    monkeypatch.chdir(tmp_path)
    assert invoke("new", "my-12b", "--from", "standard-12", "--import").exit_code == 0
    lines = invoke("show", "my-12b.wolf").stdout.splitlines()
    assert lines[:2] == ["my-12b (my-12b)", "12 players, 4 wolves vs seer, witch, hunter, guard and 4 villagers; side kill (屠边)"]
    # a file importing only the roles: no board above it, so no summary and its own name
    (tmp_path / "mine.wolf").write_text('import "roles"\nplayers 12\n'
                                        'deck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n')
    view = json.loads(invoke("show", "mine.wolf", "--json").stdout)
    assert view["summary"] == "" and view["title"] == "mine"
    assert invoke("show", "mine.wolf").stdout.splitlines()[:2] == ["mine (mine)", ""]
    # the prelude shown on its own keeps its summary
    assert json.loads(invoke("show", "prelude", "--json").stdout)["summary"].startswith("Table procedure")


COMMENTED = '''import "standard-12"
global alarm = false
step curfew in night first when alarm   # raised by day
    and day > 1 call "Curfew." if alarm  # the alarm
    or day > 9 { alarm = false }
step raise in day after exile when count(alive) < 6 and
   # only with few players
   not alarm { alarm = true }
step odd in day after raise when "a # b" != "c"  and  count(alive) > 0 { }
'''


def test_show_quotes_a_condition_without_its_comments(tmp_path):
    # a `when` written over two lines with a comment read "when alarm   # raised by day
    # and day > 1", as if the rest were commented out
    path = tmp_path / "commented.wolf"
    path.write_text(COMMENTED, encoding="utf-8")
    r = invoke("show", path)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert "  1.   curfew       when alarm and day > 1" in lines  # ten night steps: numbers to 10.
    assert "  7.  raise                when count(alive) < 6 and not alarm" in lines
    assert '  8.  odd                  when "a # b" != "c" and count(alive) > 0' in lines
    steps = json.loads(invoke("show", path, "--json").stdout)["night"]
    assert steps[0]["when"] == "alarm and day > 1" and steps[0]["calls"][0]["if"] == "alarm or day > 9"


def test_show_marks_the_steps_of_roles_no_deck_deals(tmp_path):
    # new-user trial: a bodyguard board listed "guard  every night" though no guard is dealt
    path = tmp_path / "bodyguard.wolf"
    path.write_text('import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, villager*5\n',
                    encoding="utf-8")
    r = invoke("show", path)
    assert r.exit_code == 0, r.output
    night = r.stdout.split("Night (the steps in wake order)\n")[1].split("\n\n")[0].splitlines()
    assert night[0] == "  1.   guard        every night (no Guard dealt)"  # ten steps: numbers to 10.
    assert night[2] == "  3.   werewolves   every night"
    assert "  1.   guard        每夜（未发守卫牌）" in invoke("show", path, "--lang", "zh").stdout
    view = json.loads(invoke("show", path, "--json").stdout)
    undealt = {s["step"]: s["undealt"] for s in view["night"] if s["undealt"]}
    guard = [{"role": "guard", "name": "Guard", "name_zh": "守卫"}]
    assert undealt == {"guard": guard, "guard_dawn": guard}  # the guard's dawn note (ROLE-GUARD-03) too
    # a board that deals the guard marks nothing
    assert [s["step"] for s in json.loads(invoke("show", "standard-12", "--json").stdout)["night"]
            if s["undealt"]] == []


def test_chinese_show_writes_chinese_colons():
    # a researcher's trial: `show --lang zh` printed "人数: 12" and "12人: 狼人 ×4…", an
    # ASCII colon where the rest of the Chinese output (the call sheet) has "："
    zh = invoke("show", "mafia", "--lang", "zh").stdout.splitlines()
    assert zh[3] == "人数：7-30（默认12人，--players 可改）"
    head = invoke("show", "cupid-thief-12", "--lang", "zh").stdout.splitlines()
    assert head[3] == "人数：12"
    assert head[6] == "  12人：狼人 ×3、猎人、女巫、预言家、白痴、丘比特、盗贼、普通村民 ×5；2张底牌"
    en = invoke("show", "mafia", "--lang", "en").stdout.splitlines()
    assert en[3] == "Players: 7-30 (12 unless --players says otherwise)"
