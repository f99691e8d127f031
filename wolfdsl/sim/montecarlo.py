"""Monte Carlo: play many games of one ruleset and summarise who wins, how fast, how.

Game ``i`` of a run seeded with ``seed`` is played with ``game_seed(seed, i)`` and an
agent seeded from that game seed, so each game is the same whether it runs alone, in a
loop, or in any of ``jobs`` worker processes. Outcomes are aggregated — and event logs
written — strictly in game order, so the summary and the ``--log`` file are byte-identical
whatever ``jobs`` is. Only the ``timing`` part of a summary depends on the machine.

Per game only a small :class:`Outcome` is kept (winners, length, causes of death), not
the event log, unless a log file was asked for; then each game's log is written as soon
as its turn in game order comes.
"""
from __future__ import annotations

import math
import os
import signal
import sys
import time
from collections import Counter, deque
from contextlib import contextmanager
from dataclasses import field, replace
from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import IO, TYPE_CHECKING, Any, Callable, Iterator

from wolfdsl.diagnostics import Diagnostic, WolfError
from wolfdsl.lang.ir import RuleRuntimeError
from wolfdsl.play import every_option, game_log, make_agent, options_in_force, play_game
from wolfdsl.play.agents import DEFAULT_AGENTS
from wolfdsl.play.seeding import game_seed
from wolfdsl.play.results import GameResult
from wolfdsl.sim.collector import batch_collection
from wolfdsl.sim.precision import checkpoints, narrow_enough
from wolfdsl.sim.stats import histogram_mean, histogram_stdev, wilson

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


@dataclass(slots=True)
class Outcome:
    """What a summary needs from one game; small enough to ship between processes."""

    game: int
    winners: tuple[str, ...]
    over: bool
    days: int
    causes: tuple[str, ...]
    reason: str | None
    log: str | None = None
    replaced: tuple[tuple[int, str], ...] = ()
    """``(seat, reason)`` of each seat player replaced in the game (``agent_replaced``)."""

    @classmethod
    def of(cls, result: GameResult, keep_log: bool = False) -> "Outcome":
        causes = tuple(map(str, result.causes)) if result.causes is not None else \
            tuple(str(e.get("cause")) for e in result.events if e["type"] == "death")
        replaced = tuple((e["seat"], e["reason"]) for e in result.events if e["type"] == "agent_replaced")
        return cls(result.game, tuple(result.winners), result.over, result.days, causes,
                   result.reason, game_log(result.events) if keep_log else None, replaced)


# --------------------------------------------------------------------------------------
# The summary
# --------------------------------------------------------------------------------------

@dataclass(slots=True)
class FactionStat:
    """Wins of one faction: the count, the rate and its Wilson 95% interval."""

    id: str
    name: str
    wins: int
    rate: float
    low: float
    high: float


@dataclass(slots=True)
class Summary:
    """The result of :func:`simulate`.

    ``factions`` lists every faction of the ruleset in its declared order (and any other
    faction that won). A game may have several winning factions, so the rates need not
    add up to 1. ``draws``: games over with no winner; ``unfinished``: games stopped
    before any side won. ``lengths`` maps the number of days a game lasted to how many
    games lasted that long; ``deaths`` maps a cause to the total deaths by it; ``reasons``
    the win rule that ended a game to how many games it ended.
    """

    ruleset: str
    games: int
    seed: int
    agents: str
    options: dict[str, Any]
    players: int | None
    factions: list[FactionStat]
    draws: int
    unfinished: int
    lengths: dict[int, int]
    deaths: dict[str, int]
    reasons: dict[str, int]
    jobs: int = 1
    seconds: float = 0.0
    in_force: dict[str, Any] = field(default_factory=dict)
    """Every option with the value the games played with (:func:`wolfdsl.play.every_option`)."""
    replaced: dict[int, dict] = field(default_factory=dict)
    """Seat -> ``{"games": N, "reason": first reason}``: games in which the seat's own
    player (``--seat``) failed and ``--agents`` took over (:mod:`wolfdsl.seats.router`)."""
    until_ci: float | None = None
    """The interval width asked for with ``--until-ci`` (``None``: a fixed number of games)."""
    cap: int | None = None
    """With ``until_ci``: the most games the run would have played."""
    ci_reached: bool | None = None
    """With ``until_ci``: whether every interval got narrower than it (else the cap stopped it)."""
    dealt: int | None = None
    """The player count the games were dealt for: ``players`` when given, else the
    ruleset's default (``players`` stays ``None`` then, as the text summary shows it)."""
    cause_names: dict[str, str] = field(default_factory=dict)
    """Cause id -> the English name its declaration gives (``poison`` -> ``poisoned``),
    for the text summary; not part of :meth:`to_dict`."""
    win_titles: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    """Win rule id -> ``(English title, the factions it is for)``, in the ruleset's
    order, for the text summary's table of how the games ended; not part of
    :meth:`to_dict` (whose ``reasons`` counts them by id)."""
    first: dict[str, int] = field(default_factory=dict)
    """Outcome -> the first game (its index in the run) that had it: a faction's id for
    a game it won, ``"draw"`` and ``"unfinished"`` for the others (:meth:`examples`)."""
    ruleset_ref: str | None = None
    """The ruleset as the run was given it (a bundled name or a path): what a replay
    command names (``None``: :attr:`ruleset`)."""

    def examples(self) -> dict:
        """One game of each outcome, to watch it: ``{"wins": {faction: example}, "draw":
        example, "unfinished": example}`` (the last two only when some game had them),
        each example ``{"game": index in the run, "seed": its game seed, "command": the
        wolfdsl run command that plays it alone}`` (:func:`replay_command`: game ``i`` of
        a run seeded ``S`` is the one game of ``--seed game_seed(S, i)``)."""
        def example(game: int) -> dict:
            seed = game_seed(self.seed, game)
            return {"game": game, "seed": seed,
                    "command": replay_command(self.ruleset_ref or self.ruleset, seed, self.agents,
                                              self.options, self.players)}

        out: dict = {"wins": {f.id: example(self.first[f.id]) for f in self.factions if f.id in self.first}}
        for key in ("draw", "unfinished"):
            if key in self.first:
                out[key] = example(self.first[key])
        return out

    def widest(self) -> float:
        """The width of the widest faction interval (1.0 with no faction)."""
        return max((f.high - f.low for f in self.factions), default=1.0)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def mean_length(self) -> float:
        return histogram_mean(self.lengths)

    @property
    def stdev_length(self) -> float:
        return histogram_stdev(self.lengths)

    def deaths_per_game(self) -> dict[str, float]:
        """Mean deaths per game by cause, most frequent first (ties by name)."""
        n = self.games or 1
        return {c: k / n for c, k in sorted(self.deaths.items(), key=lambda ck: (-ck[1], ck[0]))}

    def to_dict(self) -> dict:
        """A JSON-ready dict. Everything but ``timing`` depends only on the run's inputs."""
        r = lambda x: round(x, 6)  # noqa: E731 - keeps the JSON readable and stable
        return {
            "ruleset": self.ruleset,
            "games": self.games,
            "seed": self.seed,
            "agents": self.agents,
            "options": dict(self.options),
            "in_force": dict(self.in_force),
            "players": self.players if self.players is not None else self.dealt,
            "factions": [
                {"id": f.id, "name": f.name, "wins": f.wins, "rate": r(f.rate),
                 "ci95": [r(f.low), r(f.high)]}
                for f in self.factions
            ],
            "draws": self.draws,
            "unfinished": self.unfinished,
            "length": {
                "mean": r(self.mean_length),
                "stdev": r(self.stdev_length),
                "min": min(self.lengths) if self.lengths else None,
                "max": max(self.lengths) if self.lengths else None,
                "distribution": {str(d): n for d, n in sorted(self.lengths.items())},
            },
            "deaths_per_game": {c: r(x) for c, x in self.deaths_per_game().items()},
            "reasons": dict(sorted(self.reasons.items(), key=lambda rk: (-rk[1], rk[0]))),
            "examples": self.examples(),
            **({"until_ci": {"width": self.until_ci, "cap": self.cap, "reached": self.ci_reached,
                             "widest": r(self.widest())}}
               if self.until_ci is not None else {}),
            "timing": {"jobs": self.jobs, "seconds": round(self.seconds, 3),
                       "games_per_second": round(self.games_per_second, 1)},
            **({"replaced": {str(s): dict(r) for s, r in sorted(self.replaced.items())}}
               if self.replaced else {}),
        }


class _Tally:
    """Running totals, fed one :class:`Outcome` at a time in game order."""

    def __init__(self) -> None:
        self.games = 0
        self.wins: Counter[str] = Counter()
        self.draws = 0
        self.unfinished = 0
        self.lengths: Counter[int] = Counter()
        self.deaths: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self.replaced: dict[int, dict] = {}
        self.first: dict[str, int] = {}

    def add(self, o: Outcome) -> None:
        self.games += 1
        for seat in sorted({s for s, _ in o.replaced}):
            r = self.replaced.setdefault(seat, {"games": 0, "reason": next(w for s, w in o.replaced if s == seat)})
            r["games"] += 1
        self.lengths[o.days] += 1
        self.deaths.update(o.causes)
        first = self.first
        if not o.over:
            self.unfinished += 1
            first.setdefault("unfinished", o.game)
        elif not o.winners:
            self.draws += 1
            first.setdefault("draw", o.game)
        self.wins.update(set(o.winners))
        for f in o.winners:
            first.setdefault(f, o.game)
        if o.over and o.reason is not None:
            self.reasons[o.reason] += 1

    def summary(self, ruleset: Any, **meta: Any) -> Summary:
        factions = getattr(ruleset, "factions", None) or {}
        ids = list(factions) + sorted(f for f in self.wins if f not in factions)
        stats = []
        for fid in ids:
            wins = self.wins.get(fid, 0)
            low, high = wilson(wins, self.games)
            name = getattr(factions.get(fid), "name", None) or fid
            stats.append(FactionStat(fid, name, wins, wins / self.games if self.games else 0.0,
                                     low, high))
        causes = (getattr(ruleset, "symbols", None) or {}).get("cause") or {}
        names = {c: sym.name for c, sym in causes.items() if getattr(sym, "labelled", False) and sym.name}
        titles = {w.name: (w.title or w.name, tuple(w.factions)) for w in getattr(ruleset, "wins", None) or ()}
        return Summary(
            ruleset=getattr(ruleset, "name", "?"), games=self.games, factions=stats, cause_names=names,
            win_titles=titles,
            draws=self.draws, unfinished=self.unfinished,
            lengths=dict(sorted(self.lengths.items())), deaths=dict(self.deaths),
            reasons=dict(self.reasons), replaced=dict(self.replaced), first=dict(self.first), **meta,
        )


# --------------------------------------------------------------------------------------
# Running games: in this process or in a pool
# --------------------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(ruleset_ref: str, options: dict | None, players: int | None, agents: str,
                 keep_log: bool, seed: int) -> None:
    from wolfdsl.lang.load import load

    # ^C at a terminal reaches the whole process group; only the parent acts on it (it
    # stops the pool). A forked worker also inherits the parent's SIGTERM handler:
    # restore the default so that terminating a worker just ends it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _WORKER.update(ruleset=load(ruleset_ref, options, players), players=players,
                   agents=agents, keep_log=keep_log, seed=seed)


def play_one(ruleset: Any, seed: int, game: int, agents: str, players: int | None, keep_log: bool) -> Outcome:
    """The outcome of game ``game`` of a run seeded with ``seed``. A rule that fails in
    it (:class:`RuleRuntimeError`) is raised with the game's index and seed as its
    ``game`` and ``game_seed`` (:func:`in_game` tells how to replay it)."""
    try:
        return Outcome.of(play_game(ruleset, seed, game, agents, players, keep_log), keep_log)
    except RuleRuntimeError as exc:
        if getattr(exc, "game", None) is None:
            exc.game, exc.game_seed = game, game_seed(seed, game)  # kept when pickled (the instance's dict)
        raise


def play_range(ruleset: Any, seed: int, start: int, stop: int, agents: str, players: int | None,
               keep_log: bool) -> list[Outcome]:
    """The outcomes of games ``start`` to ``stop - 1`` of a run seeded with ``seed``: a
    chunk, in a worker of any backend (the local pool, :mod:`wolfdsl.sim.dask_backend`)."""
    with batch_collection():
        return [play_one(ruleset, seed, i, agents, players, keep_log) for i in range(start, stop)]


def replay_command(ruleset_ref: str, seed: int, agents: str, options: dict | None, players: int | None) -> str:
    """The ``wolfdsl run`` command that plays the one game seeded with ``seed`` (game 0 of
    a run with that seed: the same deal, rules and agents as any game with that seed)."""
    import shlex

    words = ["wolfdsl", "run", ruleset_ref, "--seed", str(seed)]
    if players is not None:
        words += ["--players", str(players)]
    if agents != DEFAULT_AGENTS:
        words += ["--agents", agents]
    from wolfdsl.lang.options import value_text

    for name, value in (options or {}).items():
        words += ["--set", f"{name}={value_text(value)}"]  # as the ruleset declares it: false, 2
    return " ".join(shlex.quote(w) for w in words)


def in_game(exc: RuleRuntimeError, command: str) -> RuleRuntimeError:
    """``exc``, raised in game ``exc.game`` of a run, as the error to show: each message
    starts with that game ("game 37 of the run, night 2: ..."), and a note gives the
    game's seed and ``command``, which replays it alone."""
    diags = [replace(d, message=f"game {exc.game} of the run, {d.message}") for d in exc.diagnostics]
    diags.append(Diagnostic(None, "note", f"game {exc.game} (the `game` of its events in a --log, from 0) "
                                          f"has the seed {exc.game_seed}; replay it alone with: {command}"))
    out = RuleRuntimeError(diags)
    out.game, out.game_seed = exc.game, exc.game_seed
    return out


def _run_chunk(start: int, stop: int) -> list[Outcome]:
    w = _WORKER
    return play_range(w["ruleset"], w["seed"], start, stop, w["agents"], w["players"], w["keep_log"])


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    # Small enough to balance the workers and to show progress, large enough that
    # shipping a chunk costs little next to playing it.
    size = max(1, min(200, math.ceil(games / (jobs * 8))))
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def _parallel(ruleset_ref: str, games: int, seed: int, jobs: int, agents: str,
              options: dict | None, players: int | None, keep_log: bool,
              started: Callable[[], None]) -> Iterator[Outcome]:
    chunks = deque(_chunks(games, jobs))
    window = jobs * 3  # chunks in flight: bounds memory when logs are kept
    from concurrent.futures import ProcessPoolExecutor  # only --jobs > 1 needs it

    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker,
                               initargs=(ruleset_ref, options, players, agents, keep_log, seed))
    try:
        pending = deque()
        while chunks and len(pending) < window:
            pending.append(pool.submit(_run_chunk, *chunks.popleft()))
        # Workers are started (forked) by the first submit; only now start threads
        # such as the progress bar's refresher.
        started()
        while pending:
            outcomes = pending.popleft().result()
            if chunks:
                pending.append(pool.submit(_run_chunk, *chunks.popleft()))
            yield from outcomes
    except BaseException:
        # An error, ^C, SIGTERM or a consumer that stopped early: stop at once instead
        # of playing the chunks in flight (or all of them) before leaving.
        _stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the workers now, without waiting for their chunks."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    # Taken before shutdown, which drops the pool's reference to its manager thread.
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in workers:
        if proc.is_alive():
            proc.terminate()
    for proc in workers:
        proc.join(timeout=2)
        if proc.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
            proc.kill()
            proc.join(timeout=1)
    # The pool's manager thread notices the ended workers and closes its pipes; wait for
    # it, or the exit hook of concurrent.futures may write to a pipe as it closes
    # ("Exception ignored ... Bad file descriptor" on stderr at exit).
    if manager is not None:
        manager.join(timeout=5)
        if manager.is_alive():  # a loaded machine: keep the exit hook off this pool's pipe
            import concurrent.futures.process as cfp

            getattr(cfp, "_threads_wakeups", {}).pop(manager, None)


@contextmanager
def _progress_bar(total: int, enabled: bool) -> Iterator[tuple[Callable[[], None], Callable[[int], None]]]:
    """``(start, advance)``: a rich progress bar on stderr, or no-ops when disabled."""
    if not enabled:
        yield (lambda: None), (lambda n: None)
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeRemainingColumn)

    bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    task = bar.add_task("games", total=total)
    state = {"on": False}

    def start() -> None:
        if not state["on"]:
            bar.start()
            state["on"] = True

    try:
        yield start, (lambda n: bar.advance(task, n))
    finally:
        if state["on"]:
            bar.stop()


def simulate(ruleset_ref: str, games: int, seed: int, jobs: int = 1, agents: str = DEFAULT_AGENTS,
             options: dict[str, str] | None = None, players: int | None = None,
             log: str | os.PathLike | IO[str] | None = None, progress: bool = True,
             until_ci: float | None = None, pool: Any = None) -> Summary:
    """Play ``games`` games of ``ruleset_ref`` and summarise them.

    - ``seed``: the run's seed; game ``i`` uses ``game_seed(seed, i)``.
    - ``jobs``: worker processes (1 plays in this process). Each worker loads the
      ruleset once; results are the same for every value.
    - ``agents``: a name from :data:`wolfdsl.play.agents.AGENTS`.
    - ``options``, ``players``: passed to :func:`wolfdsl.lang.load.load` and the engine.
    - ``log``: a path or a text file; receives every game's events as JSON Lines, all
      games concatenated in game order.
    - ``progress``: show a progress bar, only if stderr is a terminal.
    - ``until_ci``: stop before ``games`` (then the cap) as soon as every faction's 95%
      interval is narrower than this width, looking only at the checkpoints of
      :func:`wolfdsl.sim.precision.checkpoints`; the summary's ``games`` says how many
      were played. Same seed, same stopping point, whatever ``jobs`` is.
    - ``pool``: another backend's pool (a :class:`wolfdsl.sim.dask_backend.DaskPool`,
      from :func:`~wolfdsl.sim.dask_backend.backend_pool`) to play the games instead of
      ``jobs`` local processes; the summary is the same, its ``jobs`` the pool's workers.

    Raises :class:`WolfError` for bad input (unknown ruleset or agent, bad option).
    """
    from wolfdsl.lang.load import load

    if games < 0:
        raise WolfError(f"--games must be at least 0, got {games}")
    if jobs < 1:
        raise WolfError(f"--jobs must be at least 1, got {jobs}")
    make_agent(agents, 0)  # fail before any work on an unknown name
    ruleset = load(ruleset_ref, options, players)
    jobs = max(1, min(pool.workers if pool is not None else jobs, games))
    keep_log = log is not None
    tally = _Tally()
    show = progress and games > 0 and _stderr_is_terminal()

    checks = checkpoints(games) if until_ci is not None else iter(())
    next_check = next(checks, None)
    reached = False
    factions = list(getattr(ruleset, "factions", None) or {})
    with _open_log(log) as out, batch_collection():
        t0 = time.perf_counter()
        with _progress_bar(games, show) as (start, advance):
            if pool is not None:
                outcomes = pool.outcomes(ruleset_ref, games, seed, agents, options, players, keep_log, start)
            elif jobs == 1:
                start()
                outcomes: Iterator[Outcome] = (
                    play_one(ruleset, seed, i, agents, players, keep_log) for i in range(games))
            else:
                outcomes = _parallel(ruleset_ref, games, seed, jobs, agents, options, players,
                                     keep_log, start)
            try:
                for o in outcomes:
                    tally.add(o)
                    if out is not None:
                        out.write(o.log or "")
                    advance(1)
                    if tally.games == next_check:
                        if narrow_enough(tally.wins, factions, tally.games, until_ci):
                            reached = True
                            break
                        next_check = next(checks, None)
            except RuleRuntimeError as exc:
                if getattr(exc, "game", None) is None:
                    raise
                raise in_game(exc, replay_command(ruleset_ref, exc.game_seed, agents, options, players)) from None
            finally:
                # On ^C or an error here, stop the workers now: the traceback would
                # keep the generator (and its pool) alive until the process exits.
                close = getattr(outcomes, "close", None)
                if close is not None:
                    close()
        seconds = time.perf_counter() - t0

    precision = {"until_ci": until_ci, "cap": games, "ci_reached": reached} if until_ci is not None else {}
    return tally.summary(ruleset, seed=seed, agents=agents,
                         options=options_in_force(ruleset, options or {}), in_force=every_option(ruleset),
                         players=players, jobs=jobs, seconds=seconds, ruleset_ref=ruleset_ref,
                         dealt=players if players is not None else getattr(ruleset, "default_players", None),
                         **precision)


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def _open_log(log: str | os.PathLike | IO[str] | None) -> Iterator[IO[str] | None]:
    if log is None:
        yield None
    elif hasattr(log, "write"):
        yield log  # type: ignore[misc]
    else:
        with open(log, "w", encoding="utf-8", newline="\n") as fh:
            yield fh
