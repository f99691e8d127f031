"""The `ask` clause: the question a person at the seat reads, on a decision and on a vote,
carried through both backends to the agents' Request."""
import pytest

from wolfdsl.diagnostics import WolfError
from backends import SEATS, load_probe
from wolfdsl.lang import syntax as A
from wolfdsl.lang.parse import parse
from wolfdsl.lang.transform import to_ast
from wolfdsl.play.agents import BaseAgent
from wolfdsl.play.game import play


def ast(text):
    return to_ast(parse(text, "t.wolf"), "t.wolf", text)


def statements(mod):
    (proc,) = mod.decls
    return proc.body.stmts


def test_a_decision_and_a_vote_carry_their_question_in_english_and_chinese():
    decide, vote = statements(ast(
        'proc p() {\n'
        '    decide witch.poison by witch may pass choose t from alive\n'
        '        ask "Poison someone tonight? (0: keep the poison)" "今晚要用毒药吗？对谁使用？"\n'
        '        unless t == me because "no"\n'
        '    { }\n'
        '    vote exile_vote kind exile voters v in alive candidates c in alive\n'
        '        weight 1 ask "Whom do you vote to exile?" ballot accuses -> top { }\n'
        '}\n'))
    assert isinstance(decide, A.Decide) and decide.ask == ("Poison someone tonight? (0: keep the poison)",
                                                          "今晚要用毒药吗？对谁使用？")
    assert len(decide.unless) == 1
    assert isinstance(vote, A.Vote) and vote.ask == ("Whom do you vote to exile?", None)
    assert vote.reading == "accuses"


def test_without_ask_the_question_is_none():
    decide, vote = statements(ast(
        'proc p() {\n'
        '    decide x by seer choose t from alive speech prefer none { }\n'
        '    vote v kind exile voters v in alive candidates c in alive -> top { }\n'
        '}\n'))
    assert decide.ask is None and decide.speech and vote.ask is None


def test_ask_is_still_an_ordinary_name_elsewhere():
    (glob, prop, func, proc) = ast(
        'global ask = 3\n'
        'property asked = ask + 1\n'
        'func f(ask) = ask * 2\n'
        'proc p() {\n'
        '    ask = ask + 1\n'
        '    let n = ask\n'
        '    tell me { ask: n }\n'
        '    decide q by seer may pass choose ask from alive ask "Whom?" unless ask == me because "no" {\n'
        '        log note { ask: ask }\n'
        '    }\n'
        '}\n').decls
    assert glob.name == "ask" and func.params == ("ask",)
    decide = proc.body.stmts[3]
    assert decide.var == "ask" and decide.ask == ("Whom?", None)


def test_ask_right_after_an_expression_reads_as_the_clause_word_as_score_does():
    # after `let n = 2` the parser cannot tell a statement `ask = …` from an `ask` clause
    # (nor `score = …` from a `score` clause): the error says so and names a way out
    for word in ("ask", "score"):
        with pytest.raises(WolfError, match=f"'{word}' is a word of the language.*'{word}_'"):
            ast(f'global {word} = 1\nproc p() {{\n    let n = 2\n    {word} = {word} + 1\n}}\n')


class Recorder(BaseAgent):
    """The first legal option of every request (pass where allowed), keeping the requests."""

    def __init__(self):
        self.requests = []

    def decide(self, request):
        self.requests.append(request)
        if request.can_pass:
            return False if request.kind == "yes_no" else None
        if request.kind == "seats":
            return tuple(request.options[:request.count or 1])
        return request.options[0] if request.options else None


PROBE = '''
step probe in night after werewolves before witch when day == 1 {
    decide probe.look by seer may pass choose t from alive
        ask "Look at whom? (0: nobody)" "看谁？"
    { }
    decide probe.plain by seer may pass choose t from alive { }
}
'''


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_the_question_reaches_the_agents_request_in_both_backends(tmp_path, monkeypatch, backend):
    rs = load_probe(tmp_path, monkeypatch, PROBE, backend)
    agent = Recorder()
    play(rs, seed=3, agent=agent, seats=SEATS)
    asks = {r.action: r.ask for r in agent.requests}
    assert asks["probe.look"] == ("Look at whom? (0: nobody)", "看谁？")
    assert asks["probe.plain"] is None
    assert asks["witch.poison"] == ("Witch: poison someone tonight? (0: keep the poison)",
                                    "女巫：今晚要用毒药吗？对谁使用？（0：不用毒药）")
    assert asks["exile_vote"][0] == "Exile vote: whom do you vote to exile? (0: abstain)"  # a vote's ballot


def test_every_bundled_decision_and_vote_asks_in_english_and_chinese():
    from pathlib import Path

    import wolfdsl

    root = Path(wolfdsl.__file__).resolve().parents[1] / "rulesets"
    files = [*root.glob("*.wolf"), *root.glob("roles/*.wolf")]
    seen = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        mod = to_ast(parse(text, str(path)), str(path), text)
        found = [n for d in mod.decls for n in A.walk(d) if isinstance(n, (A.Decide, A.Vote))]
        seen += len(found)
        missing = [s.action for s in found if s.ask is None or not s.ask[1]]
        assert not missing, (path.name, missing)
    assert seen >= 50


def test_a_reason_may_add_its_chinese_as_a_question_does():
    (decide,) = statements(ast(
        'proc p() {\n'
        '    decide x.y by seer may pass when day > 1 else "R-1: not on day 1" "R-1：第一天不行"\n'
        '        choose t from alive\n'
        '        requires day > 0 else "R-2: never" "R-2：从不"\n'
        '        unless t == me because "R-3: not yourself" "R-3：不能选自己"\n'
        '        must t != 2 because "R-4: not 2"\n'
        '    { }\n'
        '}\n'))
    assert (decide.pass_reason, decide.pass_reason_zh) == ("R-1: not on day 1", "R-1：第一天不行")
    assert [(c.reason, c.reason_zh) for c in decide.requires] == [("R-2: never", "R-2：从不")]
    assert [(c.reason, c.reason_zh, c.must) for c in decide.unless] == [
        ("R-3: not yourself", "R-3：不能选自己", False), ("R-4: not 2", None, True)]


REASONS = '''
step probe in night after werewolves before witch when day == 1 {
    decide probe.look by seer may pass when day > 1 else "R-1: look on day 1" "R-1：第一天必须看"
        choose t from alive
        unless t == me because "R-3: not yourself" "R-3：不能选自己"
        unless t == 1 because "R-4: not seat 1"
    { }
}
'''


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_a_refusal_reaches_the_request_in_english_with_its_chinese(tmp_path, monkeypatch, backend):
    from wolfdsl.lang.ir import in_language

    rs = load_probe(tmp_path, monkeypatch, REASONS, backend)
    agent = Recorder()
    agent.decide = lambda request: agent.requests.append(request) or request.options[0]
    play(rs, seed=3, agent=agent, seats=SEATS, record=True)
    look = next(r for r in agent.requests if r.action == "probe.look")
    said = [(r, in_language(r, "zh")) for r in (look.why_not(None), look.why_not(5), look.why_not(1),
                                                look.why_not(99))]
    assert said == [("R-1: look on day 1", "R-1：第一天必须看"), ("R-3: not yourself", "R-3：不能选自己"),
                    ("R-4: not seat 1", "R-4: not seat 1"),  # no Chinese given: the English
                    ("99 is not a legal choice (legal: 2, 3, 4, 6, 7, 8, 9, 10, 11, 12)",
                     "99 不是可选项（可选：2、3、4、6、7、8、9、10、11、12）")]
    assert in_language(look.why_not(5), "en") == "R-3: not yourself" and type(str(look.why_not(5))) is str


def test_every_bundled_reason_is_given_in_english_and_chinese():
    from pathlib import Path

    import wolfdsl

    root = Path(wolfdsl.__file__).resolve().parents[1] / "rulesets"
    seen = 0
    for path in [*root.glob("*.wolf"), *root.glob("roles/*.wolf")]:
        text = path.read_text(encoding="utf-8")
        mod = to_ast(parse(text, str(path)), str(path), text)
        clauses = [n for d in mod.decls for n in A.walk(d) if isinstance(n, A.Clause)]
        passes = [n for d in mod.decls for n in A.walk(d) if isinstance(n, A.Decide) and n.pass_reason]
        seen += len(clauses) + len(passes)
        missing = [c.reason for c in clauses if not c.reason_zh] + [d.action for d in passes if not d.pass_reason_zh]
        assert not missing, (path.name, missing)
    assert seen >= 90

class Witch(Recorder):
    """:class:`Recorder`, except that the wolves kill seat 9 on night 1, the witch answers
    the antidote ``save`` and claims her card when asked."""

    def __init__(self, save):
        super().__init__()
        self.save = save

    def decide(self, request):
        if request.action in ("werewolves.kill", "witch.save", "witch.claim"):
            self.requests.append(request)
            if request.action == "werewolves.kill":
                return 9 if request.day == 1 else None
            return self.save if request.action == "witch.save" else True
        return super().decide(request)


@pytest.mark.parametrize("save", [True, False])
def test_the_witch_claim_names_whom_she_saved_and_her_question_fits_either_way(save):
    # a witch who declined the antidote was asked to "say whom you saved": her claim then
    # names nobody (`claim me as witch` without `saved`); the question now fits both
    from wolfdsl.lang.load import load

    agent = Witch(save)
    events = play(load("standard-12"), seed=3, agent=agent, seats=SEATS).events
    claims = [r for r in agent.requests if r.action == "witch.claim"]
    assert [(r.day, r.phase) for r in claims] == [(1, "day")]
    claim = [{k: v for k, v in e.items() if k not in ("seq", "game")} for e in events if e["type"] == "claim"]
    assert claims[0].ask == ("Claim the witch (跳女巫) in your speech? Your claim names whom you saved, if anyone.",
                             "是否在发言中跳女巫？如果救过人，会一并报出（银水）。")
    if save:
        assert claim == [{"day": 1, "phase": "day", "type": "claim", "seat": 6, "role": "witch",
                          "told": {"saved": [9]}}]
    else:
        assert claim == [{"day": 1, "phase": "day", "type": "claim", "seat": 6, "role": "witch", "told": {}}]
