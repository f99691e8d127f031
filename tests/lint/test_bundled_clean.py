"""Every bundled ruleset, base and role file lints clean (static checks, and a short
``--explore``)."""
import pytest

from wolfdsl.lint import lint_paths
from wolfdsl.lint.render import text
from wolfdsl.lang.load import bundled, bundled_path, rulesets_dir

KNOWN_PROBLEMS: dict[str, str] = {}
"""Bundled files with a known, reported lint finding (strict xfail): none today."""


def _files():
    base = rulesets_dir()
    out = [(name, bundled_path(name)) for name in bundled()]
    out += [("roles", base / "roles.wolf"), ("prelude", base / "prelude.wolf")]
    out += [(f"roles/{p.stem}", p) for p in sorted((base / "roles").glob("*.wolf"))]
    return out


def _param(name, path, known=KNOWN_PROBLEMS):
    marks = [pytest.mark.xfail(strict=True, reason=known[name])] if name in known else []
    return pytest.param(path, id=name, marks=marks)


@pytest.mark.parametrize("path", [_param(n, p) for n, p in _files()])
def test_bundled_file_lints_clean(path):
    found = lint_paths([path])
    assert not found, text(found)


@pytest.mark.parametrize("path", [_param(n, p, {}) for n, p in _files() if n in bundled()])
def test_bundled_ruleset_explores_clean(path, tmp_path):
    found = lint_paths([path], select=["W39"], explore=60, seed=1, out_dir=tmp_path)
    assert not found, text(found)
