"""Around the decisions (issue 10): win checks only after a change of what the win rules
read, procs and funcs called directly from generated code within the run limits, and
searches that stop early — each with the event log of the plain way."""
import dataclasses
import json

import pytest

from backends import SEATS, load_probe
from wolfdsl.lang.ir import RuleRuntimeError
from wolfdsl.lang.load import load
from wolfdsl.play import play, play_game
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play.game import Game

_load = load_probe  # HEADER and the text, compiled by the backend


def test_what_the_win_rules_read_is_derived_from_them():
    assert load("standard-12").win_reads == {"alive", "fields"}
    assert "status" in load("piper-10").win_reads          # the charmed
    assert "global:infection_win" in load("new-moon").win_reads


@pytest.mark.parametrize("when", ["day > 3", "coin()", "decided(seer.check) != none", "suspicion(1) > 0.5"])
def test_a_win_rule_reading_the_time_a_draw_or_a_decision_is_checked_every_time(tmp_path, monkeypatch, when):
    rs = _load(tmp_path, monkeypatch, f"win odd for village priority 9 when {when}")
    assert rs.win_reads is None
    g = Game(rs, 1, RandomAgent(1), seats=SEATS)
    assert not g.win_gate


def _counted(monkeypatch):
    calls = []
    plain = Game.winners

    def winners(self):
        calls.append(self.phase)
        return plain(self)
    monkeypatch.setattr(Game, "winners", winners)
    return calls


def test_win_rules_are_checked_after_a_change_only_with_the_same_log(monkeypatch):
    rs = load("standard-12")
    always = dataclasses.replace(rs, win_reads=None)
    calls = _counted(monkeypatch)
    for seed in range(5):
        del calls[:]
        gated = play_game(rs, seed, 0, "random")
        n_gated = len(calls)
        del calls[:]
        plain = play_game(always, seed, 0, "random")
        n_plain = len(calls)
        assert [json.dumps(e) for e in gated.events] == [json.dumps(e) for e in plain.events]
        assert gated.reason == plain.reason is not None
        deaths = sum(1 for e in plain.events if e["type"] == "death")
        assert n_gated <= deaths + 1 < n_plain  # one check a death (and the first), not one a phase too


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_a_global_a_win_rule_reads_makes_it_checked_again(tmp_path, monkeypatch, backend):
    rs = _load(tmp_path, monkeypatch, "global done = false\n"
               "step finish in day last always { if day == 2 { done = true } }\n"
               "win finished for village priority 9 title \"done\" when done", backend)
    assert rs.win_reads >= {"global:done"}
    res = play(rs, seed=1, agent=RandomAgent(1), seats=SEATS)
    assert (res.reason, res.days) == ("finished", 2)


def test_a_status_a_win_rule_reads_makes_it_checked_again(tmp_path, monkeypatch):
    rs = _load(tmp_path, monkeypatch, "status marked \"marked\"\n"
               "step mark in day last always { if day == 1 { add marked to first(alive) } }\n"
               "win marked_win for village priority 9 title \"marked\" when any([p in alive where p has marked])")
    assert "status" in rs.win_reads
    res = play(rs, seed=1, agent=RandomAgent(1), seats=SEATS)
    assert (res.reason, res.days) == ("marked_win", 1)


def test_a_proc_that_calls_itself_is_an_E402_at_the_call(tmp_path, monkeypatch):
    rs = _load(tmp_path, monkeypatch, "proc p(x) {\n  call p(x + 1)\n}\nstep probe in night first { call p(1) }")
    with pytest.raises(RuleRuntimeError) as err:
        play(rs, seed=1, agent=RandomAgent(1), seats=SEATS)
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line) == ("E402", 5)
    assert "more than 100 funcs and procs called inside one another" in d.message


def test_every_call_counts_against_the_run_limits(tmp_path, monkeypatch):
    # 2**18 - 1 calls of funcs that never call themselves: more than 250,000 in one game
    funcs = "".join(f"func f{i}(x) = f{i + 1}(x) + f{i + 1}(x)\n" for i in range(17)) + "func f17(x) = x\n"
    rs = _load(tmp_path, monkeypatch, funcs + "step probe in night first { log x { v: f0(1) } }")
    with pytest.raises(RuleRuntimeError) as err:
        play(rs, seed=1, agent=RandomAgent(1), seats=SEATS)
    d = err.value.diagnostics[0]
    assert d.code == "E402" and "250,000 loop rounds and calls" in d.message


def test_calls_leave_the_depth_as_they_found_it_and_count_one_step_each(tmp_path, monkeypatch):
    rs = _load(tmp_path, monkeypatch, "func twice(x) = x + x\nproc note(x) { log note { v: twice(x) } }\n"
               "step probe in night first { call note(1)  call note(2) }")
    g = Game(rs, 1, RandomAgent(1), seats=SEATS, stop_after=("night", 1))
    g.run()
    assert g.depth == 0 and not g.running
    assert [e["v"] for e in g.events if e["type"] == "note"] == [2, 4]
