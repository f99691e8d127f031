"""Watching a game from outside: the :class:`Observer` hooks the engine calls.

A game built with ``observer=`` calls these methods as it runs; the default
:class:`Observer` does nothing, and a game built without one does not call them at all
(random Monte Carlo games pay nothing). ``wolfdsl lint --explore`` uses an observer to
find conflicting writes, decisions with no legal option, double wins and failing rules
(:mod:`wolfdsl.lint.dynamic`). An observer must not change the game.
"""
from __future__ import annotations

from typing import Any


class Observer:
    """No-op hooks; override the ones you need."""

    def on_write(self, kind: str, seat: int | None, name: str, value: Any) -> None:
        """A rule is about to write a value.

        ``kind``: ``var`` (a counter or property of ``seat``), ``field`` (``role``,
        ``faction``, ``class`` or ``team`` of ``seat``), ``status`` (``value`` is
        ``True`` for added, ``False`` for removed) or ``global`` (``seat`` is ``None``).
        Called before the write; a write to no seat (``none``) is not reported.
        """

    def on_resolution(self, start: bool) -> None:
        """An outermost death begins (``start``) or has finished resolving: its
        replacements, triggers and the deaths they cause happen in between."""

    def on_not_offered(self, action: str, actor: int | None, by: str | None, reason: str) -> None:
        """A decision or ballot was not offered; ``reason`` is the rule's text
        (``"no legal option"`` when every option was filtered out and passing is not allowed)."""

    def on_winners(self, winners: list[str], reason: str | None) -> None:
        """Win rules were checked: the winning factions (empty: none yet) and the
        name of the win rule of highest priority that holds."""

    def on_enter(self, item: Any) -> None:
        """A step, trigger or replacement (an ``ir.Step``/``ir.Trigger``) starts running."""

    def on_leave(self, item: Any, error: BaseException | None) -> None:
        """``item`` stopped running; ``error`` is the exception that stopped it (including
        the engine's control flow: ``EndPhase``, ``GameOver``, ``StopRun``) or ``None``."""


class WatchedGlobals(dict):
    """The game's globals, reporting each write to an observer as ``on_write("global", ...)``."""

    def __init__(self, observer: Observer, data: dict):
        super().__init__(data)
        self.observer = observer

    def __setitem__(self, k, v):
        self.observer.on_write("global", None, k, v)
        super().__setitem__(k, v)
