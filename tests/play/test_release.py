"""A played game leaves no reference cycles behind: a Monte Carlo run frees each game as
it ends instead of leaving thousands of objects to the cyclic garbage collector (which
cost a quarter of a table game's time before ``Game.release``)."""
from __future__ import annotations

import gc

import pytest

from wolfdsl.lang.load import load
from wolfdsl.play import play_game


@pytest.mark.parametrize("agents", ["table", "random", "heuristic"])
def test_games_leave_no_cyclic_garbage(agents):
    rs = load("standard-12")
    play_game(rs, 3, 0, agents)  # warm caches that live for the run
    gc.collect()
    gc.disable()
    try:
        for i in range(3):
            play_game(rs, 3, i, agents)
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0
