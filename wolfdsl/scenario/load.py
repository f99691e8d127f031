"""Reading a scenario file (contract section 2) into a :class:`Scenario`.

Three passes, each reporting every problem it finds at once:

1. YAML with positions (:mod:`.yamlspans`);
2. the JSON Schema ``wolfdsl/schemas/scenario.schema.json``, its errors rewritten as
   ``decisions[3].choose: expected a seat number, ...`` from the schema's own
   ``x-messages`` and pointed at the offending node;
3. checks a schema cannot express: seat numbers beyond the table, a seat given two
   attribute sets, two decisions answering the same request.

What only the ruleset can judge (role, team, action, cause and faction ids, the deck, seat
attributes) is checked by :func:`wolfdsl.scenario.check.ruleset_problems` once it is loaded.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from ..diagnostics import Diagnostic, Related, Span, WolfError, did_you_mean
from ..schemas import load_schema
from ..lang.load import decode_source
from .yamlspans import MAX_BYTES, Located, Path, format_path, load_yaml

OTHERWISE = ("abstain", "random", "error")
NO_WINNER = (None, "none", "draw")
"""``expect.winner`` values that are not factions: the game goes on, or ended in a draw."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One entry of ``decisions:``, as written, its choice already converted.

    ``by`` is a seat, a tuple of seats or a role/team id (``None`` with ``votes`` and
    ``candidates``); ``choose`` is an answer as the engine takes it (see :func:`to_answer`);
    ``votes`` maps each voter to the seat voted for, or ``None`` to abstain;
    ``candidates`` lists the seats that answer yes to a yes/no request asked of each
    seat in turn, the others asked answering no.
    """

    index: int
    at: str
    do: str
    round: int
    by: int | tuple[int, ...] | str | None
    choose: Any = None
    votes: dict[int, int | None] | None = None
    span: Span | None = None
    candidates: tuple[int, ...] | None = None

    @property
    def path(self) -> Path:
        return ("decisions", self.index)


@dataclass(frozen=True, slots=True)
class ExpectedDeath:
    seat: int
    cause: str
    at: str
    last_words: bool | None
    span: Span


@dataclass(frozen=True, slots=True)
class ExpectedMatch:
    """One entry of ``expect.told`` or ``expect.events``: a pattern of logged events.

    ``type`` is ``inform`` for ``told:``; ``seat`` a seat, a role id (the seats dealt that
    card) or ``None`` (any); ``at`` a phase or ``None`` (any time); ``fields`` the fields
    compared (for ``told:``, those of the inform's ``what``), their values converted as
    choices are (:func:`to_answer`, lists kept in order); ``count`` the exact number of
    matching events, or ``None`` for at least one. ``path`` is where it is written.
    """

    type: str
    seat: int | str | None
    at: str | None
    fields: dict[str, Any]
    count: int | None
    path: Path
    span: Span


@dataclass(frozen=True, slots=True)
class ExpectedRefusal:
    """``expect.refused``: which scripted decision the rules must refuse, and text the
    refusal's message contains. ``at``, ``by`` and ``do`` are ``None`` when not given."""

    reason: str
    at: str | None = None
    by: int | str | None = None
    do: str | None = None
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Expect:
    """The ``expect:`` block; ``given`` names the fields the scenario checks.

    ``sheriff`` is a seat or ``None`` (no badge); ``winner`` a tuple of faction ids,
    empty for ``none`` (the game goes on) and for ``draw`` (the game ended with no
    winner: its day bound), which sets ``draw``.
    """

    given: frozenset[str]
    deaths: tuple[ExpectedDeath, ...] = ()
    sheriff: int | None = None
    winner: tuple[str, ...] = ()
    draw: bool = False
    told: tuple[ExpectedMatch, ...] = ()
    events: tuple[ExpectedMatch, ...] = ()
    roles: tuple[tuple[int | str, str, Path], ...] = ()
    """``(seat or role id, role id, path)`` for each entry of ``roles:``."""
    factions: tuple[tuple[int | str, str, Path], ...] = ()
    refused: ExpectedRefusal | None = None
    spans: dict[str, Span] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario file. ``located`` keeps the span of every YAML node."""

    path: str
    ruleset: str | None
    seed: int
    seats: tuple[str, ...] | None
    extra_cards: tuple[str, ...] | None
    options: dict[str, str]
    attributes: dict[int, dict]
    cards: tuple[tuple[str, int, str], ...]
    otherwise: str
    stop_after: tuple[str, int] | None
    decisions: tuple[Decision, ...]
    expect: Expect | None
    located: Located = field(repr=False)
    seat_numbers_checked: bool = field(default=True, repr=False)
    """False when :func:`load_scenario` left the seat numbers against ``seats:`` to
    :func:`~wolfdsl.scenario.check.ruleset_problems`, which checks the seat count first."""

    def span(self, *path: str | int) -> Span:
        """The span of the value at ``path`` (``scenario.span("decisions", 3, "choose")``)."""
        return self.located.span(path)

    def key_span(self, *path: str | int) -> Span:
        """The span of the key at ``path``."""
        return self.located.key_span(path)


_AT_ZH = re.compile(r"^第 ?([1-9][0-9]*) ?([夜天])$")
_PHASE_ZH = {"夜": "night", "天": "day"}


def normal_at(text: str) -> str:
    """A phase as the engine names it: ``第1夜`` (the Chinese narration's words) ->
    ``night 1``, ``第2天`` -> ``day 2``; ``night 1`` stays as it is. The text has passed
    the schema's pattern.

    >>> [normal_at(t) for t in ("第1夜", "第 2 天", "day 3")]
    ['night 1', 'day 2', 'day 3']
    """
    m = _AT_ZH.match(text)
    return f"{_PHASE_ZH[m.group(2)]} {m.group(1)}" if m else text


def parse_at(text: str) -> tuple[str, int]:
    """``"night 1"`` (or ``第1夜``) -> ``("night", 1)``; the text has passed the schema's pattern."""
    phase, day = normal_at(text).split()
    return phase, int(day)


YES_NO = {"yes": True, "no": False, "none": None, "是": True, "否": False}
"""The words of a yes/no answer (and ``none``) in a scenario's ``choose:``: English, and
the Chinese ones the narration uses under ``--lang zh``."""


def to_answer(value: Any) -> Any:
    """A scenario's choice as the engine takes answers.

    YAML booleans and the strings ``yes``/``no`` (and the narration's Chinese words for
    them, ``是``/``否``) become ``True``/``False``; ``none`` and null become ``None``; a list
    of seats becomes a sorted tuple; a seat stays an int and any other string is a symbol
    (a role id).

    >>> [to_answer(v) for v in (True, "no", "none", None, 3, [5, 2], "villager", "是", "否")]
    [True, False, None, None, 3, (2, 5), 'villager', True, False]
    """
    if isinstance(value, str):
        return YES_NO.get(value.strip().lower(), value)
    if isinstance(value, list):
        return tuple(sorted(int(v) for v in value))
    if isinstance(value, float):
        return int(value)
    return value


def load_scenario(path: str, seat_numbers: bool = True) -> Scenario:
    """Read, validate and convert the scenario file at ``path``.

    Raises :class:`WolfError` holding every problem found, each pointed at its YAML
    node (``file:line:col``). ``seat_numbers=False`` leaves the seat numbers beyond
    ``seats:`` to :func:`~wolfdsl.scenario.check.ruleset_problems`, so that a ``seats:``
    list the ruleset does not take is reported first, not the seats it seems to lack.
    """
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise WolfError(f"{path}: cannot read the scenario: {exc.strerror or exc}") from None
    text = decode_source(data, path)
    located = load_yaml(text, path)
    problems = schema_problems(located)
    if problems:
        raise WolfError(problems)
    scenario = _build(located)
    if not seat_numbers:
        scenario = replace(scenario, seat_numbers_checked=False)
    problems = _semantic_problems(scenario)
    if problems:
        raise WolfError(problems)
    return scenario


# -- schema errors, made readable ------------------------------------------------------

@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(load_schema("scenario"))


def schema_problems(located: Located) -> list[Diagnostic]:
    """Every schema error of the document, as diagnostics in source order."""
    seen: set[tuple] = set()
    out: list[Diagnostic] = []
    errors = list(_validator().iter_errors(located.data))
    # "choose or votes" says little next to "unknown key 'chose' (did you mean 'choose'?)".
    typos = {tuple(e.absolute_path) for e in errors if e.validator == "additionalProperties"}
    for error in errors:
        if error.validator == "oneOf" and tuple(error.absolute_path) in typos:
            continue
        for span, message in _explain(error, located):
            if (span, message) not in seen:
                seen.add((span, message))
                out.append(Diagnostic(span, "error", message))
    out.sort(key=lambda d: (d.span.line, d.span.col, d.message))
    return out


def _explain(error, located: Located) -> list[tuple[Span, str]]:
    path: Path = tuple(error.absolute_path)
    where = format_path(path)
    schema = error.schema
    kind = error.validator
    if kind == "additionalProperties":
        known = list(schema.get("properties", {}))
        out = []
        for key in error.instance:
            if key in known:
                continue
            owner = f"{where}: unknown key" if where else "unknown top-level key"
            hint = did_you_mean(key, known) or f"; expected one of: {', '.join(known)}"
            out.append((located.key_span(path + (key,)), f"{owner} '{key}'{hint}"))
        return out
    if kind == "required":
        out = []
        for key in error.validator_value:
            if key not in error.instance:
                example = _example(schema.get("properties", {}).get(key, {}))
                hint = f" (write it like `{example}`)" if example else ""
                out.append((located.span(path), f"{where}: missing `{key}`{hint}"))
        return out
    message = schema.get("x-messages", {}).get(kind) or error.message
    if "propertyNames" in error.relative_schema_path:
        key_path = path + (error.instance,)
        return [(located.key_span(key_path), f"{format_path(key_path)}: {message}")]
    span = located.span(path)
    if kind == "dependentRequired":  # point at the key that needs another
        trigger = next(k for k, needs in error.validator_value.items()
                       if k in error.instance and not set(needs) <= set(error.instance))
        span = located.key_span(path + (trigger,))
    elif kind == "not":  # point at the key that is not wanted
        unwanted = [k for k in error.validator_value.get("required", []) if k in error.instance]
        span = located.key_span(path + tuple(unwanted[:1]))
    if kind in ("type", "pattern", "anyOf", "enum", "minimum", "minLength"):
        message += f" (got {_describe(error.instance, located.raw.get(path), 'list of seats' in message)})"
    if kind == "enum":
        message += did_you_mean(str(error.instance), [str(v) for v in error.validator_value])
    return [(span, f"{where}: {message}" if where else message)]


def _example(prop: dict) -> str | None:
    if "x-example" in prop:
        return prop["x-example"]
    ref = prop.get("$ref", "")
    if ref.startswith("#/$defs/"):
        return load_schema("scenario")["$defs"][ref.removeprefix("#/$defs/")].get("x-example")
    return None


def _describe(value: Any, raw: str | None, seats: bool = False) -> str:
    """What was written, for ``(got …)``; ``seats``: a list of seats was expected."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        odd = next((v for v in value if isinstance(v, (str, dict, list)) and not str(v).isdigit()), None)
        if seats and isinstance(odd, str):  # [cupid, 3]: a role id among the seats
            return f"a list with '{odd}', which is no seat number: a list holds seat numbers only, like [6, 3]"
        return "a list"
    if raw == "" and value is None:
        return "nothing"
    return f"`{raw if raw is not None else value}`"


# -- building the Scenario --------------------------------------------------------------

def _seat(value: Any) -> int:
    return int(value)


def _who(value: Any) -> int | str | None:
    """A seat as ``told:``, ``events:``, ``roles:`` and ``refused:`` name it: a seat
    number (``"12"`` as a mapping key is seat 12), else a role or team id."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    if isinstance(value, float):
        return int(value)
    return value


def expected_value(value: Any) -> Any:
    """A value of ``told.what`` or of an ``events:`` field as the log writes it: ``yes``
    and ``no`` are booleans, ``none`` is null, a list stays a list (in order), a mapping
    stays a mapping (some of the fields of a record, such as a claim's ``told``).

    >>> [expected_value(v) for v in ("yes", "none", [5, 2], "wolf", 3, {"result": "no"})]
    [True, None, [5, 2], 'wolf', 3, {'result': False}]
    """
    if isinstance(value, list):
        return [expected_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): expected_value(v) for k, v in value.items()}
    return to_answer(value)


def _match(loc: Located, path: Path, type_: str, entry: dict, fields: dict) -> ExpectedMatch:
    at = entry.get("at")
    return ExpectedMatch(type_, _who(entry.get("seat")), None if at is None else normal_at(at),
                         {k: expected_value(v) for k, v in fields.items()},
                         entry.get("count"), path, loc.span(path))


def _build(loc: Located) -> Scenario:
    data = loc.data or {}
    decisions = []
    for i, d in enumerate(data.get("decisions", [])):
        by = d.get("by")
        if isinstance(by, list):
            by = tuple(_seat(s) for s in by)
        elif isinstance(by, (int, float)):
            by = _seat(by)
        votes = None
        if "votes" in d:
            votes = {int(k): to_answer(v) for k, v in d["votes"].items()}
        candidates = tuple(_seat(s) for s in d["candidates"]) if "candidates" in d else None
        decisions.append(Decision(
            index=i, at=normal_at(d["at"]), do=d["do"], round=int(d.get("round", 1)), by=by,
            choose=to_answer(d.get("choose")), votes=votes, span=loc.span(("decisions", i)),
            candidates=candidates))
    attributes = {}
    for p in data.get("players", []):
        attributes[_seat(p["seat"])] = {k: v for k, v in p.items() if k != "seat"}
    expect = None
    if "expect" in data:
        e = data["expect"]
        deaths = tuple(
            ExpectedDeath(_seat(x["seat"]), x["cause"], normal_at(x["at"]), x.get("last_words"),
                          loc.span(("expect", "deaths", i)))
            for i, x in enumerate(e.get("deaths", [])))
        sheriff = e.get("sheriff")
        winner = e.get("winner")
        winners = () if winner in NO_WINNER else (winner,) if isinstance(winner, str) else tuple(winner)
        refused = None
        if "refused" in e:
            r = e["refused"]
            refused = ExpectedRefusal(r["reason"], normal_at(r["at"]) if "at" in r else None, _who(r.get("by")), r.get("do"),
                                      loc.span(("expect", "refused")))
        expect = Expect(
            given=frozenset(e), deaths=deaths,
            sheriff=None if sheriff in (None, "none") else _seat(sheriff), winner=winners,
            draw=winner == "draw",
            told=tuple(_match(loc, ("expect", "told", i), "inform", x, x["what"])
                       for i, x in enumerate(e.get("told", []))),
            events=tuple(_match(loc, ("expect", "events", i), x["type"], x,
                                {k: v for k, v in x.items() if k not in ("type", "at", "seat", "count")})
                         for i, x in enumerate(e.get("events", []))),
            roles=tuple((_who(k), v, ("expect", "roles", k)) for k, v in e.get("roles", {}).items()),
            factions=tuple((_who(k), v, ("expect", "factions", k)) for k, v in e.get("factions", {}).items()),
            refused=refused,
            spans={k: loc.span(("expect", k)) for k in e})
    options = {name: loc.raw.get(("options", name), str(value))
               for name, value in data.get("options", {}).items()}
    return Scenario(
        path=loc.file,
        ruleset=data.get("ruleset"),
        seed=int(data.get("seed", 0)),
        seats=tuple(data["seats"]) if "seats" in data else None,
        extra_cards=tuple(data["extra_cards"]) if "extra_cards" in data else None,
        options=options,
        attributes=attributes,
        cards=tuple((*parse_at(c["at"]), c["card"]) for c in data.get("cards", [])),
        otherwise=data.get("otherwise", "abstain"),
        stop_after=parse_at(data["stop_after"]) if "stop_after" in data else None,
        decisions=tuple(decisions),
        expect=expect,
        located=loc,
    )


# -- checks beyond the schema ------------------------------------------------------------

def _seat_refs(sc: Scenario):
    """Every place the scenario names a seat: ``(path, seat, is_key)``."""
    data = sc.located.data or {}
    for i, p in enumerate(data.get("players", [])):
        yield ("players", i, "seat"), p["seat"], False
    for d in sc.decisions:
        base = d.path
        if isinstance(d.by, int):
            yield base + ("by",), d.by, False
        elif isinstance(d.by, tuple):
            for j, s in enumerate(d.by):
                yield base + ("by", j), s, False
        if isinstance(d.choose, int) and not isinstance(d.choose, bool):
            yield base + ("choose",), d.choose, False
        elif isinstance(d.choose, tuple):
            for j, s in enumerate(data["decisions"][d.index]["choose"]):
                yield base + ("choose", j), s, False
        for voter, target in (d.votes or {}).items():
            yield base + ("votes", str(voter)), voter, True
            if target is not None:
                yield base + ("votes", str(voter)), target, False
        for j, s in enumerate(d.candidates or ()):
            yield base + ("candidates", j), s, False
    if sc.expect:
        for i, death in enumerate(sc.expect.deaths):
            yield ("expect", "deaths", i, "seat"), death.seat, False
        if "sheriff" in sc.expect.given and sc.expect.sheriff is not None:
            yield ("expect", "sheriff"), sc.expect.sheriff, False
        for m in sc.expect.told + sc.expect.events:
            if isinstance(m.seat, int):
                yield m.path + ("seat",), m.seat, False
        for who, _, path in sc.expect.roles + sc.expect.factions:
            if isinstance(who, int):
                yield path, who, True
        r = sc.expect.refused
        if r is not None and isinstance(r.by, int):
            yield ("expect", "refused", "by"), r.by, False


def expanded(decision: Decision) -> list[tuple[Path, int | str, Any]]:
    """One ``(path, by, answer)`` per decider: a list of seats, a votes map or a list of
    candidates (each answering yes) gives several, each answering on its own; ``path``
    is where that decider is written."""
    if decision.votes is not None:
        return [(decision.path + ("votes", str(v)), v, t) for v, t in decision.votes.items()]
    if decision.candidates is not None:
        return [(decision.path + ("candidates", j), s, True) for j, s in enumerate(decision.candidates)]
    if isinstance(decision.by, tuple):
        return [(decision.path + ("by", j), s, decision.choose) for j, s in enumerate(decision.by)]
    return [(decision.path, decision.by, decision.choose)]


def seat_problems(sc: Scenario, n: int) -> list[Diagnostic]:
    """Every seat number the scenario names beyond a table of ``n`` seats."""
    out = []
    for path, seat, is_key in _seat_refs(sc):
        if seat > n:
            span = sc.located.key_span(path) if is_key else sc.located.span(path)
            out.append(Diagnostic(span, "error",
                                  f"{format_path(path)}: there is no seat {seat} (the table has {n} seats)"))
    return out


def _semantic_problems(sc: Scenario) -> list[Diagnostic]:
    loc = sc.located
    out: list[Diagnostic] = (seat_problems(sc, len(sc.seats)) if sc.seats is not None and sc.seat_numbers_checked
                             else [])
    winner = ((loc.data or {}).get("expect") or {}).get("winner")
    if isinstance(winner, list):
        for j, w in enumerate(winner):
            if w in NO_WINNER:
                out.append(Diagnostic(loc.span(("expect", "winner", j)), "error",
                                      f"expect.winner[{j}]: `{w}` is not a faction; write `winner: {w}` "
                                      f"on its own (a list names the factions that win together)"))
    first_attr: dict[int, int] = {}
    for i, p in enumerate((loc.data or {}).get("players", [])):
        seat = _seat(p["seat"])
        if seat in first_attr:
            out.append(Diagnostic(
                loc.span(("players", i, "seat")), "error",
                f"players[{i}].seat: seat {seat} already has attributes (players[{first_attr[seat]}]); "
                f"give all of a seat's attributes in one entry"))
        first_attr.setdefault(seat, i)
    answered: dict[tuple, Path] = {}
    for d in sc.decisions:
        for path, by, _ in expanded(d):
            key = (d.at, d.do, d.round, by)
            if key in answered:
                first = answered[key]
                who = f"seat {by}" if isinstance(by, int) else by
                out.append(Diagnostic(
                    loc.span(path), "error",
                    f"{format_path(path)}: {format_path(first)} already answers {d.at}, {who} {d.do}"
                    f"{'' if d.round == 1 else f' round {d.round}'}; a request is answered once "
                    f"(a repeated request in one phase needs `round: {d.round + 1}`)",
                    related=(Related(loc.span(first), "the first answer is here"),)))
            else:
                answered[key] = path
    out.sort(key=lambda d: (d.span.line, d.span.col))
    return out


def resolve_ruleset_ref(ref: str, scenario_path: str) -> str:
    """A ``ruleset:`` value as the loader takes it: a bundled name stays as it is; a path
    (it ends in ``.wolf`` or has a ``/``) is made absolute against the scenario's folder."""
    if ref.endswith(".wolf") or "/" in ref or os.sep in ref:
        base = os.path.dirname(os.path.abspath(scenario_path))
        return os.path.normpath(os.path.join(base, os.path.expanduser(ref)))
    return ref
