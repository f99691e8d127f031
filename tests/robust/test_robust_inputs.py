"""Nothing a designer types crashes or hangs (issue 11): each input below once gave a
traceback, ran without bound or was silently wrong. Each must now be an error at its
``file:line:col`` with the source line and a caret, exit 2, no traceback.

STD is a playable ruleset; most cases add one line to it (line 4)."""
from __future__ import annotations

import re
import time

import pytest

from clitools import invoke

STD = ('import "roles"\nplayers 12\n'
       "deck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n")
WIN = "win w for village priority 9 when "
NIGHT = "step s in night first "

# name -> (ruleset text, (line, col) of the error, words the message must hold)
CASES = {
    # the parser's and the transformer's limits (E102) and bad literals
    "100 nested parentheses": (STD + WIN + "(" * 100 + "1" + ")" * 100 + " == 1\n", (4, 84), "nested too deeply"),
    "600-term chain": (STD + WIN + " + ".join(["1"] * 600) + " == 1\n", (4, 835), "200 terms"),
    "99999999999 cards": ('import "roles"\nplayers 12\ndeck 12: villager*99999999999\n', (3, 19), "at most 1000"),
    "5000-digit integer": (STD + WIN + "1" * 5000 + " == 1\n", (4, 35), "5000 digits"),
    "400-digit float": (STD + WIN + "1" + "0" * 400 + ".0 == 1\n", (4, 35), "402 digits"),
    "bad escape": ('title "\\x"\n' + STD, (1, 8), "bad escape `\\x`"),
    "300-character import": ('import "' + "a" * 300 + '"\n' + STD, (1, 8), "300 characters"),
    # expressions outside statements: E401 at the expression, with the value (E211 when the
    # compiler sees that a number stands where a list is needed)
    "1 / 0 in a win rule": (STD + WIN + "1 / 0 == 1\n", (4, 35), "`1 / 0`: division by zero"),
    "none + 1 in a win rule": (STD + WIN + "none + 1 == 1\n", (4, 35), "`none + 1`: `none` has no arithmetic"),
    "a field of a role": (STD + NIGHT + "when (1).role.role == 1 { }\n", (4, 28), "`guard.role`: `guard` is a name, not a seat"),
    "for over a number": (STD + NIGHT + "{ for p in 5 { } }\n", (4, 34), "E211"),
    "count(1)": (STD + WIN + "count(1) == 1\n", (4, 41), "E211 error: the argument of count() must be a list"),
    "decide by seat 0": (STD + NIGHT + "{ decide zz.act by 0 choose t from alive { } }\n", (4, 42),
                         "`0` is not a seat"),
    "decide from a number": (STD + NIGHT + "{ decide zz.act by 1 choose t from 5 { } }\n", (4, 58),
                             "E211"),
    "voters in a number": (STD + "step s in day first { vote v kind exile voters v in 7 candidates c in alive "
                           "-> top { } }\n", (4, 53), "E211"),
    # errors that had no position
    "p.role = 1": (STD + NIGHT + "{ for p in alive { p.role = 1 } }\n", (4, 42), "unknown role 1"),
    "play 1": (STD + NIGHT + "{ play 1 }\n", (4, 25), "not an event card"),
    "redeal when true": (STD + "redeal when true\n", (3, 1), "redeal rules"),
    "players 10, a 12-card deck": ('import "roles"\nplayers 10\n'
                                   "deck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n", (3, 1),
                                   "decks deal 12 players"),
    "no deck": ('import "roles"\nplayers 12\n', (1, 1), "declares no deck"),
    # wrong without an error
    "kill -1": (STD + NIGHT + "{ kill -1 cause wolf }\n", (4, 25), "`-1` is not a seat"),
    # unbounded work (E402)
    "func f(x) = f(x)": (STD + "func f(x) = f(x)\n" + WIN + "f(1) == 1\n", (4, 13), "inside one another"),
    "f(n-1) + f(n-1)": (STD + "func f(n) = if n == 0 then 1 else f(n - 1) + f(n - 1)\n" + WIN + "f(40) == 1\n",
                        (4, 13), "loop rounds and calls"),
    "nested loops": (STD + NIGHT + "{ for a in players { for b in players { for c in players { for d in players "
                     "{ for e in players { for f in players { log x } } } } } } }\n", (4, 120),
                     "loop rounds and calls"),
    "doubling a list": (STD + "global l = [1]\n" + NIGHT + "{ for a in players { for b in players { l = l + l } } }\n",
                        (5, 63), "at most 100000"),
    "[1] * huge": (STD + NIGHT + "{ let l = [1] * 999999999 }\n", (4, 25), "at most 100000"),
    "squaring a number": (STD + "global x = 2\n" + NIGHT + "{ for a in players { x = x * x } }\n", (5, 44),
                          "bits"),
    "a huge day bound": (STD + "engine day_bound = 1000000000\n", (4, 1), "at most 1000 days"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_ruleset_is_a_positioned_error(tmp_path, name):
    text, (line, col), words = CASES[name]
    path = tmp_path / "case.wolf"
    path.write_text(text, encoding="utf-8")
    start = time.monotonic()
    r = invoke("run", path, "--seed", "1", "-q")
    assert time.monotonic() - start < 60
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and not isinstance(r.exception, (MemoryError, RecursionError))
    assert f"{path}:{line}:{col}: " in r.stderr, r.stderr
    assert words in r.stderr
    # the source line and a caret under the column
    lines = r.stderr.splitlines()
    at = next(i for i, l in enumerate(lines) if l.startswith(f"{line} | "))
    caret = lines[at + 1]
    assert caret.index("^") - caret.index("|") - 2 == col - 1


@pytest.mark.parametrize("name", ["100 nested parentheses", "bad escape", "5000-digit integer",
                                  "300-character import"])
def test_lint_reports_source_errors_too(tmp_path, name):
    text, (line, col), words = CASES[name]
    path = tmp_path / "case.wolf"
    path.write_text(text, encoding="utf-8")
    r = invoke("lint", path)
    assert r.exit_code == 1, r.output
    assert f"{path}:{line}:{col}: " in r.stdout and words in r.stdout


def test_lint_of_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin.wolf"
    path.write_bytes(STD.encode() + b'title "caf\xe9"\n')
    r = invoke("lint", path)
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert f"{path}:4:11: E101 error: this file is not UTF-8 text (byte 0xe9)" in r.stdout


def test_runaway_lint_stops(tmp_path):
    """lint evaluates win conditions: the budget holds there too."""
    text, _, _ = CASES["f(n-1) + f(n-1)"]
    path = tmp_path / "case.wolf"
    path.write_text(text, encoding="utf-8")
    start = time.monotonic()
    r = invoke("lint", path)
    assert time.monotonic() - start < 120
    assert r.exit_code in (0, 1) and r.exception is None or isinstance(r.exception, SystemExit)


@pytest.mark.parametrize("args, words", [
    (["run", "."], ". is a folder"),
    (["run", "./"], "./ is a folder"),
    (["run", ""], "the ruleset name is empty"),
    (["run", "standard-12", "--agents", ""], "'--agents': is empty"),
    (["run", "/etc/passwd"], "is not a .wolf file"),
])
def test_command_line_misuse(args, words):
    r = invoke(*args)
    assert r.exit_code == 2, r.output
    assert words in r.output and "Traceback" not in r.output


SCENARIO = "ruleset: standard-12\nseed: 1\n"
BIG_LAUGHS = SCENARIO + 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))

# name -> (file bytes, (line, col), words)
SCENARIOS = {
    "not UTF-8": (SCENARIO.encode() + b"x: caf\xe9\n", (3, 7), "not UTF-8"),
    "a NUL byte": (SCENARIO.encode() + b"x: 1\x00\n", (3, 5), "U+0000"),
    "2000 brackets": ((SCENARIO + "x: " + "[" * 2000 + "]" * 2000 + "\n").encode(), (3, 54), "nested more than 50"),
    "recursive list anchor": ((SCENARIO + "x: &r [*r]\n").encode(), (3, 4), "recursive anchor"),
    "recursive map anchor": ((SCENARIO + "x: &r {b: *r}\n").encode(), (3, 4), "recursive anchor"),
    "!!int x": (b"ruleset: standard-12\nseed: !!int x\n", (2, 7), "cannot read 'x' as int"),
    "!!timestamp x": (b"ruleset: standard-12\nseed: !!timestamp x\n", (2, 7), "as timestamp"),
    "billion laughs": (BIG_LAUGHS.encode(), (3, 4), "more than 100,000 values"),
    "an error at the end": ((SCENARIO + "decisions: [\n").encode(), (4, 1), "invalid YAML"),
    "a ruleset that is not one": (b"ruleset: /etc/passwd\nseed: 1\n", (1, 10), "is not a .wolf file"),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_bad_scenario_is_a_positioned_error(tmp_path, name):
    data, (line, col), words = SCENARIOS[name]
    path = tmp_path / "case.yaml"
    path.write_bytes(data)
    start = time.monotonic()
    r = invoke("run", "--script", path)
    assert time.monotonic() - start < 60
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert f"{path}:{line}:{col}: " in r.stderr and words in r.stderr, r.stderr
    assert re.search(r"^ *\| *\^", r.stderr, re.M), r.stderr  # a caret, even at the end of the file
    assert "root:" not in r.stderr  # never the content of a file that is not a ruleset


def test_ascii_terminal(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYTHONIOENCODING="ascii", LANG="C", LC_ALL="C")
    r = subprocess.run([sys.executable, "-m", "wolfdsl", "run", "standard-12", "--seed", "1"],
                       capture_output=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert b"Traceback" not in r.stderr and b"Winner" in r.stdout


@pytest.mark.parametrize("stdin", [False, True])
def test_lint_reports_a_ruleset_without_a_deck_from_a_file_and_from_stdin(tmp_path, stdin):
    from clitools import runner
    from wolfdsl.cli import app
    text = 'import "roles"\nplayers 12\n'
    path = tmp_path / "nodeck.wolf"
    path.write_text(text, encoding="utf-8")
    r = runner.invoke(app, ["lint", "-"], input=text) if stdin else invoke("lint", path)
    shown = "<stdin>.wolf" if stdin else str(path)
    assert r.exit_code == 1, r.output
    assert f"{shown}:2:1: W350 error: the ruleset accepts 12 players but declares no deck" in r.stdout
