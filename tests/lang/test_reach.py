"""``reach(comp)``: what can happen at all under the options in force — the globals no
rule able to run changes, who sets the others, the options that can matter, the
statuses nobody can have, the values a seat's field can hold."""
from wolfdsl.lang.partial import UNKNOWN, evaluate
from wolfdsl.lang.reach import reach
from wolfdsl.present.show import compile_ref

SHERIFF_OPTIONS = {"sheriff_election_time", "night_dead_in_election", "sheriff_electorate", "sheriff_tie",
                   "sheriff_vote_weight", "sheriff_on_death", "speech_first_side", "sheriff_role_claims"}


def test_without_an_election_nobody_holds_the_badge_and_its_options_do_not_matter():
    comp = compile_ref("standard-12", {"sheriff_election": "false"})
    r = reach(comp)
    assert (r.fixed["sheriff"], r.fixed["in_election"], r.fixed["badge_gone"]) == (None, False, False)
    options = set(comp.bindings.options)
    # the side the sheriff's speeches start; and (below) two options of things that never
    # happen at standard-12
    assert options - r.read == SHERIFF_OPTIONS | {"speech_direction", "hunter_shoots_on_heartbreak", "forced_lover_vote"}
    assert "sheriff_election" in r.read and "speech_order_no_sheriff" in r.read
    badge = comp.program.named("trigger")["badge"]
    assert not r.can_run(badge)
    with_election = reach(compile_ref("standard-12"))
    # standard-12 has no Cupid's file, so nobody dies of heartbreak, and no event card forces
    # a lover's vote: those two options change nothing at any standard-12 table
    assert "sheriff" not in with_election.fixed
    assert set(comp.bindings.options) - with_election.read == {"hunter_shoots_on_heartbreak", "forced_lover_vote"}


def test_a_card_that_holds_an_election_keeps_the_sheriff_without_one():
    # New Moon's Influences elects a sheriff even when the day-1 election is off
    r = reach(compile_ref("new-moon", {"sheriff_election": "false"}))
    assert "sheriff" not in r.fixed
    assert sorted(d.name for d in r.setters["sheriff"]) == ["badge", "influences", "saint_philippe"]
    assert "sheriff_vote_weight" in r.read


def test_an_option_read_only_where_another_decides_does_not_matter():
    # the unannounced dead vote only in an election held before the announcement
    r = reach(compile_ref("millers-hollow"))
    assert "night_dead_in_election" not in r.read and "sheriff_election_time" in r.read


def test_a_variant_that_is_off_leaves_its_globals_at_their_first_value():
    off = reach(compile_ref("new-moon"))
    assert {g: off.fixed[g] for g in ("harvest_night", "harvest_witch", "infection_night", "infection_win")} == {
        "harvest_night": False, "harvest_witch": False, "infection_night": False, "infection_win": False}
    on = reach(compile_ref("new-moon", {"harvest_festival": "true"}))
    assert "harvest_night" not in on.fixed
    assert sorted(d.name for d in on.setters["harvest_night"]) == ["end_of_harvest", "end_of_harvest_optional"]
    # a step that sets a global back to its first value does not set it
    assert [d.name for d in off.setters["flood"]] == ["flood"]
    assert [d.name for d in off.setters["wolf_seers"]] == ["full_moon_rising"]


def test_a_table_without_a_role_never_asks_it_nor_gets_what_it_gives():
    comp = compile_ref("millers-hollow")
    eight = {"werewolf", "seer", "witch", "hunter", "villager"}
    r = reach(comp, eight)
    assert "lover" in r.absent  # only Cupid's choice adds it
    assert not {"thief_choice", "thief_wolf_rule", "lovers_faction"} & r.read
    assert not r.can_run(comp.program.named("trigger")["heartbreak"])
    assert not r.can_run(comp.program.named("step")["thief"])
    assert (r.fields["faction"], r.fields["partner"], r.fields["lives"]) == (
        {"village", "werewolves"}, {None}, {1})
    lovers_win = comp.program.named("win")["lovers_win"].when
    assert evaluate(lovers_win, comp.bindings, None, r.known) is False
    anyone = reach(comp)
    assert "lover" not in anyone.absent and {"thief_choice", "lovers_faction"} <= anyone.read
    assert anyone.fields["faction"] == {"lovers", "village", "werewolves"} and "partner" not in anyone.fields
    assert evaluate(lovers_win, comp.bindings, None, anyone.known) is UNKNOWN


def test_a_field_starts_with_every_dealt_roles_value():
    # the elder's counter gives him two lives: 'p.lives > 1' can hold with an elder only
    comp = compile_ref("standard-12-elder")
    extra_life = comp.program.named("replacement")["elder_life"]
    elder = reach(comp, {"werewolf", "seer", "witch", "hunter", "elder", "villager"})
    assert elder.can_run(extra_life) and "lives" not in elder.fields  # 'p.lives -= 1'
    nobody = reach(comp, {"werewolf", "seer", "witch", "hunter", "villager"})
    assert not nobody.can_run(extra_life) and nobody.fields["lives"] == {1}


def test_a_dead_seats_cause_is_one_a_kill_able_to_run_gives():
    # at Miller's Hollow for 8 nobody is a lover, so nobody dies of heartbreak and the
    # hunter's heartbreak shot (an option read only as `p.cause == heartbreak and ...`)
    # cannot matter; at 12, with Cupid, it can
    comp = compile_ref("millers-hollow")
    eight = reach(comp, {"werewolf", "seer", "witch", "hunter", "villager"}, 0)
    assert "heartbreak" not in eight.fields["cause"] and {None, "wolf", "poison", "exile", "shot"} <= eight.fields["cause"]
    assert "hunter_shoots_on_heartbreak" not in eight.read
    twelve = reach(comp, set(comp.ruleset.deck_for(12).cards), comp.ruleset.deck_for(12).extra)
    assert "heartbreak" in twelve.fields["cause"] and "hunter_shoots_on_heartbreak" in twelve.read


def test_without_face_down_cards_the_bottom_card_rule_never_holds():
    # the thief's redeal reads `extra_cards`, empty when the deck leaves no card face down:
    # the option it reads first (`thief_bottom_constraint == judge_controlled and ...`)
    # cannot matter then
    comp = compile_ref("millers-hollow")
    redeal = comp.program.redeals[0].expr
    eight = reach(comp, set(comp.ruleset.deck_for(8).cards), 0)
    assert eight.values == {"extra_cards": []} and evaluate(redeal, comp.bindings, None, eight.known) is False
    assert "thief_bottom_constraint" not in eight.read
    twelve = reach(comp, set(comp.ruleset.deck_for(12).cards), comp.ruleset.deck_for(12).extra)
    assert comp.ruleset.deck_for(12).extra == 2 and twelve.values == {}
    assert "thief_bottom_constraint" in twelve.read
    assert "thief_bottom_constraint" in reach(comp).read  # any table: unknown
