#!/usr/bin/env python3
"""The benchmark table: games per second of the engine, next to a hand-written reference.

    .venv/bin/python bench/run.py                       # the table, about a minute
    .venv/bin/python bench/run.py --seconds 5 --json    # longer rounds, machine-readable
    .venv/bin/python bench/run.py --only standard-12 --profile 2000   # and where time goes

For standard-12, classic-9, millers-hollow at 8, 12 and 18 players and new-moon it
measures, each in a fresh process:

- games/s of the engine with the ``random`` agent and with the ``table`` agent (the
  default, best bot), one core, the Monte Carlo path (``play_game`` without a log),
  per second of the process's CPU time (so that other work on the machine counts less);
- for standard-12, games/s of ``bench/reference_standard12.py`` (the same rules and
  random policy, written by hand) interleaved with the engine's in the same process,
  and the ratio engine/reference of that run (the figure issue 10 tracks: the ratio
  moves much less with the machine's load than games/s do);
- the peak memory (maximum resident set) of each measuring process;
- ``wolfdsl run --games N`` with ``--jobs 1`` and ``--jobs 2`` (random agent): games/s of
  each and whether their summaries are identical (timing aside).

Then the start-up of a one-game run (``wolfdsl run standard-12 --agents random --seed 1``,
narrated into a pipe; wall and CPU time, each the best of five after a warm-up:
``--startup-only``), and with ``--memory`` the peak memory of Monte Carlo runs of growing
size with ``--jobs 1`` and ``--jobs 2`` (``--memory-only``).
Not a test: it asserts nothing. See docs/performance.md for the figures and the profile.
"""
from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import json
import platform
import pstats
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ROWS = [("standard-12", None), ("classic-9", None), ("millers-hollow", 8), ("millers-hollow", 12),
        ("millers-hollow", 18), ("new-moon", None)]
"""(ruleset, players) rows of the table; ``None``: the ruleset's own player count."""
REFERENCES = {("standard-12", None): ROOT / "bench" / "reference_standard12.py"}


def _reference(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _peak_mb(who: int = resource.RUSAGE_SELF) -> float:
    """This process's maximum resident set so far (or, with ``RUSAGE_CHILDREN``, the
    largest of its ended children's), in MB (Linux reports KB)."""
    kb = resource.getrusage(who).ru_maxrss
    return round(kb / 1024 if sys.platform != "darwin" else kb / 1024 / 1024, 1)


# ------------------------------------------------------------------ inside a measuring process

def measure(ruleset_ref: str, players: int | None, agents: str, seconds: float, reference: str | None) -> dict:
    """Games/s of the engine (and of the reference, interleaved) over about ``seconds``."""
    from wolfdsl.lang.load import load
    from wolfdsl.play import play_game

    rs = load(ruleset_ref, None, players)
    play_game(rs, 1, 0, agents, players)  # warm-up: lazy imports, caches
    ref = _reference(Path(reference)) if reference else None
    rounds = 3 if ref else 1
    engine_best = ref_best = 0.0
    games = 0
    i = 1
    for _ in range(rounds):
        t0 = time.process_time()
        n = 0
        while True:
            play_game(rs, 1, i, agents, players, record=False)  # as --games without --log
            i += 1
            n += 1
            elapsed = time.process_time() - t0
            if elapsed >= seconds / rounds and n >= 3:
                break
        games += n
        engine_best = max(engine_best, n / elapsed)
        if ref is not None:
            import random
            rng = random.Random(i)
            t0 = time.process_time()
            k = 0
            while True:
                for _ in range(200):
                    ref.play(rng)
                k += 200
                elapsed = time.process_time() - t0
                if elapsed >= seconds / rounds:
                    break
            ref_best = max(ref_best, k / elapsed)
    out = {"games": games, "players": players or rs.players[0], "games_per_second": round(engine_best, 1),
           "peak_mb": _peak_mb()}
    if ref is not None:
        out["reference_games_per_second"] = round(ref_best, 1)
        out["ratio"] = round(engine_best / ref_best, 4)
    return out


def jobs_check(ruleset_ref: str, players: int | None, games: int) -> dict:
    """``simulate`` with --jobs 1 and 2 on the same games: games/s and identical summaries."""
    from wolfdsl.sim.montecarlo import simulate

    out = {}
    summaries = []
    for jobs in (1, 2):
        s = simulate(ruleset_ref, games, 1, jobs=jobs, agents="random", players=players, progress=False)
        d = s.to_dict()
        out[f"jobs{jobs}_games_per_second"] = round(games / s.seconds, 1)
        del d["timing"]
        summaries.append(json.dumps(d, sort_keys=True))
    out["jobs_games"] = games
    out["jobs_same_summary"] = summaries[0] == summaries[1]
    out["jobs_speedup"] = round(out["jobs2_games_per_second"] / out["jobs1_games_per_second"], 2)
    return out


def memory_run(ruleset_ref: str, games: int, jobs: int = 1) -> dict:
    """Peak memory of one Monte Carlo run of ``games`` games (random agent, ``jobs``
    worker processes): this process's maximum resident set and, with workers, the
    largest of theirs."""
    from wolfdsl.sim.montecarlo import simulate

    s = simulate(ruleset_ref, games, 1, jobs=jobs, agents="random", progress=False)
    out = {"games": games, "jobs": jobs, "seconds": round(s.seconds, 2), "peak_mb": _peak_mb()}
    if jobs > 1:
        out["worker_peak_mb"] = _peak_mb(resource.RUSAGE_CHILDREN)
    return out


def profile(ruleset_ref: str, games: int, top: int) -> str:
    """cProfile of ``games`` random games: the ``top`` functions by own time, then by
    cumulative time."""
    from wolfdsl.lang.load import load
    from wolfdsl.play import play_game

    rs = load(ruleset_ref)
    play_game(rs, 1, 0, "random")
    prof = cProfile.Profile()
    prof.enable()
    for i in range(1, games + 1):
        play_game(rs, 1, i, "random")
    prof.disable()
    buf = io.StringIO()
    st = pstats.Stats(prof, stream=buf)
    st.strip_dirs().sort_stats("tottime").print_stats(top)
    st.sort_stats("cumulative").print_stats(top)
    return buf.getvalue()


# ------------------------------------------------------------------ the parent

def _child(*args: str) -> dict:
    """Run this script in a fresh process in one of its inner modes; its JSON answer."""
    cmd = [sys.executable, str(Path(__file__).resolve()), *args]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench/run.py: {' '.join(args)} failed:\n{done.stderr}")
    return json.loads(done.stdout)


STARTUP = ["run", "standard-12", "--agents", "random", "--seed", "1"]
"""The one-game run whose start-up is measured: narrated, as a user runs it."""


def startup(repeat: int = 5) -> dict:
    """Wall and CPU seconds of ``wolfdsl run standard-12 --agents random --seed 1`` (one
    game, narrated into a pipe), each the best of ``repeat`` runs after a warm-up run.

    The command is run as an installed user runs it: the console script next to this
    Python when there is one, with byte-code caching on (``PYTHONDONTWRITEBYTECODE``
    left out of its environment: without ``.pyc`` files every module is compiled
    again at every start, which is not what a user's start-up costs) and from a folder
    outside the checkout; the warm-up run fills the per-user caches (parser tables,
    parsed files, dataclass code) as any first run does."""
    import os
    import tempfile

    script = Path(sys.executable).with_name("wolfdsl")
    cmd = [str(script)] if script.is_file() else [sys.executable, "-m", "wolfdsl"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    wall = cpu = float("inf")
    with tempfile.TemporaryDirectory() as folder:
        for i in range(repeat + 1):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(cmd + STARTUP, capture_output=True, check=True, cwd=folder, env=env)
            elapsed = time.perf_counter() - t0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if i == 0:
                continue  # the warm-up
            wall = min(wall, elapsed)
            cpu = min(cpu, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return {"command": " ".join(["wolfdsl"] + STARTUP), "runs": repeat,
            "wall_seconds": round(wall, 3), "cpu_seconds": round(cpu, 3)}


def table(rows: list[dict]) -> str:
    head = ["ruleset", "players", "random g/s", "table g/s", "reference g/s", "engine/ref",
            "peak MB rnd/tbl", "jobs1 g/s", "jobs2 g/s", "x2", "same"]
    lines = []
    for r in rows:
        lines.append([
            r["ruleset"], str(r["players"] or r["random"]["players"]), f"{r['random']['games_per_second']:.0f}",
            f"{r['table']['games_per_second']:.1f}" if "table" in r else "-",
            f"{r['random'].get('reference_games_per_second', 0):.0f}" if "ratio" in r["random"] else "-",
            f"{r['random']['ratio']:.4f}" if "ratio" in r["random"] else "-",
            f"{r['random']['peak_mb']:.0f}/{r['table']['peak_mb']:.0f}" if "table" in r
            else f"{r['random']['peak_mb']:.0f}/-",
            f"{r['jobs']['jobs1_games_per_second']:.0f}" if "jobs" in r else "-",
            f"{r['jobs']['jobs2_games_per_second']:.0f}" if "jobs" in r else "-",
            f"{r['jobs']['jobs_speedup']:.2f}" if "jobs" in r else "-",
            ("yes" if r["jobs"]["jobs_same_summary"] else "NO") if "jobs" in r else "-",
        ])
    widths = [max(len(h), *(len(x[i]) for x in lines)) for i, h in enumerate(head)]
    fmt = lambda cells: "  ".join(c.rjust(w) if i > 0 else c.ljust(w)  # noqa: E731
                                  for i, (c, w) in enumerate(zip(cells, widths)))
    return "\n".join([fmt(head), fmt(["-" * w for w in widths])] + [fmt(x) for x in lines])


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    p.add_argument("--only", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--no-table", action="store_true", help="skip the table agent")
    p.add_argument("--no-jobs", action="store_true", help="skip --jobs 1 vs --jobs 2")
    p.add_argument("--memory", default="", help="peak memory of Monte Carlo runs of these sizes: 2000,20000")
    p.add_argument("--profile", type=int, default=0, metavar="GAMES",
                   help="also print a cProfile of GAMES random games of standard-12")
    p.add_argument("--json", action="store_true")
    # inner modes, run in a fresh process by the parent
    p.add_argument("--measure", nargs=4, metavar=("RULESET", "PLAYERS", "AGENTS", "REFERENCE"),
                   help=argparse.SUPPRESS)
    p.add_argument("--jobs-check", nargs=3, metavar=("RULESET", "PLAYERS", "GAMES"), help=argparse.SUPPRESS)
    p.add_argument("--startup-runs", type=int, default=5, metavar="N",
                   help="start-up: the best of N runs after a warm-up (default 5)")
    p.add_argument("--startup-only", action="store_true", help="measure only the start-up")
    p.add_argument("--memory-only", action="store_true", help="with --memory: measure only the memory")
    p.add_argument("--memory-run", nargs=3, metavar=("RULESET", "GAMES", "JOBS"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)

    players_arg = lambda s: None if s == "-" else int(s)  # noqa: E731
    if args.measure:
        r, pl, agents, ref = args.measure
        print(json.dumps(measure(r, players_arg(pl), agents, args.seconds, None if ref == "-" else ref)))
        return
    if args.jobs_check:
        r, pl, games = args.jobs_check
        print(json.dumps(jobs_check(r, players_arg(pl), int(games))))
        return
    if args.memory_run:
        print(json.dumps(memory_run(args.memory_run[0], int(args.memory_run[1]), int(args.memory_run[2]))))
        return
    if args.startup_only or args.memory_only:
        args.only, args.no_table, args.no_jobs = ["-"], True, True  # no table rows

    rows = []
    for ruleset, players in ROWS:
        if args.only and ruleset not in args.only:
            continue
        pl = "-" if players is None else str(players)
        ref = REFERENCES.get((ruleset, players))
        secs = ["--seconds", str(args.seconds)]
        row = {"ruleset": ruleset, "players": players,
               "random": _child("--measure", ruleset, pl, "random", str(ref) if ref else "-",
                                *(["--seconds", str(args.seconds * 2)] if ref else secs))}
        if not args.no_table:
            row["table"] = _child("--measure", ruleset, pl, "table", "-", *secs)
        if not args.no_jobs:
            games = max(40, int(row["random"]["games_per_second"] * args.seconds))
            row["jobs"] = _child("--jobs-check", ruleset, pl, str(games))
        rows.append(row)
        if not args.json:
            print(f"  measured {ruleset}{'' if players is None else f' at {players}'}", file=sys.stderr)
    result = {"python": platform.python_version(), "machine": platform.machine(),
              "seconds": args.seconds, "rows": rows}
    if not args.memory_only:
        result["startup"] = startup(args.startup_runs)
    if args.memory and not args.startup_only:
        result["memory"] = [_child("--memory-run", "standard-12", n, str(jobs))
                            for jobs in (1, 2) for n in args.memory.split(",")]
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        if rows:
            print(table(rows) + "\n")
        up = result.get("startup")
        if up:
            print(f"start-up of a one-game run ({up['command']}): {up['wall_seconds']:.3f} s wall, "
                  f"{up['cpu_seconds']:.3f} s CPU, each the best of {up['runs']} after a warm-up")
        for m in result.get("memory", ()):
            workers = f", workers {m['worker_peak_mb']:.0f} MB" if "worker_peak_mb" in m else ""
            print(f"Monte Carlo, {m['games']} games (random, --jobs {m['jobs']}): peak {m['peak_mb']:.0f} MB"
                  f"{workers}, {m['seconds']} s")
        print(f"python {result['python']} on {result['machine']}; each figure the best of its rounds, one core")
    if args.profile:
        print(profile("standard-12", args.profile, 25))


if __name__ == "__main__":
    main()
