"""`-` as an output file name means standard output, for every command that writes files;
where standard output cannot take it (a picture, a folder, a game played there) it is
refused; two things for standard output at once are refused."""
import json
from pathlib import Path

import pytest

from clitools import flat, invoke
from wolfdsl.lang.load import load
from wolfdsl.play import game_log, play_game

ROOT = Path(__file__).parents[1]
HUNTER = ROOT / "docs" / "examples" / "hunter-dawn-shot.yaml"


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    """Each test in an empty folder, which must stay without a file named -."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    assert not (tmp_path / "-").exists() and not (tmp_path / "-.wolf").exists()


def lines(text):
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("flags", [["-q"], []])
def test_run_log_dash_prints_the_log_instead_of_the_narration(flags):
    r = invoke("run", "standard-12", "--seed", 1, "--log", "-", *flags)
    assert r.exit_code == 0, r.output
    assert r.stdout == game_log(play_game(load("standard-12"), 1, 0).events)
    assert r.stderr == ""


def test_run_games_log_dash_prints_every_games_log_and_no_table(here):
    r = invoke("run", "standard-12", "--seed", 2, "-n", 3, "--log", "-")
    assert r.exit_code == 0, r.output
    assert invoke("run", "standard-12", "--seed", 2, "-n", 3, "--log", here / "g.jsonl", "-q").exit_code == 0
    assert r.stdout == (here / "g.jsonl").read_text(encoding="utf-8")
    assert [e["game"] for e in lines(r.stdout) if e["type"] == "game_over"] == [0, 1, 2]
    assert r.stderr == ""


def test_run_script_log_dash_prints_the_scenarios_log(here):
    r = invoke("run", "--script", HUNTER, "--log", "-")
    assert r.exit_code == 0, r.output
    assert invoke("run", "--script", HUNTER, "--log", here / "h.jsonl").exit_code == 0
    assert r.stdout == (here / "h.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["run", "standard-12", "--seed", 1, "--log", "-", "--json"],
     "--log - and --json both write to standard output: give --log a file name, or leave out --json"),
    (["run", "--script", HUNTER, "--log", "-", "--json"],
     "--log - and --json both write to standard output: give --log a file name, or leave out --json"),
    (["play", "standard-12", "--seat", 3, "--seed", 1, "--log", "-"],
     "--log -: the game is played on standard output; give the log a file name, such as --log game.jsonl"),
    (["sweep", "standard-12", "--players", "12", "-n", 5, "--plot", "-"],
     "--plot -: a plot is an image file (.png, .svg or .pdf), not text for standard output: give a file "
     "name such as hollow.png"),
    (["sweep", "standard-12", "--players", "12", "-n", 5, "--csv", "-", "--report", "-"],
     "--csv - and --report - both write to standard output: give --csv a file name, or give --report a "
     "file name"),
    (["sweep", "standard-12", "--players", "12", "-n", 5, "--json", "--csv", "-"],
     "--json and --csv - both write to standard output: leave out --json, or give --csv a file name"),
    (["lint", "standard-12", "--explore", 1, "--out", "-"],
     "--out -: --explore writes a scenario file for each conflict it finds into a folder; give a folder name"),
    (["new", "-"], "NAME -: the new ruleset is a file, NAME.wolf, titled NAME: give a name such as my-12"),
])
def test_dash_where_standard_output_cannot_take_it_is_refused(args, message):
    r = invoke(*args)
    assert r.exit_code == 2, r.output
    assert flat(r.stderr) == "error: " + message
    assert r.stdout == ""


def test_script_o_dash_prints_the_sheet():
    r = invoke("script", "standard-12", "-o", "-")
    assert r.exit_code == 0, r.output
    assert r.stdout == invoke("script", "standard-12").stdout and r.stderr == ""


def test_lint_o_dash_prints_the_findings_and_the_summary_on_stderr():
    r = invoke("lint", "standard-12", "-o", "-", "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == [] and r.stderr == "1 file checked: 0 errors, 0 warnings\n"


def test_test_junit_dash_prints_the_xml_and_the_results_on_stderr():
    r = invoke("test", "--junit", "-", HUNTER)
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith('<?xml version="1.0" encoding="utf-8"?>\n<testsuite name="wolfdsl" tests="1" '
                               'failures="0" errors="0"')
    assert r.stderr == f"PASS  {HUNTER}\n1 passed, 0 failed\n"


def test_sweep_report_dash_prints_the_page_instead_of_the_table():
    r = invoke("sweep", "standard-12", "--players", "12", "-n", 5, "--seed", 1, "--report", "-")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("<!DOCTYPE html>") and r.stdout.rstrip().endswith("</html>")
    assert "wrote" not in r.stderr


def test_a_table_written_to_a_file_or_a_pipe_is_never_cut(monkeypatch):
    # a trial: `wolfdsl sweep ... > sw.txt` cut intervals to "(88.6–95…" at 80 columns
    monkeypatch.delenv("COLUMNS", raising=False)
    r = invoke("sweep", "millers-hollow", "--players", "8,12", "--set", "exile_tie=pk,no_exile",
               "--games", 20, "--seed", 1)
    assert r.exit_code == 0, r.output
    rows = [l for l in r.stdout.splitlines() if l.startswith("│")]
    assert len(rows) == 4 and "…" not in r.stdout
    assert max(map(len, r.stdout.splitlines())) > 80  # wider than a default terminal
    monkeypatch.setenv("COLUMNS", "80")  # a width asked for is kept
    assert "…" in invoke("sweep", "millers-hollow", "--players", "8,12", "--set", "exile_tie=pk,no_exile",
                         "--games", 20, "--seed", 1).stdout
