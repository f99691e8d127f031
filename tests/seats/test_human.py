"""A person at a seat: `wolfdsl play RULESET --seat N`, driven under a pseudo-terminal."""
import io
import json
import re
import sys

import pytest

from clitools import invoke
from wolfdsl.lang.load import load
from wolfdsl.play.agents import Request
from wolfdsl.seats.human import HumanAgent

pexpect = pytest.importorskip("pexpect")


def first_choice(menu: str, question: str) -> str:
    """The first legal choice of a printed question, as a person would type it."""
    if "seats:" in menu:
        seats = menu.split("seats:")[1].split("0:")[0].split()
        m = re.search(r"choose (\d+) seats", question)
        return " ".join(seats[:int(m.group(1))] if m else seats[:1])
    return "1"


def play_to_the_end(seat: int, seed: int, first_answers=()):
    """Play `seat` of standard-12 under a pseudo-terminal, typing ``first_answers`` and
    then the first legal choice of every question; the transcript and the exit code."""
    child = pexpect.spawn(sys.executable, ["-m", "wolfdsl", "play", "standard-12", "--seat", str(seat),
                                           "--seed", str(seed)],
                          encoding="utf-8", timeout=180, dimensions=(50, 250))
    child.logfile_read = io.StringIO()
    pending = list(first_answers)
    asked = 0
    while child.expect([r"\n> ", pexpect.EOF]) == 0:
        asked += 1
        lines = child.before.replace("\r", "").splitlines()
        menu, question = lines[-1], lines[-2] if len(lines) > 1 else ""
        child.sendline(pending.pop(0) if pending else first_choice(menu, question))
    child.close()
    return child.logfile_read.getvalue().replace("\r", ""), child.exitstatus, asked


def test_a_human_at_seat_3_plays_a_game_to_the_end_in_a_terminal():
    transcript, code, asked = play_to_the_end(3, 7, ["?", "99"])
    assert code == 0, transcript[-2000:]
    assert asked >= 6
    assert "Your card: Werewolf 狼人 (Werewolves).\nYour team (werewolves): 8号, 9号, 11号." in transcript
    assert "Night 1, team werewolves · Werewolves: whom do you kill tonight? (0: no kill)" in transcript
    assert "> ?\n  every choice is allowed\n> 99\n  there is no seat 99\n" in transcript  # a hint, no rule
    learns = re.findall(r"(\d+)号 learns", transcript)
    assert learns and set(learns) == {"3"}  # only his own secrets
    assert re.search(r"\nGame over: \w+ won \(.+\)\. You (won|lost)\.\n", transcript)
    assert "The cards were: 1号 Guard, 2号 Villager, 3号 Werewolf," in transcript


def test_question_mark_names_the_rule_and_a_forbidden_answer_is_asked_again():
    transcript, code, asked = play_to_the_end(6, 7, ["?", "6", "99", "x"])
    assert code == 0, transcript[-2000:]
    assert "> ?\n  6号: ROLE-SEER-01: the seer checks another player\n" in transcript
    assert "> 6\n  not allowed: ROLE-SEER-01: the seer checks another player\n" in transcript
    assert "> x\n  type a number from the list\n" in transcript
    assert set(re.findall(r"(\d+)号 learns", transcript)) == {"6"}


def test_the_same_seed_and_answers_replay_the_same_game(tmp_path):
    from clitools import runner
    from wolfdsl.cli import app

    answers = "0\n1\n2\n3\n" * 300  # pass where allowed, else the first choice that is
    logs = []
    for name in ("a", "b"):
        r = runner.invoke(app, ["play", "standard-12", "--seat", "3", "--seed", "5", "--log",
                                str(tmp_path / f"{name}.jsonl")], input=answers)
        assert r.exit_code == 0, r.output
        assert r.stdout.startswith("Seed 5: `--seed 5` deals this game again.\n")
        logs.append((tmp_path / f"{name}.jsonl").read_bytes())
    assert logs[0] == logs[1]
    start = json.loads(logs[0].splitlines()[0])
    assert start["seats"][2]["agent"] == "human" and start["agents"] == "table, seat 3=human"


@pytest.mark.parametrize("lang, speeches, sounded", [
    ("en", "  Speeches in order: 3号, 4号, 6号, 8号, 10号\n",
     "  How the speeches sounded (how suspect; higher: more): 3号 +1.1, 4号 -0.3, 8号 -0.9, 10号 -1.4, 6号 -1.5\n"),
    ("zh", "  发言顺序：3号、4号、6号、8号、10号\n",
     "  发言听起来有多可疑（越高越可疑）：3号 +1.1、4号 -0.3、8号 -0.9、10号 -1.4、6号 -1.5\n"),
])
def test_the_seat_hears_how_the_speeches_sounded_as_the_bots_do(tmp_path, lang, speeches, sounded):
    # the table bots' public reading of the speeches (the log's impressions), after them
    from clitools import runner
    from wolfdsl.cli import app

    log = tmp_path / "game.jsonl"
    r = runner.invoke(app, ["play", "standard-12", "--seat", "6", "--seed", "7", "--lang", lang, "--log", str(log)],
                      input="0\n1\n2\n3\n" * 300)
    assert r.exit_code == 0, r.output
    assert speeches + sounded in r.stdout
    logged = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert r.stdout.count(sounded[:12]) == sum(e["type"] == "impressions" for e in logged) >= 3


def test_a_speech_that_sounded_neither_way_is_never_shown_as_minus_zero():
    # seed 1, seat 6: seat 5's day-2 speech read -0.04, once shown "-0.0" to the person at the seat
    # (and seat 12's -0.002)
    from clitools import runner
    from wolfdsl.cli import app

    r = runner.invoke(app, ["play", "standard-12", "--seat", "6", "--seed", "1"], input="0\n1\n2\n3\n" * 300)
    assert r.exit_code == 0, r.output
    assert ("  How the speeches sounded (how suspect; higher: more): 9号 +1.0, 10号 +1.0, 8号 +0.6, 1号 +0.2, "
            "12号 +0.0, 5号 +0.0, 11号 -0.1, 3号 -0.2, 6号 -0.6, 2号 -1.4, 4号 -2.2") in r.stdout.splitlines()
    assert "-0.0" not in r.stdout


def test_the_seat_sees_only_what_it_may_know_and_question_marks_explain():
    child = pexpect.spawn(sys.executable, ["-m", "wolfdsl", "play", "standard-12", "--seat", "6",
                                           "--seed", "7"], encoding="utf-8", timeout=180)
    child.expect("Seed 7: `--seed 7` deals this game again.")
    child.expect(r"Your card: Seer 预言家 \(Village\)\.")
    child.expect(r"Night 1 · Seer: whom do you check tonight\? \(0: nobody\)")
    child.expect(r"seats: 1 2 3 4 5 7 8 9 10 11 12   0: nobody")
    intro = child.before
    assert "learns" not in intro  # nobody else's secrets
    child.sendline("?")
    child.expect(r"6号: (.+)\r\n")
    assert "ROLE-SEER" in child.match.group(1) or "seer" in child.match.group(1).lower()
    child.sendline("6")
    child.expect("not allowed: ")
    child.sendline("1")
    child.expect(r"6号 learns: seat 1号; result (good|bad)")
    child.sendline("")
    child.terminate(force=True)


def test_end_of_input_stops_the_game_like_ctrl_c_and_says_so_in_the_seats_language():
    r = invoke("play", "standard-12", "--seat", "6", "--seed", "7")
    assert r.exit_code == 130
    assert "Seer: whom do you check tonight?" in r.stdout and r.stderr.strip() == "input ended"
    r = invoke("play", "standard-12", "--seat", "6", "--seed", "7", "--lang", "zh")
    assert r.exit_code == 130 and r.stderr.strip() == "输入已结束"


def test_an_interrupted_game_writes_the_log_of_what_was_played_and_says_so(tmp_path, monkeypatch):
    # the input ends at the seer's day-1 claim: the log keeps the 35 events up to there,
    # the same lines as the game played on with the same first answers
    from clitools import runner
    from wolfdsl.cli import app

    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["play", "standard-12", "--seat", "6", "--seed", "7", "--log", "cut.jsonl"],
                      input="1\n1\n")
    assert r.exit_code == 130
    assert r.stderr == ("The game so far (to day 1, 35 events) is in cut.jsonl: `wolfdsl narrate cut.jsonl` "
                        "tells it.\ninput ended\n")
    cut = (tmp_path / "cut.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(cut) == 35 and cut[-1] == ('{"seq":34,"game":0,"day":1,"phase":"day","type":"impressions",'
                                          '"reads":{"3":1.12,"4":-0.28,"6":-1.48,"8":-0.9,"10":-1.36},"read":0.28}')
    whole = runner.invoke(app, ["play", "standard-12", "--seat", "6", "--seed", "7", "--log", "whole.jsonl"],
                          input="1\n1\n" + "0\n1\n2\n3\n" * 300)
    assert whole.exit_code == 0, whole.output
    assert (tmp_path / "whole.jsonl").read_text(encoding="utf-8").splitlines()[:35] == cut
    told = invoke("narrate", "cut.jsonl")
    assert told.exit_code == 0 and told.stdout.splitlines()[-1] == "The game stops here, with no winner yet."
    r = runner.invoke(app, ["play", "standard-12", "--seat", "6", "--seed", "7", "--log", "cut.jsonl",
                            "--lang", "zh"], input="1\n")
    assert r.exit_code == 130
    assert r.stderr == ("到此为止的对局（至第1天，23个事件）已写入 cut.jsonl：`wolfdsl narrate cut.jsonl` 可以复述。\n"
                        "输入已结束\n")
    # nothing is written before the game starts
    r = runner.invoke(app, ["play", "standard-12", "--seat", "6", "--seed", "7", "--log", "none.jsonl",
                            "--players", "13"], input="")
    assert r.exit_code == 2 and not (tmp_path / "none.jsonl").exists()


@pytest.mark.parametrize("args, message", [
    ([], "say which seat you play, for example --seat 3"),
    (["--seat", "3=random"], "one human seat a terminal, got 0"),
    (["--seat", "3", "--seat", "4"], "one human seat a terminal, got 2"),
])
def test_play_needs_one_human_seat(args, message):
    r = invoke("play", "standard-12", *args)
    assert r.exit_code == 2 and message in r.output


def test_a_forbidden_answer_is_refused_with_the_rule_and_asked_again():
    said = []
    answers = iter(["?", "? 3", "3", "0", "4"])
    human = HumanAgent(2, load("standard-12"), read=lambda prompt: next(answers), write=said.append)
    human.players = 4

    def why_not(v):
        return None if v in (1, 4) else "RULE-X: not that one" if v == 3 else \
            "RULE-Y: he must protect someone" if v is None else "a choice is required here"

    req = Request("guard.protect", "protect", 2, "guard", 1, "night", 1, "seat", (1, 4), False, 1, why_not)
    assert human.decide(req) == 4
    text = "\n".join(said)
    assert "Night 1 · protect: choose a seat\n  seats: 1 4" in text  # no ask: the verb
    # a pass the rules refuse: their own reason (a `may pass when … else` text), as the
    # request gives it, in `?` and when 0 is typed
    assert "  2号: a choice is required here\n  3号: RULE-X: not that one\n  pass: RULE-Y: he must protect someone" in text
    assert "  3号: RULE-X: not that one\n  not allowed: RULE-X" in text  # "? 3" names the seat
    assert "  not allowed: RULE-X: not that one" in text
    assert "  not allowed: RULE-Y: he must protect someone" in text


def test_question_mark_lists_the_choices_the_rules_removed_with_their_reasons():
    said = []
    answers = iter(["?", "0", "1"])
    human = HumanAgent(8, load("cupid-thief-12"), read=lambda prompt: next(answers), write=said.append)
    human.players = 12

    def why_not(v):
        return {"seer": "RULE-A: not the seer", "thief": "RULE-B: not your own", None: None}.get(v)

    req = Request("thief.choose", "choose", 8, "thief", 1, "night", 1, "symbol", ("werewolf",), False, 1, why_not,
                  candidates=("werewolf", "seer", "thief"))
    assert human.decide(req) == "werewolf"
    text = "\n".join(said)
    assert "  1: Werewolf\n  Seer: RULE-A: not the seer\n  Thief: RULE-B: not your own\n" \
           "  pass: a choice is required here; passing is not allowed\n" in text  # no reason given: the generic one
    assert "  not allowed: a choice is required here; passing is not allowed" in text


def test_run_with_a_human_seat_plays_one_game_then_narrates_it_whole():
    from clitools import runner
    from wolfdsl.cli import app

    r = runner.invoke(app, ["run", "standard-12", "--seat", "3=human", "--seed", "5"], input="0\n1\n2\n3\n" * 300)
    assert r.exit_code == 0, r.output
    mine, _, story = r.stdout.partition("Game of standard-12")
    assert "You are seat 3 (3号)." in mine and "1号 Villager" not in mine
    assert story.startswith(" — Standard 12 (guard), seed 5, 12 players; table bots; at seat 3: human\n")
    assert "   1号  Villager 普通村民  (Village)\n" in story


def test_several_seats_are_typed_together_and_explained_one_by_one():
    said = []
    answers = iter(["?", "1", "1 1", "4 2"])
    human = HumanAgent(3, None, read=lambda prompt: next(answers), write=said.append)
    human.players = 4

    def why_not(v):
        if not isinstance(v, tuple) or len(set(v)) != 2:
            return "choose exactly 2 different seats"
        return "RULE-Y: not yourself" if 3 in v else None

    req = Request("cupid.link", "link", 3, "cupid", 1, "night", 1, "seats", (1, 2, 4), False, 2, why_not)
    assert human.decide(req) == (2, 4)
    text = "\n".join(said)
    assert "Night 1 · link: choose 2 seats, separated by spaces\n  seats: 1 2 4" in text
    assert "  3号: RULE-Y: not yourself" in text
    assert text.count("  not allowed: choose exactly 2 different seats") == 2


def play_lines(seat: int, seed: int, lang: str = "en") -> str:
    """``wolfdsl play standard-12`` at ``seat``, answering 0, 1, 2, 3 in turn: its output."""
    from clitools import runner
    from wolfdsl.cli import app

    r = runner.invoke(app, ["play", "standard-12", "--seat", str(seat), "--seed", str(seed), "--lang", lang],
                      input="0\n1\n2\n3\n" * 300)
    assert r.exit_code == 0, r.output
    return r.stdout


def test_a_wolf_is_asked_the_rulesets_question_for_the_counter_claim():
    out = play_lines(3, 7)
    assert ("Day 1, team werewolves · Counter-claim (悍跳): which wolf claims to be the seer in his speech? "
            "(0: nobody)\n  seats: 3 8   0: nobody\n") in out
    assert "werewolves.counter_claim" not in out
    assert "Day 1 · Run for sheriff (上警)?\n  1: yes   2: no   0: pass\n" in out  # 0 is taken: listed
    zh = play_lines(3, 7, "zh")
    assert "第1天（狼人） · 悍跳：" in zh and ", team werewolves" not in zh  # the team named in Chinese


def test_the_witch_is_asked_about_her_poison_in_english_or_chinese():
    assert "Night 1 · Witch: poison someone tonight? (0: keep the poison)\n  seats: 1 2 3" in play_lines(12, 7)
    zh = play_lines(12, 7, "zh")
    assert "第1夜 · 女巫：今晚要用毒药吗？对谁使用？（0：不用毒药）\n  座位：1 2 3" in zh
    assert "你的身份：女巫（好人）。" in zh  # the narration in Chinese too


def test_a_question_replaces_the_action_name_and_keeps_the_choices():
    said = []
    answers = iter(["2 4"])
    human = HumanAgent(3, None, read=lambda prompt: next(answers), write=said.append, lang="zh")
    req = Request("cupid.link", "link", 3, "cupid", 1, "night", 1, "seats", (1, 2, 4), False, 2,
                  ask=("Cupid: which two players become the lovers?", "丘比特：选择两名玩家成为情侣"))
    assert human.decide(req) == (2, 4)
    assert said[1:] == ["第1夜 · 丘比特：选择两名玩家成为情侣（选择2个座位，用空格分隔）", "  座位：1 2 4"]
    said.clear()
    human.lang = "en"
    answers = iter(["1"])
    req = Request("mafia.kill", "kill", None, "mafia", 2, "night", 1, "seat", (1, 4), False, 1,
                  ask=("Whom do you kill tonight?", None))
    assert human.decide(req) == 1
    assert said[1:] == ["Night 2, team mafia · Whom do you kill tonight?", "  seats: 1 4"]


def test_the_badge_question_offers_tearing_it_up_only_where_the_options_allow():
    from clitools import runner
    from wolfdsl.cli import app

    # seat 5 of seed 36 is the sheriff, killed in night 4 (answering 0, 1, 2, 3 in turn)
    question = "Day 4 · You were the sheriff: to whom do you pass the badge?"
    torn = play_lines(5, 36)
    assert f"{question} (0: tear it up)\n  seats: 1 4 8 10 11   0: tear it up\n" in torn
    r = runner.invoke(app, ["play", "standard-12", "--seat", "5", "--seed", "36", "--set",
                            "sheriff_on_death=must_pass"], input="0\n1\n2\n3\n" * 300)
    assert r.exit_code == 0, r.output
    assert f"{question}\n  seats: 1 4 8 10 11\n" in r.stdout
    assert "0: tear it up" not in r.stdout
    assert ">   not allowed: a choice is required here; passing is not allowed\n" in r.stdout  # 0 is refused


def test_a_questions_pass_note_is_left_out_where_no_pass_is_allowed():
    from wolfdsl.seats.protocol import decide_message

    req = Request("x.give", "give", 3, "x", 2, "day", 1, "seat", (1, 4), False, 1,
                  ask=("Give it to whom? (0: keep it)", "给谁？（0：留着）"))
    assert (req.question(), req.question(zh=True)) == ("Give it to whom?", "给谁？")
    msg = decide_message(req)
    assert (msg["ask"], msg["ask_zh"]) == ("Give it to whom?", "给谁？")
    req.can_pass = True
    assert (req.question(), req.question(zh=True)) == ("Give it to whom? (0: keep it)", "给谁？（0：留着）")
    req.ask = ("Counter-claim (悍跳): who?", None)  # a parenthesis that is no pass note stays
    req.can_pass = False
    assert (req.question(), req.question(zh=True)) == ("Counter-claim (悍跳): who?", "Counter-claim (悍跳): who?")


def test_with_lang_zh_every_line_the_seat_reads_is_chinese():
    from clitools import runner
    from wolfdsl.cli import app

    # a wolf (seat 3) and the seer (seat 6) of seed 7; `?`, a word, a seat out of the list,
    # two seats, a forbidden seat: every refusal and explanation, then 0, 1, 2, 3 in turn
    for seat in (3, 6):
        r = runner.invoke(app, ["play", "standard-12", "--seat", str(seat), "--seed", "7", "--lang", "zh"],
                          input="?\nx\n99\n1 2\n? 6\n6\n" + "0\n1\n2\n3\n" * 300)
        assert r.exit_code == 0, r.output
        english = [line for line in r.stdout.splitlines()
                   if re.search(r"[a-z]{2,}", line.replace("`--seed 7`", ""))]
        assert english == [], english
    seer = play_lines(6, 7, "zh").splitlines()
    assert seer[:6] == ["种子 7：用 `--seed 7` 可以重发这一局。", "标准12人（守卫），12名玩家。你是6号。",
                        "你的身份：预言家（好人）。", "本局的牌：狼人 ×4、预言家、女巫、猎人、守卫、普通村民 ×4。",
                        "回答每个问题时输入所选项的数字；输入 ? 查看规则不允许的选项及原因。", ""]
    assert seer[-2:] == ["游戏结束：好人获胜（狼人（及第三方）全部出局）。你赢了。",
                         "本局身份：1号守卫、2号普通村民、3号狼人、4号普通村民、5号普通村民、6号预言家、7号普通村民、"
                         "8号狼人、9号狼人、10号猎人、11号狼人、12号女巫。"]
    assert "第1天 · 是否上警竞选警长？\n  1：是   2：否   0：放弃\n" in "\n".join(seer)  # 0, taken as 否, is listed
    assert ">   不允许：3号已出局：出局的玩家不再参与游戏（DAY-15）" in seer
    # seat 9 of seed 9 is the sheriff, killed at night: his badge offered to a dead seat
    assert ">   不允许：SHERIFF-13：警徽只能移交给存活的玩家" in play_lines(9, 9, "zh").splitlines()


def test_refusals_and_explanations_in_chinese_come_from_the_rules_and_the_referee():
    from clitools import runner
    from wolfdsl.cli import app

    r = runner.invoke(app, ["play", "standard-12", "--seat", "6", "--seed", "7", "--lang", "zh"],
                      input="?\nx\n99\n1 2\n? 6\n6\n1\n")
    assert r.exit_code == 130
    night = r.stdout.split("第1夜 · 预言家：今晚要查验谁？（0：不查验）\n")[1]
    assert night.startswith("  座位：1 2 3 4 5 7 8 9 10 11 12   0：不查验\n"
                            ">   6号：ROLE-SEER-01：预言家只能查验其他玩家\n"
                            ">   请输入列表中的数字\n"
                            ">   没有99号座位\n"
                            ">   请只输入一个数字\n"
                            ">   6号：ROLE-SEER-01：预言家只能查验其他玩家\n"
                            ">   不允许：ROLE-SEER-01：预言家只能查验其他玩家\n"
                            ">   6号查验1号\n")
    said = []
    answers = iter(["?", "0", "1"])
    human = HumanAgent(2, None, read=lambda prompt: next(answers), write=said.append, lang="zh")
    human.players = 2
    req = Request("guard.protect", "protect", 2, "guard", 1, "night", 1, "seat", (1,), False, 1)
    assert human.decide(req) == 1
    assert said[1:] == ["第1夜 · protect：选择一个座位", "  座位：1", "  2号：不在选项中",
                        "  放弃：这里必须做出选择，不能放弃", "  不允许：这里必须做出选择，不能放弃"]


@pytest.mark.parametrize("lang, sheriff, peaceful", [
    ("en", "  ★ 10号 is elected sheriff", "  ☀ A peaceful night: nobody died in night {}"),
    ("zh", "  ★ 10号当选警长", "  ☀ 平安夜：第{}夜无人出局")])
def test_a_peaceful_night_is_told_when_the_dead_are_announced(lang, sheriff, peaceful):
    # seed 7: the witch saves 5号 in night 1; the table hears "peaceful night" (平安夜) at
    # the announcement, after the sheriff election (SHERIFF-02 before_announcement), and
    # now the seat does too (it was told nothing). Seat 3, a wolf who answers 0, also
    # passes the wolves' kill in nights 3 and 4.
    from clitools import runner
    from wolfdsl.cli import app

    r = runner.invoke(app, ["play", "standard-12", "--seat", "3", "--seed", "7", "--lang", lang], input="0\n" * 300)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert [line for line in lines if "☀" in line] == [peaceful.format(n) for n in (1, 3, 4)]
    assert lines[lines.index(sheriff) + 1] == peaceful.format(1)
    day = "── Day {} ──" if lang == "en" else "── 第{}天 ──"
    assert [lines[lines.index(day.format(n)) + 1] for n in (3, 4)] == [peaceful.format(n) for n in (3, 4)]


@pytest.mark.parametrize("lang, deaths", [
    ("en", ["  † 7号 died in night 3 (cause not told)", "  † 3号 died (cause: exiled)",
            "  † 4号 died in night 4 (cause not told)", "  † 6号 died (cause: exiled)", "  † 5号 died in night 5 (cause not told)"]),
    ("zh", ["  † 7号出局（第3夜，死因不明）", "  † 3号出局（放逐）", "  † 4号出局（第4夜，死因不明）", "  † 6号出局（放逐）",
            "  † 5号出局（第5夜，死因不明）"])])
def test_the_night_death_that_ends_the_game_says_its_night_like_the_others(lang, deaths):
    # seed 25, seat 5 answering 0: the wolves' kill in night 5 (of seat 5) ends the game
    # before day 5 begins; it is dated like the night deaths announced by day
    from clitools import runner
    from wolfdsl.cli import app

    r = runner.invoke(app, ["play", "standard-12", "--seat", "5", "--seed", "25", "--lang", lang], input="0\n" * 400)
    assert r.exit_code == 0, r.output
    assert [line for line in r.stdout.splitlines() if "†" in line][-5:] == deaths


@pytest.mark.parametrize("lang, said", [
    ("en", ["  type a number from the list", "  type one number", "  there is no seat 99",
            "  9号: 9号 is out: a dead player takes no part", "  x: type a number from the list",
            "  not allowed: 9号 is out: a dead player takes no part"]),
    ("zh", ["  请输入列表中的数字", "  请只输入一个数字", "  没有99号座位",
            "  9号：9号 is out: a dead player takes no part", "  x：请输入列表中的数字",
            "  不允许：9号 is out: a dead player takes no part"])])
def test_an_answer_that_is_no_choice_gets_a_hint_and_a_refused_one_the_rule(lang, said):
    out = []
    answers = iter(["x", "1 2", "99", "? 9", "? x", "9", "4"])
    human = HumanAgent(2, None, read=lambda prompt: next(answers), write=out.append, lang=lang)
    human.players = 12

    def why_not(v):
        return None if v in (1, 4) else "9号 is out: a dead player takes no part"

    req = Request("guard.protect", "protect", 2, "guard", 1, "night", 1, "seat", (1, 4), False, 1, why_not)
    assert human.decide(req) == 4
    assert out[3:] == said


def test_a_chinese_input_methods_answers_are_read_and_a_range_counts_the_pass():
    # a trial: the full-width ？ of a Chinese input method and "4号" were refused, and a
    # yes/no question that may be passed said "1 to 2" though 0 was accepted
    out = []
    answers = iter(["？", "4号"])
    human = HumanAgent(2, None, read=lambda prompt: next(answers), write=out.append, lang="zh")
    human.players = 12
    req = Request("guard.protect", "protect", 2, "guard", 1, "night", 1, "seat", (1, 4), False, 1, lambda v: None)
    assert human.decide(req) == 4
    assert "  2号：不在选项中" in out  # the ？ read as ?: what each seat may be
    for lang, hint in (("zh", "  请输入 0 到 2 之间的数字"), ("en", "  type a number from 0 to 2")):
        out = []
        answers = iter(["9", "１"])
        human = HumanAgent(2, None, read=lambda prompt: next(answers), write=out.append, lang=lang)
        yes_no = Request("witch.claim", "claim", 2, "witch", 1, "day", 1, "yes_no", (True, False), True, 1,
                         lambda v: None)
        assert human.decide(yes_no) is True
        assert hint in out


@pytest.mark.parametrize("lang, echoes", [
    ("en", {(5, 1, "0"): ["Day 1 · Claim the witch (跳女巫) in your speech? Your claim names whom you saved, if anyone.",
                          "  1: yes   2: no   0: pass", ">   5号 answers: pass", "  Sheriff 2号 recommends exiling 12号"],
            (3, 7, "0123"): ["  seats: 3 8   0: nobody", ">   not allowed: 2 is not a legal choice (legal: 3, 8, or pass)",
                             ">   3号 answers: 3号"],
            (6, 7, "0123"): ["  seats: 1 2 3 4 5 7 8 9 10 11 12   0: no recommendation", ">   6号 answers: 3号",
                             "  Sheriff 6号 recommends exiling 3号"]}),
    ("zh", {(5, 1, "0"): ["第1天 · 是否在发言中跳女巫？如果救过人，会一并报出（银水）。",
                          "  1：是   2：否   0：放弃", ">   5号回答：放弃", "  警长2号归票12号"],
            (3, 7, "0123"): ["  座位：3 8   0：不悍跳", ">   不允许：2 不是可选项（可选：3、8，或放弃）", ">   3号回答：3号"],
            (6, 7, "0123"): ["  座位：1 2 3 4 5 7 8 9 10 11 12   0：不归票", ">   6号回答：3号", "  警长6号归票3号"]})])
def test_the_seat_sees_its_own_answer_where_the_table_is_told_nothing(lang, echoes):
    # a claim declined (witch, seat 5 of seed 1), the wolves' counter-claim (seat 3 of
    # seed 7), the sheriff's recommendation (归票, seat 6 of seed 7): speech acts, told to
    # the table by the claim they make, if any; the seat reads its own answer after ">"
    from clitools import runner
    from wolfdsl.cli import app

    for (seat, seed, typed), lines in echoes.items():
        r = runner.invoke(app, ["play", "standard-12", "--seat", str(seat), "--seed", str(seed), "--lang", lang],
                          input="".join(f"{c}\n" for c in typed) * 300)
        assert r.exit_code == 0, r.output
        out = r.stdout.splitlines()
        start = out.index(lines[0])
        assert out[start:start + len(lines)] == lines
        mine = [line for line in out if "answers:" in line or "回答：" in line]
        assert mine and all(line.startswith(f">   {seat}号") for line in mine)  # its own answers only


@pytest.mark.parametrize("ruleset, args, far, n", [
    ("classic-9", ["--seat", "13"], 13, 9),
    ("classic-9", ["--seat", "3", "--seat", "14=random"], 14, 9),
    ("mafia", ["--seat", "9", "--players", "8"], 9, 8),
])
def test_a_seat_beyond_the_table_is_refused_before_the_game_starts(ruleset, args, far, n):
    # said before the seed line, as every other --seat mistake (the seed line came first)
    r = invoke("play", ruleset, "--lang", "zh", *args)
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip() == f"error: --seat {far}: {ruleset} is played with {n} players here (seats 1 to {n})"


def test_the_final_card_list_shows_the_card_a_seat_took():
    # the thief took the werewolf card; the list at the end said "8号 Thief"
    from wolfdsl.play import play_game
    from wolfdsl.present.narrate import teller
    from wolfdsl.seats.command import cards_line
    from wolfdsl.seats.human import WORDS

    rs = load("cupid-thief-12")
    events = play_game(rs, 1, 0, "table").events
    line = cards_line(events, teller(rs, "en"), WORDS["en"])
    assert "8号 Thief → Werewolf" in line and line.startswith("The cards were: 1号 ")
    assert cards_line(events, teller(rs, "zh"), WORDS["zh"]).count("→") == 1


def test_game_over_names_the_win_rule_by_its_title_in_the_seats_language():
    # new-user trial: `wolfdsl play` ended "Werewolves won (side_kill)", the rule's id
    info = {"over": True, "winners": ["werewolves"], "reason": "side_kill", "winning_seats": [1, 2, 3, 4]}
    for lang, line in (("en", "Game over: Werewolves won (side kill (屠边): all gods or all plain villagers are "
                              "dead). You lost."),
                       ("zh", "游戏结束：狼人获胜（屠边：神民或平民全部出局）。你输了。")):
        said = []
        HumanAgent(5, load("standard-12"), read=lambda prompt: "", write=said.append, lang=lang).end(info)
        assert said == ["", line]


@pytest.mark.parametrize("typed", ["yes", "Y", "是"])
def test_a_yes_no_question_takes_yes_and_no_in_words(typed):
    # a trial: 'yes' and '是' were answered 'type a number from the list'
    out = []
    answers = iter([typed])
    human = HumanAgent(2, None, read=lambda prompt: next(answers), write=out.append, lang="zh")
    human.players = 12
    req = Request("self_destruct", "self_destruct", 2, "werewolf", 1, "day", 1, "yes_no", (True, False), True, 1,
                  lambda v: None)
    assert human.decide(req) is True
    answers = iter(["否"])
    assert human.decide(req) is False


def test_an_empty_line_says_how_to_answer():
    # a trial: Enter on a question was met with the prompt alone ("> > > >")
    out, lines = [], iter(["", "4"])
    guard = HumanAgent(2, None, read=lambda prompt: next(lines), write=out.append)
    guard.players = 12
    assert guard.decide(Request("guard.protect", "protect", 2, "guard", 1, "night", 1, "seat", (1, 4), False, 1,
                                lambda v: None)) == 4
    assert "  type a number from the list" in out
