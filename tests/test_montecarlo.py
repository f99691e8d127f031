"""Monte Carlo runs on the fake engine: aggregation, determinism across --jobs, logs."""
import io
import json
import multiprocessing

import pytest
from rich.console import Console

import fakegame
from wolfdsl.sim import montecarlo
from wolfdsl.diagnostics import WolfError
from wolfdsl.play import game_log, options_in_force, play_game
from wolfdsl.present import tables
from wolfdsl.sim.montecarlo import Outcome, _chunks, _Tally, simulate
from wolfdsl.play.seeding import game_seed

needs_fork = pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                                reason="fake engine reaches workers only by fork")


@pytest.fixture(autouse=True)
def fake(monkeypatch):
    fakegame.install(monkeypatch)


def without_timing(summary):
    d = summary.to_dict()
    del d["timing"]
    return d


def test_tally_of_hand_made_outcomes():
    t = _Tally()
    t.add(Outcome(0, ("village",), True, 3, ("wolf", "exile"), "no_wolves"))
    t.add(Outcome(1, ("werewolves",), True, 2, ("wolf",), "side"))
    t.add(Outcome(2, ("lovers", "werewolves"), True, 3, ("wolf", "heartbreak"), "lovers"))
    t.add(Outcome(3, (), True, 5, (), None))          # a draw
    t.add(Outcome(4, (), False, 1, ("poison",), None))  # stopped before a winner
    s = t.summary(fakegame.ruleset(), seed=1, agents="random", options={}, players=None)
    rows = {f.id: (f.name, f.wins, f.rate) for f in s.factions}
    assert rows == {"village": ("Village", 1, 0.2), "werewolves": ("Werewolves", 2, 0.4),
                    "lovers": ("lovers", 1, 0.2)}
    assert [f.id for f in s.factions] == ["village", "werewolves", "lovers"]
    assert (s.games, s.draws, s.unfinished) == (5, 1, 1)
    assert s.lengths == {1: 1, 2: 1, 3: 2, 5: 1}
    assert s.mean_length == 2.8
    assert round(s.stdev_length, 4) == 1.4832
    assert s.deaths_per_game() == {"wolf": 0.6, "exile": 0.2, "heartbreak": 0.2, "poison": 0.2}
    assert s.reasons == {"no_wolves": 1, "side": 1, "lovers": 1}
    d = s.to_dict()
    assert d["factions"][1] == {"id": "werewolves", "name": "Werewolves", "wins": 2, "rate": 0.4,
                                "ci95": [0.117621, 0.769276]}
    assert d["length"] == {"mean": 2.8, "stdev": 1.48324, "min": 1, "max": 5,
                           "distribution": {"1": 1, "2": 1, "3": 2, "5": 1}}
    # one game of each outcome: the first that had it, with its game seed and a replay
    assert s.first == {"village": 0, "werewolves": 1, "lovers": 2, "draw": 3, "unfinished": 4}
    seed = {i: game_seed(1, i) for i in range(5)}
    assert seed[0] == 1 and len(set(seed.values())) == 5
    assert d["examples"] == {
        "wins": {"village": {"game": 0, "seed": 1, "command": "wolfdsl run fake-6 --seed 1 --agents random"},
                 "werewolves": {"game": 1, "seed": seed[1],
                                "command": f"wolfdsl run fake-6 --seed {seed[1]} --agents random"},
                 "lovers": {"game": 2, "seed": seed[2],
                            "command": f"wolfdsl run fake-6 --seed {seed[2]} --agents random"}},
        "draw": {"game": 3, "seed": seed[3], "command": f"wolfdsl run fake-6 --seed {seed[3]} --agents random"},
        "unfinished": {"game": 4, "seed": seed[4],
                       "command": f"wolfdsl run fake-6 --seed {seed[4]} --agents random"}}


def test_summary_matches_games_played_one_by_one():
    rs = fakegame.load("fake-6")
    results = [play_game(rs, 11, i) for i in range(60)]
    s = simulate("fake-6", 60, 11, progress=False)
    wins = {f.id: f.wins for f in s.factions}
    assert wins["village"] == sum(r.winners == ["village"] for r in results)
    assert wins["werewolves"] == sum(r.winners == ["werewolves"] for r in results)
    assert wins["village"] + wins["werewolves"] == 60
    assert sum(s.lengths.values()) == 60
    assert s.mean_length == sum(r.days for r in results) / 60
    assert s.deaths["wolf"] == sum(len([d for d in r.deaths if d["cause"] == "wolf"])
                                   for r in results)
    for f in s.factions:
        assert (f.low, f.high) == montecarlo.wilson(f.wins, 60)


def test_game_i_uses_game_seed_and_game_zero_is_the_single_game():
    rs = fakegame.load("fake-6")
    assert play_game(rs, 5, 0).seed == 5
    assert play_game(rs, 5, 3).seed == game_seed(5, 3)
    buf = io.StringIO()
    simulate("fake-6", 3, 5, log=buf, progress=False)
    first = [l for l in buf.getvalue().splitlines() if json.loads(l)["game"] == 0]
    assert "\n".join(first) + "\n" == game_log(play_game(rs, 5, 0).events)


@needs_fork
@pytest.mark.parametrize("jobs", [2, 3])
def test_jobs_do_not_change_summary_or_log(jobs, tmp_path):
    one, many = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    s1 = simulate("fake-6", 157, 99, jobs=1, log=one, progress=False)
    sj = simulate("fake-6", 157, 99, jobs=jobs, log=str(many), progress=False)
    assert without_timing(s1) == without_timing(sj)
    assert sj.jobs == jobs
    assert one.read_bytes() == many.read_bytes()
    games = [json.loads(l)["game"] for l in one.read_text(encoding="utf-8").splitlines()]
    assert games == sorted(games) and set(games) == set(range(157))


def test_log_lines_are_compact_ordered_json():
    e = {"seq": 0, "game": 0, "day": 1, "phase": "day", "type": "vote", "kind": "exile",
         "round": 1, "ballots": {2: 9, 3: None}, "tally": {9: 1}, "result": 9, "note": "狼"}
    line = ('{"seq":0,"game":0,"day":1,"phase":"day","type":"vote",'
            '"kind":"exile","round":1,"ballots":{"2":9,"3":null},'
            '"tally":{"9":1},"result":9,"note":"狼"}\n')
    assert game_log([e, e]) == line + line


def test_an_example_game_replayed_alone_is_the_same_game():
    rs = fakegame.load("fake-6")
    s = simulate("fake-6", 30, 4, progress=False)
    found = s.examples()["wins"]
    assert set(found) == {"village", "werewolves"}
    for faction, ex in found.items():
        in_run = play_game(rs, 4, ex["game"])
        alone = play_game(rs, ex["seed"], 0)
        assert in_run.winners == alone.winners == [faction]
        assert [{**e, "game": 0} for e in in_run.events] == alone.events
        assert all(play_game(rs, 4, i).winners != [faction] for i in range(ex["game"]))
        assert ex["command"] == f"wolfdsl run fake-6 --seed {ex['seed']}"


def test_unfinished_games_and_options_reach_the_loader():
    s = simulate("fake-6", 40, 3, options={"rounds": "1"}, progress=False)
    assert s.first["unfinished"] == 0 and s.examples()["unfinished"]["command"].endswith("--set rounds=1")
    assert s.unfinished + sum(f.wins for f in s.factions) == 40
    assert s.unfinished > 0 and s.lengths.keys() == {1}
    assert s.options == {"rounds": "1"}
    assert "rounds=1" in render(s)


def test_bad_input_raises_wolf_error():
    with pytest.raises(WolfError, match="unknown agent 'rando' \\(did you mean 'random'\\?\\); "
                                        "available: heuristic, random"):
        simulate("fake-6", 3, 1, agents="rando", progress=False)
    with pytest.raises(WolfError, match="unknown ruleset"):
        simulate("nope", 3, 1, progress=False)
    with pytest.raises(WolfError, match="--jobs must be at least 1"):
        simulate("fake-6", 3, 1, jobs=0, progress=False)


def test_zero_games():
    s = simulate("fake-6", 0, 1, progress=False)
    assert s.games == 0 and s.lengths == {} and s.to_dict()["length"]["min"] is None
    assert [(f.wins, f.low, f.high) for f in s.factions] == [(0, 0.0, 1.0), (0, 0.0, 1.0)]


def test_chunks_cover_every_game_once():
    for games, jobs in [(1, 4), (10, 2), (1000, 3), (100000, 8)]:
        chunks = _chunks(games, jobs)
        assert chunks[0][0] == 0 and chunks[-1][1] == games
        assert all(a < b and b == c for (a, b), (c, _) in zip(chunks, chunks[1:]))
        assert all(b - a <= 200 for a, b in chunks)


def render(summary):
    console = Console(width=100, record=True, file=io.StringIO())
    for item in tables.summary_renderables(summary):
        console.print(item)
    return console.export_text()


def test_rendered_table():
    t = _Tally()
    for i in range(3):
        t.add(Outcome(i, ("village",), True, 2, ("wolf",), "r"))
    t.add(Outcome(3, (), True, 4, ("wolf", "exile"), None))
    s = t.summary(fakegame.ruleset(), seed=8, agents="random", options={}, players=None)
    text = render(s)
    assert "fake-6: 4 games, seed 8, agents random" in text
    assert "Village (village)" in text and "75.0%" in text and "30.1% – 95.4%" in text
    assert "no winner (draw)" in text
    assert "mean 2.50, stdev 1.00" in text
    seed3 = game_seed(8, 3)
    assert ("One game of each outcome, to watch it (game N of this run, played alone):\n"
            "  Village (village)  game 0     wolfdsl run fake-6 --seed 8 --agents random\n"
            f"  no winner (draw)   game 3     wolfdsl run fake-6 --seed {seed3} --agents random\n") in text
    assert "wolf" in text and "1.00" in text and "exile" in text and "0.25" in text
    s.seconds, s.jobs = 2.0, 2
    assert tables.timing_line(s) == "4 games in 2.00 s: 2.0 games/s (2 jobs)"


def test_brief_rendering_and_counts_of_one():
    t = _Tally()
    t.add(Outcome(0, ("village",), True, 1, ("wolf",), "r"))
    s = t.summary(fakegame.ruleset(), seed=8, agents="random", options={"x": False}, players=1)
    text = render(s)
    assert "fake-6: 1 game, seed 8, agents random, 1 player, x=false" in text
    console = Console(width=100, record=True, file=io.StringIO())
    for item in tables.summary_renderables(s, brief=True):
        console.print(item)
    brief = console.export_text()
    assert "Wins" in brief and "Game length" not in brief and "Deaths by cause" not in brief
    assert "to watch it" in text and "to watch it" not in brief
    s.seconds, s.jobs = 1.0, 1
    assert tables.timing_line(s) == "1 game in 1.00 s: 1.0 games/s (1 job)"


def test_options_in_force_are_typed_as_the_ruleset_declares():
    from types import SimpleNamespace as NS

    rs = NS(options={"flag": NS(value=False), "weight": NS(value=1.5)})
    assert options_in_force(rs, {"flag": "no", "weight": "1.5", "other": "x"}) == {
        "flag": False, "weight": 1.5, "other": "x"}


def _slow_chunk(start, stop):
    import time

    if start > 0:
        time.sleep(60)
    return [Outcome(i, (), True, 1, (), None) for i in range(start, stop)]


@needs_fork
def test_stopping_a_parallel_run_ends_its_workers_at_once(monkeypatch):
    import time

    monkeypatch.setattr(montecarlo, "_run_chunk", _slow_chunk)
    outcomes = montecarlo._parallel("fake-6", 400, 1, 2, "random", None, None, False,
                                    lambda: None)
    next(outcomes)
    t0 = time.monotonic()
    outcomes.close()  # as on ^C: the chunks in flight are not waited for
    while multiprocessing.active_children() and time.monotonic() - t0 < 10:
        time.sleep(0.05)  # a terminated worker may take a moment to be reaped on a busy machine
    assert time.monotonic() - t0 < 10
    assert multiprocessing.active_children() == []
    # The pool's manager thread has ended (and closed its pipes) or is out of the exit
    # hook's reach: otherwise the hook may write to a pipe as the thread closes it, and
    # "Exception ignored ... Bad file descriptor" reaches stderr at exit.
    import concurrent.futures.process as cfp
    assert [t for t in cfp._threads_wakeups if t.is_alive()] == []
    assert all(w._closed for t, w in cfp._threads_wakeups.items())

