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


def test_the_last_words_func_runs_on_a_silent_table_only_when_a_rule_reads_its_answers(monkeypatch, tmp_path):
    from wolfdsl.play.deaths import DeathRules
    # the bundled boards read who leaves last words (the seer's, LASTWORDS-01): without it
    (tmp_path / "plain.wolf").write_text('import "standard-12"\nremove trigger last_words\n', encoding="utf-8")
    plain = load(str(tmp_path / "plain.wolf"))
    assert "given_last_words" in load("standard-12").values_read
    pool = load(str(tmp_path / "plain.wolf"), {"last_words_policy": "wolf_count_pool"})
    assert "given_last_words" not in plain.values_read and "given_last_words" in pool.values_read
    assert (DeathRules.of(plain).words_read, DeathRules.of(pool).words_read) == (False, True)
    for rs, silent_calls in ((plain, False), (pool, True)):
        f = rs.funcs["last_words"]
        calls = Counter()
        real = f.body

        def counted(g, env, real=real):
            calls[g.silent] += 1
            return real(g, env)
        monkeypatch.setattr(DeathRules.of(rs), "last_words", (counted, f.params[0]))
        for i in range(6):
            loud = play_game(rs, 3, i, "random")
            quiet = play_game(rs, 3, i, "random", record=False)
            assert quiet.causes == loud.causes and quiet.winners == loud.winners and quiet.days == loud.days
        assert calls[False] > 20
        assert (calls[True] == calls[False]) if silent_calls else calls[True] == 0
