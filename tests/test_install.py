"""An installed wolfdsl finds its grammar and bundled rulesets from any directory.

Builds the wheel, unpacks it into a temporary folder and runs it there with Python's
site processing off (``-S``), so neither the checkout nor the editable install is on
the path: only the wheel's own files and the third-party packages.
"""
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def unpacked_wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                            "-q", "-w", str(out), str(ROOT)], capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{build.stderr[-2000:]}")
    wheel = next(out.glob("wolfdsl-*.whl"))
    target = out / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(target)
    return target


def _run(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    deps = sysconfig.get_paths()["purelib"]
    env = {"PYTHONPATH": f"{target}:{deps}", "PATH": "/usr/bin:/bin"}
    code = "import sys; from wolfdsl.cli import main; sys.argv = ['wolfdsl', *sys.argv[1:]]; main()"
    return subprocess.run([sys.executable, "-S", "-c", code, *args], cwd=cwd, env=env,
                          capture_output=True, text=True)


def test_wheel_ships_grammar_and_rulesets(unpacked_wheel):
    assert (unpacked_wheel / "wolfdsl" / "grammar" / "wolf.lark").is_file()
    assert (unpacked_wheel / "wolfdsl" / "rulesets" / "prelude.wolf").is_file()
    assert (unpacked_wheel / "wolfdsl" / "rulesets" / "roles" / "cupid.wolf").is_file()
    assert (unpacked_wheel / "wolfdsl" / "schemas" / "scenario.schema.json").is_file()


def test_installed_wolfdsl_runs_from_another_directory(unpacked_wheel, tmp_path):
    where = _run(unpacked_wheel, tmp_path, "rulesets")
    assert where.returncode == 0, where.stderr
    assert "standard-12" in where.stdout and "millers-hollow" in where.stdout
    game = _run(unpacked_wheel, tmp_path, "run", "standard-12", "--seed", "3")
    assert game.returncode == 0, game.stderr
    assert "winner:" in game.stdout.lower()
    probe = subprocess.run(
        [sys.executable, "-S", "-c", "import wolfdsl.lang.parse, wolfdsl.lang.load; print(wolfdsl.lang.parse.grammar_path()); "
                                     "print(wolfdsl.lang.load.rulesets_dir())"],
        cwd=tmp_path, env={"PYTHONPATH": f"{unpacked_wheel}:{sysconfig.get_paths()['purelib']}"},
        capture_output=True, text=True)
    assert probe.returncode == 0, probe.stderr
    assert all(line.startswith(str(unpacked_wheel)) for line in probe.stdout.split()), probe.stdout


def test_installed_wolfdsl_makes_a_new_ruleset_and_the_toolbox_runs(unpacked_wheel, tmp_path):
    made = _run(unpacked_wheel, tmp_path, "new", "my-12", "--from", "standard-12")
    assert made.returncode == 0, made.stderr
    game = _run(unpacked_wheel, tmp_path, "run", "my-12.wolf", "--seed", "3", "-q")
    assert game.returncode == 0, game.stderr
    for args in (("show", "my-12.wolf"), ("script", "new-moon"), ("lint", "my-12.wolf")):
        done = _run(unpacked_wheel, tmp_path, *args)
        assert done.returncode == 0, (args, done.stderr)


def test_wheel_ships_py_typed_and_the_license(unpacked_wheel):
    assert (unpacked_wheel / "wolfdsl" / "py.typed").is_file()
    licenses = list(unpacked_wheel.glob("wolfdsl-*.dist-info/**/LICENSE"))
    assert licenses and licenses[0].read_text(encoding="utf-8").startswith("MIT License")
    meta = next(unpacked_wheel.glob("wolfdsl-*.dist-info/METADATA")).read_text(encoding="utf-8")
    assert "Requires-Dist: typer>=0.15.4" in meta and "Project-URL: Source, " in meta


def test_installed_wolfdsl_explains_a_death_and_tests_a_folder(unpacked_wheel, tmp_path):
    scenarios = sorted(p for p in (ROOT / "tests" / "scenarios").glob("*.yaml")
                       if ".wolf" not in p.read_text(encoding="utf-8"))[:19]
    folder = tmp_path / "scenarios"
    folder.mkdir()
    for path in scenarios:
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    witch = (ROOT / "tests" / "scenarios" / "ROLE-GUARD-03.yaml").read_text(encoding="utf-8")
    (folder / "zz-mine.yaml").write_text(witch.replace("last_words: true", "last_words: false"), encoding="utf-8")
    suite = _run(unpacked_wheel, tmp_path, "test", "scenarios", "-q")
    assert suite.returncode == 1, suite.stderr
    assert suite.stdout.splitlines()[-1] == "19 passed, 1 failed"
    example = ROOT / "docs" / "examples" / "guard-witch-same-target.yaml"
    game = _run(unpacked_wheel, tmp_path, "run", "--script", str(example), "--log", "game.jsonl", "-q")
    assert game.returncode == 0, game.stderr
    why = _run(unpacked_wheel, tmp_path, "explain", "game.jsonl", "--seat", "9")
    assert why.returncode == 0, why.stderr
    assert "step 'dawn' (<bundled>/prelude.wolf:" in why.stdout and "ROLE-GUARD-03" in why.stdout
