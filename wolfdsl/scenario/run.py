"""Running a scenario: load it, play it with the :class:`ScriptedAgent`, check ``expect:``."""
from __future__ import annotations

import os
from dataclasses import dataclass, replace

from ..diagnostics import Diagnostic, WolfError
from ..lang.ir import Ruleset
from ..lang.load import load
from ..play.deal import DealError
from ..play.eventlog import ENGINE_EVENTS, game_log
from ..play.game import play
from ..play.referee import DecisionError
from ..play.results import GameResult
from ..play.seeding import derive
from ..diagnostics import did_you_mean
from .agent import Refusal, ScriptedAgent, yaml_text
from .check import ruleset_problems, with_ids
from .load import (ExpectedDeath, ExpectedMatch, ExpectedRefusal, Scenario, load_scenario, parse_at,
                   resolve_ruleset_ref, seat_problems)
from .yamlspans import format_path


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
    if isinstance(ruleset, Ruleset):  # `by: 女巫` plays as `by: witch`
        scenario = with_ids(scenario, ruleset)
    agent = ScriptedAgent(scenario, derive(scenario.seed, "agent"))
    refused = scenario.expect.refused if scenario.expect is not None else None
    try:
        result = play(
            ruleset, seed=scenario.seed, agent=agent,
            seats=list(scenario.seats) if scenario.seats is not None else None,
            attributes=scenario.attributes or None,
            stop_after=scenario.stop_after,
            extra_cards=list(scenario.extra_cards) if scenario.extra_cards is not None else None,
            cards=list(scenario.cards) or None)
    except DecisionError as exc:
        error = agent.blame(exc)
        if refused is None or not agent.refusals:
            raise error from None
        result = _stopped(scenario, agent)
    except DealError as exc:
        raise WolfError([replace(d, span=_node(scenario, p.path)) for d, p in zip(exc.diagnostics, exc.problems)]) from None
    except WolfError as exc:
        if refused is not None and agent.refusals:  # the decisions never requested
            result = _stopped(scenario, agent)
        else:
            raise WolfError([d if d.span else replace(d, span=_where(scenario, d.message))
                             for d in exc.diagnostics]) from None
    if log:
        from ..lang.load import input_files
        from ..outfile import output

        ref = ruleset_ref if ruleset_ref is not None else resolve_ruleset_ref(scenario.ruleset, scenario.path)
        with output(log, "--log", [path] + input_files(ref)) as out:
            out.write(game_log(result.events))
    ok, report = check_expect(scenario, result, agent.refusals)
    warnings = agent.warnings + list(getattr(result, "warnings", []))
    ran_out = _ran_out(scenario, result)
    if ran_out is not None:
        warnings.append(ran_out)
    return ScenarioOutcome(ok, report, warnings, result, scenario, ruleset if isinstance(ruleset, Ruleset) else None)


def _ran_out(scenario: Scenario, result: GameResult) -> str | None:
    """A warning when the script's decisions end and the game went on without them under
    ``otherwise: abstain`` for more than a day (a record of one day played on to the day
    bound, everyone passing): it names the day of the last decision and the
    ``stop_after`` that ends the run there. ``None`` with ``stop_after``, no decision,
    another ``otherwise``, a game that ended by the next day, or an ``expect: winner:``
    that holds (the file says how the game ends: a moderator's record of a whole game)."""
    if scenario.stop_after is not None or scenario.otherwise != "abstain" or not scenario.decisions:
        return None
    e = scenario.expect
    if e is not None and "winner" in e.given and \
            ("draw" if e.draw else _factions(sorted(e.winner))) == _outcome(result):
        return None
    last = max(reversed(scenario.decisions), key=lambda d: (parse_at(d.at)[1], parse_at(d.at)[0] == "day"))
    day = parse_at(last.at)[1]
    if result.days <= day + 1:
        return None
    end = result.events[-1] if result.events else {}
    went = f"{end.get('phase', 'day')} {end.get('day', result.days)}"
    how = "ended in a draw" if result.over and not result.winners else \
        f"ended: {', '.join(result.winners)} won" if result.over else "goes on"
    return Diagnostic(scenario.span(*last.path), "warning",
                      f"the scripted decisions end in day {day} ({format_path(last.path)}), but the game went on to "
                      f"{went} with every later request left to `otherwise: abstain` and {how}; add "
                      f"`stop_after: day {day}` to end the run where the decisions end").headline()


def _stopped(scenario: Scenario, agent: ScriptedAgent) -> GameResult:
    """The result of a run stopped by a refused decision: what was logged before it (a
    decision dated after the end of the game is refused once the game is over)."""
    events = agent.events
    result = GameResult(game=0, seed=scenario.seed, events=events,
                        days=events[-1].get("day", 0) if events else 0, over=False)
    over = next((e for e in events if e["type"] == "game_over"), None)
    if over is not None:
        result.over, result.winners = True, list(over.get("winners", []))
        result.winning_seats, result.reason = list(over.get("winning_seats", [])), over.get("reason")
    return result


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


def check_expect(scenario: Scenario, result: GameResult, refusals: list[Refusal] | None = None) -> tuple[bool, str]:
    """``(ok, report)``: each field of ``expect:`` against the game's result and the
    scripted decisions the rules refused (``refusals``: the run stopped at them)."""
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
    dealt = _dealt(result.events)
    for key, items in (("told", e.told), ("events", e.events)):
        if key in e.given:
            bad = [_match_problem(m, result.events, dealt) for m in items]
            failed += [b for b in bad if b]
            if not any(bad):
                held.append(f"{key} ({len(items)})")
    for key, items in (("roles", e.roles), ("factions", e.factions)):
        if key in e.given:
            bad = _final_problems(scenario, key, items, result.events, dealt)
            failed += bad
            if not bad:
                held.append(f"{key} ({len(items)})")
    if e.refused is not None:
        ok, text = _refusal(e.refused, refusals or [], dealt, result)
        (held if ok else failed).append(text)
    if failed:
        return False, "\n".join(failed)
    return True, "expect holds: " + "; ".join(held)


# -- told, events, roles, factions, refused -------------------------------------------

def _dealt(events: list[dict]) -> dict[str, set[int]]:
    """Role id -> the seats dealt that card (the ``game_start`` event)."""
    out: dict[str, set[int]] = {}
    for ev in events:
        if ev["type"] == "game_start":
            for s in ev.get("seats", []):
                out.setdefault(s["role"], set()).add(s["seat"])
    return out


def _seats(who, dealt: dict[str, set[int]]) -> set[int]:
    return {who} if isinstance(who, int) else dealt.get(who, set())


def _who(who, dealt: dict[str, set[int]]) -> str:
    """``seat 5``; ``the fox (seat 11)``; ``the sister (seats 1, 3)``; ``the fox (dealt to no seat)``."""
    if isinstance(who, int):
        return f"seat {who}"
    seats = sorted(dealt.get(who, ()))
    if not seats:
        return f"the {who} (dealt to no seat)"
    return f"the {who} (seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))})"


def _same(actual, expected) -> bool:
    """A logged value against an expected one: ``yes`` is not 1; lists of seats in any order;
    a mapping matches a record that has those fields (and maybe others)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _same(actual[k], v) for k, v in expected.items())
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(actual) is type(expected) and actual == expected
    if isinstance(expected, list) and isinstance(actual, list):
        if all(isinstance(v, int) for v in expected + actual):
            return sorted(expected) == sorted(actual)
        return len(expected) == len(actual) and all(map(_same, actual, expected))
    return actual == expected


def _at(ev: dict) -> str:
    return f"{ev.get('phase')} {ev.get('day')}"


def _fields(m: ExpectedMatch, ev: dict) -> dict:
    """What an expected entry's fields are compared with: an inform's ``what``, else the event."""
    if m.type == "inform" and m.path[1] == "told":
        what = ev.get("what")
        return what if isinstance(what, dict) else {}
    return ev


def _matches(m: ExpectedMatch, ev: dict, dealt) -> bool:
    if ev["type"] != m.type or (m.at is not None and _at(ev) != m.at):
        return False
    if m.seat is not None and ev.get("seat") not in _seats(m.seat, dealt):
        return False
    got = _fields(m, ev)
    return all(k in got and _same(got[k], v) for k, v in m.fields.items())


def _shown(m: ExpectedMatch, ev: dict, dealt) -> str:
    """An event as a mismatch report lists it: its time, seat and fields (not the log's bookkeeping)."""
    if m.path[1] == "told":
        seat = "" if len(_seats(m.seat, dealt)) == 1 else f"seat {ev.get('seat')}, "
        return f"{seat}{_at(ev)}: {yaml_text(ev.get('what'))}"
    rest = {k: v for k, v in ev.items() if k not in ("seq", "game", "day", "phase", "type")}
    return f"{_at(ev)}: {yaml_text(rest)}"


def _match_problem(m: ExpectedMatch, events: list[dict], dealt) -> str | None:
    """``None`` when ``m`` holds, else what was expected and what happened."""
    hits = [ev for ev in events if _matches(m, ev, dealt)]
    if (len(hits) == m.count) if m.count is not None else hits:
        return None
    where = f"{m.span}: {format_path(m.path)}"
    when = f" in {m.at}" if m.at else ""
    times = "" if m.count is None else f" exactly {m.count} time{'' if m.count == 1 else 's'}"
    if m.path[1] == "told":
        who = _who(m.seat, dealt)
        expected = f"expected {who} told {yaml_text(m.fields)[1:-1]}{when}{times}"
        if m.count is not None:
            found = "; ".join(_shown(m, ev, dealt) for ev in hits)
            return f"{where}: {expected}; told so {len(hits)} time{'' if len(hits) == 1 else 's'}" + \
                (f": {found}" if found else "")
        near = [ev for ev in events if ev["type"] == "inform" and ev.get("seat") in _seats(m.seat, dealt)
                and (m.at is None or _at(ev) == m.at)]
        if not near:
            return f"{where}: {expected}; {who} was told nothing{when}"
        return f"{where}: {expected}; {who} was told: " + "; ".join(_shown(m, ev, dealt) for ev in near)
    fields = {**({"seat": m.seat} if m.seat is not None else {}), **m.fields}
    shape = f" with {yaml_text(fields)[1:-1]}" if fields else ""
    expected = f"expected {'a' if m.count is None else m.count} {m.type} event{'' if m.count in (None, 1) else 's'}" \
               f"{when}{shape}"
    if m.count is not None:
        return f"{where}: {expected}; the log has {len(hits)}" + \
            (": " + "; ".join(_shown(m, ev, dealt) for ev in hits) if hits else "")
    same = [ev for ev in events if ev["type"] == m.type]
    if not same:
        known = sorted({ev["type"] for ev in events})
        hint = did_you_mean(m.type, known) if m.type not in ENGINE_EVENTS else ""
        return f"{where}: {expected}; the log has no {m.type} event at all{hint}"
    return f"{where}: {expected}; the {m.type} events logged: " + "; ".join(_shown(m, ev, dealt) for ev in same[:8]) + \
        ("; …" if len(same) > 8 else "")


def _final(events: list[dict]) -> dict[int, dict]:
    """Seat -> ``{role, faction, how}`` at the end of the log: the deal, then each
    ``role_change``, ``faction_change`` and ``revive`` (``how`` says what changed it)."""
    out: dict[int, dict] = {}
    for ev in events:
        t = ev["type"]
        if t == "game_start":
            for s in ev.get("seats", []):
                out[s["seat"]] = {"role": s["role"], "faction": s["faction"], "how": "as dealt"}
        elif t in ("role_change", "revive") and ev.get("seat") in out:
            out[ev["seat"]].update(role=ev["role"], faction=ev["faction"], how=f"{t} in {_at(ev)}")
        elif t == "faction_change" and ev.get("seat") in out:
            out[ev["seat"]].update(faction=ev["faction"], how=f"faction_change in {_at(ev)}")
    return out


def _final_problems(scenario: Scenario, key: str, items, events: list[dict], dealt) -> list[str]:
    final = _final(events)
    field_ = "role" if key == "roles" else "faction"
    out = []
    for who, value, path in items:
        seats = sorted(_seats(who, dealt))
        where = f"{scenario.span(*path)}: {format_path(path)}"
        if not seats:
            out.append(f"{where}: expected {_who(who, dealt)} to be {value} at the end; no seat was dealt {who}")
        for seat in seats:
            now = final.get(seat, {})
            if now.get(field_) != value:
                out.append(f"{where}: expected seat {seat} to be {value} at the end; seat {seat} is "
                           f"{now.get(field_, 'unknown')} ({now.get('how', 'not dealt')})")
    return out


def _refused_shape(r: ExpectedRefusal) -> str:
    parts = [f"in {r.at}" if r.at else "", f"by {r.by}" if r.by is not None else "", f"({r.do})" if r.do else ""]
    return " ".join(p for p in ["a scripted decision", *parts] if p) + f" refused, the reason containing {r.reason!r}"


def _refusal_matches(r: ExpectedRefusal, x: Refusal, dealt) -> bool:
    d = x.decision
    if r.at is not None and d.at != r.at:
        return False
    if r.do is not None and r.do.rsplit(".", 1)[-1] != d.do.rsplit(".", 1)[-1]:
        return False
    if r.by is not None:
        written = {x.by, d.by} - {None}
        seats = {s for w in written for s in _seats(w, dealt) if isinstance(w, int) or w in dealt}
        if x.actor is not None:
            seats.add(x.actor)
        if r.by not in written and not (_seats(r.by, dealt) & seats):
            return False
    return r.reason in x.diagnostic.message


def _refusal(r: ExpectedRefusal, refusals: list[Refusal], dealt, result: GameResult) -> tuple[bool, str]:
    hit = next((x for x in refusals if _refusal_matches(r, x, dealt)), None)
    if hit is not None:
        d = hit.decision
        return True, f"refused {format_path(d.path)} ({d.at}, {d.do})"
    where = f"{r.span}: expect.refused: expected {_refused_shape(r)}"
    if not refusals:
        end = _outcome(result, True)
        return False, f"{where}; the rules refused no scripted decision (the run ended in " \
                      f"{_at(result.events[-1]) if result.events else 'no phase'}; winner {end})"
    return False, where + "; the rules refused instead:\n" + "\n".join(f"  {x.diagnostic.headline()}" for x in refusals)
