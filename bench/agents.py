#!/usr/bin/env python3
"""What a table game costs next to a random game, measured in the same run.

    .venv/bin/python bench/agents.py                        # standard-12, 300 games each
    .venv/bin/python bench/agents.py --ruleset classic-9 --games 1000 --json

The agents of issue 9 are allowed to be slower than ``random``, not unboundedly: the
figure to watch is ``table / random`` (the fraction of the random agent's games/s the
table agent keeps; the goal is at least 0.25). It is given twice: for games played as
``wolfdsl run X --games N`` plays them (no event log kept: a ``random`` game then builds
no event at all, while the table agent's minds still read theirs), and with the log kept
(``--log``); both under the run's garbage-collector setting
(:func:`wolfdsl.sim.collector.batch_collection`). Both agents play the same seeds, the
rounds are interleaved so a slow spell of the machine hits both alike, and the best of
``--repeat`` rounds is kept. It also reports the belief updates a game (how often the
exact marginals are recomputed) and their share of the time, from one profiled round.

And a floor (``--floor``, on by default): ``seeing``, an agent that is routed the events
the table agent reads and is asked with a request object as it is, and answers uniformly
at random, doing nothing else. Its games are random's (as short), so ``seeing / random``
is an upper bound on what any agent that follows the game through the engine's agent
protocol can reach, whatever its own work costs: the part of the goal that is the
engine's, not the agent's.

Not a test: it asserts nothing. The ruleset is loaded once, outside the timing.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import platform
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wolfdsl.lang.load import load  # noqa: E402
from wolfdsl.play import play_game  # noqa: E402
from wolfdsl.sim.collector import batch_collection  # noqa: E402
from wolfdsl.play.agents import AGENTS, RandomAgent  # noqa: E402
from wolfdsl.agents.table import TableAgent  # noqa: E402


class SeeingRandom(RandomAgent):
    """The floor (see the module): routed what the table agent reads, asked as it is
    (``decide`` overridden, so the referee builds each request), answering at random."""

    name = "seeing"
    sees = True
    watches = TableAgent.watches

    def setup(self, board) -> None:
        pass

    def dealt(self, seat, card) -> None:
        pass

    def decide(self, request):
        return self.choose(request.kind, request.options, request.can_pass, request.count)


def time_games(ruleset, games: int, seed: int, agents: str, record: bool) -> float:
    """Games per second over ``games`` games (game ``i`` seeded as in a Monte Carlo run;
    ``record``: keep each game's event log)."""
    with batch_collection():  # as a Monte Carlo run plays them
        t0 = time.perf_counter()
        for i in range(games):
            play_game(ruleset, seed, i, agents, record=record)
        return games / (time.perf_counter() - t0)


def belief_profile(ruleset, games: int, seed: int, agents: str) -> dict:
    """Share of the time spent in :mod:`wolfdsl.agents` (beliefs, deals, the agent), and
    the exact-marginal recomputations a game, from one profiled round of ``games`` games."""
    prof = cProfile.Profile()
    prof.enable()
    for i in range(games):
        play_game(ruleset, seed, i, agents)
    prof.disable()
    stats = pstats.Stats(prof)
    total = stats.total_tt
    in_agents = 0.0
    solves = 0
    for (filename, _line, name), (_cc, nc, tt, _ct, _callers) in stats.stats.items():
        if "wolfdsl/agents/" in filename.replace("\\", "/"):
            in_agents += tt
            if filename.endswith("beliefs.py") and name == "_compute":
                solves += nc
    return {"agents_share": round(in_agents / total, 3) if total else 0.0,
            "solves_per_game": round(solves / games, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="standard-12")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="table", help="the agent to compare with random")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many rounds")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-floor", dest="floor", action="store_false",
                        help="leave out the seeing-random floor (see the module)")
    args = parser.parse_args(argv)
    AGENTS.setdefault("seeing", SeeingRandom)
    compared = ("random", args.agents) + (("seeing",) if args.floor else ())

    ruleset = load(args.ruleset)
    for agents in compared:  # warm up caches and lazy imports
        play_game(ruleset, args.seed, 0, agents)
    rates = {}  # (agents, record) -> best games/s
    for _ in range(args.repeat):
        for record in (False, True):
            for agents in compared:
                rate = time_games(ruleset, args.games, args.seed, agents, record)
                rates[agents, record] = max(rates.get((agents, record), 0.0), rate)
    profile = belief_profile(ruleset, min(args.games, 100), args.seed, args.agents)
    result = {"ruleset": args.ruleset, "games": args.games, "agents": args.agents}
    for record, how in ((False, ""), (True, "_with_log")):
        random_rate, agent_rate = rates["random", record], rates[args.agents, record]
        result.update({
            f"random_games_per_second{how}": round(random_rate, 1),
            f"agent_games_per_second{how}": round(agent_rate, 1),
            f"agent_over_random{how}": round(agent_rate / random_rate, 3),
            f"ms_per_game_random{how}": round(1000 / random_rate, 2),
            f"ms_per_game_agent{how}": round(1000 / agent_rate, 2),
        })
        if args.floor:
            floor = rates["seeing", record]
            result.update({f"ms_per_game_seeing{how}": round(1000 / floor, 2),
                           f"seeing_over_random{how}": round(floor / random_rate, 3)})
    result.update(profile)
    result["python"] = platform.python_version()
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.ruleset}, {args.games} games a round, best of {args.repeat}")
    titles = ((False, "as --games plays them (no event log)"), (True, "with the event log kept"))
    for record, title in titles:
        random_rate, agent_rate = rates["random", record], rates[args.agents, record]
        print(f"  {title}:")
        print(f"    random:        {random_rate:8.1f} games/s  ({1000 / random_rate:6.2f} ms a game)")
        print(f"    {args.agents + ':':<14} {agent_rate:8.1f} games/s  ({1000 / agent_rate:6.2f} ms a game)")
        print(f"    {args.agents} / random: {agent_rate / random_rate:8.3f}   (goal: at least 0.25)")
        if args.floor:
            floor = rates["seeing", record]
            print(f"    seeing:        {floor:8.1f} games/s  ({1000 / floor:6.2f} ms a game: random's games, "
                  "followed as the table agent follows them)")
            print(f"    seeing / random: {floor / random_rate:6.3f}   (no agent that follows the game can do better)")
    print(f"  time in wolfdsl/agents: {profile['agents_share']:.0%}; "
          f"belief recomputations a game: {profile['solves_per_game']}")
    print(f"  python {result['python']}")


if __name__ == "__main__":
    main()
