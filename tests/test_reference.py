"""The engine against bench/reference_standard12.py, a hand-written simulator of the same
rules and the same random policy: win rates, mean length (and decisions a game) agree.

Two samples agree when their difference lies inside its 99% interval (z = 2.576 on the
standard error of the difference). The fast test plays a few hundred engine games, so
its interval is wide, but a policy or rule that drifts (yes one time in two instead of
one in three, a witch allowed to save herself, a lost PK round) still moves the decision
count or the rates out of it. The slow test plays 20,000 games on each side.
"""
import importlib.util
import math
from pathlib import Path

import pytest

from wolfdsl.lang.load import load
from wolfdsl.play import play
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play.seeding import derive, game_seed

Z99 = 2.5758293035489
REFERENCE = Path(__file__).resolve().parents[1] / "bench" / "reference_standard12.py"


def reference():
    spec = importlib.util.spec_from_file_location("reference_standard12", REFERENCE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class CountingAgent(RandomAgent):
    """The random agent, counting the requests it answers."""

    def __init__(self, seed):
        super().__init__(seed)
        self.asked = 0

    def decide(self, request):
        self.asked += 1
        return super().decide(request)


def engine_stats(games: int, seed: int) -> dict:
    """The engine's standard-12 with random agents, in the reference's shape."""
    rs = load("standard-12")
    wins = {"village": 0, "werewolves": 0}
    draws = 0
    days, decisions = [], []
    for i in range(games):
        s = game_seed(seed, i)
        agent = CountingAgent(derive(s, "agent"))
        r = play(rs, seed=s, agent=agent, game=i, record=False)
        for f in r.winners:
            wins[f] += 1
        draws += not r.winners
        days.append(r.days)
        decisions.append(agent.asked)
    ref = reference()
    return {"games": games, "wins": wins, "draws": draws,
            "days": ref._moments(days), "decisions": ref._moments(decisions)}


def disagreements(a: dict, b: dict) -> list[str]:
    """What differs between two samples by more than its 99% interval."""
    out = []
    na, nb = a["games"], b["games"]
    for f in ("village", "werewolves"):
        pa, pb = a["wins"][f] / na, b["wins"][f] / nb
        pooled = (a["wins"][f] + b["wins"][f]) / (na + nb)
        half = Z99 * math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
        if abs(pa - pb) > half:
            out.append(f"{f} wins {pa:.4f} vs {pb:.4f} (99% interval of the difference ±{half:.4f})")
    for key in ("days", "decisions"):
        ma, mb = a[key]["mean"], b[key]["mean"]
        half = Z99 * math.sqrt(a[key]["stdev"] ** 2 / na + b[key]["stdev"] ** 2 / nb)
        if abs(ma - mb) > half:
            out.append(f"mean {key} {ma:.3f} vs {mb:.3f} (99% interval of the difference ±{half:.3f})")
    return out


def test_the_comparison_can_fail():
    same = {"games": 400, "wins": {"village": 300, "werewolves": 100}, "draws": 0,
            "days": {"mean": 4.1, "stdev": 1.0}, "decisions": {"mean": 55.0, "stdev": 15.0}}
    assert disagreements(same, dict(same)) == []
    # yes one time in two: more self-destructs, shorter games, fewer decisions
    drift = {**same, "wins": {"village": 340, "werewolves": 60},
             "days": {"mean": 3.8, "stdev": 1.0}, "decisions": {"mean": 51.0, "stdev": 15.0}}
    found = disagreements(drift, same)
    assert [line.split(" ")[0:2] for line in found] == [["village", "wins"], ["werewolves", "wins"],
                                                         ["mean", "days"], ["mean", "decisions"]]


def test_reference_alone_is_deterministic_and_plausible():
    ref = reference()
    a, b = ref.simulate(2000, seed=5), ref.simulate(2000, seed=5)
    assert a == b
    assert a["wins"]["village"] + a["wins"]["werewolves"] + a["draws"] == 2000
    assert 0.70 < a["wins"]["village"] / 2000 < 0.82
    assert 3.5 < a["days"]["mean"] < 4.7


def test_engine_agrees_with_the_reference_fast():
    engine = engine_stats(300, seed=11)
    ref = reference().simulate(10000, seed=11)
    assert disagreements(engine, ref) == []


@pytest.mark.slow
def test_engine_agrees_with_the_reference_20000_games():
    engine = engine_stats(20000, seed=2026)
    ref = reference().simulate(20000, seed=2026)
    assert disagreements(engine, ref) == []
