"""Hints a new user needed (new-user test): an error that says what to write instead.
`=` for `==` in a condition, `x4` for `*4` in a deck, a deck of the standard roles
without `import "roles"` (six errors and no hint before: one error now, with the
import to add), a step cycle named by its own steps only (not `dawn`, which merely
waits for them)."""
import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang.load import load

HEADER = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'


def errors(tmp_path, text):
    path = tmp_path / "probe.wolf"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(WolfError) as err:
        load(str(path))
    return [(d.code, d.span.line, d.span.col, d.message) for d in err.value.diagnostics]


def test_a_single_equals_sign_in_a_condition_asks_for_two(tmp_path):
    got = errors(tmp_path, HEADER + "step probe in night first {\n    let t = none\n    if t = none { }\n}\n")
    assert got == [("E101", 6, 10, "unexpected '='; expected '(', ')', ',', '.', ';', '<', '>', ']', ...; "
                                   "did you mean `==`? (`=` gives a value, as in `let x = 1`; `==` compares)")]


def test_a_count_written_x4_in_a_deck_is_shown_with_a_star(tmp_path):
    got = errors(tmp_path, 'import "roles"\nplayers 12\n'
                           "deck 12: werewolf x4, seer, witch, hunter, guard, villager x4\n")
    assert got == [("E101", 3, 19, "unexpected 'x4'; expected '*', ',', ';', 'attribute', 'card', 'cause', "
                                   "'class', 'decider', ...; a count is written with '*': write `werewolf*4`")]


def test_a_deck_of_standard_roles_without_their_import_is_one_error_that_names_it(tmp_path):
    got = errors(tmp_path, "players 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n")
    assert got == [("E201", 2, 10, "deck: unknown roles 'werewolf', 'seer', 'witch', 'hunter', 'guard', "
                                   "'villager': they are declared by the bundled \"roles\"; add `import \"roles\"` "
                                   "at the top of the file")]


def test_a_bundled_role_of_its_own_file_and_a_typo_keep_errors_of_their_own(tmp_path):
    got = errors(tmp_path, 'import "roles"\nplayers 12\n'
                           "deck 12: werewolf*4, seer, witch, hunter, piper, villager*3, seeer\n")
    assert sorted(got) == [
        ("E201", 3, 43, "deck: unknown role 'piper': it is declared by the bundled \"roles/piper\"; "
                        "add `import \"roles/piper\"` at the top of the file"),
        ("E201", 3, 62, "deck: unknown role 'seeer' (did you mean 'seer'?)"),
    ]


def test_a_step_cycle_names_only_the_steps_in_it(tmp_path):
    got = errors(tmp_path, HEADER + "step a in night after b { }\nstep b in night after a { }\n")
    assert got == [("E208", 5, 23, "the night steps a, b have a cyclic order (b after a after b): "
                                   "b is `after a`; a is `after b`; drop or turn one of these clauses, "
                                   "or fix the order with an `order night: …` line")]
    got = errors(tmp_path, HEADER + "step a in night after c { }\nstep b in night after a { }\n"
                                    "step c in night after b { }\nstep d in night after c { }\n")
    assert got == [("E208", 6, 23, "the night steps a, b, c have a cyclic order (c after b after a after c): "
                                   "c is `after b`; b is `after a`; a is `after c`; drop or turn one of these "
                                   "clauses, or fix the order with an `order night: …` line")]


def test_a_step_after_a_last_step_says_the_last_and_what_to_write(tmp_path):
    # trial D: `after dawn` (dawn is `last`) was "(… after dawn after …)" at column 1
    got = errors(tmp_path, HEADER + "step demon_hunt_dawn in night after dawn { }\n")
    assert got == [("E208", 4, 37, "the night steps dawn, demon_hunt_dawn have a cyclic order "
                                   "(demon_hunt_dawn after dawn after demon_hunt_dawn): demon_hunt_dawn is "
                                   "`after dawn`; dawn is `last` in night, after every step that is not; to run "
                                   "demon_hunt_dawn late in the night, write `before dawn` instead of `after dawn` "
                                   "(or declare demon_hunt_dawn `last` too), or fix the night with an "
                                   "`order night: …` line")]


def test_a_claim_names_a_role_of_the_ruleset_with_the_closest_one_as_a_hint(tmp_path):
    step = "step probe in day first {\n    for p in alive { claim p as %s }\n}\n"
    assert errors(tmp_path, HEADER + step % '"seeer"') == [
        ("E201", 5, 33, "unknown role \"seeer\" (did you mean 'seer'?)")]
    assert errors(tmp_path, HEADER + step % "village") == [
        ("E201", 5, 33, "claim … as: 'village' is a faction, not a role (did you mean 'villager'?)")]
    assert errors(tmp_path, HEADER + step % "if day > 1 then seer else wtich") == [
        ("E201", 5, 59, "unknown role 'wtich' (did you mean 'witch'?)")]
    assert errors(tmp_path, HEADER + step % "seeer") == [
        ("E201", 5, 33, "unknown role 'seeer' (did you mean 'seer'?)")]  # was "unknown name"
    load_ok = tmp_path / "ok.wolf"  # a role by its name or id, a variable, a field, none
    load_ok.write_text(HEADER + step % 'if day > 1 then seer else "witch"' + step.replace("probe", "p2")
                       % "p.role" + step.replace("probe", "p3") % "none", encoding="utf-8")
    load(str(load_ok))


def test_a_revived_players_role_is_checked_like_a_claims(tmp_path):
    step = "step probe in day first {\n    for p in dead { revive p as %s }\n}\n"
    assert errors(tmp_path, HEADER + step % "werewolves") == [
        ("E201", 5, 33, "revive … as: 'werewolves' is a faction and a team, not a role (did you mean 'werewolf'?)")]


def test_a_chinese_role_name_in_a_deck_names_the_role_to_write(tmp_path):
    # the generic "names are ASCII" message; now the name that the ruleset's Chinese names give
    got = errors(tmp_path, 'import "roles"\nplayers 12\ndeck 12: werewolf*4, 预言家, witch, hunter, guard, villager*4\n')
    assert got == [("E101", 3, 22, "unexpected character '预'; '预言家' is the Chinese name of the role seer: write seer")]
    # a role the file itself declares, and the standard roles through a ruleset that imports them
    got = errors(tmp_path, 'import "standard-12"\nrole watchman "Night watchman" "守夜人" { faction village }\n'
                           "remove deck\ndeck 12: werewolf*4, 守夜人, witch, hunter, guard, villager*4\n")
    assert got == [("E101", 4, 22, "unexpected character '守'; '守夜人' is the Chinese name of the role watchman: "
                                   "write watchman")]
    got = errors(tmp_path, 'import "roles"\nplayers 12\ndeck 12: werewolf*4, 狼王, witch, hunter, guard, villager*4\n')
    assert got[0][3].startswith("unexpected character '狼'; names are written with ASCII letters")


def test_a_chinese_name_of_a_role_and_a_faction_names_the_role_in_a_deck(tmp_path):
    # a trial: 狼人 said "write werewolves", then 'werewolves' was an unknown role
    deck = 'import "roles"\nplayers 12\ndeck 12: %s*4, seer, witch, hunter, guard, villager*4\n'
    assert errors(tmp_path, deck % "狼人") == [
        ("E101", 3, 10, "unexpected character '狼'; '狼人' is the Chinese name of the role werewolf: write werewolf")]
    # a deck over two lines is still a deck
    assert errors(tmp_path, 'import "roles"\nplayers 12\ndeck 12: seer, witch, hunter, guard, villager*4,\n'
                            "    狼人*4\n") == [
        ("E101", 4, 5, "unexpected character '狼'; '狼人' is the Chinese name of the role werewolf: write werewolf")]
    # a faction's name only: which roles are its own
    assert errors(tmp_path, deck % "好人") == [
        ("E101", 3, 10, "unexpected character '好'; '好人' is the Chinese name of the faction village, not a role: a "
                        "deck deals roles; the roles of the faction village are villager, seer, witch, hunter, guard, "
                        "idiot, elder")]
    # outside a deck: each declaration of that name
    assert errors(tmp_path, 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, '
                            "villager*4\nset x = 狼人\n") == [
        ("E101", 4, 9, "unexpected character '狼'; '狼人' is the Chinese name of the role werewolf, the faction "
                       "werewolves and the team werewolves: write werewolf for the role, werewolves for the faction "
                       "or the team")]


def test_a_call_line_inside_a_steps_braces_says_it_goes_before_them(tmp_path):
    got = errors(tmp_path, HEADER + 'step probe in night first {\n    call "Open your eyes." "睁眼"\n}\n')
    assert got == [("E101", 5, 10, "unexpected '\"Open your eyes.\"'; expected a name; a step's `call` line goes "
                                   "before its `{`: step NAME in night ... call \"English\" \"中文\" { ... }")]


def test_a_misspelt_role_file_import_suggests_the_role_file(tmp_path):
    # the suggestions lacked the files under roles/: 'roles' was offered for 'roles/knigt'
    got = errors(tmp_path, 'import "roles/knigt"\n')
    assert got == [("", 1, 1, f"cannot import 'roles/knigt': no file {tmp_path / 'roles' / 'knigt.wolf'} and no "
                                  "bundled ruleset of that name (did you mean 'roles/knight'?)")]


def test_an_assigned_faction_or_role_is_a_declared_one_with_what_to_write(tmp_path):
    # trial D: `w.faction = werewolf` (a role) and `w.role = wolf` (a cause) compiled and
    # misbehaved or stopped the game (E401 "cannot turn seat 9 into unknown role 'wolf'")
    step = "step probe in night first {\n    for w in alive { %s }\n}\n"
    assert errors(tmp_path, HEADER + step % "w.faction = werewolf") == [
        ("E201", 5, 34, "w.faction = werewolf: 'werewolf' is a role, not a faction (did you mean 'werewolves'?); "
                        "write a faction: village, werewolves; to change the seat's role, write w.role = werewolf")]
    assert errors(tmp_path, HEADER + step % "w.role = wolf") == [
        ("E201", 5, 31, "w.role = wolf: 'wolf' is a cause, not a role (did you mean 'werewolf'?); "
                        "write a role: elder, guard, hunter, idiot, seer, villager, werewolf, witch")]
    assert errors(tmp_path, HEADER + step % "w.faction = wervolves") == [
        ("E201", 5, 34, "unknown faction 'wervolves' (did you mean 'werewolves'?); write a faction: village, werewolves")]
    assert errors(tmp_path, HEADER + step % 'w.faction = "villager"') == [
        ("E201", 5, 34, "unknown faction \"villager\" (did you mean 'village'?); write a faction: village, werewolves")]


def test_me_outside_a_decision_says_where_it_exists_and_names_a_triggers_seat(tmp_path):
    # was "unknown name 'me' (did you mean 'm'?)": m is a gender value
    got = errors(tmp_path, HEADER + "trigger t1 on death(p) order 40 when me.role == seer { }\n"
                                    "step s1 in night first { tell me { x: 1 } }\n")
    assert got == [
        ("E201", 4, 38, "unknown name 'me': 'me' is the deciding seat, bound only in a decide's clauses and body "
                        "(decide … by ROLE … { … me … }); in trigger 't1' the seat is its variable: write p "
                        "(on death(p))"),
        ("E201", 5, 31, "unknown name 'me': 'me' is the deciding seat, bound only in a decide's clauses and body "
                        "(decide … by ROLE … { … me … }); name a seat instead, such as living(ROLE)")]


def test_a_misspelt_import_suggests_the_file_beside_it(tmp_path):
    # 'import "herbalists"' beside herbalist.wolf said only 'no file herbalists.wolf'
    (tmp_path / "herbalist.wolf").write_text('role herbalist "H" { faction village; class god }\n', encoding="utf-8")
    got = errors(tmp_path, 'import "herbalists"\n')
    assert got == [("", 1, 1, f"cannot import 'herbalists': no file {tmp_path / 'herbalists.wolf'} and no "
                              "bundled ruleset of that name (did you mean 'herbalist'?)")]
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "herbalist.wolf").write_text('role herbalist "H" { faction village; class god }\n',
                                                       encoding="utf-8")
    got = errors(tmp_path, 'import "mine/herbalists.wolf"\n')
    assert got[0][3].endswith("no bundled ruleset of that name (did you mean 'mine/herbalist'?)")


def test_an_assignment_to_a_misspelt_counter_suggests_the_counter(tmp_path):
    got = errors(tmp_path, HEADER.replace("guard", "herbalist")
                 + 'role herbalist "H" { faction village; class god; counter herbs = 2 }\n'
                 + 'step h in night after hunter before dawn { let p = living(herbalist)\n'
                 + '    if p != none { p.herb -= 1 } }\n')
    assert [(c, line, msg.split(":")[0]) for c, line, _, msg in got] == [
        ("E204", 6, "cannot assign '.herb' (did you mean 'herbs'?)")]


def test_an_unknown_name_is_marked_on_the_name_not_the_statement_or_declaration(tmp_path):
    # new-user trial: `add markd to t` underlined the whole statement (and the editor's
    # range with it), while a misspelt deck role was marked on the name alone
    lines = HEADER.splitlines() + [
        'role owl "Owl" { faction village; class god; status watchd }',
        "step probe in night first { for t in alive { add markd to t; remove markd from t; kill t cause wolff } }",
        "trigger t1 on deathh(p) { }",
        "win w2 for village, villagee when count(alive) == 0",
        "step probe2 in night first { let s = none; for t in alive { add s to t } }"]
    path = tmp_path / "probe.wolf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(WolfError) as err:
        load(str(path))

    def at(line, name, before):  # 1-based line; the name after the text `before` on it
        col = lines[line - 1].index(before + name) + len(before) + 1
        return (line, col, line, col + len(name))

    got = sorted((d.span.line, d.span.col, d.span.end_line, d.span.end_col, d.message)
                 for d in err.value.diagnostics if d.code == "E201")
    assert [g[:4] for g in got] == [at(4, "watchd", "status "), at(5, "markd", "add "), at(5, "markd", "remove "),
                                    at(5, "wolff", "cause "), at(6, "deathh", "on "), at(7, "villagee", ", "),
                                    at(8, "s", "add ")]
    assert [g[4].split(";")[0] for g in got] == [  # the messages as they were
        "role 'owl': unknown status 'watchd'", "unknown status 'markd'", "unknown status 'markd'",
        "unknown cause 'wolff' (did you mean 'wolf'?)", "unknown event 'deathh'",
        "win 'w2': unknown faction 'villagee' (did you mean 'village'?)",
        "add s to t: 's' is a variable, but 'add' takes a status by its declared name, which the rules' checks read "
        "(a condition 't has s' reads a value, so a variable works there)"]


def test_cause_in_a_win_rule_says_only_triggers_bind_it_and_what_to_write(tmp_path):
    # a trial: `win jester_wins ... when cause == exile` gave "did you mean 'accused'?"
    got = errors(tmp_path, HEADER + 'win probe for village priority 9 title "x" "x"\n    when cause == exile\n')
    assert got == [("E201", 5, 10, "unknown name 'cause': 'cause' is bound only in a trigger or replacement "
                                   "(the cause of the death that set it off), not in win 'probe'; write the cause "
                                   "of a seat's death, such as holder(ROLE).cause or p.cause for a seat p (none "
                                   "while he is alive), or act on the death in a trigger: trigger NAME on "
                                   "death(p) when cause == ... { ... }")]


def test_a_triggers_seat_in_a_step_names_the_trigger_and_what_to_write(tmp_path):
    text = (HEADER + "trigger mourn on death(victim) { }\n"
            "step probe in night first {\n    if victim == 3 { }\n}\n")
    got = errors(tmp_path, text)
    assert got == [("E201", 6, 8, "unknown name 'victim': 'victim' is the seat of trigger 'mourn' "
                                  "(on death(victim)), bound only in a trigger's or replacement's when and body, "
                                  "not in step 'probe'; name a seat here, such as holder(ROLE) or living(ROLE), "
                                  "or go over seats: [victim in dead where ...], for victim in alive { ... }")]


def test_a_name_the_declaration_binds_elsewhere_keeps_the_plain_message(tmp_path):
    # the step's own `for victim` ended: that, not the trigger, is what the writer meant
    text = (HEADER + "trigger mourn on death(victim) { }\n"
            "step probe in night first {\n    for victim in alive { }\n    if victim == 3 { }\n}\n")
    assert errors(tmp_path, text) == [("E201", 7, 8, "unknown name 'victim'")]
