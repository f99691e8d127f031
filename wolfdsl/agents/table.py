"""The ``table`` agent: each seat plays from its own beliefs and the ruleset's hints.

One :class:`Mind` a seat, fed only what that seat may see (:mod:`wolfdsl.play.views`):
its card, what it is told, public events and claims. A decision is answered, in order:

1. from the ruleset's ``score`` hint (:attr:`Request.scores`, evaluated from the deciding
   seat's beliefs): the best-scoring legal option (the ``count`` best for several seats);
   where passing is allowed, an option must score above 0 to be taken;
2. from the ``prefer`` hint: one of the preferred options, at random;
3. a ballot with no hint: the candidate this seat suspects most;
4. anything else: like the ``random`` agent.

``skill`` (``--agents table:skill=0.5``) blends: each decision is the table's with that
probability, a random one otherwise. A team's decision (``by werewolves``) is made by
its living member with the lowest seat, from that member's beliefs. Each seat draws from
its own generator, so one seat's choices never depend on another's private information.
"""
from __future__ import annotations

import math
from math import isfinite
from operator import sub

from ..play.agents import BaseAgent, RandomAgent, Request, follow_alive, pick_preferred
from ..play.seeding import derive, seeded
from .beliefs import Beliefs

FOCAL_STEP = 1e-6
"""How much the focal order (:meth:`TableAgent.focal_for`) adds to a score, per rank: a
tie-breaker, too small to overturn a real difference in belief."""
NEAR = 1e-8
"""Scores closer than this may tie once rounded to 9 decimals (:func:`_apart`)."""
READ = 0.28
"""Default strength of the speech impressions (:meth:`TableAgent.impressions`)."""
VOTE = 0.1
"""Default strength of the ballots' reading (:meth:`TableAgent.ballots`): ``1 - vote`` is
the odds that a voter accuses (or backs) a seat of his own side, against one of the other
side."""
NIGHT_KILL_ODDS = 3.0
"""A player killed at night: odds that he belongs to the deck's largest faction (the
hunted side) rise by this factor."""


class Mind:
    """One seat's beliefs and random generator."""

    READS = frozenset({"inform", "claim", "reveal", "death"})
    """The event types :meth:`see` learns from."""

    def __init__(self, board, seat: int | None, seed: int, shared: dict | None = None):
        self.seat = seat
        self.beliefs = Beliefs(board, seat, shared)
        self.rng = seeded(derive(seed, "seat", seat))
        self.team: str | None = None
        self.faction: str | None = None

    def card(self, card: dict) -> None:
        self.team, self.faction = card.get("team"), card.get("faction")
        self.beliefs.fix(self.seat, card.get("role"), card.get("faction"))

    def see(self, ev: dict, pressed: bool = False) -> None:
        t = ev["type"]
        b = self.beliefs
        if t == "inform":
            what = ev.get("what")
            if isinstance(what, dict):
                b.told(what)
        elif t == "claim":
            b.claim(ev["seat"], ev.get("role"), ev.get("told"), pressed)
        elif t == "reveal" and isinstance(ev.get("seat"), int) and ev.get("role") in b.board.roles:
            b.fix(ev["seat"], ev["role"])
        elif t == "death" and ev["phase"] == "night" and "cause" not in ev:
            # a night's death whose cause nobody saw (own seat too: fixed, so no effect);
            # one the table saw caused (a night-killed hunter's shot) is no hidden kill
            b.weigh(ev["seat"], b.factions[0], NIGHT_KILL_ODDS)


class TableAgent(BaseAgent):
    """``--agents table``: see the module."""

    name = "table"
    uses_preferences = True
    uses_scores = True
    scores_replace_prefer = True
    sees = True
    watches = Mind.READS | {"phase", "speeches", "vote", "revive", "role_change", "faction_change"}

    def __init__(self, seed: int = 0, skill: float = 1.0, read: float = READ, vote: float = VOTE):
        self.seed = seed
        self.skill = float(skill)
        if not 0.0 <= self.skill <= 1.0:
            raise ValueError("skill is between 0 and 1")
        self.read = float(read)
        if not 0.0 <= self.read <= 5.0:
            raise ValueError("read is between 0 and 5")
        self.vote = float(vote)
        if not 0.0 <= self.vote < 1.0:
            raise ValueError("vote is between 0 and 1 (below 1)")
        self.cards: dict[int, str | None] = {}
        self.minds: dict[int | None, Mind] = {}
        self.alive: set[int] = set()
        self.fallback = RandomAgent(derive(seed, "random"))
        self.board = None
        self.focal: dict | None = None
        self.emit = None  # the game's, once bound: impressions are logged
        self.focal_at: tuple = (0, "setup")
        self.heard: set[int] = set()  # the seats read today (impressions)
        self.heard_on = 0  # that day
        self.speech_rng = None  # that day's generator of readings
        self.viewed: tuple | None = None  # the last vote whose public view was logged
        self.pressure = False  # whether the speeches under way come before an exile vote
        self.recording = False  # whether the game keeps its log (the public view is logged)

    # ---------------------------------------------------------------- what seats see
    def setup(self, board) -> None:
        self.board = board
        self.shared: dict = {}  # marginals by evidence, shared by this game's minds
        self.minds = {None: Mind(board, None, self.seed, self.shared)}
        self.focal, self.focal_at = None, (0, "setup")
        self.alive = set(range(1, board.n + 1))
        self.pressure = False

    def dealt(self, seat: int, card: dict) -> None:
        mind = self.minds.get(seat)
        if mind is None:
            mind = self.minds[seat] = Mind(self.board, seat, self.seed, self.shared)
        mind.card(card)
        self.cards[seat] = card.get("faction")

    def observe(self, seat, event: dict) -> None:
        if self.board is None:
            return
        t = event["type"]
        if seat is None:
            follow_alive(self.alive, event)
            if t == "death" or t == "revive":
                for mind in self.minds.values():
                    mind.beliefs.living(self.alive)
            if t in Mind.READS and (t != "death" or event["phase"] == "night"):  # a day's death says nothing
                pressed = t == "claim" and self.pressed(event["seat"], event.get("role"))
                for mind in self.minds.values():
                    mind.see(event, pressed)
        elif seat in self.minds and t in Mind.READS:
            self.minds[seat].see(event)
        if t == "phase":
            self.focal, self.focal_at = None, (event["day"], event["phase"])  # drawn when a ballot needs it
        elif t == "vote" and seat is None:
            self.ballots(event)
        elif t == "speeches":
            if self.read > 0:
                # a seat is heard when it first speaks in the day: a campaign's candidates,
                # then the discussion's speakers (the night's dead announced by then)
                self.impressions(event["day"], event.get("order") or ())
            self.pressure = bool(event.get("exile_next", True))  # claims may be under pressure

    def pressed(self, seat, role) -> bool:
        """Whether a public claim of ``role`` by ``seat`` is made under pressure: a new
        claim (not one the seat repeats) by the seat the table suspects most, on public
        evidence and alone (not tied, as on a first day nobody has read yet), in speeches
        before an exile vote (after a ``speeches`` event that says ``exile_next: false``,
        as a sheriff campaign's, nobody is under pressure), and no answer to another
        living seat's claim of the same card. He claims to save himself, true or not; the
        beliefs take its bluff as likelier (:data:`~wolfdsl.agents.beliefs.PRESSED`).
        The holder who answers a wolf's claim of his card (对跳) is not under pressure,
        even when that claim has made him the table's new top suspect."""
        public = self.minds.get(None)
        if not self.pressure or public is None or type(seat) is not int or seat not in self.alive:
            return False
        b = public.beliefs
        if any(r == role and (s == seat or s in self.alive) for s, (r, _) in b.claims.items()):
            return False
        susp = b.suspicions()
        mine = susp[seat]
        return all(susp[s] < mine for s in self.alive if s != seat)

    def impressions(self, day: int, order) -> None:
        """The speeches of a ``speeches`` event (``order``: the seats that speak), as every
        player hears them: for each seat of ``order`` that the table takes to be alive and
        that has not spoken yet this day (in seat order, from one generator a day), one
        public reading ``x ~ Normal(read, 1)`` when the seat is not in the deck's largest
        faction (the hunted side), ``Normal(0, 1)`` when it is; every seat weighs the other
        seats' factions by the likelihood ratio ``exp(read * x - read² / 2)``.

        This is the model's stand-in for what a table reads from speeches; ``read`` (0:
        speeches say nothing) is the table's skill at it, the knob that calibrates the
        village's win rate (``docs/agents.md``)."""
        if day != self.heard_on:
            self.heard_on, self.heard = day, set()
            self.speech_rng = seeded(derive(self.seed, "speech", day))
        rng = self.speech_rng
        factions = self.minds[None].beliefs.factions
        majority = factions[0]
        r = self.read
        ratios = []
        reads = {}
        new = sorted(s for s in order if s in self.alive and s not in self.heard)
        self.heard.update(new)
        for s in new:
            x = rng.gauss(r if self.cards.get(s) not in (None, majority) else 0.0, 1.0)
            reads[s] = x
            ratios.append((s, math.exp(min(50.0, r * x - r * r / 2))))
        for mind in self.minds.values():  # own seat too: it is fixed, so no effect,
            mind.beliefs.weigh_all(ratios, factions[1:])  # and minds that know alike share marginals
        if self.emit is not None and reads:  # in the log, so a reader sees why votes went so
            # + 0.0: a reading that rounds to zero is logged 0.0, never -0.0
            self.emit("impressions", {"reads": {s: round(x, 2) + 0.0 for s, x in reads.items()}, "read": r})

    def ballots(self, event: dict) -> None:
        """A vote's ballots as public evidence, read as the vote's ``ballot`` clause says
        (:attr:`~wolfdsl.play.views.Board.ballots`; a vote without one says nothing).

        Each ballot of seat ``v`` for seat ``c`` weighs ``v``'s odds of not being in the
        deck's largest faction (the hunted side) by a likelihood ratio, from the public
        view before the vote (``p``: the probability that ``c`` is not of that faction):
        a voter ``accuses`` a seat of his own side with odds ``e = 1 - vote`` against one
        of the other side (``vote``: :data:`VOTE`, ``--agents table:vote=…``; 0: ballots
        say nothing), so the ratio is ``((1 - p) + e·p) / (p + e·(1 - p))`` (a ballot that
        ``backs`` reads with ``p`` and ``1 - p`` swapped).
        Every seat weighs alike (the same table, shared): a vote for the table's suspect
        clears a voter a little, a vote for a trusted seat makes him suspect."""
        reading = self.board.ballots.get(event.get("kind"))
        ballots = event.get("ballots")
        public = self.minds.get(None)
        if reading is None or not ballots or public is None or self.vote <= 0:
            return
        susp = public.beliefs.suspicions()
        n, e = self.board.n, 1.0 - self.vote
        ratios = []
        for v, c in sorted(ballots.items()):
            if type(c) is int and c != v and 1 <= c <= n:
                p = susp[c] if reading == "accuses" else 1.0 - susp[c]
                ratios.append((v, ((1.0 - p) + e * p) / (p + e * (1.0 - p))))
        if ratios:
            factions = public.beliefs.factions
            for mind in self.minds.values():
                mind.beliefs.weigh_all(ratios, factions[1:])

    def bind(self, emit) -> None:
        """``emit(type, fields)``: the game's, to log the ``impressions`` events (``{"reads":
        {seat: x}, "read": strength}``: how the speeches were heard) and, when the game
        keeps its log (the ``record`` of the game ``emit`` is bound to), the
        ``suspicions`` before each vote; ``None``: the game is over."""
        self.emit = emit
        self.recording = emit is not None and getattr(getattr(emit, "__self__", None), "record", True)

    def focal_for(self, day: int, phase: str) -> None:
        """Draw the phase's focal order: a public, random ranking of the seats that breaks
        ties between equally suspected players the same way for every bot (the table's
        talk settling on someone), so that like-minded players vote together."""
        rng = seeded(derive(self.seed, "focal", day, phase))
        order = list(range(1, self.board.n + 1))
        rng.shuffle(order)
        self.focal = {s: i * FOCAL_STEP for i, s in enumerate(order)}

    def focal_now(self) -> dict:
        """The current phase's focal order (``{seat: tie-breaker}``, :meth:`focal_for`),
        drawn at its first use: from a generator of its own, so the same whenever drawn."""
        if self.focal is None:
            self.focal_for(*self.focal_at)
        return self.focal

    # ---------------------------------------------------------------- deciding
    def mind_for(self, seat: int | None, by: str | None) -> Mind | None:
        """The mind that decides for ``seat``, or for team ``by`` (its lowest living
        member), or the public view."""
        if seat is not None:
            return self.minds.get(seat)
        if by is not None:
            for s in sorted(self.alive):
                m = self.minds.get(s)
                if m is not None and m.team == by:
                    return m
        return self.minds.get(None)

    def beliefs(self, seat: int | None, by: str | None):
        """The :class:`Beliefs` a ``score``/``prefer`` hint reads for this decider."""
        mind = self.mind_for(seat, by)
        return mind.beliefs if mind is not None else None

    def table_view(self, request: Request) -> None:
        """Before the first ballot of a vote (its action, day and round): log the public
        view of its candidates, a ``suspicions`` event ``{action, round, suspicion: {seat:
        p}}`` with ``p`` the probability that the seat is not in the deck's largest faction
        from public evidence only (claims, night deaths, the speeches' impressions), two
        decimals; what a reader needs to follow the vote. Changes no decision."""
        key = (request.day, request.phase, request.action, request.round)
        if key == self.viewed:
            return
        self.viewed = key
        public = self.minds.get(None)
        if public is None:
            return
        susp = public.beliefs.suspicions()
        view = {s: round(susp[s], 2) for s in request.options if type(s) is int}
        if view:
            self.emit("suspicions", {"action": request.action, "round": request.round, "suspicion": view})

    def decide(self, request: Request):
        if request.kind == "ballot" and self.recording:
            self.table_view(request)
        mind = self.mind_for(request.actor, request.by)
        if mind is None or self.board is None:
            return self.fallback.decide(request)
        rng = mind.rng
        if self.skill < 1.0 and rng.random() >= self.skill:
            self.fallback.rng = rng
            return self.fallback.decide(request)
        if request.default == "none" and request.can_pass:
            return None
        if request.scores:
            return _best(request, request.scores, rng, self.focal_now() if request.kind == "ballot" else {})
        if request.preferred:
            return pick_preferred(request, rng)
        if request.kind == "ballot" and request.options:
            b = mind.beliefs
            return _best(request, {o: b.suspicion(o) for o in request.options}, rng, self.focal_now())
        self.fallback.rng = rng
        return self.fallback.decide(request)


def _best(request: Request, scores: dict, rng, focal: dict):
    """The best-scoring option(s); near-ties broken by the focal order (read for a
    ballot only), then at random; a pass when allowed and nothing scores above 0."""
    options = request.options
    if len(scores) != len(options):  # else every option is scored (a dict of them all)
        options = [o for o in options if o in scores]
    if not options:
        return None
    if request.kind == "ballot":
        near = focal.get
        values = [scores[o] + near(o, 0.0) for o in options]
    else:
        values = [scores[o] for o in options]
    draw = rng.random  # one draw per option, in option order, as a sort key would
    draws = [draw() for _ in values]
    if request.kind != "seats":
        best = options[_top(values, draws)]
        if request.can_pass and scores[best] <= 0:
            return None
        return best
    keys = _keys(values, draws)
    keys.sort()
    keyed = [options[k[2]] for k in keys]
    n = request.count or sum(1 for o in keyed if scores[o] > 0)
    chosen = [o for o in keyed if not request.can_pass or scores[o] > 0][:n]
    if len(chosen) < n:
        return None if request.can_pass else tuple(sorted(keyed[:n]))
    return tuple(sorted(chosen)) if chosen else None


def _top(values: list[float], draws: list[float]) -> int:
    """The index of the first of :func:`_keys`, without building keys where the rounding
    cannot matter: every value below the largest more than :data:`NEAR` below it (all
    equal included), when the largest wins if alone, else the lowest draw among the
    largest (the first of them on equal draws)."""
    if isfinite(sum(values)):
        ordered = sorted(values)
        top = ordered[-1]
        k = values.count(top)
        if k == len(ordered) or ordered[-k - 1] < top - NEAR:
            if k == 1:
                return values.index(top)
            return min((i for i, v in enumerate(values) if v == top), key=draws.__getitem__)
    return min(_keys(values, draws))[2]


def _keys(values: list[float], draws: list[float]) -> list[tuple]:
    """The sort key ``(-round(value, 9), draw, index)`` of each value (values within
    1e-9 tie, and the draw decides). The values are rounded only where that can change
    the order (:func:`_apart`): the keys order the same either way."""
    rounded = values if _apart(values) else [round(v, 9) for v in values]
    return [(-v, d, i) for i, (v, d) in enumerate(zip(rounded, draws))]


def _apart(values: list[float]) -> bool:
    """Whether rounding ``values`` (finite floats) to 9 decimals leaves their order as it
    is (``round`` never reverses two values; it may only tie two within ~1e-9): any two
    different values more than :data:`NEAR` apart. ``False`` also for a value that is
    not finite."""
    if not isfinite(sum(values)):
        return False
    distinct = sorted(set(values))
    return len(distinct) < 2 or min(map(sub, distinct[1:], distinct)) > NEAR
