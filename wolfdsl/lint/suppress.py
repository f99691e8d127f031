"""Inline suppressions: ``# lint: ignore W301 -- reason`` in a ``.wolf`` file.

The comment silences the listed codes on its own line or on the line below it (so it
can sit above the offending line). A reason after ``--`` is required: a suppression
without one still silences, but is itself a finding (W300). A suppression that
silences nothing is reported too (W305), so stale ones do not pile up.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, Span
from .registry import RENAMED, Rule, register

_PATTERN = re.compile(r"#\s*lint:\s*ignore\b(?P<codes>[^#\n]*?)(?:--(?P<reason>[^#\n]*))?(?=#|$)")
_CODE = re.compile(r"[EW]\d{3}")


@dataclass
class Suppression:
    file: str
    line: int
    col: int
    codes: tuple[str, ...]
    reason: str
    text: str
    used: set[str] = field(default_factory=set)

    @property
    def span(self) -> Span:
        lines = self.text.splitlines()
        end = len(lines[self.line - 1]) + 1 if self.line <= len(lines) else self.col + 1
        return Span(self.file, self.line, self.col, self.line, end, text=self.text)


def scan(file: str, text: str) -> list[Suppression]:
    """Every ``# lint: ignore`` comment of a file."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        i = line.find("#")
        while i >= 0:
            m = _PATTERN.match(line, i)
            if m:
                codes = tuple(RENAMED.get(c, c) for c in _CODE.findall(m.group("codes") or ""))
                out.append(Suppression(file, n, i + 1, codes, (m.group("reason") or "").strip(), text))
                break
            i = line.find("#", i + 1)
    return out


def apply(diags: list[Diagnostic], sups: list[Suppression]) -> list[Diagnostic]:
    """The findings no suppression silences; marks the suppressions used."""
    index: dict[tuple[str, int], list[Suppression]] = {}
    for s in sups:
        index.setdefault((s.file, s.line), []).append(s)
        index.setdefault((s.file, s.line + 1), []).append(s)
    kept = []
    for d in diags:
        hit = None
        if d.span is not None:
            for s in index.get((d.span.file, d.span.line), ()):
                if d.code in s.codes:
                    hit = s
                    break
        if hit is None:
            kept.append(d)
        else:
            hit.used.add(d.code)
    return kept


@register
class BareSuppression(Rule):
    """A ``# lint: ignore`` without a reason.

    What it finds:
        A suppression comment with no ``-- reason`` after its codes, or with no code.
    Why it matters:
        A silenced finding is a decision; the next designer needs to know why it was
        safe to silence it, or they cannot tell when it stops being safe.
    Example:
        ``step x in night { }   # lint: ignore W310``
    Fix:
        Say why: ``# lint: ignore W310 -- x only logs; its order does not matter``.
    """
    code, name, family = "W300", "bare-suppression", "suppress"
    severity = "warning"
    message = "{what}: write the codes and a reason, like '# lint: ignore W310 -- why this is safe'"


@register
class UnusedSuppression(Rule):
    """A ``# lint: ignore`` that silences nothing.

    What it finds:
        A suppression whose code is not reported on its line or the line below.
    Why it matters:
        Stale suppressions hide the next real finding on that line.
    Example:
        ``# lint: ignore W301 -- kept for later`` above a line with no W301.
    Fix:
        Delete the comment (or move it to the line it was meant for).
    """
    code, name, family = "W305", "unused-suppression", "suppress"
    severity = "warning"
    message = "'# lint: ignore {code}' silences nothing on this line or the next"


def findings(sups: list[Suppression], own_file: str, ran: set[str]) -> list[Diagnostic]:
    """W300 and W305 for the suppressions of the linted file itself."""
    out = []
    for s in sups:
        if s.file != own_file:
            continue
        if not s.codes:
            out.append(BareSuppression.diag(s.span, what="this suppression names no code"))
        elif not s.reason:
            out.append(BareSuppression.diag(s.span, what=f"this suppression of {', '.join(s.codes)} gives no reason"))
        for c in s.codes:
            if c in ran and c not in s.used:
                out.append(UnusedSuppression.diag(s.span, code=c))
    return out
