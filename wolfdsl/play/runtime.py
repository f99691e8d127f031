"""What the compiled closures may use of the game: the :class:`Runtime` protocol.

Every closure of a compiled ruleset is ``fn(g, env)``; ``g`` is a
:class:`wolfdsl.play.game.Game`, and these are the members closures and
:mod:`wolfdsl.lang.builtins` use. ``env`` maps local names to values; two keys are
the engine's: ``env["me"]`` (the deciding seat inside a ``decide``) and
``env["__proceed__"]`` (set by a replacement's ``proceed``, see
:data:`wolfdsl.play.deaths.PROCEED`). Seats are ``int`` from 1; ``None`` is ``none``.
"""
from __future__ import annotations

import random
from typing import Any, Protocol

from ..diagnostics import Span
from ..lang.ir import DecideOp, Ruleset, VoteOp
from .table import Player


class Runtime(Protocol):
    """The game as the compiled closures see it."""

    players: list[Player]
    """Index 0 is a placeholder; ``players[s]`` is seat ``s``."""
    n: int
    """The number of seats."""
    rng: random.Random
    """The game's random numbers (deal, ``random()``, draws); seeded by the game's seed."""
    rs: Ruleset
    """The compiled ruleset being played."""
    day: int
    """The current day number, from 1."""
    phase: str
    """``night`` or ``day`` (``setup`` while dealing)."""
    globals: dict[str, Any]
    """The ruleset's global variables by name."""
    decided: dict[str, Any]
    """This phase's answers by action id."""
    dead_order: list[int]
    """Seats in the order they died."""
    pending: list[int]
    """Dead seats not yet announced."""
    given_last_words: list[int]
    """Seats that spoke last words."""
    extra_cards: list[str]
    """The face-down role cards."""
    deck_cards: list[str]
    """The whole deck dealt for this many players."""

    def alive_list(self) -> list[int]:
        """The living seats in seat order."""
    def seat_value(self, seat: int | None, name: str) -> Any:
        """A counter, property or attribute of a seat (``None`` for no seat)."""
    def set_counter(self, seat: int | None, name: str, value: Any) -> None:
        """Set a counter or property of a seat."""
    def set_seat_field(self, seat: int | None, field: str, value: Any) -> None:
        """Set ``role``, ``faction``, ``class`` or ``team`` of a seat."""
    def add_status(self, seat: int | None, status: str) -> None:
        """Give a seat a status."""
    def remove_status(self, seat: int | None, status: str) -> None:
        """Take a status from a seat."""
    def call_func(self, name: str, args: list) -> Any:
        """The value of a ruleset ``func``."""
    def call_proc(self, name: str, args: list) -> None:
        """Run a ruleset ``proc``."""
    def tell(self, seat: int | None, fields: dict) -> None:
        """Inform one seat (an ``inform`` event)."""
    def log(self, type_: str, fields: dict) -> None:
        """Write an event of the rules' own type."""
    def kill(self, seat: int | None, cause: str, as_seat: int | None, span: Span | None = None) -> None:
        """A death, with its replacements and triggers."""
    def run_decide(self, op: DecideOp, env: dict) -> None:
        """Ask for a decision and run its body."""
    def run_vote(self, op: VoteOp, env: dict) -> None:
        """Hold a vote and run its body."""
    def schedule(self, phase: str, body: Any, env: dict) -> None:
        """Run ``body`` when the next ``phase`` starts (``later at``)."""
    def play_card(self, card: str | None) -> None:
        """Play an event card."""
    def draw_card(self) -> str | None:
        """Draw the next event card id."""
    def revive(self, seat: int | None, role: str | None) -> None:
        """Bring a dead seat back (as ``role`` if given)."""
    def announce(self, start: int = 0) -> None:
        """Announce the pending dead."""
    def check_win(self) -> None:
        """End the game (``GameOver``) when a win rule holds."""
