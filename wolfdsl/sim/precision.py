"""Precision on demand: when a Monte Carlo run may stop (``wolfdsl run --until-ci W``).

A run asked for a width ``W`` plays its games in game order and, at fixed checkpoints
(100 games, then about a quarter more each time, in multiples of 100), stops as soon as
every faction's 95% Wilson interval is narrower than ``W``, or at the cap (``--games``).
The checkpoints depend only on the number of games played, never on ``--jobs`` or on
timing, so a seed gives the same games, the same stopping point and the same summary.

>>> [c for c in checkpoints(2000)]
[100, 200, 300, 400, 500, 600, 700, 800, 1000, 1200, 1500, 1800, 2000]
>>> parse_width("2%"), parse_width("0.015")
(0.02, 0.015)
"""
from __future__ import annotations

from typing import Iterable, Iterator, Mapping

from wolfdsl.diagnostics import WolfError
from wolfdsl.sim.stats import wilson

FIRST_CHECK = 100
"""Games played before the first look at the intervals (fewer say little)."""

DEFAULT_CAP = 100_000
"""The most games ``--until-ci`` plays when ``--games`` does not set a cap."""


def checkpoints(cap: int) -> Iterator[int]:
    """The game counts at which a run looks at its intervals: 100, 200, ... growing by
    about a quarter (rounded to 100) each time, and the cap itself last."""
    n = FIRST_CHECK
    while n < cap:
        yield n
        n += max(FIRST_CHECK, (n // 4) // 100 * 100)
    yield cap


def parse_width(text: str | float) -> float:
    """An interval width as the command line gives it: ``0.02`` or ``2%`` (2 percentage
    points). Raises :class:`WolfError` unless it is a number strictly between 0 and 1."""
    raw = str(text).strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise WolfError(f"--until-ci: expected a width such as 0.02 or 2%, got '{raw}'") from None
    if 0 < value < 1:
        return value
    if value <= 0:
        raise WolfError(f"--until-ci: the width must be more than 0, such as 0.02 or 2%, got '{raw}'")
    if raw.endswith("%") and value >= 1:  # 150%: no interval is that wide
        raise WolfError(f"--until-ci: no interval is wider than 100%, got '{raw}'; give a width below it, "
                        "such as 2% (2 percentage points) or 0.02")
    points = "point" if value == 1 else "points"
    hint = f"; for {value:g} percentage {points} write {value:g}%" if 1 <= value < 100 else ""
    raise WolfError(f"--until-ci: the width must be between 0 and 1 (0.02 or 2%), got '{raw}'{hint}")


def widths(wins: Mapping[str, int], factions: Iterable[str], games: int) -> dict[str, float]:
    """``{faction: width of its 95% Wilson interval}`` after ``games`` games, for every
    faction of ``factions`` and every other faction that won."""
    ids = list(factions) + sorted(f for f in wins if f not in factions)
    out = {}
    for f in ids:
        low, high = wilson(wins.get(f, 0), games)
        out[f] = high - low
    return out


def narrow_enough(wins: Mapping[str, int], factions: Iterable[str], games: int, width: float) -> bool:
    """True when every faction's interval is narrower than ``width``."""
    return games > 0 and all(w < width for w in widths(wins, factions, games).values())
