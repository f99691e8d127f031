"""The deal as data: redeal rules as a pure function, problems with paths, observers."""
import textwrap

import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang.load import load
from wolfdsl.play import game_log, play, play_game
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play.deal import DealError, Problem, deck_problems, redeal_reason
from wolfdsl.play.hooks import Observer
from wolfdsl.scenario import run_scenario

SEATS = ["werewolf", "hunter", "witch", "seer", "idiot", "cupid", "thief",
         "villager", "villager", "villager", "villager", "villager"]


def test_redeal_reason_is_a_pure_function_of_the_cards():
    rs = load("cupid-thief-12")
    deck = list(rs.deck_for(12).cards)
    assert redeal_reason(rs, deck, ["werewolf", "werewolf"]).startswith("SETUP-04")
    assert redeal_reason(rs, deck, ["thief", "werewolf"]).startswith("SETUP-04")
    assert redeal_reason(rs, deck, ["villager", "werewolf"]) is None


def test_deck_problems_have_paths():
    rs = load("standard-12")
    assert deck_problems(rs, 12, None, None) == []
    [p] = deck_problems(rs, 5, None, None)
    assert p.path == ("seats",) and "has no deck for 5 players" in p.message
    [p] = deck_problems(rs, 12, ["nobody"] * 12, None)
    assert p == Problem(("seats",), p.message) and p.message.startswith("seats: unknown role 'nobody'")


def test_a_broken_redeal_rule_is_a_deal_error_placed_on_extra_cards(tmp_path):
    rs = load("cupid-thief-12")
    with pytest.raises(DealError) as info:
        play(rs, seed=1, agent=RandomAgent(1), seats=SEATS, extra_cards=["werewolf", "werewolf"])
    assert [p.path for p in info.value.problems] == [("extra_cards",)]
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(f"""\
        ruleset: cupid-thief-12
        seed: 1
        seats: [{', '.join(SEATS)}]
        extra_cards: [werewolf, werewolf]
        """), encoding="utf-8")
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    [d] = info.value.diagnostics
    assert (d.span.line, d.span.col) == (4, 14)
    assert "break the ruleset's redeal rule: SETUP-04" in d.message


def test_a_no_op_observer_changes_nothing():
    rs = load("standard-12")
    expected = game_log(play_game(rs, 7).events)
    from wolfdsl.play.game import DEFAULT_AGENTS, make_agent
    from wolfdsl.play.seeding import derive
    got = play(rs, seed=7, agent=make_agent(DEFAULT_AGENTS, derive(7, "agent")), observer=Observer())
    assert game_log(got.events) == expected


def test_a_ruleset_with_a_default_player_count_deals_it_without_players():
    from wolfdsl.play import play_game
    rs = load("mafia")
    assert (rs.players, rs.default_players) == ((7, 30), 12)
    assert len(play_game(rs, 1, 0, "random").events[0]["seats"]) == 12
    assert len(play_game(rs, 1, 0, "random", players=9).events[0]["seats"]) == 9
    assert load("millers-hollow").default_players == 8   # no default: the lowest count


def test_a_deal_error_crosses_from_a_worker_process_whole():
    import pickle
    err = DealError([Problem(("players",), "no deck for 7 players")])
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is DealError and back.problems == err.problems and str(back) == str(err)
