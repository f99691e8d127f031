"""What one game produces: the event log and the outcome read from it."""
from __future__ import annotations

from dataclasses import field
from ..dataclasscode import dataclass  # methods compiled once per machine


@dataclass(slots=True)
class GameResult:
    """The outcome of one game.

    - ``events``: the event log (contract section 3), one dict per event, in order.
    - ``winners``: faction ids (empty when nobody won); ``winning_seats``: seats.
    - ``reason``: the id of the win rule that ended the game, or ``None``.
    - ``over``: ``False`` when the run stopped before any side won (``stop_after``).
    - ``days``: the number of the last day or night played (game length in rounds).
    """

    game: int
    seed: int
    events: list[dict] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    winning_seats: list[int] = field(default_factory=list)
    reason: str | None = None
    over: bool = False
    days: int = 0
    warnings: list[str] = field(default_factory=list)
    """Things the engine did not use, to show the user (a fixed card in a ruleset without cards)."""
    causes: tuple[str, ...] | None = None
    """The causes of the ``death`` events in order, kept even when no event is
    (``record=False``); ``None`` from an engine that does not keep them."""
    unannounced: tuple[int, ...] = ()
    """The seats whose deaths were not yet announced when the run stopped
    (``stop_after``): logged at the stop, their last words not yet decided."""

    @property
    def deaths(self) -> list[dict]:
        """The ``death`` events, in the order they were logged."""
        return [e for e in self.events if e["type"] == "death"]

    @property
    def sheriff(self) -> int | None:
        """Seat holding the badge at the end (from the last ``sheriff`` event)."""
        seat = None
        for e in self.events:
            if e["type"] == "sheriff":
                seat = e.get("seat")
        return seat
