"""W352 and the declaration it reads: ``option NAME: v needs role R = d``.

The bundled option values that need a role are declared in the prelude and the role
files; these tests keep the declarations honest (every role named exists in some bundled
file, no default needs a role) and pin the rendered finding."""
from pathlib import Path

from wolfdsl.lang import load
from wolfdsl.lang import syntax as A
from wolfdsl.lang.load import rulesets_dir
from wolfdsl.lint import lint_paths


def _bundled_decls():
    base = rulesets_dir()
    for path in [base / "prelude.wolf", base / "roles.wolf", *sorted((base / "roles").glob("*.wolf")),
                 *sorted(base.glob("*.wolf"))]:
        for mod in load.modules(path, str(path), None):
            yield from mod.decls


def test_needs_is_parsed_with_where_each_role_is_written(tmp_path):
    path = tmp_path / "o.wolf"
    path.write_text('option tie: pk | goat needs role a, b | 2 = pk "x"\n', encoding="utf-8")
    opt = next(d for d in load.modules(path, str(path), None)[-1].decls if isinstance(d, A.OptionDecl))
    assert opt.values == ("pk", "goat", 2) and opt.default == "pk"
    assert opt.needs == (("goat", ("a", "b")),)
    assert opt.roles_needed("goat") == ("a", "b") and opt.roles_needed("pk") == ()
    assert [(s.line, s.col, s.end_col) for s in opt.needs_spans[0]] == [(1, 34, 35), (1, 37, 38)]
    assert (opt.default_span.line, opt.default_span.col) == (1, 45)


def test_every_needed_role_is_a_bundled_role_and_no_default_needs_one():
    decls = list(_bundled_decls())
    roles = {d.name for d in decls if isinstance(d, A.RoleDecl)}
    options = {d.name: d for d in decls if isinstance(d, A.OptionDecl)}
    assert any(o.needs for o in options.values())
    for o in options.values():
        for value, needed in o.needs:
            assert set(needed) <= roles, f"option {o.name} = {value} needs an undeclared role: {needed}"
            assert value in o.values
        assert not o.roles_needed(o.default), f"option {o.name}: the default {o.default!r} needs a role"


def test_finding_marks_the_value_and_says_what_to_write(tmp_path):
    path = tmp_path / "v.wolf"
    path.write_text('import "roles"\nplayers 9\ndeck 9: werewolf*3, seer, witch, hunter, villager*3\n'
                    'set wolf_win = town\nset exile_tie = scapegoat\n', encoding="utf-8")
    [d] = lint_paths([path], select=["W352"])
    assert (d.span.file, d.span.line, d.span.col, d.span.end_col) == (str(path), 5, 17, 26)
    assert d.severity == "error"
    assert d.message == ("exile_tie = scapegoat needs the role 'scapegoat', which the deck does not deal, so "
                         "the rule it selects waits for a player who is never there: add scapegoat to the deck "
                         "(first import the file that declares it), or set exile_tie to pk, revote, no_exile or sheriff_decides")
    [note] = d.related
    assert Path(note.span.file).name == "prelude.wolf" and note.message == "'scapegoat' needs the role 'scapegoat' here"


def test_a_misspelt_needed_role_gets_a_did_you_mean(tmp_path):
    path = tmp_path / "t.wolf"
    path.write_text('import "roles"\noption lamp: off | on needs role gaurd = off "x"\nplayers 9\n'
                    'deck 9: werewolf*3, seer, witch, guard, villager*3\nset wolf_win = town\nset lamp = on\n'
                    'step s in night after hunter before dawn when lamp == on { log note }\n', encoding="utf-8")
    [d] = lint_paths([path], select=["W352"])
    assert d.span.line == 6 and d.related[0].span.line == 2
    assert d.related[0].message == "'on' needs the role 'gaurd' here (did you mean 'guard'?)"


def test_the_editor_does_not_take_needed_roles_for_option_values(tmp_path):
    from wolfdsl.editor.index import Analysis

    path = tmp_path / "e.wolf"
    path.write_text('option tie: pk | goat needs role a, b | c = pk "x"\n', encoding="utf-8")
    analysis = Analysis(load.modules(path, str(path), None))
    values = [(d.name, d.col) for d in analysis.defs if d.kind == "option value"]
    assert values == [("pk", 13), ("goat", 18), ("c", 41)]
