"""The deal: which card each seat gets, the face-down cards, and the seat attributes.

:func:`deal` seats a game, shuffling with the game's random generator until no
``redeal`` rule of the ruleset objects (or checking fixed ``seats``/``extra_cards``
against the deck). Bad input is reported as :class:`Problem` values — a path into the
game's input and a message — so that :mod:`wolfdsl.scenario` can point at the YAML node
a problem is about; the engine raises them as a :class:`DealError`.
"""
from __future__ import annotations

import random
from collections import Counter
from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import Any, Callable

from ..diagnostics import Diagnostic, Span, WolfError, did_you_mean
from ..lang.ir import Attribute, Deck, Ruleset
from ..lang.limits import Budget
from .draws import below_lines, shuffle

REDEAL_SHUFFLES = 10000
"""Shuffles tried before a deal is declared impossible under the redeal rules."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a game's input.

    ``path`` names the input it is about, as a scenario file spells it: ``("seats",)``,
    ``("extra_cards",)``, ``("players",)``, ``("cards",)``; ``()`` when it is about the
    ruleset's deck as a whole. ``message`` is the full text (it names the seat, card or
    attribute).
    """

    path: tuple
    message: str
    span: Span | None = None   # the place in the ruleset it is about, when it is the ruleset's


class DealError(WolfError):
    """A deal that cannot be made: ``problems`` says what and where (messages unplaced)."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__([Diagnostic(p.span, "error", p.message) for p in self.problems])

    def __reduce__(self):
        # rebuilt from its problems when it crosses from a --jobs worker to the parent
        return (DealError, (self.problems,))


@dataclass(slots=True)
class Dealt:
    """A deal: ``seats[i]`` is the role of seat ``i + 1``; ``extra_cards`` lie face down;
    ``deck_cards`` is the whole deck for that many players."""

    seats: list[str]
    extra_cards: list[str]
    deck_cards: list[str]


class _DealView(Budget):
    """What a ``redeal`` condition may read of the game while the cards are dealt."""

    __slots__ = ("rs", "n", "extra_cards", "deck_cards", "players", "rng", "steps", "depth")
    phase, day = "setup", 0

    def __init__(self, rs, n, extra_cards, deck_cards, rng):
        self.rs, self.n, self.extra_cards, self.deck_cards = rs, n, extra_cards, deck_cards
        self.players: list = []
        self.rng = rng
        self.steps = self.depth = 0


def redeal_reason(rs: Ruleset, deck_cards: list[str], extra_cards: list[str],
                  rng: random.Random | None = None) -> str | None:
    """The reason of the first ``redeal`` rule of ``rs`` that rejects these face-down
    ``extra_cards`` (out of ``deck_cards``), or ``None`` when the deal stands.

    Pure: the conditions see only the ruleset, the deck and the extra cards. Errors of
    a condition propagate (a :class:`RuleRuntimeError`, or Python's for a broken rule).
    """
    if not rs.redeals:
        return None
    view = _DealView(rs, len(deck_cards) - len(extra_cards), extra_cards, deck_cards, rng)
    for cond, reason in rs.redeals:
        if cond(view, {}):
            return reason
    return None


def deck_problems(rs: Ruleset, n: int, seats: list[str] | None,
                  extra_cards: list[str] | None) -> list[Problem]:
    """Why ``rs`` cannot seat ``n`` players with these fixed ``seats`` (role ids from
    seat 1) and ``extra_cards`` (``None``: not fixed); empty when it can."""
    if not rs.decks:
        return [Problem((), f"{rs.name} declares no deck: add one such as `deck 12: ROLE*4, ROLE, ...` listing a "
                            "card per player (after `import \"roles\"` for the standard roles)",
                        Span(rs.path, 1, 1) if rs.path else None)]
    deck = rs.deck_for(n)
    if deck is None:
        counts = sorted({str(d.low) if d.low == d.high else f"{d.low} to {d.high}" for d in rs.decks})
        return [Problem(("seats",), f"{rs.name} has no deck for {n} players: its decks deal "
                                    f"{', '.join(counts)} players; add a `deck {n}: ...`",
                        rs.decks[0].span)]
    if seats is None:
        return []
    for r in seats:
        if r not in rs.roles:
            return [Problem(("seats",), f"seats: unknown role '{r}'; roles of {rs.name}: "
                                          f"{', '.join(sorted(rs.roles))}")]
    left = unmatched_cards(deck.cards, seats, extra_cards)
    if any(v < 0 for v in left.values()) or (extra_cards is not None and any(left.values())):
        want = ", ".join(f"{r}*{k}" if k > 1 else r for r, k in sorted(Counter(deck.cards).items()))
        return [Problem(("seats",), f"seats {'and extra_cards ' if extra_cards else ''}do not match the deck of "
                        f"{rs.name} for {n} players: {want}")]
    return []


def unmatched_cards(deck_cards, seats, extra_cards) -> Counter:
    """Deck cards minus the ``seats`` and ``extra_cards`` given: a negative count is a
    card given too often, a positive one a card not given."""
    left = Counter(deck_cards)
    left.subtract(Counter(seats))
    if extra_cards is not None:
        left.subtract(Counter(extra_cards))
    return left


def attribute_problem(a: Attribute, value: Any) -> str | None:
    """Why ``value`` is not allowed for the seat attribute ``a`` (``None``: allowed).

    Returns ``"values"`` for a value not among ``a.values``, ``"range"`` for one that is
    not a whole number within ``a.range``; callers word the message.
    """
    if a.values and value not in a.values:
        return "values"
    if a.range is not None and (not isinstance(value, int) or isinstance(value, bool)
                                or not a.range[0] <= value <= a.range[1]):
        return "range"
    return None


def attribute_problems(rs: Ruleset, attributes: dict[int, dict]) -> list[Problem]:
    """The first problem of the given seat attributes (seat -> {name: value}) against
    the attributes ``rs`` declares, as a one-element list; empty when all are allowed."""
    for seat, given in attributes.items():
        for name, value in given.items():
            path = ("players",)
            a = rs.attributes.get(name)
            if a is None:
                return [Problem(path, f"players: seat {seat} has attribute '{name}', which {rs.name} does not declare"
                                      + (f" (it declares: {', '.join(sorted(rs.attributes))})"
                                         if rs.attributes else ""))]
            why = attribute_problem(a, value)
            if why == "values":
                return [Problem(path, f"players: seat {seat}: {name} cannot be {value!r}; allowed: "
                                      + " | ".join(map(str, a.values)))]
            if why == "range":
                return [Problem(path, f"players: seat {seat}: {name} must be a whole number from {a.range[0]} "
                                      f"to {a.range[1]}, not {value!r}")]
    return []


def card_problems(rs: Ruleset, cards) -> list[Problem]:
    """Fixed event cards ``(phase, day, card)`` that ``rs`` does not have (the first one)."""
    for phase, day, card in cards or ():
        if rs.cards and card not in rs.cards:
            return [Problem(("cards",), f"cards: unknown card '{card}'" + did_you_mean(card, rs.cards)
                                          + f"; cards of {rs.name}: {', '.join(sorted(rs.cards))}")]
    return []


def deal(rs: Ruleset, rng: random.Random, n: int, seats: list[str] | None = None,
         extra_cards: list[str] | None = None) -> Dealt:
    """Deal the deck of ``rs`` for ``n`` players.

    With ``seats`` given, check them (and ``extra_cards``; by default the cards not
    dealt) against the deck and the redeal rules; otherwise shuffle with ``rng`` until
    no redeal rule objects (:func:`shuffled`). Raises
    :class:`DealError` with the problems.
    """
    problems = deck_problems(rs, n, seats, extra_cards)
    if problems:
        raise DealError(problems)
    deck = rs.deck_for(n)
    if seats is not None:
        left = unmatched_cards(deck.cards, seats, extra_cards)
        extra = list(extra_cards) if extra_cards is not None else sorted(left.elements())
        broken = redeal_reason(rs, list(deck.cards), extra, rng)
        if broken is not None:
            raise DealError([Problem(("extra_cards",) if extra_cards else ("seats",),
                                     f"seats: these seats and extra cards break the ruleset's redeal rule: {broken}")])
        return Dealt(list(seats), extra, list(deck.cards))
    cards = shuffled(rs, rng, deck, n)
    return Dealt(cards[:n], cards[n:], list(deck.cards))


def shuffled(rs: Ruleset, rng: random.Random, deck: Deck, n: int) -> list[str]:
    """The cards of ``deck`` shuffled with ``rng`` until no ``redeal`` rule of ``rs``
    objects to the face-down ones (``[n:]``; the seats' are ``[:n]``), at most
    :data:`REDEAL_SHUFFLES` times. Raises :class:`DealError` when every shuffle is
    rejected."""
    cards = list(deck.cards)
    if not rs.redeals:
        shuffle(rng, cards)
        return cards
    for _ in range(REDEAL_SHUFFLES):
        shuffle(rng, cards)
        if redeal_reason(rs, list(deck.cards), cards[n:], rng) is None:
            return cards
    raise DealError([Problem((), f"{rs.name}: no deal of this deck satisfies the redeal rules after "
                                 f"{REDEAL_SHUFFLES} shuffles; a redeal rule that always holds deals forever",
                             deck.span)])


def seat_attributes(rs: Ruleset, rng: random.Random, given: dict[str, Any]) -> dict[str, Any]:
    """One seat's attributes: the ``given`` ones, else each attribute's default, else a
    random value of its range or its values (drawn from ``rng``), else ``None``."""
    attrs: dict[str, Any] = {}  # (the set-up plan's attribute_drawer draws these inline when none is given)
    for name, a in rs.attributes.items():
        if name in given:
            attrs[name] = given[name]
        elif a.default is not None:
            attrs[name] = a.default
        elif a.range is not None:
            attrs[name] = rng.randint(*a.range)
        elif a.values:
            attrs[name] = rng.choice(a.values)
        else:
            attrs[name] = None
    return attrs


def attribute_drawer(rs: Ruleset) -> tuple[Callable, Callable] | None:
    """``(draw, draw_one)`` for the seat attributes of ``rs`` when none are given:
    ``draw(rng, n)`` is the list of ``n`` seats' attributes, ``draw_one(rng)`` one
    seat's — exactly what :func:`seat_attributes` returns seat after seat, the same
    numbers drawn from ``rng`` (a ``random.Random``) in the same order, with no call per
    number (Python code written for the ruleset's attributes). ``None`` for an attribute
    that :func:`seat_attributes` would fail on (an empty range)."""
    consts: dict[str, Any] = {}
    items = []
    body = []
    for i, (name, a) in enumerate(rs.attributes.items()):
        if a.default is not None:
            consts[f"D{i}"] = a.default
            items.append(f"{name!r}: D{i}")
        elif a.range is not None:
            low, high = a.range
            if high < low:
                return None
            body += below_lines(f"r{i}", high - low + 1, "    ")
            items.append(f"{name!r}: {low} + r{i}")
        elif a.values:
            consts[f"V{i}"] = a.values
            body += below_lines(f"r{i}", len(a.values), "    ")
            items.append(f"{name!r}: V{i}[r{i}]")
        else:
            items.append(f"{name!r}: None")
    record = "{" + ", ".join(items) + "}"
    draws = "    getrandbits, below = rng.getrandbits, rng._randbelow"
    src = ["def draw(rng, n):", draws, "    out = []", "    for _ in range(n):",
           *("    " + line for line in body), f"        out.append({record})", "    return out",
           "def draw_one(rng):", draws, *body, f"    return {record}"]
    space: dict[str, Any] = dict(consts)
    exec(compile("\n".join(src), f"<attributes of {rs.name}>", "exec"), space)
    return space["draw"], space["draw_one"]
