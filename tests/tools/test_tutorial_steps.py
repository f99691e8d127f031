"""docs/tutorial.md, followed literally: step 1 copies rulesets/standard-12.wolf, step 2
adds one line with a misspelt value; the page shows what lint says then."""
from pathlib import Path

from clitools import invoke

ROOT = Path(__file__).resolve().parents[2]


def test_step_2_shows_the_error_lint_really_gives(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = (ROOT / "rulesets" / "standard-12.wolf").read_text(encoding="utf-8")
    Path("my-12.wolf").write_text(text + "set witch_self_save = first_nite\n", encoding="utf-8")
    r = invoke("lint", "my-12.wolf")
    assert r.exit_code == 1
    doc = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    start = doc.index("my-12.wolf:10:23: E207 error:")
    shown = doc[start:doc.index("```", start)]
    assert shown == r.stdout + r.stderr
