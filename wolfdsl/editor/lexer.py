"""The Pygments lexer for ``.wolf`` files (``pygmentize -l wolf``; registered as the
``pygments.lexers`` entry point ``wolf``, so Markdown and Sphinx code blocks fenced as
```` ```wolf ```` are highlighted).

The words come from the language itself: the grammar's keywords (read from
``wolf.lark`` by :func:`wolfdsl.editor.tokens.keywords`) and the builtin values
and functions of :mod:`wolfdsl.lang.builtins`. Every bundled ruleset lexes without an
``Error`` token (tests/editor/test_highlighting.py).
"""
from __future__ import annotations

from pygments.lexer import RegexLexer, words
from pygments.token import (Comment, Error, Keyword, Name, Number, Operator, Punctuation, String,
                            Whitespace)

from ..lang import builtins as B
from .tokens import keywords

DECLARATIONS = ("title", "summary", "players", "redeal", "import", "option", "set", "faction", "class", "status",
                "team", "cause", "attribute", "card", "decider", "event", "engine", "global", "property", "role",
                "deck", "step", "order", "proc", "extend", "func", "trigger", "replacement", "win", "replace",
                "counter", "prop")
"""Words that start a declaration (or a role's item)."""

OPERATOR_WORDS = ("and", "or", "not", "in", "has", "lacks")
CONSTANTS = ("yes", "no", "true", "false", "none")


def other_keywords() -> tuple[str, ...]:
    return tuple(sorted(keywords() - set(DECLARATIONS) - set(OPERATOR_WORDS) - set(CONSTANTS)))


class WolfLexer(RegexLexer):
    """Highlights the wolfdsl ruleset language: declarations, statements' keywords,
    builtins, strings, numbers and ``#`` comments."""

    name = "Wolf"
    aliases = ["wolf", "wolfdsl"]
    filenames = ["*.wolf"]
    mimetypes = ["text/x-wolf"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            (words(tuple(B.REGISTRY), prefix=r"\b", suffix=r"(?=\s*\()"), Name.Builtin),
            (words(DECLARATIONS, prefix=r"\b", suffix=r"\b"), Keyword.Declaration),
            (words(OPERATOR_WORDS, prefix=r"\b", suffix=r"\b"), Operator.Word),
            (words(CONSTANTS, prefix=r"\b", suffix=r"\b"), Keyword.Constant),
            (words(other_keywords(), prefix=r"\b", suffix=r"\b"), Keyword),
            (words(tuple(B.VALUES), prefix=r"\b", suffix=r"\b"), Name.Builtin.Pseudo),
            (r"\d+(\.\d+)?", Number),
            (r"(?<=\.)[A-Za-z_]\w*", Name.Attribute),
            (r"[A-Za-z_]\w*", Name),
            (r"->|==|!=|<=|>=|\+=|-=|\.\.|[-+*/%<>=|:]", Operator),
            (r"[{}()\[\],.;]", Punctuation),
            (r"…", Comment.Special),  # the docs' "code left out here"
        ],
        "string": [
            (r'[^"\\\n]+', String.Double),
            (r"\\.", String.Escape),
            (r'"', String.Double, "#pop"),
            (r"\n", Error, "#pop"),
        ],
    }
