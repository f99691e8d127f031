"""Highlighting: the Pygments lexer (an entry point, used for the docs' ```wolf blocks)
and the TextMate grammar of the VS Code extension."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pygments = pytest.importorskip("pygments")
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename  # noqa: E402
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, String  # noqa: E402

from wolfdsl.editor import textmate  # noqa: E402
from wolfdsl.editor.tokens import keywords  # noqa: E402
from wolfdsl.editor.lexer import WolfLexer  # noqa: E402
from wolfdsl.lang.load import rulesets_dir  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
VSCODE = ROOT / "editors" / "vscode"
BUNDLED = sorted(rulesets_dir().rglob("*.wolf"))


def test_the_lexer_is_registered_as_a_pygments_entry_point():
    assert type(get_lexer_by_name("wolf")) is WolfLexer
    assert type(get_lexer_for_filename("variant.wolf")) is WolfLexer


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.relative_to(rulesets_dir()).as_posix())
def test_every_bundled_ruleset_lexes_without_an_error_token(path):
    text = path.read_text(encoding="utf-8")
    toks = list(WolfLexer().get_tokens(text))
    errors = [v for t, v in toks if t in Error]
    assert errors == []
    assert "".join(v for _, v in toks) == text if text.endswith("\n") else text + "\n"


def _kinds(text):
    return [(t, v) for t, v in WolfLexer().get_tokens(text) if v.strip()]


def test_what_each_word_is_highlighted_as():
    got = dict((v, t) for t, v in _kinds(
        'role watchman "Night watchman" { counter oil = 2 }  # ROLE-X\n'
        'step s in night { if count(alive) > 1 and me.oil > 0 { kill t cause wolf } }\n'))
    assert got["role"] in Keyword.Declaration and got["counter"] in Keyword.Declaration
    assert got['"'] in String and got["Night watchman"] in String
    assert got["# ROLE-X"] in Comment
    assert got["count"] in Name.Builtin and got["alive"] in Name.Builtin.Pseudo
    assert got["and"] in Operator.Word and got["if"] in Keyword and got["kill"] in Keyword
    assert got["oil"] in Name.Attribute and got["watchman"] is Name and got["2"] in Number


def test_every_keyword_of_the_grammar_is_highlighted():
    for word in sorted(keywords()):
        (tok, value), *_ = _kinds(word + " x")
        assert value == word and (tok in Keyword or tok in Operator.Word), (word, tok)


def test_an_unterminated_string_is_an_error_up_to_the_line_end():
    toks = _kinds('title "no end\nrole x "X" { faction village }')
    assert (Error, "\n") in list(WolfLexer().get_tokens('title "no end\nrole'))
    assert ("role" in [v for t, v in toks if t in Keyword.Declaration])


def test_the_textmate_grammar_is_up_to_date_and_compiles():
    path = VSCODE / "syntaxes" / "wolf.tmLanguage.json"
    assert path.read_text(encoding="utf-8") == textmate.render(), \
        "regenerate: python -m wolfdsl.editor.textmate > editors/vscode/syntaxes/wolf.tmLanguage.json"
    grammar = json.loads(path.read_text(encoding="utf-8"))
    patterns = []

    def collect(node):
        if isinstance(node, dict):
            patterns.extend(node[k] for k in ("match", "begin", "end") if k in node)
            for v in node.values():
                collect(v)
        elif isinstance(node, list):
            for v in node:
                collect(v)
    collect(grammar)
    assert len(patterns) >= 12
    for p in patterns:
        re.compile(p)
    decl = re.compile(grammar["repository"]["declaration"]["patterns"][0]["match"])
    assert decl.match("role watchman").group(2) == "watchman"
    control = re.compile(grammar["repository"]["keyword"]["patterns"][2]["match"])
    assert control.search("decide witch.save").group() == "decide"


def test_the_vscode_manifest_starts_the_language_server():
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    (lang,) = manifest["contributes"]["languages"]
    (gram,) = manifest["contributes"]["grammars"]
    assert lang["extensions"] == [".wolf"] and gram["language"] == lang["id"] == "wolf"
    assert (VSCODE / gram["path"]).is_file() and gram["scopeName"] == "source.wolf"
    assert (VSCODE / lang["configuration"]).is_file()
    assert manifest["contributes"]["configuration"]["properties"]["wolfdsl.command"]["default"] == ["wolfdsl", "lsp"]
    main = (VSCODE / manifest["main"]).read_text(encoding="utf-8")
    assert 'require("vscode-languageclient/node")' in main and 'getConfiguration("wolfdsl").get("command"' in main
    assert "vscode-languageclient" in manifest["dependencies"]
    assert f"onLanguage:{lang['id']}" in manifest["activationEvents"]


def _wolf_blocks():
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for m in re.finditer(r"^```wolf\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M):
            yield page.name, m.group(1)


def test_the_docs_wolf_code_blocks_lex_cleanly():
    blocks = list(_wolf_blocks())
    assert len(blocks) >= 5
    for page, text in blocks:
        assert not [v for t, v in WolfLexer().get_tokens(text) if t in Error], page
