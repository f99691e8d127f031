"""Running a scenario: load it, play it with the :class:`ScriptedAgent`, check ``expect:``."""
from __future__ import annotations

import os
from dataclasses import dataclass, replace

from ..diagnostics import WolfError
from ..lang.ir import Ruleset
from ..lang.load import load
from ..play.deal import DealError
from ..play.eventlog import game_log
from ..play.game import play
from ..play.referee import DecisionError
from ..play.results import GameResult
from ..play.seeding import derive
from .agent import ScriptedAgent
from .check import ruleset_problems
from .load import ExpectedDeath, Scenario, load_scenario, resolve_ruleset_ref, seat_problems


@dataclass(slots=True)
class ScenarioOutcome:
    """What ``wolfdsl run --script`` reports.

    ``ok`` when every field of ``expect:`` holds (exit 0, else 1); ``report`` says what
    held or, field by field, what was expected and what happened; ``warnings`` lists
    scripted decisions left unused because a phase was cut short or the game ended;
    ``ruleset`` is the compiled ruleset the scenario was played on.
    """

    ok: bool
    report: str
    warnings: list[str]
    result: GameResult
    scenario: Scenario
    ruleset: Ruleset | None = None


def run_scenario(path: str, ruleset_ref: str | None = None, log: str | None = None,
                 options: dict[str, str] | None = None) -> ScenarioOutcome:
    """Play the scenario at ``path`` and compare its ``expect:`` block.

    ``ruleset_ref`` (the command line's RULESET) overrides the scenario's ``ruleset:``;
    ``options`` (the command line's ``--set NAME=VALUE``) override its ``options:``;
    ``log`` is a path for the event log (JSON Lines). Raises :class:`WolfError` for a bad
    scenario or ruleset, a scripted decision the rules forbid, or one never requested.
    """
    scenario = load_scenario(path, seat_numbers=False)  # after the seat count, below
    ruleset = load_ruleset(scenario, ruleset_ref, options)
    if isinstance(ruleset, Ruleset):  # names only the ruleset knows, before any play
        problems = ruleset_problems(scenario, ruleset)
    else:
        problems = seat_problems(scenario, len(scenario.seats)) if scenario.seats is not None else []
    if problems:
        raise WolfError(problems)
    agent = ScriptedAgent(scenario, derive(scenario.seed, "agent"))
    try:
        result = play(
            ruleset, seed=scenario.seed, agent=agent,
            seats=list(scenario.seats) if scenario.seats is not None else None,
            attributes=scenario.attributes or None,
            stop_after=scenario.stop_after,
            extra_cards=list(scenario.extra_cards) if scenario.extra_cards is not None else None,
            cards=list(scenario.cards) or None)
    except DecisionError as exc:
        raise agent.blame(exc) from None
    except DealError as exc:
        raise WolfError([replace(d, span=_node(scenario, p.path)) for d, p in zip(exc.diagnostics, exc.problems)]) from None
    except WolfError as exc:
        raise WolfError([d if d.span else replace(d, span=_where(scenario, d.message)) for d in exc.diagnostics]) from None
    if log:
        from ..lang.load import input_files
        from ..outfile import output

        ref = ruleset_ref if ruleset_ref is not None else resolve_ruleset_ref(scenario.ruleset, scenario.path)
        with output(log, "--log", [path] + input_files(ref)) as out:
            out.write(game_log(result.events))
    ok, report = check_expect(scenario, result)
    return ScenarioOutcome(ok, report, agent.warnings + list(getattr(result, "warnings", [])), result, scenario,
                           ruleset if isinstance(ruleset, Ruleset) else None)


def load_ruleset(scenario: Scenario, ref: str | None, options: dict[str, str] | None = None) -> Ruleset:
    """The ruleset of ``ref`` (the command line's), else of the scenario's ``ruleset:``,
    with the scenario's ``options:`` overridden by ``options``.

    The player count is left to :func:`ruleset_problems`, which points at ``seats:``.
    Raises :class:`WolfError`; a loader message without a place of its own is placed on
    the ``ruleset:`` line or the ``options:`` entry it is about.
    """
    given = dict(options or {})
    merged = {**scenario.options, **given} or None
    if ref is None and scenario.ruleset is None:
        raise WolfError("the scenario names no ruleset: add `ruleset: NAME` (a bundled ruleset "
                        "or a path to a .wolf file), or give RULESET on the command line",
                        scenario.span())
    try:
        if ref is not None:
            return load(ref, options=merged)
        return load(resolve_ruleset_ref(scenario.ruleset, scenario.path), options=merged,
                           base_dir=os.path.dirname(os.path.abspath(scenario.path)))
    except WolfError as exc:
        # An error with no place of its own (unknown name, missing file) is the `ruleset:`
        # line's, or the `options:` entry's when it is about a scenario option; one about
        # the command line (its RULESET or --set) stays without a place.
        raise WolfError([d if d.span or _option_of(d.message) in given else
                         replace(d, span=_where(scenario, d.message, None if ref is not None else "ruleset"))
                         for d in exc.diagnostics]) from None


def _node(scenario: Scenario, path: tuple):
    """The span of the scenario node at ``path`` (a :class:`~wolfdsl.play.deal.Problem`'s),
    else of ``seats:``, else of the whole scenario."""
    for where in (path, ("seats",)):
        if where:
            try:
                return scenario.span(*where)
            except (KeyError, IndexError, TypeError):
                pass
    return scenario.span()


def _option_of(message: str) -> str | None:
    """``NAME`` of a loader message about ``NAME=VALUE: ...``, else ``None``."""
    head = message.split(":", 1)[0]
    return head.split("=", 1)[0] if "=" in head else None


def _where(scenario: Scenario, message: str, default: str | None = "seats"):
    """The scenario line a loader message, or an engine message from the play itself,
    without a place is about (``None`` when it is about none and there is no ``default``).
    Problems of the deal come with their paths and do not come here."""
    name = _option_of(message)
    if name is not None and scenario.options and name in scenario.options:
        try:
            return scenario.span("options", name)
        except (KeyError, IndexError, TypeError):
            pass
    head = message.split(":", 1)[0]
    for key in ("extra_cards", "players", "cards", "seats"):
        if head.startswith(key) or (key == "extra_cards" and "extra cards" in message and scenario.extra_cards):
            try:
                return scenario.span(key)
            except (KeyError, IndexError, TypeError):
                break
    if default is None:
        return None
    try:
        return scenario.span(default)
    except (KeyError, IndexError, TypeError):
        return scenario.span()


# -- expect ----------------------------------------------------------------------------

def _seat(seat: int | None) -> str:
    return "none" if seat is None else f"seat {seat}"


def _factions(winners) -> str:
    return ", ".join(winners) if winners else "none"


def _outcome(result: GameResult, explain: bool = False) -> str:
    """The winners as ``expect.winner`` writes them: factions, ``draw`` or ``none``."""
    if result.winners:
        return ", ".join(sorted(result.winners))
    if not result.over:
        return "none: the game goes on" if explain else "none"
    if not explain:
        return "draw"
    why = "day limit" if result.reason in (None, "day_limit") else result.reason
    return f"draw: the game was a draw ({why})"


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
        expected = "draw" if e.draw else _factions(e.winner)
        if ("draw" if e.draw else _factions(sorted(e.winner))) == _outcome(result):
            held.append(f"winner {expected}")
        else:
            failed.append(f"{e.spans['winner']}: expect.winner: expected {expected}, got {_outcome(result, True)}")
    if failed:
        return False, "\n".join(failed)
    return True, "expect holds: " + "; ".join(held)
