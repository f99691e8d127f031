#!/usr/bin/env python3
"""A longer fuzzing campaign than the suite's (issue 11): mutated bundled rulesets
(``run`` and ``lint``), mutated scenario files (``run --script``) and command-line
misuse, each in a fresh process with a time limit, judged against the contract
(``tests/robust/fuzzing.py``: exit 0/1/2, an error has a position, its line and a caret,
no traceback, no hang).

    .venv/bin/python bench/fuzz_campaign.py --minutes 10 --jobs 2 --out /tmp/fuzz

Prints a line per failure and a summary (cases tried, failures by kind); every failing
input is kept in ``--out`` with the command that failed on it. Exit 1 when one failed.
Not a test: the suite runs the same checks on fewer cases (``tests/robust/test_fuzz.py``).
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "robust"))

from fuzzing import mutate, run_cli, seeds_scenarios, seeds_wolf  # noqa: E402

MISUSE = [
    ["run", "."], ["run", ""], ["run", "./"], ["run", "/"], ["run", "/etc/passwd"], ["run", "/dev/null"],
    ["run", "standard-12", "--agents", ""], ["run", "standard-12", "--agents", ","],
    ["run", "standard-12", "--agents", "=x"], ["run", "standard-12", "--players", "0"],
    ["run", "standard-12", "--players", "99999999999"], ["run", "standard-12", "--seed", "-1", "-q"],
    ["run", "standard-12", "--seed", "99999999999999999999999", "-q"], ["run", "standard-12", "--set", "="],
    ["run", "standard-12", "--set", "x=1"], ["run", "standard-12", "--set", "sheriff_vote_weight=1e999"],
    ["run", "standard-12", "--games", "0"], ["run", "standard-12", "--jobs", "0", "--games", "2"],
    ["run", "standard-12", "-q", "--log", "/dev/full"], ["run", "standard-12", "-q", "--log", "/"],
    ["run", "standard-12", "-q", "--log", ""], ["run", "--script", "/dev/null"],
    ["run", "--script", "."], ["lint", "/dev/null"], ["lint", ""], ["lint", "--explain", ""],
    ["show", ""], ["show", "."], ["script", "."], ["script", "standard-12", "-o", "/"],
    ["narrate", "/dev/null"], ["narrate", "."], ["test", "/dev/null"], ["new", ""], ["new", "../x"],
]
"""Command-line misuse, tried once each."""


def case(kind: str, seed: int, work: Path) -> tuple[str, list[str], Path | None]:
    """``(label, wolfdsl args, file to keep on failure)`` for one fuzz case."""
    rng = random.Random(seed)
    folder = work / f"{kind}-{seed}"
    folder.mkdir(parents=True, exist_ok=True)
    if kind == "scenario":
        src = rng.choice(seeds_scenarios())
        path = folder / "case.yaml"
        path.write_bytes(mutate(src.read_text(encoding="utf-8"), rng, rng.randint(1, 4))
                         .encode("utf-8", "surrogateescape"))
        return f"{src.name}#{seed}", ["run", "--script", str(path), "-q"], path
    src = rng.choice(seeds_wolf())
    path = folder / "case.wolf"
    path.write_bytes(mutate(src.read_text(encoding="utf-8"), rng, rng.randint(1, 5))
                     .encode("utf-8", "surrogateescape"))
    args = ["run", str(path), "--seed", str(seed), "-q"] if kind == "run" else ["lint", str(path)]
    return f"{src.name}#{seed}", args, path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0, help="first case's seed")
    ap.add_argument("--timeout", type=float, default=60, help="seconds a case may take")
    ap.add_argument("--out", type=Path, default=Path("fuzz-failures"))
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="wolfdsl-fuzz-"))
    deadline = time.monotonic() + a.minutes * 60
    tried, failed = Counter(), Counter()

    def one(job):
        kind, seed = job
        if kind == "misuse":
            label, args, keep = " ".join(map(repr, MISUSE[seed])), MISUSE[seed], None
        else:
            label, args, keep = case(kind, seed, work)
        verdict = run_cli(args, work, a.timeout)
        return kind, label, args, keep, verdict

    def jobs():
        for i in range(len(MISUSE)):
            yield ("misuse", i)
        seed = a.seed
        while time.monotonic() < deadline:
            for kind in ("run", "lint", "scenario"):
                yield (kind, seed)
            seed += 1

    with ThreadPoolExecutor(a.jobs) as pool:
        pending: set = set()
        for job in jobs():
            pending.add(pool.submit(one, job))
            if len(pending) >= a.jobs * 2:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    report(f.result(), tried, failed, a.out)
        for f in pending:
            report(f.result(), tried, failed, a.out)
    shutil.rmtree(work, ignore_errors=True)
    summary = {"cases": sum(tried.values()), "by_kind": dict(tried), "failures": sum(failed.values()),
               "failures_by_why": dict(failed), "minutes": a.minutes}
    print(json.dumps(summary) if a.json else
          f"{summary['cases']} cases ({', '.join(f'{k} {v}' for k, v in tried.items())}); "
          f"{summary['failures']} failures {dict(failed) if failed else ''}")
    return 1 if failed else 0


def report(result, tried: Counter, failed: Counter, out: Path) -> None:
    kind, label, args, keep, verdict = result
    tried[kind] += 1
    if verdict.ok:
        return
    failed[verdict.why] += 1
    out.mkdir(parents=True, exist_ok=True)
    n = sum(failed.values())
    if keep is not None:
        shutil.copy(keep, out / f"{n}-{keep.name}")
    (out / f"{n}.txt").write_text(f"wolfdsl {' '.join(args)}\n{verdict.why}\n\n{verdict.output}",
                                  encoding="utf-8")
    print(f"FAIL {verdict.why}: {kind} {label} (kept as {out / str(n)}.txt)", flush=True)


if __name__ == "__main__":
    sys.exit(main())
