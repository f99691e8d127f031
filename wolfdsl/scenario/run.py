"""Running a scenario: load it, play it with the :class:`ScriptedAgent`, check ``expect:``."""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any

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
                 options: dict[str, str] | None = None, lang: str = "en") -> ScenarioOutcome:
    """Play the scenario at ``path`` and compare its ``expect:`` block.

    ``ruleset_ref`` (the command line's RULESET) overrides the scenario's ``ruleset:``;
    ``options`` (the command line's ``--set NAME=VALUE``) override its ``options:``;
    ``log`` is a path for the event log (JSON Lines); ``lang`` the language of the
    report (``en`` or ``zh``: :func:`check_expect`). Raises :class:`WolfError` for a bad
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
    ok, report = check_expect(scenario, result, agent.refusals, lang)
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

_WORDS: dict[str, tuple[str, str]] = {
    "nothing": ("nothing to check: the scenario has no `expect:` block", "没有可检查的内容：剧本没有 `expect:` 部分"),
    "holds": ("expect holds: {items}", "expect 成立：{items}"),
    "sep": ("; ", "；"),
    "list_sep": (", ", "、"),
    "colon": (": ", "："),
    "deaths_held": ("deaths ({n})", "死亡（{n}）"),
    "sheriff_held": ("sheriff {seat}", "警长 {seat}"),
    "winner_held": ("winner {winner}", "胜者 {winner}"),
    "told_held": ("told ({n})", "告知（{n}）"),
    "events_held": ("events ({n})", "事件（{n}）"),
    "roles_held": ("roles ({n})", "身份（{n}）"),
    "factions_held": ("factions ({n})", "阵营（{n}）"),
    "refused_held": ("refused {path} ({at}, {do})", "已拒绝 {path}（{at}，{do}）"),
    "seat": ("seat {n}", "{n}号"),
    "seats": ("seats {ns}", "{ns}号"),
    "none": ("none", "无"),
    "when": ("{phase} {day}", "第{day}{phase}"),
    "night": ("night", "夜"),
    "day": ("day", "天"),
    "no_phase": ("no phase", "无阶段"),
    "deaths_differ": ("expect.deaths: the deaths differ from death {n} on", "expect.deaths：从第{n}个死亡起与预期不同"),
    "expected": ("  expected:", "  预期："),
    "actual": ("  actual:", "  实际："),
    "no_items": ("    (none)", "    （无）"),
    "death": ("{seat}{role}, {cause}, {when}{words}", "{seat}{role}，{cause}，{when}{words}"),
    "role": (" ({role})", "（{role}）"),
    "last_words": (", last words", "，有遗言"),
    "no_last_words": (", no last words", "，无遗言"),
    "sheriff_fail": ("expect.sheriff: expected {expected}, got {got}", "expect.sheriff：预期 {expected}，实际 {got}"),
    "winner_fail": ("expect.winner: expected {expected}, got {got}", "expect.winner：预期 {expected}，实际 {got}"),
    "goes_on": ("none: the game goes on", "none：游戏仍在进行"),
    "draw": ("draw: the game was a draw ({why})", "draw：平局（{why}）"),
    "day_limit": ("day limit", "天数上限"),
    "the_role": ("the {role} ({seats})", "{role}（{seats}）"),
    "dealt_to_none": ("the {role} (dealt to no seat)", "{role}（没有发给任何座位）"),
    "in": (" in {when}", "在{when}"),
    "times": (" exactly {n} time", "，恰好{n}次"),
    "times_plural": (" exactly {n} times", "，恰好{n}次"),
    "expected_told": ("expected {who} told {fields}{when}{times}", "预期{when}{who}被告知 {fields}{times}"),
    "told_count": ("; told so {n} time", "；实际被告知{n}次"),
    "told_count_plural": ("; told so {n} times", "；实际被告知{n}次"),
    "told_nothing": ("; {who} was told nothing{when}", "；{who}{when}没有被告知任何信息"),
    "was_told": ("; {who} was told: {items}", "；{who}被告知：{items}"),
    "shape": (" with {fields}", "，字段为 {fields}"),
    "expected_event": ("expected a {type} event{when}{shape}", "预期{when}有 {type} 事件{shape}"),
    "expected_events": ("expected {n} {type} event{when}{shape}", "预期{when}恰好有{n}个 {type} 事件{shape}"),
    "expected_events_plural": ("expected {n} {type} events{when}{shape}", "预期{when}恰好有{n}个 {type} 事件{shape}"),
    "log_has": ("; the log has {n}", "；日志中有{n}个"),
    "log_has_none": ("; the log has no {type} event at all{hint}", "；日志中没有任何 {type} 事件{hint}"),
    "did_you_mean": (" (did you mean '{name}'?)", "（是不是 '{name}'？）"),
    "logged": ("; the {type} events logged: {items}", "；日志中的 {type} 事件：{items}"),
    "more": ("; …", "；…"),
    "end_no_deal": ("expected {who} to be {value} at the end; no seat was dealt {role}",
                    "预期{who}最终为 {value}；没有座位拿到 {role}"),
    "end_is": ("expected seat {seat} to be {value} at the end; seat {seat} is {now} ({how})",
               "预期{seat}号最终为 {value}；{seat}号现为 {now}（{how}）"),
    "as_dealt": ("as dealt", "发牌时如此"),
    "changed_by": ("{type} in {when}", "{when}的 {type}"),
    "not_dealt": ("not dealt", "未发牌"),
    "unknown": ("unknown", "未知"),
    "refused_shape": ("a scripted decision{at}{by}{do} refused, the reason containing {reason}",
                      "{at}{by}{do}的一项脚本决定被拒绝，理由包含 {reason}"),
    "refused_at": (" in {when}", "{when}"),
    "refused_by": (" by {by}", "由 {by} 做出"),
    "refused_do": (" ({do})", "（{do}）"),
    "refused_fail": ("expect.refused: expected {shape}", "expect.refused：预期{shape}"),
    "none_refused": ("; the rules refused no scripted decision (the run ended in {when}; winner {end})",
                     "；规则没有拒绝任何脚本决定（对局结束于{when}；胜者 {end}）"),
    "refused_instead": ("; the rules refused instead:", "；规则拒绝的是："),
}
"""The words of the ``expect:`` report, English then Chinese (``run --script X --lang
zh``); ids (causes, roles, factions, event types, option values) stay as the scenario
file writes them, and a place stays ``file:line:col``."""


class _Say:
    """The report's words in one language: ``say("seat", n=5)`` is ``seat 5`` or ``5号``."""

    def __init__(self, lang: str) -> None:
        self.i = 1 if lang == "zh" else 0

    def __call__(self, key: str, **kw: Any) -> str:
        return _WORDS[key][self.i].format(**kw)

    def when(self, at: str) -> str:
        """``night 2`` (as a scenario writes it) as ``night 2`` or ``第2夜``."""
        phase, _, day = at.partition(" ")
        return self("when", phase=self(phase) if phase in ("night", "day") else phase, day=day)

    def seat(self, seat: int | None) -> str:
        return self("none") if seat is None else self("seat", n=seat)

    def counted(self, key: str, n: int, **kw: Any) -> str:
        """The ``key`` words for ``n`` (``key_plural`` when ``n`` is not 1)."""
        return self(key if n == 1 else key + "_plural", n=n, **kw)


_EN = _Say("en")


def _seat(seat: int | None) -> str:
    return _EN.seat(seat)


def _factions(winners) -> str:
    return ", ".join(winners) if winners else "none"


def _outcome(result: GameResult, explain: bool = False, say: _Say = _EN) -> str:
    """The winners as ``expect.winner`` writes them: factions, ``draw`` or ``none``
    (``explain``: with what it means, in the report's words)."""
    if result.winners:
        return ", ".join(sorted(result.winners))
    if not result.over:
        return say("goes_on") if explain else "none"
    if not explain:
        return "draw"
    why = say("day_limit") if result.reason in (None, "day_limit") else result.reason
    return say("draw", why=why)


def _expected_death(d: ExpectedDeath, say: _Say = _EN) -> str:
    words = "" if d.last_words is None else say("last_words") if d.last_words else say("no_last_words")
    return say("death", seat=say.seat(d.seat), role="", cause=d.cause, when=say.when(d.at), words=words)


def _actual_death(ev: dict, say: _Say = _EN) -> str:
    role = say("role", role=ev["role"]) if ev.get("role") else ""
    words = say("last_words") if ev.get("last_words") else ""
    return say("death", seat=say.seat(ev["seat"]), role=role, cause=ev["cause"], when=say.when(_at(ev)),
               words=words)


def _same_death(d: ExpectedDeath, ev: dict) -> bool:
    return (d.seat == ev.get("seat") and d.cause == ev.get("cause")
            and d.at == f"{ev.get('phase')} {ev.get('day')}"
            and (d.last_words is None or d.last_words == bool(ev.get("last_words"))))


def check_expect(scenario: Scenario, result: GameResult, refusals: list[Refusal] | None = None,
                 lang: str = "en") -> tuple[bool, str]:
    """``(ok, report)``: each field of ``expect:`` against the game's result and the
    scripted decisions the rules refused (``refusals``: the run stopped at them); the
    report in ``lang`` (``en`` or ``zh``)."""
    say = _Say(lang)
    e = scenario.expect
    if e is None:
        return True, say("nothing")
    held: list[str] = []
    failed: list[str] = []
    if "deaths" in e.given:
        actual = result.deaths
        differs = next((i for i, (d, ev) in enumerate(zip(e.deaths, actual)) if not _same_death(d, ev)),
                       None if len(e.deaths) == len(actual) else min(len(e.deaths), len(actual)))
        if differs is None:
            held.append(say("deaths_held", n=len(actual)))
        else:
            lines = [f"{e.spans['deaths']}: " + say("deaths_differ", n=differs + 1), say("expected")]
            lines += [f"    {i}. {_expected_death(d, say)}" for i, d in enumerate(e.deaths, 1)] or [say("no_items")]
            lines.append(say("actual"))
            lines += [f"    {i}. {_actual_death(ev, say)}" for i, ev in enumerate(actual, 1)] or [say("no_items")]
            failed.append("\n".join(lines))
    if "sheriff" in e.given:
        if e.sheriff == result.sheriff:
            held.append(say("sheriff_held", seat=say.seat(e.sheriff)))
        else:
            failed.append(f"{e.spans['sheriff']}: " + say("sheriff_fail", expected=say.seat(e.sheriff),
                                                             got=say.seat(result.sheriff)))
    if "winner" in e.given:
        expected = "draw" if e.draw else _factions(e.winner)
        if ("draw" if e.draw else _factions(sorted(e.winner))) == _outcome(result):
            held.append(say("winner_held", winner=expected))
        else:
            failed.append(f"{e.spans['winner']}: " + say("winner_fail", expected=expected,
                                                            got=_outcome(result, True, say)))
    dealt = _dealt(result.events)
    for key, items in (("told", e.told), ("events", e.events)):
        if key in e.given:
            bad = [_match_problem(m, result.events, dealt, say) for m in items]
            failed += [b for b in bad if b]
            if not any(bad):
                held.append(say(f"{key}_held", n=len(items)))
    for key, items in (("roles", e.roles), ("factions", e.factions)):
        if key in e.given:
            bad = _final_problems(scenario, key, items, result.events, dealt, say)
            failed += bad
            if not bad:
                held.append(say(f"{key}_held", n=len(items)))
    if e.refused is not None:
        ok, text = _refusal(e.refused, refusals or [], dealt, result, say)
        (held if ok else failed).append(text)
    if failed:
        return False, "\n".join(failed)
    return True, say("holds", items=say("sep").join(held))


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


def _who(who, dealt: dict[str, set[int]], say: _Say = _EN) -> str:
    """``seat 5``; ``the fox (seat 11)``; ``the sister (seats 1, 3)``; ``the fox (dealt to no seat)``."""
    if isinstance(who, int):
        return say.seat(who)
    seats = sorted(dealt.get(who, ()))
    if not seats:
        return say("dealt_to_none", role=who)
    shown = say.seat(seats[0]) if len(seats) == 1 else say("seats", ns=say("list_sep").join(map(str, seats)))
    return say("the_role", role=who, seats=shown)


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


def _shown(m: ExpectedMatch, ev: dict, dealt, say: _Say = _EN) -> str:
    """An event as a mismatch report lists it: its time, seat and fields (not the log's bookkeeping)."""
    if m.path[1] == "told":
        seat = "" if len(_seats(m.seat, dealt)) == 1 else say.seat(ev.get("seat")) + say("list_sep")
        return f"{seat}{say.when(_at(ev))}{say('colon')}{yaml_text(ev.get('what'))}"
    rest = {k: v for k, v in ev.items() if k not in ("seq", "game", "day", "phase", "type")}
    return f"{say.when(_at(ev))}{say('colon')}{yaml_text(rest)}"


def _match_problem(m: ExpectedMatch, events: list[dict], dealt, say: _Say = _EN) -> str | None:
    """``None`` when ``m`` holds, else what was expected and what happened."""
    hits = [ev for ev in events if _matches(m, ev, dealt)]
    if (len(hits) == m.count) if m.count is not None else hits:
        return None
    sep = say("sep")
    where = f"{m.span}: {format_path(m.path)}"
    when = say("in", when=say.when(m.at)) if m.at else ""
    times = "" if m.count is None else say.counted("times", m.count)
    if m.path[1] == "told":
        who = _who(m.seat, dealt, say)
        expected = say("expected_told", who=who, fields=yaml_text(m.fields)[1:-1], when=when, times=times)
        if m.count is not None:
            found = sep.join(_shown(m, ev, dealt, say) for ev in hits)
            return f"{where}{say('colon')}{expected}" + say.counted("told_count", len(hits)) + \
                (f"{say('colon')}{found}" if found else "")
        near = [ev for ev in events if ev["type"] == "inform" and ev.get("seat") in _seats(m.seat, dealt)
                and (m.at is None or _at(ev) == m.at)]
        if not near:
            return f"{where}{say('colon')}{expected}" + say("told_nothing", who=who, when=when)
        return f"{where}{say('colon')}{expected}" + say("was_told", who=who, items=sep.join(_shown(m, ev, dealt, say)
                                                                                for ev in near))
    fields = {**({"seat": m.seat} if m.seat is not None else {}), **m.fields}
    shape = say("shape", fields=yaml_text(fields)[1:-1]) if fields else ""
    expected = say("expected_event", type=m.type, when=when, shape=shape) if m.count is None else \
        say.counted("expected_events", m.count, type=m.type, when=when, shape=shape)
    if m.count is not None:
        return f"{where}{say('colon')}{expected}" + say("log_has", n=len(hits)) + \
            (say("colon") + sep.join(_shown(m, ev, dealt, say) for ev in hits) if hits else "")
    same = [ev for ev in events if ev["type"] == m.type]
    if not same:
        known = sorted({ev["type"] for ev in events})
        close = did_you_mean(m.type, known) if m.type not in ENGINE_EVENTS else ""
        hint = say("did_you_mean", name=close.split("'")[1]) if close else ""
        return f"{where}{say('colon')}{expected}" + say("log_has_none", type=m.type, hint=hint)
    return f"{where}{say('colon')}{expected}" + say("logged", type=m.type, items=sep.join(_shown(m, ev, dealt, say)
                                                                               for ev in same[:8])) + \
        (say("more") if len(same) > 8 else "")


def _final(events: list[dict]) -> dict[int, dict]:
    """Seat -> ``{role, faction, how}`` at the end of the log: the deal, then each
    ``role_change``, ``faction_change`` and ``revive`` (``how``: ``None`` as dealt, else
    ``(event type, phase)`` of what changed it)."""
    out: dict[int, dict] = {}
    for ev in events:
        t = ev["type"]
        if t == "game_start":
            for s in ev.get("seats", []):
                out[s["seat"]] = {"role": s["role"], "faction": s["faction"], "how": None}
        elif t in ("role_change", "revive") and ev.get("seat") in out:
            out[ev["seat"]].update(role=ev["role"], faction=ev["faction"], how=(t, _at(ev)))
        elif t == "faction_change" and ev.get("seat") in out:
            out[ev["seat"]].update(faction=ev["faction"], how=(t, _at(ev)))
    return out


def _final_problems(scenario: Scenario, key: str, items, events: list[dict], dealt, say: _Say = _EN) -> list[str]:
    final = _final(events)
    field_ = "role" if key == "roles" else "faction"
    out = []
    for who, value, path in items:
        seats = sorted(_seats(who, dealt))
        where = f"{scenario.span(*path)}: {format_path(path)}"
        if not seats:
            out.append(where + say("colon") + say("end_no_deal", who=_who(who, dealt, say), value=value, role=who))
        for seat in seats:
            now = final.get(seat)
            if now is None:
                out.append(where + say("colon") + say("end_is", seat=seat, value=value, now=say("unknown"),
                                              how=say("not_dealt")))
            elif now.get(field_) != value:
                how = say("as_dealt") if now["how"] is None else \
                    say("changed_by", type=now["how"][0], when=say.when(now["how"][1]))
                out.append(where + say("colon") + say("end_is", seat=seat, value=value, now=now.get(field_), how=how))
    return out


def _refused_shape(r: ExpectedRefusal, say: _Say = _EN) -> str:
    return say("refused_shape", at=say("refused_at", when=say.when(r.at)) if r.at else "",
               by=say("refused_by", by=r.by) if r.by is not None else "",
               do=say("refused_do", do=r.do) if r.do else "", reason=repr(r.reason))


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


def _refusal(r: ExpectedRefusal, refusals: list[Refusal], dealt, result: GameResult,
             say: _Say = _EN) -> tuple[bool, str]:
    hit = next((x for x in refusals if _refusal_matches(r, x, dealt)), None)
    if hit is not None:
        d = hit.decision
        return True, say("refused_held", path=format_path(d.path), at=say.when(d.at), do=d.do)
    where = f"{r.span}: " + say("refused_fail", shape=_refused_shape(r, say))
    if not refusals:
        end = _outcome(result, True, say)
        when = say.when(_at(result.events[-1])) if result.events else say("no_phase")
        return False, where + say("none_refused", when=when, end=end)
    return False, where + say("refused_instead") + "\n" + "\n".join(f"  {x.diagnostic.headline()}" for x in refusals)
