"""Compiling a ruleset with one backend or the other, for tests that compare them."""
from wolfdsl.lang import load as load_mod
from wolfdsl.lang.load import load


def load_with(ref, backend, monkeypatch):
    """``ref`` compiled by ``backend`` (``python`` or ``closures``), not from the cache."""
    load_mod._COMPILED.clear()
    if backend == "closures":
        monkeypatch.setenv("WOLFDSL_BACKEND", "closures")
    else:
        monkeypatch.delenv("WOLFDSL_BACKEND", raising=False)
    try:
        return load(ref)
    finally:
        load_mod._COMPILED.clear()
