"""Decision requests and the agents that answer them.

The engine asks an agent one :class:`Request` at a time and validates the answer; an
agent never changes game state. Agents see only the request (its legal options) and the
events addressed to their seat (``Agent.observe``), never the whole state.

Answers are Python values: a seat (``int``), a tuple of seats for multi-seat choices,
``True`` / ``False`` for yes/no, a symbol (``str``, such as a role id) for card choices,
or ``None`` to pass (only where ``Request.can_pass``).
"""
from __future__ import annotations

import random
import re
from dataclasses import field
from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import Any, Callable, Protocol

from . import draws
from .seeding import seeded


PASS_NOTE = re.compile(r"\s*[(（]\s*0\s*[:：]\s*([^()（）]*?)\s*[)）]\s*$")
"""An ``ask`` text's closing ``(0: …)``: what passing means (:meth:`Request.question`)."""


@dataclass(slots=True)
class Request:
    """One decision the rules ask of a player or a team.

    - ``action``: the ruleset's action id (``witch.save``, ``exile_vote``);
      ``short`` is the part after the dot, as scenario files write it (``save``).
    - ``actor``: the deciding seat, or ``None`` for a team decision.
    - ``by``: the role or team id the request is addressed to (``witch``,
      ``werewolves``), or ``None`` when it is addressed to a seat (votes, triggers).
    - ``day``, ``phase`` (``night``/``day``), ``round`` (1 for the first request of this
      action to this actor in this phase, 2 for the next...).
    - ``kind``: ``seat``, ``seats`` (``count`` distinct seats; ``count`` 0: any number),
      ``yes_no``, ``symbol``
      or ``ballot`` (a vote: one seat or abstain).
    - ``options``: the legal choices, seats in seat order; ``can_pass`` adds ``None``;
      ``candidates``: with those the rules removed (not for seats).
    - ``why_not(value)``: the rule that forbids ``value`` (``"ROLE-GUARD-02: ..."``),
      or ``None`` when it is legal. Lazy, so random games do not pay for it.
    """

    action: str
    short: str
    actor: int | None
    by: str | None
    day: int
    phase: str
    round: int
    kind: str
    options: tuple
    can_pass: bool
    count: int = 1
    why_not: Callable[[Any], str | None] = field(default=lambda value: None, repr=False)
    preferred: tuple = ()
    """What the ruleset's ``prefer`` hint favours, reduced to legal choices (``None``:
    pass); filled only for agents with ``uses_preferences``."""
    scores: dict | None = None
    """What the ruleset's ``score`` hint gives each legal option (higher: better), from
    the deciding seat's beliefs; filled only for agents with ``uses_scores``."""
    default: str | None = None
    """For a declared non-seat decider (``decider moderator … default none``): what a
    bot answers; ``"none"``: pass where the rules allow."""
    ask: tuple[str, str | None] | None = None
    """The ruleset's ``ask`` clause: the question a person at the seat reads,
    ``(english, chinese)`` (``chinese`` ``None``: not given); ``None``: none written."""
    candidates: tuple = ()
    """Every choice the statement lists (its ``choose … from`` list), the legal ones and
    those its ``unless`` clauses removed, so that a seat can be told why each of the
    others is not offered (``why_not``); filled for an agent that asks why, and only for
    choices that are not seats (a seat's number says which seat without it)."""

    @property
    def at(self) -> str:
        """``night 1`` / ``day 2``, the way scenario files name a phase."""
        return f"{self.phase} {self.day}"

    def question(self, zh: bool = False) -> str | None:
        """The ``ask`` text a person reads (Chinese with ``zh`` where the ruleset gives
        it, else English; ``None``: no ``ask``). A closing note on what ``0`` means
        (``(0: tear it up)``, ``（0：撕毁警徽）``) is left out when this request cannot be
        passed, so that a person is never offered a pass the rules refuse."""
        if self.ask is None or not self.ask[0]:
            return None
        text = self.ask[1] if zh and self.ask[1] else self.ask[0]
        return text if self.can_pass else PASS_NOTE.sub("", text)

    def pass_meaning(self, zh: bool = False) -> str | None:
        """What passing means here, from the ``ask`` text's closing ``(0: …)`` note
        (``tear it up``, ``撕毁警徽``); ``None`` without a note, or when this request cannot
        be passed."""
        text = self.question(zh)
        found = PASS_NOTE.search(text) if text and self.can_pass else None
        return found.group(1) or None if found else None


class Agent(Protocol):
    """What the engine needs from a player controller."""

    def decide(self, request: Request) -> Any:
        """Answer a request; the engine validates the answer against ``request``."""

    def observe(self, seat: int | None, event: dict) -> None:
        """Receive an event visible to ``seat`` (``None``: public). Optional to use."""

    def not_offered(self, action: str, actor: int | None, by: str | None, day: int, phase: str,
                    reason: str) -> None:
        """A decision the rules did not offer this time, with the rule that stopped it."""

    def nobody_announced(self, day: int, phase: str) -> None:
        """The rules announced the dead (``announce``) and nobody had died: at dawn, a
        peaceful night (平安夜). Not an event of the log; a person at a seat is told it."""

    def phase_end(self, day: int, phase: str, cut_short: bool) -> None:
        """Called when a phase ends; ``cut_short`` when the rules ended it early."""

    def game_end(self, over: bool) -> None:
        """Called once when the game stops (``over``: a side won or a bound was hit)."""


def follow_alive(alive: set, event: dict) -> None:
    """Keep ``alive`` (the living seats as the table sees them) up to date with a public
    ``death`` or ``revive`` event; other events leave it alone."""
    t = event["type"]
    if t == "death":
        alive.discard(event["seat"])
    elif t == "revive":
        alive.add(event["seat"])


class BaseAgent:
    """No-op hooks, so an agent only writes ``decide``.

    The optional flags and hooks the engine looks up on an agent (``getattr`` with a
    default) have that default here, so that looking them up finds them: a missing
    attribute costs an exception inside each lookup, a dozen a game.
    """

    uses_preferences = False
    uses_scores = False
    scores_replace_prefer = False
    asks_why = True
    sees = False
    watches: frozenset | None = None
    """The event types :meth:`observe` (and ``dealt``) of a seeing agent reads; the
    others are not shown to it (:class:`~wolfdsl.play.views.View`). ``None``: all."""
    check = None
    bind = None
    seat_label = None

    def decide(self, request: Request) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def observe(self, seat, event) -> None:
        pass

    def not_offered(self, action, actor, by, day, phase, reason) -> None:
        pass

    def nobody_announced(self, day, phase) -> None:
        pass

    def phase_end(self, day, phase, cut_short) -> None:
        pass

    def game_end(self, over) -> None:
        pass


class ChoosingAgent(BaseAgent):
    """An agent that reads nothing of a request but its ``kind``, ``options``,
    ``can_pass`` and ``count``: it writes :meth:`choose`, and the referee calls that
    directly (no :class:`Request` built, no preference or score evaluated) unless a
    subclass overrides :meth:`decide`. A declared decider whose bots pass
    (``default none``) passes without being asked."""

    def decide(self, request: Request) -> Any:
        if request.default == "none" and request.can_pass:
            return None  # a declared decider whose bots pass
        return self.choose(request.kind, request.options, request.can_pass, request.count)

    def choose(self, kind: str, options, can_pass: bool, count: int) -> Any:  # pragma: no cover - abstract
        """The answer to a request of ``kind`` over ``options`` (a list or tuple)."""
        raise NotImplementedError


class RandomAgent(ChoosingAgent):
    """Uniform over the legal options (passing counts as one option where allowed).

    For ``seats`` requests it picks ``count`` distinct seats uniformly. Uses its own
    ``random.Random`` seeded by the caller, so games are reproducible.
    """

    name = "random"
    asks_why = False
    """It keeps no request to ask ``why_not`` later (the referee then copies no frame)."""

    def __init__(self, seed: int = 0):
        self.rng = seeded(seed)

    def choose(self, kind: str, options, can_pass: bool, count: int) -> Any:
        rng = self.rng
        if kind == "seats":
            n = count
            if n == 0:  # any number: each option in or out with even odds
                return tuple(o for o in options if rng.random() < 0.5) or None
            if can_pass and (len(options) < n or rng.random() < 1 / (1 + len(options))):
                return None
            if len(options) < n:
                return None
            return tuple(sorted(rng.sample(options, n)))
        k = len(options) + 1 if can_pass else len(options)
        if k == 0:
            return None
        i = rng._randbelow(k)  # rng.randrange(k), one call less: the same numbers
        return options[i] if i < len(options) else None


def uniform_bits(agent: Any) -> Callable[[int], int] | None:
    """``getrandbits`` of ``agent``'s generator when its one-answer choices are
    :meth:`RandomAgent.choose`'s, not overridden (uniform over the options, the pass
    as one more), so that the generated decisions (:mod:`wolfdsl.lang.pydecide`) draw
    the answer themselves: ``n = len(options) + can_pass; k = n.bit_length(); i =
    getrandbits(k)`` until ``i < n`` — the numbers ``rng._randbelow(n)`` draws, the
    same answers, no call. ``None`` for any other agent, or on a Python whose
    ``_randbelow`` draws otherwise (:data:`wolfdsl.play.draws.INLINE`; then ``choose``
    is called as before)."""
    kind = type(agent)
    if getattr(kind, "choose", None) is not RandomAgent.choose or getattr(kind, "decide", None) is not ChoosingAgent.decide:
        return None
    return agent.rng.getrandbits if draws.INLINE and agent.rng.__class__ is random.Random else None


class HeuristicAgent(RandomAgent):
    """Rule-aware bot: follows the ruleset's ``prefer`` hints, else plays like ``random``.

    The hints are data in the ruleset (``decide ... prefer EXPR``, ``vote ... prefer
    EXPR``), written from what the deciding seat may know: the wolves favour killing and
    exiling non-wolves, the seer checks players he has not checked, a seat votes for the
    wolves it has found, nobody self-destructs. The agent itself knows no rule.
    """

    name = "heuristic"
    uses_preferences = True

    def decide(self, request: Request) -> Any:
        pref = request.preferred
        if not pref:
            if request.kind == "ballot" and request.options:
                return self.rng.choice(request.options)  # a bot with no lead still votes
            return super().decide(request)
        return pick_preferred(request, self.rng)


def pick_preferred(request: Request, rng) -> Any:
    """One of ``request.preferred`` at random; for a ``seats`` request, ``count`` seats
    taken from the preferred ones first, then from the other options (``None`` when
    there are not enough)."""
    pref = request.preferred
    if request.kind == "seats":
        seats = [p for p in pref if p is not None]
        n = request.count or len(seats)
        if len(seats) >= n:
            return tuple(sorted(rng.sample(seats, n)))
        rest = [o for o in request.options if o not in seats]
        if len(seats) + len(rest) < n:
            return None
        return tuple(sorted(seats + rng.sample(rest, n - len(seats))))
    return rng.choice(pref)


def _table(seed: int, **params) -> Agent:
    from ..agents.table import TableAgent  # the agents package builds on this module
    agent = TableAgent(seed, **params)
    agent.asks_why = False  # it reads a request's options and hints, never its why_not
    return agent


AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent, "table": _table}
"""Agents selectable with ``--agents NAME``: a factory taking the game's agent seed (and
the agent's ``key=value`` parameters, :mod:`wolfdsl.agents.registry`)."""

DEFAULT_AGENTS = "table"
"""The ``--agents`` spec ``wolfdsl run`` and :func:`wolfdsl.play.play_game` use when none
is given."""
