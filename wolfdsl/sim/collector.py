"""The cyclic garbage collector during a batch of games (``wolfdsl run --games``).

A game allocates many short-lived containers (the table agent's belief structures, the
events its minds read) and leaves almost no cycles behind: what it made is freed by
reference counting when it ends (:meth:`wolfdsl.play.game.Game.release`). CPython's
collector, at its default threshold of 700 allocations, still walks the young objects
about once a table game, and the whole heap, the loaded ruleset's tens of thousands of
objects included, every hundred-odd games. During a batch the objects alive before it
are moved out of the collector's sight (:func:`gc.freeze`) and the youngest generation
is collected every :data:`YOUNG` net allocations. Cycles are still collected; no game's
result depends on when (the games' caches key objects by identity only together with a
check that the object is the one remembered).
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

YOUNG = 20_000
"""Net allocations between two collections of the youngest generation during a batch
(CPython's default: 700)."""


@contextmanager
def batch_collection() -> Iterator[None]:
    """Collect less while the block plays games; the collector's thresholds are put back
    after it, and so are the frozen objects (unless some were frozen before the block:
    then whoever froze them keeps them so, and those of the block with them)."""
    old, frozen = gc.get_threshold(), gc.get_freeze_count()
    gc.freeze()
    gc.set_threshold(max(YOUNG, old[0]), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        if not frozen:
            gc.unfreeze()
