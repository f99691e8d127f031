"""Seeds for games and agents, derived so that results do not depend on ``--jobs``."""
from __future__ import annotations

import hashlib
import random

import _random

try:  # CPython's own SHA-256: the same digest as OpenSSL's, quicker to start on a few bytes
    from _sha256 import sha256 as _sha256  # Python 3.10, 3.11
except ImportError:  # pragma: no cover - depends on the Python
    try:
        from _sha2 import sha256 as _sha256  # Python 3.12 and later
    except ImportError:
        _sha256 = hashlib.sha256

_new = random.Random.__new__
_seed = _random.Random.seed


def _digest(text: bytes) -> int:
    return int.from_bytes(_sha256(text).digest()[:8], "big") >> 1


def derive(seed: int, *parts: object) -> int:
    """A 63-bit seed from the run's seed and any labels (game index, ``"agent"``...).

    Stable across processes and Python versions (SHA-256, not ``hash()``).
    """
    return _digest(":".join(map(str, (seed, *parts))).encode())


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` (0-based) in a run seeded with ``seed``."""
    if game == 0:
        return seed
    if seed.__class__ is int and game.__class__ is int:
        return _digest(b"%d:game:%d" % (seed, game))  # derive(seed, "game", game)
    return derive(seed, "game", game)


def agent_seed(seed: int) -> int:
    """The seed of the agent of a game seeded with ``seed``: ``derive(seed, "agent")``."""
    if seed.__class__ is int:
        return _digest(b"%d:agent" % seed)
    return derive(seed, "agent")


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)``: the same generator, in the same state, built without
    ``Random.__init__`` and ``Random.seed``'s Python code (an int seed goes to the C
    seeding as is; another seed takes ``random.Random``'s own path)."""
    if seed.__class__ is not int:
        return random.Random(seed)
    rng = _new(random.Random)
    _seed(rng, seed)
    rng.gauss_next = None
    return rng
