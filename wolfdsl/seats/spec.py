"""``--seat`` values and the agents spec that carries them.

A seat spec is ``N=SPEC`` (``--seat 3=human``, ``--seat "5=cmd:python my_bot.py"``,
``--seat 4=random``) or ``N`` alone (a human). ``SPEC`` is ``human``, ``cmd:COMMAND`` (a
program speaking the seat protocol, :mod:`wolfdsl.seats.protocol`) or any ``--agents``
name with its parameters (``table:skill=0.5``).

The seats travel with the ``--agents`` spec as one string, so that every game of a
Monte Carlo run, in any worker process, builds the same players, and the summary and
the narration name them: ``table, seat 3=human, seat 5=cmd:python my_bot.py`` (the base
spec first, then one ``seat N=SPEC`` part a seat, then ``timeout=S`` when a time limit
other than the default is asked for).
"""
from __future__ import annotations

import re
from dataclasses import field
from ..dataclasscode import dataclass  # methods compiled once per machine

from ..diagnostics import WolfError

HUMAN = "human"
COMMAND = "cmd:"
DEFAULT_TIMEOUT = 10.0
"""Seconds a ``cmd:`` seat has to answer one decision."""

_PART = re.compile(r",\s*(?=seat\s+\d+\s*=|timeout\s*=)")
_SEAT = re.compile(r"seat\s+(\d+)\s*=(.*)$", re.S)


@dataclass(frozen=True)
class SeatPlan:
    """A parsed agents spec: ``base`` plays every seat not in ``seats`` (seat -> spec);
    ``timeout``: seconds per decision for ``cmd:`` seats."""
    base: str
    seats: dict[int, str] = field(default_factory=dict)
    timeout: float = DEFAULT_TIMEOUT

    def label(self, seat: int) -> str:
        """Who plays ``seat``: its spec, or the base spec."""
        return self.seats.get(seat, self.base)

    def public(self) -> str:
        """The spec as the players at the seats are told it (``game_start``): who plays
        each seat, but of a base that gives each faction its bot (``village=table,
        werewolves=random``) only :data:`BY_FACTION`: which bot plays a seat would tell
        its faction."""
        return _joined(BY_FACTION if per_faction(self.base) else self.base, self.seats, self.timeout)


BY_FACTION = "bots by faction"
"""What the seats are told of an ``--agents`` base that gives each faction its bot."""


def per_faction(spec: str) -> bool:
    """Whether an ``--agents`` spec (without seats) names an agent per faction
    (``village=table,werewolves=heuristic``), not one for every seat (``table:skill=0.5``)."""
    return "=" in spec.split(":", 1)[0]


def _joined(base: str, seats: dict[int, str], timeout: float | None) -> str:
    """``table, seat 3=human, seat 5=cmd:…, timeout=S``: the composed spec's text."""
    parts = [base] + [f"seat {n}={seats[n]}" for n in sorted(seats)]
    if timeout is not None and timeout != DEFAULT_TIMEOUT:
        parts.append(f"timeout={timeout:g}")
    return ", ".join(parts)


def parse_seat(text: str) -> tuple[int, str]:
    """``"3=human"`` -> ``(3, "human")``; ``"3"`` -> ``(3, "human")``.

    Raises :class:`WolfError` with what to write instead.
    """
    number, eq, spec = text.partition("=")
    number, spec = number.strip(), spec.strip()
    if not number.isdigit() or int(number) < 1:
        raise WolfError(f"--seat '{text}': write SEAT=AGENT with a seat number from 1, for example "
                        "--seat 3=human or --seat '5=cmd:python my_bot.py'")
    if eq and not spec:
        raise WolfError(f"--seat '{text}': say who plays seat {number}: human, cmd:COMMAND or an agent name")
    spec = spec or HUMAN
    if spec.startswith(COMMAND) and not spec[len(COMMAND):].strip():
        raise WolfError(f"--seat '{text}': cmd: needs a command, for example cmd:python my_bot.py")
    return int(number), spec


def compose(base: str, seats: list[str], timeout: float | None = None) -> str:
    """The agents spec for ``--agents BASE`` with ``--seat`` values ``seats``: ``base``
    alone when there are none. Raises :class:`WolfError` for a malformed or repeated seat."""
    parsed: dict[int, str] = {}
    for text in seats:
        n, spec = parse_seat(text)
        if n in parsed:
            raise WolfError(f"--seat {n} is given twice ({parsed[n]} and {spec})")
        parsed[n] = spec
    if timeout is not None and timeout <= 0:
        raise WolfError(f"--timeout must be more than 0 seconds, got {timeout:g}")
    if not parsed:
        return base
    return _joined(base, parsed, timeout)


def split(spec: str) -> SeatPlan | None:
    """The :class:`SeatPlan` of a composed spec, or ``None`` when it names no seat."""
    parts = _PART.split(spec)
    if len(parts) == 1:
        return None
    seats: dict[int, str] = {}
    timeout = DEFAULT_TIMEOUT
    for part in parts[1:]:
        part = part.strip()
        m = _SEAT.match(part)
        if m:
            seats[int(m.group(1))] = m.group(2).strip()
            continue
        value = part.partition("=")[2].strip()
        try:
            timeout = float(value)
        except ValueError:
            raise WolfError(f"agents spec: timeout={value}: write a number of seconds") from None
    return SeatPlan(parts[0].strip(), seats, timeout)


def seat_numbers(spec: str) -> list[int]:
    """Every seat a composed spec names, whoever plays it."""
    plan = split(spec)
    return [] if plan is None else sorted(plan.seats)


def humans(spec: str) -> list[int]:
    """The seats a person plays in a composed spec."""
    plan = split(spec)
    return [] if plan is None else sorted(n for n, s in plan.seats.items() if s == HUMAN)
