"""Scenario files: loading, schema errors with YAML positions, checks beyond the schema."""
from __future__ import annotations

import os
import textwrap

import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.scenario import load_scenario, to_answer
from wolfdsl.scenario.load import resolve_ruleset_ref

CONTRACT_EXAMPLE = """\
ruleset: standard-12        # bundled name, or a path relative to this file
seed: 7                     # for decisions left to `otherwise: random`
seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard,
        villager, villager, villager, villager]     # seat 1..N -> role id
extra_cards: []             # face-down cards left over (the thief's two), if any
options: {sheriff_vote_weight: 2}    # optional: ruleset options (rules.md option names)
players: [{seat: 1, gender: f, age: 31}]   # optional: seat attributes some rules need
cards: [{at: day 2, card: nightmare}]      # optional: fix which event card is drawn when
otherwise: abstain          # undecided requests: abstain | random | error
stop_after: day 2           # optional: end the run after this phase
decisions:
  - {at: night 1, by: guard, do: protect, choose: 10}
  - {at: night 1, by: werewolves, do: kill, choose: 9}
  - {at: night 1, by: witch, do: save, choose: yes}
  - {at: night 1, by: seer, do: check, choose: 1}
  - {at: day 1, by: [5, 6], do: run_for_sheriff, choose: yes}
  - {at: day 1, do: sheriff_vote, votes: {1: 5, 2: 6, 3: 5, 4: 5, 7: 6, 8: 6, 9: 5}}
  - {at: day 1, do: exile_vote, votes: {2: 9, 3: 9, 4: 9, 5: 1, 6: 1}}   # 3 : 3, sheriff 5 counts 2
  - {at: day 1, do: exile_vote, round: 2, votes: {5: 1, 6: 1, 7: 9}}     # PK: 1 has 3, 9 has 1
expect:
  deaths: [{seat: 1, cause: exile, at: day 1}]   # every death, in order
  sheriff: 5                                    # badge holder at the end; none if none
  winner: none                                  # faction id; none if the game goes on
"""


def write(tmp_path, text: str, name: str = "s.yaml") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def errors_of(path: str) -> list[tuple[int, int, str]]:
    with pytest.raises(WolfError) as info:
        load_scenario(path)
    return [(d.span.line, d.span.col, d.message) for d in info.value.diagnostics]


def test_contract_example_loads_with_every_field(tmp_path):
    sc = load_scenario(write(tmp_path, CONTRACT_EXAMPLE))
    assert sc.ruleset == "standard-12"
    assert sc.seed == 7
    assert sc.seats[:5] == ("werewolf",) * 4 + ("seer",) and len(sc.seats) == 12
    assert sc.extra_cards == ()
    assert sc.options == {"sheriff_vote_weight": "2"}
    assert sc.attributes == {1: {"gender": "f", "age": 31}}
    assert sc.cards == (("day", 2, "nightmare"),)
    assert sc.otherwise == "abstain"
    assert sc.stop_after == ("day", 2)
    d = sc.decisions
    assert (d[0].at, d[0].by, d[0].do, d[0].choose, d[0].round) == ("night 1", "guard", "protect", 10, 1)
    assert d[2].choose is True
    assert d[4].by == (5, 6) and d[4].choose is True
    assert d[5].by is None and d[5].votes == {1: 5, 2: 6, 3: 5, 4: 5, 7: 6, 8: 6, 9: 5}
    assert d[7].round == 2 and d[7].votes == {5: 1, 6: 1, 7: 9}
    assert (d[6].span.line, d[6].span.col) == (18, 5)
    e = sc.expect
    assert e.given == {"deaths", "sheriff", "winner"}
    assert [(x.seat, x.cause, x.at, x.last_words) for x in e.deaths] == [(1, "exile", "day 1", None)]
    assert e.sheriff == 5 and e.winner == ()


def test_defaults_for_a_minimal_scenario(tmp_path):
    sc = load_scenario(write(tmp_path, "ruleset: classic-9\n"))
    assert (sc.seed, sc.seats, sc.extra_cards, sc.otherwise, sc.stop_after) == (0, None, None, "abstain", None)
    assert sc.decisions == () and sc.expect is None and sc.cards == () and sc.options == {}


@pytest.mark.parametrize("written, answer", [
    ("yes", True), ("no", False), ("Yes", True), ('"no"', False), ("true", True), ("false", False),
    ("none", None), ("~", None), ("null", None), ("3", 3), ("[4, 2]", (2, 4)), ("villager", "villager"),
])
def test_choices_are_converted(tmp_path, written, answer):
    sc = load_scenario(write(tmp_path, f"decisions: [{{at: night 1, by: 3, do: x, choose: {written}}}]\n"))
    assert sc.decisions[0].choose == answer


def test_to_answer_directly():
    assert to_answer("NONE") is None
    assert to_answer([3]) == (3,)
    assert to_answer("wolf_card") == "wolf_card"


def test_votes_none_and_null_abstain(tmp_path):
    sc = load_scenario(write(tmp_path, "decisions: [{at: day 1, do: exile_vote, votes: {1: none, 2: ~, 3: 4}}]\n"))
    assert sc.decisions[0].votes == {1: None, 2: None, 3: 4}


def test_options_keep_the_text_as_written(tmp_path):
    sc = load_scenario(write(tmp_path, "options: {witch_self_save: first_night, flag: yes, weight: 2}\n"))
    assert sc.options == {"witch_self_save": "first_night", "flag": "yes", "weight": "2"}


def test_all_schema_errors_at_once_with_path_line_and_column(tmp_path):
    path = write(tmp_path, """\
        ruleset: standard-12
        seeed: 7
        seats: [werewolf, 3, seer]
        otherwise: abstian
        decisions:
          - {at: nite 1, by: 2, do: protect, choose: 1}
          - {at: night 1, do: kill, choose: 2}
          - {at: night 2, by: 1, do: check, choose: 1}
          - {at: day 1, by: 2, do: x, choose: 2.5}
          - at: day 1
            do: exile_vote
            by: 3
            votes: {a: 1, 2: maybe}
          - {at: day 1, do: x, chose: 1, by: 2}
          - {by: 2, choose: 1}
        stop_after: day two
        expect:
          sheriff: nobody
          deaths: [{seat: 1, at: day 1}]
          winer: village
        """)
    assert errors_of(path) == [
        (2, 1, "unknown top-level key 'seeed' (did you mean 'seed'?)"),
        (3, 19, "seats[1]: expected a role id (one per seat, from seat 1) (got `3`)"),
        (4, 12, "otherwise: expected abstain, random or error (got `abstian`) (did you mean 'abstain'?)"),
        (6, 10, "decisions[0].at: expected `night N` or `day N` (or 第N夜, 第N天), like `night 1` (got `nite 1`)"),
        (7, 29, "decisions[1]: `choose:` needs `by:` (a seat, a list of seats, or a role or team id)"),
        (9, 39, "decisions[3].choose: expected a seat number, a list of seats, yes/no, none or a role id "
                "(got `2.5`)"),
        (12, 5, "decisions[4]: `votes:` names its voters; drop `by:` (or use `by:` with `choose:`)"),
        (13, 13, "decisions[4].votes.a: expected a voter's seat number as the key"),
        (13, 22, "decisions[4].votes.2: expected the seat voted for, or none to abstain (got `maybe`)"),
        (14, 24, "decisions[5]: unknown key 'chose' (did you mean 'choose'?)"),
        (15, 5, "decisions[6]: missing `at` (write it like `at: night 1`)"),
        (15, 5, "decisions[6]: missing `do` (write it like `do: check`)"),
        (16, 13, "stop_after: expected `night N` or `day N` (or 第N夜, 第N天), like `night 1` (got `day two`)"),
        (18, 12, "expect.sheriff: expected the sheriff's seat number, or none (got `nobody`)"),
        (19, 12, "expect.deaths[0]: missing `cause` (write it like `cause: exile`)"),
        (20, 3, "expect: unknown key 'winer' (did you mean 'winner'?)"),
    ]


def test_rendered_error_shows_the_line_and_a_caret(tmp_path):
    path = write(tmp_path, "decisions:\n  - {at: night 1, by: 3, do: check, choose: 2.5}\n")
    with pytest.raises(WolfError) as info:
        load_scenario(path)
    assert info.value.render().splitlines() == [
        f"{path}:2:45: error: decisions[0].choose: expected a seat number, a list of seats, yes/no, "
        "none or a role id (got `2.5`)",
        "  |",
        "2 |   - {at: night 1, by: 3, do: check, choose: 2.5}",
        "  |                                             ^^^",
    ]


def test_choose_and_votes_together_or_neither(tmp_path):
    path = write(tmp_path, """\
        decisions:
          - {at: day 1, do: exile_vote, votes: {1: 2}, choose: 3}
          - {at: day 1, do: exile_vote}
        """)
    assert [e[:2] + (e[2].split(":")[0],) for e in errors_of(path)] == [
        (2, 5, "decisions[0]"), (2, 48, "decisions[0]"), (3, 5, "decisions[1]")]
    messages = [e[2] for e in errors_of(path)]
    assert "decisions[1]: give one of `choose:` (with `by:`), `votes:` or `candidates:`, not two and not none" in messages


def test_unknown_key_without_a_close_match_lists_the_keys(tmp_path):
    path = write(tmp_path, "decisions: [{at: day 1, by: 1, do: x, choose: 2, zzz: 1}]\n")
    assert errors_of(path) == [
        (1, 50, "decisions[0]: unknown key 'zzz'; expected one of: at, by, do, choose, votes, candidates, round")]


def test_wrong_types(tmp_path):
    path = write(tmp_path, """\
        seed: seven
        seats: werewolf
        decisions: {at: day 1}
        players: [{seat: 0, gender: f}]
        """)
    assert errors_of(path) == [
        (1, 7, "seed: expected a whole number (got `seven`)"),
        (2, 8, "seats: expected a list of role ids, one per seat from seat 1, like "
               "`[werewolf, seer, villager]` (got `werewolf`)"),
        (3, 12, "decisions: expected a list of decisions, like "
                "`[{at: night 1, by: 3, do: check, choose: 1}]` (got a mapping)"),
        (4, 18, "players[0].seat: expected a seat number (1, 2, ...) (got `0`)"),
    ]


def test_a_role_id_in_a_list_of_seats_is_named(tmp_path):
    # it read "(got a list)", leaving the writer to find what was wrong in it
    text = "ruleset: cupid-9\nseats: [werewolf, werewolf, werewolf, seer, witch, cupid, villager, villager, villager]\n" \
           "decisions:\n  - {at: night 1, by: cupid, do: link, choose: [cupid, 3]}\n"
    assert errors_of(write(tmp_path, text)) == [
        (4, 48, "decisions[0].choose: expected a seat number, a list of seats, yes/no, none or a role id (got a "
                "list with 'cupid', which is no seat number: a list holds seat numbers only, like [6, 3])")]


def test_document_must_be_a_mapping(tmp_path):
    assert errors_of(write(tmp_path, "- a\n- b\n")) == [
        (1, 1, "the scenario must be a mapping of keys such as `ruleset:`, `seats:` and `decisions:` "
               "(got a list)")]
    assert errors_of(write(tmp_path, "# nothing\n", "empty.yaml"))[0][2].startswith("the scenario must be a mapping")


def test_yaml_syntax_error_has_its_position(tmp_path):
    path = write(tmp_path, "seed: 1\ndecisions: [{at: night 1, by: 3\n")
    [(line, col, message)] = errors_of(path)
    assert (line, message.startswith("invalid YAML: ")) == (3, True)


def test_duplicate_key_is_an_error(tmp_path):
    assert errors_of(write(tmp_path, "seed: 1\nruleset: x\nseed: 2\n")) == [
        (3, 1, "duplicate key 'seed' (first given on line 1)")]


def test_seat_numbers_beyond_the_table(tmp_path):
    path = write(tmp_path, """\
        seats: [a, b, c]
        players: [{seat: 4, gender: m}]
        decisions:
          - {at: night 1, by: [1, 5], do: x, choose: [2, 7]}
          - {at: day 1, do: exile_vote, votes: {9: 1, 2: 8}}
        expect: {deaths: [{seat: 6, cause: wolf, at: night 1}], sheriff: 4}
        """)
    assert errors_of(path) == [
        (2, 18, "players[0].seat: there is no seat 4 (the table has 3 seats)"),
        (4, 27, "decisions[0].by[1]: there is no seat 5 (the table has 3 seats)"),
        (4, 50, "decisions[0].choose[1]: there is no seat 7 (the table has 3 seats)"),
        (5, 41, "decisions[1].votes.9: there is no seat 9 (the table has 3 seats)"),
        (5, 50, "decisions[1].votes.2: there is no seat 8 (the table has 3 seats)"),
        (6, 26, "expect.deaths[0].seat: there is no seat 6 (the table has 3 seats)"),
        (6, 66, "expect.sheriff: there is no seat 4 (the table has 3 seats)"),
    ]


def test_a_request_answered_twice_is_an_error_with_a_note(tmp_path):
    path = write(tmp_path, """\
        decisions:
          - {at: day 1, by: [3, 4], do: run_for_sheriff, choose: yes}
          - {at: day 1, by: 4, do: run_for_sheriff, choose: no}
          - {at: day 1, do: exile_vote, votes: {1: 2}}
          - {at: day 1, do: exile_vote, votes: {1: 3}}
          - {at: day 1, do: exile_vote, round: 2, votes: {1: 3}}
        """)
    with pytest.raises(WolfError) as info:
        load_scenario(path)
    diags = info.value.diagnostics
    assert [(d.span.line, d.span.col, d.message) for d in diags] == [
        (3, 5, "decisions[1]: decisions[0].by[1] already answers day 1, seat 4 run_for_sheriff; a request "
               "is answered once (a repeated request in one phase needs `round: 2`)"),
        (5, 44, "decisions[3].votes.1: decisions[2].votes.1 already answers day 1, seat 1 exile_vote; a "
                "request is answered once (a repeated request in one phase needs `round: 2`)"),
    ]
    assert (diags[0].related[0].span.line, diags[0].related[0].span.col) == (2, 25)


def test_players_seat_given_twice(tmp_path):
    path = write(tmp_path, "players: [{seat: 1, age: 3}, {seat: 1, gender: f}]\n")
    assert errors_of(path) == [
        (1, 37, "players[1].seat: seat 1 already has attributes (players[0]); give all of a seat's "
                "attributes in one entry")]


def test_missing_file():
    with pytest.raises(WolfError) as info:
        load_scenario("/nonexistent/x.yaml")
    assert "cannot read the scenario" in str(info.value)


def test_ruleset_reference_resolution(tmp_path):
    scenario = str(tmp_path / "sub" / "s.yaml")
    assert resolve_ruleset_ref("standard-12", scenario) == "standard-12"
    assert resolve_ruleset_ref("mine.wolf", scenario) == os.path.join(str(tmp_path), "sub", "mine.wolf")
    assert resolve_ruleset_ref("../rules/x.wolf", scenario) == os.path.join(str(tmp_path), "rules", "x.wolf")
    assert resolve_ruleset_ref("/abs/y.wolf", scenario) == "/abs/y.wolf"


def test_winner_draw_and_none_stand_alone(tmp_path):
    sc = load_scenario(write(tmp_path, "expect: {winner: draw}\n"))
    assert (sc.expect.winner, sc.expect.draw) == ((), True)
    sc = load_scenario(write(tmp_path, "expect: {winner: none}\n"))
    assert (sc.expect.winner, sc.expect.draw) == ((), False)
    assert errors_of(write(tmp_path, "expect: {winner: [village, draw]}\n")) == [
        (1, 28, "expect.winner[1]: `draw` is not a faction; write `winner: draw` on its own "
                "(a list names the factions that win together)")]
