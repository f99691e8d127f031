#!/usr/bin/env python3
"""The calibration report of docs/agents.md: what each agent makes of each bundled ruleset.

    .venv/bin/python bench/calibrate.py                  # print the tables (1,000 games a cell)
    .venv/bin/python bench/calibrate.py --games 10000 --write   # regenerate docs/agents.md's section
    .venv/bin/python bench/calibrate.py --only standard-12,classic-9 --games 2000
    .venv/bin/python bench/calibrate.py --rows wolf-beauty-12 --games 10000 --write   # one row again

Three tables, all from ``wolfdsl.sim.montecarlo.simulate`` with a fixed seed (so the same
code gives the same figures):

1. every bundled ruleset: the rate of its first faction (the village, the town) with its
   95% Wilson interval under ``random``, ``heuristic`` and ``table``;
2. role value on standard-12: the village's rate under ``table`` when one role is
   replaced by a plain villager (a temporary ruleset importing standard-12 with one
   ``deck`` line changed);
3. head to head: ``village=table,werewolves=heuristic`` and the reverse on the boards
   meant to be fair.

``--write`` replaces the text between ``<!-- CALIBRATION -->`` and
``<!-- /CALIBRATION -->`` in docs/agents.md.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wolfdsl.lang.load import bundled, load  # noqa: E402
from wolfdsl.sim.montecarlo import simulate  # noqa: E402

AGENTS = ("random", "heuristic", "table")
FAIR = ("standard-12", "standard-12-idiot", "standard-12-elder", "guard-idiot-12", "classic-9")
SEED = 20261201
BASE_DECK = {"werewolf": 4, "seer": 1, "witch": 1, "hunter": 1, "guard": 1, "villager": 4}


def cell(ruleset: str, agents: str, games: int, jobs: int, faction: str | None = None) -> tuple[str, float]:
    s = simulate(ruleset, games, SEED, jobs=jobs, agents=agents, progress=False)
    f = next((f for f in s.factions if faction is None or f.id == faction), s.factions[0])
    lo, hi = f.low, f.high
    return f"{f.rate:.1%} ({lo:.1%}–{hi:.1%})", f.rate


def first_faction(name: str) -> str:
    return next(iter(load(name).factions))


def rulesets_table(names, games, jobs) -> list[str]:
    out = ["| ruleset | side | " + " | ".join(f"`{a}`" for a in AGENTS) + " |",
           "|---|---|" + "---|" * len(AGENTS)]
    for name in names:
        side = first_faction(name)
        cells = [cell(name, a, games, jobs, side)[0] for a in AGENTS]
        out.append(f"| {name} | {side} | " + " | ".join(cells) + " |")
        print(out[-1], file=sys.stderr)
    return out


def role_value_table(games, jobs) -> list[str]:
    out = ["| standard-12 with… | village (`table`) | change |", "|---|---|---|"]
    base_text, base = cell("standard-12", "table", games, jobs, "village")
    out.append(f"| the bundled deck | {base_text} | |")
    with tempfile.TemporaryDirectory() as tmp:
        for role in ("seer", "witch", "hunter", "guard"):
            deck = dict(BASE_DECK)
            deck[role] -= 1
            deck["villager"] += 1
            cards = ", ".join(f"{r}*{k}" if k > 1 else r for r, k in deck.items() if k)
            path = Path(tmp) / f"no-{role}.wolf"
            path.write_text(f'import "standard-12"\ndeck 12: {cards}\n', encoding="utf-8")
            text, rate = cell(str(path), "table", games, jobs, "village")
            out.append(f"| a villager instead of the {role} | {text} | {rate - base:+.1%} |")
            print(out[-1], file=sys.stderr)
    return out


def ladder_table(names, games, jobs) -> list[str]:
    specs = ("heuristic", "village=table,werewolves=heuristic", "village=heuristic,werewolves=table", "table")
    out = ["| ruleset | " + " | ".join(f"`{s}`" for s in specs) + " |", "|---|" + "---|" * len(specs)]
    for name in names:
        out.append(f"| {name} | " + " | ".join(cell(name, s, games, jobs, "village")[0] for s in specs) + " |")
        print(out[-1], file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per cell (default 1000)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="comma-separated rulesets for the first table")
    ap.add_argument("--write", action="store_true", help="rewrite docs/agents.md's calibration section")
    ap.add_argument("--rows", help="comma-separated rulesets: measure only their rows of the first table and, "
                                   "with --write, replace just those rows (after a change of play that moves "
                                   "no other cell: the same seed and --games as the section's)")
    args = ap.parse_args()
    if args.rows:
        return rewrite_rows(args.rows.split(","), args.games, args.jobs, args.write)
    names = args.only.split(",") if args.only else list(bundled())
    t0 = time.perf_counter()
    lines = [f"Measured with `python bench/calibrate.py --games {args.games}` (seed {SEED}); "
             "rates of the first faction, 95% intervals.", "",
             "**Every bundled ruleset**", "", *rulesets_table(names, args.games, args.jobs), "",
             "**Role value** (standard-12)", "", *role_value_table(args.games, args.jobs), "",
             "**Head to head** (village's rate)", "", *ladder_table(FAIR, args.games, args.jobs)]
    text = "\n".join(lines)
    print(text)
    print(f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    if args.write:
        write_section(lambda _: f"\n{text}\n")


def rewrite_rows(names, games, jobs, write) -> None:
    """``--rows``: the first table's rows of ``names`` measured again; with ``write``,
    each replaces the row of that ruleset in docs/agents.md's section (an error if the
    section was measured with another number of games)."""
    rows = rulesets_table(names, games, jobs)[2:]
    print("\n".join(rows))
    if not write:
        return
    def replaced(block: str) -> str:
        if f"--games {games}`" not in block:
            sys.exit(f"docs/agents.md's calibration was not measured with --games {games}: run the whole report")
        for name, row in zip(names, rows):
            old = next((line for line in block.splitlines() if line.startswith(f"| {name} | ")), None)
            if old is None:
                sys.exit(f"no row for {name} in docs/agents.md's calibration")
            block = block.replace(old, row)
        return block

    write_section(replaced)


def write_section(change) -> None:
    """docs/agents.md with the text between its calibration markers replaced by
    ``change(that text)``."""
    doc = ROOT / "docs" / "agents.md"
    head, rest = doc.read_text(encoding="utf-8").split("<!-- CALIBRATION -->", 1)
    block, tail = rest.split("<!-- /CALIBRATION -->", 1)
    doc.write_text(f"{head}<!-- CALIBRATION -->{change(block)}<!-- /CALIBRATION -->{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
