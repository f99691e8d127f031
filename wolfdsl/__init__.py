"""wolfdsl: Werewolf (狼人杀) variants as text, compiled to an engine, played and checked.

The pipeline is one module per stage: ``parse`` (lark) → ``ast`` → ``compile`` → ``ir``
→ ``engine``, with ``loader.load`` running it for a file or a bundled ruleset name.
``montecarlo.simulate`` plays many games, ``narrate.narrate`` tells one, and ``cli`` is
the ``wolfdsl`` command. Submodules are imported on demand, so ``import wolfdsl`` is cheap.
"""
from __future__ import annotations

try:
    from importlib.metadata import PackageNotFoundError, version as _version

    __version__ = _version("wolfdsl")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
