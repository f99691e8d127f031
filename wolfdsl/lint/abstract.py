"""Abstract game states: counts of living players by profile, for the win checks.

A *profile* groups the roles of a deck that the win rules cannot tell apart (same
faction, class, team and read properties; a role the win rules name keeps its own).
A state says how many players of each profile are alive, plus a few deviations that
rules can cause: up to two living players whose faction was changed by a
``.faction = F`` statement, a status the win rules read held by no living player or
by all of them, and the cause of death of the dead. Each state is materialised as a
real :class:`wolfdsl.play.game.Game` (a probe), so win rules are evaluated by their own
compiled closures — the semantics is the engine's, not a re-implementation.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from ..lang import syntax as A
from ..play.agents import BaseAgent
from ..play.game import Game
from .context import walk
from .effects import Analyzer

MAX_STATES = 4000
"""States per deck before the explorer switches from enumeration to seeded sampling."""


@dataclass(frozen=True)
class State:
    living: tuple[int, ...]                 # per profile
    devs: tuple[tuple[int, str], ...]       # (profile, faction) of each deviated living seat
    statuses: tuple[str, ...]               # statuses every living player holds
    cause: str | None                       # cause of death of every dead player

    def size(self) -> int:
        return sum(self.living)


class Table:
    """The states of one deck of a ruleset, and a probe game to evaluate them on."""

    def __init__(self, ctx, rs, deck):
        self.ctx, self.rs, self.deck = ctx, rs, deck
        cards = list(deck.cards)
        n = max(deck.low, min(deck.high, len(cards) - deck.extra))
        self.n = n
        from dataclasses import replace
        # any split of the deck will do: the redeal rules do not apply to a probe
        self.probe = Game(replace(rs, decks=(deck,), redeals=()), 0, BaseAgent(), seats=cards[:n], extra_cards=cards[n:])
        self.probe.rs = rs
        wins = ctx.of_kind("win")
        win_nodes = [n for w in wins for n in walk(w.when)]
        an = Analyzer(ctx)
        reads = set()
        for w in wins:
            reads |= an.of(w).reads
        for f in ctx.funcs.values():
            if any(isinstance(x, A.Call) and x.name == f.name for x in win_nodes):
                win_nodes += list(walk(f.expr))
        named = {x.id for x in win_nodes if isinstance(x, A.Name)} | {x.value for x in win_nodes if isinstance(x, A.Str)}
        props = sorted(r[4:] for r in reads if r.startswith("var:"))
        # profiles
        self.profiles: list[tuple] = []
        self.cards_of: list[list[str]] = []
        for role in cards:
            p = self.probe.players[1]
            self.probe.become(p, role, fresh=True)
            key = (p.faction, p.klass, p.team, tuple(self.probe.seat_value(1, x) for x in props),
                   role if role in named else None)
            p.statuses.clear()
            if key not in self.profiles:
                self.profiles.append(key)
                self.cards_of.append([])
            self.cards_of[self.profiles.index(key)].append(role)
        # deviations the rules can cause
        factions = set(rs.symbols["faction"])
        self.dyn_factions: list[str] = []
        if "field:faction" in reads:
            dyn = set()
            for d in ctx.program():
                for x in walk(d):
                    if isinstance(x, A.Assign) and x.attr == "faction":
                        if isinstance(x.expr, A.Name) and x.expr.id in factions:
                            dyn.add(x.expr.id)
                        else:
                            dyn |= factions
            self.dyn_factions = sorted(dyn)
        added = {x.status for d in ctx.program() for x in walk(d) if isinstance(x, A.AddStatus)}
        self.win_statuses = sorted(r[7:] for r in reads if r.startswith("status:") and r[7:] in added)[:2]
        causes = set(rs.symbols["cause"])
        self.win_causes = sorted(named & causes) if "alive" in reads else []
        self.mass_deaths = any(an.of(t).kills for t in ctx.of_kind("trigger") + ctx.of_kind("replacement")
                               if t.event == "death")

    # ------------------------------------------------------------ enumeration
    def _dev_options(self) -> list[tuple[tuple[int, str], ...]]:
        pairs = [(i, f) for i, prof in enumerate(self.profiles) for f in self.dyn_factions if f != prof[0]]
        out = [()]
        out += [(p,) for p in pairs]
        out += list(itertools.combinations_with_replacement(pairs, 2))
        return out

    def states(self, seed: int = 0):
        """Every state (or, past :data:`MAX_STATES`, a seeded sample); the first
        value is whether the enumeration was exhaustive."""
        ranges = [range(len(c) + 1) for c in self.cards_of]
        devs = self._dev_options()
        modes = [()] + [(s,) for s in self.win_statuses] + ([tuple(self.win_statuses)] if len(self.win_statuses) > 1 else [])
        causes = [None] + self.win_causes
        total = 1
        for r in ranges:
            total *= len(r)
        total *= len(devs) * len(modes) * len(causes)
        exhaustive = total <= MAX_STATES
        out = []
        if exhaustive:
            for living in itertools.product(*ranges):
                if sum(living) > self.n:
                    continue
                for dv in devs:
                    if not self._fits(living, dv):
                        continue
                    for m in modes:
                        for c in causes:
                            out.append(State(living, dv, m, c))
        else:
            rng = random.Random(seed)
            full = tuple(len(c) for c in self.cards_of)
            seen = set()
            for _ in range(MAX_STATES * 3):
                living = tuple(rng.choice(r) for r in ranges)
                if sum(living) > self.n:
                    continue
                st = State(living, rng.choice(devs), rng.choice(modes), rng.choice(causes))
                if self._fits(living, st.devs) and st not in seen:
                    seen.add(st)
                    out.append(st)
                if len(out) >= MAX_STATES:
                    break
            for dv in devs:  # the starting states are always included
                for m in modes:
                    st = State(full, dv, m, None)
                    if self._fits(full, dv) and st not in seen:
                        out.append(st)
        return exhaustive, out

    @staticmethod
    def _fits(living, devs) -> bool:
        need = {}
        for i, _ in devs:
            need[i] = need.get(i, 0) + 1
        return all(living[i] >= k for i, k in need.items())

    # ------------------------------------------------------------ materialise
    def load(self, st: State) -> Game:
        """Set the probe game to this state and return it."""
        g = self.probe
        seats = []
        rest = []
        for i, cards in enumerate(self.cards_of):
            seats += cards[: st.living[i]]
            rest += cards[st.living[i]:]
        alive_n = len(seats)
        seats += rest[: self.n - alive_n]
        dev_left = list(st.devs)
        prof_of = []
        for i, cards in enumerate(self.cards_of):
            prof_of += [i] * st.living[i]
        for k, p in enumerate(g.players[1:]):
            role = seats[k]
            p.statuses = set()
            p.vars = {}
            g.become(p, role, fresh=True)
            g.set_alive(p, k < alive_n)
            p.cause = None if p.alive else st.cause
            p.death_day = None if p.alive else 1
            p.death_phase = None if p.alive else "night"
            if p.alive:
                for s in st.statuses:
                    p.statuses.add(s)
                for j, (pi, f) in enumerate(dev_left):
                    if pi == prof_of[k]:
                        p.faction = f
                        del dev_left[j]
                        break
        g.dead_order = [p.seat for p in g.players[1:] if not p.alive]
        g.day, g.phase = 2, "day"
        return g

    def successors(self, st: State):
        """States one death later (any number of deaths when triggers kill)."""
        for i, k in enumerate(st.living):
            if k == 0:
                continue
            living = st.living[:i] + (k - 1,) + st.living[i + 1:]
            if self._fits(living, st.devs):
                yield State(living, st.devs, st.statuses, st.cause)
            for j, (pi, f) in enumerate(st.devs):
                if pi == i:
                    yield State(living, st.devs[:j] + st.devs[j + 1:], st.statuses, st.cause)

    def describe(self, st: State) -> str:
        roles: dict[str, int] = {}
        for i, cards in enumerate(self.cards_of):
            for r in cards[: st.living[i]]:
                roles[r] = roles.get(r, 0) + 1
        alive = ", ".join(f"{k} {r}" for r, k in roles.items()) or "nobody"
        extra = []
        for i, f in st.devs:
            extra.append(f"a {self.cards_of[i][0]} turned {f}")
        for s in st.statuses:
            extra.append(f"every living player {s}")
        if st.cause and sum(st.living) < self.n:
            extra.append(f"the dead died of {st.cause}")
        return f"{self.n} players, alive: {alive}" + (f" ({'; '.join(extra)})" if extra else "")


def tables(ctx):
    """One :class:`Table` per deck to explore: for decks that share one set of roles
    (a box dealt for 12 to 18 players), the smallest and the largest."""
    if getattr(ctx, "_tables", None) is not None:
        return ctx._tables
    rs = ctx.rs
    out = []
    by_roles: dict[frozenset, list] = {}
    for deck in ctx.decks():
        by_roles.setdefault(frozenset(deck.cards), []).append(deck)
    chosen = []
    for group in by_roles.values():
        group.sort(key=lambda d: len(d.cards))
        chosen += [group[0]] + ([group[-1]] if len(group) > 1 else [])
    for deck in chosen:
        try:
            out.append(Table(ctx, rs, deck))
        except Exception:  # noqa: BLE001 - a deck the engine cannot seat is E208's business
            continue
    ctx._tables = out
    return out


def holds(fn, g) -> bool:
    """Whether the condition ``fn`` holds on the probe game ``g``; a condition that fails
    does not hold there. Each evaluation has the run limits to itself, so one runaway
    condition does not use up the budget of the conditions after it; a condition that
    ran away once is not evaluated again on this probe (it holds nowhere)."""
    gone = g.__dict__.setdefault("_lint_runaway", set())
    if id(fn) in gone:
        return False
    g.steps = g.depth = 0
    try:
        return bool(fn(g, {}))
    except Exception as exc:  # noqa: BLE001 - a rule that fails on a state does not hold there
        if any(getattr(d, "code", None) == "E402" for d in getattr(exc, "diagnostics", ())):
            gone.add(id(fn))
        return False
