"""The command line on the fake engine: output, exit codes, error rendering."""
import json
import multiprocessing
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import fakegame
from clitools import flat, invoke, run_by_jobs
from wolfdsl.cli import app
from wolfdsl.cli import parse_sets, players_text
from wolfdsl.diagnostics import WolfError
from wolfdsl.play import game_log, play_game
from wolfdsl.sim.montecarlo import simulate


@pytest.fixture(autouse=True)
def fake(monkeypatch):
    fakegame.install(monkeypatch)


# -- run: one game ---------------------------------------------------------------------

def test_run_narrates_one_game():
    r = invoke("run", "fake-6", "--seed", 3)
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert out.startswith("Game of fake-6 — Fake-6, seed 3, 6 players; table bots\n")
    assert "\n── Night 1 ──\n" in out and "\n── Day 1 ──\n" in out
    assert "  † 5号 Villager died (cause: wolf), last words\n" in out and "  † 6号 Werewolf died (cause: exile)" in out
    assert "is elected sheriff" in out and "Exile vote:" in out
    assert out.rstrip().endswith("Winner: Werewolves (rule: wolves_parity); winning seats: 1号, 6号")
    assert r.stderr == ""


def test_run_log_is_byte_identical_and_equals_the_game(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert invoke("run", "fake-6", "--seed", 17, "--log", a, "--quiet").exit_code == 0
    assert invoke("run", "fake-6", "--seed", 17, "--log", b, "--quiet").exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    expected = game_log(play_game(fakegame.load("fake-6"), 17, 0).events)
    assert a.read_text(encoding="utf-8") == expected
    first = json.loads(a.read_text(encoding="utf-8").splitlines()[0])
    assert first["type"] == "game_start" and first["seed"] == 17 and first["seq"] == 0


def test_run_json_summary_of_one_game():
    r = invoke("run", "fake-6", "--seed", 4, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    game = play_game(fakegame.load("fake-6"), 4, 0)
    assert got["ruleset"] == "fake-6" and got["seed"] == 4 and got["agents"] == "table"
    assert got["winners"] == game.winners and got["reason"] == game.reason
    assert got["days"] == game.days and got["over"] is True
    assert got["sheriff"] == game.sheriff
    assert [d["seat"] for d in got["deaths"]] == [d["seat"] for d in game.deaths]
    assert len(got["seats"]) == 6


def test_run_quiet_prints_only_the_outcome():
    r = invoke("run", "fake-6", "--seed", 3, "--quiet")
    assert r.stdout == "seed 3: werewolves won (wolves_parity) after 3 days\n"
    r = invoke("run", "fake-6", "--seed", 3, "--quiet", "--set", "rounds=1")
    assert r.stdout == "seed 3: no winner after 1 day\n"


def test_run_without_seed_picks_one_and_says_which():
    got = json.loads(invoke("run", "fake-6", "--json").stdout)
    assert isinstance(got["seed"], int)


# -- run: many games -------------------------------------------------------------------

def test_games_json_equals_simulate():
    r = invoke("run", "fake-6", "--games", 80, "--seed", 5, "--json", "--quiet")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    want = simulate("fake-6", 80, 5, progress=False).to_dict()
    del got["timing"], want["timing"]
    assert got == want


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                    reason="fake engine reaches workers only by fork")
def test_games_counts_read_as_english():
    r = invoke("run", "fake-6", "-n", 1, "--seed", 2)
    assert r.exit_code == 0, r.output
    assert "fake-6: 1 game, seed 2, agents table" in r.stdout
    assert r.stderr.startswith("1 game in ") and "(1 job)" in r.stderr


def test_games_quiet_prints_only_the_title_and_the_wins_table():
    r = invoke("run", "fake-6", "-n", 20, "--seed", 2, "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("fake-6: 20 games, seed 2, agents table\n")
    assert "Wins" in r.stdout and "Village (village)" in r.stdout
    assert "Game length" not in r.stdout and "Deaths by cause" not in r.stdout
    assert r.stderr == ""


def test_help_reads_as_prose():
    from clitools import runner

    for command in ("run", "lint", "rulesets"):
        r = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}, terminal_width=200)
        assert r.exit_code == 0, r.output
        assert not re.search(r"<\w+( range)?>|\[x>=", r.stdout), r.stdout
    r = runner.invoke(app, ["lint", "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert ("Exit 0 when clean, 1 when a finding is an error (any finding with --strict), 2 on "
            "bad usage. Silence") in r.stdout
    r = runner.invoke(app, ["run", "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert "--games N " in r.stdout and "--seed INT " in r.stdout and "--quiet" in r.stdout
    assert "--games: only the title and the win table" in r.stdout


def test_games_with_jobs_same_output_and_log(tmp_path):
    outs, errs, logs = run_by_jobs(tmp_path, "fake-6", "-n", 90, "--seed", 2)
    assert outs[0] == outs[1]
    assert logs[0] == logs[1]
    assert "90 games in" in errs[0] and "(1 job)" in errs[0] and "(2 jobs)" in errs[1]
    assert "fake-6: 90 games, seed 2, agents table" in outs[0]
    assert "Wins" in outs[0] and "Village (village)" in outs[0]


# -- run: bad input --------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["--set", "rounds"], "expected NAME=VALUE"),
    (["--set", "=2"], "expected NAME=VALUE"),
    (["--set", "rounds=1", "--set", "rounds=10"], "option 'rounds' is set twice"),
    (["--agents", "rando"], "unknown agent 'rando' (did you mean 'random'?); available: heuristic, random, table"),
    (["--agents", "table:"], "Error: Invalid value for '--agents': agent 'table:': nothing after the colon; write "
                             "table alone, or parameters such as table:skill=0.5"),
])
def test_usage_errors_exit_2(args, message):
    r = invoke("run", "fake-6", *args)
    assert r.exit_code == 2
    assert message in flat(r.stderr)
    assert "Traceback" not in r.output


def test_unknown_ruleset_is_the_loaders_error_and_missing_lists_the_bundled_ones():
    r = invoke("run", "fake6")
    assert (r.exit_code, r.stderr) == (2, "error: unknown ruleset 'fake6'\n")
    r = invoke("run")
    assert r.exit_code == 2 and "bundled ruleset (fake-6, fake-range)" in flat(r.stderr)


def test_wolf_error_is_rendered_without_traceback(tmp_path):
    bad = tmp_path / "bad.wolf"
    bad.write_text("role x {\n  oops ERROR here\n}\n", encoding="utf-8")
    r = invoke("run", bad)
    assert r.exit_code == 2
    assert r.stderr == (f"{bad}:2:8: E201 error: found error\n"
                        "  |\n2 |   oops ERROR here\n  |        ^^^^^\n")
    assert r.stdout == "" and "Traceback" not in r.output


def test_option_and_engine_errors_exit_2():
    r = invoke("run", "fake-6", "--set", "rounds=7")
    assert (r.exit_code, r.stderr) == (2, "error: option 'rounds' takes one of 1, 10\n")
    r = invoke("run", "fake-6", "--players", 9)
    assert (r.exit_code, r.stderr) == (2, "error: fake-6 is for 6 players, not 9\n")
    r = invoke("run", "fake-6", "-n", 3, "--players", 9)
    assert (r.exit_code, r.stderr) == (2, "error: fake-6 is for 6 players, not 9\n")


def test_engine_bug_keeps_its_traceback(monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(sys.modules["wolfdsl.play.game"], "play", broken)
    r = invoke("run", "fake-6", "--seed", 1)
    assert r.exit_code == 1
    assert isinstance(r.exception, RuntimeError)


def test_unwritable_log_is_bad_input(tmp_path):
    r = invoke("run", "fake-6", "--seed", 1, "--log", tmp_path / "no" / "such" / "dir.jsonl")
    assert r.exit_code == 2 and "cannot write" in flat(r.stderr)


# -- run --script ------------------------------------------------------------------------

@pytest.fixture
def scenario(monkeypatch, tmp_path):
    calls = []
    module = types.ModuleType("wolfdsl.scenario")
    outcome = types.SimpleNamespace(ok=True, report="scenario holds", warnings=[], result=None)

    def run_scenario(path, ruleset_ref=None, log=None):
        calls.append((path, ruleset_ref, log))
        if "invalid" in path:
            raise WolfError(f"{path}: unknown key 'sets'")
        return outcome

    module.run_scenario = run_scenario
    monkeypatch.setitem(sys.modules, "wolfdsl.scenario", module)
    path = tmp_path / "s.yaml"
    path.write_text("seed: 1\n", encoding="utf-8")
    return types.SimpleNamespace(calls=calls, outcome=outcome, path=path, tmp=tmp_path)


def test_script_that_holds(scenario):
    r = invoke("run", "--script", scenario.path)
    assert (r.exit_code, r.stdout) == (0, "scenario holds\n")
    assert scenario.calls == [(str(scenario.path), None, None)]
    log = scenario.tmp / "s.jsonl"
    assert invoke("run", "fake-6", "--script", scenario.path, "--log", log).exit_code == 0
    assert scenario.calls[-1] == (str(scenario.path), "fake-6", str(log))


def test_script_that_fails_exits_1_with_diff_and_warnings(scenario):
    scenario.outcome.ok = False
    scenario.outcome.report = "deaths differ:\n- 1号 exile day 1\n+ 9号 exile day 1"
    scenario.outcome.warnings = ["decision at day 3 never requested: the game ended"]
    r = invoke("run", "--script", scenario.path)
    assert r.exit_code == 1
    assert r.stdout == scenario.outcome.report + "\n"
    assert r.stderr == "warning: decision at day 3 never requested: the game ended\n"


def test_invalid_script_exits_2(scenario):
    bad = scenario.tmp / "invalid.yaml"
    bad.write_text("sets: 1\n", encoding="utf-8")
    r = invoke("run", "--script", bad)
    assert (r.exit_code, r.stderr) == (2, f"error: {bad}: unknown key 'sets'\n")
    r = invoke("run", "--script", scenario.tmp / "missing.yaml")
    assert r.exit_code == 2 and "does not exist" in flat(r.stderr)


def test_script_rejects_options_the_scenario_fixes(scenario):
    r = invoke("run", "--script", scenario.path, "--seed", 3, "--players", 6)
    assert r.exit_code == 2
    assert "--seed, --players cannot be used with --script" in flat(r.stderr)
    assert scenario.calls == []


def test_script_set_is_refused_clearly_while_the_runner_takes_no_options(scenario):
    r = invoke("run", "--script", scenario.path, "--set", "rounds=1")
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "'--set': cannot be used with --script yet" in flat(r.stderr)
    assert scenario.calls == []


def test_script_set_overrides_the_scenarios_options(monkeypatch, scenario):
    seen = []

    def run_scenario(path, ruleset_ref=None, log=None, options=None):
        seen.append(options)
        return scenario.outcome

    monkeypatch.setattr(sys.modules["wolfdsl.scenario"], "run_scenario", run_scenario)
    r = invoke("run", "--script", scenario.path, "--set", "rounds=1", "--quiet")
    assert r.exit_code == 0, r.output
    assert seen == [{"rounds": "1"}]


@pytest.fixture
def played(scenario):
    """The fake scenario outcome with a real (fake-6) game behind it."""
    scenario.outcome.result = play_game(fakegame.load("fake-6"), 3, 0)
    scenario.outcome.ruleset = fakegame.load("fake-6")
    return scenario


def test_script_narrates_the_game_then_reports(played):
    r = invoke("run", "--script", played.path)
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Game of fake-6 — Fake-6, seed 3, 6 players\n")
    assert "── Night 1 ──" in r.stdout
    assert r.stdout.endswith("winning seats: 1号, 6号\n\nscenario holds\n")
    r = invoke("run", "--script", played.path, "--quiet")
    assert (r.exit_code, r.stdout) == (0, "")
    played.outcome.ok = False
    played.outcome.report = "winner: expected village, got werewolves"
    r = invoke("run", "--script", played.path, "-q")
    assert (r.exit_code, r.stdout) == (1, "winner: expected village, got werewolves\n")


def test_script_json(played):
    played.outcome.warnings = ["w1"]
    r = invoke("run", "--script", played.path, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    game = played.outcome.result
    assert got == {"ok": True, "report": "scenario holds", "warnings": ["w1"],
                   "winners": game.winners, "sheriff": game.sheriff,
                   "deaths": [{k: d.get(k) for k in ("seat", "role", "cause", "day", "phase",
                                                     "last_words")} for d in game.deaths]}
    played.outcome.ok = False
    assert invoke("run", "--script", played.path, "--json").exit_code == 1


def test_a_scenario_given_as_ruleset_says_to_use_script(tmp_path):
    for name in ("pk.yaml", "my games/pk.YML"):
        r = invoke("run", name)
        assert r.exit_code == 2 and "Traceback" not in r.output
        quoted = "'my games/pk.YML'" if " " in name else name
        assert r.stderr == (f"error: {name} is a scenario file: run it with "
                            f"`wolfdsl run --script {quoted}`\n")


# -- lint ------------------------------------------------------------------------------

def test_lint_exit_codes(tmp_path):
    clean = tmp_path / "clean.wolf"
    clean.write_text("players 5\nrole villager {}\n", encoding="utf-8")
    warn = tmp_path / "warn.wolf"
    warn.write_text("# WARNING only\n", encoding="utf-8")
    bad = tmp_path / "bad.wolf"
    bad.write_text("ok\nERROR\n", encoding="utf-8")

    r = invoke("lint", clean)
    assert (r.exit_code, r.stdout, r.stderr) == (0, "1 file checked: 0 errors, 0 warnings\n", "")

    r = invoke("lint", warn, clean)
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0] == f"{warn}:1:3: W301 warning: found warning"

    r = invoke("lint", clean, bad, warn)
    assert r.exit_code == 1
    heads = [l for l in r.stdout.splitlines() if l.startswith(str(tmp_path))]
    assert heads == [f"{bad}:2:1: E201 error: found error", f"{warn}:1:3: W301 warning: found warning"]
    # the summary follows the findings on stdout, as ruff's does: `lint > report.txt` keeps it
    assert r.stdout.endswith("\n3 files checked: 1 error, 1 warning\n") and r.stderr == ""


def test_lint_missing_file_is_a_usage_error(tmp_path):
    r = invoke("lint", tmp_path / "nope.wolf")
    assert r.exit_code == 2 and "does not exist" in flat(r.stderr)
    r = invoke("lint", tmp_path)  # a folder with no ruleset in it: nothing checked is no pass
    assert r.exit_code == 2 and flat(r.stderr).endswith(f"no .wolf file in {tmp_path}")


# -- rulesets and the rest -------------------------------------------------------------

def test_rulesets_table():
    r = invoke("rulesets")
    assert r.exit_code == 0, r.output
    rows = [flat(l) for l in r.stdout.splitlines() if "fake" in l]
    assert rows == ["fake-6 6 Two wolves against four villagers.",
                    "fake-range 5-8 A range of players."]


def test_rulesets_with_a_broken_bundled_file(monkeypatch):
    real = fakegame.load

    def load(ref, options=None, players=None):
        if ref == "fake-range":
            raise WolfError("<bundled>/fake-range.wolf: broken")
        return real(ref, options, players)

    monkeypatch.setattr(sys.modules["wolfdsl.lang.load"], "load", load)
    r = invoke("rulesets")
    assert r.exit_code == 2
    assert "fake-6" in r.stdout and "does not load" in r.stdout
    assert r.stderr == "error: <bundled>/fake-range.wolf: broken\n"


def test_helpers():
    assert parse_sets(["a=1", " b = x=y "]) == {"a": "1", "b": "x=y"}
    assert players_text((12, 12)) == "12" and players_text((8, 18)) == "8-18"


def test_version_and_module_entry_point():
    r = invoke("--version")
    assert r.exit_code == 0 and r.stdout.startswith("wolfdsl ")
    root = Path(__file__).resolve().parents[1]
    p = subprocess.run([sys.executable, "-m", "wolfdsl", "--help"], cwd=root,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and "Usage: wolfdsl" in p.stdout
    for command in ("run", "lint", "rulesets"):
        assert command in p.stdout
