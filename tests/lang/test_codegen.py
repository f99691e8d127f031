"""The codegen stage (:mod:`wolfdsl.lang.codegen`): closures, slots, E401 at every root."""
import pytest

from wolfdsl.lang.ir import RuleRuntimeError
from wolfdsl.lang.load import load
from wolfdsl.play.agents import RandomAgent
from wolfdsl.play import play

HEADER = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'


def _play(tmp_path, text, seed=1):
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + text, encoding="utf-8")
    rs = load(str(path))
    return play(rs, seed=seed, agent=RandomAgent(seed), seats=["werewolf"] * 4 + ["seer", "witch", "hunter", "guard"]
                + ["villager"] * 4)


def test_a_nested_decide_keeps_the_outer_me(tmp_path):
    res = _play(tmp_path, """
step probe in night first {
    decide seer.probe by seer may pass choose t from alive {
        decide witch.probe by witch may pass choose u from alive { log inner { me: me } }
        log outer { me: me }
    }
}""")
    got = {e["type"]: e["me"] for e in res.events if e["type"] in ("inner", "outer")}
    assert got == {"inner": 6, "outer": 5}  # the witch holds seat 6, the seer seat 5


@pytest.mark.parametrize("text,line,col,what", [
    ("step probe in night first { if none + 1 > 0 { log x { a: 1 } } }", 4, 32, "this condition"),
    ("step probe in night first when none + 1 > 0 { log x { a: 1 } }", 4, 32, "this step's condition"),
    ("step probe in night first { for p in day { log x { a: 1 } } }", 4, 38, "this loop's list"),
    ("win probe for village priority 9 when 1 / 0 == 1", 4, 39, "this win condition"),
    ("step probe in night first { decide seer.probe by seer may pass choose t from day { } }", 4, 78,
     "this list of options"),
    ("func f(x) = x + none\nstep probe in night first { log x { v: f(1) } }", 4, 13, "func f()"),
    ("step probe in night first { let y = none  log x { v: y + 1 } }", 4, 43, "this statement"),
])
def test_a_failing_expression_is_an_E401_at_its_place(tmp_path, text, line, col, what):
    with pytest.raises(RuleRuntimeError) as err:
        _play(tmp_path, text)
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col) == ("E401", line, col)
    assert what in d.message and "failed while the game ran" in d.message


def test_the_cli_reports_a_failing_condition_without_a_traceback(tmp_path):
    import subprocess
    import sys
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + "step probe in night first { if none + 1 > 0 { log x { a: 1 } } }\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "wolfdsl", "run", str(path), "--seed", "1"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert f"{path}:4:32: E401 error: night 1: this condition failed while the game ran" in r.stderr
    assert "^" in r.stderr
