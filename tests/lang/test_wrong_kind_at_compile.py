"""Values of the wrong kind that a new user wrote in the tutorial's watchman, which lint
passed and the first night stopped with an E401: a role where a list is meant
(``choose t from watchman``), a string ordered against a counter (``me.oil > "two"``),
and a role kept in a variable then told (``let w = watchman`` ... ``tell w``). Each is
now found at compile time, at its line, with the code of its kind and what to write."""
import shutil
from pathlib import Path

import pytest
from backends import load_probe
from clitools import invoke

from wolfdsl.diagnostics import WolfError

ROOT = Path(__file__).parents[2]
ROLE = "role watchman \"Watchman\" { faction village; class god; counter oil = 2 }\n"


def _error(tmp_path, monkeypatch, text):
    with pytest.raises(WolfError) as err:
        load_probe(tmp_path, monkeypatch, ROLE + text)
    return err.value.diagnostics[0]


@pytest.mark.parametrize("statement,code,col,message", [
    ("decide watchman.watch by watchman may pass choose t from watchman { }", "E211", 86,
     "the options of a decide must be a list, such as alive or [1, 2], not 'watchman', which is a role; "
     "for the living holders of the role, write [p in alive where p.role == watchman]"),
    ("for p in werewolves { }", "E211", 38,
     "what a for loop goes over must be a list, such as alive or [1, 2], not 'werewolves', which is a faction "
     "and a team; for the living members of the team, write members(werewolves)"),
    ("let ws = watchman\n for p in ws { }", "E211", 11,
     "what a for loop goes over must be a list, such as alive or [1, 2], not 'ws', which holds 'watchman' "
     "(line 5), a role; for the living holders of the role, write [p in alive where p.role == watchman]"),
    ("for p in alive { if p.oil > \"two\" { } }", "E212", 57,
     "'>' puts numbers in order, not the string \"two\"; write a number, such as 'p.oil > 1'"),
    ("if 1 <= watchman { }", "E212", 37,
     "'<=' puts numbers in order, not 'watchman', which is a role; write a number, such as '1 <= 1'"),
    ("let n = \"2\"\n if day >= n { }", "E212", 12,
     "'>=' puts numbers in order, not 'n', which holds the string \"2\" (line 5); write a number, "
     "such as 'day >= 2'"),
    ("for p in alive { if p.oil == \"2\" { } }", "E210", 58,
     "'p.oil' is a number and the string \"2\" is not: the comparison is never true; write a number: p.oil == 2"),
    ("for p in alive { if \"two\" != p.oil { } }", "E210", 49,
     "'p.oil' is a number and the string \"two\" is not: the comparison is always true; write a number, "
     "such as 1 != p.oil"),
    ("if day == seer { }", "E210", 39,
     "'day' is a number and 'seer' is a role: the comparison is never true; write a number, such as day == 1"),
    ("decide watchman.watch by watchman may pass choose t from alive { if t != \"none\" { } }", "E210", 102,
     "'t' is a seat and the string \"none\" is not: the comparison is always true; write t != none"),
    ("for p in alive { if p == \"seer\" { } }", "E210", 54,
     "'p' is a seat and the string \"seer\" is not: the comparison is never true; to compare the seat's role, "
     "write p.role == seer"),
    ("decide watchman.watch by watchman may pass choose t from alive - watchman { }", "E211", 94,
     "'alive - watchman' removes nothing: alive holds seats, and 'watchman' is a role; for the list without "
     "the role's holders, write [p in alive where p.role != watchman]"),
    ("for p in [q in alive where q.oil > 0] - \"3\" { }", "E211", 69,
     "'[q in alive where q.oil > 0] - \"3\"' removes nothing: the list holds seats, and the string \"3\" is "
     "not a seat; remove a seat or a list of seats"),
    ("let w = watchman\n tell w { note: 1 }", "E213", 7,
     "tell: 'w' holds 'watchman' (line 5), which is a role, not a seat; for the seat of the living watchman "
     "(none once he is dead), write let w = living(watchman); for the seat holding the card, alive or dead "
     "(none if nobody holds it), let w = holder(watchman)"),
    ("let w = \"3\"\n kill w cause wolf", "E213", 7,
     "kill: 'w' holds the string \"3\" (line 5), which is not a seat; give a seat: me, a variable drawn from "
     "alive, living(ROLE)"),
])
def test_a_value_of_the_wrong_kind_is_found_at_compile_time(tmp_path, monkeypatch, statement, code, col, message):
    d = _error(tmp_path, monkeypatch, "step probe in night first { %s }\n" % statement)
    assert (d.code, d.span.line, d.span.col, d.message) == (code, 5 + statement.count("\n"), col, message)


@pytest.mark.parametrize("statement", [
    "let w = living(watchman)\n tell w { note: 1 }",            # a seat
    "let w = watchman\n w = living(watchman)\n tell w { note: 1 }",   # assigned again before use
    "let w = watchman\n if w == watchman { }",                   # only compared
    "for p in alive { if p.oil > 1 and p.role > \"a\" { } }",   # two names can be ordered
    "let xs = alive\n for p in xs { }",
])
def test_what_is_right_still_compiles(tmp_path, monkeypatch, statement):
    load_probe(tmp_path, monkeypatch, ROLE + "step probe in night first { %s }\n" % statement)


@pytest.mark.parametrize("old,new,where", [
    ("choose t from alive", "choose t from watchman", "watchman.wolf:19:62: E211 error"),
    ("requires me.oil > 0", "requires me.oil > \"two\"", "watchman.wolf:20:27: E212 error"),
    ("let w = living(watchman)", "let w = watchman", "watchman.wolf:36:14: E213 error"),
    ("requires me.oil > 0", "requires me.oil == \"2\"", "watchman.wolf:20:28: E210 error"),
    ("if t != none", "if t != \"none\"", "watchman.wolf:24:17: E210 error"),
])
def test_the_tutorial_watchman_mistakes_are_lint_errors(tmp_path, old, new, where):
    shutil.copy(ROOT / "docs/examples/my-12-watchman.wolf", tmp_path)
    source = (ROOT / "docs/examples/watchman.wolf").read_text(encoding="utf-8")
    assert old in source
    (tmp_path / "watchman.wolf").write_text(source.replace(old, new), encoding="utf-8")
    r = invoke("lint", tmp_path / "my-12-watchman.wolf")
    assert r.exit_code == 1 and where in r.stdout, r.output
    assert "Traceback" not in r.output
    r = invoke("run", tmp_path / "my-12-watchman.wolf", "--seed", 3)
    assert r.exit_code == 2 and where.split(": ")[0] in r.stderr and "E401" not in r.output
