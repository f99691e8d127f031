"""The agent of a game whose seats have players of their own (``--seat``).

:class:`PerSeat` stands in front of the run's agent (``--agents``, the *base*): a
decision of a seat with a player of its own goes to that player, every other decision
to the base. A team's decision (``by`` a team) goes to the seat player who is a living
member of that team, the lowest seat first, else to the base.

Seat players come in two kinds:

- an engine agent (``--seat 4=random``): a whole agent, shown what the base is shown,
  asked only that seat's decisions;
- a :class:`SeatPlayer` (a person, :mod:`.human`; a program, :mod:`.protocol`): shown
  only what the seat may know (:mod:`wolfdsl.play.views`) as a ``hello`` with its card
  and teammates, each visible event, each decision, and the end.

A program that fails (it crashes, says something that is not the protocol, runs out of
time, or answers what the rules forbid) is replaced by the base for the rest of the game,
and an ``agent_replaced`` event ``{seat, agent, replacement, reason}`` is logged.
"""
from __future__ import annotations

from typing import Any, Protocol

from ..diagnostics import WolfError
from ..play.agents import BaseAgent, Request, follow_alive
from .spec import SeatPlan

PROTOCOL_VERSION = 1



def check_seats(seats, n: int, ruleset: str) -> None:
    """Raise :class:`WolfError` when a ``--seat`` number is beyond a table of ``n``."""
    far = sorted(s for s in seats if s > n)
    if far:
        raise WolfError(f"--seat {far[0]}: {ruleset} is played with {n} players here (seats 1 to {n})")

class SeatFailure(Exception):
    """A seat player that cannot go on; the message says why, for the log."""


class SeatPlayer(Protocol):
    """A player of one seat that sees only what the seat may know."""

    def start(self, hello: dict) -> None:
        """The deal: ``hello`` (see :func:`hello`)."""

    def observe(self, event: dict) -> None:
        """An event the seat may see, in the event-log format."""

    def card(self, card: dict) -> None:
        """The seat's card changed: ``{role, faction, team}``."""

    def decide(self, request: Request) -> Any:
        """An answer the engine's :class:`Request` allows; raises :class:`SeatFailure`."""

    def end(self, info: dict) -> None:
        """The game stopped: ``{over, winners, winning_seats, reason}``."""

    def close(self, failed: bool) -> None:
        """No more games for this player (``failed``: it was replaced)."""


def hello(board, seat: int, card: dict, cards: dict[int, dict], game: int) -> dict:
    """The ``hello`` message of ``seat``: ``{type, protocol, ruleset, game, seat, players,
    role, faction, team, teammates, deck}``. ``teammates``: the other seats of the seat's
    team (the seats that decide with it, ``[]`` when it has no team); ``deck``: role id ->
    cards in the game."""
    team = card.get("team")
    mates = [s for s in sorted(cards) if s != seat and team is not None and cards[s].get("team") == team]
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "ruleset": board.ruleset, "game": game,
            "seat": seat, "players": board.n, "role": card.get("role"), "faction": card.get("faction"),
            "team": team, "teammates": mates, "deck": dict(board.deck)}


class PerSeat(BaseAgent):
    """Routes each decision to the seat's own player or to ``base`` (see the module).

    ``players``: seat -> an engine agent or a :class:`SeatPlayer` (``seat_player = True``);
    ``plan``: the parsed spec, for the labels the log records; ``spec``: its text.
    """

    sees = True

    def __init__(self, base, players: dict[int, Any], plan: SeatPlan, spec: str):
        self.base = base
        self.players = players
        self.plan = plan
        self.name = spec
        self.uses_preferences = bool(getattr(base, "uses_preferences", False)) or any(
            getattr(p, "uses_preferences", False) for p in players.values())
        self.uses_scores = bool(getattr(base, "uses_scores", False)) or any(
            getattr(p, "uses_scores", False) for p in players.values())
        self.scores_replace_prefer = bool(getattr(base, "scores_replace_prefer", False))
        self.engines = [base] + [p for p in players.values() if not getattr(p, "seat_player", False)]
        self.seated = {s: p for s, p in players.items() if getattr(p, "seat_player", False)}
        self.emit = None
        self._reset(0)

    def _reset(self, n: int) -> None:
        self.board = None
        self.cards: dict[int, dict] = {}
        self.alive = set(range(1, n + 1))
        self.failed: dict[int, str] = {}
        self.started = False
        self.over: dict | None = None

    # ---------------------------------------------------------------- engine hooks
    def bind(self, emit) -> None:
        """``emit(type, fields)``: how to log an ``agent_replaced`` event (the game's);
        the agent of the other seats logs its own events with it too."""
        self.emit = emit
        bind = getattr(self.base, "bind", None)
        if bind is not None:
            bind(emit)

    def seat_label(self, seat: int) -> str:
        """Who plays ``seat``, as the log's ``game_start`` records it."""
        return self.plan.label(seat)

    def check(self, factions) -> None:
        check = getattr(self.base, "check", None)
        if check is not None:
            check(factions)

    def setup(self, board) -> None:
        check_seats(self.players, board.n, board.ruleset)
        self._reset(board.n)
        self.board = board
        for a in self.engines:
            if getattr(a, "sees", False):
                a.setup(board)

    def dealt(self, seat, card) -> None:
        changed = seat in self.cards
        self.cards[seat] = card
        for a in self.engines:
            if getattr(a, "sees", False):
                a.dealt(seat, card)
        if changed and self.started and seat in self.seated and seat not in self.failed:
            self._call(seat, "card", dict(card))

    def observe(self, seat, event) -> None:
        if not self.started:
            self._start(event.get("game", 0))
        t = event["type"]
        if seat is None:
            follow_alive(self.alive, event)
            if t == "game_over":
                self.over = event
        if self.seated:  # first: an event the agents log as they read this one comes after it
            shown = self._public_start(event) if t == "game_start" else event
            for s in self.seated:
                if (seat is None or seat == s) and s not in self.failed:
                    self._call(s, "observe", shown)
        for a in self.engines:
            if seat is not None or getattr(a, "sees", False):
                a.observe(seat, event)

    def decide(self, request: Request) -> Any:
        seat = self._decider(request)
        if seat is None:
            return self.base.decide(request)
        player = self.players[seat]
        if seat not in self.seated:
            if not getattr(player, "uses_preferences", False):
                request.preferred = ()
            if not getattr(player, "uses_scores", False):
                request.scores = None
            return player.decide(request)
        from ..play.referee import DecisionError, Referee
        try:
            answer = player.decide(request)
            return Referee.validate(request, answer, request.why_not)
        except SeatFailure as err:
            self._fail(seat, str(err))
        except DecisionError as err:
            self._fail(seat, "an answer the rules forbid: " + "; ".join(d.message for d in err.diagnostics))
        return self.base.decide(request)

    def beliefs(self, seat, by):
        get = getattr(self.base, "beliefs", None)
        return get(seat, by) if get is not None else None

    def nobody_announced(self, day, phase) -> None:
        """A peaceful night: told to each person at a seat (a program at a seat sees the
        log's events only, and no death among them)."""
        for a in self.engines:
            told = getattr(a, "nobody_announced", None)
            if told is not None:
                told(day, phase)
        for s, p in self.seated.items():
            told = getattr(p, "nobody_announced", None)
            if told is not None and s not in self.failed:
                told(day, phase)

    def phase_end(self, *args) -> None:
        for a in self.engines:
            a.phase_end(*args)

    def game_end(self, over) -> None:
        for a in self.engines:
            a.game_end(over)
        ev = self.over or {}
        info = {"type": "end", "over": over, "winners": ev.get("winners", []),
                "winning_seats": ev.get("winning_seats", []), "reason": ev.get("reason")}
        for s, p in self.seated.items():
            if s not in self.failed:
                try:
                    p.end(info)
                except SeatFailure:
                    p.close(True)  # nothing is left to decide: no replacement to log

    # ---------------------------------------------------------------- helpers
    def _public_start(self, event: dict) -> dict:
        """``game_start`` as a seat player sees it (the view has taken out the deal):
        without the seed, from which the deal could be worked out, and with ``agents``
        saying who plays the seats but not which bot plays which faction
        (:meth:`SeatPlan.public`)."""
        out = {k: v for k, v in event.items() if k != "seed"}
        if "agents" in out:
            out["agents"] = self.plan.public()
        return out

    def _start(self, game: int) -> None:
        self.started = True
        for s in self.seated:
            if s in self.cards:
                self._call(s, "start", hello(self.board, s, self.cards[s], self.cards, game))

    def _decider(self, request: Request) -> int | None:
        actor = request.actor
        if actor is not None:
            return actor if actor in self.players and actor not in self.failed else None
        if request.by is None:
            return None
        for s in sorted(self.players):
            if s in self.alive and s not in self.failed and self.cards.get(s, {}).get("team") == request.by:
                return s
        return None

    def _call(self, seat: int, method: str, arg) -> None:
        try:
            getattr(self.seated[seat], method)(arg)
        except SeatFailure as err:
            self._fail(seat, str(err))

    def _fail(self, seat: int, reason: str) -> None:
        self.failed[seat] = reason
        self.seated[seat].close(True)
        if self.emit is not None:
            self.emit("agent_replaced", {"seat": seat, "agent": self.plan.label(seat),
                                         "replacement": self.plan.base, "reason": reason})
