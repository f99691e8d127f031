"""Rendered output (a snapshot of the text form), JSON, SARIF 2.1.0, the command line's
exit codes and options, and inline suppressions."""
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wolfdsl.cli import app
from wolfdsl.lint import lint_paths, selected_codes
from wolfdsl.lint.registry import REGISTRY
from wolfdsl.lint.render import as_json, sarif

HERE = Path(__file__).parent / "snapshot"


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def in_snapshot(monkeypatch):
    monkeypatch.chdir(HERE)


def test_text_snapshot(in_snapshot):
    """Regenerate with: cd tests/lint/snapshot && wolfdsl lint sample.wolf > sample.txt"""
    r = invoke("lint", "sample.wolf")
    assert r.exit_code == 1
    assert r.stdout == (HERE / "sample.txt").read_text(encoding="utf-8")
    assert r.stdout.endswith("^^^^\n1 file checked: 3 errors, 6 warnings\n") and r.stderr == ""


def test_json_and_sarif(in_snapshot):
    diags = lint_paths(["sample.wolf"])
    data = json.loads(as_json(diags))
    assert [d["code"] for d in data] == [d.code for d in diags]
    w330 = next(d for d in data if d["code"] == "W330")
    assert w330["name"] == "simultaneous-wins" and w330["location"]["line"] == 25
    assert w330["related"][0]["location"]["line"] == 24
    log = json.loads(sarif(diags))
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert {r["id"] for r in rules} == set(REGISTRY)
    res = next(r for r in run["results"] if r["ruleId"] == "W330")
    assert rules[res["ruleIndex"]]["id"] == "W330" and res["level"] == "error"
    region = res["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 25 and region["startColumn"] == 1
    assert res["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 24
    r = invoke("lint", "--format", "sarif", "sample.wolf")
    assert r.exit_code == 1 and json.loads(r.stdout)["runs"][0]["results"]


def test_exit_codes_select_ignore_strict(in_snapshot):
    assert invoke("lint", "--select", "W301", "sample.wolf").exit_code == 0      # a warning
    assert invoke("lint", "--select", "W301", "--strict", "sample.wolf").exit_code == 1
    assert invoke("lint", "--ignore", "W3", "sample.wolf").exit_code == 0
    r = invoke("lint", "--select", "simultaneous-wins", "sample.wolf")
    assert r.exit_code == 1 and r.stdout.count(" W330 ") == 1 and " W301 " not in r.stdout
    r = invoke("lint", "--select", "W999", "sample.wolf")
    assert r.exit_code == 2 and "W999" in r.output
    assert invoke("lint", "--format", "xml", "sample.wolf").exit_code == 2
    assert selected_codes(["W33,W35"]) == {c for c in REGISTRY if c.startswith(("W33", "W35"))}


def test_suppression_needs_a_reason_and_must_be_used(tmp_path):
    base = 'import "roles"\nplayers 9\ndeck 9: werewolf*3, seer, witch, hunter, villager*3\nset wolf_win = town\n'
    f = tmp_path / "s.wolf"
    f.write_text(base + 'status blessed "b"   # lint: ignore W301 -- the next board adds it\n', encoding="utf-8")
    assert lint_paths([f]) == []
    f.write_text(base + '# lint: ignore W301 -- the next board adds it\nstatus blessed "b"\n', encoding="utf-8")
    assert lint_paths([f]) == []
    f.write_text(base + 'status blessed "b"   # lint: ignore W301\n', encoding="utf-8")
    assert [d.code for d in lint_paths([f])] == ["W300"]
    f.write_text(base + 'set wolf_win = side   # lint: ignore W301 -- stale\n', encoding="utf-8")
    assert "W305" in [d.code for d in lint_paths([f])]


def test_reproducer_paths_with_spaces_are_quoted_and_encoded(tmp_path):
    import shlex

    import yaml

    folder = tmp_path / "my rules"
    folder.mkdir()
    src = Path(__file__).parent / "broken" / "double-win.wolf"
    ruleset = folder / "bad one.wolf"
    ruleset.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    (found,) = lint_paths([ruleset], select=["W394"], explore=40)
    repro = folder / "bad one.W394-1.yaml"
    assert repro.is_file()
    assert found.message.endswith(f"; replay: wolfdsl run --script {shlex.quote(str(repro))})")
    assert shlex.split(found.message.rsplit("replay: ", 1)[1][:-1])[-1] == str(repro)
    text = repro.read_text(encoding="utf-8")
    assert f"# Replay: wolfdsl run --script {shlex.quote(str(repro))}\n" in text  # as the finding says
    assert yaml.safe_load(text)["ruleset"] == "bad one.wolf"

    (item,) = json.loads(as_json([found]))
    assert item["reproducer"] == str(repro)
    result = json.loads(sarif([found]))["runs"][0]["results"][0]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == ruleset.as_uri() and "my%20rules/bad%20one.wolf" in uri
    assert result["properties"]["reproducer"] == str(repro)


def test_sarif_uri_of_a_relative_path_is_percent_encoded(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("bad one.wolf").write_text("role {\n", encoding="utf-8")
    log = json.loads(sarif(lint_paths(["bad one.wolf"])))
    uris = {loc["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"] for loc in r["locations"]}
    assert uris == {"bad%20one.wolf"}
    assert json.loads(as_json(lint_paths(["bad one.wolf"])))[0]["reproducer"] is None


def test_a_file_with_no_players_and_no_deck_is_said_to_be_a_base(tmp_path):
    empty = tmp_path / "empty.wolf"
    empty.write_text("", encoding="utf-8")
    r = invoke("lint", str(empty))
    assert r.exit_code == 0
    assert r.stdout == (f"{empty}: no `players` and no `deck`: checked as a base for other rulesets to import; "
                        "to run it, add `players N` and `deck N: ROLE*K, ...`\n1 file checked: 0 errors, 0 warnings\n")
    board = tmp_path / "board.wolf"
    board.write_text('import "roles"\nplayers 9\ndeck 9: werewolf*3, seer, witch, hunter, villager*3\n',
                     encoding="utf-8")
    assert invoke("lint", str(board)).stdout == "1 file checked: 0 errors, 0 warnings\n"
    # a variant of a bundled board: its players and deck come with the import
    variant = tmp_path / "variant.wolf"
    variant.write_text('import "standard-12"\ntitle "variant"\nset witch_self_save = never\n', encoding="utf-8")
    assert invoke("lint", str(variant)).stdout == "1 file checked: 0 errors, 0 warnings\n"


def test_a_bad_option_value_is_marked_where_it_is_written(tmp_path):
    bad = tmp_path / "opt.wolf"
    bad.write_text('import "standard-12"\ntitle "opt"\nset witch_self_save = sometimes\nset witch_self_sav = never\n',
                   encoding="utf-8")
    r = invoke("lint", str(bad))
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"{bad}:3:23: E207 error: option 'witch_self_save' cannot be 'sometimes'")
    assert lines[3] == "  |                       ^^^^^^^^^"
    assert lines[4].startswith(f"{bad}:4:5: E207 error: unknown option 'witch_self_sav' (did you mean 'witch_self_save'?)")
    assert lines[7] == "  |     ^^^^^^^^^^^^^^"
    # a file with errors gets no note on being a base: what is wrong with it comes first
    assert lines[-1] == "1 file checked: 2 errors, 0 warnings" and r.stderr == ""
