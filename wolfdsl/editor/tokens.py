"""The tokens an editor needs of a ``.wolf`` text: names, numbers, strings, comments and
punctuation, each with its 1-based line and column.

``scan(text) -> list[Token]`` never fails: a character the language does not know is an
``op`` token of its own, an unterminated string runs to the end of its line. Keywords
are ``name`` tokens (the grammar's words are not reserved everywhere).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"""
    (?P<comment>\#[^\n]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"?)
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>->|==|!=|<=|>=|\+=|-=|\.\.|[^\sA-Za-z0-9_"\#])
  | (?P<space>\s+)
""", re.X)

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Token:
    """``kind`` (``name``, ``number``, ``string``, ``comment``, ``op``), its text, and
    where it starts (1-based ``line`` and ``col``; ``col`` counts characters)."""
    kind: str
    text: str
    line: int
    col: int

    @property
    def end_col(self) -> int:
        return self.col + len(self.text)

    def covers(self, line: int, col: int) -> bool:
        """True when the cursor at ``line:col`` touches this token (its end included)."""
        return self.line == line and self.col <= col <= self.end_col


def scan(text: str) -> list[Token]:
    """Every token of ``text`` but white space, in order."""
    out: list[Token] = []
    line, line_start = 1, 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "space":
            nl = m.group().count("\n")
            if nl:
                line += nl
                line_start = m.start() + m.group().rfind("\n") + 1
            continue
        out.append(Token(kind, m.group(), line, m.start() - line_start + 1))
    return out


def word_at(line_text: str, col: int) -> tuple[str, int] | None:
    """The name under (or just before) 1-based column ``col`` of a line, with the
    column it starts at; ``None`` when there is none."""
    for m in WORD.finditer(line_text):
        if m.start() + 1 <= col <= m.end() + 1:
            return m.group(), m.start() + 1
    return None


@functools.lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """The grammar's words (``step``, ``decide``, ``requires``…), read from wolf.lark."""
    from ..lang.parse import grammar_path
    text = re.sub(r"//[^\n]*", "", grammar_path().read_text(encoding="utf-8"))
    return frozenset(re.findall(r'"([a-z_]+)"', text))
