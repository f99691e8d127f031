"""The limits a ruleset runs within, so that no text makes wolfdsl crash or run away.

Two kinds (documented in ``docs/security.md`` and ``docs/language.md``, "Limits"):

- **Source limits** (E102, found right after parsing by :func:`check_tree`): how deeply
  brackets, blocks and operators nest, how many terms one ``+``/``*`` chain has, how
  long a number, a string or an import name is, how many cards a deck and how many
  players a ruleset may have.
- **Run limits** (E402, counted while a game runs by :class:`Budget`): how deeply funcs
  and procs may call one another, how many loop rounds and calls one game may make, how
  long a list may grow. A ruleset past one stops with a positioned error, exit 2, within
  seconds and a bounded amount of memory.

Every limit is far above what a playable ruleset needs (the bundled rulesets use less
than a tenth of each).
"""
from __future__ import annotations

import ast as _pyast
import re
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, Span, WolfError

if TYPE_CHECKING:
    from lark import Tree

MAX_SOURCE = 1_000_000
"""Bytes of one ``.wolf`` file."""
MAX_TREE_DEPTH = 250
"""Levels of the parse tree; a pair of brackets takes about five, a block two
(about 45 nested brackets)."""
MAX_TERMS = 200
"""Terms of one chain of ``+ -`` or ``* / %`` (``1 + 1 + ...``)."""
MAX_DIGITS = 15
"""Digits of a number literal (``999999999999999``); more would lose precision."""
MAX_STRING = 10_000
"""Characters of a string literal."""
MAX_IMPORT_NAME = 200
"""Characters of an ``import "..."`` name."""
MAX_CARDS = 1_000
"""Cards of one ``NAME*N`` in a deck, and seats of a ``players`` or ``deck`` count."""
MAX_CALL_DEPTH = 100
"""Funcs and procs running inside one another (``func f(x) = f(x)`` stops here)."""
MAX_STEPS = 250_000
"""Loop rounds (``for``, ``[x in L where ...]``) and func or proc calls in one game."""
MAX_LIST = 100_000
"""Items of one list a rule builds (``l + l``, ``[x] * n``)."""
MAX_BITS = 256
"""Bits of a whole number a rule computes (about 77 digits)."""
MAX_DAYS = 1_000
"""The day bound a ruleset may set (``engine day_bound``)."""


def source_error(span: Span, message: str) -> WolfError:
    """An E102 (a source limit) at ``span``."""
    return WolfError(Diagnostic(span, "error", message, "E102"))


def check_tree(tree: Tree, path: str, text: str) -> None:
    """Raise an E102 :class:`WolfError` at the first place where the parse tree of
    ``path`` passes a source limit, or an E101 at a string with a bad escape. Iterative:
    a tree of any depth is checked without Python's stack."""
    from lark import Token, Tree

    def tok_span(t: Token) -> Span:
        return Span(path, t.line, t.column, t.end_line or t.line, t.end_column or t.column + len(t), text=text)

    stack: list[tuple[Tree, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            span = _first_span(node, path, text)
            raise source_error(span, f"this is nested too deeply (more than about {MAX_TREE_DEPTH // 5} "
                               "brackets, blocks or operators inside one another); name a part "
                               "with `let` or a `func`")
        if node.data in ("arith",) and len(node.children) > 2 * MAX_TERMS:
            term = node.children[2 * MAX_TERMS]
            raise source_error(_first_span(term, path, text) if isinstance(term, Tree) else tok_span(term),
                               f"more than {MAX_TERMS} terms in one chain of operators; "
                               "split it with `let` or a `func`")
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))
            elif isinstance(child, Token):
                _check_token(child, node.data, tok_span)


def _check_token(tok, rule: str, tok_span) -> None:
    kind = tok.type
    if kind == "STRING":
        if len(tok) > MAX_STRING + 2:
            raise source_error(tok_span(tok), f"this string is {len(tok) - 2} characters long; "
                               f"at most {MAX_STRING} are allowed")
        try:
            value = _pyast.literal_eval(str(tok))
        except (SyntaxError, ValueError):
            raise _bad_escape(tok, tok_span(tok)) from None
        if rule == "import_decl" and len(value) > MAX_IMPORT_NAME:
            raise source_error(tok_span(tok), f"this import name is {len(value)} characters long; at most "
                               f"{MAX_IMPORT_NAME} are allowed (name a file beside this one, or a bundled ruleset)")
    elif kind in ("NUMBER", "SIGNED_NUMBER", "INT"):
        digits = sum(ch.isdigit() for ch in tok)
        if digits > MAX_DIGITS:
            raise source_error(tok_span(tok), f"this number has {digits} digits; at most {MAX_DIGITS} "
                               "are allowed")
        if rule in ("card", "players_decl", "deck_decl") and int(float(tok)) > MAX_CARDS:
            what = "cards of one kind" if rule == "card" else "players"
            raise source_error(tok_span(tok), f"{tok} {what}: at most {MAX_CARDS} are allowed")


_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{0,2}|u[0-9a-fA-F]{0,4}|U[0-9a-fA-F]{0,8}|N(\{[^}\"]*\}?)?|.)")


def _bad_escape(tok, span: Span) -> WolfError:
    """E101 at the first escape of string ``tok`` that Python's rules refuse."""
    col, shown = span.col, ""
    for m in _ESCAPE.finditer(str(tok)):
        try:
            _pyast.literal_eval('"' + m.group(0) + '"')
        except (SyntaxError, ValueError):
            col, shown = span.col + m.start(), m.group(0)
            break
    at = Span(span.file, span.line, col, span.line, col + max(len(shown), 1), text=span.text)
    return WolfError(Diagnostic(at, "error", f"bad escape `{shown}` in this string; write \\\\ for a "
                                "backslash, \\\" for a quote, \\n for a new line, \\xHH or \\uHHHH for "
                                "a character by its code", "E101"))


def _first_span(node, path: str, text: str) -> Span:
    """The place where ``node`` starts (its first token when lark kept no position)."""
    from lark import Token

    meta = getattr(node, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return Span(path, meta.line, meta.column, meta.line, meta.column + 1, text=text)
    if isinstance(node, Token):
        return Span(path, node.line, node.column, node.line, node.column + 1, text=text)
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Token):
            return Span(path, n.line, n.column, n.line, n.column + 1, text=text)
        stack.extend(reversed(getattr(n, "children", ())))
    return Span(path, 1, 1, text=text)


class RunawayRule(Exception):
    """A run limit passed (raised by :class:`Budget` and the value operators); the
    closure guard that catches it (:func:`wolfdsl.lang.codegen.located`) turns it into
    an E402 at its expression."""


class Budget:
    """The run limits of one game (or one deal), mixed into the runtime that closures
    see: :meth:`spend` counts loop rounds and calls, :meth:`enter` and :meth:`leave`
    the funcs and procs running inside one another. Both raise :class:`RunawayRule`."""

    steps = 0
    depth = 0

    def spend(self, n: int) -> None:
        """Count ``n`` loop rounds or calls (past :data:`MAX_STEPS` in one game: stop)."""
        self.steps += n
        if self.steps > MAX_STEPS:
            raise RunawayRule(f"more than {MAX_STEPS:,} loop rounds and calls in one game")

    def enter(self) -> None:
        """A func or proc starts (past :data:`MAX_CALL_DEPTH` inside one another: stop)."""
        self.depth += 1
        if self.depth > MAX_CALL_DEPTH:
            self.depth = 0
            raise RunawayRule(f"more than {MAX_CALL_DEPTH} funcs and procs called inside one another "
                              "(a func or proc that calls itself with no way out?)")
        self.spend(1)

    def leave(self) -> None:
        self.depth -= 1


def too_deep(b: Budget) -> None:
    """The :class:`RunawayRule` of :meth:`Budget.enter` for a call that has already counted
    itself (``depth`` and ``steps`` one up, one of them past its limit), leaving ``b`` as
    ``enter`` leaves it: generated code counts a call inline and calls this only to fail."""
    if b.depth > MAX_CALL_DEPTH:
        b.steps -= 1
        b.depth -= 1
        b.enter()
    b.steps -= 1
    b.spend(1)
    raise AssertionError("too_deep: no limit was passed")  # pragma: no cover - a caller's bug


def too_long(n: int) -> RunawayRule:
    return RunawayRule(f"a list of {n} items; at most {MAX_LIST} are allowed")


def check_list(items: list) -> list:
    """``items``, or :class:`RunawayRule` when it has more than :data:`MAX_LIST` items."""
    if len(items) > MAX_LIST:
        raise too_long(len(items))
    return items


def check_number(x):
    """``x``, or :class:`RunawayRule` for a whole number of more than :data:`MAX_BITS` bits."""
    if type(x) is int and x.bit_length() > MAX_BITS:
        raise RunawayRule(f"a number of {len(str(x)) if x.bit_length() < 10_000 else 'thousands of'} digits; "
                          f"whole numbers are limited to {MAX_BITS} bits")
    return x
