"""Gates (issue 10): the causes and roles a trigger's condition admits, read once from its
leading conjuncts, so a death skips the rules that cannot apply without calling them."""
from wolfdsl.lang.load import load
from wolfdsl.play import play
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play.deaths import DeathRules

HEADER = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'

RULES = """
replacement r_pair on death(p) when wolf == cause and p.role in [villager, seer] { proceed }
replacement r_late on death(p) when p.lives > 1 and cause == wolf { proceed }
trigger t_or on death(p) order 90 when (cause == poison or cause == shot) and p.role == hunter { }
trigger t_mixed on death(p) order 91 when p.role == hunter or cause == shot { }
trigger t_never on death(p) order 92 when cause == wolf and cause == poison { }
global first_dead = none
trigger t_first on death(p) order 94 when first_dead == none { first_dead = p }
trigger t_fields on death(p) order 96 when p.team == werewolves and p has protected and p.class in [god, plain]
    and p has saved and p.faction == village { }
trigger t_held on death(p) order 95 when p == first_dead and first_dead == p and cause == wolf {
    log held { seat: p }
}
trigger t_probe on death(p) order 93 when p.role == villager and cause == wolf and p.alive == false {
    log probe { seat: p }
}
"""


def _rules(rs):
    return {t.name: (t.causes, t.roles) for d in (rs.triggers, rs.replacements) for ts in d.values() for t in ts}


def _holders(rs):
    return {t.name: t.holder for d in (rs.triggers, rs.replacements) for ts in d.values() for t in ts}


def _needs(rs):
    return {t.name: t.needs for d in (rs.triggers, rs.replacements) for ts in d.values() for t in ts}


def test_the_bundled_death_rules_are_gated_by_cause_and_role():
    got = _rules(load("standard-12"))
    assert got["elder_life"] == (frozenset({"wolf"}), None)
    assert got["idiot_reveal"] == (frozenset({"exile"}), frozenset({"idiot"}))
    assert got["elder_penalty"] == (frozenset({"poison", "shot", "exile"}), frozenset({"elder"}))
    assert got["hunter_shot"] == (None, frozenset({"hunter"}))
    assert got["badge"] == (None, None)
    assert _holders(load("standard-12"))["badge"] == "sheriff"   # when p == sheriff (a global)


def test_gates_read_equalities_lists_and_ors_up_to_the_first_other_conjunct(tmp_path):
    path = tmp_path / "gates.wolf"
    path.write_text(HEADER + RULES, encoding="utf-8")
    got = _rules(load(str(path)))
    assert got["r_pair"] == (frozenset({"wolf"}), frozenset({"villager", "seer"}))
    assert got["r_late"] == (None, None)   # a test before it: the condition runs in full
    assert got["t_or"] == (frozenset({"poison", "shot"}), frozenset({"hunter"}))
    assert got["t_mixed"] == (None, None)   # an or over two subjects admits anything
    assert got["t_never"] == (frozenset(), None)
    assert got["t_held"] == (frozenset({"wolf"}), None) and _holders(load(str(path)))["t_held"] == "first_dead"
    assert _holders(load(str(path)))["t_first"] is None   # a global compared with none, not with p
    assert _needs(load(str(path)))["t_fields"] == (
        ("team", frozenset({"werewolves"})), ("faction", frozenset({"village"})), ("klass", frozenset({"god", "plain"})),
        ("statuses", frozenset({"protected", "saved"})))
    assert _needs(load(str(path)))["r_pair"] == ()


def test_other_rulesets_gate_on_team_and_status():
    assert _needs(load("cupid-8"))["heartbreak"] == (("statuses", frozenset({"lover"})),)
    assert _needs(load("gargoyle-12"))["gargoyle_takes_knife"] == (("team", frozenset({"werewolves"})),)


def test_a_death_runs_only_the_rules_its_cause_admits():
    rules = DeathRules.of(load("standard-12"))
    names = lambda cause: tuple([t.name for t, *_ in part] for part in rules.for_cause(cause))
    assert names("wolf") == (["elder_life"], [])
    assert names("exile") == (["idiot_reveal"], ["elder_penalty"])
    assert names("poison") == ([], ["elder_penalty"])
    assert rules.for_cause("wolf") is rules.for_cause("wolf")   # worked out once a ruleset


def test_a_gated_trigger_fires_for_exactly_the_deaths_its_condition_holds_for(tmp_path):
    path = tmp_path / "gates.wolf"
    path.write_text(HEADER + RULES, encoding="utf-8")
    rs = load(str(path))
    probes = deaths = 0
    for seed in range(12):
        events = play(rs, seed=seed, agent=RandomAgent(seed)).events
        roles = {s["seat"]: s["role"] for s in events[0]["seats"]}
        got = [e["seat"] for e in events if e["type"] == "probe"]
        want = [e["seat"] for e in events if e["type"] == "death" and e["cause"] == "wolf"
                and roles[e["seat"]] == "villager"]
        assert sorted(got) == sorted(want)
        dated = sorted((e for e in events if e["type"] == "death"), key=lambda e: (e["day"], e["phase"] == "day"))
        first = dated[0]   # the first to die (a self-destruct in the election is told before the night's dead)
        held = [e["seat"] for e in events if e["type"] == "held"]
        assert held == ([first["seat"]] if first["cause"] == "wolf" else [])
        probes += len(got)
        deaths += sum(e["type"] == "death" for e in events)
    assert probes > 3 and deaths > probes
