"""--until-ci W on the fake engine: where a run stops, its summary, the same on any --jobs."""
import json
import multiprocessing

import pytest

import fakegame
from clitools import flat, invoke
from wolfdsl.diagnostics import WolfError
from wolfdsl.sim.montecarlo import simulate
from wolfdsl.sim.precision import checkpoints, narrow_enough, parse_width, widths
from wolfdsl.sim.stats import wilson

needs_fork = pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                                reason="fake engine reaches workers only by fork")


@pytest.fixture(autouse=True)
def fake(monkeypatch):
    fakegame.install(monkeypatch)


def test_checkpoints_grow_by_a_quarter_and_end_at_the_cap():
    assert list(checkpoints(250)) == [100, 200, 250]
    assert list(checkpoints(100)) == [100]
    assert list(checkpoints(60)) == [60]
    big = list(checkpoints(100_000))
    assert big[-1] == 100_000 and big == sorted(set(big))
    assert all(b - a <= max(100, a // 4) for a, b in zip(big, big[1:]))
    assert len(big) < 40


@pytest.mark.parametrize("text, width", [("0.02", 0.02), ("2%", 0.02), (" 5 % ", 0.05), (".1", 0.1)])
def test_parse_width(text, width):
    assert parse_width(text) == pytest.approx(width)


@pytest.mark.parametrize("text, message", [
    ("0", "the width must be more than 0, such as 0.02 or 2%, got '0'"),
    ("-0.1", "the width must be more than 0, such as 0.02 or 2%, got '-0.1'"),
    ("0%", "the width must be more than 0, such as 0.02 or 2%, got '0%'"),
    ("1", "the width must be between 0 and 1 (0.02 or 2%), got '1'; for 1 percentage point write 1%"),
    ("1.5", "the width must be between 0 and 1 (0.02 or 2%), got '1.5'; for 1.5 percentage points write 1.5%"),
    ("150", "the width must be between 0 and 1 (0.02 or 2%), got '150'"),
    # a percentage of 100 or more: no hint to write what was written
    ("150%", "no interval is wider than 100%, got '150%'; give a width below it, such as 2% (2 percentage "
             "points) or 0.02"),
    ("100%", "no interval is wider than 100%, got '100%'; give a width below it, such as 2% (2 percentage "
             "points) or 0.02"),
    ("two", "expected a width such as 0.02 or 2%, got 'two'"),
    ("", "expected a width such as 0.02 or 2%, got ''"),
])
def test_parse_width_rejects(text, message):
    with pytest.raises(WolfError) as err:
        parse_width(text)
    assert str(err.value) == "error: --until-ci: " + message


def test_widths_cover_every_faction_and_other_winners():
    w = widths({"village": 70, "lovers": 3}, ["village", "werewolves"], 100)
    assert list(w) == ["village", "werewolves", "lovers"]
    low, high = wilson(0, 100)
    assert w["werewolves"] == high - low
    assert narrow_enough({"village": 50, "werewolves": 50}, ["village", "werewolves"], 10_000, 0.02)
    assert not narrow_enough({"village": 50, "werewolves": 50}, ["village", "werewolves"], 1_000, 0.02)


def test_until_ci_stops_at_the_first_checkpoint_narrow_enough():
    s = simulate("fake-6", 5000, 3, until_ci=0.1, progress=False)
    assert s.ci_reached is True and s.cap == 5000
    assert s.games in set(checkpoints(5000)) and s.games < 5000
    assert s.widest() < 0.1
    # one checkpoint earlier, the intervals were still too wide
    earlier = [c for c in checkpoints(5000) if c < s.games]
    if earlier:
        before = simulate("fake-6", earlier[-1], 3, progress=False)
        assert before.widest() >= 0.1
    # and the games played are the first games of the fixed-size run
    fixed = simulate("fake-6", s.games, 3, progress=False)
    d1, d2 = s.to_dict(), fixed.to_dict()
    for d in (d1, d2):
        del d["timing"]
    assert d1.pop("until_ci") == {"width": 0.1, "cap": 5000, "reached": True, "widest": round(s.widest(), 6)}
    assert d1 == d2


def test_until_ci_at_the_cap_says_so():
    s = simulate("fake-6", 150, 3, until_ci=0.01, progress=False)
    assert (s.games, s.ci_reached) == (150, False)
    assert s.to_dict()["until_ci"]["reached"] is False


@needs_fork
def test_until_ci_same_summary_on_any_jobs():
    one = simulate("fake-6", 5000, 8, jobs=1, until_ci=0.08, progress=False).to_dict()
    two = simulate("fake-6", 5000, 8, jobs=2, until_ci=0.08, progress=False).to_dict()
    del one["timing"], two["timing"]
    assert one == two and one["until_ci"]["reached"]


def test_cli_until_ci_text_json_and_errors():
    r = invoke("run", "fake-6", "--until-ci", "10%", "--seed", 3, "--games", 5000)
    assert r.exit_code == 0, r.output
    s = simulate("fake-6", 5000, 3, until_ci=0.1, progress=False)
    assert f"fake-6: {s.games} games, seed 3" in r.stdout
    assert f"Every 95% interval is narrower than 10 points: it took {s.games:,} games" in flat(r.stdout)
    j = invoke("run", "fake-6", "--until-ci", "0.1", "--seed", 3, "--json")
    assert j.exit_code == 0
    d = json.loads(j.stdout)
    assert d["games"] == s.games and d["until_ci"]["cap"] == 100_000
    cap = invoke("run", "fake-6", "--until-ci", "0.001", "--seed", 3, "--games", 120)
    assert "Stopped at the cap of 120 games" in flat(cap.stdout)
    bad = invoke("run", "fake-6", "--until-ci", "2")
    assert bad.exit_code == 2 and "the width must be between 0 and 1" in flat(bad.stderr)
    assert "Traceback" not in bad.output
