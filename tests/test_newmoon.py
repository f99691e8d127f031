"""New Moon event cards (rules.md NEWMOON-01..36, the ``new-moon`` ruleset).

``tests/scenarios/newmoon/NEWMOON-NN[-x].yaml`` fix one card with ``cards:`` and state the
deaths, sheriff and winner it must produce (worked out by hand from the card text). This
file plays them, checks in the event log what ``expect:`` cannot state (votes, weights,
statuses, revivals, role changes, announcements), requires a scenario for each of the 36
cards, and plays random games. A leading ``# xfail: <reason>`` line marks a scenario that
fails because of a known engine bug (strict), as in ``tests/test_scenarios.py``.
Forbidden New Moon decisions live in ``tests/scenarios/forbidden/newmoon-*.yaml``.
"""
from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from wolfdsl.lang.load import load
from wolfdsl.play import make_agent
from wolfdsl.scenario import run_scenario
from wolfdsl.play.seeding import derive
from scenario_files import params, rule_id

ROOT = Path(__file__).resolve().parent.parent
NEWMOON = ROOT / "tests" / "scenarios" / "newmoon"

# card id (rulesets/new-moon.wolf) -> its rule in rules.md
CARD_RULES = {
    "full_moon_rising": "NEWMOON-01", "dissatisfaction": "NEWMOON-02",
    "great_distrust": "NEWMOON-03", "end_of_harvest_optional": "NEWMOON-04",
    "backfire": "NEWMOON-05", "influences": "NEWMOON-06", "spiritualism_1": "NEWMOON-07",
    "executioner": "NEWMOON-08", "luncheon_for_seniors": "NEWMOON-09",
    "little_rascal": "NEWMOON-10", "nightmare": "NEWMOON-11", "enthusiasm": "NEWMOON-12",
    "specter": "NEWMOON-13", "gone_hunting": "NEWMOON-14", "double_agent": "NEWMOON-15",
    "black_monday": "NEWMOON-16", "not_me_nor_wolf": "NEWMOON-17", "burial": "NEWMOON-18",
    "spiritualism_2": "NEWMOON-19", "somnambulism": "NEWMOON-20",
    "heads_or_tails": "NEWMOON-21", "quiet_day": "NEWMOON-22",
    "touch_of_death": "NEWMOON-23", "radiant_sunday": "NEWMOON-24",
    "spiritualism_3": "NEWMOON-25", "saint_philippe": "NEWMOON-26", "miracle": "NEWMOON-27",
    "good_manners": "NEWMOON-28", "april_fools": "NEWMOON-29",
    "woodland_gathering": "NEWMOON-30", "spiritualism_4": "NEWMOON-31",
    "pact_with_the_devil": "NEWMOON-32", "flood": "NEWMOON-33", "eclipse": "NEWMOON-34",
    "saturday_evening_ball": "NEWMOON-35", "end_of_harvest": "NEWMOON-36",
}


def _fixed_cards(path: Path) -> list[tuple[str, int, str]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = []
    for item in data.get("cards", []):
        phase, day = item["at"].split()
        out.append((phase, int(day), item["card"]))
    return out


# -- event-log helpers -------------------------------------------------------------------

def _of(events, type_, **fields):
    return [e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items())]


def _votes(events, day, kind="exile"):
    return [e for e in _of(events, "vote", kind=kind) if e["day"] == day]


def _voters(vote) -> set[int]:
    return {int(s) for s in vote["ballots"]}


def _ballots(vote) -> dict[int, int | None]:
    return {int(s): t for s, t in vote["ballots"].items()}


def _tally(vote) -> dict[int, float]:
    return {int(s): w for s, w in vote["tally"].items()}


def _actions(events, action):
    return [(e["phase"], e["day"], e["seat"], e["targets"]) for e in _of(events, "action", action=action)]


def _statuses(events, status, op):
    return [(e["phase"], e["day"], e["seat"]) for e in events if e["type"] == "status" and e.get(op) == status]


def _informs(events, seat, key):
    return [(e["phase"], e["day"], e["what"]) for e in _of(events, "inform", seat=seat) if key in e["what"]]


def _notes(events, text):
    return [(e["day"], e.get("seat")) for e in _of(events, "note") if text in e["text"]]


def _sheriffs(events):
    return [(e["day"], e["seat"], e["how"]) for e in _of(events, "sheriff")]


def _one_exile_vote_a_day(events, days):
    for d in days:
        assert len(_votes(events, d)) == 1, (d, _votes(events, d))


# -- per-card checks ---------------------------------------------------------------------

def _full_moon_rising(ev):
    # each wolf checks one player on night 2 only, and sees the full role
    assert _actions(ev, "werewolf.check") == [("night", 2, 1, [3]), ("night", 2, 2, [4])]
    assert [w for _, _, w in _informs(ev, 1, "result")] == [{"seat": 3, "result": "seer"}]
    assert [w for _, _, w in _informs(ev, 2, "result")] == [{"seat": 4, "result": "witch"}]


def _dissatisfaction(ev):
    # no second vote on day 1 (card not yet in force) nor on day 3 (spent); two on day 2
    assert [v["round"] for v in _votes(ev, 2)] == [1, 2]
    assert [v["result"] for v in _votes(ev, 2)] == [6, 1]
    _one_exile_vote_a_day(ev, [1, 3])
    assert [d for d, _ in _notes(ev, "Dissatisfaction")] == [2]


def _great_distrust(ev):
    first, second = _votes(ev, 1, "distrust_1"), _votes(ev, 1, "distrust_2")
    assert len(first) == 1 and len(second) == 1
    assert _ballots(first[0]) == {1: 3, 2: 3, 3: 1, 4: 1, 5: 2, 6: 2, 7: 4}
    assert _ballots(second[0]) == {1: 5, 2: 6, 3: 2, 4: 2, 5: 1, 6: 1, 7: 3}
    assert not _votes(ev, 1), "Great Distrust replaces the ordinary vote"
    # day 2: ordinary single vote again
    assert not _votes(ev, 2, "distrust_1") and len(_votes(ev, 2)) == 1


def _quiet(ev):
    assert [d for d, _ in _notes(ev, "a quiet round")][:1] == [1]
    assert _votes(ev, 1)[0]["result"] == 1


def _backfire_a(ev):
    assert [(e["phase"], e["day"], e["seat"], e["role"]) for e in _of(ev, "role_change")] == \
        [("night", 2, 7, "werewolf")]
    assert [w["wolves"] for _, _, w in _informs(ev, 7, "wolves")] == [[1, 2, 7]]


def _backfire_b(ev):
    assert not _of(ev, "role_change")


def _influences_a(ev):
    assert _sheriffs(ev) == [(1, 3, "elected"), (2, None, "lost"), (2, 4, "elected")]
    assert _tally(_votes(ev, 2, "sheriff")[0]) == {4: 4, 5: 3}


def _influences_b(ev):
    assert _sheriffs(ev) == [(1, None, "none"), (2, 6, "elected")]


def _spiritualism(medium_by, medium, asks, question, answer, about=None):
    def check(ev):
        assert _actions(ev, "spiritualism.medium") == [("day", ev[-1]["day"], medium_by, [medium])]
        got = _of(ev, "spiritualism")
        assert len(got) == 1, got
        s = got[0]
        assert (s["medium"], s["asks"], s["question"], s["answer"]) == (medium, asks, question, answer), s
        assert s.get("about") == about, s
    return check


def _spiritualism_nobody(ev):
    assert not _of(ev, "spiritualism") and not _of(ev, "action", action="spiritualism.medium")
    assert _notes(ev, "nobody has been killed by the wolves")


def _executioner(ev):
    assert _actions(ev, "executioner.appoint") == [("day", 1, 3, [4])]
    assert [e["seat"] for e in _of(ev, "reveal")] == [8, 7]   # wolf victims only
    assert [w for _, _, w in _informs(ev, 4, "role")] == [{"seat": 6, "role": "villager"},
                                                         {"seat": 1, "role": "werewolf"}]


def _luncheon(ev):
    assert sorted(s for _, d, s in _statuses(ev, "away", "add") if d == 1) == [2, 3, 7]
    assert sorted(s for _, d, s in _statuses(ev, "away", "remove") if d == 2) == [2, 3, 7]
    day1 = _votes(ev, 1)[0]
    assert _voters(day1) == {1, 4, 5, 6}
    assert {2, 3, 7} <= _voters(_votes(ev, 2)[0])


def _little_rascal(ev):
    assert [(d, s) for _, d, s in _statuses(ev, "away", "add")] == [(1, 4)]
    assert [(d, s) for _, d, s in _statuses(ev, "away", "remove")] == [(2, 4)]
    assert 4 not in _voters(_votes(ev, 1)[0])
    assert _tally(_votes(ev, 2)[0]) == {1: 3, 2: 2}     # his ballot counts triple on day 2
    assert _tally(_votes(ev, 3)[0]) == {2: 2, 5: 1}     # and single again on day 3


def _nightmare(ev):
    votes = _votes(ev, 1)
    assert len(votes) == 1 and votes[0]["result"] == 1
    assert not [e for e in _of(ev, "speeches", purpose="day") if e["day"] == 1], "no discussion"
    assert _notes(ev, "Nightmare")


def _enthusiasm_a(ev):
    assert [v["result"] for v in _votes(ev, 2)] == [1, 7]
    _one_exile_vote_a_day(ev, [1])


def _enthusiasm_b(ev):
    _one_exile_vote_a_day(ev, [1, 2, 3])
    assert not _notes(ev, "Enthusiasm")


def _specter(ev):
    assert [(e["day"], e["seat"], e["role"]) for e in _of(ev, "role_change")] == [(2, 6, "werewolf")]
    assert _actions(ev, "specter.name") == [("night", 2, 6, [1])]
    assert [w["wolves"] for _, _, w in _informs(ev, 6, "wolves")] == [[1, 2]]


def _gone_hunting(ev):
    assert sorted(s for _, d, s in _statuses(ev, "away", "add") if d == 1) == [1, 3, 5, 7]
    assert sorted(s for _, d, s in _statuses(ev, "away", "remove") if d == 2) == [1, 3, 5, 7]
    assert _voters(_votes(ev, 1)[0]) == {2, 4, 6}
    assert {1, 3, 5, 7} <= _voters(_votes(ev, 2)[0])


def _double_agent(ev):
    assert _actions(ev, "double_agent.name") == [("night", 2, 8, [3])]
    assert _informs(ev, 3, "wolves") == [("night", 2, {"wolves": [1, 2]})]


def _double_agent_after_miracle(ev):
    assert [e["seat"] for e in _of(ev, "revive")] == [3]
    assert not _of(ev, "action", action="double_agent.name"), "nobody is dead: nobody wakes"


def _table_rule(ev):
    assert _actions(ev, "offenders") == [("day", 1, None, [3, 5])]
    assert sorted(s for _, d, s in _statuses(ev, "card_voteless", "add")) == [3, 5]
    assert sorted((p, d, s) for p, d, s in _statuses(ev, "voteless", "remove")) == \
        [("night", 2, 3), ("night", 2, 5)]
    assert _voters(_votes(ev, 1)[0]) == {1, 2, 4, 6, 7}
    assert {3, 5} <= _voters(_votes(ev, 2)[0])


def _burial(ev):
    assert [e["seat"] for e in _of(ev, "reveal")] == [8, 5]
    assert [s for _, s in _notes(ev, "Burial")] == [7, 6]
    # each buried victim is asked whether he tells his role in his last words; only "no"
    # is legal (tests/scenarios/forbidden/newmoon-burial-victim-tells-role.yaml), no claim
    assert [(e["day"], e["seat"], e["choice"]) for e in _of(ev, "action", action="last_words.tell_role")] == \
        [(2, 7, False), (3, 6, False)]
    assert not _of(ev, "claim", seat=7) and not _of(ev, "claim", seat=6)


def _offences(ev):
    return [(e["day"], e["seat"], e["rule"]) for e in _of(ev, "offence")]


def _claim_offence(ev):
    # the seer's day-1 claim stands, and is punished (NEWMOON-17): no ballot on day 1
    assert [(e["day"], e["seat"], e["role"], e["told"]) for e in _of(ev, "claim")] == \
        [(1, 3, "seer", {"seat": 1, "result": "werewolf"})]
    claim_seq = _of(ev, "claim")[0]["seq"]
    assert _offences(ev) == [(1, 3, "NEWMOON-17: nobody may say wolf or I")]
    assert _of(ev, "offence")[0]["seq"] > claim_seq
    assert _statuses(ev, "voteless", "add") == [("day", 1, 3)]
    assert _statuses(ev, "voteless", "remove") == [("night", 2, 3)]
    assert _actions(ev, "offenders") == [("day", 1, None, [])]
    assert _ballots(_votes(ev, 1)[0]) == {1: None, 2: 4, 4: 1, 5: 1, 6: 1, 7: 1}
    assert 3 in _voters(_votes(ev, 2)[0])


def _slips(ev):
    # speech_slip_chance = 1 and the moderator names nobody: every speaker offends
    rule = "NEWMOON-28: nobody may interrupt"
    assert _offences(ev) == [(1, s, rule) for s in range(1, 8)]
    assert _votes(ev, 1)[0]["ballots"] == {} and _votes(ev, 1)[0]["result"] is None
    assert sorted(s for p, d, s in _statuses(ev, "voteless", "remove") if (p, d) == ("night", 2)) == list(range(1, 8))
    assert _votes(ev, 2)[0]["result"] == 1


def _somnambulism(ev):
    ann = _of(ev, "announcement")
    assert [(e["phase"], e["day"], e["role"]) for e in ann] == [("night", 2, "werewolf"), ("night", 3, "witch")]
    assert all("seat" not in e for e in ann), "the sleepwalker's target is not named"


def _heads_or_tails(outcome):
    def check(ev):
        assert [d for d, _ in _notes(ev, "Heads or Tails")] == [2]
        assert _notes(ev, f"Heads or Tails: {outcome}") == [(2, 6)]
    return check


def _touch_of_death(ev):
    assert _notes(ev, "Touch of Death")


def _saint_philippe_a(ev):
    assert _sheriffs(ev) == [(1, 3, "elected"), (2, None, "lost"), (2, 5, "elected")]


def _saint_philippe_b(ev):
    assert not [a for a in _actions(ev, "run_for_sheriff") if a[1] == 2]
    assert _notes(ev, "no sheriff")


def _miracle_a(ev):
    assert [(e["day"], e["seat"], e["role"]) for e in _of(ev, "revive")] == [(1, 3, "villager")]
    assert not [a for a in _actions(ev, "seer.check") if a[1] >= 2], "no seer after the miracle"
    assert 3 in _voters(_votes(ev, 1)[0])


def _miracle_b(ev):
    assert not _of(ev, "revive")
    assert _notes(ev, "nobody was killed by the wolves")


def _april_fools(ev):
    assert {(e["seat"], e["role"]) for e in _of(ev, "role_change") if e["day"] == 1} == \
        {(3, "witch"), (4, "seer"), (5, "little_girl"), (7, "hunter")}
    assert _ballots(_votes(ev, 1)[0])[9] == 10       # a lover votes for the other lover ...
    assert _ballots(_votes(ev, 1)[0])[10] == 9       # ... and must (NEWMOON-29; forbidden/newmoon-april-fools-*)
    assert _actions(ev, "seer.check")[1:] == [("night", 2, 4, [1])]
    assert _informs(ev, 3, "victim") == [("night", 2, {"victim": 7})]
    assert _actions(ev, "hunter.shoot") == [("day", 2, 7, [1])]


def _april_fools_b(ev):
    assert _actions(ev, "seer.check")[1:] == [("night", 2, 4, [2])]
    assert not _informs(ev, 3, "victim"), "the antidote was spent before the swap"
    assert _actions(ev, "witch.poison")[-1] == ("night", 2, 3, [1])


def _woodland(ev):
    assert sorted(s for _, d, s in _statuses(ev, "away", "add")) == [2, 4, 6]
    assert sorted((p, d, s) for p, d, s in _statuses(ev, "away", "remove")) == \
        [("night", 2, 2), ("night", 2, 4), ("night", 2, 6)]
    assert _voters(_votes(ev, 1)[0]) == {1, 3, 5, 7}


def _pact(ev):
    assert _votes(ev, 1)[0]["result"] == 1
    assert [d for d, _ in _notes(ev, "Pact with the Devil")] == [1]
    assert _notes(ev, "Pact with the Devil") == [(1, 1)]


def _flood_a(ev):
    assert not _votes(ev, 1)
    assert _notes(ev, "no exile vote today")
    assert sorted((d, s) for _, d, s in _statuses(ev, "out_of_reach", "add")) == [(2, 4), (2, 6)]


def _flood_b(ev):
    assert _notes(ev, "fewer than 6 players")
    assert _votes(ev, 2)[0]["result"] == 1


def _ball_a(ev):
    assert sorted(s for _, d, s in _statuses(ev, "away", "add")) == [1, 4, 5]
    assert sorted(s for _, d, s in _statuses(ev, "away", "remove") if d == 2) == [1, 4, 5]
    assert _voters(_votes(ev, 1)[0]) == {2, 3, 6, 7}
    assert {1, 4, 5} <= _voters(_votes(ev, 2)[0])
    # the ball ends when the next card is drawn, on day 2
    card2 = next(e["seq"] for e in _of(ev, "card") if e["day"] == 2)
    assert all(e["seq"] < card2 for e in _of(ev, "status", remove="away"))


def _ball_b(ev):
    assert sorted(s for _, d, s in _statuses(ev, "away", "add")) == [1, 2, 4]
    assert not [a for a in _actions(ev, "werewolves.kill") if a[1] == 2], "every wolf is dancing"


def _infection(ev):
    # night 2: the wolves' victim (4) is infected and spared, loses her ability; the wolves win
    assert _actions(ev, "werewolves.kill")[-1] == ("night", 2, None, [4])
    assert _statuses(ev, "infected", "add") == [("night", 2, 4)]
    assert _statuses(ev, "powerless", "add") == [("night", 2, 4)]
    assert _informs(ev, 4, "infected") == [("night", 2, {"infected": True})]
    assert [(e["seat"], e["rule"]) for e in _of(ev, "spared")] == [(4, "infection")]
    (over,) = _of(ev, "game_over")
    assert (over["winners"], over["reason"]) == (["werewolves"], "infection_win")


def _harvest(ev):
    assert _notes(ev, "Harvest Festival")
    # (1) only the wolves' neighbours (3 and 8) stay in reach on night 2
    assert _statuses(ev, "out_of_reach", "add") == [("night", 2, 4), ("night", 2, 5), ("night", 2, 6)]
    # (2) the seer sees three cards in role order, no single result
    assert _informs(ev, 3, "cards") == [("night", 2, {"seat": 6, "cards": ["hunter", "villager", "villager"]})]
    assert not _informs(ev, 3, "result")
    # (3) the hunter shoots a neighbour
    assert _actions(ev, "hunter.shoot") == [("day", 2, 5, [4])]


def _harvest_witch(ev):
    # (8)-(11): the antidote's effect comes from the box toss; both potions are spent
    assert _actions(ev, "witch.save")[-1] == ("night", 2, 4, [])
    assert [(e["seat"], e["toss"]) for e in _of(ev, "box_toss")] == [(3, "antidote_villager")]
    assert [(e["day"], e["seat"], e["role"]) for e in _of(ev, "role_change")] == [(2, 3, "villager")]
    assert not [a for a in _actions(ev, "seer.check") if a[1] == 3]
    assert not [a for a in _actions(ev, "witch.poison") if a[1] == 3]
    assert not _statuses(ev, "out_of_reach", "add")[3:], "the reach rule is for night 2 only"


EVENT_CHECKS = {
    "NEWMOON-01": _full_moon_rising,
    "NEWMOON-02": _dissatisfaction,
    "NEWMOON-03": _great_distrust,
    "NEWMOON-04": _quiet,
    "NEWMOON-04-b": _harvest_witch,
    "NEWMOON-05-a": _backfire_a,
    "NEWMOON-05-b": _backfire_b,
    "NEWMOON-06-a": _influences_a,
    "NEWMOON-06-b": _influences_b,
    "NEWMOON-07-a": _spiritualism(7, 3, 8, "wolf_man", True),
    "NEWMOON-07-b": _spiritualism_nobody,
    "NEWMOON-08": _executioner,
    "NEWMOON-09": _luncheon,
    "NEWMOON-10": _little_rascal,
    "NEWMOON-11": _nightmare,
    "NEWMOON-12-a": _enthusiasm_a,
    "NEWMOON-12-b": _enthusiasm_b,
    "NEWMOON-13": _specter,
    "NEWMOON-14": _gone_hunting,
    "NEWMOON-15": _double_agent,
    "NEWMOON-15-b": _double_agent_after_miracle,
    "NEWMOON-16": _quiet,
    "NEWMOON-17": _table_rule,
    "NEWMOON-17-b": _claim_offence,
    "NEWMOON-18": _burial,
    "NEWMOON-19": _spiritualism(7, 5, 6, "wolf_woman", False),
    "NEWMOON-20": _somnambulism,
    "NEWMOON-21-a": _heads_or_tails("tails"),
    "NEWMOON-21-b": _heads_or_tails("heads"),
    "NEWMOON-22": _quiet,
    "NEWMOON-22-b": _infection,
    "NEWMOON-23": _touch_of_death,
    "NEWMOON-24": _quiet,
    "NEWMOON-25": _spiritualism(3, 6, 4, "neighbour_wolf", True, about=3),
    "NEWMOON-26-a": _saint_philippe_a,
    "NEWMOON-26-b": _saint_philippe_b,
    "NEWMOON-27-a": _miracle_a,
    "NEWMOON-27-b": _miracle_b,
    "NEWMOON-28": _table_rule,
    "NEWMOON-28-b": _slips,
    "NEWMOON-29": _april_fools,
    "NEWMOON-29-b": _april_fools_b,
    "NEWMOON-30": _woodland,
    "NEWMOON-31": _spiritualism(7, 4, 5, "plain_villager", True, about=6),
    "NEWMOON-32": _pact,
    "NEWMOON-33-a": _flood_a,
    "NEWMOON-33-b": _flood_b,
    "NEWMOON-34": _table_rule,
    "NEWMOON-35-a": _ball_a,
    "NEWMOON-35-b": _ball_b,
    "NEWMOON-36": _quiet,
    "NEWMOON-36-b": _harvest,
}


# -- the scenarios -----------------------------------------------------------------------

@pytest.mark.parametrize("path", params(NEWMOON))
def test_newmoon_scenario(path: Path) -> None:
    outcome = run_scenario(str(path))
    assert outcome.ok, f"{path.name}:\n{outcome.report}"
    events = outcome.result.events
    # every fixed card is drawn, logged with its id, on the day it was fixed for
    drawn = {(e["phase"], e["day"], e["card"]) for e in _of(events, "card")}
    for fixed in _fixed_cards(path):
        assert fixed in drawn, f"{path.name}: fixed card {fixed} not drawn; drawn: {sorted(drawn)}"
    check = EVENT_CHECKS.get(path.stem)
    assert check is not None, f"{path.name}: add its event-log check to EVENT_CHECKS"
    check(events)


def test_card_table_matches_the_ruleset() -> None:
    rs = load("new-moon")
    assert set(CARD_RULES) == set(rs.cards), (
        f"cards missing here: {sorted(set(rs.cards) - set(CARD_RULES))}; "
        f"no longer in the ruleset: {sorted(set(CARD_RULES) - set(rs.cards))}")
    assert sorted(CARD_RULES.values()) == [f"NEWMOON-{i:02d}" for i in range(1, 37)]
    moons = Counter(dict(c.tags)["moon"] for c in rs.cards.values())
    assert set(moons) <= {"full", "new", "black"}, moons


def test_a_cards_english_and_chinese_names_agree() -> None:
    """Cards of one title have one Chinese name, and a card whose English name is another's
    with a note ("Spiritualism (quiet day)", NEWMOON-22: titled Spiritualism, a quiet day's
    text) has that card's Chinese name with the note: a researcher's trial read
    "平静的一天 (Spiritualism (quiet day))" on the Chinese call sheet."""
    cards = load("new-moon").cards.values()
    for a in cards:
        for b in cards:
            if b.name == a.name:
                assert b.name_zh == a.name_zh, (a.id, b.id)
            elif b.name.startswith(a.name + " ("):
                assert b.name_zh.startswith(a.name_zh + "（"), (a.id, a.name_zh, b.id, b.name_zh)
    quiet = load("new-moon").cards["quiet_day"]
    assert (quiet.name, quiet.name_zh) == ("Spiritualism (quiet day)", "通灵术（平静的一天）")


def test_every_card_has_a_scenario() -> None:
    """A card is covered by a scenario named after its rule that fixes that card."""
    covered: set[str] = set()
    for path in NEWMOON.glob("*.yaml"):
        rule = rule_id(path.stem)
        for _, _, card in _fixed_cards(path):
            if CARD_RULES.get(card) == rule:
                covered.add(card)
    missing = sorted(set(CARD_RULES) - covered)
    assert not missing, "New Moon cards without a scenario in tests/scenarios/newmoon/: " + ", ".join(missing)


# -- random games ------------------------------------------------------------------------

def test_thousand_random_games_draw_every_card() -> None:
    from wolfdsl.play import play

    rs = load("new-moon")
    lo, hi = rs.players
    assert (lo, hi) == (8, 18)
    drawn: Counter = Counter()
    for game in range(1000):
        n = lo + game % (hi - lo + 1)
        seed = 10_000 + game
        result = play(rs, seed=seed, agent=make_agent("random", derive(seed, "agent")), game=game, players=n)
        start = result.events[0]
        assert len(start["seats"]) == n
        for e in _of(result.events, "card"):
            card = rs.cards.get(e["card"])
            assert card is not None, f"game {game}: card event names {e['card']!r}, not a card of new-moon"
            assert (e["name"], e["moon"]) == (card.name, dict(card.tags)["moon"]), e
            drawn[e["card"]] += 1
        assert result.over, f"game {game} ({n} players) did not end"
    never = sorted(set(rs.cards) - set(drawn))
    assert not never, "cards never drawn in 1000 games: " + ", ".join(never)


def test_cli_two_thousand_games() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "wolfdsl", "run", "new-moon", "--games", "2000", "--seed", "1"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    assert "Traceback" not in proc.stderr
    assert "2000 games" in proc.stdout + proc.stderr
