"""A scenario checked against its loaded ruleset before any play (wolfdsl.scenario.check):
causes, factions, roles, teams, actions, seats, deck, attributes; and ``winner: draw``."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from clitools import invoke
from test_scenario_loader import write
from wolfdsl.diagnostics import WolfError
from wolfdsl.scenario import run_scenario

DOCS = Path(__file__).resolve().parent.parent / "docs"
SEATS = """\
seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard,
        villager, villager, villager, villager]
"""


def standard(text: str) -> str:
    """``ruleset: standard-12`` with its usual seats (lines 1-3), then ``text``."""
    return "ruleset: standard-12\n" + SEATS + textwrap.dedent(text)


def problems(path: str) -> list[tuple[int, int, str]]:
    with pytest.raises(WolfError) as info:
        run_scenario(path)
    return [(d.span.line, d.span.col, d.message) for d in info.value.diagnostics]


def test_expect_cause_winner_and_seat_are_checked_before_play(tmp_path):
    path = write(tmp_path, standard("""\
        stop_after: night 1
        expect: {deaths: [{seat: 1, cause: wolff, at: night 1}], winner: wolves}
        """))
    assert problems(path) == [
        (5, 36, "expect.deaths[0].cause: unknown cause 'wolff' (did you mean 'wolf'?)"),
        (5, 66, "expect.winner: unknown faction 'wolves' (did you mean 'werewolves'?)"),
    ]
    # on the command line: exit 2 (bad input), file:line:col and a caret; no diff
    r = invoke("run", "--script", path)
    assert r.exit_code == 2, r.output
    assert f"{path}:5:36: error: expect.deaths[0].cause: unknown cause 'wolff' (did you mean 'wolf'?)" in r.stderr
    assert "                                   ^^^^^" in r.stderr
    assert "expected" not in r.stdout


def test_unknown_names_without_a_close_match_list_the_known_ones(tmp_path):
    path = write(tmp_path, """\
        ruleset: standard-12
        expect: {deaths: [{seat: 1, cause: drowned, at: night 1}], winner: [lovers, village]}
        """)
    assert problems(path) == [
        (2, 36, "expect.deaths[0].cause: unknown cause 'drowned'; causes of standard-12: elder_penalty, "
                "exile, heartbreak, poison, self_destruct, shot, wolf"),
        (2, 69, "expect.winner[0]: unknown faction 'lovers'; factions of standard-12: village, werewolves, "
                "or none (the game goes on) or draw (the day bound)"),
    ]


def test_seats_beyond_the_default_table_when_seats_are_not_given(tmp_path):
    path = write(tmp_path, """\
        ruleset: classic-9
        decisions: [{at: night 1, by: seer, do: check, choose: 10}]
        expect: {sheriff: 12}
        """)
    assert [m for _, _, m in problems(path)] == [
        "decisions[0].choose: there is no seat 10 (the table has 9 seats)",
        "expect.sheriff: there is no seat 12 (the table has 9 seats)",
    ]


ELEVEN = """\
ruleset: standard-12
seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, villager, villager, villager]
decisions:
  - {at: day 1, do: exile_vote, votes: {1: 12, 2: 13}}
"""


def test_a_seat_count_the_ruleset_does_not_take_is_reported_first_and_alone(tmp_path):
    # the seats it seems to lack (12, "the table has 11 seats") follow from it: not reported
    path = write(tmp_path, ELEVEN)
    assert problems(path) == [(2, 1, "seats: standard-12 is for 12 players; seats lists 11")]
    r = invoke("run", "--script", path)
    assert r.exit_code == 2 and r.stderr.startswith(
        f"{path}:2:1: error: seats: standard-12 is for 12 players; seats lists 11\n")
    assert "there is no seat" not in r.stderr


def test_with_the_right_seat_count_the_seat_numbers_are_checked(tmp_path):
    path = write(tmp_path, ELEVEN.replace("villager]", "villager, villager]"))
    assert problems(path) == [(4, 51, "decisions[0].votes.2: there is no seat 13 (the table has 12 seats)")]


def test_unknown_by_and_do_with_did_you_mean(tmp_path):
    path = write(tmp_path, standard("""\
        decisions:
          - {at: night 1, by: gaurd, do: protect, choose: 10}
          - {at: night 1, by: werewolves, do: kil, choose: 9}
          - {at: night 1, by: 女巫, do: witch.sav, choose: yes}
          - {at: night 1, by: Seer, do: check, choose: 1}
          - {at: night 1, by: nobody, do: frobnicate, choose: 1}
        """))
    got = problems(path)
    # 女巫 and Seer are the witch's and the seer's names: accepted (decisions[2] and [3])
    assert got[:3] == [
        (5, 23, "decisions[0].by: unknown role or team 'gaurd' (did you mean 'guard'?)"),
        (6, 39, "decisions[1].do: unknown action 'kil' (did you mean 'kill'?)"),
        (7, 31, "decisions[2].do: unknown action 'witch.sav' (did you mean 'witch.save'?)"),
    ]
    assert got[3][:2] == (9, 23)
    assert got[3][2] == (
        "decisions[4].by: unknown role or team 'nobody'; write the id or the name of a role: elder (长老), "
        "guard (守卫), hunter (猎人), idiot (白痴), seer (预言家), villager (普通村民), werewolf (狼人), witch (女巫); "
        "or of a team: werewolves (狼人); or moderator (法官)")
    assert got[4][2].startswith("decisions[4].do: unknown action 'frobnicate'; actions of standard-12: badge, check,")
    assert len(got) == 5


def test_moderator_team_role_and_full_action_ids_are_accepted(tmp_path):
    path = write(tmp_path, standard("""\
        stop_after: night 1
        decisions:
          - {at: night 1, by: werewolves, do: werewolves.kill, choose: 9}
          - {at: night 1, by: guard, do: protect, choose: 9}
        expect: {deaths: [], winner: none}
        """))
    assert run_scenario(path).ok
    # `by: moderator` names no role or team but is allowed (table-manner rules)
    path = write(tmp_path, standard("""\
        decisions: [{at: night 1, by: moderator, do: protect, choose: 9}]
        expect: {winner: Village}
        """), "m.yaml")
    assert problems(path) == [(5, 18, "expect.winner: unknown faction 'Village' (did you mean 'village'?)")]


def test_seats_that_do_not_match_the_deck_say_what_differs(tmp_path):
    path = write(tmp_path, """\
        ruleset: standard-12
        seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, idiot,
                villager, villager, villager, villager]
        """)
    with pytest.raises(WolfError) as info:
        run_scenario(path)
    [d] = info.value.diagnostics
    assert (d.span.line, d.span.col, d.message) == (
        2, 70, "seats[7]: idiot is not in the deck of standard-12; guard is missing")
    assert d.related[0].message == "the seats do not match the deck of standard-12 for 12 players"
    assert d.related[0].span.file.endswith("standard-12.wolf")

    path = write(tmp_path, """\
        ruleset: standard-12
        seats: [werewolf, werewolf, werewolf, werewolf, werewolf, witch, hunter, guard,
                villager, villager, villager, villager]
        """, "five.yaml")
    assert problems(path) == [
        (2, 49, "seats[4]: the deck of standard-12 has 4 werewolf, the seats list 5; seer is missing")]


def test_extra_cards_against_a_deck_with_face_down_cards(tmp_path):
    seats = """\
        ruleset: cupid-thief-12
        seats: [werewolf, werewolf, werewolf, hunter, witch, seer, idiot, cupid,
                thief, villager, villager, villager]
        """
    assert problems(write(tmp_path, seats + "extra_cards: [villager]\n")) == [
        (4, 1, "extra_cards: villager is missing")]
    assert problems(write(tmp_path, seats + "extra_cards: [villager, vilager]\n")) == [
        (4, 25, "extra_cards[1]: unknown role 'vilager' (did you mean 'villager'?)")]
    assert problems(write(tmp_path, seats + "extra_cards: [villager, villager, werewolf]\n")) == [
        (4, 35, "extra_cards[2]: the deck of cupid-thief-12 has 3 werewolf, the seats and extra cards list 4")]
    # without extra_cards, the cards not dealt go face down; too many of one is still wrong
    assert problems(write(tmp_path, seats.replace("idiot", "werewolf"))) == [
        (2, 60, "seats[6]: the deck of cupid-thief-12 has 3 werewolf, the seats list 4; "
                "not dealt: idiot and villager*2 (only 2 go face down)")]


def test_seat_count_and_role_names(tmp_path):
    path = write(tmp_path, """\
        ruleset: standard-12
        seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard,
                villager, villager, villager]
        """)
    assert problems(path) == [(2, 1, "seats: standard-12 is for 12 players; seats lists 11")]
    path = write(tmp_path, """\
        ruleset: standard-12
        seats: [狼人, werewolf, werewolf, werewolf, Seer, witch, hunter, gaurd,
                villager, villager, villager, xyz]
        """, "names.yaml")
    got = problems(path)
    assert got[:3] == [
        (2, 9, "seats[0]: unknown role '狼人' (did you mean 'werewolf'?)"),
        (2, 43, "seats[4]: unknown role 'Seer' (did you mean 'seer'?)"),
        (2, 64, "seats[7]: unknown role 'gaurd' (did you mean 'guard'?)"),
    ]
    assert got[3][2] == ("seats[11]: unknown role 'xyz'; roles of standard-12: elder, guard, hunter, idiot, "
                         "seer, villager, werewolf, witch")


def test_seat_attributes_follow_the_ruleset_declarations(tmp_path):
    path = write(tmp_path, standard("""\
        players: [{seat: 1, age: thirty}, {seat: 2, age: 200}, {seat: 3, gender: x},
                  {seat: 4, hight: 3}, {seat: 5, age: 31, gender: f}]
        """))
    assert problems(path) == [
        (4, 26, "players[0].age: expected a whole number from 16 to 70 (got `thirty`)"),
        (4, 50, "players[1].age: expected a whole number from 16 to 70 (got `200`)"),
        (4, 74, "players[2].gender: expected m or f (got `x`)"),
        (5, 21, "players[3].hight: standard-12 declares no seat attribute 'hight' (it declares: age, gender)"),
    ]


def test_unknown_event_card(tmp_path):
    path = write(tmp_path, """\
        ruleset: new-moon
        cards: [{at: day 1, card: nightmares}]
        """)
    [(line, col, message)] = problems(path)
    assert (line, col) == (2, 27)
    assert message.startswith("cards[0].card: unknown card 'nightmares' (did you mean 'nightmare'?); cards of new-moon: ")


def test_winner_draw_when_the_game_hits_its_day_bound(tmp_path):
    # nobody acts: no kill, no exile, until the day bound ends the game with no winner
    draw = write(tmp_path, "ruleset: classic-9\nexpect: {deaths: [], winner: draw}\n")
    outcome = run_scenario(draw)
    assert (outcome.ok, outcome.report) == (True, "expect holds: deaths (0); winner draw")
    assert outcome.result.reason == "day_limit" and outcome.result.over

    none = write(tmp_path, "ruleset: classic-9\nexpect: {winner: none}\n", "none.yaml")
    outcome = run_scenario(none)
    assert not outcome.ok
    assert outcome.report == f"{none}:2:18: expect.winner: expected none, got draw: the game was a draw (day limit)"

    goes_on = write(tmp_path, "ruleset: classic-9\nstop_after: day 1\nexpect: {winner: draw}\n", "on.yaml")
    outcome = run_scenario(goes_on)
    assert outcome.report == f"{goes_on}:3:18: expect.winner: expected draw, got none: the game goes on"
    r = invoke("run", "--script", goes_on)
    assert r.exit_code == 1 and "got none: the game goes on" in r.stdout


def test_command_line_options_override_the_scenario_and_the_ruleset_is_returned():
    never = str(DOCS / "errors" / "disputed-never.yaml")  # options: {witch_self_save: never}
    with pytest.raises(WolfError):
        run_scenario(never)
    outcome = run_scenario(never, options={"witch_self_save": "first_night"})
    assert outcome.ok, outcome.report
    assert outcome.ruleset.option("witch_self_save") == "first_night"
    # an unknown --set option is the command line's, so it has no place in the file
    with pytest.raises(WolfError) as info:
        run_scenario(never, options={"witch_self_sav": "first_night"})
    [d] = info.value.diagnostics
    assert d.span is None and "did you mean 'witch_self_save'?" in d.message
