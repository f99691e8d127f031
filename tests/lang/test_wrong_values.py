"""E401 names the value that was wrong (issue 11): a rule that does arithmetic on
``none``, compares a number with a name, reads a field of something that is not a seat,
or goes over something that is not a list fails at its line with the operation and the
value in the message ("`none + 1`: `none` has no arithmetic")."""
import pytest

from wolfdsl.lang.ir import RuleRuntimeError
from wolfdsl.lang.load import load
from wolfdsl.lang.values import BINOPS, WrongValue, as_list, negate
from wolfdsl.play import play
from wolfdsl.play.agents import RandomAgent

# funcs hide the values from the compiler, so that the error is found while the game runs
HEADER = ('import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
          "func five() = 5\nfunc nothing() = none\nfunc role_name() = seer\n")
WIN = "win probe for village priority 9 when "
LINE = 7


def _fail(tmp_path, line: str):
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + line + "\n", encoding="utf-8")
    rs = load(str(path))
    with pytest.raises(RuleRuntimeError) as err:
        play(rs, seed=1, agent=RandomAgent(1))
    return err.value.diagnostics[0]


# a win condition that fails, one a line: `expression => the end of the E401 message`
WIN_CASES = """
none + 1 == 1 => `none + 1`: `none` has no arithmetic
1 - nothing() == 1 => `1 - none`: `none` has no arithmetic
role_name() * 2 == 1 => `seer * 2`: `seer` is a name, which has no arithmetic
five() + [1] == 1 => `5 + [1]`: `[1]` is a list: write the list first (`[1] + 5`)
1 / (five() - 5) == 1 => `1 / 0`: division by zero
five() % 0 == 1 => `5 % 0`: division by zero
-nothing() == 1 => `-none`: `none` has no arithmetic
five() < role_name() => `5 < seer`: a number and a name or a string cannot be put in order
five() > role_name() => `5 > seer`: a number and a name or a string cannot be put in order
five() >= "two" => a number and a name or a string cannot be put in order
1 in five() => `1 in 5`: `5` is a number, not a list
role_name().role == seer => `seer.role`: `seer` is a name, not a seat (seats are 1 to 12)
(five() + 20).role == seer => `25.role`: `25` is not a seat (seats are 1 to 12)
[1, 2].alive => `[1, 2].alive`: `[1, 2]` is a list, not a seat (seats are 1 to 12)
count(five()) == 1 => `count(5)`: `5` is a number, not a list
first(role_name()) == 1 => `first(seer)`: `seer` is a name, not a list
count([x in five() where true]) == 1 => `5` is a number, not a list
"""
NONE_LIST = ("`nothing()` is none (a passed decision, or nothing set), not a list to go over: "
             "write `if nothing() != none { ... }` around what reads it")
"""The E401 for going over none: placed under the expression that gave it."""
STEP = "step probe in night first { "


@pytest.mark.parametrize("line,col,message", [
    *[(WIN + case.split(" => ")[0], 39, case.split(" => ")[1]) for case in WIN_CASES.strip().splitlines()],
    (STEP + "for p in five() { } }", 38, "this loop's list failed while the game ran: `5` is a number, not a list"),
    (WIN + "count(nothing()) == 0", 45, NONE_LIST),
    (WIN + "any([x in nothing() where true])", 49, NONE_LIST),
    (WIN + "1 in nothing()", 44, NONE_LIST),
    (WIN + "1 not in nothing()", 48, NONE_LIST),
    (STEP + "for p in nothing() { } }", 38, "this loop's list failed while the game ran: " + NONE_LIST),
    (STEP + "decide seer.probe by seer may pass choose t from five() { } }", 78,
     "this list of options failed while the game ran: `5` is a number, not a list"),
])
@pytest.mark.parametrize("backend", ["python", "closures"])
def test_the_wrong_value_is_named_at_its_line(tmp_path, monkeypatch, backend, line, col, message):
    if backend == "closures":
        monkeypatch.setenv("WOLFDSL_BACKEND", "closures")
    d = _fail(tmp_path, line)
    assert (d.code, d.span.line, d.span.col) == ("E401", LINE, col)
    assert d.message.endswith(message), d.message
    assert d.message.startswith("night 1: ")


@pytest.mark.parametrize("op,a,b,message", [
    ("+", None, 1, "`none + 1`: `none` has no arithmetic"),
    ("-", 1, True, "`1 - yes`: `yes` is a yes/no, which has no arithmetic"),
    ("<", "seer", 3, "`seer < 3`: a name or a string and a number cannot be put in order"),
    ("*", [1], [2], "`[1] * [2]`: a list can be repeated only a whole number of times"),
    ("in", 1, "seer", "`1 in seer`: `seer` is a name, not a list"),
])
def test_operators_name_the_wrong_value(op, a, b, message):
    with pytest.raises(WrongValue) as err:
        BINOPS[op](a, b)
    assert str(err.value) == message


def test_what_still_works():
    # none compares false, lists add and remove, names join, a long list is cut in messages
    assert (BINOPS["<"](None, 3), BINOPS["+"]([1], 2), BINOPS["-"]([1, 2, 1], 1), BINOPS["+"]("a", "b")) == \
        (False, [1, 2], [2], "ab")
    assert (as_list(None), as_list((1, 2)), negate(3)) == ([], [1, 2], -3)
    with pytest.raises(WrongValue, match=r"^`\[1, 2, 3, 4, 5, \.\.\.\]` is a list, not a seat|"
                                         r"`\[1, 2, 3, 4, 5, \.\.\.\] \+ 1`"):
        BINOPS["+"](1, [1, 2, 3, 4, 5, 6])


VALUES = ["none", "5", "13", "seer", "[1, 2]"]
RIGHT = ["none", "5", "seer", "[1]"]  # `x in none` is an E401 too: [1] is the list that fits
FORMS = ["a() + b()", "a() - b()", "a() * b()", "a() / b()", "a() % b()", "a() < b()", "a() in b()",
         "(a()).role", "(a()).alive", "count(a())", "first(a())", "-a()", "a() has marked", "min(a())",
         "sum(a())", "neighbours(a())", "roles_of(a())", "circle(a())", "[x in a() where x == 1]"]


@pytest.mark.parametrize("form", FORMS)
def test_every_value_in_every_form_plays_or_names_what_was_wrong(tmp_path, form):
    # each form on each kind of value (a func hides it from the compiler): a value, or an
    # E401 at the line that quotes the value; never a Python error
    path = tmp_path / "probe.wolf"
    failed = 0
    for a in VALUES:
        for b in (RIGHT if "b()" in form else ["1"]):
            path.write_text(HEADER + f'status marked "marked"\nfunc a() = {a}\nfunc b() = {b}\n'
                            f"step probe in night first {{ log x {{ v: {form} }} }}\n", encoding="utf-8")
            try:
                play(load(str(path)), seed=1, agent=RandomAgent(1), stop_after=("night", 1))
            except RuleRuntimeError as err:
                d = err.diagnostics[0]
                assert (d.code, d.span.line) == ("E401", 10) and "`" in d.message, (form, a, b, d.message)
                failed += 1
    assert 0 < failed < len(VALUES) * (len(RIGHT) if "b()" in form else 1)  # some values fit, some do not


COMPOUND_STEP = ("global n = 1\nfunc text() = \"x\"\nstep probe in night first { "
                 "for p in alive { if p.role == witch { %s } } }")


@pytest.mark.parametrize("backend", ["python", "closures"])
@pytest.mark.parametrize("statement,message", [
    ("p.antidote -= role_name()",
     "`p.antidote -= role_name()`: `role_name()` is `seer`, a name or text, not a number (`-=` subtracts a number)"),
    ("p.antidote -= text()",
     "`p.antidote -= text()`: `text()` is `x`, a name or text, not a number (`-=` subtracts a number)"),
    ("let l = [1]; n -= l", "`n -= l`: `l` is `[1]`, a list, not a number (`-=` subtracts a number)"),
    ("let l = [1]; p.antidote += l", "`p.antidote += l`: `l` is `[1]`, a list, not a number (`+=` adds a number)"),
    # a trial: a role the deck does not deal read "`w.feathers -= none`: `none` is none"
    ("p.antidote -= living(idiot).lives",
     "`p.antidote -= living(idiot).lives`: `living(idiot).lives` is none, not a number (`-=` subtracts a number)"),
    ("n = [1]; n -= 1", "`n -= 1`: `n` is a list, not a number (`-=` subtracts a number)"),
])
def test_a_compound_assignment_names_its_operator_as_written(tmp_path, monkeypatch, backend, statement, message):
    # `-=` used to fail as a `+` ("`+` of a number and a name") or, on a list, do nothing
    if backend == "closures":
        monkeypatch.setenv("WOLFDSL_BACKEND", "closures")
    d = _fail(tmp_path, COMPOUND_STEP % statement)
    assert (d.code, d.span.line) == ("E401", 9)
    assert d.message == f"night 1: this statement failed while the game ran: {message}"


@pytest.mark.parametrize("backend", ["python", "closures"])
@pytest.mark.parametrize("statement,message", [
    ("p.antidote -= yes_of(p)",
     "`p.antidote -= yes_of(p)`: `yes_of(p)` is `yes`, a yes/no, not a number (`-=` subtracts a number)"),
    ("p.antidote += yes_of(p)",
     "`p.antidote += yes_of(p)`: `yes_of(p)` is `yes`, a yes/no, not a number (`+=` adds a number)"),
    ("n = no_of(p); n += 1", "`n += 1`: `n` is a yes/no, not a number (`+=` adds a number)"),
])
def test_a_yes_no_is_no_number_to_a_compound_assignment(tmp_path, monkeypatch, backend, statement, message):
    # `true` was added or subtracted as 1, and `no` counted as 0
    if backend == "closures":
        monkeypatch.setenv("WOLFDSL_BACKEND", "closures")
    d = _fail(tmp_path, COMPOUND_STEP.replace("step probe", "func yes_of(p) = p > 0\nfunc no_of(p) = p < 0\n"
                                              "step probe") % statement)
    assert (d.code, d.span.line) == ("E401", 11)
    assert d.message == f"night 1: this statement failed while the game ran: {message}"


@pytest.mark.parametrize("statement,col,said", [
    ("p.antidote -= seer", 81, "'seer', which is a role"),
    ("p.antidote -= none", 81, "none"),
    ("p.antidote += [1]", 81, "the list [1]"),
    ("p.antidote -= yes", 81, "'yes', which is a yes/no"),
    ("n -= true", 72, "'true', which is a yes/no"),
    ("let r = seer; p.antidote += r", 95, "'r', which holds 'seer' (line 9), a role"),
])
def test_a_name_none_a_list_or_a_yes_no_in_a_compound_assignment_is_an_e212(tmp_path, statement, col, said):
    from wolfdsl.diagnostics import WolfError

    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + COMPOUND_STEP % statement + "\n", encoding="utf-8")
    with pytest.raises(WolfError) as err:
        load(str(path))
    d = err.value.diagnostics[0]
    target, op = statement.split("; ")[-1].split()[:2]
    verb = "subtracts" if op == "-=" else "adds"
    assert (d.code, d.span.line, d.span.col) == ("E212", 9, col)
    assert d.message == f"'{op}' {verb} a number, not {said}; write a number, such as '{target} {op} 1'"


def test_a_counter_that_starts_as_a_string_is_an_e212(tmp_path):
    from wolfdsl.diagnostics import WolfError

    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + 'role watchman "Watchman" { faction village; counter oil = "2" }\n', encoding="utf-8")
    with pytest.raises(WolfError) as err:
        load(str(path))
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col) == ("E212", 7, 59)
    assert d.message == ("role 'watchman': counter 'oil' starts as the string \"2\"; a counter holds a number (or "
                         "none, a seat, a list), which `+=`, `-=` and `<` need; write a number, such as "
                         "'counter oil = 2'")


def test_compound_assignment_on_numbers_and_text_is_unchanged():
    from wolfdsl.lang.values import compound

    assert [compound("-=", 2, 1, "n"), compound("+=", None, 2.5, "n"), compound("-=", 0.5, 0.25, "n"),
            compound("+=", "a", "b", "n"), compound("+=", [1], [2], "n")] == [1, 2.5, 0.25, "ab", [1, 2]]


@pytest.mark.parametrize("statement,col", [('p.antidote -= "x"', 81), ('p.antidote += "x"', 81), ('n -= "x"', 72)])
def test_a_string_literal_in_a_compound_assignment_is_an_e212(tmp_path, statement, col):
    from wolfdsl.diagnostics import WolfError

    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + COMPOUND_STEP % statement + "\n", encoding="utf-8")
    with pytest.raises(WolfError) as err:
        load(str(path))
    d = err.value.diagnostics[0]
    target, op = statement.split()[:2]
    verb = "subtracts" if op == "-=" else "adds"
    assert (d.code, d.span.line, d.span.col) == ("E212", 9, col)
    assert d.message == f"'{op}' {verb} a number, not the string \"x\"; write a number, such as '{target} {op} 1'"


class _Passes(RandomAgent):
    """Passes every decision that may be passed."""

    def decide(self, request):
        return None if request.can_pass else super().decide(request)


@pytest.mark.parametrize("backend", ["python", "closures"])
@pytest.mark.parametrize("form,col", [("any([x in ts where x.faction == werewolves])", 116),
                                      ("count(ts)", 112), ("2 in ts", 111), ("[x in ts where true]", 112)])
def test_going_over_a_passed_decision_is_an_e401_naming_it(tmp_path, monkeypatch, backend, form, col):
    # a trial: a passed sweep read as an empty list, so the seat was told "no wolf"; the
    # caret is under `ts`
    if backend == "closures":
        monkeypatch.setenv("WOLFDSL_BACKEND", "closures")
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + "step probe in night first { decide seer.sweep by seer may pass choose ts count 2 "
                    f"from alive {{ log x {{ v: {form} }} }} }}\n", encoding="utf-8")
    with pytest.raises(RuleRuntimeError) as err:
        play(load(str(path)), seed=1, agent=_Passes(1), stop_after=("night", 1))
    d = err.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col) == ("E401", LINE, col)
    assert d.message == ("night 1: this statement failed while the game ran: `ts` is none (a passed decision, "
                         "or nothing set), not a list to go over: write `if ts != none { ... }` around what reads it")
