"""Running a scenario: load it, play it with the :class:`ScriptedAgent`, check ``expect:``."""
from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, replace

from ..diagnostics import WolfError
from ..eventlog import write_jsonl
from ..results import GameResult
from ..seeding import derive
from .agent import ScriptedAgent
from .load import ExpectedDeath, Scenario, load_scenario, resolve_ruleset_ref


@dataclass(slots=True)
class ScenarioOutcome:
    """What ``wolfdsl run --script`` reports.

    ``ok`` when every field of ``expect:`` holds (exit 0, else 1); ``report`` says what
    held or, field by field, what was expected and what happened; ``warnings`` lists
    scripted decisions left unused because a phase was cut short or the game ended.
    """

    ok: bool
    report: str
    warnings: list[str]
    result: GameResult
    scenario: Scenario


def run_scenario(path: str, ruleset_ref: str | None = None, log: str | None = None) -> ScenarioOutcome:
    """Play the scenario at ``path`` and compare its ``expect:`` block.

    ``ruleset_ref`` (the command line's RULESET) overrides the scenario's ``ruleset:``;
    ``log`` is a path for the event log (JSON Lines). Raises :class:`WolfError` for a bad
    scenario or ruleset, a scripted decision the rules forbid, or one never requested.
    """
    scenario = load_scenario(path)
    ruleset = _load_ruleset(scenario, ruleset_ref)
    engine = importlib.import_module("wolfdsl.engine")
    agent = ScriptedAgent(scenario, derive(scenario.seed, "agent"))
    try:
        result = engine.play(
            ruleset, seed=scenario.seed, agent=agent,
            seats=list(scenario.seats) if scenario.seats is not None else None,
            attributes=scenario.attributes or None,
            stop_after=scenario.stop_after,
            extra_cards=list(scenario.extra_cards) if scenario.extra_cards is not None else None,
            cards=list(scenario.cards) or None)
    except engine.DecisionError as exc:
        raise agent.blame(exc) from None
    except WolfError as exc:
        raise WolfError([d if d.span else replace(d, span=_where(scenario, d.message)) for d in exc.diagnostics]) from None
    if log:
        write_jsonl(log, result.events)
    ok, report = check_expect(scenario, result)
    return ScenarioOutcome(ok, report, agent.warnings + list(getattr(result, "warnings", [])), result, scenario)


def _load_ruleset(scenario: Scenario, ref: str | None):
    loader = importlib.import_module("wolfdsl.loader")
    players = len(scenario.seats) if scenario.seats is not None else None
    options = scenario.options or None
    if ref is not None:
        return loader.load(ref, options=options, players=players)
    if scenario.ruleset is None:
        raise WolfError("the scenario names no ruleset: add `ruleset: NAME` (a bundled ruleset "
                        "or a path to a .wolf file), or give RULESET on the command line",
                        scenario.span())
    try:
        return loader.load(resolve_ruleset_ref(scenario.ruleset, scenario.path), options=options,
                           players=players, base_dir=os.path.dirname(os.path.abspath(scenario.path)))
    except WolfError as exc:
        # An error with no place of its own (unknown name, missing file) is the `ruleset:`
        # line's, or the `options:` entry's when it is about an option.
        raise WolfError([d if d.span else replace(d, span=_where(scenario, d.message, "ruleset"))
                         for d in exc.diagnostics]) from None


def _where(scenario: Scenario, message: str, default: str = "seats"):
    """The scenario line an engine or loader message without a place is about."""
    head = message.split(":", 1)[0]
    if "=" in head and scenario.options and head.split("=", 1)[0] in scenario.options:
        try:
            return scenario.span("options", head.split("=", 1)[0])
        except (KeyError, IndexError, TypeError):
            pass
    for key in ("extra_cards", "players", "cards", "seats"):
        if head.startswith(key) or (key == "extra_cards" and "extra cards" in message and scenario.extra_cards):
            try:
                return scenario.span(key)
            except (KeyError, IndexError, TypeError):
                break
    try:
        return scenario.span(default)
    except (KeyError, IndexError, TypeError):
        return scenario.span()


# -- expect ----------------------------------------------------------------------------

def _seat(seat: int | None) -> str:
    return "none" if seat is None else f"seat {seat}"


def _factions(winners) -> str:
    return ", ".join(winners) if winners else "none"


def _expected_death(d: ExpectedDeath) -> str:
    words = "" if d.last_words is None else ", last words" if d.last_words else ", no last words"
    return f"seat {d.seat}, {d.cause}, {d.at}{words}"


def _actual_death(ev: dict) -> str:
    role = f" ({ev['role']})" if ev.get("role") else ""
    words = ", last words" if ev.get("last_words") else ""
    return f"seat {ev['seat']}{role}, {ev['cause']}, {ev['phase']} {ev['day']}{words}"


def _same_death(d: ExpectedDeath, ev: dict) -> bool:
    return (d.seat == ev.get("seat") and d.cause == ev.get("cause")
            and d.at == f"{ev.get('phase')} {ev.get('day')}"
            and (d.last_words is None or d.last_words == bool(ev.get("last_words"))))


def check_expect(scenario: Scenario, result: GameResult) -> tuple[bool, str]:
    """``(ok, report)``: each field of ``expect:`` against the game's result."""
    e = scenario.expect
    if e is None:
        return True, "nothing to check: the scenario has no `expect:` block"
    held: list[str] = []
    failed: list[str] = []
    if "deaths" in e.given:
        actual = result.deaths
        differs = next((i for i, (d, ev) in enumerate(zip(e.deaths, actual)) if not _same_death(d, ev)),
                       None if len(e.deaths) == len(actual) else min(len(e.deaths), len(actual)))
        if differs is None:
            held.append(f"deaths ({len(actual)})")
        else:
            lines = [f"{e.spans['deaths']}: expect.deaths: the deaths differ from death {differs + 1} on",
                     "  expected:"]
            lines += [f"    {i}. {_expected_death(d)}" for i, d in enumerate(e.deaths, 1)] or ["    (none)"]
            lines.append("  actual:")
            lines += [f"    {i}. {_actual_death(ev)}" for i, ev in enumerate(actual, 1)] or ["    (none)"]
            failed.append("\n".join(lines))
    if "sheriff" in e.given:
        if e.sheriff == result.sheriff:
            held.append(f"sheriff {_seat(e.sheriff)}")
        else:
            failed.append(f"{e.spans['sheriff']}: expect.sheriff: expected {_seat(e.sheriff)}, "
                          f"got {_seat(result.sheriff)}")
    if "winner" in e.given:
        if sorted(e.winner) == sorted(result.winners):
            held.append(f"winner {_factions(e.winner)}")
        else:
            got = _factions(result.winners) + ("" if result.over else " (the game goes on)")
            failed.append(f"{e.spans['winner']}: expect.winner: expected {_factions(e.winner)}, got {got}")
    if failed:
        return False, "\n".join(failed)
    return True, "expect holds: " + "; ".join(held)
