"""``wolfdsl test``: a folder of scenarios run as a suite, and ``run --script`` taking one file."""
import shutil
from pathlib import Path
from xml.etree import ElementTree as ET

from clitools import invoke

SCENARIOS = Path(__file__).parents[1] / "scenarios"


def _folder(tmp_path, n=20):
    """A designer's folder: ``n`` passing bundled scenarios, a hidden folder and a YAML
    file that is no scenario."""
    names = sorted(p.name for p in SCENARIOS.glob("*.yaml")
                   if ".wolf" not in p.read_text(encoding="utf-8"))[:n]
    for name in names:
        shutil.copy(SCENARIOS / name, tmp_path / name)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.yaml").write_text("expect: {}\n")
    (tmp_path / "config.yml").write_text("not: a scenario\n")
    return names


def test_folder_of_twenty_with_one_failing(tmp_path):
    names = _folder(tmp_path, 19)
    text = (SCENARIOS / "DAY-09.yaml").read_text(encoding="utf-8")
    (tmp_path / "AAA-failing.yaml").write_text(text.replace("cause: exile", "cause: poison"),
                                               encoding="utf-8")
    names = ["AAA-failing.yaml"] + names
    junit = tmp_path / "out.xml"
    r = invoke("test", tmp_path, "-j", 2, "--junit", junit)
    assert r.exit_code == 1, r.output
    lines = r.stdout.splitlines()
    assert lines[:20] == [("FAIL  " if i == 0 else "PASS  ") + str(tmp_path / n)
                          for i, n in enumerate(names)]
    assert lines[-1] == "19 passed, 1 failed"
    assert f"--- {tmp_path / names[0]}" in lines
    suite = ET.parse(junit).getroot()
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("20", "1", "0")
    assert suite.find("testcase/failure") is not None


def test_all_passing_exits_0_and_quiet_prints_the_summary(tmp_path):
    _folder(tmp_path, 3)
    r = invoke("test", tmp_path, "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout == "3 passed, 0 failed\n"


def test_a_broken_scenario_is_an_error_line(tmp_path):
    (tmp_path / "broken.yaml").write_text("ruleset: standard-12\nseats: 3\nexpect: {}\n")
    r = invoke("test", tmp_path / "broken.yaml")
    assert r.exit_code == 1
    assert r.stdout.startswith(f"ERROR {tmp_path / 'broken.yaml'}\n")
    assert r.stdout.endswith("0 passed, 0 failed, 1 error\n")


def test_the_summary_counts_a_failure_and_an_error_apart_as_junit_does(tmp_path):
    """One scenario whose expectation does not hold, one that names an unknown action:
    ``1 failed, 1 error``, as the JUnit XML says (``failures="1" errors="1"``); exit 1."""
    text = (SCENARIOS / "DAY-02.yaml").read_text(encoding="utf-8")
    (tmp_path / "a.yaml").write_text(text, encoding="utf-8")
    shutil.copy(SCENARIOS / "DAY-09.yaml", tmp_path / "b.yaml")
    (tmp_path / "c-fails.yaml").write_text(text.replace("seat: 10, cause", "seat: 11, cause"),
                                           encoding="utf-8")
    (tmp_path / "d-error.yaml").write_text(text.replace("do: poison", "do: mrak"), encoding="utf-8")
    junit = tmp_path / "out.xml"
    r = invoke("test", tmp_path, "-q", "--junit", junit)
    assert r.exit_code == 1, r.output
    assert r.stdout.splitlines()[:2] == [f"FAIL  {tmp_path / 'c-fails.yaml'}", f"ERROR {tmp_path / 'd-error.yaml'}"]
    assert r.stdout.splitlines()[-1] == "2 passed, 1 failed, 1 error"
    suite = ET.parse(junit).getroot()
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("4", "1", "1")
    (tmp_path / "e-error.yaml").write_text(text.replace("do: kill", "do: mrak"), encoding="utf-8")
    assert invoke("test", tmp_path, "-q").stdout.splitlines()[-1] == "2 passed, 1 failed, 2 errors"


def test_nothing_to_run_or_missing_path_is_bad_usage(tmp_path):
    assert invoke("test", tmp_path).exit_code == 2
    r = invoke("test", tmp_path / "nope")
    assert r.exit_code == 2 and "does not exist" in r.stderr


def test_run_script_refuses_a_second_file():
    a, b = SCENARIOS / "DAY-02.yaml", SCENARIOS / "DAY-09.yaml"
    r = invoke("run", "--script", a, "--script", b, "-q")
    assert r.exit_code == 2
    assert "takes one file, got 2" in r.stderr and "wolfdsl test" in r.stderr
