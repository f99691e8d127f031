"""The generated phase runners and win check (issue 10): each phase's steps in one
generated function (conditions and short bodies written in), the win rules in one, procs
and funcs called with their bodies written into the caller — the same event log as the
engine's own loop (a watched game) and as the closures, an ``end phase`` skipping all
but the ``always`` steps, a death naming the step or proc that killed, and the win
rules of the highest priority that holds all counted, lower ones never evaluated."""
import json

import pytest

from backends import SEATS, load_probe
from wolfdsl.lang.codegen import const_of
from wolfdsl.lang.load import load
from wolfdsl.play import play
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play.game import Game
from wolfdsl.play.hooks import Observer

_load = load_probe  # HEADER and the text, compiled by the backend


class _Entered(Observer):
    """Records the name of every step, trigger and replacement that starts."""

    def __init__(self):
        self.names: list[str] = []

    def on_enter(self, item):
        self.names.append(item.name)


def _events(res, type_=None):
    return [json.dumps(e, sort_keys=True) for e in res.events if type_ is None or e["type"] == type_]


@pytest.mark.parametrize("ruleset", ["standard-12", "new-moon", "cupid-thief-12", "piper-10"])
def test_the_generated_phases_log_what_the_engines_loop_logs(ruleset):
    rs = load(ruleset)
    assert set(rs.phase_runs) == set(rs.steps) and rs.win_check is not None
    for seed in (1, 2, 3):
        fast = play(rs, seed=seed, agent=RandomAgent(seed))
        watched = play(rs, seed=seed, agent=RandomAgent(seed), observer=Observer())  # the engine's loop
        assert len(fast.events) > 20 and _events(fast) == _events(watched)
        assert (fast.winners, fast.reason) == (watched.winners, watched.reason)
        silent = play(rs, seed=seed, agent=RandomAgent(seed), record=False)
        assert (silent.winners, silent.reason, silent.causes) == (fast.winners, fast.reason, fast.causes)


ENDED = ('step a in night first { log mark { s: "a" } if day == 1 { end phase } }\n'
         'step b in night after a { log mark { s: "b" } }\n'
         'step c in night after b always { log mark { s: "c" } }\n'
         'step d in night after c when day > 1 { log mark { s: "d" } }\n'
         'step e in night after d when false { log mark { s: "e" } }\n')


@pytest.mark.parametrize("backend", ["python", "closures"])
@pytest.mark.parametrize("watched", [False, True])
def test_end_phase_leaves_only_the_always_steps_and_a_false_condition_no_step(tmp_path, monkeypatch, backend,
                                                                             watched):
    rs = _load(tmp_path, monkeypatch, ENDED, backend)
    obs = _Entered() if watched else None
    res = play(rs, seed=1, agent=RandomAgent(1), seats=SEATS, stop_after=("night", 2), observer=obs)
    marks = [(e["day"], e["s"]) for e in res.events if e["type"] == "mark"]
    assert marks == [(1, "a"), (1, "c"), (2, "a"), (2, "b"), (2, "c"), (2, "d")]
    if watched:
        assert [n for n in obs.names if n in {"a", "b", "c", "d", "e"}] == ["a", "c", "a", "b", "c", "d"]


def test_a_step_whose_condition_folds_to_false_is_not_in_its_phase(tmp_path, monkeypatch):
    rs = _load(tmp_path, monkeypatch, ENDED + "func three(x) = 3\nglobal zero = 0\n"
               'step f in night after e when three(zero) == 3 { log mark { s: "f" } }\n')
    steps = {s.name: s for s in rs.steps["night"]}
    assert const_of(steps["e"].when) == (False,)  # ``false`` as written
    assert const_of(steps["f"].when) == (True,)  # a func whose value is known, of arguments that cannot fail
    res = play(rs, seed=1, agent=RandomAgent(1), seats=SEATS, stop_after=("night", 2))
    assert [e["s"] for e in res.events if e["type"] == "mark"] == ["a", "c", "a", "b", "c", "d", "f"]


KILLS = ("proc zap(x) { kill x cause wolf }\n"
         "step zapper in night first { if day == 1 { call zap(1) } }\n"
         "step direct in night after zapper { if day == 1 { kill 2 cause wolf } }\n")


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_a_death_names_the_step_or_proc_that_killed(tmp_path, monkeypatch, backend):
    rs = _load(tmp_path, monkeypatch, KILLS, backend)
    res = play(rs, seed=1, agent=RandomAgent(1), seats=SEATS, stop_after=("night", 1))
    deaths = [(e["seat"], e["rule"]) for e in res.events if e["type"] == "death"]
    assert deaths[:2] == [(1, "zap"), (2, "direct")]
    silent = play(rs, seed=1, agent=RandomAgent(1), seats=SEATS, stop_after=("night", 1), record=False)
    assert silent.causes == res.causes and silent.causes[:2] == ("wolf", "wolf")


WINS = ("global stage = 0\n"
        "win w1 for village priority 9 title \"w1\" when stage == 1 or stage == 3\n"
        "win w2 for werewolves, village priority 9 title \"w2\" when stage == 1 or stage == 2\n"
        "win w3 for lovers priority 9 title \"w3\" when false\n"
        "win w4 for piper priority 8 title \"w4\" when stage == 2 or stage == 4\n"
        "win w5 for bomb_man priority 7 title \"w5\" when stage + none == 1\n")


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_the_win_rules_of_the_highest_priority_that_holds_all_win(tmp_path, monkeypatch, backend):
    text = ("faction lovers \"Lovers\"\nfaction piper \"Piper\"\nfaction bomb_man \"Bomb man\"\n" + WINS)
    rs = _load(tmp_path, monkeypatch, text, backend)
    assert (rs.win_check is not None) == (backend == "python")
    g = Game(rs, 1, RandomAgent(1), seats=SEATS)
    found = {}
    for at in (1, 2, 3, 4):
        g.globals["stage"] = at
        found[at] = g.winners()
    assert found == {1: (["village", "werewolves"], "w1"), 2: (["werewolves", "village"], "w2"),
                     3: (["village"], "w1"), 4: (["piper"], "w4")}
