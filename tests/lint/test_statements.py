"""``me.oil =- 1`` parsed silently as ``me.oil = -1`` (new-user trial): lint warns
(W360) at the ``=-`` and says to write ``-=`` to subtract."""
from clitools import invoke

SOURCE = ('import "roles"\nplayers 9\ndeck 9: werewolf*3, seer, witch, hunter, villager*3\nset wolf_win = town\n'
          "global spent = 2\nstep brew in night after witch before dawn { spent =- 1 }\n")


def test_a_reversed_minus_assignment_is_a_warning_that_says_what_to_write(tmp_path):
    path = tmp_path / "brew.wolf"
    path.write_text(SOURCE, encoding="utf-8")
    r = invoke("lint", path)
    assert r.exit_code == 0, r.output
    assert (f"{path}:6:52: W360 warning: 'spent =- 1' sets spent to -1; to subtract 1, write 'spent -= 1' "
            "(to set it to -1, write 'spent = -1')") in r.stdout
    assert "6 | step brew in night after witch before dawn { spent =- 1 }\n  |" \
           "                                                    ^^" in r.stdout
    path.write_text(SOURCE.replace("=- 1", "-= 1"), encoding="utf-8")
    assert "W360" not in invoke("lint", path).stdout


def test_the_warning_quotes_the_assignment_as_written(tmp_path):
    path = tmp_path / "brew.wolf"
    path.write_text(SOURCE.replace("spent =- 1", "spent =-1"), encoding="utf-8")
    out = invoke("lint", path).stdout
    assert "W360 warning: 'spent =-1' sets spent to -1; to subtract 1, write 'spent -= 1'" in out, out
    assert "'spent =- 1'" not in out
    path.write_text(SOURCE.replace("spent =- 1", "spent  =-   1"), encoding="utf-8")
    out = invoke("lint", path).stdout
    assert "W360 warning: 'spent  =-   1' sets spent to -1" in out, out


def test_unordered_steps_name_each_ones_part_of_the_conflict(tmp_path):
    # a trial: 'shield' protects the marked, 'smite' kills the unprotected marked; W310
    # said only "'smite' writes who is alive that 'shield' reads", not the status both use
    from wolfdsl.lint import lint_paths

    path = tmp_path / "c1.wolf"
    path.write_text(
        'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
        'status marked "marked tonight" temporary\n'
        "step mark in night after werewolves before witch { for p in [q in alive where q.role == villager] "
        "{ add marked to p } }\n"
        "step shield in night after mark before witch { for p in [q in alive where q has marked] "
        "{ add protected to p } }\n"
        "step smite in night after mark before witch { for p in [q in alive where q has marked and q lacks protected] "
        "{ kill p cause wolf } }\n", encoding="utf-8")
    every = [d.message for d in lint_paths([path]) if d.code == "W310"]
    # the seer steps of other wake orders never run here (night_order is order_a): no
    # warning against them, as there was against 'middle_seer'
    assert not any("seer" in m for m in every)
    found = [m for m in every if "'shield'" in m]
    assert found == ["night steps 'smite' and 'shield' have no order between them, but 'smite' writes who is alive "
                     "that 'shield' reads; 'shield' writes status 'protected' that 'smite' reads; add 'after shield' "
                     "or 'before shield' to 'smite'"]


def test_a_win_rule_that_never_holds_says_what_to_do(tmp_path):
    # a trial: W331 said where it looked, not what follows or what to write
    from wolfdsl.lint import lint_paths

    path = tmp_path / "w331.wolf"
    path.write_text('import "roles"\nplayers 9\ndeck 9: werewolf*3, seer, witch, hunter, villager*3\n'
                    "set wolf_win = town\nwin crowd for village when count(alive) > 20\n", encoding="utf-8")
    (d,) = [d for d in lint_paths([path]) if d.code == "W331"]
    assert (d.span.line, d.message) == (5, "win rule 'crowd' holds in none of the 64 explored states: it can never "
                                           "end a game; correct its condition to counts the deck can reach, or "
                                           "remove it")


SWEEP = ('import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
         "step probe in night first { decide seer.sweep by seer may pass choose ts count 2 from alive {\n"
         "    %s\n} }\n")


def test_a_passed_decisions_answer_gone_over_is_a_warning_at_it(tmp_path):
    # a trial: a passed sweep read as an empty list ("no wolf"); now an E401 in play, and lint says so first
    path = tmp_path / "sweep.wolf"
    path.write_text(SWEEP % "log s { n: count(ts), w: any([x in ts where x.faction == werewolves]), in: 2 in ts }",
                    encoding="utf-8")
    r = invoke("lint", path)
    assert r.exit_code == 0, r.output
    said = ("W361 warning: 'ts' is none when 'seer.sweep' is passed (it may pass), and going over none stops the "
            "game (E401): write 'if ts != none { ... }' around what reads it")
    assert [line for line in r.stdout.splitlines() if "W361" in line] == [
        f"{path}:5:22: {said}", f"{path}:5:40: {said}", f"{path}:5:85: {said}"]
    path.write_text(SWEEP % "if ts != none { log s { n: count(ts) } }", encoding="utf-8")
    assert "W361" not in invoke("lint", path).stdout


BASE = ('import "roles"\n'
        'status grief "grieving"\n'
        'role keeper "Keeper" { faction village; class god }\n'
        "proc mark_all() { for q in alive { add marked to q } }\n"
        'status marked "marked"\n'
        "trigger keeper_grief on death(p) when p.role == keeper { for q in alive { add grief to q } }\n"
        "step strike in night after seer before dawn { call mark_all() for p in [q in alive where q.seat == 3] "
        "{ kill p cause wolf } }\n"
        "step mourn in night after seer before dawn { for q in [x in alive where x has grief or x has marked] "
        "{ add protected to q } }\n")
GAME = 'import "base"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'


def test_unordered_steps_say_what_is_written_through_a_proc_or_a_trigger(tmp_path):
    # a trial: W310 said a step "writes status 'powerless'", which only a death trigger
    # its kill sets off does (the elder's penalty)
    from wolfdsl.lint import lint_paths

    (tmp_path / "base.wolf").write_text(BASE, encoding="utf-8")
    found = [d.message for d in lint_paths([tmp_path / "base.wolf"]) if d.code == "W310" and "'mourn'" in d.message]
    assert found == ["night steps 'mourn' and 'strike' have no order between them, but 'strike' writes status "
                     "'grief' (through death trigger 'keeper_grief'), status 'marked' (through proc 'mark_all'), "
                     "who is alive that 'mourn' reads; add 'after strike' or 'before strike' to 'mourn'"]


def test_a_finding_in_a_base_linted_with_its_importer_is_reported_once(tmp_path):
    # a trial: `wolfdsl lint thirdparty.wolf chaos-12.wolf` printed one W310 twice at one
    # place: the base's lint counts every role's trigger, the importer's only the roles
    # it deals (no keeper), so the two texts differed; the base's own lint is kept
    from wolfdsl.lint import lint_paths

    (tmp_path / "base.wolf").write_text(BASE, encoding="utf-8")
    (tmp_path / "game.wolf").write_text(GAME, encoding="utf-8")
    alone = [d.message for d in lint_paths([tmp_path / "game.wolf"]) if d.code == "W310" and "'mourn'" in d.message]
    assert alone == ["night steps 'mourn' and 'strike' have no order between them, but 'strike' writes status "
                     "'marked' (through proc 'mark_all'), who is alive that 'mourn' reads; add 'after strike' or "
                     "'before strike' to 'mourn'"]
    for order in (["base.wolf", "game.wolf"], ["game.wolf", "base.wolf"]):
        both = [d for d in lint_paths([tmp_path / f for f in order]) if d.code == "W310" and "'mourn'" in d.message]
        assert [(d.span.line, d.message.split(" writes ")[1]) for d in both] == [
            (8, "status 'grief' (through death trigger 'keeper_grief'), status 'marked' (through proc 'mark_all'), "
                "who is alive that 'mourn' reads; add 'after strike' or 'before strike' to 'mourn'")]
