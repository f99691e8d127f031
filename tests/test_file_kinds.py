"""A ruleset given where a scenario file is expected, or a scenario file given to lint
(new-user trial): `wolfdsl test mygame.wolf` said "invalid YAML: mapping values are not
allowed here" and `wolfdsl lint tests/watch.yaml` "E101 unexpected 'ruleset' … (did you
mean 'set'?)". The kind of file is told (by its suffix, else by its content), with the
command that takes it, and exit 2 (bad usage)."""
from pathlib import Path

import pytest
from clitools import flat, invoke

from wolfdsl.filekind import file_kind

RULESET = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
SCENARIO = ("# a scenario\nruleset: standard-12\nseed: 1\notherwise: abstain\nstop_after: night 1\n"
            "expect:\n  winner: none\n")


@pytest.mark.parametrize("name,text,kind", [
    ("a.wolf", SCENARIO, "ruleset"),       # the suffix first
    ("a.yaml", RULESET, "scenario"),
    ("a.yml", "", "scenario"),
    ("a.txt", RULESET, "ruleset"),         # then the content
    ("a", SCENARIO, "scenario"),
    ("a.txt", "hello\n", None),
])
def test_the_kind_of_a_file(tmp_path, name, text, kind):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert file_kind(path) == kind


@pytest.mark.parametrize("args", [("test", "{r}"), ("run", "--script", "{r}")])
def test_a_ruleset_given_as_a_scenario_says_what_to_run(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    Path("mygame.wolf").write_text(RULESET, encoding="utf-8")
    r = invoke(*(a.format(r="mygame.wolf") for a in args))
    assert r.exit_code == 2, r.output
    out = flat(r.output)
    assert "mygame.wolf is a ruleset (.wolf), not a scenario file: use `wolfdsl lint mygame.wolf` or " \
           "`wolfdsl run mygame.wolf`" in out
    assert "YAML" not in out and "Traceback" not in out


def test_a_ruleset_by_its_content_is_refused_by_test(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("mygame.txt").write_text(RULESET, encoding="utf-8")
    r = invoke("test", "mygame.txt")
    assert r.exit_code == 2 and "mygame.txt is a ruleset" in flat(r.output), r.output


@pytest.mark.parametrize("name", ["watch.yaml", "watch"])
def test_a_scenario_given_to_lint_says_what_to_run(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    Path("tests").mkdir()
    Path("tests", name).write_text(SCENARIO, encoding="utf-8")
    r = invoke("lint", f"tests/{name}")
    assert r.exit_code == 2, r.output
    out = flat(r.output)
    assert (f"tests/{name} is a scenario file, not a ruleset: use `wolfdsl test tests/{name}` or "
            f"`wolfdsl run --script tests/{name}`") in out
    assert "E101" not in out


@pytest.mark.parametrize("text", ["", '{"seq":0,"game":0,"day":1,"phase":"night","type":"game_start"}\n'])
def test_an_event_log_given_to_lint_says_what_reads_it(tmp_path, monkeypatch, text):
    # a trial: an empty game.jsonl was linted as a ruleset ("1 file checked: 0 errors")
    monkeypatch.chdir(tmp_path)
    Path("game.jsonl").write_text(text, encoding="utf-8")
    r = invoke("lint", "game.jsonl")
    assert r.exit_code == 2, r.output
    assert ("game.jsonl is an event log (.jsonl), not a ruleset: tell it with `wolfdsl narrate game.jsonl`, or "
            "ask why a seat died with `wolfdsl explain game.jsonl --seat N`") in flat(r.output)


def test_the_right_kinds_still_work(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("mygame.wolf").write_text(RULESET, encoding="utf-8")
    Path("watch.yaml").write_text(SCENARIO, encoding="utf-8")
    assert invoke("lint", "mygame.wolf").exit_code == 0
    assert invoke("test", "watch.yaml").exit_code == 0
    assert invoke("run", "--script", "watch.yaml", "-q").exit_code == 0


def test_a_batch_skips_its_scenario_files_with_one_note(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("mygame.wolf").write_text(RULESET, encoding="utf-8")
    Path("watch.yaml").write_text(SCENARIO, encoding="utf-8")
    Path("other.yml").write_text(SCENARIO, encoding="utf-8")
    r = invoke("lint", "mygame.wolf", "other.yml", "watch.yaml")
    assert r.exit_code == 0, r.output
    assert r.stderr.count("skipped") == 1, r.stderr
    assert "skipped 2 scenario files (other.yml, watch.yaml; use wolfdsl test)" in r.stderr, r.stderr
    assert "1 file checked" in r.stdout, r.stdout
    Path("broken.wolf").write_text(RULESET + "step x in night first { oops }\n", encoding="utf-8")
    r = invoke("lint", "broken.wolf", "watch.yaml")
    assert r.exit_code == 1 and "broken.wolf:" in r.stdout, r.output
    assert "skipped 1 scenario file (watch.yaml; use wolfdsl test)" in r.stderr, r.stderr


def test_a_batch_of_scenario_files_only_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("watch.yaml").write_text(SCENARIO, encoding="utf-8")
    Path("other.yml").write_text(SCENARIO, encoding="utf-8")
    r = invoke("lint", "watch.yaml", "other.yml")
    assert r.exit_code == 2, r.output
    assert "watch.yaml is a scenario file, not a ruleset" in flat(r.output), r.output


def test_lint_of_a_folder_without_a_ruleset_is_bad_usage_naming_its_scenario_files(tmp_path, monkeypatch):
    # it passed with exit 0 and "0 files checked"
    monkeypatch.chdir(tmp_path)
    Path("empty").mkdir()
    r = invoke("lint", "empty")
    assert r.exit_code == 2 and flat(r.stderr).endswith("Invalid value for 'FILE...': no .wolf file in empty"), r.stderr
    Path("tests").mkdir()
    Path("tests/watch.yaml").write_text(SCENARIO, encoding="utf-8")
    r = invoke("lint", "tests")
    assert r.exit_code == 2 and flat(r.stderr).endswith(
        "no .wolf file in tests, only scenario file (tests/watch.yaml): run it with wolfdsl test tests"), r.stderr
    Path("mygame.wolf").write_text(RULESET, encoding="utf-8")
    assert invoke("lint", "mygame.wolf", "empty").exit_code == 0
