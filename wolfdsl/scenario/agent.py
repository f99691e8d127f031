"""The scripted agent: answers requests from a scenario's ``decisions:``.

A scripted decision answers a :class:`~wolfdsl.play.agents.Request` when its ``at``, ``do``
(the short name, or the full action id) and ``round`` agree and its ``by`` names the
request's seat (``request.actor``) or the role or team it is addressed to
(``request.by``). A list of seats or a ``votes:`` map answers once per seat listed. A
seat-specific answer wins over a role or team answer; otherwise the file order decides.

Each answer is used once. What the script leaves open follows ``otherwise:``; what it
answers but the rules never ask is an error when the phase ends (a warning when the rules
cut the phase short or the game ends first).

When the engine rejects a scripted answer it raises ``DecisionError``; the agent's
:attr:`ScriptedAgent.last_span` and :meth:`ScriptedAgent.blame` turn that error into one
pointing at the YAML that supplied the answer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..play.agents import BaseAgent, RandomAgent, Request
from ..diagnostics import Diagnostic, Related, Span, WolfError, did_you_mean
from .load import Decision, Scenario, expanded, parse_at
from .yamlspans import Path, format_path


@dataclass(slots=True)
class _Answer:
    """One decider's copy of a scripted decision."""

    decision: Decision
    path: Path  # where this decider is written (the entry, a `by` item, a voter)
    by: int | str
    value: Any
    used: bool = False

    @property
    def source(self) -> str:
        return format_path(self.path)

    def matches(self, r: Request) -> bool:
        d = self.decision
        if d.at != r.at or d.round != r.round or d.do not in (r.short, r.action):
            return False
        if isinstance(self.by, int):
            return r.actor == self.by
        return r.by is not None and r.by == self.by


def _who(actor: int | None, by: str | None) -> str:
    return f"seat {actor}" if actor is not None else str(by)


def describe_request(r: Request) -> str:
    """``night 1: thief.choose by seat 3`` (with ``(round 2)`` after the phase when > 1)."""
    rnd = f" (round {r.round})" if r.round > 1 else ""
    return f"{r.at}{rnd}: {r.action} by {_who(r.actor, r.by)}"


def yaml_text(value: Any) -> str:
    """A value as a scenario writes it: ``yes``/``no``, ``none``, ``[1, 2]``, ``{seat: 4, result: wolf}``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(map(yaml_text, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {yaml_text(v)}" for k, v in value.items()) + "}"
    return str(value)


def suggest_decision(r: Request) -> str:
    """A YAML line answering ``r``, and the legal options: what to add to the script."""
    if r.kind == "yes_no":
        example, opts = "yes", "yes or no"
    else:
        shown = [yaml_text(o) for o in r.options[:12]] + (["..."] if len(r.options) > 12 else [])
        opts = ", ".join(shown) or "nothing"
        if r.kind == "seats":
            example = yaml_text(tuple(r.options[: r.count])) if len(r.options) >= r.count else "none"
            opts = f"{r.count} of {opts}"
        else:
            example = yaml_text(r.options[0]) if r.options else "none"
    if r.can_pass:
        opts += " or none"
    by = r.actor if r.actor is not None else r.by
    rnd = f", round: {r.round}" if r.round > 1 else ""
    return f"`- {{at: {r.at}, by: {by}, do: {r.short}, choose: {example}{rnd}}}` (options: {opts})"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A scripted decision the rules refused: an answer they forbid (``actor`` is the seat
    asked) or a decision they never requested (``actor`` is ``None``). ``by`` is the
    decider as written (a seat of a list or a ``votes:`` map, else the decision's ``by``);
    ``diagnostic`` is the error ``wolfdsl run --script`` prints for it."""

    decision: Decision
    by: int | str
    actor: int | None
    diagnostic: Diagnostic


class ScriptedAgent(BaseAgent):
    """Plays a scenario's decisions; see the module docstring for the matching rules.

    - ``warnings``: ``file:line:col: warning: ...`` lines for scripted decisions left
      unused because a phase was cut short or the game ended first.
    - ``last_span`` / ``last_source``: where the latest answer was written
      (``decisions[3]``), or ``None`` when it came from ``otherwise:``.
    """

    name = "scripted"

    def __init__(self, scenario: Scenario, seed: int | None = None):
        self.scenario = scenario
        self.warnings: list[str] = []
        self.last_span: Span | None = None
        self.last_source: str | None = None
        self._random = RandomAgent(scenario.seed if seed is None else seed)
        self._answers = [_Answer(d, path, by, value)
                         for d in scenario.decisions for path, by, value in expanded(d)]
        self._ballots: dict[tuple, Decision] = {}
        self._offers: dict[tuple, Decision] = {}  # candidates: the seats not listed say no
        for d in scenario.decisions:
            if d.votes is not None:
                self._ballots.setdefault((d.at, d.do, d.round), d)
            if d.candidates is not None:
                self._offers.setdefault((d.at, d.do, d.round), d)
        self._asked: list[Request] = []
        self._last: _Answer | None = None
        self.refusals: list[Refusal] = []
        self.events: list[dict] = []
        self._skipped: list[tuple[str, str, int | None, str | None, str]] = []
        self._ended_days: dict[str, int] = {}

    # -- answering -----------------------------------------------------------------

    def decide(self, request: Request) -> Any:
        self._asked.append(request)
        hits = [a for a in self._answers if not a.used and a.matches(request)]
        if hits:
            hit = min(hits, key=lambda a: not isinstance(a.by, int))  # a seat beats a role
            hit.used = True
            self._last = hit
            written = hit.path if hit.decision.votes is not None else hit.decision.path + ("choose",)
            self.last_span, self.last_source = self.scenario.span(*written), hit.source
            return _fit(hit.value, request)
        self._last = None
        group = (self._ballots.get((request.at, request.short, request.round))
                 or self._ballots.get((request.at, request.action, request.round)))
        if group is not None and request.actor is not None:
            # A votes map for this ballot: voters it does not list abstain.
            self.last_span = self.scenario.span("decisions", group.index, "votes")
            self.last_source = f"{format_path(group.path)}.votes (seat {request.actor} not listed, so abstains)"
            return None
        offer = (self._offers.get((request.at, request.short, request.round))
                 or self._offers.get((request.at, request.action, request.round)))
        if offer is not None and request.actor is not None:
            # A list of candidates: the seats it does not list say no.
            self.last_span = self.scenario.span("decisions", offer.index, "candidates")
            if request.kind != "yes_no":
                raise WolfError(f"{format_path(offer.path)}.candidates: `candidates:` lists the seats that say yes to "
                                f"a yes/no question; {describe_request(request)} asks for "
                                f"{'a vote' if request.kind == 'ballot' else 'a choice'}: write it with "
                                f"{'`votes:`' if request.kind == 'ballot' else '`by:` and `choose:`'}", self.last_span)
            self.last_source = f"{format_path(offer.path)}.candidates (seat {request.actor} not listed, so says no)"
            return False
        self.last_span = self.last_source = None
        policy = self.scenario.otherwise
        if policy == "random":
            return self._random.decide(request)
        if policy == "abstain" and request.can_pass:
            return None
        if policy == "abstain":
            message = f"{describe_request(request)} must be decided (the rules allow no pass); add a decision: "
        else:
            message = f"{describe_request(request)} is not in the script (otherwise: error); add a decision: "
        raise WolfError(message + suggest_decision(request), self._policy_span())

    def blame(self, error: WolfError) -> WolfError:
        """The engine's rejection of the latest answer, pointed at the YAML that gave it.

        Each diagnostic keeps its message, prefixed with the decision's path; a span the
        engine gave (the rule in the ruleset) becomes a related note.
        """
        if self.last_span is None:
            return error
        diags = [Diagnostic(self.last_span, "error", f"{self.last_source}: {d.message}", d.code,
                            ((Related(d.span, "the rule is here"),) if d.span else ()) + d.related)
                 for d in error.diagnostics]
        if self._last is not None:
            actor = self._asked[-1].actor if self._asked else None
            self.refusals += [Refusal(self._last.decision, self._last.by, actor, d) for d in diags]
        return WolfError(diags)

    def bind(self, emit) -> None:
        """Keep the game's event list (the engine binds its ``emit``), so that a run stopped
        by a refusal can still be checked against what was logged before it."""
        game = getattr(emit, "__self__", None)
        if game is not None:
            self.events = game.events

    def _policy_span(self) -> Span:
        data = self.scenario.located.data or {}
        key = "otherwise" if "otherwise" in data else "decisions"
        return self.scenario.key_span(key) if key in data else self.scenario.span()

    # -- hooks: what was not asked ---------------------------------------------------

    def not_offered(self, action, actor, by, day, phase, reason) -> None:
        self._skipped.append((f"{phase} {day}", action, actor, by, reason))

    def phase_end(self, day, phase, cut_short) -> None:
        at = f"{phase} {day}"
        self._ended_days[at] = day
        errors = []
        for a in self._answers:
            if a.used or a.decision.at != at:
                continue
            a.used = True
            if cut_short:
                self._warn(a, f"{self._never(a)} (the rules cut {at} short)")
            else:
                errors.append(Diagnostic(self.scenario.span(*a.path), "error", self._never(a)))
                self.refusals.append(Refusal(a.decision, a.by, None, errors[-1]))
        if errors:
            raise WolfError(errors)

    def game_end(self, over) -> None:
        last_day = max(self._ended_days.values(), default=0)
        errors = []
        for a in self._answers:
            if a.used:
                continue
            a.used = True
            if parse_at(a.decision.at)[1] < last_day:
                errors.append(Diagnostic(self.scenario.span(*a.path), "error",
                                         f"{self._never(a)}: {a.decision.at} never took place"))
                self.refusals.append(Refusal(a.decision, a.by, None, errors[-1]))
            else:
                self._warn(a, f"{self._never(a)}: the {'game ended' if over else 'run stopped'} first")
        if errors:
            raise WolfError(errors)

    def _warn(self, a: _Answer, message: str) -> None:
        self.warnings.append(Diagnostic(self.scenario.span(*a.path), "warning", message).headline())

    def _never(self, a: _Answer) -> str:
        d = a.decision
        rnd = f" round {d.round}" if d.round > 1 else ""
        who = f"seat {a.by}" if isinstance(a.by, int) else a.by
        text = f"{a.source} ({d.at}, {who} {d.do}{rnd}) was never requested"
        for at, action, actor, by, reason in reversed(self._skipped):
            if at == d.at and d.do in (action, action.rsplit(".", 1)[-1]) and (
                    actor == a.by if isinstance(a.by, int) else by == a.by):
                return f"{text}: {reason}"
        same = [r for r in self._asked if r.at == d.at and d.do in (r.short, r.action)]
        if same:
            asked = sorted({_who(r.actor, r.by) + (f" round {r.round}" if r.round > 1 else "")
                            for r in same})
            return f"{text}; the rules asked {', '.join(asked)}"
        names = {r.short for r in self._asked}
        return text + (did_you_mean(d.do, names) if d.do not in names else "")


def _fit(value: Any, request: Request) -> Any:
    """Let one seat answer a one-seat list request and a one-item list a seat request."""
    if request.kind == "seats" and isinstance(value, int) and not isinstance(value, bool):
        return (value,)
    if request.kind in ("seat", "ballot") and isinstance(value, tuple) and len(value) == 1:
        return value[0]
    return value
