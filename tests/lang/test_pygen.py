"""The Python-source backend (:mod:`wolfdsl.lang.pygen`, issue 10): the same event logs
as the closure backend, E401/E402 at the same ``.wolf`` places, one compiled module a
ruleset, and closures kept for what it does not generate."""
import json

import pytest

from backends import load_with
from wolfdsl.lang.ir import RuleRuntimeError
from wolfdsl.play import play, play_game
from wolfdsl.play.agents import RandomAgent

HEADER = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
SEATS = ["werewolf"] * 4 + ["seer", "witch", "hunter", "guard"] + ["villager"] * 4


_load = load_with  # ``ref`` compiled by ``backend`` (``python`` or ``closures``), not from the cache


def _log(rs, seed, agents):
    res = play_game(rs, seed, 0, agents)
    return [json.dumps(e, sort_keys=True) for e in res.events]


@pytest.mark.parametrize("ruleset, agents", [("standard-12", "random"), ("new-moon", "random"),
                                             ("cupid-thief-12", "random"), ("standard-12-elder", "heuristic"),
                                             ("classic-9", "table")])
def test_both_backends_give_the_same_event_log(ruleset, agents, monkeypatch):
    gen = _load(ruleset, "python", monkeypatch)
    clo = _load(ruleset, "closures", monkeypatch)
    assert gen.steps["night"][0].body.__code__.co_filename == f"<wolfdsl {gen.name}>"
    assert clo.steps["night"][0].body.__code__.co_filename.endswith("codegen.py")
    for seed in (1, 2, 3):
        a, b = _log(gen, seed, agents), _log(clo, seed, agents)
        assert len(a) > 20 and a == b


@pytest.mark.parametrize("text,line,col,what", [
    # inside a comprehension inside a func inside a condition: the func's root
    ("func f(x) = [p in alive where p + none > x]\nstep probe in night first { if count(f(1)) > 0 { } }",
     4, 13, "func f()"),
    # the second statement of a loop's body, not the loop
    ("step probe in night first { for p in alive { let y = p  log x { v: y + none } } }", 4, 57, "this statement"),
    # an elif's condition, not the if's
    ("step probe in night first { if day > 5 { } elif none - 1 > 0 { } }", 4, 49, "this condition"),
    # a field of something that is not a seat
    ("step probe in night first { log x { v: (0).alive } }", 4, 29, "this statement"),
    # an unless clause of a decision
    ("step probe in night first { decide seer.probe by seer may pass choose t from alive "
     "unless t + none > 1 because \"no\" { } }", 4, 91, "this condition"),
])
@pytest.mark.parametrize("backend", ["python", "closures"])
def test_an_error_in_generated_code_is_placed_as_the_closures_place_it(tmp_path, monkeypatch, text, line, col,
                                                                        what, backend):
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + text, encoding="utf-8")
    rs = _load(str(path), backend, monkeypatch)
    with pytest.raises(RuleRuntimeError) as err:
        play(rs, seed=1, agent=RandomAgent(1), seats=SEATS)
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col) == ("E401", line, col)
    assert what in d.message and "failed while the game ran" in d.message


def test_a_runaway_func_is_an_E402_at_the_func(tmp_path, monkeypatch):
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + "func f(x) = f(x + 1)\nstep probe in night first { log x { v: f(1) } }",
                    encoding="utf-8")
    rs = _load(str(path), "python", monkeypatch)
    with pytest.raises(RuleRuntimeError) as err:
        play(rs, seed=1, agent=RandomAgent(1), seats=SEATS)
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col) == ("E402", 4, 13)
    assert "funcs and procs called inside one another" in d.message


def test_a_generated_module_is_compiled_once_per_machine(tmp_path, monkeypatch):
    from wolfdsl.lang import codecache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    source = "def f(g, env):\n  return 41 + 1\n"
    first = codecache.compiled(source, "<wolfdsl probe>")
    entries = list((tmp_path / "wolfdsl" / "pygen").glob("*.marshal"))
    assert len(entries) == 1
    entries[0].write_bytes(b"not marshal data")  # a broken entry: compiled again, rewritten
    again = codecache.compiled(source, "<wolfdsl probe>")
    assert again == first and again.co_filename == "<wolfdsl probe>"
    ns: dict = {}
    exec(codecache.compiled(source, "<wolfdsl probe>"), ns)  # now read from the disk
    assert ns["f"](None, {}) == 42
    (tmp_path / "wolfdsl").chmod(0o500)  # no cache folder to write: compiled all the same
    try:
        assert codecache.compiled(source + "\n", "<wolfdsl other>").co_filename == "<wolfdsl other>"
    finally:
        (tmp_path / "wolfdsl").chmod(0o700)


def test_a_float_builtin_and_a_number_add_without_tests(tmp_path, monkeypatch):
    """``suspicion`` always gives a float (``Builtin.returns``), and an ``if`` of 0.05 or
    0 a number: their sum is written as a plain ``+``, and the score as it is; a sum
    whose kinds are not known keeps the checked path."""
    from wolfdsl.lang import pygen
    sources = []
    real = pygen.compiled
    monkeypatch.setattr(pygen, "compiled", lambda src, name: sources.append(src) or real(src, name))
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + "step probe in day first {\n"
                    "  decide seer.probe by seer may pass choose t from alive\n"
                    "    score suspicion(t) + (if t == 1 then 0.05 else 0) { }\n"
                    "  decide seer.other by seer may pass choose t from alive score t + 1 { }\n}\n",
                    encoding="utf-8")
    rs = _load(str(path), "python", monkeypatch)
    src = "\n".join(sources)
    plain = [line for line in src.splitlines() if "out[_v] = (" in line and "(_v == 1)" in line]
    assert len(plain) == 1 and "_add" not in plain[0] and "__class__ is float" not in plain[0]
    assert "_add(" in src  # ``t + 1``: a seat and a whole number, checked as before
    assert play_game(rs, 1, 0, "table").winners  # and it plays


@pytest.mark.parametrize("backend", ["python", "closures"])
def test_a_float_minus_a_constant_zero_is_the_float(tmp_path, monkeypatch, backend):
    """``x - exile_risk(v, c)`` where the hook folds to 0 (the prelude's default): a float
    is taken as it is (``x - 0`` is exactly ``x``, -0.0 too), a whole number is still
    taken away and checked, anything else is the same E401 as before, in both backends;
    ``x + 0`` is summed as ever (-0.0 + 0 is 0.0)."""
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + "func zero() = 0\nfunc less(x) = x - zero()\nfunc more(x) = x + zero()\n"
                    "step probe in night first { log x { a: less(0.25), c: less(3), d: less(none) } }", encoding="utf-8")
    rs = _load(str(path), backend, monkeypatch)
    with pytest.raises(RuleRuntimeError) as err:
        play(rs, seed=1, agent=RandomAgent(1), seats=SEATS)
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line) == ("E401", 5)  # in func less, as before
    path.write_text(HEADER + "func zero() = 0\nfunc less(x) = x - zero()\nfunc more(x) = x + zero()\n"
                    "step probe in night first { log x { a: less(0.25), b: less(-0.0), c: less(3), e: more(-0.0) } }",
                    encoding="utf-8")
    rs = _load(str(path), backend, monkeypatch)
    res = play_game(rs, 1, 0, "random")
    x = next(e for e in res.events if e["type"] == "x")
    assert (x["a"], x["c"]) == (0.25, 3) and (str(x["b"]), str(x["e"])) == ("-0.0", "0.0")
    assert type(x["c"]) is int
