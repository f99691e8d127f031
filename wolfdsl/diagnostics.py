"""Source spans, diagnostics and their rendering.

Every error a person sees — a syntax error in a ruleset, an unknown name, an invalid
scenario, a forbidden scripted decision — is a :class:`Diagnostic`. It renders the way
compilers do::

    rulesets/classic.wolf:12:8: error: unknown role 'seeer' (did you mean 'seer'?)
       |
    12 |   decide seeer.check
       |          ^^^^^

Errors of one pass are collected into a :class:`WolfError`, which the command line turns
into exit code 2 and never into a traceback.
"""
from __future__ import annotations

import difflib
import unicodedata
from dataclasses import field
from .dataclasscode import dataclass, fast_reduce  # methods compiled once per machine
from typing import Iterable, Sequence


@dataclass(frozen=True, slots=True)
class Span:
    """A range of source text: 1-based line and column, end exclusive.

    ``file`` is the path as the user gave it (or a bundled name such as
    ``<bundled>/prelude.wolf``); ``text`` is the whole source, kept so that a diagnostic
    can quote its line without reading the file again.
    """

    file: str
    line: int
    col: int
    end_line: int = 0
    end_col: int = 0
    text: str | None = field(default=None, compare=False, repr=False)

    __reduce__ = fast_reduce  # a cached AST holds one Span a node

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Related:
    """A secondary location attached to a diagnostic ("the other rule is here")."""

    span: Span
    message: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: where, how bad, what to do.

    ``severity`` is ``error``, ``warning`` or ``info``; ``code`` is a stable code such as
    ``E101`` (syntax), ``E2xx`` (names and types) or ``W3xx`` (lint); it may be empty for
    errors outside rulesets.
    """

    span: Span | None
    severity: str
    message: str
    code: str = ""
    related: tuple[Related, ...] = ()

    def headline(self) -> str:
        """``path:line:col: CODE severity: message`` (code omitted when empty)."""
        where = f"{self.span}: " if self.span else ""
        code = f"{self.code} " if self.code else ""
        return f"{where}{code}{self.severity}: {self.message}"

    def render(self) -> str:
        """The headline, the source line and carets under the span, then related notes."""
        out = [self.headline()]
        if self.span is not None:
            out.extend(_quote(self.span))
        for rel in self.related:
            out.append(f"{rel.span}: note: {rel.message}")
            out.extend(_quote(rel.span))
        return "\n".join(out)


def _quote(span: Span) -> list[str]:
    text = span.text
    if text is None:
        try:
            with open(span.file, encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            return []
    lines = text.splitlines()
    if span.line == len(lines) + 1:  # the end of a file that ends with a new line
        lines.append("")
    if not (1 <= span.line <= len(lines)):
        return []
    src = lines[span.line - 1]
    num = str(span.line)
    pad = " " * len(num)
    # Keep the caret aligned under tabs (copied from the source line) and under wide
    # characters such as Chinese, which take two cells of a terminal.
    prefix = "".join("\t" if ch == "\t" else " " * _cells(ch) for ch in src[: max(span.col - 1, 0)])
    width = 1
    if span.end_line == span.line and span.end_col > span.col:
        width = span.end_col - span.col
    width = max(1, min(width, max(len(src) - span.col + 1, 1)))
    under = src[span.col - 1: span.col - 1 + width]
    width = max(1, sum(_cells(ch) for ch in under)) if under else width
    return [f"{pad} |", f"{num} | {src}", f"{pad} | {prefix}{'^' * width}"]


def _cells(ch: str) -> int:
    """Terminal cells a character takes: 2 for East Asian wide/full-width ones."""
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class WolfError(Exception):
    """One or more diagnostics that stop the command (exit code 2).

    Raised by the parser, the compiler, the scenario loader and the engine (for a
    scripted decision the rules forbid). ``diagnostics`` holds every error of the pass.
    """

    exit_code = 2

    def __init__(self, diagnostics: Diagnostic | Sequence[Diagnostic] | str, span: Span | None = None):
        if isinstance(diagnostics, str):
            diagnostics = [Diagnostic(span, "error", diagnostics)]
        elif isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest candidate, or an empty string."""
    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
