"""``wolfdsl script``: the call sheet speaks only of what can happen at the table — no
sheriff's house rules without a sheriff, no step, reminder or win of a variant that is
off, no rule of a role that is not dealt."""
from clitools import invoke
from wolfdsl.present.callsheet import call_sheet


def test_without_an_election_the_house_rules_speak_of_no_sheriff():
    # a trial: `--set sheriff_election=false` still listed the badge, the sheriff's vote
    # weight and the election's tie under "House rules in force"
    en = call_sheet("standard-12", {"sheriff_election": "false"}, "en")["house_rules"]
    assert en == [
        "SHERIFF-02: hold the day-1 election: no",
        "DAY-11: a tied exile vote: the tied players speak again (PK) and the others vote only for them; a second "
        "tie: nobody is exiled",
        "DAY-03: the cards of the dead: never announced",
        "LASTWORDS-02: who leaves last words: every night-1 death; a night-2 death only if he died alone; none from "
        "night 3; every day death",
        "LASTWORDS-03: a self-destructing wolf leaves last words: yes",
        "WIN-02: how the wolves win: side kill (屠边): all gods or all plain villagers dead",
        "ROLE-WITCH-05: the witch saves herself: never",
        "ROLE-GUARD-02: the guard names last night's player again: the moderator refuses and the guard picks "
        "another",
        "DAY-05: the speaking order without a sheriff: beside the last player to die",
        "DAY-06: speech rounds: one a day",
        "NIGHT-02: when the seer wakes: after the witch",
        "ROLE-SEER-01: what the seer is shown: good or wolf only",
        "ROLE-HUNTER-05: a hunter who has revealed himself must shoot: no",
    ]
    zh = call_sheet("standard-12", {"sheriff_election": "false"}, "zh")["house_rules"]
    assert zh[0] == "SHERIFF-02：第1天竞选警长：否"
    assert not any("警徽" in r or "竞选" in r for r in zh[1:])
    # a value set for the sheriff is not read either: the sheet is for this table
    r = invoke("script", "standard-12", "--set", "sheriff_election=false", "--set", "sheriff_vote_weight=3")
    assert r.exit_code == 0, r.output
    assert "sheriff_vote_weight" not in r.stdout and "badge" not in r.stdout


def test_with_an_election_the_sheriffs_rules_are_there_but_not_those_of_another_time():
    en = call_sheet("standard-12", None, "en")["house_rules"]
    assert "SHERIFF-10: the votes the sheriff's ballot counts for (the seeds give 2 and 1.5): 2" in en
    assert "SHERIFF-13: the sheriff dies: he passes the badge to a living player or tears it up" in en
    # Miller's Hollow elects after the announcement: who of the unannounced dead votes
    # before it is no question there
    mh = call_sheet("millers-hollow", None, "en")["house_rules"]
    assert "SHERIFF-02: when the day-1 election is held: after the night's dead are announced" in mh
    assert not any("unannounced night dead" in r for r in mh)


def test_a_card_that_elects_a_sheriff_keeps_his_rules_without_the_day_1_election():
    # New Moon's Influences holds an election whatever sheriff_election says
    sheet = call_sheet("new-moon", {"sheriff_election": "false"}, "en")
    assert "SHERIFF-10: the votes the sheriff's ballot counts for (the seeds give 2 and 1.5): 2" in sheet["house_rules"]
    assert "The sheriff is dead: he passes the badge to a living player or tears it up." in sheet["any_time"]


HARVEST = "(Harvest Festival) Tonight the wolves may only kill a player sitting next to a wolf."
INFECTION = ("(Infection) The wolves' victim is infected instead of killed: touch him; he plays on without his "
             "ability.")
INFECTION_WIN = "Werewolves: the wolves infected the second-to-last villager (NEWMOON-22)"


def test_a_variant_that_is_off_has_no_step_reminder_or_win_on_the_sheet():
    # a trial: the Harvest step was on the sheet with harvest_festival = false, and the
    # infection's reminder and win with infection_variant = false
    off = call_sheet("new-moon", None, "en")
    assert not any(c.startswith(HARVEST) for part in ("first_night", "other_nights") for c in off[part])
    assert INFECTION not in off["any_time"]
    assert off["wins"] == ["Werewolves: town kill (屠城): every non-wolf is dead",  # no Cupid at 8: no lovers
                           "Village: every wolf (and every third-faction player) is dead"]
    on = call_sheet("new-moon", {"harvest_festival": "true", "infection_variant": "true"}, "en")
    assert sum(c.startswith(HARVEST) for c in on["other_nights"]) == 1
    assert INFECTION in on["any_time"]
    assert INFECTION_WIN in on["wins"]
    zh = call_sheet("new-moon", None, "zh")
    assert not any("收获节" in c for c in zh["other_nights"]) and not any("感染" in c for c in zh["any_time"])


def test_a_table_without_cupid_or_a_thief_hears_nothing_of_them():
    # Miller's Hollow for 8 deals neither: no heartbreak reminder, no thief's or lovers'
    # rule, no lovers' win (only Cupid's choice makes a seat's faction lovers)
    eight = call_sheet("millers-hollow", None, "en")
    assert "A lover died: the other lover dies of heartbreak at the same time." not in eight["any_time"]
    assert not any(r.startswith(("ROLE-THIEF", "WIN-05")) for r in eight["house_rules"])
    assert eight["wins"] == ["Werewolves: town kill (屠城): every non-wolf is dead",
                             "Village: every wolf (and every third-faction player) is dead"]
    assert not any(r.startswith("NEWMOON-29") for r in call_sheet("new-moon", None, "en")["house_rules"])
    twelve = call_sheet("millers-hollow", None, "en", players=12)
    assert "A lover died: the other lover dies of heartbreak at the same time." in twelve["any_time"]
    assert twelve["wins"][0] == "Lovers: the lovers' faction outlives everyone else"
    assert "NEWMOON-29: an event card may force a lover to vote for the other (new-moon sets it): yes" \
           in call_sheet("new-moon", None, "en", players=12)["house_rules"]
    assert [r.split(":")[0] for r in twelve["house_rules"] if r.startswith(("ROLE-THIEF", "WIN-05"))] == [
        "WIN-05", "ROLE-THIEF-02", "ROLE-THIEF-03"]


def test_a_card_step_names_its_card_not_an_engine_global():
    # a trial: the moderator read "(only when harvest_night)", "(only when flood)"
    en = call_sheet("new-moon", None, "en")["other_nights"]
    assert en[3] == ("(Flood) The players in the shelters are out of the wolves' reach tonight. "
                     "(only after the event card Flood is drawn)")
    assert en[9] == ("(Full Moon Rising) Werewolves, open your eyes again: point at a player to learn whether he is "
                     "the seer. Close your eyes. (only after the event card Full Moon Rising is drawn)")
    harvest = call_sheet("new-moon", {"harvest_festival": "true"}, "en")["other_nights"]
    assert harvest[4] == HARVEST + " (only after the event card End of the Harvest is drawn)"
    zh = call_sheet("new-moon", {"harvest_festival": "true"}, "zh")["other_nights"]
    assert zh[3:5] == ["（洪水）今晚躲进避难所的玩家不会被狼人击杀。（仅在抽到事件牌“洪水”之后）",
                       "（收获节）今晚狼人只能吞食狼人隔壁的玩家。（仅在抽到事件牌“收获结束”之后）"]
    for sheet in (en, harvest, zh):
        assert not any(n in c for c in sheet for n in ("flood)", "harvest_night", "wolf_seers", "仅当"))


def test_the_first_night_has_no_step_a_card_brings():
    # New Moon draws its cards by day: on night 1 no card has been drawn, yet the first
    # night listed Flood's and Full Moon Rising's steps (and the Harvest's when it is on)
    for options in (None, {"harvest_festival": "true"}):
        for players in (None, 12):
            sheet = call_sheet("new-moon", options, "en", players)
            assert not any("only after the event card" in c for c in sheet["first_night"]), (options, players)
            assert sum("only after the event card" in c for c in sheet["other_nights"]) == (3 if options else 2)
    first = call_sheet("new-moon", None, "en")["first_night"]
    assert first[3] == "Werewolves, open your eyes and see one another. Agree on a player to kill, or nobody."
    assert len(first) == 10  # the witch's dawn note (WIN-04) included
    # a card played by night can bring its step on night 1: the step stays there
    night_card = NIGHT_CARD
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "night-card.wolf"
        path.write_text(night_card, encoding="utf-8")
        en = call_sheet(str(path), None, "en")["first_night"]
    assert "Blackout: nobody wakes. (only after the event card Lights Out is drawn)" in en


NIGHT_CARD = """import "standard-12"
global blackout = false
card lights_out "Lights Out" "熄灯" { blackout = true }
step dusk_card in night first { play lights_out }
step blackout_call in night after dusk_card when blackout call "Blackout: nobody wakes." "熄灯：无人睁眼。" { blackout = false }
"""


def test_a_table_without_lovers_or_face_down_cards_hears_no_heartbreak_shot_or_bottom_cards():
    # New Moon (and Miller's Hollow) for 8 deals no Cupid and no thief, leaves no card face
    # down: the hunter's heartbreak shot and the bottom-card rule cannot happen there
    for ruleset in ("new-moon", "millers-hollow"):
        eight = call_sheet(ruleset, None, "en")["house_rules"]
        assert not any(r.startswith(("ROLE-HUNTER-03", "SETUP-04")) for r in eight), ruleset
        twelve = call_sheet(ruleset, None, "en", players=12)["house_rules"]
        assert "ROLE-HUNTER-03: a hunter who dies of heartbreak may shoot: yes" in twelve
        assert "SETUP-04: the two cards left for the thief: any two cards" in twelve
    assert "SETUP-04: the two cards left for the thief: never two wolves, nor the thief and a wolf: the moderator " \
           "arranges the deal" in call_sheet("cupid-thief-12", None, "en")["house_rules"]


CURFEW = """import "standard-12"
global alarm = false
step raise_alarm in day after exile { if count(alive) < 6 { alarm = true } }
step curfew in night first when alarm call "Curfew: nobody speaks tonight." "宵禁：今晚无人发言。" { alarm = false }
"""


def test_a_step_the_game_decides_otherwise_says_so_in_words(tmp_path):
    # no card sets the global: the sheet says the game decides, never the `when` itself
    path = tmp_path / "curfew.wolf"
    path.write_text(CURFEW, encoding="utf-8")
    en = call_sheet(str(path), None, "en")
    assert en["first_night"][1] == "Curfew: nobody speaks tonight. (only when the game calls for it)"
    assert en["other_nights"][1] == en["first_night"][1]
    assert call_sheet(str(path), None, "zh")["first_night"][1] == "宵禁：今晚无人发言。（仅在对局需要时）"
