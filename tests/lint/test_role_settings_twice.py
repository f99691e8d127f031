"""A role setting given twice in one role body: E202 with two values (the last one
would silently count), W303 with the same one; either at the second setting's own span."""
from wolfdsl.lint import lint_paths

HEAD = ('import "roles"\nplayers 9\ndeck 9: werewolf*3, seer, witch, hunter, villager*2, r\n'
        'set wolf_win = town\n')


def _lint(tmp_path, role: str):
    path = tmp_path / "r.wolf"
    path.write_text(HEAD + role + "\n", encoding="utf-8")
    return [d for d in lint_paths([path], select=["E202", "W303"]) if d.span is not None]


def test_a_second_faction_and_class_with_other_values_are_errors_at_their_own_span(tmp_path):
    found = _lint(tmp_path, 'role r "R" { faction village; faction werewolves; class god; class plain }')
    got = [(d.code, d.severity, d.span.line, d.span.col, d.span.end_col, d.message) for d in found]
    assert got == [
        ("E202", "error", 5, 31, 49, "role 'r' gives its faction twice: 'faction village', then 'faction werewolves' "
                                     "(only the last would count); keep the one you mean and delete the other"),
        ("E202", "error", 5, 62, 73, "role 'r' gives its class twice: 'class god', then 'class plain' "
                                     "(only the last would count); keep the one you mean and delete the other"),
    ]
    assert [(r.span.col, r.span.end_col, r.message) for r in found[0].related] == [(14, 29, "first given here")]
    text = found[0].render()
    assert "5 | role r" in text and "\n  |" + " " * 31 + "^" * 18 + "\n" in text


def test_a_counter_with_two_starting_values_is_an_error(tmp_path):
    found = _lint(tmp_path, 'role r "R" { faction village; class god; counter herbs = 2; counter herbs = 3 }')
    assert [(d.code, d.span.col, d.span.end_col) for d in found] == [("E202", 61, 78)]
    assert "its counter 'herbs' twice: 'counter herbs = 2', then 'counter herbs = 3'" in found[0].message


def test_the_same_setting_twice_is_a_warning_at_the_second_one(tmp_path):
    found = _lint(tmp_path, 'role r "R" {\n    faction village\n    class god\n    faction  village\n'
                            '    counter herbs = 2; counter herbs=2\n}')
    got = [(d.code, d.severity, d.span.line, d.span.col, d.span.end_col, d.message) for d in found]
    assert got == [
        ("W303", "warning", 8, 5, 21, "the faction of role 'r' is given twice ('faction village' above); "
                                      "delete this one"),
        ("W303", "warning", 9, 24, 39, "the counter 'herbs' of role 'r' is given twice ('counter herbs = 2' above); "
                                       "delete this one"),
    ]
    assert [(r.span.line, r.span.col) for r in found[0].related] == [(6, 5)]


def test_one_of_each_setting_is_clean(tmp_path):
    assert _lint(tmp_path, 'role r "R" { faction village; class god; counter herbs = 2; counter seeds = 1 }') == []
