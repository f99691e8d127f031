"""The event log as JSON Lines (contract section 3): writing it and checking it.

One event a line, compact, UTF-8 as is (``ensure_ascii=False``), keys in the order the
engine wrote them; seat-keyed maps (``ballots``, ``tally``) get string keys, as JSON
requires. The same events give the same bytes, so seeded runs can be diffed.
"""
from __future__ import annotations

import json
import sys
from functools import cache
from typing import Iterable

from ..schemas import load_schema


ENGINE_FIELDS: dict[str, frozenset[str]] = {t: frozenset(f.split()) for t, f in {
    "game_start": "ruleset ruleset_sha256 seed seats extra_cards agents",
    "phase": "",
    "action": "seat by action targets choice",
    "vote": "kind round ballots tally result top weights bonus",
    "death": "seat role cause last_words rule statuses after",
    "spared": "seat cause rule stopped statuses",
    "status": "seat add remove",
    "inform": "seat what",
    "role_change": "seat role faction",
    "faction_change": "seat faction",
    "revive": "seat role faction",
    "card": "card name",
    "claim": "seat role told",
    "impressions": "reads read",
    "suspicions": "action round suspicion",
    "agent_replaced": "seat agent replacement reason",
    "game_over": "winners winning_seats reason",
}.items()}
"""The fields each engine event type may carry besides ``seq``, ``game``, ``day``,
``phase`` and ``type`` (docs/eventlog.md); a ``card`` event also carries its card's tags
and a type a ruleset also writes with ``log`` the fields of those statements. A
scenario's ``expect: events:`` names only these (a misspelt field under ``count: 0``
held for ever)."""

ENGINE_EVENTS = frozenset(ENGINE_FIELDS)
"""The event types the engine itself writes (docs/eventlog.md); a ruleset's ``log``
statements write the others (:attr:`wolfdsl.lang.ir.Ruleset.logged`)."""


def dumps_event(event: dict) -> str:
    """One event as a line of JSON, without the newline.

    >>> dumps_event({"seq": 0, "type": "vote", "ballots": {3: 5, 4: None}})
    '{"seq":0,"type":"vote","ballots":{"3":5,"4":null}}'
    """
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def game_log(events: list[dict]) -> str:
    """A game's whole event log as JSON Lines text, one event per line.

    Each line is :func:`dumps_event`, the serialisation every log writer shares, so a
    game logged here and by a scenario run gives the same bytes.
    """
    return "".join(dumps_event(e) + "\n" for e in events)


def write_jsonl(path: str, events: Iterable[dict]) -> int:
    """Write ``events`` to ``path`` (``-`` for standard output); return how many."""
    count = 0
    out = sys.stdout if path == "-" else open(path, "w", encoding="utf-8", newline="\n")
    try:
        for event in events:
            out.write(dumps_event(event) + "\n")
            count += 1
    finally:
        if out is not sys.stdout:
            out.close()
    return count


@cache
def _validator():
    from jsonschema import Draft202012Validator  # on demand: a game without validation never needs it

    return Draft202012Validator(load_schema("events"))


def _message(error) -> str:
    alternatives = error.validator_value if error.validator == "anyOf" else None
    if alternatives and all(set(alt) == {"required"} for alt in alternatives):
        keys = " or ".join(f"'{k}'" for alt in alternatives for k in alt["required"])
        return f"needs {keys}"
    return error.message


def first_problem(event: dict, required: bool = True) -> tuple[str | None, str] | None:
    """The first way one event (as read back from its JSON line) breaks the schema, as
    ``(the top-level field at fault or None, message)`` (``("targets", "targets: 3 is
    not of type 'array'")``), or ``None`` when it has its type's shape. Errors are taken
    in the order of their paths, as :func:`validate_events` lists them; ``required``
    false: a missing field is no problem."""
    errors = sorted((e for e in _validator().iter_errors(event) if required or e.validator != "required"),
                    key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        return None
    error = errors[0]
    path = list(error.absolute_path)
    field = str(path[0]) if path else None
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    return field, f"{where}: {_message(error)}" if where else _message(error)


def validate_events(events: Iterable[dict]) -> list[str]:
    """Problems with an event log: schema errors and broken ``seq`` numbering.

    Each event is checked as it would be read back from its JSON line. An empty list
    means the log is valid. Messages read ``event 4 (death).cause: 'cause' is a
    required property``.
    """
    problems: list[str] = []
    next_seq: dict[int, int] = {}
    for i, event in enumerate(events):
        label = f"event {i} ({event.get('type', '?')})" if isinstance(event, dict) else f"event {i}"
        try:
            doc = json.loads(dumps_event(event))
        except (TypeError, ValueError) as exc:
            problems.append(f"{label}: not JSON: {exc}")
            continue
        for error in sorted(_validator().iter_errors(doc), key=lambda e: list(map(str, e.absolute_path))):
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
            problems.append(f"{label}{where}: {_message(error)}")
        game, seq = doc.get("game"), doc.get("seq")
        if isinstance(game, int) and isinstance(seq, int):
            expected = next_seq.get(game, 0)
            if seq != expected:
                problems.append(f"{label}: seq {seq} in game {game}, expected {expected}")
            next_seq[game] = seq + 1
    return problems
