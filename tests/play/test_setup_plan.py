"""A game set up from its ruleset's plan (templates, inline draws) is the game dealt card by card."""
import hashlib
import random

import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang.load import bundled, load
from wolfdsl.play import agents as agents_module
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play.deal import attribute_drawer, seat_attributes
from wolfdsl.play.draws import shuffle
from wolfdsl.play.game import Game, make_agent
from wolfdsl.play.plan import DEAL, MIXED, TEMPLATES, Plan, plan_of, pure_value
from wolfdsl.play.seeding import agent_seed, derive, game_seed, seeded


def snapshot(g):
    """Everything the set-up decides, and the generator's state after it."""
    return ([(p.seat, p.role, p.role_ir.id, p.faction, p.klass, p.team, p.alive, sorted(p.statuses), p.vars,
              p.attrs, dict(p.why)) for p in g.players[1:]],
            dict(g.globals), g.extra_cards, g.deck_cards, g.max_days, g.temporary, g.rng.getstate())


def card_by_card(monkeypatch, rs, seed, players):
    """The game set up without the plan's shortcuts (each card dealt, each closure called)."""
    with monkeypatch.context() as m:
        m.setattr(Plan, "deck", lambda self, n: (self.rs.deck_for(n), DEAL))
        m.setattr(plan_of(rs), "globals", None)
        return Game(rs, seed, RandomAgent(1), players=players, record=False)


@pytest.mark.parametrize("name", [n for n in bundled() if n not in ("prelude", "roles")])
def test_every_bundled_ruleset_is_set_up_from_its_plan_as_card_by_card(monkeypatch, name):
    rs = load(name)
    low, high = rs.players
    for players in sorted({low, rs.default_players, high}):
        for seed in (1, 7, 2 ** 62 + 3):
            fast = Game(rs, seed, RandomAgent(1), players=players, record=False)
            assert snapshot(fast) == snapshot(card_by_card(monkeypatch, rs, seed, players)), (name, players, seed)


def test_the_plan_seats_standard_12_from_templates_and_a_list_counter_card_by_card():
    assert plan_of(load("standard-12")).deck(12)[1] == TEMPLATES
    plan = plan_of(load("gargoyle-12"))
    assert plan.deck(12)[1] == MIXED and "gargoyle" not in plan.templates   # counter seen = []
    assert plan.templates["witch"][3] == {"antidote": 1, "poison": 1}
    assert plan.templates["guard"][3] == {"last_protected": None}          # none: found by the probe


def test_a_counter_drawn_at_random_is_drawn_in_its_turn(tmp_path, monkeypatch):
    path = tmp_path / "gamble.wolf"
    path.write_text('import "roles"\n'
                    'role gambler "Gambler" "赌徒" { faction village; class plain; counter luck = pick([1, 2, 3, 4]) }\n'
                    'players 8\ndeck 8: werewolf*2, gambler*3, villager*3\n', encoding="utf-8")
    rs = load(str(path))
    assert "gambler" not in plan_of(rs).templates and plan_of(rs).deck(8)[1] == MIXED
    lucks = set()
    for seed in range(12):
        fast = Game(rs, seed, RandomAgent(1), record=False)
        assert snapshot(fast) == snapshot(card_by_card(monkeypatch, rs, seed, None))
        lucks |= {p.vars["luck"] for p in fast.players[1:] if p.role == "gambler"}
    assert lucks == {1, 2, 3, 4}


def test_a_plan_is_made_again_when_a_part_of_its_ruleset_is_replaced():
    rs = load("standard-12")
    plan = plan_of(rs)
    assert plan_of(rs) is plan
    rs.globals = dict(rs.globals)
    assert plan_of(rs) is not plan and plan_of(rs) is plan_of(rs)


def test_inline_draws_are_randoms_own():
    for n in (0, 1, 2, 3, 12, 18, 70):
        for seed in range(5):
            a, b = random.Random(seed), random.Random(seed)
            xs, ys = list(range(n)), list(range(n))
            a.shuffle(xs)
            shuffle(b, ys)
            assert xs == ys and a.getstate() == b.getstate()
    rs = load("standard-12")
    draw, draw_one = attribute_drawer(rs)
    a, b, c = random.Random(3), random.Random(3), random.Random(3)
    want = [seat_attributes(rs, a, {}) for _ in range(12)]
    assert draw(b, 12) == want == [draw_one(c) for _ in range(12)]
    assert a.getstate() == b.getstate() == c.getstate()
    assert {x["gender"] for x in want} == {"m", "f"} and all(16 <= x["age"] <= 70 for x in want)


def test_pure_value_reads_nothing_of_the_game():
    rs = load("standard-12")
    assert pure_value(rs.globals["sheriff"]) == (None,)      # none (not folded by the compiler)
    assert pure_value(rs.globals["accused"]) == ([],)        # a new list each call
    assert pure_value(lambda g, env: g.day) is None
    assert pure_value(lambda g, env: env["x"]) is None
    assert pure_value(lambda g, env: 1 // 0) is None


def test_seeds_and_generators_are_the_derived_ones():
    for s in (0, 1, 7, -5, 2 ** 70):
        assert seeded(s).getstate() == random.Random(s).getstate()
        assert agent_seed(s) == derive(s, "agent")
        assert [game_seed(s, i) for i in (0, 1, 99)] == [s, derive(s, "game", 1), derive(s, "game", 99)]
    assert derive(7, "agent") == int.from_bytes(hashlib.sha256(b"7:agent").digest()[:8], "big") >> 1


def test_an_agent_spec_is_parsed_once_and_follows_the_registry(monkeypatch):
    a, b = make_agent("random", 5), make_agent("random", 5)
    assert a is not b and a.rng.getstate() == b.rng.getstate() == random.Random(5).getstate()

    class First(RandomAgent):
        name = "first"

    monkeypatch.setitem(agents_module.AGENTS, "random", First)
    assert type(make_agent("random", 5)) is First
    monkeypatch.undo()
    assert type(make_agent("random", 5)) is RandomAgent
    with pytest.raises(WolfError, match="skill is between 0 and 1"):
        make_agent("table:skill=3", 1)
    with pytest.raises(WolfError, match="skill is between 0 and 1"):
        make_agent("table:skill=3", 1)
