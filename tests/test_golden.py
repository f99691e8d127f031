"""Golden event logs: seeded random games replayed and diffed byte for byte.

A change that alters what a seeded game does shows here as a diff. When the change is
intended, regenerate with ``WOLFDSL_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py``
and review the diff of tests/golden/ in the commit.
"""
import difflib
import os
from pathlib import Path

import pytest

from wolfdsl.lang.load import load
from wolfdsl.play import game_log, play_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [("standard-12", 7, None, "random"), ("cupid-thief-12", 3, None, "random"),
         ("millers-hollow", 11, 14, "random"), ("new-moon", 5, 9, "random"), ("standard-12", 7, None, "table")]


@pytest.mark.parametrize("name,seed,players,agents", CASES)
def test_seeded_game_replays_byte_identical(name, seed, players, agents):
    path = GOLDEN / (f"{name}-seed{seed}.jsonl" if agents == "random" else f"{name}-seed{seed}-{agents}.jsonl")
    text = game_log(play_game(load(name), seed, players=players, agents=agents).events)
    if os.environ.get("WOLFDSL_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden log {path.name}: run with WOLFDSL_REGEN_GOLDEN=1 to create it"
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), text.splitlines(True),
                                            f"golden/{path.name}", "replayed", n=1))
        pytest.fail(f"the seeded game no longer replays its golden log (if the change is intended, rerun with "
                    f"WOLFDSL_REGEN_GOLDEN=1 and review the diff):\n{diff[:4000]}")


def test_same_seed_twice_gives_the_same_log():
    a = game_log(play_game(load("standard-12"), 123).events)
    b = game_log(play_game(load("standard-12"), 123).events)
    c = game_log(play_game(load("standard-12"), 124).events)
    assert a == b and a != c
