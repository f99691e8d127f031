"""A tiny stand-in for ``wolfdsl.lang.load`` and ``wolfdsl.play.game.play`` for command-line tests.

Two wolves and four villagers: the wolves kill one villager a night, every living seat
votes a day, the most-voted seat is exiled (no one on a tie). It asks its agent for every
choice, so it is deterministic for a seed and exercises the agent plumbing, and it emits
the event types of contract section 3. ``install(monkeypatch)`` puts it in
place of the real loader and engine (forked worker processes inherit it).
"""
from __future__ import annotations

import random
import sys
import types
from collections import Counter
from types import SimpleNamespace as NS

from wolfdsl.play.agents import Request
from wolfdsl.diagnostics import Diagnostic, Span, WolfError
from wolfdsl.play.results import GameResult

FACTIONS = {"village": NS(id="village", name="Village"),
            "werewolves": NS(id="werewolves", name="Werewolves")}
ROLES = {"werewolf": NS(id="werewolf", name="Werewolf", name_zh="狼人", faction="werewolves", klass=None),
         "villager": NS(id="villager", name="Villager", name_zh="平民", faction="village", klass="plain")}


EVENTS = {"sheriff": (NS(case=(("how", "elected"),), en="★ {seat:who} is elected sheriff", zh=None),)}
"""The fake ruleset's own event text, as a ruleset declares it (``event sheriff(how = elected) "..."``)."""


def ruleset(name="fake-6", players=(6, 6), summary="Two wolves against four villagers."):
    return NS(name=name, title=name.title(), summary=summary, players=players, default_players=players[0],
              factions=FACTIONS, roles=ROLES, events=EVENTS,
              options={"rounds": NS(values=("1", "10"), default="10")})


BUNDLED = {"fake-6": ruleset(), "fake-range": ruleset("fake-range", (5, 8), "A range of players.")}


def bundled():
    return sorted(BUNDLED)


def bundled_path(name):
    """The fake rulesets have no files."""
    return None


def load(ref, options=None, players=None):
    options = dict(options or {})
    if ref in BUNDLED:
        rs = BUNDLED[ref]
    else:
        try:
            with open(ref, encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            raise WolfError(f"unknown ruleset '{ref}'") from None
        diags = []
        for n, line in enumerate(text.splitlines(), 1):
            for severity in ("error", "warning"):
                col = line.find(severity.upper())
                if col >= 0:
                    diags.append(Diagnostic(Span(ref, n, col + 1, n, col + 1 + len(severity),
                                                 text=text), severity, f"found {severity}",
                                            "E201" if severity == "error" else "W301"))
        if diags:
            raise WolfError(diags)
        rs = ruleset(ref.rsplit("/", 1)[-1])
    for name, value in options.items():
        if name not in rs.options:
            raise WolfError(f"unknown option '{name}'")
        if value not in rs.options[name].values:
            raise WolfError(f"option '{name}' takes one of {', '.join(rs.options[name].values)}")
    return NS(**{**vars(rs), "chosen": {"rounds": options.get("rounds", "10")}})


def _ask(agent, action, actor, day, phase, kind, options, can_pass):
    return agent.decide(Request(action=action, short=action.rsplit(".", 1)[-1], actor=actor,
                                by=None, day=day, phase=phase, round=1, kind=kind,
                                options=tuple(options), can_pass=can_pass))


def play(ruleset, *, seed, agent, game=0, seats=None, attributes=None, stop_after=None,
         players=None, record=True):
    if players is not None and not (ruleset.players[0] <= players <= ruleset.players[1]):
        raise WolfError(f"{ruleset.name} is for {ruleset.players[0]} players, not {players}")
    rng = random.Random(seed)
    roles = seats or ["werewolf", "werewolf"] + ["villager"] * 4
    rng.shuffle(roles)
    alive = {i + 1: r for i, r in enumerate(roles)}
    events: list[dict] = []
    now = {"day": 1, "phase": "night"}

    def emit(type_, **fields):
        events.append({"seq": len(events), "game": game, **now, "type": type_, **fields})

    emit("game_start", ruleset=ruleset.name, seed=seed,
         seats=[{"seat": s, "role": r, "faction": ROLES[r].faction} for s, r in alive.items()])
    winners, reason = [], None
    rounds = int(getattr(ruleset, "chosen", {}).get("rounds", "10"))
    for day in range(1, rounds + 1):
        now.update(day=day, phase="night")
        emit("phase")
        prey = [s for s, r in alive.items() if r == "villager"]
        target = _ask(agent, "werewolves.kill", None, day, "night", "seat", prey, False)
        emit("action", seat=None, by="werewolves", action="werewolves.kill", targets=[target],
             choice=None)
        emit("death", seat=target, role=alive.pop(target), cause="wolf", last_words=day == 1)
        now.update(phase="day")
        if day == 1:
            emit("sheriff", seat=min(alive), how="elected")
        emit("speeches", order=sorted(alive))
        ballots = {v: _ask(agent, "exile_vote", v, day, "day", "ballot",
                           [s for s in alive if s != v], True) for v in sorted(alive)}
        tally = Counter(t for t in ballots.values() if t is not None)
        top = tally.most_common()
        result = top[0][0] if top and (len(top) == 1 or top[0][1] > top[1][1]) else None
        emit("vote", kind="exile", round=1, ballots=ballots, tally=dict(tally), result=result)
        if result is not None:
            emit("death", seat=result, role=alive.pop(result), cause="exile", last_words=True)
        wolves = sum(r == "werewolf" for r in alive.values())
        if wolves == 0:
            winners, reason = ["village"], "all_wolves_dead"
        elif wolves >= len(alive) - wolves:
            winners, reason = ["werewolves"], "wolves_parity"
        if winners:
            seats_won = [i + 1 for i, r in enumerate(roles) if ROLES[r].faction == winners[0]]
            emit("game_over", winners=winners, winning_seats=seats_won, reason=reason)
            return GameResult(game, seed, events, winners, seats_won, reason, True, day)
    return GameResult(game, seed, events, [], [], None, False, rounds)


def _resolve(ref, base_dir=None):
    """A fake ruleset has no file: ``--set`` has no board to be checked against."""
    raise WolfError(f"'{ref}' is a fake ruleset: it has no file")


def install(monkeypatch) -> None:
    """Replace ``wolfdsl.lang.load`` and the engine's ``play`` with this module's functions."""
    loader = types.ModuleType("wolfdsl.lang.load")
    loader.load, loader.bundled, loader.bundled_path = load, bundled, bundled_path
    loader.input_files = lambda ref, base_dir=None: []  # a fake ruleset reads no file
    loader.resolve = _resolve
    loader.describe = lambda ref: sys.modules["wolfdsl.lang.load"].load(ref)  # a fake ruleset describes itself
    monkeypatch.setitem(sys.modules, "wolfdsl.lang.load", loader)
    import wolfdsl
    import wolfdsl.play.game

    monkeypatch.setattr(wolfdsl, "loader", loader, raising=False)
    monkeypatch.setattr(wolfdsl.play.game, "play", play)
    import wolfdsl.lint

    monkeypatch.setattr(wolfdsl.lint, "lint_paths", lint_paths)
    monkeypatch.setattr(wolfdsl.lint, "selected_codes", lambda select=None, ignore=None: set())


def lint_paths(paths, select=None, ignore=None, explore=0, seed=0, out_dir=None, out_dirs=None):
    """``wolfdsl.lint.lint_paths`` on the fake loader: a file's ERROR/WARNING words."""
    diags = []
    for p in paths:
        try:
            load(str(p))
        except WolfError as err:
            diags += err.diagnostics
    return diags
