"""A person at a seat: `wolfdsl play RULESET --seat N`, driven under a pseudo-terminal."""
import io
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


def test_a_human_seat_plays_a_game_to_the_end_in_a_terminal():
    transcript, code, asked = play_to_the_end(6, 7, ["?", "6", "99", "x"])
    assert code == 0, transcript[-2000:]
    assert asked >= 8
    assert "\n  6号: ROLE-SEER-01: the seer checks another player\n" in transcript  # what ? says
    assert transcript.count("  not allowed: ") == 3  # 6 (himself), 99, x
    assert "type a number from the list" in transcript
    learns = re.findall(r"(\d+)号 learns", transcript)
    assert learns and set(learns) == {"6"}  # only his own secrets
    assert re.search(r"\nGame over: \w+ won \(.+\)\. You (won|lost)\.\n", transcript)
    assert "The cards were: 1号 " in transcript


def test_the_seat_sees_only_what_it_may_know_and_question_marks_explain():
    child = pexpect.spawn(sys.executable, ["-m", "wolfdsl", "play", "standard-12", "--seat", "6",
                                           "--seed", "7"], encoding="utf-8", timeout=180)
    child.expect("Seed 7: `--seed 7` deals this game again.")
    child.expect(r"Your card: Seer 预言家 \(Village\)\.")
    child.expect(r"Night 1 · seer\.check: choose a seat, 0 to pass")
    child.expect(r"seats: 1 2 3 4 5 7 8 9 10 11 12   0: pass")
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


def test_end_of_input_stops_the_game_like_ctrl_c():
    r = invoke("play", "standard-12", "--seat", "6", "--seed", "7")
    assert r.exit_code == 130
    assert "seer.check" in r.stdout and "interrupted" in r.stderr


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
        return None if v in (1, 4) else "RULE-X: not that one" if v == 3 else "a choice is required here"

    req = Request("guard.protect", "protect", 2, "guard", 1, "night", 1, "seat", (1, 4), False, 1, why_not)
    assert human.decide(req) == 4
    text = "\n".join(said)
    assert "Night 1 · guard.protect: choose a seat\n  seats: 1 4" in text
    assert "  2号: a choice is required here\n  3号: RULE-X: not that one\n  pass: a choice is required here" in text
    assert "  3: RULE-X: not that one" in text
    assert "  not allowed: RULE-X: not that one" in text
    assert "  not allowed: a choice is required here; passing is not allowed" in text
