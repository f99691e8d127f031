"""``--set`` of a value that needs a role the board does not deal (lint W352 on the
command line): a warning on stderr, stdout and the exit code as without it (a trial:
``run ft-12.wolf --set guard_repeat=void`` on a board with no guard said nothing)."""
import json

import pytest

from clitools import invoke

WARNING = ("warning: --set guard_repeat=void: guard_repeat = void needs the role 'guard', which this board "
           "does not deal: the rule it selects waits for a player who is never there; the values that need no "
           "missing role: rechoose\n")
SCENARIO = """\
ruleset: standard-12-idiot
seed: 3
stop_after: night 1
"""


def test_run_warns_and_keeps_its_json(tmp_path):
    r = invoke("run", "standard-12-idiot", "--set", "guard_repeat=void", "--seed", 1, "--json")
    assert r.exit_code == 0, r.output
    assert r.stderr == WARNING
    plain = json.loads(invoke("run", "standard-12-idiot", "--seed", 1, "--json").stdout)
    assert json.loads(r.stdout) == {**plain, "options": {"guard_repeat": "void"},  # the same game
                                    "in_force": {**plain["in_force"], "guard_repeat": "void"}}
    assert plain["in_force"]["guard_repeat"] == "rechoose" and len(plain["in_force"]) == 27
    # a board that deals a guard, and the default value: no warning
    assert invoke("run", "standard-12", "--set", "guard_repeat=void", "--seed", 1, "--json").stderr == ""
    assert invoke("run", "standard-12-idiot", "--set", "guard_repeat=rechoose", "--seed", 1, "-q").stderr == ""


@pytest.mark.parametrize("args", [
    ("show", "standard-12-idiot", "--json"),
    ("script", "standard-12-idiot"),
    ("run", "standard-12-idiot", "--games", 3, "--seed", 1, "--json"),
    ("sweep", "standard-12-idiot", "--set", "guard_repeat=rechoose,void", "-n", 3, "--seed", 1, "--json"),
    ("compare", "standard-12-idiot", "--set-a", "guard_repeat=rechoose", "--set-b", "guard_repeat=void",
     "-n", 3, "--seed", 1, "--json"),
    ("run", "--script", "{scenario}"),
])
def test_every_command_taking_set_warns(tmp_path, args):
    (tmp_path / "s.yaml").write_text(SCENARIO, encoding="utf-8")
    args = [str(a).format(scenario=tmp_path / "s.yaml") for a in args]
    if not any(str(a).startswith("guard_repeat") for a in args):
        args += ["--set", "guard_repeat=void"]
    r = invoke(*args)
    assert r.exit_code == 0, r.output
    assert r.stderr == WARNING
    if "--json" in args:
        json.loads(r.stdout)


def test_the_warning_does_not_say_the_game_is_unchanged():
    """A trial: ``exile_tie=scapegoat`` on standard-12 was said to change nothing, yet a
    tie then exiles nobody where the default holds a PK round."""
    r = invoke("run", "standard-12", "--set", "exile_tie=scapegoat", "--seed", 1, "-q")
    assert r.stderr == ("warning: --set exile_tie=scapegoat: exile_tie = scapegoat needs the role 'scapegoat', "
                        "which this board does not deal: the rule it selects waits for a player who is never "
                        "there; the values that need no missing role: pk, revote, no_exile, sheriff_decides\n")
    games = ("--games", 300, "--seed", 2, "--agents", "random", "--json")
    tie = invoke("run", "standard-12", "--set", "exile_tie=scapegoat", *games)
    pk = invoke("run", "standard-12", *games)
    no_exile = invoke("run", "standard-12", "--set", "exile_tie=no_exile", *games)
    wins = [[f["wins"] for f in json.loads(x.stdout)["factions"]] for x in (tie, pk, no_exile)]
    assert wins[0] != wins[1] and wins[0] == wins[2]
