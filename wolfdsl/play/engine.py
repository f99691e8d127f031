"""The game engine: runs a compiled ruleset with agents and writes the event log.

A small kernel that knows players, seats, factions, statuses, counters, phases, steps,
decisions, votes, deaths, triggers and win rules — and no role. Everything a role does
is a closure compiled from the ruleset (:mod:`wolfdsl.lang.compile`).

``play(ruleset, seed=..., agent=...) -> GameResult`` plays one game. The same ruleset,
seed and agents give a byte-identical event log.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable

from .agents import BaseAgent, Request
from ..lang.ir import EndPhase, RuleRuntimeError
from ..diagnostics import Span, WolfError, did_you_mean
from ..lang.ir import DecideOp, Ruleset, VoteOp
from .results import GameResult


class GameOver(Exception):
    """A win rule holds (or the day bound was passed): the game ends at once (WIN-03)."""


class StopRun(Exception):
    """The run reached ``stop_after``."""


class DecisionError(WolfError):
    """An agent's answer that the rules forbid; the message names the rule."""

    def __init__(self, message: str, request: Request | None = None):
        self.request = request
        super().__init__(message)


class Player:
    """One seat's record."""

    __slots__ = ("seat", "role", "faction", "klass", "team", "alive", "statuses", "vars",
                 "cause", "death_day", "death_phase", "attrs", "role_ir")

    def __init__(self, seat: int):
        self.seat = seat
        self.alive = True
        self.statuses: set[str] = set()
        self.vars: dict[str, Any] = {}
        self.cause = None
        self.death_day = None
        self.death_phase = None
        self.attrs: dict[str, Any] = {}


def _jsonable(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    return v


class Game:
    """The running state of one game; the compiled closures call its methods."""

    def __init__(self, rs: Ruleset, seed: int, agent, game: int = 0, seats: list[str] | None = None,
                 attributes: dict[int, dict] | None = None, stop_after: tuple[str, int] | None = None,
                 players: int | None = None, extra_cards: list[str] | None = None,
                 cards: list | None = None, record: bool = True):
        self.rs = rs
        self.seed = seed
        self.agent = agent
        self.game_index = game
        self.rng = random.Random(seed)
        self.stop_after = stop_after
        self.record = record
        self.events: list[dict] = []
        self.seq = 0
        self.day = 0
        self.phase = "setup"
        self.globals: dict[str, Any] = {}
        self.decided: dict[str, Any] = {}
        self.rounds: Counter = Counter()
        self.dead_order: list[int] = []
        self.given_last_words: list[int] = []
        self.scheduled: list[tuple[str, Any, dict]] = []
        self.card_deck: list[str] | None = None
        self.fixed_cards: dict[tuple[str, int], str] = {}
        self.warnings: list[str] = []
        for item in cards or ():
            phase, day, card = item
            if not rs.cards:
                self.warnings.append(f"cards: {rs.name} draws no event cards; '{card}' at {phase} {day} is not used")
                continue
            if card not in rs.cards:
                raise WolfError(f"cards: unknown card '{card}'" + did_you_mean(card, rs.cards)
                                + f"; cards of {rs.name}: {', '.join(sorted(rs.cards))}")
            self.fixed_cards[(phase, int(day))] = card
        self.pending: list[int] = []
        self.kill_depth = 0
        self._alive_cache: list[int] | None = None
        self.temporary = {s for s, sym in rs.statuses.items() if sym.temporary}
        # only agents that override the hook (the scripted one) pay for the reasons
        self.wants_preferences = bool(getattr(agent, "uses_preferences", False))
        self.wants_reasons = getattr(type(agent), "not_offered", BaseAgent.not_offered) is not BaseAgent.not_offered
        self._deal(seats, players, extra_cards, attributes or {})
        bound = rs.engine.day_bound
        self.max_days = int(bound(self, {})) if bound is not None else 40

    # ------------------------------------------------------------ setup
    def _deal(self, seats, players, extra_cards, attributes) -> None:
        rs = self.rs
        if seats is not None:
            n = len(seats)
        else:
            n = players if players is not None else rs.players[0]
        deck = rs.deck_for(n)
        if not rs.decks:
            raise WolfError(f"{rs.name} declares no deck: add one such as `deck 12: ROLE*4, ROLE, ...` listing a "
                            "card per player (after `import \"roles\"` for the standard roles)")
        if deck is None:
            raise WolfError(f"{rs.name} has no deck for {n} players (it is for "
                            f"{rs.players[0] if rs.players[0] == rs.players[1] else f'{rs.players[0]} to {rs.players[1]}'})")
        cards = list(deck.cards)
        if seats is not None:
            for r in seats:
                if r not in rs.roles:
                    raise WolfError(f"seats: unknown role '{r}'; roles of {rs.name}: {', '.join(sorted(rs.roles))}")
            left = Counter(cards)
            left.subtract(Counter(seats))
            if extra_cards is not None:
                left.subtract(Counter(extra_cards))
            if any(v < 0 for v in left.values()) or (extra_cards is not None and any(left.values())):
                want = ", ".join(f"{r}*{k}" if k > 1 else r for r, k in sorted(Counter(cards).items()))
                raise WolfError(f"seats {'and extra_cards ' if extra_cards else ''}do not match the deck of "
                                f"{rs.name} for {n} players: {want}")
            dealt = list(seats)
            extra = list(extra_cards) if extra_cards is not None else sorted(left.elements())
            self.extra_cards, self.deck_cards = extra, list(deck.cards)
            broken = self._redeal_reason()
            if broken is not None:
                raise WolfError(f"seats: these seats and extra cards break the ruleset's redeal rule: {broken}")
        else:
            for _ in range(10000):
                self.rng.shuffle(cards)
                dealt, extra = cards[:n], cards[n:]
                self.extra_cards, self.deck_cards = extra, list(deck.cards)
                if self._redeal_reason() is None:
                    break
            else:
                raise WolfError(f"{rs.name}: no deal satisfies the redeal rules after 10000 shuffles")
        self.n = n
        self.players: list[Player] = [Player(0)] + [Player(i + 1) for i in range(n)]
        for seat, given in attributes.items():
            for name, value in given.items():
                a = rs.attributes.get(name)
                if a is None:
                    raise WolfError(f"players: seat {seat} has attribute '{name}', which {rs.name} does not declare"
                                    + (f" (it declares: {', '.join(sorted(rs.attributes))})" if rs.attributes else ""))
                if a.values and value not in a.values:
                    raise WolfError(f"players: seat {seat}: {name} cannot be {value!r}; allowed: "
                                    + " | ".join(map(str, a.values)))
                if a.range is not None and (not isinstance(value, int) or isinstance(value, bool)
                                            or not a.range[0] <= value <= a.range[1]):
                    raise WolfError(f"players: seat {seat}: {name} must be a whole number from {a.range[0]} "
                                    f"to {a.range[1]}, not {value!r}")
        for p, role in zip(self.players[1:], dealt):
            given = attributes.get(p.seat, {})
            for name, a in rs.attributes.items():
                if name in given:
                    p.attrs[name] = given[name]
                elif a.default is not None:
                    p.attrs[name] = a.default
                elif a.range is not None:
                    p.attrs[name] = self.rng.randint(a.range[0], a.range[1])
                elif a.values:
                    p.attrs[name] = self.rng.choice(a.values)
                else:
                    p.attrs[name] = None
            self._become(p, role, fresh=True)
        env: dict = {}
        for name, fn in rs.globals.items():
            self.globals[name] = fn(self, env)

    def _redeal_reason(self) -> str | None:
        for cond, reason in self.rs.redeals:
            if cond(self, {}):
                return reason
        return None

    def _become(self, p: Player, role: str, fresh: bool) -> None:
        r = self.rs.roles[role]
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

    # ------------------------------------------------------------ events
    def emit(self, type_: str, fields: dict, day: int | None = None, phase: str | None = None) -> dict:
        ev = {"seq": self.seq, "game": self.game_index, "day": self.day if day is None else day,
              "phase": self.phase if phase is None else phase, "type": type_}
        ev.update(fields)
        self.seq += 1
        if self.record:
            self.events.append(ev)
        return ev

    def log(self, type_: str, fields: dict) -> None:
        self.emit(type_, _jsonable(fields))

    def tell(self, seat, fields: dict) -> None:
        if seat is None:
            return
        ev = self.emit("inform", {"seat": seat, "what": _jsonable(fields)})
        self.agent.observe(seat, ev)

    # ------------------------------------------------------------ state access
    def alive_list(self) -> list[int]:
        if self._alive_cache is None:
            self._alive_cache = [p.seat for p in self.players[1:] if p.alive]
        return list(self._alive_cache)

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
        if seat is None:
            return
        self.players[seat].vars[name] = value

    def set_seat_field(self, seat, field: str, value) -> None:
        if seat is None:
            return
        p = self.players[seat]
        if field == "role":
            if value not in self.rs.roles:
                raise RuleRuntimeError(f"cannot turn seat {seat} into unknown role {value!r}")
            self._become(p, value, fresh=False)
            self.emit("role_change", {"seat": seat, "role": value, "faction": p.faction})
        elif field == "faction":
            p.faction = value
            self.emit("faction_change", {"seat": seat, "faction": value})
        elif field == "class":
            p.klass = value
        elif field == "team":
            p.team = value

    def add_status(self, seat, status: str) -> None:
        if seat is None:
            return
        st = self.players[seat].statuses
        if status not in st:
            st.add(status)
            self.emit("status", {"seat": seat, "add": status})

    def remove_status(self, seat, status: str) -> None:
        if seat is None:
            return
        st = self.players[seat].statuses
        if status in st:
            st.discard(status)
            self.emit("status", {"seat": seat, "remove": status})

    def call_func(self, name: str, args: list) -> Any:
        f = self.rs.funcs[name]
        return f.body(self, dict(zip(f.params, args)))

    def call_proc(self, name: str, args: list) -> None:
        p = self.rs.procs[name]
        p.body(self, dict(zip(p.params, args)))

    # ------------------------------------------------------------ decisions
    def _not_offered(self, op_action, actor, by, reason) -> None:
        if self.wants_reasons:
            self.agent.not_offered(op_action, actor, by, self.day, self.phase, reason)

    def run_decide(self, op: DecideOp, env: dict) -> None:
        if op.by_kind == "role":
            actor = None
            for p in self.players[1:]:
                if p.role == op.by_name and p.alive:
                    actor = p.seat
                    break
            if actor is None:
                if self.wants_reasons:
                    dead = [p.seat for p in self.players[1:] if p.role == op.by_name]
                    for seat in dead:
                        self._not_offered(op.action, seat, op.by_name,
                                          f"seat {seat} ({op.by_name}) is dead: {self.rs.engine.dead_reason}")
                    self._not_offered(op.action, None, op.by_name,
                                      f"the {op.by_name} is dead: {self.rs.engine.dead_reason}" if dead
                                      else f"no {op.by_name} in the game")
                return
            by = op.by_name
        elif op.by_kind == "decider":
            actor, by = None, op.by_name
        elif op.by_kind == "team":
            if not any(p.alive and p.team == op.by_name for p in self.players[1:]):
                self._not_offered(op.action, None, op.by_name, f"no living member of team {op.by_name}")
                return
            actor, by = None, op.by_name
        else:
            actor = op.by_fn(self, env)
            if actor is None:
                return
            by = self.players[actor].role
        env[op.me] = actor
        for cond, reason in op.requires:
            if not cond(self, env):
                self._not_offered(op.action, actor, by, reason)
                return
        base = op.options(self, env) or []
        var = op.var
        if op.unless:
            options = []
            for o in base:
                env[var] = o
                if not any(c(self, env) for c, _ in op.unless):
                    options.append(o)
        else:
            options = list(base)
        can_pass = op.may_pass and (op.pass_when is None or bool(op.pass_when(self, env)))
        if op.count == "any":
            count = 0
        else:
            count = int(op.count(self, env)) if op.count is not None else 1
        if op.count is not None:
            kind = "seats"
        elif options and all(isinstance(o, bool) for o in options):
            kind = "yes_no"
        elif all(isinstance(o, int) and not isinstance(o, bool) for o in options):
            kind = "seat"
        else:
            kind = "symbol"
        if op.count == "any":
            can_pass = True  # choosing nobody is always possible
        if (not options or len(options) < count) and not can_pass:
            self._not_offered(op.action, actor, by, "no legal option")
            return
        if op.tell and actor is not None:
            self.tell(actor, {k: f(self, env) for k, f in op.tell})
        key = (op.action, actor)
        self.rounds[key] += 1

        def why_not(value, _env=dict(env)):
            if value is None and not can_pass and op.pass_reason:
                return op.pass_reason
            return self._why_not(op, _env, options, value, can_pass, kind, count)

        req = Request(op.action, op.short, actor, by, self.day, self.phase, self.rounds[key], kind,
                      tuple(options), can_pass, count, why_not)
        if op.by_kind == "decider":
            req.default = self.rs.deciders[op.by_name].default
        if op.prefer is not None and self.wants_preferences:
            req.preferred = self._preferred(op.prefer(self, env), options, can_pass)
        answer = self.agent.decide(req)
        answer = self._validate(req, answer, why_not)
        self.decided[op.action] = answer
        targets: list[int] = []
        choice = None
        if kind in ("seat", "seats"):
            if answer is not None:
                targets = list(answer) if kind == "seats" else [answer]
        else:
            choice = answer
        self.emit("action", {"seat": actor, "by": by, "action": op.action, "targets": targets, "choice": choice})
        env[var] = answer
        env[op.me] = actor
        op.body(self, env)

    @staticmethod
    def _preferred(value, options, can_pass) -> tuple:
        """A ``prefer`` hint reduced to legal choices (``None`` stands for passing)."""
        values = value if isinstance(value, (list, tuple)) else [value]
        legal = set(options)
        return tuple(v for v in values if (v is None and can_pass) or (v is not None and v in legal))

    def _why_not(self, op, env, options, value, can_pass, kind, count) -> str | None:
        if value is None:
            return None if can_pass else "a choice is required here; passing is not allowed"
        values = value if kind == "seats" and isinstance(value, (tuple, list)) else [value]
        if kind == "seats" and (not isinstance(value, (tuple, list)) or len(set(value)) != len(value)
                                or (count and len(value) != count)):
            return f"choose exactly {count} different seats" if count else "choose different seats"
        for v in values:
            env[op.var] = v
            for cond, reason in op.unless:
                try:
                    if cond(self, env):
                        return reason
                except (TypeError, IndexError, KeyError, RuleRuntimeError):
                    pass
            if v not in options:
                if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= self.n and not self.players[v].alive \
                        and kind in ("seat", "seats"):
                    return f"seat {v} is dead: {self.rs.engine.dead_reason}"
                shown = ", ".join("yes" if o is True else "no" if o is False else str(o) for o in options)
                return f"{_show(v)} is not a legal choice (legal: {shown}{', or pass' if can_pass else ''})"
        return None

    def _validate(self, req: Request, answer, why_not):
        if req.kind == "yes_no":
            if answer is None and req.can_pass:
                return False
        if req.kind == "seats" and isinstance(answer, list):
            answer = tuple(sorted(answer))
        if req.kind == "seat" and isinstance(answer, bool):
            pass
        reason = why_not(answer)
        if reason is not None:
            who = f"seat {req.actor}" if req.actor is not None else (req.by or "?")
            raise DecisionError(f"{req.at}: {req.action} by {who} cannot choose {_show(answer)}: {reason}", req)
        return answer

    def run_vote(self, op: VoteOp, env: dict) -> None:
        vv, cv = op.voter_var, op.cand_var
        base_voters = list(op.voters(self, env) or [])
        voters = []
        for v in base_voters:
            env[vv] = v
            stop = next((r for c, r in op.voter_unless if c(self, env)), None)
            if stop is None:
                voters.append(v)
            else:
                self._not_offered(op.action, v, None, stop)
        if self.wants_reasons:
            listed = set(base_voters)
            for p in self.players[1:]:
                if p.seat not in listed:
                    self._not_offered(op.action, p.seat, None,
                                      f"seat {p.seat} is dead, no vote: {self.rs.engine.dead_reason}" if not p.alive
                                      else "not among the voters of this vote")
        cands = list(op.candidates(self, env) or [])
        key = (op.action, None)
        self.rounds[key] += 1
        rnd = self.rounds[key]
        ballots: dict[int, Any] = {}
        tally: dict[int, float] = {}
        for v in voters:
            env[vv] = v
            if op.cand_unless:
                options = []
                for c in cands:
                    env[cv] = c
                    if not any(f(self, env) for f, _ in op.cand_unless):
                        options.append(c)
            else:
                options = cands

            def why_not(value, _env=dict(env), _options=tuple(options)):
                if value is None:
                    return None
                _env[cv] = value
                for f, reason in op.cand_unless:
                    try:
                        if f(self, _env):
                            return reason
                    except (TypeError, IndexError, KeyError, RuleRuntimeError):
                        pass
                if value not in _options:
                    return f"{_show(value)} is not a candidate (candidates: {', '.join(map(str, _options))})"
                return None

            req = Request(op.action, op.short, v, None, self.day, self.phase, rnd, "ballot",
                          tuple(options), True, 1, why_not)
            if op.prefer is not None and self.wants_preferences:
                req.preferred = self._preferred(op.prefer(self, env), options, True)
            answer = self._validate(req, self.agent.decide(req), why_not)
            ballots[v] = answer
            if answer is not None:
                env[cv] = answer
                w = op.weight(self, env) if op.weight is not None else 1
                if w:  # a ballot of weight 0 is cast but not counted
                    tally[answer] = tally.get(answer, 0) + w
        top: list[int] = []
        if tally:
            best = max(tally.values())
            top = sorted(s for s, t in tally.items() if t == best)
        result = top[0] if len(top) == 1 else None
        self.emit("vote", {"kind": op.kind, "round": rnd, "ballots": dict(ballots),
                           "tally": {s: tally[s] for s in sorted(tally)}, "result": result, "top": top})
        env[op.top_var] = top
        if op.ballots_var:
            env[op.ballots_var] = dict(ballots)
        op.body(self, env)

    # ------------------------------------------------------------ timed effects, cards, revival
    def schedule(self, phase: str, body, env: dict) -> None:
        """Run ``body`` when the next ``phase`` (night or day) starts (``later at``)."""
        self.scheduled.append((phase, body, dict(env)))

    def _run_scheduled(self, phase: str) -> None:
        due = [s for s in self.scheduled if s[0] == phase]
        if not due:
            return
        self.scheduled = [s for s in self.scheduled if s[0] != phase]
        for _, body, env in due:
            body(self, env)

    def draw_card(self) -> str | None:
        rs = self.rs
        if not rs.cards:
            return None
        fixed = self.fixed_cards.pop((self.phase, self.day), None)
        if self.card_deck is None:
            self.card_deck = sorted(rs.cards)
            self.rng.shuffle(self.card_deck)
        if fixed is not None:
            if fixed in self.card_deck:
                self.card_deck.remove(fixed)
            return fixed
        if not self.card_deck:
            self.card_deck = sorted(rs.cards)
            self.rng.shuffle(self.card_deck)
        return self.card_deck.pop()

    def play_card(self, card) -> None:
        if card is None:
            return
        c = self.rs.cards.get(card)
        if c is None:
            raise RuleRuntimeError(f"play: {card!r} is not an event card of {self.rs.name}")
        self.emit("card", {"card": c.id, "name": c.name, **dict(c.tags)})
        c.body(self, {})

    def revive(self, seat, role) -> None:
        """A dead player returns to the game (as ``role`` if given)."""
        if seat is None:
            return
        p = self.players[seat]
        if p.alive:
            return
        p.alive = True
        self._alive_cache = None
        p.cause = p.death_day = p.death_phase = None
        if seat in self.pending:
            self.pending.remove(seat)
        if seat in self.dead_order:
            self.dead_order.remove(seat)
        if role is not None:
            self._become(p, role, fresh=True)
        self.emit("revive", {"seat": seat, "role": p.role, "faction": p.faction})

    # ------------------------------------------------------------ deaths
    def kill(self, seat, cause: str, as_seat, span: Span | None) -> None:
        """A death now (or its replacement). ``as_seat``: date it like that seat's death.

        Deaths set off by deaths (triggers, replacements) nest; past ``2 * players + 20``
        levels the rules loop (a replacement that re-kills its own player), which is a
        :class:`RuleRuntimeError` pointing at the kill, not a Python recursion error."""
        depth = getattr(self, "_kill_nesting", 0) + 1
        bound = 2 * self.n + 20
        if depth > bound:
            raise RuleRuntimeError(f"trigger loop: more than {bound} nested deaths and replacements "
                                   f"(the last one: seat {seat}, cause {cause})", span)
        self._kill_nesting = depth
        try:
            self._kill(seat, cause, as_seat, span)
        finally:
            self._kill_nesting = depth - 1

    def _kill(self, seat, cause: str, as_seat, span: Span | None) -> None:
        if seat is None:
            return
        p = self.players[seat]
        if not p.alive:
            return
        for r in self.rs.replacements.get("death", ()):
            env = {r.var: seat, "cause": cause}
            if r.when is None or r.when(self, env):
                r.body(self, env)
                if not env.get("__proceed__"):
                    return
        p.alive = False
        self._alive_cache = None
        p.cause = cause
        if as_seat is not None and self.players[as_seat].death_day is not None:
            src = self.players[as_seat]
            p.death_day, p.death_phase = src.death_day, src.death_phase
        else:
            p.death_day, p.death_phase = self.day, self.phase
        self.dead_order.append(seat)
        outer = self.kill_depth == 0
        start = len(self.pending)
        self.pending.append(seat)
        self.kill_depth += 1
        try:
            for t in self.rs.triggers.get("death", ()):
                env = {t.var: seat, "cause": cause}
                if t.when is None or t.when(self, env):
                    t.body(self, env)
        finally:
            self.kill_depth -= 1
        if outer:
            self.check_win()
            if self.phase == "day":
                self.announce(start)

    def _last_words(self, seat: int) -> bool:
        name = self.rs.engine.last_words
        if name is None:
            return False
        f = self.rs.funcs[name]
        return bool(f.body(self, {f.params[0]: seat}))

    def _emit_death(self, seat: int, last_words: bool) -> None:
        p = self.players[seat]
        if last_words:
            self.given_last_words.append(seat)
        self.emit("death", {"seat": seat, "role": p.role, "cause": p.cause, "last_words": last_words},
                  day=p.death_day, phase=p.death_phase)

    def announce(self, start: int = 0) -> None:
        """Name the unannounced dead (from ``pending[start:]``): their death events with
        last words, then each one's ``announce`` triggers."""
        batch = self.pending[start:]
        del self.pending[start:]
        if not batch:
            return
        flags = [self._last_words(s) for s in batch]
        for s, lw in zip(batch, flags):
            self._emit_death(s, lw)
        triggers = self.rs.triggers.get("announce", ())
        for s in batch:
            for t in triggers:
                env = {t.var: s, "cause": self.players[s].cause}
                if t.when is None or t.when(self, env):
                    t.body(self, env)

    # ------------------------------------------------------------ wins
    def winners(self) -> tuple[list[str], str | None]:
        best = None
        winners: list[str] = []
        reason = None
        for w in self.rs.wins:
            if best is not None and w.priority < best:
                break
            if w.when(self, {}):
                if best is None:
                    best, reason = w.priority, w.name
                for f in w.factions:
                    if f not in winners:
                        winners.append(f)
        return winners, reason

    def check_win(self) -> None:
        winners, reason = self.winners()
        if winners:
            self._over = (winners, reason)
            raise GameOver()

    # ------------------------------------------------------------ the run
    def run(self) -> GameResult:
        rs = self.rs
        self._over = None
        self.emit("game_start", {
            "ruleset": rs.name, "seed": self.seed,
            "seats": [{"seat": p.seat, "role": p.role, "faction": p.faction} for p in self.players[1:]],
            **({"extra_cards": list(self.extra_cards)} if self.extra_cards else {}),
        }, day=1, phase=rs.first_phase)
        phase = rs.first_phase
        day = 1
        over = False
        try:
            while True:
                if day > self.max_days:
                    self._over = ([], "day_limit")
                    raise GameOver()
                self.day, self.phase = day, phase
                self._run_phase(phase)
                if self.stop_after == (phase, day):
                    raise StopRun()
                if phase == "night":
                    phase = "day"
                else:
                    phase, day = "night", day + 1
        except GameOver:
            over = True
        except StopRun:
            over = False
        except RecursionError:
            raise RuleRuntimeError(f"{self.phase} {self.day}: the rules call themselves without end (a func or proc "
                                   "that calls itself, directly or through another, with no way out)") from None
        if self.pending:
            batch = list(self.pending)
            self.pending.clear()
            for s in batch:
                self._emit_death(s, self._last_words(s) if over else False)
        result = GameResult(game=self.game_index, seed=self.seed, events=self.events, days=self.day, over=over,
                            warnings=list(self.warnings))
        if over:
            winners, reason = self._over
            seats = [p.seat for p in self.players[1:] if p.faction in winners]
            self.emit("game_over", {"winners": winners, "winning_seats": seats, "reason": reason})
            result.winners, result.winning_seats, result.reason = winners, seats, reason
        self.agent.game_end(over)
        return result

    def _run_phase(self, phase: str) -> None:
        for p in self.players[1:]:
            if p.statuses and self.temporary:
                p.statuses -= self.temporary
        self.decided = {}
        self.rounds = Counter()
        self.emit("phase", {})
        self._run_scheduled(phase)
        cut = False
        for step in self.rs.steps.get(phase, ()):
            if cut and not step.always:
                continue
            if step.when is not None and not step.when(self, {}):
                continue
            try:
                step.body(self, {})
            except EndPhase:
                cut = True
        self.check_win()
        self.agent.phase_end(self.day, phase, cut)
        if (phase, self.day) in self.fixed_cards:
            raise WolfError(f"cards: a card was fixed for {phase} {self.day}, but no card is drawn then")


_MISSING = object()


def _show(v) -> str:
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if v is None:
        return "none"
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(map(str, v)) + "]"
    return str(v)


def play(ruleset: Ruleset, *, seed: int, agent, game: int = 0, seats: list[str] | None = None,
         attributes: dict[int, dict] | None = None, stop_after: tuple[str, int] | None = None,
         players: int | None = None, extra_cards: list[str] | None = None, cards: list | None = None,
         record: bool = True) -> GameResult:
    """Play one game of ``ruleset`` and return its :class:`GameResult`.

    - ``seed``: seeds the deal and every random rule; the agent has its own seed.
    - ``seats``: fix the deal (role id per seat from 1); ``extra_cards``: the face-down
      cards; both must match the ruleset's deck for that many players.
    - ``attributes``: seat -> {attribute: value} (gender, age...).
    - ``stop_after``: ``("day", 2)`` ends the run after that phase (no ``game_over``).
    - ``record=False`` keeps no events (for fast Monte Carlo runs).

    Raises ``WolfError`` on bad input and :class:`DecisionError` when the agent gives an
    answer the rules forbid (the message names the rule).
    """
    g = Game(ruleset, seed, agent, game=game, seats=seats, attributes=attributes, stop_after=stop_after,
             players=players, extra_cards=extra_cards, cards=cards, record=record)
    return g.run()
