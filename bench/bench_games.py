#!/usr/bin/env python3
"""Games per second of a ruleset with random agents, next to a fixed reference workload.

    .venv/bin/python bench/bench_games.py                 # standard-12, 500 games
    .venv/bin/python bench/bench_games.py --games 2000 --ruleset classic-9 --json

Raw games/s depend on the machine and on whatever else it is doing. The reference is a
fixed pure-Python workload (shuffles, dict and list traffic, a little arithmetic — the
kind of work a game step does) timed in the same process, interleaved with the games,
best of ``--repeat`` for both. The ratio ``games per reference unit`` moves much less
between machines and between runs than games/s does; compare that across commits.

Not a test: it asserts nothing. The ruleset is loaded once, outside the timing.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wolfdsl.lang.load import load  # noqa: E402
from wolfdsl.play import play_game  # noqa: E402


def reference_unit() -> int:
    """One unit of the reference workload (a fraction of a millisecond on a current core)."""
    rng = random.Random(12345)
    seats = list(range(1, 13))
    checksum = 0
    for _ in range(40):
        rng.shuffle(seats)
        alive = {s: (s * 7) % 5 for s in seats}
        tally: dict[int, int] = {}
        for voter in seats:
            target = seats[(voter * 5 + checksum) % len(seats)]
            tally[target] = tally.get(target, 0) + alive[voter] + 1
        ranked = sorted(tally.items(), key=lambda kv: (-kv[1], kv[0]))
        events = [{"seat": s, "weight": w, "type": "vote"} for s, w in ranked]
        checksum = (checksum + sum(e["weight"] for e in events if e["seat"] % 2)) % 1_000_003
    return checksum


def time_reference(units: int) -> float:
    """Reference units per second over ``units`` units."""
    t0 = time.perf_counter()
    for _ in range(units):
        reference_unit()
    return units / (time.perf_counter() - t0)


def time_games(ruleset, games: int, seed: int, agents: str) -> float:
    """Games per second over ``games`` games (game ``i`` seeded as in a Monte Carlo run)."""
    t0 = time.perf_counter()
    for i in range(games):
        play_game(ruleset, seed, i, agents)
    return games / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="standard-12")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many rounds")
    parser.add_argument("--units", type=int, default=300, help="reference units per round")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    ruleset = load(args.ruleset)
    play_game(ruleset, args.seed, 0, args.agents)  # warm up caches and lazy imports
    games_rate = unit_rate = 0.0
    for _ in range(args.repeat):
        # Interleaved, so a slow spell of the machine hits both figures alike.
        unit_rate = max(unit_rate, time_reference(args.units))
        games_rate = max(games_rate, time_games(ruleset, args.games, args.seed, args.agents))
    result = {
        "ruleset": args.ruleset,
        "games": args.games,
        "agents": args.agents,
        "games_per_second": round(games_rate, 1),
        "reference_units_per_second": round(unit_rate, 1),
        "games_per_reference_unit": round(games_rate / unit_rate, 4),
        "python": platform.python_version(),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.ruleset}, {args.agents} agents, {args.games} games, best of {args.repeat}")
    print(f"  games/s:                  {games_rate:10.1f}")
    print(f"  reference units/s:        {unit_rate:10.1f}")
    print(f"  games per reference unit: {games_rate / unit_rate:10.4f}   (compare this)")
    print(f"  python {result['python']}")


if __name__ == "__main__":
    main()
