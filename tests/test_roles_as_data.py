"""Every role and house rule of rules.md as data: coverage, event-log checks, a designer's copy.

- Each rule ID of ``ROLES_AS_DATA_RULES`` has a scenario ``tests/scenarios/<ID>[-x].yaml``
  (``tests/test_scenarios.py`` plays them and checks their ``expect:`` blocks).
- What ``expect:`` cannot state -- statuses (``lover``, ``charmed``), what a player is told
  (``inform``), ``reveal`` and ``faction_change`` events, the order of night steps,
  ``game_over.winning_seats`` -- is checked here on the scenarios' event logs.
- Every bundled ruleset plays seeded random games without error: ``tests/play/test_invariants.py``.
- A designer can copy a bundled ruleset, change one option and swap one role, and run it.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


from wolfdsl.play.agents import RandomAgent
from wolfdsl.play import play
from wolfdsl.lang.load import bundled_path, load
from wolfdsl.scenario import run_scenario
from scenario_files import rule_id

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"

# Roles and house-rule options that must have a scenario file.
ROLES_AS_DATA_RULES = [
    "SETUP-03", "SETUP-04", "SETUP-05", "SETUP-06",
    "NIGHT-02",
    "ROLE-SEER-02", "ROLE-WITCH-05", "ROLE-HUNTER-03", "ROLE-GUARD-05", "ROLE-IDIOT-05",
    "ROLE-CUPID-01", "ROLE-CUPID-02", "ROLE-CUPID-03",
    "ROLE-LOVERS-01", "ROLE-LOVERS-03", "ROLE-LOVERS-04", "ROLE-LOVERS-05", "ROLE-LOVERS-07",
    "ROLE-LOVERS-08",
    "ROLE-THIEF-01", "ROLE-THIEF-02", "ROLE-THIEF-03", "ROLE-THIEF-04",
    "ROLE-LITTLE_GIRL-01", "ROLE-LITTLE_GIRL-02", "ROLE-LITTLE_GIRL-03",
    "ROLE-SCAPEGOAT-01",
    "ROLE-PIPER-01", "ROLE-PIPER-02", "ROLE-PIPER-03", "ROLE-PIPER-04",
    "ROLE-WOLF_BEAUTY-01", "ROLE-WOLF_BEAUTY-02", "ROLE-WOLF_BEAUTY-03", "ROLE-WOLF_BEAUTY-04",
    "ROLE-BOMB_MAN-01", "ROLE-BOMB_MAN-02",
    "ROLE-HIDDEN_WOLF-01", "ROLE-HIDDEN_WOLF-02", "ROLE-HIDDEN_WOLF-03", "ROLE-HIDDEN_WOLF-04",
    "ROLE-RAVEN-01", "ROLE-RAVEN-02", "ROLE-RAVEN-03", "ROLE-RAVEN-04",
    "SHERIFF-02", "SHERIFF-05", "SHERIFF-08",
    "DAY-03", "DAY-11",
    "LASTWORDS-02",
    "WIN-05", "WIN-06", "WIN-07", "WIN-08", "WIN-09", "WIN-10", "WIN-11",
]

# House-rule option values whose scenario is named <RULE-ID>-<value>.yaml.
OPTION_VALUE_SCENARIOS = [
    "NIGHT-02-order_c",
    "ROLE-WITCH-05-no_guard", "ROLE-WITCH-05-no_living_guard", "ROLE-WITCH-05-unrestricted",
    "SHERIFF-02-after_announcement", "SHERIFF-05-all", "SHERIFF-05-all_no_self",
    "SHERIFF-08-revote_then_next_day",
    "DAY-03-revealed", "DAY-11-revote", "DAY-11-no_exile", "DAY-11-sheriff_decides", "DAY-11-scapegoat",
    "LASTWORDS-02-n1_only", "LASTWORDS-02-day1_only", "LASTWORDS-02-always", "LASTWORDS-02-wolf_count_pool",
    "WIN-05-with_cupid", "WIN-05-pair_only",
    "WIN-06-follows_lovers", "WIN-06-wolf_pair_to_village", "WIN-06-always_village",
]


def test_every_role_and_house_rule_has_a_scenario() -> None:
    covered = {rule_id(p.stem) for p in SCENARIOS.glob("*.yaml")}
    missing = [rule for rule in ROLES_AS_DATA_RULES if rule not in covered]
    assert not missing, "rules without a scenario in tests/scenarios/: " + ", ".join(missing)


def test_every_house_rule_option_value_has_a_scenario() -> None:
    missing = [name for name in OPTION_VALUE_SCENARIOS if not (SCENARIOS / f"{name}.yaml").is_file()]
    assert not missing, "option values without a scenario in tests/scenarios/: " + ", ".join(missing)


# -- event-log checks ---------------------------------------------------------------------

def _events(name: str) -> list[dict]:
    outcome = run_scenario(str(SCENARIOS / f"{name}.yaml"))
    assert outcome.ok, f"{name}.yaml:\n{outcome.report}"
    return outcome.result.events


def _of(events, type_, **fields):
    return [e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items())]


def _told(events, seat, key):
    """``[(day, value)]`` of what ``seat`` was told under ``key``."""
    return [(e["day"], e["what"][key]) for e in _of(events, "inform", seat=seat) if key in e["what"]]


def _statuses(events, status):
    return [(e["day"], e["seat"]) for e in _of(events, "status", add=status)]


def _actions(events, action):
    return _of(events, "action", action=action)


def _seq(events, action):
    return next(e["seq"] for e in _actions(events, action))


def _game_over(events):
    over = _of(events, "game_over")
    assert len(over) == 1, over
    return over[0]


def test_lovers_see_each_other() -> None:
    # ROLE-LOVERS-01: both lovers get the lover status and are told the other on night 1.
    ev = _events("ROLE-LOVERS-01")
    assert _statuses(ev, "lover") == [(1, 6), (1, 7)]
    assert _told(ev, 6, "partner") == [(1, 7)] and _told(ev, 7, "partner") == [(1, 6)]


def test_cupid_may_skip() -> None:
    # ROLE-CUPID-02 (true): Cupid links nobody; nobody is a lover.
    ev = _events("ROLE-CUPID-02-a")
    assert [e["targets"] for e in _actions(ev, "cupid.link")] == [[]]
    assert _statuses(ev, "lover") == []


def test_mixed_pair_forms_the_lovers_faction() -> None:
    # ROLE-LOVERS-07 / WIN-05 with_cupid: wolf 1, villager 6 and Cupid 5 change faction.
    ev = _events("ROLE-LOVERS-07-a")
    assert sorted((e["seat"], e["faction"]) for e in _of(ev, "faction_change")) == [
        (1, "lovers"), (5, "lovers"), (6, "lovers")]
    assert _game_over(ev)["winning_seats"] == [1, 5, 6]


def test_same_camp_pair_keeps_its_camp() -> None:
    # ROLE-LOVERS-07: two villager lovers: no faction change.
    ev = _events("ROLE-LOVERS-07-b")
    assert _of(ev, "faction_change") == []
    assert _game_over(ev)["winning_seats"] == [3, 4, 5, 6, 7]


def test_lovers_win_with_cupid() -> None:
    # WIN-05 with_cupid: the faction is both lovers and Cupid.
    over = _game_over(_events("WIN-05-with_cupid"))
    assert (over["winners"], over["winning_seats"]) == (["lovers"], [2, 5, 7])


def test_lovers_win_pair_only() -> None:
    # WIN-05 pair_only: only the two lovers win; Cupid (6) stays village and loses.
    ev = _events("WIN-05-pair_only")
    assert sorted(e["seat"] for e in _of(ev, "faction_change")) == [1, 7]
    assert _game_over(ev)["winning_seats"] == [1, 7]


def test_cupid_follows_a_wolf_pair() -> None:
    # WIN-06 follows_lovers: Cupid joins the wolves and wins with them.
    ev = _events("WIN-06-follows_lovers")
    assert [(e["seat"], e["faction"]) for e in _of(ev, "faction_change")] == [(5, "werewolves")]
    assert _game_over(ev)["winning_seats"] == [1, 2, 5]


def test_cupid_with_village_on_wolf_pair() -> None:
    # WIN-06 wolf_pair_to_village: no faction change; Cupid (6) wins with the village.
    ev = _events("WIN-06-wolf_pair_to_village")
    assert _of(ev, "faction_change") == []
    assert 6 in _game_over(ev)["winning_seats"]


def test_cupid_always_village() -> None:
    # WIN-06 always_village: the mixed pair becomes lovers, Cupid does not.
    ev = _events("WIN-06-always_village")
    assert sorted(e["seat"] for e in _of(ev, "faction_change")) == [1, 6]
    assert _game_over(ev)["winning_seats"] == [3, 4, 5, 7]


def test_cupid_alone_wins_for_the_lovers() -> None:
    # WIN-07: Cupid, last alive, wins for himself and both dead lovers.
    over = _game_over(_events("WIN-07-b"))
    assert (over["winners"], over["winning_seats"]) == (["lovers"], [1, 5, 6])


def test_wolf_lovers_win_with_the_wolves() -> None:
    # WIN-11: a wolf pair wins with the wolves; Cupid stays village (wolf_pair_to_village).
    over = _game_over(_events("WIN-11-a"))
    assert (over["winners"], over["winning_seats"]) == (["werewolves"], [1, 2, 3])


def _seer_results(events, seer):
    return [(day, (r["seat"], r["result"])) for day, r in
            [(e["day"], e["what"]) for e in _of(events, "inform", seat=seer)] if "result" in r]


def test_cupid_reads_good() -> None:
    # ROLE-SEER-02: Cupid, who joined the wolves, reads "good".
    ev = _events("ROLE-SEER-02-a")
    assert [(e["seat"], e["faction"]) for e in _of(ev, "faction_change")] == [(5, "werewolves")]
    assert _seer_results(ev, 4) == [(1, (5, "good"))]


def test_hidden_wolf_reads_good() -> None:
    # ROLE-SEER-02 / ROLE-HIDDEN_WOLF-03: the hidden wolf reads "good", a wolf "wolf".
    assert _seer_results(_events("ROLE-SEER-02-b"), 5) == [(1, (4, "good")), (2, (1, "wolf"))]
    assert _seer_results(_events("ROLE-HIDDEN_WOLF-03"), 5) == [(1, (4, "good"))]


def test_hidden_wolf_knows_the_wolves() -> None:
    # ROLE-HIDDEN_WOLF-02: he is told the wolves; they are told only each other.
    ev = _events("ROLE-HIDDEN_WOLF-02")
    assert _told(ev, 4, "wolves") == [(1, [1, 2, 3])]
    for w in (1, 2, 3):
        assert _told(ev, w, "wolves") == [(1, [1, 2, 3])]


def test_hidden_wolf_does_not_wake_or_kill() -> None:
    # ROLE-HIDDEN_WOLF-01: no action by the hidden wolf while the wolves live.
    ev = _events("ROLE-HIDDEN_WOLF-01")
    assert not [e for e in _of(ev, "action", seat=4) if e["action"] != "run_for_sheriff"]


def test_hidden_wolf_inherits_the_kill() -> None:
    # ROLE-HIDDEN_WOLF-04 inherits_kill: the night-3 kill is his team's after the wolves died.
    ev = _events("ROLE-HIDDEN_WOLF-04-b")
    assert [(e["day"], e["targets"]) for e in _actions(ev, "werewolves.kill") if e["targets"]] == [(3, [9])]


def test_hidden_wolf_wins_with_the_wolves() -> None:
    # WIN-10.
    over = _game_over(_events("WIN-10"))
    assert (over["winners"], over["winning_seats"]) == (["werewolves"], [1, 2, 3, 4])


def test_thief_acts_first_and_becomes_his_card() -> None:
    # ROLE-THIEF-01 / -04: the thief's choice is the game's first action; he is then the hunter.
    ev = _events("ROLE-THIEF-01")
    assert _of(ev, "action")[0]["action"] == "thief.choose"
    assert [(e["seat"], e["role"]) for e in _of(ev, "role_change")] == [(4, "hunter")]
    assert [(e["seat"], e["role"]) for e in _of(ev, "death")] == [(4, "hunter"), (1, "werewolf")]


def test_thief_keeping_his_card_is_a_villager() -> None:
    # ROLE-THIEF-02 may_keep: the kept thief card plays as a plain villager (revealed as one).
    ev = _events("ROLE-THIEF-02-a")
    assert [(e["seat"], e["role"]) for e in _of(ev, "role_change")] == [(7, "villager")]
    assert [(e["seat"], e["role"]) for e in _of(ev, "reveal")] == [(7, "villager")]


def test_thief_taking_the_seer_checks() -> None:
    # ROLE-THIEF-02 must_take / ROLE-THIEF-04: the thief who took the seer gets a result.
    assert _seer_results(_events("ROLE-THIEF-02-b"), 4) == [(1, (1, "wolf"))]


def test_thief_taking_a_wolf_joins_the_team() -> None:
    # ROLE-THIEF-03 / -04: a thief who took a werewolf is told the wolves, himself included.
    ev = _events("ROLE-THIEF-03-a")
    assert _told(ev, 3, "wolves") == [(1, [1, 2, 3])]
    assert _game_over(ev)["winning_seats"] == [4, 5, 6, 7, 8, 9, 10, 11, 12]


def test_bottom_cards() -> None:
    # SETUP-03: 12 seats dealt from 14 cards, two face down.
    start = _of(_events("SETUP-03-a"), "game_start")[0]
    assert len(start["seats"]) == 12 and start["extra_cards"] == ["villager", "villager"]


def test_judge_controls_the_bottom_cards() -> None:
    # SETUP-04 judge_controlled: a random deal never leaves two wolves, or thief and wolf, face down.
    rs = load("cupid-thief-12")
    wolves = {"werewolf"}
    for seed in range(300):
        res = play(rs, seed=seed, agent=RandomAgent(seed), stop_after=("night", 1))
        bottom = _of(res.events, "game_start")[0]["extra_cards"]
        assert len(bottom) == 2
        n_wolves = sum(c in wolves for c in bottom)
        assert n_wolves < 2 and not ("thief" in bottom and n_wolves), (seed, bottom)


def test_thief_in_the_bottom_plays_no_part() -> None:
    # SETUP-05: nobody is asked to choose a card.
    assert _actions(_events("SETUP-05"), "thief.choose") == []


def test_buried_card_is_not_in_play() -> None:
    # SETUP-06: the buried witch never acts.
    ev = _events("SETUP-06")
    assert not [e for e in _of(ev, "action") if e["action"].startswith("witch.")]


def test_little_girl_sees_the_wolves() -> None:
    # ROLE-LITTLE_GIRL-01: the peeking girl is shown the wolves.
    assert _told(_events("ROLE-LITTLE_GIRL-01"), 7, "wolves") == [(1, [1, 2])]


def test_little_girl_forced_asks_no_wolf() -> None:
    # ROLE-LITTLE_GIRL-02 forced: the wolves are not asked whether to switch the kill.
    ev = _events("ROLE-LITTLE_GIRL-02-c")
    assert _actions(ev, "werewolves.catch") == []
    assert _statuses(ev, "spotted") == [(1, 7)]


def test_piper_charms() -> None:
    # ROLE-PIPER-01: two other players a night get the charmed status.
    assert _statuses(_events("ROLE-PIPER-01"), "charmed") == [(1, 7), (1, 8), (2, 9), (2, 10)]


def test_charmed_see_each_other() -> None:
    # ROLE-PIPER-02: all the enchanted, earlier and new, are shown who is enchanted.
    ev = _events("ROLE-PIPER-02")
    for seat in (7, 8):
        assert _told(ev, seat, "charmed") == [(1, [7, 8]), (2, [7, 8, 9, 10])]
    for seat in (9, 10):
        assert _told(ev, seat, "charmed") == [(2, [7, 8, 9, 10])]


def test_charmed_keep_their_abilities() -> None:
    # ROLE-PIPER-03: the enchanted seer (full_role) still sees the piper's card.
    assert _seer_results(_events("ROLE-PIPER-03"), 3) == [(2, (6, "piper"))]


def test_charm_does_not_pass_between_lovers() -> None:
    # ROLE-PIPER-04 / ROLE-LOVERS-08: only the named players are enchanted.
    assert _statuses(_events("ROLE-PIPER-04"), "charmed") == [(1, 3), (1, 7)]
    ev = _events("ROLE-LOVERS-08")
    assert _statuses(ev, "charmed") == [(1, 1), (1, 7), (2, 2), (2, 3), (3, 4), (3, 5), (4, 8)]
    over = _game_over(ev)
    assert (over["day"], over["phase"], over["winning_seats"]) == (4, "night", [6])


def test_piper_wins_alone() -> None:
    # WIN-08: after the vote (day 4) and after the wolf kill (night 4).
    for name, when in (("WIN-08-a", (4, "day")), ("WIN-08-b", (4, "night"))):
        over = _game_over(_events(name))
        assert (over["day"], over["phase"], over["winning_seats"]) == (*when, [6]), name


def test_wolf_beauty_charm_is_secret() -> None:
    # ROLE-WOLF_BEAUTY-01: the charmed players are told nothing.
    ev = _events("ROLE-WOLF_BEAUTY-01")
    assert [e["targets"] for e in _actions(ev, "wolf_beauty.charm")] == [[9], [10]]
    assert _of(ev, "inform", seat=9) == [] and _of(ev, "inform", seat=10) == []


def test_charmed_hunter_cannot_shoot() -> None:
    # ROLE-WOLF_BEAUTY-02: the hunter taken by her charm has no shot.
    ev = _events("ROLE-WOLF_BEAUTY-02-a")
    assert _actions(ev, "hunter.shoot") == []
    assert (7, "powerless") in [(e["seat"], e["add"]) for e in _of(ev, "status")]


def test_wolf_beauty_is_not_offered_self_destruct() -> None:
    # ROLE-WOLF_BEAUTY-03.
    ev = _events("ROLE-WOLF_BEAUTY-03")
    assert {e["seat"] for e in _actions(ev, "self_destruct")} == {1, 2, 3}


def test_bomb_man_wins_alone() -> None:
    # WIN-09.
    over = _game_over(_events("WIN-09"))
    assert (over["winners"], over["winning_seats"]) == (["bomb_man"], [9])


def test_cards_revealed_or_hidden() -> None:
    # DAY-03: revealed turns up every dead player's card; hidden none.
    assert [(e["seat"], e["role"]) for e in _of(_events("DAY-03-revealed"), "reveal")] == [
        (9, "villager"), (1, "werewolf")]
    assert _of(_events("DAY-03-hidden"), "reveal") == []


def _exile_votes(events):
    return [(e["round"], e["tally"], e["top"], e.get("bonus")) for e in _of(events, "vote", kind="exile")]


def test_raven_mark_alone_exiles() -> None:
    # ROLE-RAVEN-01/03: the raven (7) marks 1 on night 1; nobody votes on day 1, and the
    # mark's two votes alone exile him (the vote event: tally and bonus; no ballot for 1).
    ev = _events("ROLE-RAVEN-01")
    assert [e["targets"] for e in _actions(ev, "raven.mark")] == [[1]]
    assert _statuses(ev, "raven_mark") == [(1, 1)]
    (vote,) = _of(ev, "vote", kind="exile")
    assert set(vote["ballots"].values()) == {None}
    assert _exile_votes(ev) == [(1, {1: 2}, [1], {1: {"raven_mark": 2}})]


def test_raven_mark_is_shown_in_the_morning() -> None:
    # ROLE-RAVEN-02: the `raven` event names the marked seat 9 after the night's death is
    # announced and before the exile vote; 9's two votes lose to the seer's three ballots.
    ev = _events("ROLE-RAVEN-02")
    types = [(e["type"], e.get("seat")) for e in ev if e["day"] == 1 and e["type"] in ("death", "raven", "vote")]
    assert types == [("death", 8), ("raven", 9), ("vote", None), ("death", 4)]   # 8's death is told at day 1
    assert _exile_votes(ev) == [(1, {4: 3, 9: 2}, [4], {9: {"raven_mark": 2}})]


def test_raven_mark_ties_and_not_in_the_pk_round() -> None:
    # ROLE-RAVEN-03: 1's two ballots tie 2's mark; in the PK round the mark adds nothing.
    ev = _events("ROLE-RAVEN-03-a")
    assert _exile_votes(ev) == [(1, {1: 2, 2: 2}, [1, 2], {2: {"raven_mark": 2}}),
                                (2, {1: 2, 2: 1}, [1], None)]


def test_raven_mark_turns_the_vote_and_ends_the_game() -> None:
    # ROLE-RAVEN-03: day 2, 1 has one ballot and the mark's two, 4 two ballots: 1 is exiled.
    ev = _events("ROLE-RAVEN-03-b")
    assert _exile_votes(ev)[-1] == (1, {1: 3, 4: 2}, [1], {1: {"raven_mark": 2}})
    assert _game_over(ev)["winners"] == ["village"]


def test_raven_mark_lasts_one_day() -> None:
    # ROLE-RAVEN-04: the mark on 1 ends when night 2 starts (the raven dies that night).
    ev = _events("ROLE-RAVEN-04")
    assert [(e["day"], e["phase"], e["seat"]) for e in _of(ev, "status", remove="raven_mark")] == [(2, "night", 1)]
    assert _exile_votes(ev) == [(1, {1: 2, 9: 5}, [9], {1: {"raven_mark": 2}}), (1, {1: 1, 4: 2}, [4], None)]


def test_election_after_announcement() -> None:
    # SHERIFF-02 after_announcement: the night's dead (and the hunter's shot) come first.
    ev = _events("SHERIFF-02-after_announcement")
    kinds = [e["type"] for e in ev if e["type"] in ("sheriff", "death")]
    assert kinds == ["death", "death", "sheriff"], kinds
    assert 7 not in {e["seat"] for e in _actions(ev, "run_for_sheriff")}


def test_election_again_next_day() -> None:
    # SHERIFF-08 revote_then_next_day: no sheriff on day 1, elected on day 2.
    ev = _events("SHERIFF-08-revote_then_next_day")
    assert [(e["day"], e["seat"], e["how"]) for e in _of(ev, "sheriff")] == [(1, None, "none"), (2, 7, "elected")]


def test_night_orders() -> None:
    # NIGHT-02: order_c wakes the seer before the wolves; order_a after the witch.
    ev = _events("NIGHT-02-order_c")
    assert _seq(ev, "seer.check") < _seq(ev, "werewolves.kill") < _seq(ev, "witch.poison")
    ev = _events("NIGHT-02-order_a")
    assert (_seq(ev, "guard.protect") < _seq(ev, "werewolves.kill") < _seq(ev, "witch.poison")
            < _seq(ev, "seer.check"))


# -- a designer copies a bundled ruleset, changes an option, swaps a role ----------------

def test_designer_copy_with_an_option_and_a_role_swapped(tmp_path: Path) -> None:
    text = bundled_path("standard-12").read_text(encoding="utf-8")
    deck = next(line for line in text.splitlines() if line.startswith("deck 12:"))
    assert "guard" in deck
    copy = text.replace(deck, deck.replace("guard", "idiot")) + "\nset witch_self_save = first_night\n"
    path = tmp_path / "my-variant.wolf"
    path.write_text(copy, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for args in (["run", str(path), "--seed", "1"], ["lint", str(path)]):
        proc = subprocess.run([sys.executable, "-m", "wolfdsl", *args], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"wolfdsl {args[0]}: exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
        assert "Traceback" not in proc.stderr
    cards = load(str(path)).deck_for(12)
    assert "idiot" in str(cards) and "guard" not in str(cards), cards
    # The copy really plays the idiot and the option: a scenario on it holds.
    scenario = tmp_path / "witch-saves-herself.yaml"
    scenario.write_text(
        "ruleset: my-variant.wolf\nseed: 1\n"
        "seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, idiot,"
        " villager, villager, villager, villager]\n"
        "otherwise: abstain\nstop_after: day 1\n"
        "decisions:\n"
        "  - {at: night 1, by: werewolves, do: kill, choose: 6}\n"
        "  - {at: night 1, by: witch, do: save, choose: yes}\n"
        "expect: {deaths: [], sheriff: none, winner: none}\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "wolfdsl", "run", "--script", str(scenario)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
