"""`wolfdsl play RULESET --moderator`: a game at a real table entered by its moderator —
the cards, every seat's decisions, a vote on one line — and `--record FILE.yaml`, a
scenario file that `wolfdsl run --script` replays with its `expect:` holding. Driven
with scripted standard input, as a moderator would type it."""
from __future__ import annotations

import doctest
import json
import sys

import pytest

from clitools import invoke, runner
from wolfdsl.cli import app
from wolfdsl.seats import moderator as moderator_module

CARDS = "werewolf*4,seer,witch,hunter,guard,villager*4"

NIGHT_1 = [
    "0",    # 8号 the guard protects nobody
    "9",    # the wolves kill 9
    "",     # the witch does not save him (Enter: no)
    "1",    # she poisons 1
    "2",    # 5号 the seer checks 2
]
CAMPAIGN = ["", "5 6"]   # 1 does not run; asked of seat after seat, one line: 5 and 6 run for sheriff
DAY_1 = [
    "1", "",            # 5 claims the seer, 6 does not claim the witch
    "", "",             # no wolf self-destructs: 2 asked alone, then 3 and 4 on one line
    "", "",             # nobody withdraws
    "1 2 3:6 9 13:5",   # a typo: there is no seat 13
    "5:6",              # 5 runs: no vote
    "?",                # who has no vote, and why
    "1 2 3 4:6 7 8:7 9 10 11 12:5",   # 7 is no candidate: 7 and 8 are asked alone
    "",                 # Enter: the line as understood is confirmed
    "5", "",            # 7 votes 5, 8 abstains
    "3", "6",           # the wolves' counter-claim: 3 claims the seer, names 6
    "", "",             # 6 and 7 claim nothing
    "3",                # sheriff 5 recommends exiling 3
    "",                 # no self-destruct: one line for the wolves
    "2 3 4:6 5 6 7 8 10 11 12:3",     # 3 is exiled
    "",                 # Enter: the line as understood is confirmed
]
NIGHT_2 = ["0", "7", "", "4"]       # nobody guarded, the hunter killed, not saved; 4 checked
DAY_2 = [
    "2",                # the hunter, killed in the night, shoots 2
    "1", "",            # 5 claims, 6 does not
    "4",                # the sheriff recommends 4
    "",                 # 4 does not self-destruct
    "4:5 5 6 8 10 11 12:4",
    "",                 # Enter: the line as understood is confirmed
]
GAME = NIGHT_1 + CAMPAIGN + DAY_1 + NIGHT_2 + DAY_2

RECORD = """\
# A game recorded at the table: wolfdsl play standard-12 --moderator
# `wolfdsl run --script` replays it: the cards as dealt, every answer but the passes
# (otherwise: abstain gives them back), the deaths and the winner as they happened.
ruleset: standard-12
seed: 1
seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, villager, villager, villager, villager]
otherwise: abstain
decisions:
  - {at: night 1, by: werewolves, do: kill, choose: 9}
  - {at: night 1, by: 6, do: poison, choose: 1}   # witch
  - {at: night 1, by: 5, do: check, choose: 2}   # seer
  - {at: day 1, by: [5, 6], do: run_for_sheriff, choose: yes}   # seer, witch
  - {at: day 1, by: 5, do: seer.claim, choose: yes}   # seer
  - {at: day 1, do: sheriff_vote, votes: {1: 6, 2: 6, 3: 6, 4: 6, 7: 5, 9: 5, 10: 5, 11: 5, 12: 5}}
  - {at: day 1, by: werewolves, do: counter_claim, choose: 3}
  - {at: day 1, by: werewolves, do: fake_check, choose: 6}
  - {at: day 1, by: 5, do: recommend, choose: 3}   # seer
  - {at: day 1, do: exile_vote, votes: {2: 6, 3: 6, 4: 6, 5: 3, 6: 3, 7: 3, 8: 3, 10: 3, 11: 3, 12: 3}}
  - {at: night 2, by: werewolves, do: kill, choose: 7}
  - {at: night 2, by: 5, do: check, choose: 4}   # seer
  - {at: day 2, by: 7, do: shoot, choose: 2}   # hunter
  - {at: day 2, by: 5, do: seer.claim, choose: yes}   # seer
  - {at: day 2, by: 5, do: recommend, choose: 4}   # seer
  - {at: day 2, do: exile_vote, votes: {4: 5, 5: 4, 6: 4, 8: 4, 10: 4, 11: 4, 12: 4}}
expect:
  deaths:
    - {seat: 9, cause: wolf, at: night 1, last_words: yes}
    - {seat: 1, cause: poison, at: night 1, last_words: yes}
    - {seat: 3, cause: exile, at: day 1, last_words: yes}
    - {seat: 7, cause: wolf, at: night 2, last_words: yes}
    - {seat: 2, cause: shot, at: night 2, last_words: no}
    - {seat: 4, cause: exile, at: day 2, last_words: yes}
  sheriff: 5
  winner: village
"""


def moderate(tmp_path, answers, *args, cards=CARDS, ruleset="standard-12"):
    """``wolfdsl play RULESET --moderator --seed 1 --cards … --record … --log …``, the
    ``answers`` typed one a line; the result, the record's path and the log's."""
    record, log = tmp_path / "game.yaml", tmp_path / "game.jsonl"
    given = ["--cards", cards] if cards is not None else []
    r = runner.invoke(app, ["play", ruleset, "--moderator", "--seed", "1", *given, "--record", str(record),
                            "--log", str(log), *args], input="".join(a + "\n" for a in answers))
    return r, record, log


def events(path) -> list[dict]:
    """A log's events but the start (which says who played the seats), without ``seq``."""
    out = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [{k: v for k, v in e.items() if k != "seq"} for e in out if e["type"] != "game_start"]


def test_a_whole_game_is_recorded_and_replays_exactly(tmp_path):
    r, record, log = moderate(tmp_path, GAME)
    assert r.exit_code == 0, r.output
    assert r.stderr == ""
    assert record.read_text(encoding="utf-8") == RECORD
    assert r.stdout.endswith(f"\nThe record is in {record}: `wolfdsl run --script {record}` replays it.\n")
    replay = invoke("run", "--script", record, "--log", tmp_path / "replay.jsonl")
    assert (replay.exit_code, replay.stderr) == (0, ""), replay.output
    assert replay.stdout.splitlines()[-1] == "expect holds: deaths (6); sheriff seat 5; winner village"
    assert events(tmp_path / "replay.jsonl") == events(log)  # the same game, event for event


def test_each_question_names_the_seat_and_its_card(tmp_path):
    r, _, _ = moderate(tmp_path, GAME)
    out = r.stdout
    assert ("Night 1 · 8号 (Guard) · Guard: whom do you protect tonight? (0: nobody)\n"
            "  seats: 1 2 3 4 5 6 7 8 9 10 11 12   0: nobody\n") in out
    assert ("Night 1 · Werewolves (1号, 2号, 3号, 4号) · Werewolves: whom do you kill tonight? (0: no kill)\n"
            "  seats: 1 2 3 4 5 6 7 8 9 10 11 12   0: no kill\n") in out
    assert ("Night 1 · 6号 (Witch) · Witch: use the antidote to save tonight's victim?\n"
            "  1: yes   2: no   0: pass   Enter: no\n") in out
    # what the moderator shows the seer, as the narration tells it
    assert "  5号 Seer learns: seat 2号 Werewolf; result wolf\n" in out
    assert "Day 1 · 1号 (Werewolf) · Run for sheriff (上警)?\n" in out


def test_a_yes_no_question_asked_seat_after_seat_is_one_line(tmp_path):
    r, _, _ = moderate(tmp_path, GAME)
    out = r.stdout
    # the second seat asked the same question: one line for it and the seats after it
    assert ("\nDay 1 · 1号 (Werewolf) · Run for sheriff (上警)?\n  1: yes   2: no   0: pass   Enter: no\n> \n"
            "Day 1 · Run for sheriff (上警)? — asked of seat after seat, from 2号 on\n"
            "  type the seats that answer yes, space-separated   Enter: nobody   00: nobody for the rest of day 1\n"
            ">   5号 Seer runs for sheriff\n  6号 Witch runs for sheriff\n") in out
    assert "Day 1 · 3号 (Werewolf) · Run for sheriff" not in out
    # an action once asked so is asked so from its first seat on: the wolves' self-destruct
    assert out.count("Self-destruct (自爆) now?") == 4
    assert out.count("Self-destruct (自爆) now? You die and the day ends at once (in the sheriff campaign, the badge "
                     "is lost). — asked of seat after seat, from ") == 3


def test_a_line_of_yes_seats_is_checked_and_00_says_no_for_the_phase(tmp_path):
    answers = NIGHT_1 + ["", "13", "1", "x", "5 6"] + ["1", "", "", "00", "", ""]
    r, record, _ = moderate(tmp_path, answers)
    assert r.exit_code == 130
    out = r.stdout
    assert ">   there is no seat 13\n>   1号 was asked already\n" \
           ">   type seat numbers separated by spaces (Enter: nobody; 00: nobody for the rest of day 1)\n" \
           ">   5号 Seer runs for sheriff\n" in out
    # 00: the wolves are not offered to self-destruct again in day 1
    assert out.count("Self-destruct (自爆) now?") == 2
    assert "  - {at: day 1, by: [5, 6], do: run_for_sheriff, choose: yes}   # seer, witch\n" in \
        record.read_text(encoding="utf-8")


def test_a_vote_is_one_line_and_its_mistakes_are_said(tmp_path):
    r, _, _ = moderate(tmp_path, GAME)
    assert ("Day 1 · Sheriff election: whom do you vote for as sheriff?\n"
            "  voters: 1 2 3 4 7 8 9 10 11 12   candidates: 5 6\n"
            "  type VOTER:SEAT (5:4 6:4 or 5 6:4); a voter not typed abstains; 0: nobody votes\n"
            ">   there is no seat 13\n"
            ">   5号 has no vote here: SHERIFF-05: candidates, withdrawn ones included, do not vote for sheriff\n"
            ">   5号: SHERIFF-05: candidates, withdrawn ones included, do not vote for sheriff\n"
            "  6号: SHERIFF-05: candidates, withdrawn ones included, do not vote for sheriff\n"
            ">   understood: 5号 ← 9号, 10号, 11号, 12号; 6号 ← 1号, 2号, 3号, 4号; 7号 ← 7号, 8号\n"
            "  Enter to confirm, or type the line again\n"
            ">   not allowed: 7号 → 7号: SHERIFF-06: a sheriff ballot goes to a running candidate\n"
            "\n"
            "Day 1 · 7号 (Hunter) · Sheriff election: whom do you vote for as sheriff? (0: abstain)\n"
            "  seats: 5 6   0: abstain   Enter: abstain\n"
            ">   not allowed: 8号 → 7号: SHERIFF-06: a sheriff ballot goes to a running candidate\n") in r.stdout
    assert ("  Sheriff vote:\n"
            "    5号: 5 votes (from 7, 9, 10, 11, 12)\n"
            "    6号: 4 votes (from 1, 2, 3, 4)\n"
            "    abstained: 1 seat (8)\n"
            "    ⇒ 5号 Seer\n") in r.stdout


def test_a_vote_line_is_shown_as_understood_and_confirmed_or_typed_again(tmp_path):
    # "1:3," was taken at once and decided the election: now it is shown, and typed again
    answers = NIGHT_1 + CAMPAIGN + DAY_1[:6] + ["1:6,", "1 2:6 9:5", "", "3", "6"]
    r, record, _ = moderate(tmp_path, answers)
    assert r.exit_code == 130
    assert ("  type VOTER:SEAT (5:4 6:4 or 5 6:4); a voter not typed abstains; 0: nobody votes\n"
            ">   understood: 6号 ← 1号; abstain: 2号, 3号, 4号, 7号, 8号, 9号, 10号, 11号, 12号\n"
            "  Enter to confirm, or type the line again\n"
            ">   understood: 5号 ← 9号; 6号 ← 1号, 2号; abstain: 3号, 4号, 7号, 8号, 10号, 11号, 12号\n"
            "  Enter to confirm, or type the line again\n"
            ">   Sheriff vote:\n") in r.stdout
    assert "  - {at: day 1, do: sheriff_vote, votes: {1: 6, 2: 6, 9: 5}}\n" in record.read_text(encoding="utf-8")


def test_the_narration_says_what_to_announce(tmp_path):
    r, _, _ = moderate(tmp_path, GAME)
    assert ("  † 7号 Hunter died in night 2 (cause: killed by the werewolves), last words\n"
            "  → announce: 7号 is out, last words\n") in r.stdout
    assert ("  † 2号 Werewolf died in night 2 (cause: shot)\n"
            "  → announce: 2号 is out, no last words\n") in r.stdout
    assert ("\nWinner: Village — every wolf (and every third-faction player) is dead; winning seats: 5号, 6号, "
            "7号, 8号, 9号, 10号, 11号, 12号\n") in r.stdout


def test_a_game_stopped_after_a_whole_phase_ends_with_it(tmp_path):
    # the input ends at the first question of night 2: the record stops after day 1
    r, record, _ = moderate(tmp_path, NIGHT_1 + CAMPAIGN + DAY_1)
    assert r.exit_code == 130
    assert r.stderr == (
        f"The game so far (to night 2, 59 events) is in {tmp_path / 'game.jsonl'}: `wolfdsl narrate "
        f"{tmp_path / 'game.jsonl'}` tells it.\n"
        f"The game so far (to day 1) is recorded in {record}: `wolfdsl run --script {record}` replays it.\n"
        "input ended\n")
    text = record.read_text(encoding="utf-8")
    head, expect = text.split("decisions:\n")[0], text.split("expect:\n")[1]
    assert head.splitlines()[3:5] == [
        "# The moderator stopped in night 2: the record ends after day 1 (stop_after), the last phase played",
        "# to its end; expect: is what this file plays."]
    assert "otherwise: abstain\nstop_after: day 1\n" in head
    assert expect == ("  deaths:\n"
                      "    - {seat: 9, cause: wolf, at: night 1, last_words: yes}\n"
                      "    - {seat: 1, cause: poison, at: night 1, last_words: yes}\n"
                      "    - {seat: 3, cause: exile, at: day 1, last_words: yes}\n"
                      "  sheriff: 5\n"
                      "  winner: none\n")
    replay = invoke("run", "-q", "--script", record)
    assert (replay.exit_code, replay.stdout, replay.stderr) == (0, "", "")


def test_a_game_stopped_in_the_middle_of_a_phase_passes_the_rest_of_it(tmp_path):
    # stopped at the wolves' counter-claim of day 1: the rest of day 1 is passed — nobody
    # is exiled — and expect: says so
    r, record, _ = moderate(tmp_path, NIGHT_1 + CAMPAIGN + DAY_1[:13])
    assert r.exit_code == 130
    assert r.stderr.splitlines()[1:] == [
        f"The game so far (to day 1) is recorded in {record}: `wolfdsl run --script {record}` replays it.",
        "input ended"]
    text = record.read_text(encoding="utf-8")
    assert text.splitlines()[3:5] == [
        "# The moderator stopped in day 1: the record ends after it (stop_after); what day 1 had not yet asked",
        "# is passed, and expect: is what this file plays."]
    assert text.split("expect:\n")[1] == ("  deaths:\n"
                                         "    - {seat: 9, cause: wolf, at: night 1, last_words: yes}\n"
                                         "    - {seat: 1, cause: poison, at: night 1, last_words: yes}\n"
                                         "  sheriff: 5\n"
                                         "  winner: none\n")
    assert text.split("decisions:\n")[1].split("expect:")[0].splitlines()[-1] == \
        "  - {at: day 1, do: sheriff_vote, votes: {1: 6, 2: 6, 3: 6, 4: 6, 7: 5, 9: 5, 10: 5, 11: 5, 12: 5}}"
    replay = invoke("run", "-q", "--script", record)
    assert (replay.exit_code, replay.stdout, replay.stderr) == (0, "", "")


def test_chinese_cards_and_questions(tmp_path):
    r, record, _ = moderate(tmp_path, NIGHT_1 + ["", "5 6"], "--lang", "zh",
                            cards="狼人*4,预言家,女巫,猎人,守卫,普通村民*4")
    assert r.exit_code == 130
    out = r.stdout
    assert out.startswith("每个座位的决定都由你输入。输入选项的数字；输入 ? 查看规则不允许的选项；是/否问题直接回车即为否。\n")
    assert ("第1夜 · 狼人（1号、2号、3号、4号）· 狼人：今晚要击杀谁？（0：空刀）\n"
            "  座位：1 2 3 4 5 6 7 8 9 10 11 12   0：空刀\n") in out
    assert "第1夜 · 6号（女巫）· 女巫：要对今晚被刀的玩家使用解药吗？\n  1：是   2：否   0：放弃   回车：否\n" in out
    assert "第1天 · 1号（狼人）· 是否上警竞选警长？\n" in out
    assert ("第1天 · 是否上警竞选警长？——逐个座位询问，从2号起\n"
            "  输入回答“是”的座位，用空格分隔   回车：无人   00：第1天余下时间都无人\n") in out
    assert r.stderr.splitlines()[-1] == "输入已结束"
    assert "seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, villager, villager, " \
           "villager, villager]\n" in record.read_text(encoding="utf-8")


def test_the_cards_are_asked_seat_by_seat_when_not_given(tmp_path):
    r, _, _ = moderate(tmp_path, ["2", "x", "seer", "狼人", "1", "Werewolf", "werewolf", "3", "4", "guard"], cards=None)
    assert r.stdout.startswith(
        "Deal the cards, then type each seat's card: its number in the list, or the role's id or name.\n"
        "1号: card?   1 Werewolf ×4   2 Seer   3 Witch   4 Hunter   5 Guard   6 Villager ×4\n"
        "> 2号: card?   1 Werewolf ×4   3 Witch   4 Hunter   5 Guard   6 Villager ×4\n"
        ">   unknown card 'x'; type a number from the list, or a role's id or name\n"
        ">   no Seer is left (the deck has 1: 1号)\n"
        "> 3号: card?   1 Werewolf ×3   3 Witch   4 Hunter   5 Guard   6 Villager ×4\n"
        "> 4号: card?   1 Werewolf ×2   3 Witch   4 Hunter   5 Guard   6 Villager ×4\n"
        "> 5号: card?   1 Werewolf   3 Witch   4 Hunter   5 Guard   6 Villager ×4\n"
        "> 6号: card?   3 Witch   4 Hunter   5 Guard   6 Villager ×4\n"
        "> 7号: card?   4 Hunter   5 Guard   6 Villager ×4\n"
        "> 8号: card?   5 Guard   6 Villager ×4\n"
        ">   9号, 10号, 11号, 12号: Villager (the cards left)\n")
    assert "   5号  Werewolf 狼人  (Werewolves)\n   6号  Witch 女巫  (Village)\n" in r.stdout


def test_a_card_number_not_in_the_list_says_the_numbers(tmp_path):
    r, _, _ = moderate(tmp_path, ["7", "0", "1"], cards=None)
    assert r.stdout.startswith(
        "Deal the cards, then type each seat's card: its number in the list, or the role's id or name.\n"
        "1号: card?   1 Werewolf ×4   2 Seer   3 Witch   4 Hunter   5 Guard   6 Villager ×4\n"
        ">   there is no card 7 in the list: type one of 1 2 3 4 5 6, or a role's id or name\n"
        ">   there is no card 0 in the list: type one of 1 2 3 4 5 6, or a role's id or name\n"
        "> 2号: card?")


def test_what_is_typed_wrong_is_said_with_how_to_type_it(tmp_path):
    # Enter on a seat question, a seat beyond the table, yes/no in words
    answers = ["", "13", "0", "9", "是", "1"]
    r, record, _ = moderate(tmp_path, answers)
    assert r.exit_code == 130
    out = r.stdout
    assert ("Night 1 · 8号 (Guard) · Guard: whom do you protect tonight? (0: nobody)\n"
            "  seats: 1 2 3 4 5 6 7 8 9 10 11 12   0: nobody\n"
            ">   type a seat number, 0: nobody\n"
            ">   there is no seat 13\n"
            ">   8号 Guard: protect — pass\n") in out
    # 是 (yes) is the witch's yes: she saves him
    assert "  1: yes   2: no   0: pass   Enter: no\n>   6号 Witch uses the antidote\n" in out
    assert "  - {at: night 1, by: 6, do: save, choose: yes}   # witch\n" in record.read_text(encoding="utf-8")


def test_yes_and_no_in_words(tmp_path):
    from wolfdsl.seats.moderator import yes_no_words

    assert yes_no_words("yes") == {"yes", "是", "y"} and yes_no_words("no") == {"no", "否", "n"}


def test_cards_that_do_not_match_the_deck_are_bad_input(tmp_path):
    def error(cards, *args):
        r = invoke("play", "standard-12", "--moderator", "--cards", cards, *args)
        assert r.exit_code == 2, r.output
        return " ".join(r.stderr.replace("│", " ").split())

    assert "Invalid value for '--cards': 'gaurd' is no role of standard-12 (did you mean 'guard'?)" \
        in error("werewolf*4,seer,witch,hunter,gaurd,villager*4")
    assert "Invalid value for '--cards': standard-12 is played with 12 players; --cards lists 11 cards" \
        in error("werewolf*4,seer,witch,hunter,villager*4")
    assert ("Invalid value for '--cards': the deck of standard-12 has 4 werewolf, --cards lists 5; guard is "
            "missing (the deck for 12 players: werewolf*4, seer, witch, hunter, guard, villager*4)") \
        in error("werewolf*5,seer,witch,hunter,villager*4")
    assert ("Invalid value for '--cards': idiot is not in the deck of standard-12; guard is missing") \
        in error("werewolf*4,seer,witch,hunter,白痴,villager*4")


def test_cards_under_lang_zh_are_said_in_chinese(tmp_path):
    def error(cards, *args):
        r = invoke("play", "standard-12", "--moderator", "--lang", "zh", "--cards", cards, *args)
        assert r.exit_code == 2, r.output
        return "".join(r.stderr.replace("│", " ").split())

    assert "standard-12没有身份“守位”（是不是“守卫”？）" in error("狼人×4,预言家,女巫,猎人,守位,普通村民×4")
    # the roles of the deck, not every role of the ruleset (no elder, no idiot)
    assert "standard-12没有身份“xyz”；本局的牌：狼人、预言家、女巫、猎人、守卫、普通村民" \
        in error("狼人*4,预言家,女巫,猎人,xyz,普通村民*4")
    assert ("standard-12的牌里有4张狼人，--cards列出了5张；缺少守卫（12人局的牌：狼人×4、预言家、女巫、猎人、守卫、"
            "普通村民×4）") in error("狼人×5,预言家,女巫,猎人,普通村民×4")
    assert "standard-12需要12名玩家；--cards列出了11张牌" in error("狼人×4,预言家,女巫,猎人,普通村民×4")
    # × as the product prints it, in English too; a Chinese typo suggests the id
    r, _, _ = moderate(tmp_path, [], cards="狼人×4,预言家,女巫,猎人,守卫,普通村民×4")
    assert r.exit_code == 130 and "  8号  Guard 守卫  (Village)\n" in r.stdout
    r = invoke("play", "standard-12", "--moderator", "--cards", "狼人×4,预言家,女巫,猎人,守位,普通村民×4")
    assert "'守位' is no role of standard-12 (did you mean 'guard'?)" in " ".join(r.stderr.replace("│", " ").split())
    r = invoke("play", "standard-12", "--moderator", "--cards", "werewolf*4,seer,witch,hunter,xyz,villager*4")
    assert ("'xyz' is no role of standard-12; the roles of its deck: werewolf, seer, witch, hunter, guard, villager"
            in " ".join(r.stderr.replace("│", " ").split()))


def test_options_that_go_with_a_moderated_game_only():
    r = invoke("play", "standard-12", "--cards", CARDS)
    assert r.exit_code == 2 and "Invalid value for '--cards': is for a moderated game: add --moderator" in \
        " ".join(r.stderr.replace("│", " ").split())
    r = invoke("play", "standard-12", "--moderator", "--seat", "3")
    assert r.exit_code == 2 and ("--seat 3: with --moderator you answer for every seat; give --seat 3=AGENT to "
                                 "seat a bot there") in " ".join(r.stderr.replace("│", " ").split())
    r = invoke("play", "standard-12", "--moderator", "--agents", "random")
    assert r.exit_code == 2 and "Invalid value for '--agents': with --moderator every seat is the table's" in \
        " ".join(r.stderr.replace("│", " ").split())


def test_a_bot_at_a_seat_plays_its_own_decisions_and_the_record_replays(tmp_path):
    # seats 1 to 11 are table bots; the moderator answers for seat 12 (0 or Enter: pass,
    # Enter: a vote line confirmed)
    seats = [a for s in range(1, 12) for a in ("--seat", f"{s}=table")]
    r, record, log = moderate(tmp_path, ["0", ""] * 300, *seats)
    assert r.exit_code == 0, r.output
    assert "\nThe record is in" in r.stdout and r.stderr == ""
    replay = invoke("run", "-q", "--script", record, "--log", tmp_path / "replay.jsonl")
    assert (replay.exit_code, replay.stdout, replay.stderr) == (0, "", "")
    assert events(tmp_path / "replay.jsonl") == events(log)
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert start["agents"] == "moderator, " + ", ".join(f"seat {s}=table" for s in range(1, 12))


def test_parse_votes_doctests():
    assert doctest.testmod(moderator_module).failed == 0


def session(answers, lang: str, cards: str) -> list[str]:
    """The lines a terminal shows for a moderated game of standard-12 (seed 1), the
    answers echoed after ``> `` as typed."""
    from wolfdsl.seats.moderator import moderate as run

    left, shown = list(answers), []

    def read(prompt):
        if not left:
            raise EOFError
        shown.append(prompt + left[0] + "\n")
        return left.pop(0)

    run("standard-12", [], 1, None, {}, None, "game.yaml", cards, None, lang, read, lambda t: shown.append(t + "\n"))
    return "".join(shown).splitlines()


def documented(heading: str) -> list[str]:
    """The lines of the first code block under ``heading`` in docs/moderator.md, but its
    command and the ``…`` of lines left out."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "moderator.md").read_text(encoding="utf-8")
    block = text.split(f"## {heading}\n", 1)[1].split("```\n", 2)[1]
    return [line for line in block.splitlines() if line != "…" and not line.startswith("$ ")]


def test_the_documented_sessions_are_what_the_terminal_shows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for heading, lang, cards in (("A session in English", "en", CARDS),
                                 ("A session in Chinese", "zh", "狼人*4,预言家,女巫,猎人,守卫,普通村民*4")):
        lines = iter(session(GAME, lang, cards))
        for line in documented(heading):  # each documented line, in this order
            assert any(shown == line for shown in lines), (heading, line)


def test_ctrl_c_writes_the_record_and_exits_130(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    record = tmp_path / "game.yaml"
    child = pexpect.spawn(sys.executable, ["-m", "wolfdsl", "play", "standard-12", "--moderator", "--seed", "1",
                                           "--cards", CARDS, "--record", str(record)],
                          encoding="utf-8", timeout=120, dimensions=(50, 250))
    for answer in NIGHT_1:
        child.expect(r"\n> ")
        child.sendline(answer)
    child.expect(r"Day 1 · 1号 \(Werewolf\) · Run for sheriff")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert f"The game so far (to night 1) is recorded in {record}" in child.before.replace("\r\n", " ")
    assert "interrupted" in child.before
    text = record.read_text(encoding="utf-8")
    assert "stop_after: night 1\n" in text
    assert "  - {at: night 1, by: 6, do: poison, choose: 1}   # witch\n" in text
    replay = invoke("run", "-q", "--script", record)
    assert (replay.exit_code, replay.stdout, replay.stderr) == (0, "", "")


def test_a_team_with_a_seat_of_the_moderator_is_asked_of_the_moderator(tmp_path):
    # seat 4, a wolf, is a random bot; the wolves' kill is still the moderator's, who has
    # 1, 2 and 3 of them; the title and the cast say which seat is a bot
    r, record, _ = moderate(tmp_path, ["0"] * 20, "--seat", "4=random")
    assert r.exit_code == 130, r.output  # the input ends in the game
    out = r.stdout
    assert "Night 1 · Werewolves (1号, 2号, 3号, 4号) · Werewolves: whom do you kill tonight? (0: no kill)" in out
    assert "Game of standard-12 — Standard 12 (guard), seed 1, 12 players; bot seats: 4号 (random)\n" in out
    assert "\n   4号  Werewolf 狼人  (Werewolves)   [bot: random]\n" in out
    assert "\n   3号  Werewolf 狼人  (Werewolves)\n" in out
    assert "by: werewolves" not in record.read_text(encoding="utf-8")  # the moderator passed each kill


def test_a_team_of_bots_only_decides_alone(tmp_path):
    seats = [a for s in range(1, 5) for a in ("--seat", f"{s}=random")]
    r, _, _ = moderate(tmp_path, ["0", ""] * 300, *seats)
    assert r.exit_code == 0, r.output
    assert "Werewolves: whom do you kill tonight?" not in r.stdout
    assert "bot seats: 1号 (random), 2号 (random), 3号 (random), 4号 (random)\n" in r.stdout


def test_a_death_not_yet_announced_is_recorded_without_last_words(tmp_path):
    # the input ends in night 2 after the wolves kill 7: his death is announced (with its
    # last words, LASTWORDS-02) only in day 2, so the record does not say them
    r, record, _ = moderate(tmp_path, NIGHT_1 + CAMPAIGN + DAY_1 + ["0", "7"])
    assert r.exit_code == 130, r.output
    text = record.read_text(encoding="utf-8")
    assert "stop_after: night 2\n" in text
    assert text.endswith("    - {seat: 3, cause: exile, at: day 1, last_words: yes}\n"
                         "    - {seat: 7, cause: wolf, at: night 2}\n"
                         "  sheriff: 5\n  winner: none\n")
    replay = invoke("run", "-q", "--script", record)
    assert (replay.exit_code, replay.stdout, replay.stderr) == (0, "", "")
    # the record played on to the announcement: it still holds
    record.write_text(text.replace("stop_after: night 2\n", "stop_after: day 2\n"), encoding="utf-8")
    replay = invoke("run", "--script", record, "--log", tmp_path / "day2.jsonl")
    assert (replay.exit_code, replay.stderr) == (0, ""), replay.output
    death = [e for e in events(tmp_path / "day2.jsonl") if e["type"] == "death" and e["seat"] == 7]
    assert [d["last_words"] for d in death] == [True]


def test_a_hand_written_record_may_answer_yes_and_no_in_chinese(tmp_path):
    text = RECORD.replace("do: run_for_sheriff, choose: yes}", "do: run_for_sheriff, choose: 是}") \
        .replace("do: seer.claim, choose: yes}", "do: seer.claim, choose: 是}")
    assert text.count("choose: 是") == 3
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    replay = invoke("run", "--script", path)
    assert (replay.exit_code, replay.stderr) == (0, ""), replay.output
    assert replay.stdout.splitlines()[-1] == "expect holds: deaths (6); sheriff seat 5; winner village"
    path.write_text(text.replace("choose: 是}", "choose: 否}", 1), encoding="utf-8")  # 5 and 6 do not run
    replay = invoke("run", "--script", path)
    assert replay.exit_code == 2 and "(day 1, seat 1 sheriff_vote) was never requested" in replay.stderr
