"""A rule that fails in one game of a Monte Carlo run names that game and how to replay
it (new-user test): the E401 used to stop `run --games` with exit 2 and no way to find
the game among the 200. The message now starts with the game's index, and a note gives
its seed and a `wolfdsl run` command that plays it alone — and fails at the same place."""
import re
import shlex

import pytest
from clitools import invoke

from wolfdsl.play.seeding import game_seed
from wolfdsl.sim.montecarlo import replay_command

# `last` is none in one night out of eleven: some game of the run fails at night 2 or later
RULES = """import "roles"
players 12
deck 12: werewolf*4, seer, witch, hunter, guard, villager*4
role counterman "Counterman" { faction village; class god; counter n = 0 }
step tally in night after hunter before dawn {
    if day > 1 {
        for me in [p in alive where p.role == seer] {
            let last = pick([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, none])
            me.n += last
        }
    }
}
"""
FAILURE = ("this statement failed while the game ran: `me.n += last`: `last` is none, not a number "
           "(`+=` adds a number)")


def test_the_failed_game_is_named_and_its_replay_command_fails_the_same_way(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rt.wolf").write_text(RULES, encoding="utf-8")
    errs = []
    for jobs in (1, 2):
        r = invoke("run", "rt.wolf", "--games", 200, "--jobs", jobs, "--seed", 1, "-q")
        assert r.exit_code == 2, r.output
        errs.append(r.stderr)
    assert errs[0] == errs[1]  # the first game in order that fails, whatever --jobs is
    lines = errs[0].splitlines()
    m = re.fullmatch(r"rt\.wolf:9:13: E401 error: game (\d+) of the run, night (\d+): (.*)", lines[0])
    assert m and m.group(3) == FAILURE, lines[0]
    game, night = int(m.group(1)), int(m.group(2))
    seed = game_seed(1, game)
    assert lines[-1] == (f"note: game {game} (the `game` of its events in a --log, from 0) has the seed {seed}; "
                         f"replay it alone with: wolfdsl run rt.wolf --seed {seed}")
    assert "Traceback" not in errs[0]

    # the command replays that game alone: the same failure at the same night and line
    words = shlex.split(lines[-1].split("replay it alone with: ")[1])
    assert words[:2] == ["wolfdsl", "run"]
    r = invoke(*words[1:])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == f"rt.wolf:9:13: E401 error: night {night}: {FAILURE}"

    # and the games before it pass: a run of exactly those ends well
    if game:
        assert invoke("run", "rt.wolf", "--games", game, "--seed", 1, "-q").exit_code == 0


@pytest.mark.parametrize("args,command", [
    (("standard-12", 5, "table", None, None), "wolfdsl run standard-12 --seed 5"),
    (("my rules.wolf", 5, "random", {"witch_self_save": "never", "flag": True}, 9),
     "wolfdsl run 'my rules.wolf' --seed 5 --players 9 --agents random --set witch_self_save=never --set flag=true"),
])
def test_the_replay_command_carries_the_run_s_players_agents_and_options(args, command):
    assert replay_command(*args) == command
