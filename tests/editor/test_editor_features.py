"""The editor features in process (wolfdsl.editor.features): unsaved text, replaced
declarations, options set by the ruleset, actions, completion contexts, the outline."""
from __future__ import annotations

from pathlib import Path

import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.editor import features as F
from wolfdsl.editor.index import Analysis, file_path
from wolfdsl.editor.tokens import scan, word_at
from wolfdsl.lang.load import rulesets_dir

TEXT = '''import "roles"
set witch_self_save = first_night

replace role hunter "Hunter" "猎人" { faction village; class god; counter bullets = 1 }
func armed(p) = p.bullets > 0
extend proc self_destructed(w) { let left = count(alive) }
step check_guns in night after seer {
    for p in alive { if armed(p) and decided(witch.save) == yes { p.bullets -= 1 } }
    call exile_vote(alive, 1)
}
deck 12: werewolf*4, seer, witch, hunter, guard, villager*4
'''


def _at(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    """1-based line and column of ``needle`` (plus ``offset``)."""
    i = text.index(needle) + offset
    return text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1


@pytest.fixture
def doc(tmp_path) -> tuple[Path, Analysis]:
    path = tmp_path / "guns.wolf"  # never written: the text is an unsaved buffer
    return path, Analysis.of(path, {str(path.resolve()): TEXT})


def test_the_unsaved_text_is_checked_without_a_file(doc, tmp_path):
    path, _ = doc
    broken = TEXT.replace("armed(p) and", "armd(p) and")
    found = F.diagnostics(path, {str(path.resolve()): broken})
    assert [(d.code, d.span.line, d.span.col, d.message) for d in found] == [
        ("E201", 8, 25, "unknown function 'armd' (did you mean 'armed'?)")]
    assert not path.exists() and list(tmp_path.iterdir()) == []
    with pytest.raises(WolfError):
        Analysis.of(path, {str(path.resolve()): TEXT.replace("}\ndeck", "\ndeck")})


def test_a_replaced_role_lists_the_one_in_force_first(doc):
    _, a = doc
    defs = F.definition(a, *_at(TEXT, "hunter, guard"))
    assert [(Path(x.file).name, x.line) for x in defs][0] == ("guns.wolf", 4)
    assert len(defs) == 2 and defs[1].file == "<bundled>/roles.wolf"
    assert "(replaced)" in F.hover(a, *_at(TEXT, "hunter, guard")).markdown


def test_hover_on_an_option_shows_the_value_the_ruleset_sets(doc):
    _, a = doc
    h = F.hover(a, *_at(TEXT, "witch_self_save", 1))
    assert "Value in force: `first_night`" in h.markdown and "Rule: ROLE-WITCH-05" in h.markdown


def test_fields_params_actions_and_procs(doc):
    _, a = doc
    bullets = F.definition(a, *_at(TEXT, "p.bullets > 0", 2))
    assert [(x.line, x.col) for x in bullets] == [_at(TEXT, "bullets = 1")]
    assert [(x.line, x.col) for x in F.definition(a, *_at(TEXT, "p.bullets > 0"))] == [_at(TEXT, "p) =")]
    (save,) = F.definition(a, *_at(TEXT, "witch.save", 6))
    assert save.file == "<bundled>/roles.wolf"
    roles = (rulesets_dir() / "roles.wolf").read_text(encoding="utf-8")
    assert (save.line, save.col) == _at(roles, "decide witch.save", 13)
    (proc,) = F.definition(a, *_at(TEXT, "exile_vote"))
    assert proc.file == "<bundled>/prelude.wolf"
    assert file_path(proc.file).read_text(encoding="utf-8").splitlines()[proc.line - 1].startswith("proc exile_vote(")


def test_references_with_and_without_the_declaration(doc):
    _, a = doc
    where = _at(TEXT, "armed(p) and")
    uses = F.references(a, *where, include_declaration=False)
    assert [(x.line, x.col) for x in uses] == [where]
    assert len(F.references(a, *where)) == 2
    bullets = F.references(a, *_at(TEXT, "p.bullets > 0", 2))
    assert [(x.line, x.col) for x in bullets] == [_at(TEXT, "bullets = 1"), _at(TEXT, "bullets > 0"),
                                                  _at(TEXT, "bullets -= 1")]
    p_uses = F.references(a, *_at(TEXT, "for p in", 4))
    assert [x.line for x in p_uses] == [8, 8, 8] and all(x.file.endswith("guns.wolf") for x in p_uses)


def _labels(a, text, needle, offset):
    line, col = _at(text, needle, offset)
    return [c.label for c in F.completion(a, line, col, text.splitlines()[line - 1])]


def test_completion_by_context(doc):
    _, a = doc
    calls = _labels(a, TEXT, "exile_vote", 0)
    assert "exile_vote" in calls and "armed" not in calls and "if" not in calls
    typed = TEXT.replace("call exile_vote(alive, 1)", "kill p cause sh")
    assert _labels(a, typed, "cause sh", 8) == ["shot"]
    acts = _labels(a, TEXT.replace("decided(witch.save)", "decided(witch.)"), "witch.)", 6)
    assert {"save", "poison"} <= set(acts) and "bullets" in acts
    assert _labels(a, TEXT.replace("call exile_vote", "# call exile_vote"), "exile_vote", 0) == []
    assert _labels(a, TEXT.replace("exile_vote(alive, 1)", 'exile_vote("alive'), '("alive', 4) == []
    anywhere = _labels(a, TEXT, "armed(p) and", 0)
    assert {"armed", "alive", "p"} <= set(anywhere) and "left" not in anywhere


def test_the_outline(doc):
    _, a = doc
    got = [(s.name, s.kind, [c.name for c in s.children]) for s in F.symbols(a)]
    assert got == [('import "roles"', "import", []), ("witch_self_save", "set", []),
                   ("hunter", "role", ["bullets"]), ("armed", "func", []),
                   ("extend proc self_destructed", "extension", []), ("check_guns", "step", []),
                   ("deck 12", "deck", [])]


def test_tokens_and_words():
    toks = scan('role x "a # b" { counter n = 2 } # c\nstep')
    assert [(t.kind, t.text) for t in toks][:4] == [("name", "role"), ("name", "x"), ("string", '"a # b"'), ("op", "{")]
    assert toks[-2].kind == "comment" and (toks[-1].line, toks[-1].col) == (2, 1)
    assert word_at("  me.oil -= 1", 6) == ("oil", 6) and word_at("  me.oil", 5) == ("me", 3)
    assert word_at("   ", 2) is None


def test_a_completions_detail_gives_its_rule_id_once(tmp_path):
    # `status · ROLE-GUARD-01 · ROLE-GUARD-01`: a comment that is (or opens with) the rule
    # IDs repeated them after the IDs
    text = ('import "roles"\n# ROLE-X-01\nstatus marked "marked"\n# ROLE-X-02: kept for a night\n'
            'status kept "kept"\nstep s in night { add marked to me }\n')
    path = tmp_path / "m.wolf"
    a = Analysis.of(path, {str(path.resolve()): text})
    typed = "step s in night { add "
    got = {c.label: c.detail for c in F.completion(a, 6, len(typed) + 1, typed)}
    assert (got["marked"], got["kept"]) == ("status · ROLE-X-01", "status · ROLE-X-02 · kept for a night")
