"""Every lint code against its fixture ``tests/lint/fixtures/<CODE>.wolf``.

A fixture is chunks separated by ``# ---`` lines, each a whole small ruleset (it may
``import "roles"``). A line that must be reported carries ``# error: CODE`` (or
``# warning: CODE``); chunks without a marker must lint clean for that code. Dynamic
codes (W39x) are checked with ``--explore``.
"""
import re
from pathlib import Path

import pytest
from chunks import split_chunks

from wolfdsl.lint import lint_paths
from wolfdsl.lint.registry import REGISTRY, RUNTIME, rules

FIXTURES = Path(__file__).parent / "fixtures"
MARK = re.compile(r"#\s*(?:error|warning|info):\s*([EW]\d{3})")
EXPLORE = 40


def chunks(code: str) -> list[tuple[int, str]]:
    return split_chunks((FIXTURES / f"{code}.wolf").read_text(encoding="utf-8"))


def expected(chunk: str, code: str) -> set[tuple[int, str]]:
    return {(n, m) for n, line in enumerate(chunk.splitlines(), 1) for m in MARK.findall(line) if m == code}


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
    got = {(d.span.line, d.code) for d in found if d.span is not None and d.span.file == str(path)}
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
        assert any(marks), f"{path}: no chunk marks '# error: {rule.code}'"
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
