"""Building the players of an agents spec with ``seat N=SPEC`` parts."""
from __future__ import annotations

from ..play.seeding import derive
from .router import PerSeat
from .spec import COMMAND, HUMAN, SeatPlan


def build_seats(plan: SeatPlan, spec: str, seed: int, ruleset, build) -> PerSeat:
    """The :class:`~wolfdsl.seats.router.PerSeat` agent of the spec ``spec`` (parsed:
    ``plan``); ``build(spec, seed)`` builds the base and engine agents (the base with
    ``seed``, the agent of seat N with ``derive(seed, "seat", N)``); ``ruleset`` gives
    a human seat the display names."""
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
