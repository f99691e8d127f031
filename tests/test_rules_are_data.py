"""Rules are data: no Python file in wolfdsl/ names a role or team (design.md).

Runs the same check as ../shared/tools/check_rules_are_data.py, with the names of every
role and team that the bundled rulesets declare added to its list.
"""
import ast
import pathlib
import re

from wolfdsl.lang.load import bundled, load

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "wolfdsl"
BASE_NAMES = {"villager", "werewolf", "werewolves", "seer", "witch", "hunter", "idiot", "elder",
              "cupid", "lovers", "thief", "little_girl", "scapegoat", "piper", "wolf_beauty",
              "bomb_man", "hidden_wolf"}


def _names() -> set[str]:
    names = set(BASE_NAMES)
    for name in bundled():
        rs = load(name)
        names |= set(rs.roles)
        names |= set(rs.symbols["team"])
    return names


def _docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                yield id(body[0].value)


def findings(names: set[str]) -> list[str]:
    word = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(sorted(map(re.escape, names))) + r")(?![A-Za-z0-9])", re.I)
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set(_docstrings(tree))
        for node in ast.walk(tree):
            text = None
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                text = node.value
            elif isinstance(node, ast.Name):
                text = node.id
            elif isinstance(node, ast.Attribute):
                text = node.attr
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                text = node.name
            elif isinstance(node, ast.arg):
                text = node.arg
            if text and (word.search(text) or word.search(text.replace("_", " "))):
                out.append(f"{path.name}:{getattr(node, 'lineno', 0)}: {text[:60]!r}")
    return out


def test_no_python_file_names_a_role_or_team():
    assert findings(_names()) == []


def test_the_check_catches_a_role_name(tmp_path, monkeypatch):
    bad = PACKAGE / "_tmp_rules_check_probe.py"
    bad.write_text("def f(p):\n    return p.role == 'witch'\n", encoding="utf-8")
    try:
        found = findings(_names())
    finally:
        bad.unlink()
    assert any("_tmp_rules_check_probe.py:2: 'witch'" in f for f in found)
