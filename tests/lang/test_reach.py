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
    assert options - r.read == SHERIFF_OPTIONS | {"speech_direction"}  # the side the sheriff's speeches start
    assert "sheriff_election" in r.read and "speech_order_no_sheriff" in r.read
    badge = comp.program.named("trigger")["badge"]
    assert not r.can_run(badge)
    with_election = reach(compile_ref("standard-12"))
    assert "sheriff" not in with_election.fixed and set(comp.bindings.options) == with_election.read


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
