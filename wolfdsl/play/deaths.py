"""Deaths: ``kill`` with its replacements and triggers, and announcing the dead.

A death runs the ruleset's ``replacement ... on death`` rules first (one that does not
``proceed`` prevents the death), then marks the player dead, then its ``trigger ... on
death`` rules. Deaths caused by those rules nest inside it. When the outermost death is
over, the win rules are checked and, by day, the dead are announced at once (their
``death`` events, then the ``announce`` triggers). At night they wait in ``g.pending``
until a rule calls ``announce``.

Each death records its provenance (:meth:`Deaths.provenance`: the rule that killed, the
statuses the player had, the death that set it off), written
as optional fields of its ``death`` event; a death a replacement prevents is a ``spared``
event naming that replacement. ``wolfdsl explain`` reads them.
"""
from __future__ import annotations

from ..diagnostics import Span
from ..lang.codegen import const_of
from ..lang.ir import RuleRuntimeError

PROCEED = "__proceed__"
"""The env key a replacement's ``proceed`` statement sets: let the death happen after all."""



class Deaths:
    """Kills and announcements for the game ``g``.

    ``stack`` has one entry per ``kill`` in progress, innermost last: the dying seat
    while that death's triggers run, else ``None``. Its length is the nesting bound's
    measure; a death is *outer* (win check, announcement by day) when no death's
    triggers are running.
    """

    def __init__(self, g):
        self.g = g
        self.stack: list[int | None] = []
        self.because: list[int] = []
        """The seats whose ``death`` or ``announce`` triggers are running, innermost last."""
        self.dying = 0
        """How many entries of ``stack`` are a seat (a death whose triggers run): none, an outer death."""
        # live(...) of the death replacements and triggers and the announce triggers, worked out once per ruleset
        self.replacements, self.on_death, self.on_announce = g.plan.live

    def bound(self) -> int:
        """The most deaths and replacements that may nest: ``2 * players + 20``."""
        return 2 * self.g.n + 20

    def kill(self, seat, cause: str, as_seat, span: Span | None = None) -> None:
        """A death now (or its replacement). ``as_seat``: date it like that seat's death.

        Deaths set off by deaths (triggers, replacements) nest; past :meth:`bound` levels
        the rules loop (a replacement that re-kills its own player), which is a
        :class:`RuleRuntimeError` pointing at the kill (``span``), not a Python
        recursion error. Raises ``GameOver`` when a win rule holds after an outer death.
        """
        g = self.g
        stack = self.stack
        watch = g.watched and not stack
        if watch:
            g.observer.on_resolution(True)
        try:
            if len(stack) >= 2 * g.n + 20:  # bound()
                raise RuleRuntimeError(f"trigger loop: more than {self.bound()} nested deaths and replacements "
                                       f"(the last one: seat {seat}, cause {cause})", span)
            stack.append(None)
            try:
                self._kill(seat, cause, as_seat)
            finally:
                stack.pop()
        finally:
            if watch:
                g.observer.on_resolution(False)

    def provenance(self, p) -> dict:
        """Why ``p`` is being killed, as event fields: ``rule`` (the innermost step,
        trigger, replacement, proc or card running the ``kill``; absent outside one), ``statuses`` (the
        player's, sorted), ``after`` (the seat whose ``death`` or ``announce`` triggers
        are running, if any). No source line: a log must not change when a comment moves
        the rules' lines (``wolfdsl explain`` finds the ``kill`` in the rule)."""
        why: dict = {}
        running = self.g.running
        if running:
            why["rule"] = running[-1].name
        why["statuses"] = sorted(p.statuses)
        if self.because:
            why["after"] = self.because[-1]
        return why

    def _kill(self, seat, cause: str, as_seat) -> None:
        if seat is None:
            return
        g = self.g
        p = g.players[seat]
        if not p.alive:
            return
        for r, when in self.replacements:
            env = {r.var: seat, "cause": cause}
            if when is None or when(g, env):
                why = self.provenance(p)
                g.run_item(r, env)
                if not env.get(PROCEED):
                    stopped = why.pop("rule", None)
                    fields = {"seat": seat, "cause": cause, "rule": r.name}
                    if stopped is not None:
                        fields["stopped"] = stopped
                    g.emit("spared", {**fields, **why})
                    return
        if not g.silent:  # the provenance is read only by the death event
            p.why = self.provenance(p)
        g.set_alive(p, False)
        p.cause = cause
        if as_seat is not None and g.players[as_seat].death_day is not None:
            src = g.players[as_seat]
            p.death_day, p.death_phase = src.death_day, src.death_phase
        else:
            p.death_day, p.death_phase = g.day, g.phase
        g.dead_order.append(seat)
        outer = not self.dying
        start = len(g.pending)
        g.pending.append(seat)
        if self.on_death:
            self.stack[-1] = seat
            self.dying += 1
            self.because.append(seat)
            try:
                for t, when in self.on_death:
                    env = {t.var: seat, "cause": cause}
                    if when is None or when(g, env):
                        g.run_item(t, env)
            finally:
                self.stack[-1] = None
                self.dying -= 1
                self.because.pop()
        if outer:
            g.check_win()
            if g.phase == "day":
                self.announce(start)

    def last_words(self, seat: int) -> bool:
        """Whether ``seat`` speaks last words: the func the ruleset names with ``engine
        last_words = FUNC`` (LASTWORDS-01..03 in the prelude), or no."""
        g = self.g
        name = g.rs.engine.last_words
        if name is None:
            return False
        f = g.rs.funcs[name]
        return bool(f.body(g, {f.params[0]: seat}))

    def emit_death(self, seat: int, last_words: bool) -> None:
        """The ``death`` event of ``seat``, dated when it died, with its provenance."""
        g = self.g
        p = g.players[seat]
        if last_words:
            g.given_last_words.append(seat)
        g.death_causes.append(p.cause)
        if g.silent:  # nobody reads the death event
            return
        g.emit("death", {"seat": seat, "role": p.role, "cause": p.cause, "last_words": last_words, **p.why},
               day=p.death_day, phase=p.death_phase)

    def announce(self, start: int = 0) -> None:
        """Name the unannounced dead (from ``pending[start:]``): their death events with
        last words, then each one's ``announce`` triggers."""
        g = self.g
        batch = g.pending[start:]
        del g.pending[start:]
        if not batch:
            return
        flags = [self.last_words(s) for s in batch]
        for s, lw in zip(batch, flags):
            self.emit_death(s, lw)
        triggers = self.on_announce
        if not triggers:
            return
        for s in batch:
            self.because.append(s)
            try:
                for t, when in triggers:
                    env = {t.var: s, "cause": g.players[s].cause}
                    if when is None or when(g, env):
                        g.run_item(t, env)
            finally:
                self.because.pop()

    def flush(self, over: bool) -> None:
        """At the end of a run, the death events of the still unannounced dead (with
        last words only when the game is ``over``); no triggers."""
        g = self.g
        batch = list(g.pending)
        g.pending.clear()
        for s in batch:
            self.emit_death(s, self.last_words(s) if over else False)


def live(items) -> tuple:
    """``(trigger, when)`` for the triggers or replacements ``items`` whose condition can
    hold, in their order; ``when`` is ``None`` where it always holds (a constant)."""
    out = []
    for t in items:
        k = const_of(t.when) if t.when is not None else (True,)
        if k is None:
            out.append((t, t.when))
        elif k[0]:
            out.append((t, None))
    return tuple(out)
