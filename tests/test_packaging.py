"""Packaging hygiene (issue 12, part 8): dependency floors that work, ruff clean.

``.ci/lowest.txt`` pins every dependency of pyproject.toml at its floor; the slow test
installs exactly those versions in a fresh venv and runs the commands a new user runs
first (the earlier floor, typer 0.12, crashed ``wolfdsl run --help``). By hand:

    python3 -m venv /tmp/low && /tmp/low/bin/pip install -c .ci/lowest.txt -e '.[test]'
    /tmp/low/bin/wolfdsl run --help
"""
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _floors() -> dict[str, str]:
    """Package name -> floor of every requirement (runtime and the test extra)."""
    reqs = _project()["dependencies"] + _project()["optional-dependencies"]["test"]
    out = {}
    for req in reqs:
        m = re.match(r"^([A-Za-z0-9_.-]+)>=([0-9][0-9.]*)", req)
        assert m, f"requirement without a floor: {req}"
        out[m.group(1).lower()] = m.group(2)
    return out


def _pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / ".ci" / "lowest.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, rest = line.partition("==")
            out[name.strip().lower()] = rest.split(";", 1)[0].strip()
    return out


def _same(a: str, b: str) -> bool:
    def parts(v):
        p = [int(x) for x in v.split(".")]
        while p and p[-1] == 0:
            p.pop()
        return p
    return parts(a) == parts(b)


def test_lowest_txt_pins_every_floor_of_pyproject():
    floors, pins = _floors(), _pins()
    assert set(pins) == set(floors), f"pinned {sorted(pins)}, floors {sorted(floors)}"
    wrong = {k: (floors[k], pins[k]) for k in floors if not _same(floors[k], pins[k])}
    assert not wrong, f"floor != pin: {wrong}"
    assert floors["typer"] == "0.15.4"


def test_ruff_check_is_clean():
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "All checks passed" in r.stdout


def test_project_metadata_names_license_and_urls():
    project = _project()
    assert project["license"] == {"text": "MIT"}
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert set(project["urls"]) >= {"Homepage", "Documentation", "Source", "Issues"}
    assert (ROOT / "wolfdsl" / "py.typed").is_file()


@pytest.mark.slow
def test_lowest_versions_install_and_run(tmp_path):
    venv = tmp_path / "low"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "-c", str(ROOT / ".ci" / "lowest.txt"), str(ROOT)],
                         capture_output=True, text=True, timeout=900)
    assert pip.returncode == 0, pip.stderr[-3000:]
    listed = subprocess.run([str(venv / "bin" / "pip"), "list", "--format", "freeze"], capture_output=True, text=True)
    have = dict(line.lower().split("==") for line in listed.stdout.split() if "==" in line)
    runtime = {k: v for k, v in _pins().items() if k in {"lark", "pyyaml", "jsonschema", "typer", "rich"}}
    assert all(_same(have[k], v) for k, v in runtime.items()), (runtime, have)
    exe = str(venv / "bin" / "wolfdsl")

    def run(*args):
        return subprocess.run([exe, *args], cwd=tmp_path, capture_output=True, text=True, timeout=300)

    helped = run("run", "--help")
    assert helped.returncode == 0 and "Traceback" not in helped.stderr, helped.stderr[-2000:]
    assert "--seed" in helped.stdout
    assert run("-h").returncode == 0
    game = run("run", "standard-12", "--seed", "7", "--log", "g.jsonl", "-q")
    assert game.returncode == 0, game.stderr[-2000:]
    assert game.stdout.startswith("seed 7: ")
    why = run("explain", "g.jsonl", "--seat", "1")
    assert why.returncode == 0 and "Why:" in why.stdout, why.stderr[-2000:]
    lint = run("lint", str(ROOT / "rulesets" / "standard-12.wolf"))
    assert lint.returncode == 0, lint.stdout + lint.stderr


def test_shell_completion_and_dash_h(tmp_path, monkeypatch):
    from clitools import invoke, runner

    from wolfdsl.cli import app

    (tmp_path / "my-12.wolf").write_text('import "standard-12"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)

    def complete(words: str, cword: int) -> list[str]:
        env = {"_WOLFDSL_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
        return runner.invoke(app, [], env=env, prog_name="wolfdsl").stdout.split()

    assert complete("wolfdsl ex", 1) == ["explain"]
    assert complete("wolfdsl run standard-12-", 2) == ["standard-12-elder", "standard-12-idiot"]
    assert complete("wolfdsl show my", 2) == ["my-12.wolf"]
    h = invoke("explain", "-h")
    assert h.exit_code == 0 and h.stdout.startswith("Usage: wolfdsl explain [OPTIONS] LOG")
    assert "--install-completion" in invoke("-h").stdout
