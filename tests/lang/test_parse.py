"""The parse and transform stages: ``.wolf`` text to AST nodes with spans."""
import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang import syntax as A
from wolfdsl.lang.parse import parse
from wolfdsl.lang.transform import to_ast


def ast(text):
    return to_ast(parse(text, "t.wolf"), "t.wolf", text)


def test_a_step_becomes_a_node_with_its_clauses_and_span():
    mod = ast('step watch in night after werewolves before witch when day > 1 { log note { text: "x" } }\n')
    (step,) = mod.decls
    assert isinstance(step, A.StepDecl)
    assert (step.name, step.phase, step.after, step.before) == ("watch", "night", ("werewolves",), ("witch",))
    assert isinstance(step.when, A.BinOp) and step.when.op == ">"
    assert (step.span.line, step.span.col) == (1, 1)
    (log,) = step.body.stmts
    assert isinstance(log, A.Log) and log.type == "note" and log.fields[0].expr == A.Str(value="x")


def test_card_tags_deciders_engine_settings_and_event_texts():
    mod = ast('card c "C" "卡" with moon = full, weight = 2 needs gender { end phase }\n'
              'decider judge "Judge" default none\n'
              'engine day_bound = 12\n'
              'event note(kind = x) "{text}" "{text}"\n'
              'event action(action = "guard.protect", targets = none, choice = yes) "{seat}"\n'
              'word can_shoot "can shoot" "能开枪"\n'
              'win w for village title "all gone" "全部出局" when true\n'
              'remove deck\n')
    card, decider, engine, event, several, word, win, remove = mod.decls
    assert (card.tags, card.needs) == ((("moon", "full"), ("weight", 2)), ("gender",))
    assert (decider.name, decider.labels, decider.default) == ("judge", ("Judge",), "none")
    assert (engine.name, engine.expr) == ("day_bound", A.Num(value=12))
    assert (event.name, event.case, event.en, event.zh) == ("note", (("kind", "x"),), "{text}", "{text}")
    assert (several.case, several.zh) == ((("action", "guard.protect"), ("targets", "none"), ("choice", True)), None)
    assert (word.name, word.en, word.zh) == ("can_shoot", "can shoot", "能开枪")
    assert (win.title, win.title_zh) == ("all gone", "全部出局")
    assert (remove.what, remove.name) == ("deck", "")


def test_secret_marks_an_event_type_and_stays_a_name_elsewhere():
    mod = ast('global secret = 1\n'
              'event spared(rule = "dawn") secret "{seat}" "{seat}"\n'
              'event secret secret "x"\n'
              'event note "{secret}"\n'
              'step s in night { log secret { secret: secret.secret } }\n')
    glob, case, named, plain, step = mod.decls
    assert glob.name == "secret"
    assert (case.name, case.case, case.secret, case.en, case.zh) == ("spared", (("rule", "dawn"),), True, "{seat}", "{seat}")
    assert (named.name, named.secret, named.en) == ("secret", True, "x")
    assert (plain.secret, plain.en) == (False, "{secret}")
    (log,) = step.body.stmts
    assert log.type == "secret" and log.fields[0].name == "secret" and log.fields[0].expr.name == "secret"


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_a_type_is_secret_when_one_of_its_declarations_says_so(tmp_path, monkeypatch, backend):
    from backends import load_probe
    rs = load_probe(tmp_path, monkeypatch, 'event spared(rule = "x") "{seat}"\nevent rescue "{seat}"\n'
                    'event hush secret "" ""\n', backend)
    # the prelude's two `spared` texts say secret, this file's does not: the type stays secret
    # the prelude's `status` texts and its guarded_and_saved too
    assert rs.secret_events == {"spared", "hush", "status", "guarded_and_saved"}
    assert len(rs.events["spared"]) == 3 and "rescue" in rs.events


def test_extend_proc_with_parameters_and_first():
    (x,) = ast("extend proc after_exile(p) first { log note { seat: p } }\n").decls
    assert (x.what, x.name, x.params, x.first) == ("proc", "after_exile", ("p",), True)


def test_extend_func_with_a_name_and_a_vote_bonus():
    (x,) = ast("extend func extra_votes(c, round) as raven_mark = if c has raven_mark then 2 else 0\n").decls
    assert (x.what, x.name, x.params, x.label, x.body) == ("func", "extra_votes", ("c", "round"), "raven_mark", None)
    assert type(x.expr).__name__ == "IfExpr"
    (y,) = ast("extend func extra_votes = 1\n").decls
    assert (y.params, y.label) == (None, None)
    (s,) = ast("step s in day { vote exile_vote kind exile voters v in alive candidates c in alive "
               "weight 2 bonus extra_votes(c, 1) ask \"Whom?\" -> top { } }\n").decls
    vote = s.body.stmts[0]
    assert (type(vote.bonus).__name__, vote.bonus.name, vote.ask) == ("Call", "extra_votes", ("Whom?", None))
    assert vote.weight.value == 2


@pytest.mark.parametrize("text,line,col,message", [
    ("role x { faction village\n", 1, 25, "the '{' at line 1, column 8 is not closed; add '}'"),
    # a block left open: the '{' whose closing '}' is missing, by the indentation of the '}' that follow
    ("step s in night {\n  if day == 1 {\n    log note\n}\n\nwin w for village when day > 1\n", 6, 1,
     "'win' starts a new declaration, but the '{' at line 2, column 15 is not closed"),
    ("step s in night {\n  if day == 1 {\n    log note\n  } else {\n    log note\n}\n", 6, 2,
     "the '{' at line 4, column 10 is not closed"),
    ("role r {\n  faction village\n\nstep s in night { }\n", 4, 1,
     "'step' starts a new declaration, but the '{' at line 1, column 8 is not closed"),
    ("step s in night { } }\n", 1, 21, "this '}' closes no '{': remove it"),
    ('step s in night call "Close your eyes. "闭眼" { }\n', 1, 41,
     "right after the string that began at column 22: is a '\"' missing or extra?"),
    ('step s in night call "Say "hi" now." { }\n', 1, 28, "right after the string that began at column 22"),
    # a misspelt keyword, where it stands or just before
    ("stpe s in night { }\n", 1, 1, "(did you mean 'step'?)"),
    ("step s in nite { }\n", 1, 11, "(did you mean 'night'?)"),
    ("step s in night { iff day > 1 { log note } }\n", 1, 23, "'iff' is not a word of the language: did you mean 'if'?"),
    ("step s in night { let = 1 }\n", 1, 23, "unexpected '='"),
    ("role 狼 { }\n", 1, 6, "names are written with ASCII letters"),
])
def test_a_syntax_error_is_an_E101_at_its_place(text, line, col, message):
    with pytest.raises(WolfError) as err:
        parse(text, "t.wolf")
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col) == ("E101", line, col) and message in d.message


def test_players_with_a_default_count():
    (x,) = ast("players 7..30 default 12\n").decls
    assert (x.low, x.high, x.default) == (7, 30, 12)
    (y,) = ast("players 8..18\n").decls
    assert (y.low, y.high, y.default) == (8, 18, None)
