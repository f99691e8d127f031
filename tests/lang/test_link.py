"""The link stage: imports merged into one Program (replace, remove, extend, decks)."""
from wolfdsl.lang import syntax as A
from wolfdsl.lang.link import link
from wolfdsl.lang.parse import parse
from wolfdsl.lang.transform import to_ast


def mod(name, text):
    return to_ast(parse(text, name), name, text)


BASE = mod("base.wolf", 'faction village\nproc hook(p) { log a { seat: p } }\nstep s in night { }\n'
                        'deck 4: villager*4\nrole villager { faction village }\nengine day_bound = 3\n')


def test_replace_remove_and_a_later_files_deck_and_setting():
    prog, diags = link([BASE, mod("top.wolf", 'replace step s in night { log b { x: 1 } }\nremove proc hook\n'
                                              'deck 5: villager*5\nengine day_bound = 9\n')])
    assert diags == []
    assert prog.named("step")["s"].body.stmts[0].type == "b"
    assert "hook" not in prog.named("proc")
    assert [(d.low, d.span.file) for d in prog.decks] == [(5, "top.wolf")]
    assert prog.engine["day_bound"].expr == A.Num(value=9)


def test_extend_adds_statements_first_and_last_in_import_order():
    prog, diags = link([BASE, mod("a.wolf", "extend proc hook { log c { x: 1 } }\n"),
                        mod("b.wolf", "extend proc hook(p) first { log d { x: 2 } }\n")])
    assert diags == []
    assert [s.type for s in prog.named("proc")["hook"].body.stmts] == ["d", "a", "c"]


def test_link_errors_name_the_declaration():
    prog, diags = link([BASE, mod("c.wolf", "proc hook(p) { }\nreplace proc nope() { }\nextend proc hook(q) { }\n"
                                            "remove step t\n")])
    got = [(d.code, d.span.line) for d in diags]
    assert got == [("E202", 1), ("E203", 2), ("E203", 4), ("E206", 3)]
    assert "write 'replace proc hook'" in diags[0].message
