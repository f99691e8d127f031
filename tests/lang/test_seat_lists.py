"""The answer of a decision over several seats (`choose x count 2 from …`, `any number`)
is the language's list in the body and in `decided(...)`: `+` concatenates it, `==`
compares it with a list literal, `in` finds it in a list of pairs (trial D)."""
import pytest

from backends import SEATS, load_probe
from wolfdsl.play.agents import BaseAgent, RandomAgent
from wolfdsl.play.game import play

PROBE = '''
property bag = [1, 3]
property used = [[2, 4]]
step probe in night after guard before werewolves when day == 1 {
    decide guard.pair by guard may pass choose pr count 2 from alive {
        if pr != none {
            tell me { plus: me.bag + pr, front: pr + me.bag, minus: [2, 4, 5] - pr,
                      same: pr == [2, 4], used: pr in me.used, has: 4 in pr, n: count(pr),
                      ends: [first(pr), last(pr)], again: decided(guard.pair) == [2, 4],
                      pairs: [pr] + [pr] }
        }
    }
}
'''


class Answers(BaseAgent):
    """``answer`` to ``guard.pair``; a pass to everything else that may pass."""

    def __init__(self, answer):
        self.answer = answer

    def decide(self, request):
        if request.action == "guard.pair":
            return self.answer
        if request.can_pass:
            return False if request.kind == "yes_no" else None
        if request.kind == "seats":
            return tuple(request.options[:request.count or 1])
        return request.options[0]


def told(res, seat=8):
    return next(e["what"] for e in res.events if e["type"] == "inform" and e["seat"] == seat)


@pytest.mark.parametrize("backend", ["python", "closures"])
@pytest.mark.parametrize("answer", [[4, 2], (2, 4)])
def test_a_two_seat_answer_is_a_list_in_the_body(tmp_path, monkeypatch, backend, answer):
    rs = load_probe(tmp_path, monkeypatch, PROBE, backend)
    res = play(rs, seed=3, agent=Answers(answer), seats=SEATS, stop_after=("night", 1))
    assert told(res) == {"plus": [1, 3, 2, 4], "front": [2, 4, 1, 3], "minus": [5], "same": True,
                         "used": True, "has": True, "n": 2, "ends": [2, 4], "again": True,
                         "pairs": [[2, 4], [2, 4]]}
    (action,) = [e for e in res.events if e["type"] == "action" and e["action"] == "guard.pair"]
    assert action["targets"] == [2, 4]


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_a_drawn_two_seat_answer_is_a_list_too(tmp_path, monkeypatch, backend):
    # the random agent answers through `choose` (no request built): the same list
    probe = PROBE.replace("may pass choose", "choose")
    rs = load_probe(tmp_path, monkeypatch, probe, backend)
    res = play(rs, seed=3, agent=RandomAgent(5), seats=SEATS, stop_after=("night", 1))
    (action,) = [e for e in res.events if e["type"] == "action" and e["action"] == "guard.pair"]
    pair = action["targets"]
    what = told(res)
    assert what["plus"] == [1, 3, *pair] and what["front"] == [*pair, 1, 3]
    assert what["ends"] == pair and what["n"] == 2 and what["pairs"] == [pair, pair]
    assert what["same"] == what["again"] == what["used"] == (pair == [2, 4])
