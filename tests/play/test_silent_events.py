"""A silent table (no log, no view, no observer) builds none of the events of deaths,
statuses and claims (issue 10): their dicts were built, then dropped by ``emit``."""
from collections import Counter

from wolfdsl.lang.load import load
from wolfdsl.play import play_game
from wolfdsl.play.table import Table


def _emitted(monkeypatch, ruleset, record):
    seen: Counter = Counter()
    real = Table.emit

    def spy(self, type_, fields, day=None, phase=None):
        seen[type_] += 1
        return real(self, type_, fields, day, phase)
    monkeypatch.setattr(Table, "emit", spy)
    rs = load(ruleset)
    for i in range(8):
        play_game(rs, 3, i, "random", record=record)
    return seen


def test_a_silent_game_builds_no_death_status_or_claim_event(monkeypatch):
    loud = _emitted(monkeypatch, "standard-12", True)
    assert loud["death"] > 20 and loud["status"] > 20 and loud["claim"] > 5
    quiet = _emitted(monkeypatch, "standard-12", False)
    assert not {"death", "status", "claim", "spared"} & set(quiet)
