"""The table: the seats and what is known about them, and the event log being written.

:class:`Table` holds the state of one game — players, day and phase, globals, the dead —
and the state API the compiled closures call on the game ``g`` (``g.seat_value``,
``g.set_counter``, ``g.add_status``...). :class:`wolfdsl.play.game.Game` is a table
plus the referee, the deaths and the phase loop.

Every write a rule makes (a counter, a seat field, a status, a global) is reported to
the table's :class:`~wolfdsl.play.hooks.Observer` when one is attached.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..lang.ir import RuleRuntimeError, Ruleset
from ..lang.limits import Budget
from .hooks import Observer, WatchedGlobals
from .plan import plan_of
from .seeding import seeded

_UNWATCHED = Observer()
"""The observer of a table nobody watches (it does nothing, so all such tables share it)."""

_MISSING = object()


_UNSET = object()

NO_WHY = MappingProxyType({})
"""The provenance of a living player's death: none (shared, so it cannot be changed;
a death gives the player a dict of its own)."""

class Player:
    """One seat's record.

    ``seat`` counts from 1; ``role`` is a role id and ``role_ir`` its compiled role;
    ``faction``, ``klass`` (the ruleset's ``class``) and ``team`` are symbol ids;
    ``vars`` holds the role's counters, ``attrs`` the seat attributes (gender, age...);
    ``cause``, ``death_day``, ``death_phase`` are ``None`` while ``alive``; ``why`` is
    the provenance of the death (:meth:`wolfdsl.play.deaths.Deaths.provenance`), an
    empty mapping while alive.
    """

    __slots__ = ("seat", "role", "faction", "klass", "team", "alive", "statuses", "vars",
                 "cause", "death_day", "death_phase", "attrs", "role_ir", "why")

    def __init__(self, seat: int):
        self.seat = seat
        self.alive = True
        self.statuses: set[str] = set()
        self.vars: dict[str, Any] = {}
        self.cause = None
        self.death_day = None
        self.death_phase = None
        self.attrs: dict[str, Any] = {}
        self.why: Any = NO_WHY


def jsonable(v: Any) -> Any:
    """``v`` with tuples turned into lists, recursively (as the event log writes it)."""
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, dict):
        return {k: jsonable(x) for k, x in v.items()}
    return v


def show(v) -> str:
    """A value as rules and messages write it: ``yes``/``no``/``none``, ``[1, 2]``, ``3``."""
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if v is None:
        return "none"
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(map(str, v)) + "]"
    return str(v)


class Table(Budget):
    """The state of one game and the seat API the closures call.

    - ``players``: index 0 is a placeholder, seats are ``players[1..n]``.
    - ``day`` (from 1) and ``phase`` (``setup``, ``night``, ``day``) date every event.
    - ``events``: the log so far (empty when ``record`` is false); ``seq`` the next number.
    - ``globals``: the ruleset's global variables; ``decided``: this phase's answers by
      action id; ``dead_order``: seats in order of death; ``pending``: dead not yet
      announced; ``given_last_words``: seats that spoke last words.
    """

    def __init__(self, rs: Ruleset, seed: int, agent, game: int = 0, record: bool = True,
                 observer: Observer | None = None):
        self.rs = rs
        self.seed = seed
        self.agent = agent
        self.game_index = game
        self.rng = seeded(seed)
        self.record = record
        self.observer = observer if observer is not None else _UNWATCHED
        self.watched = observer is not None
        self.events: list[dict] = []
        self.running: list = []
        """The steps, triggers, replacements, procs and cards running, innermost last."""
        self.seq = 0
        self.day = 0
        self.phase = "setup"
        self.globals: dict[str, Any] = {}
        self.decided: dict[str, Any] = {}
        self.dead_order: list[int] = []
        self.given_last_words: list[int] = []
        self.claims: dict[int, Any] = {}
        self.view = None
        self.deciding: tuple | None = None
        self.pending: list[int] = []
        self.players: list[Player] = [Player(0)]
        self.n = 0
        self.extra_cards: list[str] = []
        self.deck_cards: list[str] = []
        self.alive_cache: list[int] | None = None
        """The living seats in seat order, shared by its readers (never change it), or
        ``None`` after a death or revival until :meth:`alive_list` builds it again."""
        self.holders: tuple[dict, dict] | None = None
        """``(by role, by team)``: role id / team id -> the players holding it, in seat
        order (:meth:`index_holders`); ``None`` after a role or team changes."""
        self._beliefs_for: tuple = (_UNSET, None)  # (deciding, its beliefs): one lookup a decision
        self.death_causes: list[str] = []
        self.silent = False
        """No event is built: nothing records, views or watches them (set by the game)."""
        reads = rs.win_reads
        self.win_gate = reads is not None and not self.watched
        """Whether the win rules are checked only after a change of what they read."""
        self.win_dirty = True
        """Something the win rules read may have changed since they last held for nobody."""
        self.win_status = self.win_gate and "status" in reads
        self.plan = plan = plan_of(rs)
        """What setting up a game of ``rs`` needs (:class:`wolfdsl.play.plan.Plan`)."""
        self.win_counters = plan.win_counters if self.win_gate else ()

    def watch_globals(self) -> None:
        """Report writes to ``globals`` to the observer from now on (after their setup)."""
        if self.watched:
            self.globals = WatchedGlobals(self.observer, self.globals)

    # ------------------------------------------------------------ events
    def emit(self, type_: str, fields: dict, day: int | None = None, phase: str | None = None) -> dict:
        """Append an event ``{seq, game, day, phase, type, **fields}`` and return it;
        ``day``/``phase`` default to the current ones. A silent table (nobody reads the
        events) builds nothing and returns ``None`` (``seq`` is only read into events)."""
        if self.silent:
            return None
        ev = {"seq": self.seq, "game": self.game_index, "day": self.day if day is None else day,
              "phase": self.phase if phase is None else phase, "type": type_}
        ev.update(fields)
        self.seq += 1
        if self.record:
            self.events.append(ev)
        view = self.view
        if view is not None:
            if type_ in view.routed:
                view.see(ev)
            elif view.named and type_ in view.shown:
                view.named = frozenset()  # as View.see does for an agent that reads everything
        return ev

    def log(self, type_: str, fields: dict) -> None:
        """A rule's ``log TYPE {...}``: an event of that type, tuples written as lists."""
        if not self.silent:
            self.emit(type_, jsonable(fields))

    def tell(self, seat, fields: dict) -> None:
        """An ``inform`` event for ``seat`` (nothing for ``none``), shown to its agent."""
        if seat is None:
            return
        if self.silent:  # nobody reads it (the agent's observe is the no-op)
            return
        ev = self.emit("inform", {"seat": seat, "what": jsonable(fields)})
        self.agent.observe(seat, ev)

    def claim(self, seat, role, told: dict) -> None:
        """A ``claim`` statement: a public ``claim`` event ``{seat, role, told}`` (the role
        the seat claims, or ``None``, and what it says that role was told); the claim is
        remembered for ``claimed(x)``. Nothing for no seat."""
        if seat is None:
            return
        if role is not None:
            self.claims[seat] = role
        if not self.silent:  # else nobody reads the event: none is built
            self.emit("claim", {"seat": seat, "role": role, "told": jsonable(told)})

    def beliefs_now(self):
        """The beliefs of the seat (or team) whose ``prefer``/``score`` hint is being
        evaluated (``deciding``: ``(seat or None, by)``), from an agent that keeps them
        (``agent.beliefs(seat, by)``); ``None`` otherwise."""
        deciding = self.deciding
        key, found = self._beliefs_for
        if key is deciding:  # the same request (a fresh tuple each), or no decider
            return found
        get = getattr(self.agent, "beliefs", None)
        if get is None:
            return None
        seat, by = deciding if deciding is not None else (None, None)
        found = get(seat, by)
        if deciding is not None:
            self._beliefs_for = (deciding, found)
        return found

    # ------------------------------------------------------------ seats
    def alive_list(self) -> list[int]:
        """The living seats in seat order (a fresh list)."""
        if self.alive_cache is None:
            self.alive_cache = [p.seat for p in self.players[1:] if p.alive]
        return list(self.alive_cache)

    def set_alive(self, p: Player, alive: bool) -> None:
        """Mark ``p`` living or dead (keeps :meth:`alive_list` right)."""
        p.alive = alive
        cache = self.alive_cache
        if cache is not None and not alive and p.seat in cache:  # a new list: readers share the old one
            cache = list(cache)
            cache.remove(p.seat)
            self.alive_cache = cache
        else:
            self.alive_cache = None
        self.win_dirty = True

    def seat_value(self, seat, name: str) -> Any:
        """A counter, property or attribute of a seat (``none`` for no seat)."""
        if seat is None:
            return None
        p = self.players[seat]
        v = p.vars.get(name, _MISSING)
        if v is not _MISSING:
            return v
        fn = p.role_ir.props.get(name)
        if fn is None:
            fn = self.rs.properties.get(name)
        if fn is not None:
            return fn(self, {})
        return p.attrs.get(name)

    def set_counter(self, seat, name: str, value) -> None:
        """``seat.name = value`` for a counter or property (nothing for no seat)."""
        if seat is None:
            return
        if self.watched:
            self.observer.on_write("var", seat, name, value)
        self.players[seat].vars[name] = value
        if name in self.win_counters:
            self.win_dirty = True

    def set_seat_field(self, seat, field: str, value) -> None:
        """``seat.role``/``.faction``/``.class``/``.team = value``; a new role or faction
        is logged (``role_change``, ``faction_change``). Raises :class:`RuleRuntimeError`
        for an unknown role."""
        if seat is None:
            return
        if self.watched:
            self.observer.on_write("field", seat, field, value)
        p = self.players[seat]
        self.win_dirty = True
        if field == "role":
            if value not in self.rs.roles:
                raise RuleRuntimeError(f"cannot turn seat {seat} into unknown role {value!r}")
            self.become(p, value, fresh=False)
            self.emit("role_change", {"seat": seat, "role": value, "faction": p.faction})
        elif field == "faction":
            p.faction = value
            self.emit("faction_change", {"seat": seat, "faction": value})
        elif field == "class":
            p.klass = value
        elif field == "team":
            p.team = value
            self.holders = None

    def index_holders(self) -> tuple[dict, dict]:
        """:attr:`holders`, built again (a ``decide … by ROLE`` finds its decider there)."""
        by_role: dict = {}
        by_team: dict = {}
        for p in self.players[1:]:
            by_role.setdefault(p.role, []).append(p)
            by_team.setdefault(p.team, []).append(p)
        self.holders = (by_role, by_team)
        return self.holders

    def add_status(self, seat, status: str) -> None:
        """Give ``seat`` a status (a ``status`` event when it is new)."""
        if seat is None:
            return
        if self.watched:
            self.observer.on_write("status", seat, status, True)
        st = self.players[seat].statuses
        if status not in st:
            st.add(status)
            if self.win_status:
                self.win_dirty = True
            if not self.silent:  # else nobody reads the event: none is built
                self.emit("status", {"seat": seat, "add": status})

    def remove_status(self, seat, status: str) -> None:
        """Take a status from ``seat`` (a ``status`` event when it had it)."""
        if seat is None:
            return
        if self.watched:
            self.observer.on_write("status", seat, status, False)
        st = self.players[seat].statuses
        if status in st:
            st.discard(status)
            if self.win_status:
                self.win_dirty = True
            if not self.silent:
                self.emit("status", {"seat": seat, "remove": status})

    def seat_templates(self, roles: list[str], attrs: list[dict], templates: dict[str, tuple]) -> None:
        """Seat players 1..n: ``roles[i]`` (a role id) and ``attrs[i]`` (its attributes)
        for seat ``i + 1``, each role from its template
        (:attr:`wolfdsl.play.plan.Plan.templates`: every role must have one). The same
        players as :meth:`become` with ``fresh`` gives, with no closure called."""
        new = Player.__new__
        players = [self.players[0]]  # the placeholder
        append = players.append
        seat = 0
        why = NO_WHY
        for role, a in zip(roles, attrs):
            t = templates[role]
            seat += 1
            p = new(Player)
            p.seat = seat
            p.role = role
            p.faction = t[0]
            p.klass = t[1]
            p.team = t[2]
            p.vars = t[3].copy()
            p.statuses = set(t[4]) if t[4] else set()
            p.role_ir = t[5]
            p.alive = True
            p.cause = p.death_day = p.death_phase = None
            p.attrs = a
            p.why = why
            append(p)
        self.players = players
        self.win_dirty = True

    def seat_mixed(self, roles: list[str], draw_one, templates: dict[str, tuple]) -> None:
        """Seat players 1..n as a deal does, seat after seat: attributes from
        ``draw_one(rng)``, then the role — from its template when it has one, else by
        :meth:`become` (whose closures then see the table as they would without
        templates, and may draw from the generator in their turn)."""
        n = len(roles)
        players = self.players = [Player(0)] + [Player(i + 1) for i in range(n)]
        rng = self.rng
        for p, role in zip(players[1:], roles):
            p.attrs = draw_one(rng)
            t = templates.get(role)
            if t is None:
                self.become(p, role, fresh=True)
                continue
            p.faction, p.klass, p.team, counters, statuses, p.role_ir = t
            p.role = role
            if counters:
                p.vars = counters.copy()
            if statuses:
                p.statuses.update(statuses)
        self.win_dirty = True

    def become(self, p: Player, role: str, fresh: bool) -> None:
        """Give ``p`` the role ``role`` (an id of ``rs.roles``): its faction, class, team,
        statuses and counters. ``fresh`` resets counters the player already has (a new
        deal or a revival); otherwise they are kept (a role change)."""
        r = self.rs.roles[role]
        self.win_dirty = True
        self.holders = None
        p.role = role
        p.role_ir = r
        env: dict = {}
        p.faction = r.faction_fn(self, env) if r.faction_fn is not None else r.faction
        p.klass = r.klass_fn(self, env) if r.klass_fn is not None else r.klass
        p.team = r.team_fn(self, env) if r.team_fn is not None else r.team
        for name, fn in r.counters:
            if fresh or name not in p.vars:
                p.vars[name] = fn(self, env)
        for st in r.statuses:
            p.statuses.add(st)

    # ------------------------------------------------------------ funcs and procs
    def call_func(self, name: str, args: list) -> Any:
        """The value of the ruleset's ``func name(args)`` (counted against the run
        limits: :class:`~wolfdsl.lang.limits.Budget`)."""
        f = self.rs.funcs[name]
        self.enter()
        try:
            return f.body(self, dict(zip(f.params, args)))
        finally:
            self.leave()

    def call_proc(self, name: str, args: list) -> None:
        """Run the ruleset's ``proc name(args)`` (counted as :meth:`call_func`); while it
        runs it is the last of ``running`` (a death in it names the proc as its ``rule``)."""
        p = self.rs.procs[name]
        self.enter()
        self.running.append(p)
        try:
            p.body(self, dict(zip(p.params, args)))
        finally:
            self.running.pop()
            self.leave()
