"""wolfdsl: Werewolf (狼人杀) variants as text, compiled to an engine, played and checked.

The pipeline is one package per stage: ``lang`` (``parse`` (lark) → ``syntax`` →
``compile`` → ``ir``; ``lang.load.load`` runs it for a file or a bundled ruleset name),
``play`` (one game: ``play.play``/``play.play_game``, built from ``table``, ``deal``,
``referee``, ``deaths`` and ``game``), ``sim`` (``sim.montecarlo.simulate`` plays many
games), ``present`` (``narrate`` tells one, ``tables`` shows a summary), and ``cli`` is
the ``wolfdsl`` command. Submodules are imported on demand, so ``import wolfdsl`` is cheap.
"""
from __future__ import annotations

try:
    from importlib.metadata import PackageNotFoundError, version as _version

    __version__ = _version("wolfdsl")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

HOMEPAGE = "https://github.com/wolfdsl/wolfdsl"
"""The project's home (also in pyproject.toml's ``[project.urls]``)."""
DOCS = f"{HOMEPAGE}/blob/main/docs"
"""Where the documentation pages live: ``{DOCS}/lint.md`` and so on."""

__all__ = ["DOCS", "HOMEPAGE", "__version__"]
