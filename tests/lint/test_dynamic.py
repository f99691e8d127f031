"""One deliberately broken ruleset per dynamic check (``tests/lint/broken/``): the
exploration reports it, writes a reproducer, and replaying the reproducer produces the
same conflict — on the instrumented engine, and through ``wolfdsl run --script``."""
import re
from pathlib import Path

import pytest

from typer.testing import CliRunner

from wolfdsl.cli import app
from wolfdsl.lint import lint_paths
from wolfdsl.lint.dynamic import replay

BROKEN = Path(__file__).parent / "broken"
CASES = {
    "W390": "effect-conflict.wolf",
    "W391": "no-legal-option.wolf",
    "W392": "trigger-loop.wolf",
    "W393": "day-bound.wolf",
    "W394": "double-win.wolf",
    "E401": "runtime-failure.wolf",
}
REPLAY_EXIT = {"W392": 2, "E401": 2}
# W392: the engine's trigger-loop bound stops the replay with a rule error (exit 2).
# E401: a failing rule statement stops the replay with an E401 rule error (exit 2).


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("code", sorted(CASES))
def test_dynamic_check_reproducer_replays_the_conflict(code, tmp_path):
    found = [d for d in lint_paths([BROKEN / CASES[code]], select=[code], explore=40, seed=0, out_dir=tmp_path)]
    assert len(found) == 1, [d.render() for d in found]
    d = found[0]
    m = re.search(r"wolfdsl run --script (\S+)\)", d.message)
    assert m, d.message
    repro = Path(m.group(1))
    assert repro.is_file() and repro.parent == tmp_path
    text = repro.read_text(encoding="utf-8")
    assert text.startswith(f"# wolfdsl lint --explore: {code} ")
    _, again = replay(repro)
    assert [f.code for f in again].count(code) == 1, [f.fields for f in again]
    # The shrunk scenario scripts no more decisions than the conflict needs: dropping
    # any one of them loses the conflict or breaks the script.
    n = sum(1 for line in text.splitlines() if line.startswith("  - {at:"))
    assert n <= 12
    r = invoke("run", "--script", repro)
    assert r.exit_code == REPLAY_EXIT.get(code, 0), r.output
    if code == "W392":
        assert "trigger loop" in r.stderr and "Traceback" not in r.output
    if code == "E401":
        assert "E401" in r.stderr and "none" in r.stderr and "Traceback" not in r.output


def test_reproducer_is_shrunk_to_no_decisions_when_none_matter(tmp_path):
    lint_paths([BROKEN / CASES["W391"]], select=["W391"], explore=20, out_dir=tmp_path)
    (repro,) = tmp_path.glob("*.yaml")
    text = repro.read_text(encoding="utf-8")
    assert "decisions: []" in text and "stop_after: night 1" in text


def test_a_rule_that_fails_in_a_game_is_an_error_with_an_e_code_and_says_where_its_reproducer_is(
        tmp_path, monkeypatch):
    # new-user trial: `lint --explore` printed "W395 error" (a W code at error severity) and
    # wrote its reproducer into the current folder without a word about it
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rf.wolf").write_text((BROKEN / CASES["E401"]).read_text(encoding="utf-8"), encoding="utf-8")
    r = invoke("lint", "rf.wolf", "--explore", 10)
    assert r.exit_code == 1, r.output
    assert "rf.wolf:7:36: E401 error: night 2: this statement failed while the game ran: " in r.stdout
    assert "W395" not in r.output
    assert "wrote 1 reproducer (a scenario that replays a finding; --out DIR to write elsewhere): " \
           "rf.E401-1.yaml" in r.stdout
    assert (tmp_path / "rf.E401-1.yaml").is_file()


def test_one_rule_failing_on_different_nights_is_one_finding_with_one_reproducer(tmp_path, monkeypatch):
    # new-user trial: the same rule failing in 4 games was "4 errors" with 4 reproducers,
    # one for each night it first failed on
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rf.wolf").write_text('import "roles"\nplayers 9\ndeck 9: werewolf*3, seer, witch, hunter, villager*3\n'
                                      "set wolf_win = town\nglobal scratch = 0\n"
                                      "step boom in night when chance(0.3) { scratch = holder(elder).lives + 1 }\n",
                                      encoding="utf-8")
    r = invoke("lint", "rf.wolf", "--explore", 8)
    assert r.exit_code == 1, r.output
    found = [line for line in r.stdout.splitlines() if " E401 " in line]
    assert found == ["rf.wolf:6:39: E401 error: night 1: this statement failed while the game ran: `none + 1`: "
                     "`none` has no arithmetic (in 6 of 8 games; replay: wolfdsl run --script rf.E401-1.yaml)"]
    assert "wrote 1 reproducer (a scenario that replays a finding; --out DIR to write elsewhere): " \
           "rf.E401-1.yaml\n" in r.stdout
    assert r.stdout.endswith("1 file checked: 1 error, 1 warning\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rf.E401-1.yaml", "rf.wolf"]


def test_out_names_the_reproducer_as_typed_in_the_finding_the_note_and_its_replay_header(tmp_path, monkeypatch):
    # new-user trial: with --out repro/ the note still said "--out DIR to write elsewhere",
    # and the file's header said `wolfdsl run --script rf.E401-1.yaml`, a path that does not
    # replay it from where lint ran (the finding said repro/rf.E401-1.yaml)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rf.wolf").write_text((BROKEN / CASES["E401"]).read_text(encoding="utf-8"), encoding="utf-8")
    r = invoke("lint", "rf.wolf", "--explore", 10, "--out", "repro/")
    assert r.exit_code == 1, r.output
    assert "replay: wolfdsl run --script repro/rf.E401-1.yaml)" in r.stdout
    assert "wrote 1 reproducer (a scenario that replays a finding): repro/rf.E401-1.yaml\n" in r.stdout
    text = (tmp_path / "repro" / "rf.E401-1.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[2] == "# Replay: wolfdsl run --script repro/rf.E401-1.yaml"
    replayed = invoke("run", "--script", "repro/rf.E401-1.yaml", "-q")
    assert replayed.exit_code == 2 and "this statement failed while the game ran" in replayed.stderr, replayed.output
    r = invoke("lint", "rf.wolf", "--explore", 10)  # next to the ruleset: the hint, the name alone
    assert "replay: wolfdsl run --script rf.E401-1.yaml)" in r.stdout
    assert "--out DIR to write elsewhere): rf.E401-1.yaml" in r.stdout
    assert "# Replay: wolfdsl run --script rf.E401-1.yaml\n" in (tmp_path / "rf.E401-1.yaml").read_text(encoding="utf-8")


def test_the_retired_w395_still_selects_and_silences_the_same_finding(tmp_path):
    source = (BROKEN / CASES["E401"]).read_text(encoding="utf-8")
    assert lint_paths([BROKEN / CASES["E401"]], select=["W395"], explore=5, out_dir=tmp_path)[0].code == "E401"
    assert invoke("lint", "--explain", "W395").stdout.startswith("E401 rule-failed (error)")
    path = tmp_path / "quiet.wolf"
    path.write_text(source.replace("+ 1 }", "+ 1 }   # lint: ignore W395 -- a probe"), encoding="utf-8")
    # silenced: the run's E401; what is left is the static W353 (holder(elder).lives, with
    # no elder dealt), which finds the same mistake without playing
    assert [d.code for d in lint_paths([path], explore=5, out_dir=tmp_path)] == ["W353"]
