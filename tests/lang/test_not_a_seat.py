"""A statement that acts on a seat refuses a value that is no seat (new-user test): ``tell
watchman { ... }`` with the role id ``watchman`` was accepted, and wrote an ``inform``
event for the seat ``"watchman"``. Written as a name it is an E213 at compile time;
a name that only a game makes (a func's result) is an E401 where the game reaches it,
as ``kill`` already was, with either backend."""
import shutil
from pathlib import Path

import pytest
from backends import load_probe
from clitools import invoke

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang.ir import RuleRuntimeError
from wolfdsl.play import play
from wolfdsl.play.agents import RandomAgent

ROOT = Path(__file__).parents[2]
STEP = "func role_name() = seer\nstep probe in night first { %s }\n"


@pytest.mark.parametrize("backend", ["python", "closures"])
@pytest.mark.parametrize("statement,col", [
    ("tell role_name() { note: 1 }", 29),
    ("claim role_name() as seer", 29),
    ("revive role_name()", 29),
    ("kill role_name() cause wolf", 29),
    ("add protected to role_name()", 29),
    ("let x = role_name()\n x.role = villager", 2),
])
def test_a_name_given_as_a_seat_stops_the_game_at_its_statement(tmp_path, monkeypatch, backend, statement, col):
    rs = load_probe(tmp_path, monkeypatch, STEP % statement, backend)
    with pytest.raises(RuleRuntimeError) as err:
        play(rs, seed=1, agent=RandomAgent(1))
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col) == ("E401", 5 + statement.count("\n"), col)
    assert d.message == ("night 1: this statement failed while the game ran: "
                         "`seer` is a name, not a seat (seats are 1 to 12)")


LIVING = ("for the seat of the living {0} (none once he is dead), write living({0}); for the seat holding the "
          "card, alive or dead (none if nobody holds it), holder({0})")
HOLDER = ("write holder({0}): the seat holding the {0} card, alive or dead (none if nobody holds it); "
          "not living({0}), which is none once he is dead")


@pytest.mark.parametrize("statement,col,message", [
    ("tell seer { note: 1 }", 34, "tell: 'seer' is a role, not a seat; " + LIVING.format("seer")),
    ("claim hunter as seer", 35, "claim: 'hunter' is a role, not a seat; " + LIVING.format("hunter")),
    # a revive, a `kill … as` and a death's fields are about a dead holder: holder() first
    ("revive witch", 36, "revive: 'witch' is a role, not a seat; " + HOLDER.format("witch")),
    ("kill guard cause wolf", 34, "kill: 'guard' is a role, not a seat; " + LIVING.format("guard")),
    ("kill 3 cause wolf as seer", 50, "kill … as: 'seer' is a role, not a seat; " + HOLDER.format("seer")),
    ("add protected to werewolves", 46,
     "add: 'werewolves' is a faction and a team, not a seat; give a seat: me, a variable drawn from alive, "
     "living(ROLE)"),
    ("remove protected from \"3\"", 51,
     "remove: the string \"3\" is not a seat; give a seat: me, a variable drawn from alive, living(ROLE)"),
    ("if seer.alive { }", 32, "'seer.alive': 'seer' is a role, not a seat; " + HOLDER.format("seer")),
    ("if hunter.cause == exile { }", 32, "'hunter.cause': 'hunter' is a role, not a seat; " + HOLDER.format("hunter")),
    ("if seer.lives > 1 { }", 32, "'seer.lives': 'seer' is a role, not a seat; " + LIVING.format("seer")),
    ("seer.role = villager", 29,
     "'seer.role' assigns to a field of 'seer', which is a role, not a seat; for the seat of the living seer "
     "(none once he is dead), write 'let w = living(seer)' and assign to w.role; for the seat holding the card, "
     "alive or dead (none if nobody holds it), 'let w = holder(seer)' and assign to w.role"),
])
def test_a_name_written_as_a_seat_is_an_e213(tmp_path, monkeypatch, statement, col, message):
    with pytest.raises(WolfError) as err:
        load_probe(tmp_path, monkeypatch, "step probe in night first { %s }\n" % statement)
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col, d.message) == ("E213", 4, col, message)


def test_the_watchman_told_by_role_id_is_a_lint_error_not_a_bad_event(tmp_path):
    # the tutorial's watchman, told as `tell watchman` instead of `tell living(watchman)`
    shutil.copy(ROOT / "docs/examples/my-12-watchman.wolf", tmp_path)
    source = (ROOT / "docs/examples/watchman.wolf").read_text(encoding="utf-8")
    assert "        tell w { saw_wolf:" in source
    (tmp_path / "watchman.wolf").write_text(source.replace("tell w {", "tell watchman {"), encoding="utf-8")
    r = invoke("lint", tmp_path / "my-12-watchman.wolf")
    assert r.exit_code == 1
    assert ("watchman.wolf:36:14: E213 error: tell: 'watchman' is a role, not a seat; "
            + LIVING.format("watchman")) in r.stdout
    r = invoke("run", tmp_path / "my-12-watchman.wolf", "--games", 20, "--seed", 1, "-q")
    assert r.exit_code == 2
    assert "E213" in r.stderr and "Traceback" not in r.output


def test_a_decider_that_is_a_name_of_another_kind_is_an_e213(tmp_path, monkeypatch):
    with pytest.raises(WolfError) as err:
        load_probe(tmp_path, monkeypatch, "step probe in night first { decide x.y by village may pass "
                                          "choose t from alive { } }\n")
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col, d.message) == (
        "E213", 4, 43, "decide … by: 'village' is a faction, not a seat; give a seat, a role (its living holder "
                       "decides) or a team")
