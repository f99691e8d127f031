"""Dynamic checks (``wolfdsl lint --explore N``): seeded random games that look for
runtime conflicts the static checks could not prove, each with a shrunk scenario file
that ``wolfdsl run --script`` replays.

Games run with a :class:`Watcher` as their observer (:mod:`wolfdsl.play.hooks`): it
knows which trigger, replacement or step is running, and records every write (a
global, a counter, a seat field, a status) within one death's resolution. The deal is fixed up front (``seats``/``extra_cards``), so a
scenario with the same seed draws the same random numbers. A finding's reproducer is
shrunk by dropping scripted decisions (the rest abstain) while the same conflict still
happens, and stops after the phase where it happened.
"""
from __future__ import annotations

import json
import os
import random
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, WolfError
from ..outfile import refuse_inputs, write_text
from ..lang.ir import EndPhase, RuleRuntimeError
from ..play.agents import RandomAgent
from ..play.deal import redeal_reason
from ..play.game import Game, GameOver, StopRun
from ..play.hooks import Observer
from ..play.seeding import derive
from .context import head_span, show_value
from .registry import ReplayableDiagnostic, Rule, register

_PHASE_RANK = {"night": 0, "day": 1}
_CONTROL = (EndPhase, GameOver, StopRun)
MAX_SHRINK_TRIALS = 150


# ---------------------------------------------------------------- rules

class _Dynamic(Rule):
    kind = "dynamic"
    family = "dynamic"


@register
class EffectConflict(_Dynamic):
    """Two effects setting the same thing differently in one resolution.

    What it finds:
        In a random game, two different triggers or replacements that, while one death
        resolves (the death, its triggers and the deaths they cause), set the same
        global, counter, seat field or status to different values.
    Why it matters:
        The final value depends on which ran last — an order no rule states.
    Example:
        ``trigger a on death(p) when p == sheriff { sheriff = none }`` and
        ``trigger b on death(p) order 0 { sheriff = first(alive) }``.
    Fix:
        Decide which effect wins: give the triggers distinct ``order`` values and make
        the later one respect the earlier (or merge them).
    """
    code, name = "W390", "effect-conflict"
    severity = "warning"
    message = "{what} is set to {v1} by '{a}' and to {v2} by '{b}' in one resolution{tail}"


@register
class NoLegalOption(_Dynamic):
    """A decision with no legal option and no pass.

    What it finds:
        In a random game, a ``decide`` that is reached with every option filtered out
        (or fewer options than it needs) while passing is not allowed.
    Why it matters:
        The rules demand a choice that cannot be made; the engine skips the decision,
        which is no rule anyone wrote.
    Example:
        ``decide hunter.shoot by p choose t count 2 from alive`` when one player is left.
    Fix:
        Allow passing (``may pass``, ``may pass when ...``), or guard the decision with
        ``requires``.
    """
    code, name = "W391", "no-legal-option"
    severity = "error"
    message = "'{action}' was asked with no legal option and no pass{tail}"


@register
class TriggerLoop(_Dynamic):
    """A trigger or replacement loop at run time.

    What it finds:
        In a random game, deaths and replacements nesting beyond the engine's bound
        (``2 * players + 20``): a loop the static W321 could not prove.
    Why it matters:
        The game cannot go on.
    Example:
        ``replacement swap on death(p) when cause == wolf { kill p.partner cause wolf }``
        with two partners.
    Fix:
        Break the cycle: another cause, a status set on the first run, or ``proceed``.
    """
    code, name = "W392", "trigger-loop"
    severity = "error"
    message = "{detail}{tail}"


@register
class DayBound(_Dynamic):
    """A game that passes the day bound.

    What it finds:
        A random game still undecided after ``max_days`` days.
    Why it matters:
        Some reachable situation has no way out: nobody can die any more, or the
        survivors satisfy no win rule (W334 proves the always-stuck case).
    Example:
        A board whose only killers can be exiled before they act and whose village
        win rule requires a role that is already dead.
    Fix:
        Add a win rule for the stuck situation, or an effect that resolves it.
    """
    code, name = "W393", "day-bound"
    severity = "warning"
    message = "a game passed the day bound ({days} days) without a winner{tail}"


@register
class DoubleWin(_Dynamic):
    """A win declared for two factions without precedence.

    What it finds:
        A random game that ends with win rules of the same priority for different
        factions holding at once (W330 finds those the abstract states can prove).
    Why it matters:
        Both factions are declared winners.
    Example:
        Two rules of priority 1 for ``werewolves`` and ``lovers`` that the lovers'
        heartbreak makes true together.
    Fix:
        Give one rule a higher priority.
    """
    code, name = "W394", "double-win"
    severity = "error"
    message = "win rules {rules} held at once with priority {prio}: {factions} all won{tail}"


# ---------------------------------------------------------------- watching a game

@dataclass
class Finding:
    code: str
    key: tuple
    fields: dict
    span: Any
    related: list = field(default_factory=list)
    day: int = 0
    phase: str = "night"
    decisions: int = 0


class Watcher(Observer):
    """An :class:`~wolfdsl.play.hooks.Observer` that records runtime conflicts in ``found``.

    It keeps the stack of running steps, triggers and replacements (``running``), the
    first one a rule failed in, and, while an outermost death resolves, the last write
    to each thing and who made it (``unit``). Set ``game`` before the game runs.
    """

    def __init__(self):
        self.game = None
        self.found: list[Finding] = []
        self.running: list = []
        self.unit: dict | None = None
        self.failed_in = None

    def add(self, code, key, fields, span, related=()):
        """Record a finding, once per ``(code, key)``, dated by the game."""
        if any(f.code == code and f.key == key for f in self.found):
            return
        g = self.game
        self.found.append(Finding(code, key, fields, span, list(related), g.day, g.phase,
                                  len(getattr(g.agent, "log", ()))))

    def on_write(self, kind, seat, name, value):
        if kind == "global":
            key, what = ("global", name), f"global '{name}'"
        elif kind == "var":
            key, what = ("var", seat, name), f"'.{name}' of seat {seat}"
        elif kind == "field":
            key, what = ("field", seat, name), f"the {name} of seat {seat}"
        else:
            key, what = ("status", seat, name), f"status '{name}' of seat {seat}"
        if self.unit is None or not self.running:
            return
        src = self.running[-1]
        prev = self.unit.get(key)
        if prev is not None and prev[1] is not src and prev[0] != value and prev[1].kind != "step":
            a, b = prev[1], src
            self.add("W390", (key[0],) + key[2:] + tuple(sorted((a.name, b.name))),
                     {"what": what, "v1": show_value(prev[0]), "a": a.name, "v2": show_value(value), "b": b.name},
                     head_span(b.span), [(head_span(a.span), f"'{a.name}' is here")])
        self.unit[key] = (value, src)

    def on_resolution(self, start):
        self.unit = {} if start else None

    def on_not_offered(self, action, actor, by, reason):
        if reason == "no legal option":
            self.add("W391", (action,), {"action": action}, self.game.rs.actions.get(action))

    def on_winners(self, winners, reason):
        if not winners:
            return
        g = self.game
        best = max(w.priority for w in g.rs.wins if w.name == reason)
        held = [w for w in g.rs.wins if w.priority == best and _holds(w, g)]
        sets = {frozenset(w.factions) for w in held}
        if len(sets) > 1:
            self.add("W394", tuple(sorted(w.name for w in held)),
                     {"rules": ", ".join(f"'{w.name}'" for w in held), "prio": _num(best),
                      "factions": ", ".join(winners)},
                     head_span(held[-1].span), [(head_span(w.span), f"'{w.name}' is here") for w in held[:-1]])

    def on_enter(self, item):
        self.running.append(item)

    def on_leave(self, item, error):
        if error is not None and not isinstance(error, _CONTROL) and self.failed_in is None:
            self.failed_in = item
        self.running.pop()

    def where(self):
        """The head of the item running (or the one that failed), for a finding's place."""
        item = self.running[-1] if self.running else self.failed_in
        return head_span(item.span) if item is not None else None


def watched_game(rs, seed, agent, **kw) -> Game:
    """A :class:`Game` of ``rs`` with a :class:`Watcher` as its ``observer``
    (keywords as for :func:`wolfdsl.play.play`)."""
    watcher = Watcher()
    g = Game(rs, seed, agent, observer=watcher, **kw)
    watcher.game = g
    return g


def _holds(w, g) -> bool:
    try:
        return bool(w.when(g, {}))
    except Exception:  # noqa: BLE001
        return False


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


class _Recorder(RandomAgent):
    def __init__(self, seed):
        super().__init__(seed)
        self.log: list = []

    def decide(self, request):
        answer = super().decide(request)
        self.log.append((request, answer))
        return answer


def play_one(g: Game) -> tuple[Any, list[Finding]]:
    """Run a game built by :func:`watched_game`; a failure becomes a finding instead of
    an exception."""
    w = g.observer
    result = None
    try:
        result = g.run()
    except RecursionError:
        w.add("W392", ("recursion",), {"detail": "deaths and triggers recursed without end"}, w.where())
    except RuleRuntimeError as err:
        d = err.diagnostics[0]
        code = "W392" if d.message.startswith("trigger loop") else "E401"
        w.add(code, failure_key(d.message, d.span or w.where()), {"detail": d.message}, d.span or w.where(),
              [(w.where(), "while this ran")] if d.span and w.where() else ())
    except WolfError:
        raise
    except Exception as err:  # noqa: BLE001 - a rule that breaks the engine
        w.add("E401", (type(err).__name__,), {"detail": f"a game failed: {type(err).__name__}: {err}"}, w.where())
    if result is not None and result.reason == "day_limit":
        span = g.rs.engine.spans.get("day_bound") or (g.rs.decks[0].span if g.rs.decks else None)
        w.add("W393", ("day_limit",), {"days": g.max_days}, head_span(span))
    return result, w.found


_WHEN = re.compile(r"^\w+ \d+: ")


def failure_key(message: str, span) -> tuple:
    """What makes two failed games one finding: the place (file, line, column) and the
    message without the phase it happened in (``night 2: ``) — one rule failing the same
    way on night 1 in one game and night 3 in another is one bug, counted in how many
    games it happened, with one reproducer (the earliest)."""
    where = (span.file, span.line, span.col) if span is not None else None
    return where, _WHEN.sub("", message, count=1).split(" (")[0]


# ---------------------------------------------------------------- exploring

def _deal(rs, n, rng):
    deck = rs.deck_for(n)
    cards = list(deck.cards)
    for _ in range(200):
        rng.shuffle(cards)
        dealt, extra = cards[:n], cards[n:]
        try:
            if redeal_reason(rs, list(deck.cards), extra) is None:
                return dealt, extra
        except Exception:  # noqa: BLE001 - let the engine report it
            return dealt, extra
    return dealt, extra


def explore(ctx, games: int, seed: int = 0, out_dir=None) -> list[Diagnostic]:
    """Play ``games`` seeded random games of the context's ruleset; one diagnostic per
    distinct conflict, each with a reproducer scenario written to ``out_dir`` (default:
    next to the ruleset)."""
    rs = ctx.rs
    if not rs.decks:
        return []
    lo, hi = rs.players
    counts = [n for n in range(lo, hi + 1) if rs.deck_for(n) is not None] or [rs.decks[0].low]
    first: dict[tuple, tuple] = {}
    seen: dict[tuple, int] = {}
    for i in range(games):
        gseed = seed * 1_000_003 + i
        n = counts[i % len(counts)]
        seats, extra = _deal(rs, n, random.Random(gseed))
        agent = _Recorder(gseed)
        try:
            g = watched_game(rs, gseed, agent, seats=seats, extra_cards=extra)
        except WolfError:
            continue
        _, found = play_one(g)
        for f in found:
            k = (f.code, f.key)
            seen[k] = seen.get(k, 0) + 1
            rank = (f.day, _PHASE_RANK.get(f.phase, 0), f.decisions)
            if k not in first or rank < first[k][0]:
                first[k] = (rank, f, gseed, seats, extra, agent.log[: f.decisions + 1])
    out = []
    target = Path(out_dir) if out_dir is not None else ctx.path.resolve().parent
    for k in sorted(first, key=lambda k: (k[0], first[k][0])):
        _, f, gseed, seats, extra, log = first[k]
        path = target / f"{ctx.path.stem}.{f.code}-{len([x for x in out if x.code == f.code]) + 1}.yaml"
        try:
            path = write_reproducer(ctx, f, gseed, seats, extra, log, path)
            tail = f" (in {seen[k]} of {games} games; replay: {replay_command(path)})"
        except OSError as err:
            path = None
            tail = f" (in {seen[k]} of {games} games; no reproducer: {err.strerror})"
        except WolfError as err:  # the reproducer's name is an input of the lint
            path = None
            tail = f" (in {seen[k]} of {games} games; no reproducer: {err.diagnostics[0].message})"
        d = _rule(f.code).diag(f.span, f.related, tail=tail, **f.fields)
        out.append(ReplayableDiagnostic(d.span, d.severity, d.message, d.code, d.related,
                                        reproducer=None if path is None else str(path)))
    return out


def replay_command(path) -> str:
    """The shell command that replays a reproducer, its path (as :func:`shown_path`
    gives it) quoted for the shell: the finding and the file's ``# Replay:`` header both
    print it, so either can be pasted where ``wolfdsl lint`` ran."""
    return f"wolfdsl run --script {shlex.quote(shown_path(path))}"


def shown_path(path) -> str:
    """``path`` relative to the current folder when it is under it (``repro/x.W390-1.yaml``,
    as a user who gave ``--out repro/`` would type it), else as it is."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def _yaml_str(text: str) -> str:
    """``text`` as a YAML scalar: plain when that reads back the same, else quoted."""
    if re.fullmatch(r"[\w./-]([\w./ -]*[\w./-])?", text):
        return text
    return json.dumps(text, ensure_ascii=False)


def _rule(code):
    from .registry import REGISTRY
    return REGISTRY[code]


# ---------------------------------------------------------------- reproducers



def _entries(log) -> list[str]:
    out = []
    for req, ans in log:
        if ans is None:
            continue
        by = req.actor if req.actor is not None else req.by
        rnd = f", round: {req.round}" if req.round > 1 else ""
        out.append(f"{{at: {req.at}, by: {by}, do: {req.short}, choose: {show_value(ans)}{rnd}}}")
    return out


def _scenario_text(ctx, f, gseed, seats, extra, entries, path: Path, expect: str = "") -> str:
    ref = os.path.relpath(ctx.path.resolve(), path.resolve().parent)
    rule = _rule(f.code)
    lines = [f"# wolfdsl lint --explore: {f.code} {rule.name}",
             f"# {rule.message.format(tail='', **f.fields)}",
             "# Replay: " + replay_command(path),
             f"ruleset: {_yaml_str(ref)}", f"seed: {gseed}", f"seats: [{', '.join(seats)}]",
             f"extra_cards: [{', '.join(extra)}]", "otherwise: abstain"]
    if f.code in ("W390", "W391"):
        lines.append(f"stop_after: {f.phase} {f.day}")
    lines.append("decisions:")
    lines += [f"  - {e}" for e in entries] or ["  []"]
    if not entries:
        lines[-2:] = ["decisions: []"]
    if expect:
        lines.append(expect)
    return "\n".join(lines) + "\n"


def replay(path) -> tuple[Any, list[Finding]]:
    """Play a scenario on a watched game; the findings it produces."""
    from ..scenario.agent import ScriptedAgent
    from ..scenario.load import load_scenario
    from ..scenario.run import load_ruleset

    sc = load_scenario(str(path))
    rs = load_ruleset(sc, None)
    agent = ScriptedAgent(sc, derive(sc.seed, "agent"))
    g = watched_game(rs, sc.seed, agent,
                 seats=list(sc.seats) if sc.seats is not None else None,
                 attributes=sc.attributes or None, stop_after=sc.stop_after,
                 extra_cards=list(sc.extra_cards) if sc.extra_cards is not None else None,
                 cards=list(sc.cards) or None)
    return play_one(g)


def _reproduces(path: Path, text: str, f: Finding, inputs: list) -> bool:
    write_text(path, text, "--out", inputs)
    try:
        _, found = replay(path)
    except WolfError:
        return False
    return any(x.code == f.code and x.key == f.key for x in found)


def write_reproducer(ctx, f, gseed, seats, extra, log, path: Path) -> Path:
    """Write the shrunk scenario for a finding and return its path. Written through
    :func:`wolfdsl.outfile.write_text`: never over the ruleset or a file it imports, never
    half written; an :class:`OSError` or a :class:`WolfError` when it cannot be written."""
    from ..lang.load import input_files
    inputs = input_files(str(ctx.path))
    refuse_inputs(path, "--out", inputs)
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = _entries(log)
    text = _scenario_text(ctx, f, gseed, seats, extra, entries, path)
    if _reproduces(path, text, f, inputs):
        trials = 0
        i = len(entries) - 1
        while i >= 0 and trials < MAX_SHRINK_TRIALS:
            trial = entries[:i] + entries[i + 1:]
            trials += 1
            if _reproduces(path, _scenario_text(ctx, f, gseed, seats, extra, trial, path), f, inputs):
                entries = trial
            i -= 1
    text = _scenario_text(ctx, f, gseed, seats, extra, entries, path)
    write_text(path, text, "--out", inputs)
    expect = _expect(path)
    if expect:
        write_text(path, _scenario_text(ctx, f, gseed, seats, extra, entries, path, expect), "--out", inputs)
    return path


def _expect(path: Path) -> str:
    """An ``expect:`` block from the plain engine's replay, so the file also checks."""
    from ..scenario import run_scenario
    try:
        outcome = run_scenario(str(path))
    except Exception:  # noqa: BLE001 - a replay that fails is the conflict itself
        return ""
    res = outcome.result
    deaths = ", ".join(f"{{seat: {e['seat']}, cause: {e['cause']}, at: {e['phase']} {e['day']}}}" for e in res.deaths)
    if res.winners:
        winner = "[" + ", ".join(res.winners) + "]"
    elif res.over:
        winner = "draw"  # over with no winner (a day bound), not a game that goes on
    else:
        winner = "none"
    return f"expect:\n  deaths: [{deaths}]\n  winner: {winner}"

