"""wolfdsl: Werewolf (狼人杀) variants as text, compiled to an engine, played and checked.

The pipeline is one package per stage: ``lang`` (``parse`` (lark) → ``syntax`` →
``compile`` → ``ir``; ``lang.load.load`` runs it for a file or a bundled ruleset name),
``play`` (one game: ``play.play``/``play.play_game``, built from ``table``, ``deal``,
``referee``, ``deaths`` and ``game``), ``sim`` (``sim.montecarlo.simulate`` plays many
games), ``present`` (``narrate`` tells one, ``tables`` shows a summary), and ``cli`` is
the ``wolfdsl`` command. Submodules are imported on demand, so ``import wolfdsl`` is cheap.
"""
from __future__ import annotations

HOMEPAGE = "https://github.com/wolfdsl/wolfdsl"
"""The project's home (also in pyproject.toml's ``[project.urls]``)."""
DOCS = f"{HOMEPAGE}/blob/main/docs"
"""Where the documentation pages live: ``{DOCS}/lint.md`` and so on."""

__all__ = ["DOCS", "HOMEPAGE", "__version__"]


def __getattr__(name: str) -> str:
    """``wolfdsl.__version__``, read from the installed package's metadata on first use
    (``0.0.0+source`` for a source tree never installed): importlib.metadata costs a
    one-game run about 20 ms of start-up, and only ``--version``, the language server
    and SARIF output need it."""
    if name != "__version__":
        raise AttributeError(f"module 'wolfdsl' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version("wolfdsl")
    except PackageNotFoundError:
        value = "0.0.0+source"
    globals()["__version__"] = value
    return value
