"""The generated decisions draw a uniform agent's answer themselves (issue 10's fast path
for agents that sample): the same numbers from the agent's generator, so the same event
log as asking :meth:`RandomAgent.choose`."""
import random

import pytest

from wolfdsl.lang.load import load
from wolfdsl.play.agents import HeuristicAgent, RandomAgent, uniform_bits
from wolfdsl.play.game import play
from wolfdsl.play.seeding import derive, game_seed


class AskedRandom(RandomAgent):
    """The random agent with ``choose`` overridden: the referee asks it every time."""

    def choose(self, kind, options, can_pass, count):
        return super().choose(kind, options, can_pass, count)


def test_only_the_plain_random_agent_is_drawn_for():
    assert uniform_bits(RandomAgent(3)) is not None
    assert uniform_bits(AskedRandom(3)) is None
    assert uniform_bits(HeuristicAgent(3)) is None


def test_the_inlined_draw_is_randbelow():
    agent = RandomAgent(11)
    bits, twin = uniform_bits(agent), random.Random(11)
    for n in [1, 2, 3, 9, 12, 13, 64, 65] * 30:
        k = n.bit_length()
        i = bits(k)
        while i >= n:
            i = bits(k)
        assert i == twin._randbelow(n)


@pytest.mark.parametrize("ruleset", ["standard-12", "new-moon", "cupid-thief-12", "classic-9"])
def test_drawn_and_asked_answers_give_the_same_log(ruleset):
    rs = load(ruleset)
    for i in range(15):
        seed = game_seed(9, i)
        drawn = play(rs, seed=seed, agent=RandomAgent(derive(seed, "agent")))
        asked = play(rs, seed=seed, agent=AskedRandom(derive(seed, "agent")))
        assert sum(e["type"] in ("action", "vote") for e in drawn.events) > 5
        assert drawn.events == asked.events
