"""wolfdsl compare and wolfdsl sweep on the fake engine: the numbers, the outputs, the errors."""
import csv
import io
import json
import sys

import pytest

import fakegame
from clitools import flat, invoke
from wolfdsl.diagnostics import WolfError
from wolfdsl.sim.compare import compare
from wolfdsl.sim.montecarlo import simulate
from wolfdsl.sim.stats import mean_difference_p, rate_difference, two_proportion_p
from wolfdsl.sim.sweep import grid, parse_axis, parse_players, sweep


@pytest.fixture(autouse=True)
def fake(monkeypatch):
    fakegame.install(monkeypatch)


def wins(summary, fid):
    return next(f.wins for f in summary.factions if f.id == fid)


# -- compare ---------------------------------------------------------------------------

def test_compare_two_settings_gives_each_factions_difference():
    c = compare("fake-6", None, 300, 4, options_a={"rounds": "10"}, options_b={"rounds": "1"}, progress=False)
    a = simulate("fake-6", 300, 4, options={"rounds": "10"}, progress=False)
    b = simulate("fake-6", 300, 4, options={"rounds": "1"}, progress=False)
    assert (c.label_a, c.label_b) == ("fake-6 rounds=10", "fake-6 rounds=1")
    assert [d.id for d in c.factions] == ["village", "werewolves"]
    for d in c.factions:
        xa, xb = wins(a, d.id), wins(b, d.id)
        assert (d.a, d.b) == (xa / 300, xb / 300)
        assert (d.diff, d.low, d.high) == rate_difference(xa, 300, xb, 300)
        assert d.p == two_proportion_p(xa, 300, xb, 300)
        assert d.significant == (not d.low <= 0 <= d.high)
    # one round finishes hardly a game: fewer wins on B, clearly
    village, wolves = c.factions
    assert village.b == 0 and village.diff == -village.a and village.significant and village.p < 1e-6
    assert wolves.diff < -0.3 and wolves.significant
    assert c.length.b < c.length.a and c.length.significant
    assert c.length.p == mean_difference_p(a.mean_length, a.stdev_length, 300, b.mean_length, b.stdev_length, 300)


def test_compare_the_same_thing_is_refused_and_a_ruleset_with_itself_differs_nowhere():
    with pytest.raises(WolfError, match="both sides are fake-6 rounds=10"):
        compare("fake-6", "fake-6", 50, 1, options={"rounds": "10"}, progress=False)
    c = compare("fake-6", "fake-range", 200, 1, progress=False)   # same engine, same seeds
    assert all(d.diff == 0 and not d.significant for d in c.factions)
    assert c.length.diff == 0 and not c.length.significant


def test_compare_until_ci_plays_the_same_games_on_both_sides():
    # one round a game stops few games: B's intervals narrow at another count than A's
    alone_a = simulate("fake-6", 20_000, 4, options={"rounds": "10"}, until_ci=0.1, progress=False)
    alone_b = simulate("fake-6", 20_000, 4, options={"rounds": "1"}, until_ci=0.1, progress=False)
    assert alone_a.games != alone_b.games
    c = compare("fake-6", None, 20_000, 4, options_a={"rounds": "10"}, options_b={"rounds": "1"},
                until_ci=0.1, progress=False)
    n = max(alone_a.games, alone_b.games)
    assert c.a.games == c.b.games == n
    longer = simulate("fake-6", n, 4, options={"rounds": "10" if alone_a.games < n else "1"}, progress=False)
    topped = c.a if alone_a.games < n else c.b
    assert [f.wins for f in topped.factions] == [f.wins for f in longer.factions]
    d = c.to_dict()
    for side in ("a", "b"):
        u = d[side]["until_ci"]
        assert (u["width"], u["cap"], u["reached"]) == (0.1, 20_000, True) and u["widest"] < 0.1


def test_compare_cli_text_and_json():
    r = invoke("compare", "fake-6", "--set-a", "rounds=10", "--set-b", "rounds=1", "--games", 300, "--seed", 4)
    assert r.exit_code == 0, r.output
    out = flat(r.stdout)
    assert "A: fake-6 rounds=10 B: fake-6 rounds=1 300 games each, seed 4, agents table" in out
    assert "B differs from A at the 95% level: Village -11.7 points (-15.8 to -8.3); Werewolves -" in out
    # a p-value that rounds to 0 reads "< 0.0001", never "0.0000"
    assert "< 0.0001" in out and "0.0000" not in out
    j = invoke("compare", "fake-6", "--set-a", "rounds=10", "--set-b", "rounds=1", "--games", 300, "--seed", 4,
               "--json")
    d = json.loads(j.stdout)
    assert d["a"]["label"] == "fake-6 rounds=10" and d["b"]["games"] == 300
    assert d["factions"][0]["id"] == "village" and d["factions"][0]["significant"] is True
    L = d["length"]  # a p-value as the factions have (docs/simulation.md: "the same for the mean game length")
    assert L["p"] < 0.0001 and L["significant"] is True



def test_compare_two_sets_of_agents_on_the_same_games():
    # a researcher's trial: compare had --set-a/--set-b but one --agents; the agents
    # could not be compared with a test of the difference
    c = compare("fake-6", None, 300, 4, agents="random", agents_b="heuristic", progress=False)
    for side, agents in ((c.a, "random"), (c.b, "heuristic")):
        alone = simulate("fake-6", 300, 4, agents=agents, progress=False)
        d1, d2 = side.to_dict(), alone.to_dict()
        del d1["timing"], d2["timing"]
        assert d1 == d2
    assert (c.label_a, c.label_b) == ("fake-6", "fake-6")
    village = c.factions[0]
    assert (village.a, village.b) == (35 / 300, 27 / 300)
    assert (village.diff, village.low, village.high) == rate_difference(35, 300, 27, 300)
    with pytest.raises(WolfError, match="both sides are fake-6 played by table; .* or agents that differ "
                                        r"\(--agents-a SPEC --agents-b SPEC\)"):
        compare("fake-6", None, 20, 1, agents_a="table", progress=False)


def test_compare_cli_agents_a_and_b():
    r = invoke("compare", "fake-6", "--agents-a", "random", "--agents-b", "village=heuristic,werewolves=random",
               "-n", 300, "--seed", 4, "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:3] == ["A: fake-6, agents random",
                                         "B: fake-6, agents village=heuristic,werewolves=random",
                                         "300 games each, seed 4"]
    j = json.loads(invoke("compare", "fake-6", "--agents", "random", "--agents-b", "heuristic", "-n", 50,
                          "--seed", 4, "--json").stdout)
    assert (j["a"]["agents"], j["b"]["agents"], j["a"]["seed"], j["b"]["seed"]) == ("random", "heuristic", 4, 4)
    same = invoke("compare", "fake-6", "--set-a", "rounds=10", "--set-b", "rounds=1", "--agents-a", "random",
                  "--agents-b", "random", "-n", 20, "--seed", 4, "-q")
    assert same.stdout.splitlines()[2] == "20 games each, seed 4, agents random"
    bad = invoke("compare", "fake-6", "--agents-b", "nobody", "-n", 20)
    assert bad.exit_code == 2
    assert "Invalid value for '--agents-b': unknown agent 'nobody'; available: heuristic, random, table" in \
        flat(bad.stderr)


@pytest.mark.parametrize("args, message", [
    (["fake-6"], "both sides are fake-6"),
    (["fake-6", "--set-b", "rounds=3"], "option 'rounds' takes one of 1, 10"),
    (["fake-6", "nope"], "unknown ruleset 'nope'"),
    (["fake-6", "fake-range", "--until-ci", "7"], "the width must be between 0 and 1"),
])
def test_compare_bad_input_exits_2(args, message):
    r = invoke("compare", *args, "--games", 20)
    assert r.exit_code == 2, r.output
    assert message in flat(r.stderr)
    assert "Traceback" not in r.output


def test_an_interval_end_near_0_shows_its_sign_with_enough_decimals():
    # a researcher's trial: p=0.0484, significant, printed "+0.0 … +8.7", as if 0 were in
    import doctest
    from types import SimpleNamespace as NS

    from rich.console import Console

    from wolfdsl.present import simtables
    from wolfdsl.present.simtables import comparison_renderables, signed_end
    from wolfdsl.sim.compare import Comparison, Difference

    assert doctest.testmod(simtables).failed == 0
    assert [signed_end(x) for x in (0.0437, -0.0437, 0.0004, 0.05, -0.05, 0.0, -0.0, 1e-15, 4.96)] == \
        ["+0.04", "-0.04", "+0.0004", "+0.1", "-0.1", "+0.0", "-0.0", "+1e-15", "+5.0"]
    assert [signed_end(x, 2) for x in (0.004, -0.0004, 0.25)] == ["+0.004", "-0.0004", "+0.25"]
    side = NS(games=500, seed=1, agents="table", to_dict=dict)
    c = Comparison("x-12", "y-12", side, side,
                   [Difference("village", "Village", 0.4, 0.444, 0.044, 0.000437, 0.0866, 0.0484, True),
                    Difference("werewolves", "Werewolves", 0.6, 0.556, -0.044, -0.0866, 0.0, 0.05, False)],
                   Difference("length", "length (days)", 4.0, 4.2, 0.2, 0.004, 0.396, 0.04, True))
    console = Console(width=140, record=True, file=io.StringIO())
    for item in comparison_renderables(c):
        console.print(item)
    out = flat(console.export_text())
    assert "Village 40.0% 44.4% +4.4 +0.04 … +8.7 0.0484 yes" in out
    assert "Werewolves 60.0% 55.6% -4.4 -8.7 … +0.0 0.0500 no" in out
    assert "length (days) 4.00 4.20 +0.20 +0.004 … +0.40 0.0400 yes" in out
    assert "B differs from A at the 95% level: Village +4.4 points (+0.04 to +8.7)." in out
    assert c.to_dict()["factions"][0]["ci95"] == [0.000437, 0.0866]  # JSON keeps the values


# -- sweep -----------------------------------------------------------------------------

def test_p_text_never_prints_zero():
    from wolfdsl.present.simtables import p_text
    assert [p_text(x) for x in (None, 0.0, 3e-12, 0.00004, 0.00005, 0.0123, 1.0)] == \
        ["", "< 0.0001", "< 0.0001", "< 0.0001", "0.0001", "0.0123", "1.0000"]


def test_parsers_and_grid_order():
    assert parse_players("5..8") == [5, 6, 7, 8]
    assert parse_players(" 6 , 8 ") == [6, 8]
    for bad in ("a..b", "8-18", "0..3", ""):
        with pytest.raises(WolfError, match="--players"):
            parse_players(bad)
    for reversed_, message in (("18..8", "--players: '18..8' is a reversed range: write the smaller count "
                                         "first (8..18)"),
                               ("12..8/2", "--players: '12..8/2' is a reversed range: write the smaller count "
                                           "first (8..12/2)")):
        with pytest.raises(WolfError) as err:
            parse_players(reversed_)
        assert err.value.diagnostics[0].message == message  # was: "gives no player count of 1 or more"
    for bad in ("rounds", "=1,2", "rounds=1,,2", "rounds=1,1"):
        with pytest.raises(WolfError, match="--set"):
            parse_axis(bad)
    g = grid([("a", ["1", "2"]), ("b", ["x", "y"])], [5, 6])
    assert g[:3] == [({"a": "1", "b": "x"}, 5), ({"a": "1", "b": "x"}, 6), ({"a": "1", "b": "y"}, 5)]
    assert len(g) == 8


def test_sweep_cells_are_the_runs_of_each_setting():
    s = sweep("fake-range", [("rounds", ["1", "10"])], [5, 7], 80, 9, progress=False)
    assert [(c.options["rounds"], c.players) for c in s.cells] == [("1", 5), ("1", 7), ("10", 5), ("10", 7)]
    for c in s.cells:
        alone = simulate("fake-range", 80, 9, options={"rounds": c.options["rounds"]}, players=c.players,
                         progress=False)
        d1, d2 = c.summary.to_dict(), alone.to_dict()
        del d1["timing"], d2["timing"]
        assert d1 == d2
    rows = list(csv.DictReader(io.StringIO(s.to_csv())))
    assert list(rows[0]) == ["rounds", "players", "games", "village", "village_low", "village_high",
                             "werewolves", "werewolves_low", "werewolves_high", "draws", "mean_days"]
    v = next(f for f in s.cells[2].summary.factions if f.id == "village")
    assert float(rows[2]["village"]) == round(v.rate, 6) and rows[2]["players"] == "5"
    d = s.to_dict()
    assert d["axes"] == [{"name": "rounds", "values": ["1", "10"]}] and len(d["cells"]) == 4


def test_sweep_takes_several_agents_as_one_more_dimension(tmp_path):
    # a researcher asked to sweep the agents: several --agents are a dimension of the grid,
    # between the options and the players; every cell is the run of its own agents
    s = sweep("fake-range", [("rounds", ["1", "10"])], [5, 6], 60, 9, agent_axis=["random", "heuristic"],
              progress=False)
    assert [(c.options["rounds"], c.agents, c.players) for c in s.cells] == [
        ("1", "random", 5), ("1", "random", 6), ("1", "heuristic", 5), ("1", "heuristic", 6),
        ("10", "random", 5), ("10", "random", 6), ("10", "heuristic", 5), ("10", "heuristic", 6)]
    for c in s.cells:
        alone = simulate("fake-range", 60, 9, agents=c.agents, options={"rounds": c.options["rounds"]},
                         players=c.players, progress=False)
        d1, d2 = c.summary.to_dict(), alone.to_dict()
        del d1["timing"], d2["timing"]
        assert d1 == d2
    assert list(s.rows()[0])[:4] == ["rounds", "agents", "players", "games"]
    d = s.to_dict()
    assert d["agents"] == ["random", "heuristic"] and [c["agents"] for c in d["cells"][:4]] == \
        ["random", "random", "heuristic", "heuristic"]
    one = sweep("fake-6", [("rounds", ["1", "10"])], [], 20, 9, agent_axis=["random"], progress=False)
    assert one.agent_axis == [] and one.agents == "random" and one.to_dict()["agents"] == "random"
    assert "agents" not in one.rows()[0]
    with pytest.raises(WolfError, match="an --agents spec is given twice"):
        sweep("fake-6", [], [], 10, 1, agent_axis=["random", "random"], progress=False)
    alone = sweep("fake-6", [], [], 20, 9, agent_axis=["random", "heuristic"], progress=False)
    assert [c.agents for c in alone.cells] == ["random", "heuristic"]


def test_sweep_cli_sweeps_repeated_agents(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")  # the table a row a line, whatever the terminal
    args = ("sweep", "fake-6", "--agents", "random", "--agents", "village=heuristic,werewolves=random",
            "--games", 40, "--seed", 3)
    r = invoke(*args, "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "fake-6: sweep of 2 cells, seed 3, agents random | " \
                                       "village=heuristic,werewolves=random"
    assert "│ village=heuristic,werewolves=random │" in r.stdout
    c = invoke(*args, "--csv", "-").stdout.splitlines()
    assert c[0].startswith("agents,games,village,") and c[2].startswith('"village=heuristic,werewolves=random",40,')
    page = tmp_path / "p.html"
    assert invoke(*args, "--report", page).exit_code == 0
    assert "Swept: agents = random | village=heuristic,werewolves=random." in page.read_text(encoding="utf-8")
    bad = invoke("sweep", "fake-6", "--agents", "random", "--agents", "nobody", "--games", 5)
    assert bad.exit_code == 2 and "unknown agent 'nobody'" in flat(bad.stderr)
    twice = invoke("sweep", "fake-6", "--agents", "random", "--agents", "random", "--games", 5)
    assert twice.exit_code == 2 and "Invalid value for '--agents': gives an agent spec twice" in flat(twice.stderr)


def test_a_plot_of_swept_agents():
    pytest.importorskip("matplotlib")
    from wolfdsl.present.plot import figure
    alone = figure(sweep("fake-6", [], [], 20, 9, agent_axis=["random", "heuristic"], progress=False)).axes[0]
    assert alone.get_xlabel() == "agents"
    assert [t.get_text() for t in alone.get_xticklabels()] == ["random", "heuristic"]
    split = figure(sweep("fake-range", [], [5, 6], 20, 9, agent_axis=["random", "heuristic"], progress=False)).axes[0]
    assert split.get_xlabel() == "players"
    assert "agents=heuristic" in " ".join(t.get_text() for t in split.get_legend().get_texts())


def test_sweep_checks_every_cell_before_playing(monkeypatch):
    played = []
    real = simulate

    def spy(*args, **kw):
        played.append(kw.get("options"))
        return real(*args, **kw)

    monkeypatch.setattr("wolfdsl.sim.sweep.simulate", spy)
    with pytest.raises(WolfError, match="option 'rounds' takes one of 1, 10"):
        sweep("fake-6", [("rounds", ["1", "3"])], [], 10, 1, progress=False)
    assert played == []


def test_sweep_refuses_nothing_to_sweep_and_double_settings():
    with pytest.raises(WolfError, match="nothing to sweep"):
        sweep("fake-6", [], [], 10, 1, progress=False)
    with pytest.raises(WolfError, match="both swept and fixed"):
        sweep("fake-6", [("rounds", ["1", "10"])], [], 10, 1, fixed={"rounds": "1"}, progress=False)


def test_sweep_cli_table_csv_json_plot_and_report(tmp_path):
    pytest.importorskip("matplotlib")
    png, svg, page, table = tmp_path / "s.png", tmp_path / "s.svg", tmp_path / "s.html", tmp_path / "s.csv"
    r = invoke("sweep", "fake-range", "--set", "rounds=1,10", "--players", "5..6", "--games", 60, "--seed", 3,
               "--plot", png, "--report", page, "--csv", table)
    assert r.exit_code == 0, r.output
    out = flat(r.stdout)
    assert "fake-range: sweep of 4 cells, seed 3, agents table" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "<table>" in html
    assert "Swept: rounds = 1, 10, players = 5, 6." in html
    assert "src=" not in html and "href=\"http" not in html   # self-contained
    assert len(table.read_text(encoding="utf-8").splitlines()) == 5
    assert "wrote plot:" in r.stderr
    r2 = invoke("sweep", "fake-6", "--set", "rounds=1,10", "--games", 30, "--seed", 3, "--plot", svg)
    assert r2.exit_code == 0 and svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    c = invoke("sweep", "fake-6", "--set", "rounds=1,10", "--games", 30, "--seed", 3, "--csv", "-")
    assert c.stdout.splitlines()[0].startswith("rounds,games,village,")
    j = invoke("sweep", "fake-6", "--set", "rounds=1,10", "--games", 30, "--seed", 3, "--json")
    assert [cell["options"] for cell in json.loads(j.stdout)["cells"]] == [{"rounds": "1"}, {"rounds": "10"}]


def test_sweep_plot_without_matplotlib_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    r = invoke("sweep", "fake-6", "--set", "rounds=1,10", "--games", 10, "--plot", tmp_path / "x.png")
    assert r.exit_code == 2
    assert "plots need matplotlib, which is not installed: pip install 'wolfdsl[plot]'" in flat(r.stderr)
    assert not (tmp_path / "x.png").exists()
    page = tmp_path / "x.html"
    ok = invoke("sweep", "fake-6", "--set", "rounds=1,10", "--games", 10, "--report", page)
    assert ok.exit_code == 0 and "No plot: matplotlib is not installed" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["--set", "rounds=1,3"], "option 'rounds' takes one of 1, 10"),
    (["--players", "4..6", "--set", "rounds=1,10"], "fake-6 is for 6 players, not 4"),
    (["--set", "rounds=1,10", "--plot", "x.gif"], "write a .png, .svg or .pdf file"),
    (["--set", "rounds=1,10", "--set", "rounds=1"], "option 'rounds' is given twice"),
    ([], "nothing to sweep; give --set NAME=V1,V2, --players 8..18 or two --agents"),
    (["--set", "rounds=1,10", "--csv", "no/such/dir/x.csv"], "--csv: cannot write 'no/such/dir/x.csv': its folder"),
])
def test_sweep_bad_input_exits_2(args, message):
    r = invoke("sweep", "fake-6", *args, "--games", 10)
    assert r.exit_code == 2, r.output
    assert message in flat(r.stderr)
    assert "Traceback" not in r.output


def test_a_plot_over_player_counts_has_whole_number_ticks():
    pytest.importorskip("matplotlib")
    from wolfdsl.present.plot import figure
    s = sweep("fake-range", [], [5, 6], 40, 9, progress=False)
    ax = figure(s).axes[0]
    ticks = [t for t in ax.get_xticks() if 5 <= t <= 6]
    assert ticks == [5.0, 6.0]


@pytest.mark.parametrize("args", [["compare", "fake-6", "--set-a", "rounds=10", "--set-b", "rounds=1"],
                                  ["sweep", "fake-6", "--set", "rounds=1,10"]])
def test_compare_and_sweep_take_quiet_as_the_readme_says(args):
    # -q was refused ("No such option"), though the README lists --quiet among the common options
    loud = invoke(*args, "--games", 20, "--seed", 4)
    for flag in ("-q", "--quiet"):
        r = invoke(*args, "--games", 20, "--seed", 4, flag)
        assert r.exit_code == 0, r.output
        assert r.stdout == loud.stdout
