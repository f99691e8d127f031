"""Nothing is overwritten by mistake (issue 11): ``--log`` refuses an input of the run
and a folder; a full disk is a one-line error; a failed run leaves an earlier log whole."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from clitools import invoke
from wolfdsl.lang.load import bundled_path
from wolfdsl.outfile import output

STANDARD = bundled_path("standard-12")


@pytest.fixture
def rules(tmp_path) -> Path:
    """A copy of standard-12 that imports a file of its own folder."""
    (tmp_path / "extra.wolf").write_text('status marked "marked"\n', encoding="utf-8")
    path = tmp_path / "mine.wolf"
    path.write_text('import "extra"\n' + STANDARD.read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.mark.parametrize("games", [None, 3])
@pytest.mark.parametrize("victim", ["mine.wolf", "extra.wolf", "link.wolf"])
def test_log_refuses_an_input_of_the_run(rules, victim, games):
    (rules.parent / "link.wolf").symlink_to(rules)
    target = rules.parent / victim
    before = target.read_bytes()
    more = ["--games", games] if games else []
    r = invoke("run", rules, "--seed", "1", "-q", *more, "--log", target)
    assert r.exit_code == 2, r.output
    assert "is an input of the run" in r.stderr and "Traceback" not in r.output
    assert target.read_bytes() == before


def test_log_refuses_the_scenario_and_its_ruleset(tmp_path, rules):
    scenario = tmp_path / "s.yaml"
    scenario.write_text("ruleset: mine.wolf\nseed: 3\nstop_after: night 1\n", encoding="utf-8")
    for victim in (scenario, rules):
        before = victim.read_bytes()
        r = invoke("run", "--script", scenario, "--log", victim)
        assert r.exit_code == 2, r.output
        assert "is an input of the run" in r.stderr
        assert victim.read_bytes() == before


def test_log_to_a_folder_is_refused(tmp_path):
    r = invoke("run", "standard-12", "--seed", "1", "-q", "--log", tmp_path)
    assert r.exit_code == 2 and "Traceback" not in r.output


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("games", [None, 2])
def test_a_full_disk_is_one_line(games):
    more = ["--games", games] if games else []
    r = invoke("run", "standard-12", "--seed", "1", "-q", *more, "--log", "/dev/full")
    assert r.exit_code == 2, r.output
    assert r.stderr.strip() == "error: --log: cannot write /dev/full: No space left on device"


def test_a_failed_run_leaves_the_earlier_log(tmp_path):
    log = tmp_path / "game.jsonl"
    assert invoke("run", "standard-12", "--seed", "1", "-q", "--log", log).exit_code == 0
    before = log.read_bytes()
    bad = tmp_path / "bad.wolf"
    bad.write_text('import "roles"\nplayers 12\n', encoding="utf-8")
    r = invoke("run", bad, "--seed", "1", "-q", "--games", 2, "--log", log)
    assert r.exit_code == 2
    assert log.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.wolf", "game.jsonl"]  # no temporary left


def test_interrupted_output_keeps_whole_lines(tmp_path):
    target = tmp_path / "log.jsonl"
    with pytest.raises(KeyboardInterrupt):
        with output(target) as fh:
            fh.write('{"a": 1}\n{"b": ')
            raise KeyboardInterrupt
    assert target.read_text(encoding="utf-8") == '{"a": 1}\n'


def test_lint_output_file_refuses_the_file_it_lints(tmp_path):
    path = tmp_path / "mine.wolf"
    shutil.copy(STANDARD, path)
    before = path.read_bytes()
    r = invoke("lint", path, "--output-file", path)
    assert r.exit_code == 2, r.output
    assert path.read_bytes() == before


def test_explore_out_never_writes_over_the_ruleset(tmp_path):
    # a reproducer whose name is a link to the ruleset being linted: the ruleset is kept,
    # the finding (an error: exit 1) says why it has no reproducer
    broken = Path(__file__).parents[1] / "lint" / "broken" / "no-legal-option.wolf"
    path = tmp_path / "rules.wolf"
    shutil.copy(broken, path)
    before = path.read_bytes()
    out = tmp_path / "repro"
    out.mkdir()
    (out / "rules.W391-1.yaml").symlink_to(path)
    r = invoke("lint", path, "--select", "W391", "--explore", "20", "--out", out)
    assert r.exit_code == 1, r.output
    assert path.read_bytes() == before
    assert "no reproducer: --out" in r.stdout and "is an input of the run" in r.stdout, r.stdout
    assert not list(out.glob(".*.tmp"))


def test_explore_out_writes_a_whole_reproducer(tmp_path):
    broken = Path(__file__).parents[1] / "lint" / "broken" / "no-legal-option.wolf"
    r = invoke("lint", broken, "--select", "W391", "--explore", "20", "--out", tmp_path)
    (repro,) = tmp_path.glob("*.yaml")
    assert repro.name == "no-legal-option.W391-1.yaml" and f"replay: wolfdsl run --script {repro}" in r.stdout
    assert repro.read_text(encoding="utf-8").endswith("\n") and not list(tmp_path.glob(".*"))


def test_play_log_refuses_the_ruleset_before_the_game(rules):
    before = rules.read_bytes()
    r = invoke("play", rules, "--seat", "3", "--seed", "5", "--log", rules)
    assert r.exit_code == 2, r.output
    assert f"--log {rules}: this is an input of the run" in r.stderr and "Seed 5" not in r.stdout
    assert rules.read_bytes() == before


@pytest.mark.parametrize("option", ["--csv", "--report"])
def test_sweep_outputs_refuse_an_input_before_playing(rules, option):
    victim = rules.parent / "extra.wolf"
    before = victim.read_bytes()
    r = invoke("sweep", rules, "--set", "sheriff_vote_weight=1,2", "--games", "2", option, victim)
    assert r.exit_code == 2, r.output
    assert f"{option} {victim}: this is an input of the run" in r.stderr and "Traceback" not in r.output
    assert victim.read_bytes() == before


def test_sweep_csv_is_written_whole(tmp_path):
    out = tmp_path / "grid.csv"
    r = invoke("sweep", "classic-9", "--set", "sheriff_vote_weight=1,2", "--games", "2", "--seed", "1",
               "--csv", out)
    assert r.exit_code == 0, r.output
    rows = out.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 3 and "sheriff_vote_weight" in rows[0] and not list(tmp_path.glob(".*"))
