"""Which kind of file a path holds: a ruleset (``.wolf``) or a scenario file (YAML), so
that a command given the other kind says which command takes it instead of failing
to parse it ("invalid YAML: mapping values are not allowed here", "E101 unexpected
'ruleset'").

``file_kind(path)``: by the suffix first (``.wolf``; ``.yaml``/``.yml``), else by the
content; ``None`` when neither tells. ``ruleset_not_scenario(shown)``,
``scenario_not_ruleset(shown)``, ``log_not_ruleset(shown)`` and ``not_a_log(shown, kind)``
are the messages.
"""
from __future__ import annotations

import re
from pathlib import Path

SCENARIO_KEYS = ("ruleset", "seats", "decisions", "expect", "otherwise", "stop_after")
"""Top-level keys that only a scenario file has: a YAML mapping with one of them is a scenario."""
_SCENARIO_KEYS = re.compile(rf"^({'|'.join(SCENARIO_KEYS)})[ \t]*:", re.M)
_RULESET_LINES = re.compile(r'^[ \t]*(import[ \t]+"|players[ \t]+\d|deck[ \t]+\d|'
                            r"(role|step|status|faction|trigger|option|func|proc)[ \t]+\w)", re.M)
SNIFFED = 65536
"""How much of a file without a telling suffix is read to tell its kind."""


def file_kind(path: str | Path) -> str | None:
    """``"ruleset"``, ``"scenario"`` or ``None`` (neither, or unreadable)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".wolf":
        return "ruleset"
    if suffix in (".yaml", ".yml"):
        return "scenario"
    try:
        with open(path, "rb") as fh:
            text = fh.read(SNIFFED).decode("utf-8", errors="replace")
    except OSError:
        return None
    if _SCENARIO_KEYS.search(text):
        return "scenario"
    if _RULESET_LINES.search(text):
        return "ruleset"
    return None


def ruleset_not_scenario(shown: str) -> str:
    """What to say when the ruleset ``shown`` is given where a scenario file is expected."""
    return (f"{shown} is a ruleset (.wolf), not a scenario file: use `wolfdsl lint {shown}` or "
            f"`wolfdsl run {shown}`")


def scenario_not_ruleset(shown: str) -> str:
    """What to say when the scenario file ``shown`` is given where a ruleset is expected."""
    return (f"{shown} is a scenario file, not a ruleset: use `wolfdsl test {shown}` or "
            f"`wolfdsl run --script {shown}`")


def log_not_ruleset(shown: str) -> str:
    """What to say when an event log ``shown`` (``.jsonl``) is given where a ruleset is
    expected (``lint``: a trial's empty ``.jsonl`` was linted as a ruleset, "0 errors")."""
    return (f"{shown} is an event log (.jsonl), not a ruleset: tell it with `wolfdsl narrate {shown}`, "
            f"or ask why a seat died with `wolfdsl explain {shown} --seat N`")


def not_a_log(shown: str, kind: str) -> str:
    """What to say when a ruleset or a scenario file ``shown`` (``kind`` from
    :func:`file_kind`) is given where an event log is expected (``narrate``, ``explain``)."""
    if kind == "ruleset":
        return (f"{shown} is a ruleset (.wolf), not an event log: play it with its log kept, "
                f"`wolfdsl run {shown} --log game.jsonl`, then give game.jsonl")
    return (f"{shown} is a scenario file, not an event log: play it with its log kept, "
            f"`wolfdsl run --script {shown} --log game.jsonl`, then give game.jsonl")
