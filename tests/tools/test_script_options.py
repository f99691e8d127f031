"""``wolfdsl script``: the call sheet says what the moderator does under the options in
force (each option's values against the calls that speak of them), the wolves'
self-destruct, a step that changes the game without a call, the Chinese texts of every
bundled ruleset and the Chinese summary."""
from pathlib import Path

import pytest

from clitools import invoke
from wolfdsl.lang import syntax as A
from wolfdsl.lang.parse import parse
from wolfdsl.lang.transform import to_ast
from wolfdsl.present.callsheet import call_sheet

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"
EXILE = "Exile vote: everybody points at once (the sheriff's ballot counts 2)."
LAST_WORDS = "The exiled player leaves last words."


def _after(lines: list[str], first: str, n: int) -> list[str]:
    i = lines.index(first)
    return lines[i:i + n]


@pytest.mark.parametrize("value,en,zh", [
    ("pk", "A tie: the tied players speak again (PK) and the others vote only for them; a second tie: nobody is exiled.",
     "平票时平票玩家上PK台再发言，其余玩家只能投他们；再平票则无人出局。"),
    ("revote", "A tie: the tied players speak again and the others vote again, for any living player; a second tie: "
               "nobody is exiled, night falls.",
     "平票时平票玩家再发言，其余玩家重新投票（可投任何存活玩家）；再平票则无人出局，进入黑夜。"),
    ("no_exile", "A tie: nobody is exiled; night falls.", "平票时无人出局，进入黑夜。"),
    ("sheriff_decides", "A tie: the sheriff picks which tied player is exiled, or nobody; without a sheriff nobody is exiled.",
     "平票时由警长决定放逐哪名平票玩家，或不放逐；没有警长时无人出局。"),
    ("scapegoat", "A tie: the scapegoat dies instead of the tied players; without a living scapegoat nobody is exiled.",
     "平票时替罪羊代替平票玩家出局；没有存活的替罪羊时无人出局。"),
], ids=lambda x: x if x.isidentifier() else "")
def test_the_exile_tie_sentence_follows_exile_tie(value, en, zh):
    # a new-user trial: with exile_tie = no_exile the day still read "A tie: ... (PK)"
    day = call_sheet("standard-12", {"exile_tie": value}, "en")["day"]
    assert _after(day, EXILE, 3) == [EXILE, en, LAST_WORDS]
    assert sum(c.startswith("A tie: ") for c in day[day.index(EXILE):]) == 1  # the others' lines are gone
    assert _after(call_sheet("standard-12", {"exile_tie": value}, "zh")["day"], "放逐投票：所有人同时投票（警长的票算2票）。", 2)[1] == zh


def test_a_house_file_that_sets_exile_tie_gets_its_tie_sentence(tmp_path):
    (tmp_path / "house.wolf").write_text('import "standard-12"\nset exile_tie = no_exile\n', encoding="utf-8")
    r = invoke("script", str(tmp_path / "house.wolf"))
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert _after(lines, "6. " + EXILE, 3) == ["6. " + EXILE, "7. A tie: nobody is exiled; night falls.", "8. " + LAST_WORDS]
    assert "PK" not in r.stdout.split("## House rules")[0]
    assert "- DAY-11: a tied exile vote: nobody is exiled" in lines


def test_without_a_sheriff_election_the_sheet_names_no_sheriff():
    sheet = call_sheet("standard-12", {"sheriff_election": "false"}, "en")
    assert sheet["day"] == [
        "Announce last night's dead, or a peaceful night. The dead leave last words when the rules give them.",
        "Speeches in turn, starting beside the last dead.",
        "Exile vote: everybody points at once.",
        "A tie: the tied players speak again (PK) and the others vote only for them; a second tie: nobody is exiled.",
        LAST_WORDS,
    ]
    assert sheet["any_time"] == [
        "The dead who leave last words speak them as their death is announced.",
        "The hunter may show his card and shoot a living player, unless he was poisoned.",
        "A werewolf may self-destruct in a speech: he dies, the day ends at once.",
        "The seer may reveal himself in his speech and tell his results.",
        "A seer's last words may tell the results he has not told yet.",
    ]
    assert not any("sheriff" in c or "badge" in c for part in ("day", "any_time") for c in sheet[part])
    zh = call_sheet("standard-12", {"sheriff_election": "false"}, "zh")
    assert not any("警长" in c or "警徽" in c for part in ("day", "any_time") for c in zh[part])
    # sheriff_decides with nobody to decide
    assert "A tie: nobody is exiled (there is no sheriff to decide)." in call_sheet(
        "standard-12", {"sheriff_election": "false", "exile_tie": "sheriff_decides"}, "en")["day"]


@pytest.mark.parametrize("value,line", [
    ("non_candidates", "the players who did not run vote."),
    ("all_no_self", "everybody but those who withdrew votes, and a vote for oneself does not count."),
    ("all", "everybody but those who withdrew votes."),
])
def test_the_election_line_follows_the_electorate(value, line):
    day = call_sheet("standard-12", {"sheriff_electorate": value}, "en")["day"]
    assert day[0] == ("Sheriff election: who runs for sheriff, raise your hand. The candidates speak in turn and may "
                      f"withdraw; {line} (day 1 only)")


def test_the_sheriffs_options_speeches_and_last_words():
    en = call_sheet("standard-12", {"sheriff_tie": "revote_then_next_day", "sheriff_on_death": "must_pass",
                                    "speech_first_side": "sheriff_chooses", "speech_order_no_sheriff": "clock_parity",
                                    "day_speech_rounds": "two_on_day1", "last_words_policy": "day1_only"}, "en")
    assert en["day"] == [
        "Sheriff election: who runs for sheriff, raise your hand. The candidates speak in turn and may withdraw; "
        "the players who did not run vote.",
        "A tie: vote once more at once; a second tie: no sheriff today, and a new election the next day.",
        "Announce last night's dead, or a peaceful night. The dead leave last words when the rules give them.",
        "Speeches in turn: the sheriff picks the side to start from and speaks last, and may recommend an exile.",
        "Without a sheriff, the clock's last digit sets the direction (odd clockwise, even counter-clockwise: 单顺双逆); "
        "start beside the night's dead (the lowest seat if several), after a peaceful night from the lowest or the "
        "highest seat.",
        "Then everybody speaks a second round. (day 1 only)",
        EXILE,
        "A tie: the tied players speak again (PK) and the others vote only for them; a second tie: nobody is exiled.",
        "The exiled player leaves last words. (day 1 only)",
    ]
    assert en["any_time"][1] == "The sheriff is dead: he must pass the badge to a living player."
    pool = call_sheet("standard-12", {"last_words_policy": "wolf_count_pool"}, "zh")["day"]
    assert pool[-1] == "被放逐的玩家发表遗言（遗言总数等于狼人数量，用完为止）。"


def test_the_default_standard_sheet_day_and_reminders():
    sheet = call_sheet("standard-12", None, "en")
    assert sheet["day"] == [
        "Sheriff election: who runs for sheriff, raise your hand. The candidates speak in turn and may withdraw; "
        "the players who did not run vote. (day 1 only)",
        "A tie: the tied candidates speak again and the others vote once more; a second tie: no sheriff. (day 1 only)",
        "Announce last night's dead, or a peaceful night. The dead leave last words when the rules give them.",
        "Speeches in turn: they start at the sheriff's neighbour on the side agreed before the game (the other side "
        "each following day); the sheriff speaks last and may recommend an exile.",
        "Without a sheriff, start beside the last dead.",
        EXILE,
        "A tie: the tied players speak again (PK) and the others vote only for them; a second tie: nobody is exiled.",
        LAST_WORDS,
    ]


def test_the_wolves_self_destruct_is_a_reminder():
    # a wolf may self-destruct every day, and the sheet never said so
    en = call_sheet("standard-12", None, "en")["any_time"]
    assert ("A werewolf may self-destruct in a speech: he dies, the day ends at once; during the election the badge "
            "is lost.") in en
    zh = call_sheet("standard-12", None, "zh")["any_time"]
    assert "狼人可以在发言时自爆：自爆者出局，白天立即结束；竞选警长时自爆则警徽流失。" in zh
    quiet = call_sheet("bomb-man-12", None, "en")["any_time"]  # it sets self_destruct_last_words = false
    assert "A self-destructed werewolf leaves no last words." in quiet
    assert "A self-destructed werewolf leaves no last words." not in en


def test_a_proc_may_carry_calls():
    text = 'proc p(x) call "Any time." "随时。" if day > 1 { }\n'
    proc = to_ast(parse(text, "x.wolf"), "x.wolf", text).decls[0]
    assert [(c.en, c.zh, c.cond is not None) for c in proc.calls] == [("Any time.", "随时。", True)]


@pytest.mark.parametrize("ruleset,options,part,line", [
    ("standard-12", {"guard_repeat": "void"}, "first_night",
     "Guard, open your eyes. Choose a player to protect tonight (yourself allowed; the same player two nights running "
     "is not protected), or nobody."),
    ("standard-12", {"hunter_reveal_commits": "true"}, "any_time", "A hunter who has revealed himself must shoot."),
    ("cupid-thief-12", {"cupid_may_skip": "true"}, "first_night",
     "Cupid, open your eyes. Choose two players to be the lovers (yourself allowed), or nobody. Cupid, close your eyes."),
    ("cupid-thief-12", {"thief_choice": "may_keep"}, "first_night",
     "Thief, open your eyes. Here are the two bottom cards: take one, or keep your card and play a plain villager (a "
     "werewolf card must be taken when the rules say so). Thief, close your eyes."),
    ("wolf-king-12", None, "any_time",
     "The wolf king may show his card and shoot a living player, unless he was poisoned or self-destructed."),
    ("wolf-king-12", {"wolf_king_shoots_on_self_destruct": "true"}, "any_time",
     "The wolf king may show his card and shoot a living player, unless he was poisoned."),
    ("hidden-wolf-12", None, "any_time", "The last wolf of the team died: the hidden wolf is out of the game with him."),
    ("hidden-wolf-12", {"hidden_wolf_last": "inherits_kill"}, "any_time",
     "The last wolf of the team died: the hidden wolf takes over the night kill."),
    ("dreamweaver-12", None, "any_time", "The dreamweaver died at night: the player he dreamed of last dies with him."),
    ("dreamweaver-12", {"dreamweaver_link": "any_time"}, "any_time",
     "The dreamweaver died: the player he dreamed of last dies with him."),
])
def test_role_calls_follow_their_options(ruleset, options, part, line):
    sheet = call_sheet(ruleset, options, "en")
    assert line in sheet[part]
    words = line.split("(")[0] if "(" in line else line[:30]
    assert sum(c.startswith(words) for c in sheet[part]) == 1  # the other value's line is gone


def test_the_little_girl_line_follows_little_girl_caught():
    forced = call_sheet("millers-hollow", {"little_girl_caught": "forced"}, "en", players=10)["first_night"]
    assert ("(While the wolves are awake the little girl may peek; if you spot her, she becomes the night's victim.)"
            in forced)
    assert not any("may take her" in c for c in forced)


def test_a_step_that_changes_the_game_without_a_call_is_on_the_sheet(tmp_path):
    # a role file's step with no decision and no call: the moderator would have skipped it
    (tmp_path / "swap.wolf").write_text(
        'import "standard-12"\n'
        'status charmed "charmed" "被魅惑"\n'
        'step magic_swap in night after werewolves before witch {\n'
        '    for p in alive {\n'
        '        if p has charmed { remove charmed from p } else { add charmed to p }\n'
        '    }\n'
        '}\n'
        'global tally = 0\n'
        'step count_only in night after werewolves before witch {\n'
        '    tally = tally + 1\n'
        '}\n', encoding="utf-8")
    en = call_sheet(str(tmp_path / "swap.wolf"), None, "en")
    line = ("Step magic_swap changes the game (adds or removes the status charmed): do it. "
            "[step magic_swap declares no call: write `call \"...\" \"...\"` in it]")
    assert en["first_night"][5] == line and line in en["other_nights"]
    assert not any("count_only" in c for c in en["first_night"])  # a global is the engine's bookkeeping
    zh = call_sheet(str(tmp_path / "swap.wolf"), None, "zh")["first_night"]
    assert ("步骤 magic_swap 会改变局面（添加或移除状态：被魅惑）：请执行。"
            "［步骤 magic_swap 没有写台词：请在其中写 `call \"...\" \"...\"`］") in zh


def _missing_zh(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    mod = to_ast(parse(text, str(path)), str(path), text)
    out = []
    for d in mod.decls:
        where = f"{path.relative_to(RULESETS)}:{d.span.line if d.span else '?'}"
        if isinstance(d, (A.Title, A.Summary)) and d.text and not d.zh:
            out.append(f"{where} {type(d).__name__.lower()}")
        elif isinstance(d, A.WinDecl) and d.title and not d.title_zh:
            out.append(f"{where} win {d.name}")
        elif isinstance(d, A.OptionDecl):
            if d.doc and not d.doc_zh:
                out.append(f"{where} option {d.name}")
            out += [f"{where} option {d.name} = {v}" for v, en, zh in d.value_docs if en and not zh]
        elif isinstance(d, A.EventDecl) and d.en and not d.zh:
            out.append(f"{where} event {d.name}")
        out += [f"{path.relative_to(RULESETS)}:{n.span.line} call {n.en!r}" for n in A.walk(d)
                if isinstance(n, A.ModeratorCall) and not n.zh]
    return out


def test_every_bundled_text_has_its_chinese_form():
    # `script new-moon --lang zh` printed "狼人获胜：the wolves infected …": a win without a
    # Chinese title; every title, summary, win, option, event and call of a bundled file has one
    files = sorted(RULESETS.rglob("*.wolf"))
    assert len(files) > 20
    assert [m for f in files for m in _missing_zh(f)] == []
    sheet = call_sheet("new-moon", {"infection_variant": "true"}, "zh", players=12)  # its win needs the variant
    assert "狼人获胜：狼人感染了倒数第二名村民（NEWMOON-22）" in sheet["wins"]


def test_the_chinese_summary():
    text = 'summary "Twelve players" "12人局"\n'
    summary = to_ast(parse(text, "x.wolf"), "x.wolf", text).decls[0]
    assert (summary.text, summary.zh) == ("Twelve players", "12人局")
    r = invoke("show", "standard-12", "--lang", "zh")
    assert r.stdout.splitlines()[:2] == ["标准12人（守卫） (standard-12)", "12人：4狼对预言家、女巫、猎人、守卫和4名村民；屠边"]
    assert invoke("show", "standard-12").stdout.splitlines()[1] == (
        "12 players, 4 wolves vs seer, witch, hunter, guard and 4 villagers; side kill (屠边)")
    zh = invoke("script", "standard-12", "--lang", "zh").stdout.splitlines()
    assert zh[:3] == ["# 标准12人（守卫） — 法官台本", "", "12人：4狼对预言家、女巫、猎人、守卫和4名村民；屠边"]
    listed = invoke("rulesets", "--lang", "zh")
    assert listed.exit_code == 0 and "4狼对预言家" in listed.stdout


def test_a_trigger_that_changes_the_game_without_a_call_is_on_the_sheet(tmp_path):
    # a trial's curse killed at the seer's death and the sheet never said so
    (tmp_path / "curse.wolf").write_text(
        'import "standard-12"\n'
        "trigger curse on death(p) when p.role == seer { kill pick(alive) cause wolf }\n", encoding="utf-8")
    en = call_sheet(str(tmp_path / "curse.wolf"), None, "en")["any_time"]
    assert ("When a player dies (Seer): a player dies (killed by the werewolves). "
            "[trigger curse declares no call: write `call \"...\" \"...\"` in it]") in en
    zh = call_sheet(str(tmp_path / "curse.wolf"), None, "zh")["any_time"]
    assert ("有玩家死亡时（预言家）：一名玩家死亡（狼刀）。"
            "［触发规则 curse 没有写台词：请在其中写 `call \"...\" \"...\"`］") in zh
    # new-user trial: a replacement with no call read "When death(p): replacement
    # bodyguard_takes changes the game (kills): do it": now in the ruleset's words
    (tmp_path / "bodyguard.wolf").write_text(
        'import "roles"\n'
        'status shielded "shielded by the bodyguard" "被保镖保护" temporary\n'
        'cause sacrifice "died in place of another" "替人挡刀"\n'
        'role bodyguard "Bodyguard" "保镖" { faction village; class god }\n'
        'step bodyguard in night before werewolves call "Bodyguard, open your eyes." "保镖请睁眼。" {\n'
        '    decide bodyguard.shield by bodyguard may pass choose t from alive { if t != none { add shielded to t } }\n'
        '}\n'
        'replacement bodyguard_takes on death(p) when p has shielded and cause == wolf and '
        'living(bodyguard) != none {\n'
        '    kill living(bodyguard) cause sacrifice\n'
        '}\n'
        'players 12\n'
        'deck 12: werewolf*4, seer, witch, hunter, bodyguard, villager*4\n', encoding="utf-8")
    en = call_sheet(str(tmp_path / "bodyguard.wolf"), None, "en")["any_time"]
    assert [c for c in en if "bodyguard_takes" in c] == [
        "When a player would die (shielded by the bodyguard, killed by the werewolves), instead: the Bodyguard "
        "dies (died in place of another). [replacement bodyguard_takes declares no call: write "
        "`call \"...\" \"...\"` in it]"]
    zh = call_sheet(str(tmp_path / "bodyguard.wolf"), None, "zh")["any_time"]
    assert [c for c in zh if "bodyguard_takes" in c] == [
        "有玩家将要死亡时（被保镖保护、狼刀），改为：保镖死亡（替人挡刀）。［替换规则 bodyguard_takes 没有写台词："
        "请在其中写 `call \"...\" \"...\"`］"]
    # every bundled ruleset's triggers say what the moderator does
    for path in sorted(RULESETS.glob("*.wolf")):
        if path.stem != "prelude":
            sheet = call_sheet(path.stem, None, "en")
            assert not any("declares no call" in c for part in sheet.values() if isinstance(part, list)
                           for c in part if isinstance(c, str)), path.stem
