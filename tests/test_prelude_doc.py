"""docs/prelude.md is generated from prelude.wolf and roles.wolf and kept up to date."""
from pathlib import Path

from wolfdsl.lang.apidoc import render

ROOT = Path(__file__).resolve().parent.parent


def test_prelude_page_is_generated_from_the_base_files():
    """Regenerate with: python -m wolfdsl.lang.apidoc > docs/prelude.md"""
    page = (ROOT / "docs" / "prelude.md").read_text(encoding="utf-8")
    assert page == render(), "docs/prelude.md is out of date: python -m wolfdsl.lang.apidoc > docs/prelude.md"


def test_every_hook_point_and_proc_is_listed():
    page = (ROOT / "docs" / "prelude.md").read_text(encoding="utf-8")
    for name in ("self_destructed", "self_destruct_point", "after_exile", "claims", "last_words"):
        assert f"| `{name}` |" in page, name
    assert "## Hook points" in page
