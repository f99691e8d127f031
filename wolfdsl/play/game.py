"""One game: the :class:`Game` façade and the phase loop, and the ways to play one.

A small kernel that knows players, seats, factions, statuses, counters, phases, steps,
decisions, votes, deaths, triggers and win rules — and no role. Everything a role does
is a closure compiled from the ruleset (:mod:`wolfdsl.lang.compile`), called as
``fn(g, env)`` with ``g`` the :class:`Game` (the members they use are listed by
:class:`wolfdsl.lang.ir.Runtime`).

The parts: :mod:`.table` (state and the seat API), :mod:`.deal` (the deal),
:mod:`.referee` (decisions and ballots), :mod:`.deaths` (kills and announcements),
:mod:`.hooks` (observers). This module adds the phase loop, ``later at`` scheduling,
event cards, revival and win rules.

``play(ruleset, seed=..., agent=...) -> GameResult`` plays one game;
:func:`play_game` plays game ``i`` of a seeded run with a named agent. The same ruleset,
seed and agents give a byte-identical event log.
"""
from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, WolfError
from ..lang.ir import EndPhase, RuleRuntimeError, Ruleset
from ..lang.limits import MAX_DAYS
from .agents import DEFAULT_AGENTS, BaseAgent
from .deal import DealError, attribute_problems, card_problems, deal, seat_attributes, shuffled
from .deaths import Deaths
from .hooks import Observer
from .plan import DEAL, TEMPLATES
from .referee import Referee
from .results import GameResult
from .seeding import agent_seed, game_seed
from .table import Player, Table
from .views import View

MAX_DAYS_DEFAULT = 40
"""The day bound of a ruleset that sets no ``engine day_bound``."""


class GameOver(Exception):
    """A win rule holds (or the day bound was passed): the game ends at once (WIN-03)."""


class StopRun(Exception):
    """The run reached ``stop_after``."""


class Game(Table):
    """The running state of one game; the compiled closures call its methods.

    Build it with the game's input (see :func:`play` for the arguments; ``observer``:
    a :class:`~wolfdsl.play.hooks.Observer` to watch it), then :meth:`run` it once.
    Raises :class:`~wolfdsl.play.deal.DealError` (a ``WolfError``) for an input that
    cannot be dealt, with each problem's path.
    """

    def __init__(self, rs: Ruleset, seed: int, agent, game: int = 0, seats: list[str] | None = None,
                 attributes: dict[int, dict] | None = None, stop_after: tuple[str, int] | None = None,
                 players: int | None = None, extra_cards: list[str] | None = None,
                 cards: list | None = None, record: bool = True, observer: Observer | None = None):
        super().__init__(rs, seed, agent, game, record, observer)
        plan = self.plan
        self.stop_after = stop_after
        self.scheduled: list[tuple[str, Any, dict]] = []
        self.card_deck: list[str] | None = None
        self.fixed_cards: dict[tuple[str, int], str] = {}
        self.warnings: list[str] = []
        if cards:
            for phase, day, card in cards:
                if not rs.cards:
                    self.warnings.append(f"cards: {rs.name} draws no event cards; '{card}' at {phase} {day} is not used")
                    continue
                self.fixed_cards[(phase, int(day))] = card
            problems = card_problems(rs, cards)
            if problems:
                raise DealError(problems)
        self.temporary = plan.temporary
        self.referee = Referee(self)
        self.run_decide, self.run_vote = self.referee.decide, self.referee.vote  # one call less a decision
        self.deaths = Deaths(self)
        self.kill = self.deaths.kill  # one call less a death (announce: once a day, see announce)
        self._over: tuple[list[str], str | None] | None = None
        self._seat(seats, players, extra_cards, attributes or {})
        bound = rs.engine.day_bound
        if bound is None:
            self.max_days = MAX_DAYS_DEFAULT
        else:
            k = plan.day_bound
            self.max_days = int(k[0] if k is not None else bound(self, {}))
            if self.max_days > MAX_DAYS:
                raise RuleRuntimeError(Diagnostic(rs.engine.spans.get("day_bound"), "error", f"engine day_bound is "
                                                  f"{self.max_days}; at most {MAX_DAYS} days are allowed", "E402"))
        if self.watched:
            self.watch_globals()

    def _seat(self, seats, players, extra_cards, attributes) -> None:
        """Deal the cards, give each seat its attributes and role, set up the globals.

        A game with no fixed seats or attributes is seated from the plan (:meth:`~wolfdsl.play.plan.Plan.deck`): the same shuffle,
        the same numbers drawn, no closure called for a role with a template."""
        rs = self.rs
        if seats is not None:
            n = len(seats)
            deck, how = None, DEAL
        else:
            n = players if players is not None else rs.default_players
            deck, how = self.plan.deck(n)
        self.n = n
        if how and not attributes:  # seated from the plan
            rng = self.rng
            cards = shuffled(rs, rng, deck, n)
            self.extra_cards, self.deck_cards = cards[n:], list(deck.cards)
            draw, draw_one = self.plan.draw_attributes
            if how == TEMPLATES:
                self.seat_templates(cards[:n], draw(rng, n), self.plan.templates)
            else:
                self.seat_mixed(cards[:n], draw_one, self.plan.templates)
        else:
            dealt = deal(rs, self.rng, n, seats, extra_cards)
            self.extra_cards, self.deck_cards = dealt.extra_cards, dealt.deck_cards
            self.players = [Player(0)] + [Player(i + 1) for i in range(n)]
            problems = attribute_problems(rs, attributes)
            if problems:
                raise DealError(problems)
            for p, role in zip(self.players[1:], dealt.seats):
                p.attrs = seat_attributes(rs, self.rng, attributes.get(p.seat, {}))
                self.become(p, role, fresh=True)
        start = self.plan.globals
        if start is not None:  # no global's start depends on the game
            glob = self.globals
            glob.update(start[0])
            for name, fn in start[1]:
                glob[name] = fn(self, {})
            return
        env: dict = {}
        glob = self.globals
        for name, fn in rs.globals.items():
            glob[name] = fn(self, env)

    # ------------------------------------------------------------ the parts, for closures
    def run_decide(self, op, env: dict) -> None:
        """Run a ``decide`` statement (:meth:`wolfdsl.play.referee.Referee.decide`)."""
        self.referee.decide(op, env)

    def run_vote(self, op, env: dict) -> None:
        """Run a ``vote`` statement (:meth:`wolfdsl.play.referee.Referee.vote`)."""
        self.referee.vote(op, env)

    def kill(self, seat, cause: str, as_seat, span=None) -> None:
        """Kill ``seat`` (:meth:`wolfdsl.play.deaths.Deaths.kill`)."""
        self.deaths.kill(seat, cause, as_seat, span)

    def announce(self, start: int = 0) -> None:
        """Announce the pending dead (:meth:`wolfdsl.play.deaths.Deaths.announce`); when
        there are none, the agent hears so (:meth:`~wolfdsl.play.agents.BaseAgent.nobody_announced`,
        not an event of the log)."""
        if len(self.pending) <= start:
            told = None if self.silent else getattr(self.agent, "nobody_announced", None)
            if told is not None:
                told(self.day, self.phase)
            return
        self.deaths.announce(start)

    def claim(self, seat, role, told: dict) -> None:
        """A ``claim`` statement (:meth:`wolfdsl.play.table.Table.claim`), then the
        ``claim`` triggers of the speaker (``cause`` is ``None``): a speech rule's
        punishment, for example."""
        super().claim(seat, role, told)
        if seat is None:
            return
        for t in self.rs.triggers.get("claim", ()):
            env = {t.var: seat, "cause": None}
            if t.when is None or t.when(self, env):
                self.run_item(t, env)

    def run_item(self, item, env: dict) -> None:
        """Run the body of a step, trigger or replacement, telling the observer; while
        it runs, it is the last of ``running`` (a death names it as its ``rule``)."""
        if self.silent:  # nothing reads ``running`` (only a logged death's provenance)
            item.body(self, env)
            return
        running = self.running
        running.append(item)
        try:
            if not self.watched:
                item.body(self, env)
                return
            self.observer.on_enter(item)
            try:
                item.body(self, env)
            except BaseException as err:
                self.observer.on_leave(item, err)
                raise
            self.observer.on_leave(item, None)
        finally:
            running.pop()

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
        """The next event card id (a card fixed for this phase first; the deck is
        reshuffled when empty), or ``None`` for a ruleset without cards."""
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
        """Log a ``card`` event and run the card's body; raises :class:`RuleRuntimeError`
        for an id that is not one of the ruleset's cards."""
        if card is None:
            return
        c = self.rs.cards.get(card)
        if c is None:
            raise RuleRuntimeError(f"play: {card!r} is not an event card of {self.rs.name}")
        self.emit("card", {"card": c.id, "name": c.name, **dict(c.tags)})
        self.running.append(c)
        try:
            c.body(self, {})
        finally:
            self.running.pop()

    def revive(self, seat, role) -> None:
        """A dead player returns to the game (as ``role`` if given)."""
        if seat is None:
            return
        p = self.players[seat]
        if p.alive:
            return
        self.set_alive(p, True)
        p.cause = p.death_day = p.death_phase = None
        p.why = {}
        if seat in self.pending:
            self.pending.remove(seat)
        if seat in self.dead_order:
            self.dead_order.remove(seat)
        if role is not None:
            self.become(p, role, fresh=True)
        self.emit("revive", {"seat": seat, "role": p.role, "faction": p.faction})

    # ------------------------------------------------------------ wins
    def winners(self) -> tuple[list[str], str | None]:
        """The factions whose win rules hold (all rules of the highest priority that
        holds), and that rule's name; ``([], None)`` when none holds. The ruleset's
        generated check (``rs.win_check``) when it has one, else the rules one by one."""
        check = self.rs.win_check
        if check is not None:
            winners, reason = check(self)
        else:
            best = None
            winners = []
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
        if self.watched:
            self.observer.on_winners(winners, reason)
        return winners, reason

    def check_win(self) -> None:
        """Raise :class:`GameOver` when a win rule holds (WIN-03). When none held at the
        last check and nothing the win rules read has changed since (``win_dirty``, kept
        by the table from ``rs.win_reads``), none can hold now: the check is skipped."""
        if not self.win_dirty:
            return
        winners, reason = self.winners()
        if winners:
            self._over = (winners, reason)
            raise GameOver()
        self.win_dirty = not self.win_gate

    # ------------------------------------------------------------ the run
    def release(self) -> None:
        """Drop the helpers that point back at this game (referee, deaths, view, the
        referee's bound methods and the ``emit`` an agent was bound to), so the game and
        everything its agent kept are freed as soon as the caller lets go of them, not at
        the next full garbage collection (a Monte Carlo run plays thousands of games;
        collecting their cycles cost a quarter of a table game's time)."""
        self.referee = self.deaths = self.view = None
        bind = getattr(self.agent, "bind", None)
        if bind is not None:  # the agent's hold on this game's emit
            bind(None)
        try:  # the referee's and the deaths' bound methods, kept for speed (set together)
            del self.run_decide, self.run_vote, self.kill, self.announce
        except AttributeError:  # released already
            pass

    def run(self) -> GameResult:
        """Play the phases from ``rs.first_phase`` of day 1 until a win, the day bound or
        ``stop_after``. Raises :class:`RuleRuntimeError` for rules that recurse without end."""
        rs = self.rs
        self._over = None
        check = getattr(self.agent, "check", None)
        if check is not None:  # a per-faction spec names factions of this ruleset
            check(rs.factions)
        bind = getattr(self.agent, "bind", None)
        if bind is not None:  # an agent that logs events of its own (seat players replaced)
            bind(self.emit)
        if getattr(self.agent, "sees", False):
            self.view = View(self)
            self.view.start()
        # nobody reads the events: no log, no view, no observer, an agent that ignores them
        self.silent = (not self.record and self.view is None and not self.watched
                       and getattr(type(self.agent), "observe", None) is BaseAgent.observe)
        label = getattr(self.agent, "seat_label", None)  # seats with players of their own
        if not self.silent:  # else nobody reads the events: none is built
            self.emit("game_start", {
                "ruleset": rs.name, **({"ruleset_sha256": rs.source_sha256} if rs.source_sha256 else {}),
                "seed": self.seed,
                "seats": [{"seat": p.seat, "role": p.role, "faction": p.faction,
                           **({"agent": label(p.seat)} if label is not None else {})} for p in self.players[1:]],
                **({"extra_cards": list(self.extra_cards)} if self.extra_cards else {}),
                **({"agents": self.agent.name} if label is not None else {}),
                **({"ruleset_text_sha256": rs.text_sha256} if rs.text_sha256 else {}),
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
        unannounced = () if over else tuple(self.pending)
        if self.pending:
            self.deaths.flush(over)
        result = GameResult(game=self.game_index, seed=self.seed, events=self.events, days=self.day, over=over,
                            warnings=list(self.warnings), causes=tuple(self.death_causes), unannounced=unannounced)
        if over:
            winners, reason = self._over
            seats = [p.seat for p in self.players[1:] if p.faction in winners]
            self.emit("game_over", {"winners": winners, "winning_seats": seats, "reason": reason})
            result.winners, result.winning_seats, result.reason = winners, seats, reason
        self.agent.game_end(over)
        return result

    def _run_phase(self, phase: str) -> None:
        """One phase: temporary statuses end, this phase's answers and request rounds
        start empty, the ``phase`` event, what was scheduled for it, its steps (the
        ruleset's generated function for the phase unless the game is watched, else
        :meth:`_run_steps`), the win check, the agent told the phase ended."""
        temporary = self.temporary
        if temporary:
            for p in self.players[1:]:
                if p.statuses:
                    p.statuses -= temporary
            if self.win_status:
                self.win_dirty = True
        if self.decided:
            self.decided = {}
        referee = self.referee
        if referee.rounds:
            referee.rounds = {}  # counts by (action, actor), read with .get
        if not self.silent:
            self.emit("phase", {})
        if self.scheduled:
            self._run_scheduled(phase)
        run = None if self.watched else self.rs.phase_runs.get(phase)
        cut = run(self) if run is not None else self._run_steps(phase)
        self.check_win()
        self.agent.phase_end(self.day, phase, cut)
        if self.fixed_cards and (phase, self.day) in self.fixed_cards:
            raise WolfError(f"cards: a card was fixed for {phase} {self.day}, but no card is drawn then")

    def _run_steps(self, phase: str) -> bool:
        """The steps of ``phase`` in order, each through :meth:`run_item` (the observer
        told): after an ``end phase`` only the ``always`` ones. Returns whether the phase
        was cut short. The generated ``rs.phase_runs`` do the same unwatched."""
        cut = False
        for step in self.rs.steps.get(phase, ()):
            if cut and not step.always:
                continue
            if step.when is not None and not step.when(self, {}):
                continue
            try:
                self.run_item(step, {})
            except EndPhase:
                cut = True
        return cut


def play(ruleset: Ruleset, *, seed: int, agent, game: int = 0, seats: list[str] | None = None,
         attributes: dict[int, dict] | None = None, stop_after: tuple[str, int] | None = None,
         players: int | None = None, extra_cards: list[str] | None = None, cards: list | None = None,
         record: bool = True, observer: Observer | None = None) -> GameResult:
    """Play one game of ``ruleset`` and return its :class:`GameResult`.

    - ``seed``: seeds the deal and every random rule; the agent has its own seed.
    - ``seats``: fix the deal (role id per seat from 1); ``extra_cards``: the face-down
      cards; both must match the ruleset's deck for that many players.
    - ``attributes``: seat -> {attribute: value} (gender, age...).
    - ``cards``: ``(phase, day, card id)`` event cards fixed for those phases.
    - ``stop_after``: ``("day", 2)`` ends the run after that phase (no ``game_over``).
    - ``record=False`` keeps no events (for fast Monte Carlo runs).
    - ``observer``: hooks called as the game runs (:mod:`wolfdsl.play.hooks`).

    Raises :class:`~wolfdsl.play.deal.DealError` (a ``WolfError`` with the problems'
    paths) on input that cannot be dealt, ``WolfError`` on other bad input, and
    :class:`~wolfdsl.play.referee.DecisionError` when the agent gives an answer the
    rules forbid (the message names the rule).
    """
    g = Game(ruleset, seed, agent, game=game, seats=seats, attributes=attributes, stop_after=stop_after,
             players=players, extra_cards=extra_cards, cards=cards, record=record, observer=observer)
    try:
        return g.run()
    finally:
        g.release()


# ---------------------------------------------------------------- one game of a run

def make_agent(name: str, seed: int, ruleset: Any = None):
    """The agent an ``--agents`` spec names (:func:`wolfdsl.agents.registry.build`), seeded;
    ``ruleset`` gives a human seat its display names.

    Raises :class:`WolfError` naming the available agents when ``name`` is unknown.
    """
    global _build
    if _build is None:
        from ..agents.registry import build as _build  # the registry imports this package
    return _build(name, seed, ruleset)


_build = None


def play_game(ruleset: Any, run_seed: int, game: int = 0, agents: str = DEFAULT_AGENTS,
              players: int | None = None, record: bool = True) -> GameResult:
    """Play game number ``game`` of a run seeded with ``run_seed``.

    The game's seed is ``game_seed(run_seed, game)`` (equal to ``run_seed`` for game 0,
    so ``wolfdsl run X --seed S`` plays game 0 of ``wolfdsl run X --games N --seed S``);
    the agent's seed is ``derive(game_seed, "agent")``. ``record=False`` keeps no
    event log (the result's ``causes`` still lists the deaths' causes).
    """
    seed = game_seed(run_seed, game)
    agent = make_agent(agents, agent_seed(seed), ruleset)
    # a seat played by a program of its own reports its failures as events: keep them
    keep = record or getattr(agent, "seat_label", None) is not None
    return play(ruleset, seed=seed, agent=agent, game=game, players=players, record=keep)


def _json_value(value: Any) -> Any:
    """An option's value as JSON holds it: ``None``, a bool, a number or a string as it
    is, anything else as its text."""
    return value if value is None or isinstance(value, (bool, int, float, str)) else str(value)


def every_option(ruleset: Any) -> dict[str, Any]:
    """Every option of the loaded ``ruleset`` with the value it plays with (a ``--set``,
    the ruleset's ``set``, or the default), in declaration order, as JSON values
    (``false``, ``2``, ``"pk"``): what a saved result needs to name its rules."""
    return {name: _json_value(getattr(opt, "value", None))
            for name, opt in (getattr(ruleset, "options", None) or {}).items()}


def options_in_force(ruleset: Any, given: dict) -> dict[str, Any]:
    """The values the loaded ``ruleset`` uses for the options the user set, typed as it
    declares them (``no`` on the command line is ``False``, ``2`` is ``2``)."""
    declared = getattr(ruleset, "options", None) or {}
    return {name: _json_value(getattr(declared.get(name), "value", text)) for name, text in given.items()}
