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


HEADER = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
"""The start of a probe ruleset: the bundled roles, standard-12's deck."""
SEATS = ["werewolf"] * 4 + ["seer", "witch", "hunter", "guard"] + ["villager"] * 4
"""A fixed deal of :data:`HEADER`'s deck, seat 1 first."""


def load_probe(tmp_path, monkeypatch, text, backend="python"):
    """:data:`HEADER` and ``text`` written to ``probe.wolf`` in ``tmp_path``, compiled by
    ``backend`` (:func:`load_with`)."""
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + text, encoding="utf-8")
    return load_with(str(path), backend, monkeypatch)
