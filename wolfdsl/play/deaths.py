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



class DeathRules:
    """The death rules of one ruleset sorted out once, shared by its games (kept in
    ``rs.engine_cache["deaths"]``, see :meth:`of`).

    ``replacements`` and ``on_death``: the ``replacement`` and ``trigger`` rules on
    ``death`` whose condition can hold, as ``(rule, when)`` in order (``when`` is ``None``
    where it always holds); :meth:`for_cause` gives those whose gate
    (:mod:`wolfdsl.lang.gates`) admits a cause as ``(rule, when, roles, holder, needs)``
    (``roles``: the roles the dying player must have, ``holder``: the global he must be;
    ``None``: no such test; ``needs``: his other tests, see :func:`admits`).
    ``on_announce``: ``(rule, when, causes, roles, holder, needs)`` for the ``announce``
    triggers.
    ``last_words``: the ``(func, its parameter)`` of ``engine last_words``, or ``None``.
    ``words_read``: whether a rule reads who spoke last words (``given_last_words``);
    if not, a silent table (:attr:`wolfdsl.play.table.Table.silent`) never evaluates
    the func, since only the ``death`` event would show its answer (a func that fails at
    run time then fails only in games whose events are read).
    """

    def __init__(self, rs):
        self.replacements = live(rs.replacements.get("death", ()))
        self.on_death = live(rs.triggers.get("death", ()))
        self.on_announce = tuple((t, when, t.causes, t.roles, t.holder, t.needs)
                                 for t, when in live(rs.triggers.get("announce", ())))
        self.by_cause: dict[str, tuple[tuple, tuple]] = {}
        """cause -> (its replacements, its triggers), filled as causes occur."""
        name = rs.engine.last_words
        f = rs.funcs[name] if name is not None else None
        self.last_words = (f.body, f.params[0]) if f is not None else None
        self.words_read = rs.values_read is None or "given_last_words" in rs.values_read

    @classmethod
    def of(cls, rs) -> "DeathRules":
        """The rules of ``rs``, worked out at its first game."""
        got = rs.engine_cache.get("deaths")
        if got is None:
            got = rs.engine_cache["deaths"] = cls(rs)
        return got

    def for_cause(self, cause) -> tuple[tuple, tuple]:
        """``(replacements, triggers)`` for a death of ``cause``: ``(rule, when, roles,
        holder, needs)`` for the rules whose gate admits ``cause``, in order."""
        got = self.by_cause.get(cause)
        if got is None:
            pick = lambda rules: tuple((t, when, t.roles, t.holder, t.needs) for t, when in rules
                                       if t.causes is None or cause in t.causes)
            got = self.by_cause[cause] = (pick(self.replacements), pick(self.on_death))
        return got


class Deaths:
    """Kills and announcements for the game ``g``.

    ``depth`` counts the ``kill`` calls in progress (the nesting bound's measure);
    ``dying`` those of them whose ``death`` triggers run: a death is *outer* (win
    check, announcement by day) when no death's triggers are running.
    """

    def __init__(self, g):
        self.g = g
        self.depth = 0
        self.because: list[int] = []
        """The seats whose ``death`` or ``announce`` triggers are running, innermost last."""
        self.dying = 0
        """How many deaths' triggers are running (0: the next death is an outer one)."""
        self.rules = rules = DeathRules.of(g.rs)
        self.by_cause = rules.by_cause
        self.on_announce = rules.on_announce

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
        depth = self.depth
        watch = g.watched and not depth
        if watch:
            g.observer.on_resolution(True)
        try:
            if depth >= 2 * g.n + 20:  # bound()
                raise RuleRuntimeError(f"trigger loop: more than {self.bound()} nested deaths and replacements "
                                       f"(the last one: seat {seat}, cause {cause})", span)
            if seat is None:
                return
            p = g.players[seat]
            if not p.alive:
                return
            self.depth = depth + 1
            try:
                rules = self.by_cause.get(cause)
                if rules is None:
                    rules = self.rules.for_cause(cause)
                replacements, triggers = rules
                for r, when, roles, holder, needs in replacements:
                    if ((roles is not None and p.role not in roles) or (holder is not None and g.globals[holder] != seat)
                            or (needs and not admits(p, needs))):
                        continue
                    env = {r.var: seat, "cause": cause}
                    if (when is None or when(g, env)) and self.replaced(p, r, env, cause):
                        return
                self._die(p, seat, cause, as_seat, triggers)
            finally:
                self.depth = depth
        finally:
            if watch:
                g.observer.on_resolution(False)

    def replaced(self, p, r, env: dict, cause: str) -> bool:
        """Run the replacement ``r`` of ``p``'s death; whether it prevented the death
        (it did not ``proceed``): then a ``spared`` event names it."""
        g = self.g
        why = None if g.silent else self.provenance(p)
        g.run_item(r, env)
        if env.get(PROCEED):
            return False
        if why is not None:
            stopped = why.pop("rule", None)
            fields = {"seat": p.seat, "cause": cause, "rule": r.name}
            if stopped is not None:
                fields["stopped"] = stopped
            g.emit("spared", {**fields, **why})
        return True

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

    def _die(self, p, seat: int, cause: str, as_seat, triggers: tuple) -> None:
        """``p`` dies of ``cause``: marked dead and dated, its ``death`` triggers run
        (``triggers``: those of :meth:`DeathRules.for_cause`); after an outer death the
        win check, and by day the announcement."""
        g = self.g
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
        pending = g.pending
        start = len(pending)
        pending.append(seat)
        if triggers:
            self.dying += 1
            self.because.append(seat)
            try:
                for t, when, roles, holder, needs in triggers:
                    if ((roles is not None and p.role not in roles) or (holder is not None and g.globals[holder] != seat)
                            or (needs and not admits(p, needs))):
                        continue
                    env = {t.var: seat, "cause": cause}
                    if when is None or when(g, env):
                        g.run_item(t, env)
            finally:
                self.dying -= 1
                self.because.pop()
        if outer:
            g.check_win()
            if g.phase == "day":
                self.announce(start)

    def words(self):
        """The ruleset's last-words func as ``(body, parameter)`` (``engine last_words =
        FUNC``, LASTWORDS-01..03 in the prelude), or ``None`` when none is named or its
        answers would not be read (a silent table where no rule reads
        ``given_last_words``: only the ``death`` event would show them)."""
        lw = self.rules.last_words
        if lw is None or (self.g.silent and not self.rules.words_read):
            return None
        return lw

    def last_words(self, seat: int) -> bool:
        """Whether ``seat`` speaks last words (:meth:`words`; no when it is not asked)."""
        lw = self.words()
        if lw is None:
            return False
        body, param = lw
        return bool(body(self.g, {param: seat}))

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
        pending = g.pending
        if len(pending) <= start:
            return
        batch = pending[start:]
        del pending[start:]
        lw = self.words()
        if lw is None:
            flags = [False] * len(batch)
        else:  # every flag first: the func may read the dead's last words so far
            body, param = lw
            flags = [bool(body(g, {param: s})) for s in batch]
        for s, flag in zip(batch, flags):
            self.emit_death(s, flag)
        players = g.players
        triggers = self.on_announce
        if not triggers:
            return
        because = self.because
        for s in batch:
            p = players[s]
            because.append(s)
            try:
                for t, when, causes, roles, holder, needs in triggers:
                    cause = p.cause
                    if ((causes is not None and cause not in causes) or (roles is not None and p.role not in roles)
                            or (holder is not None and g.globals[holder] != s) or (needs and not admits(p, needs))):
                        continue
                    env = {t.var: s, "cause": cause}
                    if when is None or when(g, env):
                        g.run_item(t, env)
            finally:
                because.pop()

    def flush(self, over: bool) -> None:
        """At the end of a run, the death events of the still unannounced dead (with
        last words only when the game is ``over``); no triggers."""
        g = self.g
        batch = list(g.pending)
        g.pending.clear()
        for s in batch:
            self.emit_death(s, over and self.last_words(s))


def admits(p, needs: tuple) -> bool:
    """Whether player ``p`` passes a rule's ``needs`` (:attr:`wolfdsl.lang.ir.Trigger.needs`):
    each ``(attribute, values)``, his attribute one of the values, or for ``statuses``
    every one of them his."""
    for attr, values in needs:
        if attr == "statuses":
            if not values <= p.statuses:
                return False
        elif getattr(p, attr) not in values:
            return False
    return True


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
