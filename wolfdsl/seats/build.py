"""Building the players of an agents spec with ``seat N=SPEC`` parts."""
from __future__ import annotations

from ..play.seeding import derive
from .router import PerSeat
from .spec import COMMAND, HUMAN, split


def build_seats(spec: str, seed: int, ruleset, build):
    """The :class:`~wolfdsl.seats.router.PerSeat` agent of ``spec``, or ``None`` when it
    names no seat; ``build(spec, seed)`` builds the base and engine agents (the base with
    ``seed``, the agent of seat N with ``derive(seed, "seat", N)``)."""
    plan = split(spec)
    if plan is None:
        return None
    players = {}
    for n, s in plan.seats.items():
        if s == HUMAN:
            from .human import HumanAgent
            players[n] = HumanAgent(n, ruleset)
        elif s.startswith(COMMAND):
            from .protocol import CommandAgent
            players[n] = CommandAgent(n, s[len(COMMAND):].strip(), plan.timeout)
        else:
            players[n] = build(s, derive(seed, "seat", n))
    return PerSeat(build(plan.base, seed), players, plan, spec)
