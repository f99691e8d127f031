"""wolfdsl.cliparams: command-line values converted as typer converts them, without
importing pydantic for the plain cases."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import List

import pytest
import typer

from wolfdsl.cliparams import PlainValues, speed_up

_coercion = pytest.importorskip("typer._coercion", reason="typer 0.28 or older: nothing to speed up")


class _Param:
    """What a converter reads of a typer parameter."""

    def __init__(self, annotation, *, multiple: bool = False, nargs: int = 1, info=None):
        self.type_descriptor = _coercion.resolve_type_descriptor(annotation, info or typer.models.OptionInfo())
        self.multiple, self.nargs, self.name = multiple, nargs, "x"
        self._runtime_param = None


CASES = [
    (str, ["x", "", "standard-12", "a=b", "--", "狼人"]),
    (int, ["12", "+5", "-3", "007", "0", " 4", "1_000", "1.0", "٣", "x", "", 0, 7, 2**70]),
    (float, ["0.02", "1", "-2.25", "1e3", ".5", "inf", "2%", 0, 3, 1.5]),
]


@pytest.mark.parametrize("annotation,values", CASES)
def test_plain_values_convert_as_typer_does(annotation, values):
    plain = PlainValues(_Param(annotation))
    typers = _coercion.build_runtime_param(plain.descriptor)
    for value in values:
        try:
            want = typers.coerce(value, param=plain.param, ctx=None)
        except Exception as err:  # noqa: BLE001 (typer's BadParameter, whatever its class)
            with pytest.raises(type(err)) as got:
                plain.coerce(value, param=plain.param, ctx=None)
            # the same refusal, in words for people instead of pydantic's
            assert str(err).startswith("Input should be a valid")
            what = "a whole number" if annotation is int else "a number"
            assert str(got.value) == f"expected {what}, got '{value}'"
            continue
        got = plain.coerce(value, param=plain.param, ctx=None)
        assert (got, type(got)) == (want, type(want)), value


def test_lists_and_missing_values():
    listed = PlainValues(_Param(List[str], multiple=True))
    assert listed.coerce(("a=1", "b=2"), listed.param, None) == ["a=1", "b=2"]
    assert listed.coerce((), listed.param, None) == []
    assert listed.coerce(None, listed.param, None) == ()
    single = PlainValues(_Param(int))
    assert single.coerce(None, single.param, None) is None
    assert single._typer is None  # typer's own converter not built for any of these


def test_paths_and_bounded_numbers_go_to_typer():
    path = PlainValues(_Param(Path))
    assert path.coerce("game.jsonl", path.param, None) == Path("game.jsonl")
    assert path._typer is not None
    bounded = _Param(int, info=typer.models.OptionInfo(min=1))
    speed_up([bounded])
    assert bounded._runtime_param is None  # left to typer (its bounds, its message)
    plain = _Param(int)
    speed_up([plain])
    assert isinstance(plain._runtime_param, PlainValues)


def test_a_one_game_run_imports_no_pydantic():
    code = ("import sys\nfrom wolfdsl.cli import main\n"
            "sys.argv = ['wolfdsl', 'run', 'standard-12', '--agents', 'random', '--seed', '1',"
            " '--set', 'sheriff_vote_weight=2', '-q']\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["seed 1: village won (village_wins) after 5 days", "[]"]


@pytest.mark.parametrize("command", [["run", "standard-12"], ["script", "standard-12"],
                                     ["play", "standard-12", "--seat", "1"], ["compare", "standard-12", "standard-12"]])
@pytest.mark.parametrize("value, message", [
    ("abc", "expected a player count (12), got 'abc'"),
    ("", "expected a player count (12), got ''"),
    ("0", "must be at least 1, got 0"),
    ("8..12", "plays one player count, such as 12, got '8..12'; `wolfdsl sweep RULESET --players 8..12` plays each"),
])
def test_a_bad_player_count_is_said_in_words_as_sweep_says_it(command, value, message):
    from clitools import invoke

    r = invoke(*command, "--players", value)
    assert r.exit_code == 2, r.output
    assert " ".join(r.stderr.split()).endswith(f"Error: Invalid value for '--players': {message}")
    sweep = invoke("sweep", "standard-12", "--players", value)
    assert sweep.exit_code == 2
    if value in ("abc", ""):
        assert sweep.stderr == (f"error: --players: expected a player count (12), a list (8,12,18) or a range "
                                f"(8..18, 8..18/2), got '{value}'\n")


@pytest.mark.parametrize("args, message", [
    (["--seed", "x"], "Invalid value for '--seed': expected a whole number, got 'x'"),
    (["-n", "1.5"], "Invalid value for '--games' / '-n': expected a whole number, got '1.5'"),
    (["--timeout", "soon"], "Invalid value for '--timeout': expected a number, got 'soon'"),
])
def test_a_number_that_is_none_is_said_in_words(args, message):
    from clitools import invoke

    r = invoke("run", "standard-12", *args)
    assert r.exit_code == 2
    assert " ".join(r.stderr.split()).endswith("Error: " + message)
