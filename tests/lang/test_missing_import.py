"""A role file written without ``import "roles"`` (new-user trial): linting it gave seven
E201s ("unknown faction 'village'; declare it first with 'faction village'", "unknown name
'wolf'"...), none saying what was missing. The first now says to add ``import "roles"``
and names the others, which that import declares too; they are not repeated."""
import pytest
from clitools import invoke

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang.load import load

ROLE = '''status watched "watched"
role watchman "Night watchman" {
    faction village
    class god
    counter oil = 2
}
step watchman in night after werewolves before witch {
    decide watchman.watch by watchman may pass choose t from alive { add watched to t }
}
trigger watchman_sees on death(p) when p has watched and cause == wolf {
    tell living(watchman) { saw_wolf: pick(members(werewolves)) }
}
'''


def test_one_error_says_to_import_roles_and_names_the_rest(tmp_path):
    path = tmp_path / "watchman.wolf"
    path.write_text(ROLE, encoding="utf-8")
    with pytest.raises(WolfError) as err:
        load(str(path))
    ds = err.value.diagnostics
    assert [(d.code, d.span.line, d.span.col) for d in ds] == [("E201", 3, 13)]
    assert ds[0].message == (
        "role 'watchman': unknown faction 'village': it is declared by the bundled \"roles\"; add `import \"roles\"` "
        "at the top of the file (it also declares 'god' (line 4), 'werewolves' (lines 7, 11), 'witch' "
        "(line 7) and 'wolf' (line 10), unknown below)")
    r = invoke("lint", path)
    assert r.exit_code == 1 and r.stdout.count("E201") == 1 and 'add `import "roles"`' in r.stdout, r.output


def test_with_the_import_it_compiles(tmp_path):
    path = tmp_path / "watchman.wolf"
    path.write_text('import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, watchman, villager*4\n'
                    + ROLE, encoding="utf-8")
    load(str(path))


def test_a_name_no_bundled_file_declares_keeps_its_own_hint(tmp_path):
    path = tmp_path / "x.wolf"
    path.write_text('import "roles"\nrole y "Y" { faction villag }\n', encoding="utf-8")
    with pytest.raises(WolfError) as err:
        load(str(path))
    assert [d.message for d in err.value.diagnostics] == [
        "role 'y': unknown faction 'villag' (did you mean 'village'?)"]


def test_the_deck_error_that_already_says_it_takes_the_others(tmp_path):
    path = tmp_path / "game.wolf"
    path.write_text('players 12\ndeck 12: werewolf*4, seer, witch, hunter, watchman, villager*4\n' + ROLE,
                    encoding="utf-8")
    with pytest.raises(WolfError) as err:
        load(str(path))
    ds = err.value.diagnostics
    assert [(d.code, d.span.line) for d in ds] == [("E201", 2)], [d.message for d in ds]
    assert ds[0].message.startswith("deck: unknown roles 'werewolf', 'seer', 'witch', 'hunter', 'villager': "
                                    "they are declared by the bundled \"roles\"; add `import \"roles\"` at the "
                                    "top of the file (it also declares 'god' (line 6), 'village' (line 5)")
