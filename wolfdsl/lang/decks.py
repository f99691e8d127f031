"""Decks: the cards dealt for each player count (rules.md SETUP-01).

A card's count is a number (``werewolf*4``), an option (``mafioso*mafia``: the option's
value in force) or ``rest`` (``townie*rest``: every seat the other cards leave, plus the
deck's face-down ``extra`` cards). A deck whose counts are all numbers deals one size; a
deck with an option or ``rest`` in a range (``deck 4..30``) is expanded to one deck per
player count.
"""
from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, did_you_mean
from . import ir
from . import syntax as A

REST = "rest"
"""The count that fills a deck up to its player count."""


def is_fixed(d: A.DeckDecl) -> bool:
    """Whether every card count of ``d`` is a number."""
    return all(isinstance(c.count, int) for c in d.cards)


def cards_for(d: A.DeckDecl, n: int, options: dict[str, Any]) -> tuple[list[str], Diagnostic | None]:
    """The cards of deck ``d`` for ``n`` players (face-down extras included), or a
    diagnostic (E201 an unknown option, E208 cards that do not fit ``n`` players)."""
    cards: list[str] = []
    fill: A.Card | None = None
    for c in d.cards:
        count = c.count
        if count == REST:
            if fill is not None:
                return [], Diagnostic(c.span, "error", f"deck: '{fill.role}*rest' already fills this deck; "
                                      "give the other cards a number or an option", "E208")
            fill = c
            continue
        if isinstance(count, str):
            opt = options.get(count)
            if opt is None:
                return [], Diagnostic(c.span, "error", f"deck: '{c.role}*{count}': no option '{count}'"
                                      + did_you_mean(count, options) + "; write a number, an option or 'rest'", "E201")
            count = getattr(opt, "value", opt)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                return [], Diagnostic(c.span, "error", f"deck: '{c.role}*{c.count}': option '{c.count}' is "
                                      f"{count!r}, not a whole number of cards", "E208")
        cards.extend([c.role] * count)
    seats = n + d.extra
    if fill is not None:
        left = seats - len(cards)
        if left < 0:
            return [], Diagnostic(d.span, "error", f"deck for {n} players: the other cards already number "
                                  f"{len(cards)}, more than {seats}; '{fill.role}*rest' cannot fill it", "E208")
        cards.extend([fill.role] * left)
    elif len(cards) != seats:
        return [], Diagnostic(d.span, "error", f"deck {n}: {len(cards)} cards with {d.extra} extra "
                              f"deal {len(cards) - d.extra} seats, not {n}; add or remove "
                              f"{abs(seats - len(cards))} card(s)", "E208")
    return cards, None


def expand(decks: list[A.DeckDecl], options: dict[str, Any]) -> list[ir.Deck]:
    """The compiled decks: a fixed deck as declared, any other one per player count."""
    out = []
    for d in decks:
        if is_fixed(d):
            cards = [c.role for c in d.cards for _ in range(c.count)]
            out.append(ir.Deck(d.low, d.high, tuple(cards), d.extra, d.span))
            continue
        for n in range(d.low, d.high + 1):
            cards, problem = cards_for(d, n, options)
            if problem is None:
                out.append(ir.Deck(n, n, tuple(cards), d.extra, d.span))
    return out


def deck_problems(decks: list[A.DeckDecl], options: dict[str, Any]) -> list[Diagnostic]:
    """E201/E208 for decks that cannot deal: a fixed deck of one count whose cards do
    not deal one per player; an unknown option in a count; a deck with option counts or
    ``rest`` that fits none of its player counts (the counts it cannot fill are simply
    not dealt: ``wolfdsl run`` says so for such a count)."""
    diags = []
    for d in decks:
        if is_fixed(d):
            if d.low == d.high:
                _, problem = cards_for(d, d.low, options)
                if problem is not None:
                    diags.append(problem)
            continue
        problems = [cards_for(d, n, options)[1] for n in range(d.low, d.high + 1)]
        first = next((p for p in problems if p is not None), None)
        if first is not None and (first.code == "E201" or all(p is not None for p in problems)):
            diags.append(first)   # counts it cannot fill are left out; none at all is an error
    return diags
