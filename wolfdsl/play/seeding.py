"""Seeds for games and agents, derived so that results do not depend on ``--jobs``."""
from __future__ import annotations

import hashlib


def derive(seed: int, *parts: object) -> int:
    """A 63-bit seed from the run's seed and any labels (game index, ``"agent"``...).

    Stable across processes and Python versions (SHA-256, not ``hash()``).
    """
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` (0-based) in a run seeded with ``seed``."""
    return seed if game == 0 else derive(seed, "game", game)
