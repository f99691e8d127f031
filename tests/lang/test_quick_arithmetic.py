"""The generated code's ``+ - * /`` (values.QUICK): the checked operators' values and errors."""
import pytest

from wolfdsl.lang.values import BINOPS, QUICK

CASES = [(1, 2), (1.5, 2), (2, 0.25), (0.1, 0.2), (7, 2), (3, 0), (0.0, 0), (1, -0.0), (2.5, 0.0),
         (2 ** 255, 2 ** 255), (-(2 ** 255), 2 ** 255), (2 ** 200, 2 ** 100), (2 ** 255, 0.5),
         (True, 1), (1, False), (None, 1), (1.0, None), ([1, 2], 2), ([1, 2], [2]), ("a", "b"), ("a", 1)]


def outcome(fn, a, b):
    try:
        v = fn(a, b)
    except Exception as e:  # the error a rule's E401 or run limit reports
        return type(e), str(e)
    return type(v), v


@pytest.mark.parametrize("op", ["+", "-", "*", "/"])
def test_the_fast_path_gives_the_checked_operators_values_and_errors(op):
    for a, b in CASES:
        assert outcome(QUICK[op], a, b) == outcome(BINOPS[op], a, b), (a, op, b)


def test_the_checks_still_apply_past_the_fast_path():
    assert outcome(QUICK["+"], 2 ** 255, 2 ** 255)[0].__name__ == "RunawayRule"
    assert "division by zero" in outcome(QUICK["/"], 3, 0)[1]
    assert "has no arithmetic" in outcome(QUICK["*"], None, 2)[1]
