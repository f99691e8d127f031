"""Text to parse tree: the only module besides :mod:`transform` that imports lark.

``parse(text, path)`` returns lark's ``Tree`` or raises :class:`WolfError` with an
``E101`` diagnostic that points at the offending token and says what was expected.

lark is imported on the first parse, not with this module: a process whose files are all
in the parsed-file cache (:mod:`wolfdsl.lang.load`) never needs it. The LALR tables come
from lark's own cache in the per-user cache folder (:func:`cache_dir`) when it holds them.
"""
from __future__ import annotations

import difflib
import functools
import hashlib
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..cachedir import cache_dir
from ..diagnostics import Diagnostic, Related, Span, WolfError, did_you_mean

if TYPE_CHECKING:
    from lark import Lark, Tree
    from lark.exceptions import UnexpectedInput


def grammar_path() -> Path:
    """Where ``wolf.lark`` lives: inside the installed package, or in the checkout's
    top-level ``grammar/`` folder for an editable install."""
    here = Path(__file__).resolve().parent.parent  # the wolfdsl package
    for cand in (here / "grammar" / "wolf.lark", here.parent / "grammar" / "wolf.lark"):
        if cand.is_file():
            return cand
    raise FileNotFoundError("wolf.lark not found next to the wolfdsl package")


STALE_DAYS = 30
"""A cache entry for another grammar or AST format goes when a new one is made and it was
last written this many days ago."""


def prune_stale(folder: Path, pattern: str, keep: Path) -> None:
    """Remove the entries of ``folder`` matching ``pattern``, other than ``keep``, not
    written for :data:`STALE_DAYS` days (files or whole folders); errors are ignored."""
    import shutil
    import time

    limit = time.time() - STALE_DAYS * 86400
    try:
        for entry in folder.glob(pattern):
            if entry != keep and entry.stat().st_mtime < limit:
                if entry.is_dir():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink()
    except OSError:
        pass


_OPTIONS = dict(parser="lalr", propagate_positions=True, maybe_placeholders=True)


def build_parser(folder: Path | None) -> Lark:
    """The LALR parser, from lark's cache in ``folder`` when it holds one for this grammar,
    this lark and this Python (the file name says which), else built and saved there.

    A new cache file is written under a temporary name and renamed, so a process never
    reads another's half-written file; any failure only means building without cache."""
    import lark
    from lark import Lark

    grammar = grammar_path().read_text(encoding="utf-8")
    if folder is None:
        return Lark(grammar, **_OPTIONS)
    key = hashlib.sha256("\0".join((grammar, repr(sorted(_OPTIONS.items())), lark.__version__,
                                     sys.version)).encode("utf-8")).hexdigest()[:24]
    final = folder / f"grammar-{key}.lark"
    if final.is_file():
        return Lark(grammar, cache=str(final), **_OPTIONS)
    tmp = folder / f".grammar-{key}.{os.getpid()}.tmp"
    try:
        result = Lark(grammar, cache=str(tmp), **_OPTIONS)
        try:
            if tmp.is_file():
                os.replace(tmp, final)
                prune_stale(folder, "grammar-*.lark", final)
        except OSError:  # the folder went read-only, say: next time, build again
            pass
        return result
    finally:
        try:
            tmp.unlink()
        except OSError:
            pass


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser, built (or read from the grammar cache) once per process."""
    return build_parser(cache_dir())


# Friendly names for terminals in "expected ..." messages.
_TERMINALS = {
    "NAME": "a name", "STRING": 'a "string"', "INT": "a whole number", "NUMBER": "a number",
    "SIGNED_NUMBER": "a number", "LBRACE": "'{'", "RBRACE": "'}'", "LPAR": "'('",
    "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COLON": "':'", "COMMA": "','",
    "EQUAL": "'='", "DOT": "'.'", "VBAR": "'|'", "SEMICOLON": "';'", "PHASE_NAME": "night or day",
    "SYMBOL_KIND": "faction, class, status, cause or team", "ASSIGN_OP": "=, += or -=",
    "COMP_OP": "a comparison", "ADD_OP": "+ or -", "MUL_OP": "* or /", "REMOVABLE": "what to remove",
    "TRIGGER_KIND": "trigger or replacement", "__ANON_0": "'..'", "$END": "end of file",
    "LESSTHAN": "'<'", "MORETHAN": "'>'", "PLUS": "'+'", "MINUS": "'-'", "STAR": "'*'",
    "SLASH": "'/'", "PERCENT": "'%'", "BANG": "'!'",
}


def _describe(expected: set[str]) -> str:
    names = []
    for term in sorted(expected):
        if term in _TERMINALS:
            names.append(_TERMINALS[term])
        elif term.isupper() and not term.startswith("__"):
            names.append(f"'{term.lower()}'")
    names = sorted(set(names))
    if not names:
        return ""
    if len(names) > 8:
        names = names[:8] + ["..."]
    return "; expected " + ", ".join(names)


def parse(text: str, path: str) -> Tree:
    """Parse ``.wolf`` source. Raises ``WolfError``: E101 on a syntax error, E102 past
    a source limit (:mod:`wolfdsl.lang.limits`)."""
    from lark.exceptions import UnexpectedInput

    from .limits import check_tree

    try:
        tree = parser().parse(text)
    except UnexpectedInput as exc:
        raise WolfError(_syntax_diagnostic(exc, text, path)) from None
    check_tree(tree, path, text)
    return tree


def _syntax_diagnostic(exc: UnexpectedInput, text: str, path: str) -> Diagnostic:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line = getattr(exc, "line", 1) or 1
    col = getattr(exc, "column", 1) or 1
    width = 1
    related: tuple = ()
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            msg = "unexpected end of file" + _describe(exc.expected)
            lines = text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
            if "RBRACE" in exc.expected:
                msg = "unexpected end of file: a '{' block is still open; add '}'"
                opened = _unclosed_brace(text, len(text))
                if opened is not None:
                    msg = (f"unexpected end of file: the '{{' at line {opened[0]}, column {opened[1]} "
                           "is not closed; add '}'")
                    related = (Related(Span(path, opened[0], opened[1], opened[0], opened[1] + 1, text=text),
                                       "this '{' is not closed"),)
        else:
            width = max(len(str(tok)), 1)
            msg = f"unexpected {str(tok)!r}" + _describe(exc.expected)
            msg += _keyword_typo(str(tok) if tok.type == "NAME" else "", exc.expected, text,
                                 getattr(tok, "start_pos", None))
            opened = _unclosed_brace(text, tok.start_pos) if tok.start_pos is not None else None
            if col == 1 and opened is not None and tok.type != "NAME" and str(tok).isidentifier():
                msg = (f"'{tok}' starts a new declaration, but the '{{' at line {opened[0]}, column "
                       f"{opened[1]} is not closed: add '}}' before this line")
                related = (Related(Span(path, opened[0], opened[1], opened[0], opened[1] + 1, text=text),
                                   "this '{' is not closed"),)
            elif "NAME" in exc.expected and tok.type != "NAME" and str(tok).isidentifier():
                if col == 1 and opened is not None:
                    msg = (f"'{tok}' starts a new declaration, but the '{{' at line {opened[0]}, column "
                           f"{opened[1]} is not closed: add '}}' before this line")
                    related = (Related(Span(path, opened[0], opened[1], opened[0], opened[1] + 1, text=text),
                                       "this '{' is not closed"),)
                else:
                    msg = (f"'{tok}' is a word of the language and cannot name a variable here; "
                           f"use another name, such as '{tok}_'")
            if tok.type == "RBRACE" and "NAME" in exc.expected:
                msg = "unexpected '}'" + _describe(exc.expected)
            if tok.type == "RBRACE" and opened is None:
                msg = "this '}' closes no '{': remove it"
            began = _string_before(text, tok.start_pos) if tok.start_pos is not None else None
            if began is not None:
                msg += _QUOTE_HINT.format(col=began)
            msg += _operator_hint(tok, exc.expected, text)
    elif isinstance(exc, UnexpectedCharacters):
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "?"
        msg = f"unexpected character {ch!r}"
        began = _string_before(text, exc.pos_in_stream)
        if ch == "'" or ch in "\u201c\u201d\u2018\u2019":
            msg += '; strings use straight double quotes: "like this"'
        elif ch == '"':
            msg = "this string is not closed: add a \" before the end of the line"
        elif ord(ch) > 127:
            msg += ("; names are written with ASCII letters, digits and _ (my_role); "
                    'text in other scripts goes inside "quotes", as a role\'s display name: '
                    'role my_role "My role" "我的角色" { ... }')
        else:
            allowed = _describe(set(exc.allowed or ()))
            msg += allowed
        if began is not None:
            msg = f"unexpected character {ch!r}" + _QUOTE_HINT.format(col=began)
    elif isinstance(exc, UnexpectedEOF):
        msg = "unexpected end of file" + _describe(set(exc.expected))
    else:  # pragma: no cover
        msg = str(exc).splitlines()[0]
    span = Span(path, line, col, line, col + width, text=text)
    return Diagnostic(span, "error", msg, code="E101", related=related)


_QUOTE_HINT = ("; it comes right after the string that began at column {col}: is a '\"' missing or extra? "
               "Each string has its own pair of quotes (\"English\" \"中文\") and cannot hold a '\"'")


def _operator_hint(tok, expected, text: str) -> str:
    """A hint for an operator written as in another language: ``if t = none`` (``==``
    compares), ``werewolf x4`` in a deck (``werewolf*4``), and for a ``call`` line written
    inside a step's braces (it goes before them); empty otherwise."""
    if str(tok) == "=" and "LESSTHAN" in expected:  # a comparison may come here
        return "; did you mean `==`? (`=` gives a value, as in `let x = 1`; `==` compares)"
    if tok.type == "STRING" and tok.start_pos is not None and re.search(r"(?:^|[\s{;])call\s*$", text[:tok.start_pos]) \
            and _unclosed_brace(text, tok.start_pos) is not None:
        return ("; a step's `call` line goes before its `{`: step NAME in night ... call \"English\" "
                "\"中文\" { ... }")
    m = re.fullmatch(r"[xX](\d+)", str(tok))
    if m and "STAR" in expected and tok.start_pos is not None:
        card = re.search(r"([A-Za-z_]\w*)\s*$", text[:tok.start_pos])
        if card is not None:
            return f"; a count is written with '*': write `{card.group(1)}*{m.group(1)}`"
    return ""


def _string_before(text: str, pos: int) -> int | None:
    """The column where the string that ends right before ``pos`` began (``None`` when
    ``pos`` does not directly follow the closing '"' of a string on its line)."""
    if pos <= 0 or pos > len(text) or text[pos - 1] != '"':
        return None
    start = text.rfind("\n", 0, pos) + 1
    quotes = [i for i in range(start, pos) if text[i] == '"' and text.rfind("#", start, i) == -1]
    if len(quotes) < 2 or len(quotes) % 2:
        return None
    return quotes[-2] - start + 1


@functools.lru_cache(maxsize=1)
def _keywords() -> frozenset[str]:
    """The words of the language (``step``, ``if``, ``decide``...): the grammar's
    terminals that match one lower-case word."""
    out = set()
    for t in parser().terminals:
        pattern = getattr(t.pattern, "value", "")
        if type(t.pattern).__name__ == "PatternStr" and pattern.isidentifier():
            out.add(pattern)
    return frozenset(out)


def _keyword_typo(word: str, expected, text: str, pos: int | None) -> str:
    """`` (did you mean 'step'?)`` when the unexpected name ``word``, or the name just
    before it at the start of a statement (``iff p.alive``), is a misspelt keyword."""
    words = {t.lower() for t in expected if t.isupper() and t.isidentifier() and not t.startswith("_")}
    hint = did_you_mean(word, words & _keywords()) if word and word not in words else ""
    if hint or pos is None:
        return hint
    before = text[:pos].rstrip(" \t")
    m = re.search(r"(?:^|[{;\n]\s*)([A-Za-z_]\w*)$", before)
    if m is None:
        return ""
    prev = m.group(1)
    keywords = _keywords()
    if prev in keywords:
        return ""
    close = difflib.get_close_matches(prev, sorted(keywords), n=1, cutoff=0.6)
    return f" ('{prev}' is not a word of the language: did you mean '{close[0]}'?)" if close else ""


def _unclosed_brace(text: str, upto: int) -> tuple[int, int] | None:
    """``(line, column)`` of the '{' before ``upto`` that is most likely not closed, or
    ``None`` when every '{' before it is closed. A '}' that begins its line closes the
    innermost open '{' whose line is indented as much as it: the ones it skips are the
    unclosed ones (strings and comments are left out)."""
    stack: list[tuple[int, int, int]] = []  # (line, col, indentation of its line)
    skipped: list[tuple[int, int, int]] = []
    line, line_start, indent, first = 1, 0, 0, True
    i, n = 0, min(upto, len(text))
    while i < n:
        ch = text[i]
        if ch == "\n":
            line, line_start, first = line + 1, i + 1, True
        elif ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif ch == '"':
            i += 1
            while i < n and text[i] not in '"\n':
                i += 1
        elif ch == "{":
            if first:
                indent, first = i - line_start, False
            stack.append((line, i - line_start + 1, indent))
        elif ch == "}":
            at_start = first
            if first:
                indent, first = i - line_start, False
            if stack:
                if at_start:
                    col = i - line_start
                    while len(stack) > 1 and stack[-1][2] > col:
                        skipped.append(stack.pop())
                stack.pop()
        elif not ch.isspace() and first:
            indent, first = i - line_start, False
        i += 1
    if skipped:
        return skipped[-1][:2]
    return stack[-1][:2] if stack else None
