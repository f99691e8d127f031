"""Start-up of a one-game run (issue 10): what it does not import, and the shortcuts
that keep its output identical (one command built, narration without rich in a pipe)."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from wolfdsl import terminal
from wolfdsl.cli import STYLES, app, app_for
from wolfdsl.lang.load import load
from wolfdsl.play import play_game
from wolfdsl.present.narrate import narrate

_NOT_IMPORTED = ("pydantic", "rich", "lark", "jsonschema", "importlib.metadata", "importlib.resources", "wolfdsl.lint",
                 "wolfdsl.sim.", "wolfdsl.editor.server", "wolfdsl.scenario", "matplotlib", "dask", "distributed")


def test_a_narrated_one_game_run_imports_only_what_it_needs():
    # a warm run is the one measured: parse and compile standard-12 into the cache first
    # (otherwise the run parses it, with lark, whenever no test before it did)
    load("standard-12")
    code = ("import sys\nfrom wolfdsl.cli import main\n"
            "sys.argv = ['wolfdsl', 'run', 'standard-12', '--agents', 'random', '--seed', '1']\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            f"print(sorted(m for m in sys.modules if m.startswith({_NOT_IMPORTED!r})), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Game of standard-12 — Standard 12 (guard), seed 1, 12 players; random bots\n")
    assert done.stderr.strip() == "[]"


@pytest.mark.parametrize("args", [["run", "--help"], ["run", "standard-12", "-n", "x"], ["compare", "-h"],
                                  ["sweep", "--help"], ["lint", "--explain", "W301"], ["rulesets"],
                                  ["show", "standard-12"], ["narrate", "-h"]])
def test_the_one_command_app_behaves_as_the_whole_app(args):
    one = app_for(args)
    assert one is not app and [c.callback.__name__ for c in one.registered_commands] == [args[0]]
    a, b = CliRunner().invoke(app, args), CliRunner().invoke(one, args)
    assert (a.exit_code, a.output) == (b.exit_code, b.output)


def test_anything_else_gets_the_whole_app():
    for args in ([], ["--help"], ["runn", "x"], ["--version"]):
        assert app_for(args) is app


def _rich(lines) -> str:
    from rich.console import Console
    from rich.text import Text

    buf = io.StringIO()
    console = Console(file=buf, soft_wrap=True, highlight=False)
    for line in lines:
        console.print(Text(line, style=STYLES.get(line.kind, "")))
    return buf.getvalue()


def test_plain_narration_is_what_rich_prints(monkeypatch):
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    rs = load("cupid-thief-12")
    for seed in (1, 2):
        result = play_game(rs, seed, 0, "random")
        for lang in ("en", "zh"):
            lines = list(narrate(result.events, rs, lang=lang, agents="random"))
            out = io.StringIO()
            monkeypatch.setattr(sys, "stdout", out)
            assert terminal.print_plain(lines)
            assert out.getvalue() == _rich(lines) and out.getvalue().count("\n") == len(lines) > 20


def test_rich_prints_when_colour_is_forced_or_a_line_has_a_control_character(monkeypatch):
    lines = list(narrate(play_game(load("standard-12"), 1, 0, "random").events, load("standard-12")))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not terminal.print_plain(lines)
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("TTY_INTERACTIVE", raising=False)
    assert not terminal.print_plain(lines[:3] + ["a bell \a here"])
    assert out.getvalue() == ""  # nothing printed when rich is to print
