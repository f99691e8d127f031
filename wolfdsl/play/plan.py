"""What setting up a game needs that depends only on the ruleset, worked out once.

A Monte Carlo run builds thousands of games of one ruleset; their set-up used to read
the same roles, attributes, statuses, triggers and engine settings again for each.
:func:`plan_of` gives the :class:`Plan` of a ruleset — kept while the ruleset's parts
stay the same objects — and :class:`wolfdsl.play.game.Game` reads it:

- each role's faction, class, team, counters and statuses when they are constants (a
  *template*: dealing that role is a copy, no closure called);
- the seat-attribute drawer (:func:`wolfdsl.play.deal.attribute_drawer`), the deck for
  each player count, the temporary statuses and a constant day bound (the ``death`` and
  ``announce`` rules are sorted once by :class:`wolfdsl.play.deaths.DeathRules`).

Nothing here draws from a game's random generator: a game set up from the plan draws
the same numbers in the same order as one set up without it (byte-identical logs).
"""
from __future__ import annotations

from typing import Any, Callable

from ..lang.codegen import const_of
from ..lang.ir import Role, Ruleset
from .deal import attribute_drawer

IMMUTABLE = (int, float, str, bool, type(None), tuple, frozenset)
"""Types of a constant that several games may share."""

MAX_PLANS = 16
"""Plans kept at once (a lint run builds many short-lived rulesets)."""


class Plan:
    """The per-ruleset set-up of games of ``rs`` (see the module docstring).

    - ``templates``: role id -> ``(faction, klass, team, counters dict, statuses
      tuple, role)`` for a role whose fields and counters are all constants
      (:func:`template`); a role missing here is set up by
      :meth:`wolfdsl.play.table.Table.become`.
    - ``draw_attributes``: ``(draw(rng, n), draw_one(rng))``, the attributes of ``n``
      seats or one when none are given (:func:`wolfdsl.play.deal.attribute_drawer`),
      or ``None``.
    - ``temporary``: the statuses that last one phase (a frozenset).
    - ``globals``: :func:`globals_start`.
    - ``win_counters``: the counters the win rules read (``rs.win_reads``).
    - ``day_bound``: ``(value,)`` when the ``engine day_bound`` is a constant, else
      ``None`` (no bound declared, or one to evaluate per game).
    """

    __slots__ = ("rs", "parts", "templates", "draw_attributes", "temporary", "day_bound", "decks",
                 "globals", "win_counters")

    def __init__(self, rs: Ruleset):
        self.rs = rs
        self.parts = parts_of(rs)
        self.templates: dict[str, tuple] = {}
        for rid, r in rs.roles.items():
            t = template(r)
            if t is not None:
                self.templates[rid] = t
        self.draw_attributes: Callable | None = attribute_drawer(rs)
        self.temporary = frozenset(s for s, sym in rs.statuses.items() if sym.temporary)
        bound = rs.engine.day_bound
        self.day_bound: tuple | None = const_of(bound) if bound is not None else None
        self.decks: dict[int, tuple] = {}
        self.globals: tuple | None = globals_start(rs)
        reads = rs.win_reads or ()
        self.win_counters = frozenset(r[8:] for r in reads if r.startswith("counter:"))

    def deck(self, n: int) -> tuple:
        """``(deck, how)`` for ``n`` players: ``rs.deck_for(n)`` (``None``: no deck), and
        how a game without fixed seats or attributes is seated: :data:`TEMPLATES` (the
        deck :func:`~wolfdsl.play.deal.shuffled`, every card a template, the attributes
        drawn by :attr:`draw_attributes`), :data:`MIXED` (the same, some cards not
        templates) or :data:`DEAL` (:func:`wolfdsl.play.deal.deal`). Looked up once per
        player count."""
        try:
            return self.decks[n]
        except KeyError:
            rs = self.rs
            deck = rs.deck_for(n)
            how = DEAL
            if deck is not None and self.draw_attributes is not None:
                how = TEMPLATES if all(c in self.templates for c in deck.cards) else MIXED
            d = self.decks[n] = (deck, how)
            return d


DEAL, TEMPLATES, MIXED = 0, 1, 2
"""How a game is seated (:meth:`Plan.deck`)."""


def parts_of(rs: Ruleset) -> tuple:
    """The parts of ``rs`` a plan is made from: a plan is stale when one is replaced."""
    return (rs.roles, rs.attributes, rs.symbols, rs.decks, rs.engine, rs.triggers, rs.replacements, rs.globals,
            rs.win_reads)


def globals_start(rs: Ruleset) -> tuple | None:
    """``(start, fresh)`` when no global's starting value depends on the game: ``start``
    is ``{name: value}`` in the ruleset's order, and ``fresh`` the ``(name, closure)``
    of those whose value must be a new object each game (a list), to evaluate again;
    ``None`` when one depends on the game (they are evaluated in order, per game)."""
    start: dict[str, Any] = {}
    fresh = []
    for name, fn in rs.globals.items():
        k = pure_value(fn)
        if k is None:
            return None
        start[name] = k[0]
        if not isinstance(k[0], IMMUTABLE):
            fresh.append((name, fn))
    return start, tuple(fresh)


def template(r: Role) -> tuple | None:
    """``(faction, klass, team, counters, statuses, r)`` of a role whose fields and
    counters are constants (:func:`value_of`) of immutable values; ``None`` when one
    must be computed per game (it may read the game or draw from its random generator)."""
    fields = []
    for fn, value in ((r.faction_fn, r.faction), (r.klass_fn, r.klass), (r.team_fn, r.team)):
        if fn is not None:
            k = value_of(fn)
            if k is None:
                return None
            value = k[0]
        fields.append(value)
    counters: dict[str, Any] = {}
    for name, fn in r.counters:
        k = value_of(fn)
        if k is None:
            return None
        counters[name] = k[0]
    return (*fields, counters, tuple(r.statuses), r)


class _Touched(BaseException):
    """A closure read the probe game or its environment (not an ``Exception``: no
    generated code catches it)."""


class _Probe:
    """A game that no closure may read: any attribute is :class:`_Touched`."""

    def __getattr__(self, name):
        raise _Touched(name)


class _ProbeEnv(dict):
    """An environment that no closure may read."""

    def __getitem__(self, key):
        raise _Touched(key)

    def get(self, key, default=None):
        raise _Touched(key)

    def __contains__(self, key):
        raise _Touched(key)


def value_of(fn: Callable) -> tuple | None:
    """``(value,)`` when the closure ``fn(g, env)`` always gives this immutable value
    (:func:`pure_value`); else ``None``."""
    k = pure_value(fn)
    return k if k is not None and isinstance(k[0], IMMUTABLE) else None


def pure_value(fn: Callable) -> tuple | None:
    """``(value,)`` when the closure ``fn(g, env)`` gives a value that depends on nothing:
    a constant (:func:`~wolfdsl.lang.codegen.const_of`), or a closure that reads neither
    the game nor its environment (``none`` or ``[]``, which the compiler does not fold: a
    closure cannot draw a random number or see the state without reading ``g``). Such
    a closure called again gives an equal value (a new one, for a list). Else ``None``."""
    k = const_of(fn)
    if k is not None:
        return k
    try:
        return (fn(_Probe(), _ProbeEnv()),)
    except _Touched:
        return None
    except Exception:  # a rule that fails: it fails in the game, in its turn
        return None


_PLANS: dict[int, Plan] = {}


def plan_of(rs: Ruleset) -> Plan:
    """The :class:`Plan` of ``rs``, built on first use and rebuilt when one of its
    parts (:func:`parts_of`) was replaced."""
    p = _PLANS.get(id(rs))
    if p is not None and p.rs is rs:
        old = p.parts
        if (old[0] is rs.roles and old[1] is rs.attributes and old[2] is rs.symbols and old[3] is rs.decks
                and old[4] is rs.engine and old[5] is rs.triggers and old[6] is rs.replacements
                and old[7] is rs.globals and old[8] is rs.win_reads):
            return p
    if len(_PLANS) >= MAX_PLANS:
        del _PLANS[next(iter(_PLANS))]
    p = _PLANS[id(rs)] = Plan(rs)
    return p
