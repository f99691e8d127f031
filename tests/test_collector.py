"""The garbage collector's setting during a batch of games (wolfdsl.sim.collector)."""
from __future__ import annotations

import gc

from wolfdsl.lang.load import load
from wolfdsl.play import play_game
from wolfdsl.sim.collector import YOUNG, batch_collection


def test_a_batch_collects_less_and_puts_the_setting_back():
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with batch_collection():
        assert gc.get_threshold() == (max(YOUNG, before[0]), *before[1:])
        assert gc.get_freeze_count() > frozen  # what lived before the batch is out of sight
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen == 0


def test_the_setting_is_put_back_after_an_error():
    before = gc.get_threshold()
    try:
        with batch_collection():
            raise KeyError("stop")
    except KeyError:
        pass
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_games_play_the_same_under_it():
    rs = load("standard-12")
    plain = [play_game(rs, 5, i, "table").events for i in range(3)]
    with batch_collection():
        batch = [play_game(rs, 5, i, "table").events for i in range(3)]
    assert batch == plain
    assert len(plain[0]) > 100
