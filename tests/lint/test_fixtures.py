"""Every lint code against its fixture ``tests/lint/fixtures/<CODE>.wolf``.

A fixture is chunks separated by ``# ---`` lines, each a whole small ruleset (it may
``import "roles"``). A line that must be reported carries ``# SEVERITY: CODE``, the
severity the code reports (``# error: W330``, ``# warning: W300``: docs/lint.md shows
the chunks as they are); chunks without a marker must lint clean for that code. Dynamic
codes (W39x) are checked with ``--explore``.
"""
import re
from pathlib import Path

import pytest
from chunks import split_chunks

from wolfdsl.lint import lint_paths
from wolfdsl.lint.registry import REGISTRY, RUNTIME, rules

FIXTURES = Path(__file__).parent / "fixtures"
MARK = re.compile(r"#\s*(error|warning|info):\s*([EW]\d{3})")
EXPLORE = 40


def chunks(code: str) -> list[tuple[int, str]]:
    return split_chunks((FIXTURES / f"{code}.wolf").read_text(encoding="utf-8"))


def expected(chunk: str, code: str) -> set[tuple[int, str, str]]:
    """``(line, code, severity)`` of each marker of ``code`` in ``chunk``."""
    return {(n, m, sev) for n, line in enumerate(chunk.splitlines(), 1) for sev, m in MARK.findall(line) if m == code}


list(rules())  # load every family before collecting
CASES = [(code, i) for code in sorted(REGISTRY) if (FIXTURES / f"{code}.wolf").is_file()
         for i in range(len(chunks(code)))]


@pytest.mark.parametrize("code,index", CASES, ids=[f"{c}-{i}" for c, i in CASES])
def test_fixture_chunk(code, index, tmp_path):
    first_line, chunk = chunks(code)[index]
    path = tmp_path / f"{code}_{index}.wolf"
    path.write_text(chunk, encoding="utf-8")
    dynamic = REGISTRY[code].kind == "dynamic"
    found = lint_paths([path], select=[code], explore=EXPLORE if dynamic else 0, out_dir=tmp_path / "repro")
    got = {(d.span.line, d.code, d.severity) for d in found if d.span is not None and d.span.file == str(path)}
    stray = [d for d in found if d.span is None or d.span.file != str(path)]
    want = expected(chunk, code)
    assert got == want and not stray, (
        f"{code}.wolf chunk at line {first_line}: expected {sorted(want)}, got "
        + "\n".join(d.render() for d in found))


def test_every_code_has_a_fixture_with_a_failing_and_a_passing_chunk():
    for rule in rules():
        path = FIXTURES / f"{rule.code}.wolf"
        assert path.is_file(), f"{rule.code} ({rule.name}) has no fixture {path}"
        marks = [bool(expected(c, rule.code)) for _, c in chunks(rule.code)]
        assert any(marks), f"{path}: no chunk marks '# {rule.severity}: {rule.code}'"
        assert not all(marks), f"{path}: no passing chunk"


def test_every_code_is_documented():
    doc = (Path(__file__).parents[2] / "docs" / "lint.md").read_text(encoding="utf-8")
    for rule in [*rules(), *(cls() for cls in RUNTIME.values())]:
        assert re.search(rf"^## {rule.code} `{rule.name}`", doc, re.M), f"docs/lint.md has no entry for {rule.code}"
    for code in re.findall(r"^## ([EW]\d{3}) ", doc, re.M):
        assert code in REGISTRY or code in RUNTIME, f"docs/lint.md documents {code}, which is not registered"


def test_docs_are_generated_from_the_registry_and_fixtures():
    """Regenerate with: python -m wolfdsl.lint.docs tests/lint/fixtures > docs/lint.md"""
    from wolfdsl.lint.docs import render

    doc = (Path(__file__).parents[2] / "docs" / "lint.md").read_text(encoding="utf-8")
    assert doc == render(FIXTURES)


def test_the_docs_mark_each_example_with_its_code_s_own_severity():
    # new-user trial: every reported line said `# error: CODE`, W300's and W390's too
    doc = (Path(__file__).parents[2] / "docs" / "lint.md").read_text(encoding="utf-8")
    marks = re.findall(r"#\s*(error|warning|info):\s*([EW]\d{3})", doc)
    assert ("warning", "W300") in marks and ("warning", "W390") in marks and ("error", "W330") in marks
    assert all(REGISTRY[code].severity == sev for sev, code in marks)
    assert "## W330 `simultaneous-wins`\n\n*error, though a W code: it fails the lint, static*" in doc
    assert "## W300 `bare-suppression`\n\n*warning, static*" in doc


def test_the_docs_configuration_example_works(tmp_path, monkeypatch):
    from clitools import invoke

    doc = (Path(__file__).parents[2] / "docs" / "lint.md").read_text(encoding="utf-8")
    toml = re.search(r"## Configuration\n.*?```toml\n(.*?)```", doc, re.S).group(1)
    (tmp_path / "pyproject.toml").write_text(toml, encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "x.wolf").write_text('import "standard-12"\nset wolf_win = side   # lint: ignore W301\n',
                                               encoding="utf-8")
    monkeypatch.chdir(tmp_path / "rules")  # the nearest pyproject.toml above the current folder
    r = invoke("lint", "x.wolf")
    assert r.exit_code == 1 and "W300 warning" in r.stdout and "W305" not in r.stdout  # strict; W305 ignored
    r = invoke("lint", "x.wolf", "--ignore", "W300")  # the command line replaces `ignore`
    assert r.exit_code == 1 and "W305 warning" in r.stdout and "W300" not in r.stdout
