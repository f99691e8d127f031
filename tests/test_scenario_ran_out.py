"""A hand-written scenario whose decisions run out: the game plays on under `otherwise:
abstain`, everyone passing, and a warning names the day of the last decision and the
`stop_after` that ends the run there. Results and exit codes do not change."""
from __future__ import annotations

from clitools import invoke
from test_scenario_loader import write
from wolfdsl.play.results import GameResult
from wolfdsl.scenario import load_scenario, run_scenario
from wolfdsl.scenario.run import _ran_out

ONE_DAY = """\
ruleset: standard-12
seed: 3
seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard,
        villager, villager, villager, villager]
{extra}decisions:
  - {{at: night 1, by: werewolves, do: kill, choose: 9}}
  - {{at: day 1, by: [5, 6], do: run_for_sheriff, choose: yes}}
  - {{at: day 1, do: exile_vote, votes: {{5: 1, 6: 1, 7: 1}}}}
  - {{at: night 1, by: seer, do: check, choose: 1}}
expect:
  deaths: [{{seat: 9, cause: wolf, at: night 1}}, {{seat: 1, cause: exile, at: day 1}}]
"""


def test_a_one_day_record_played_on_to_the_day_bound_is_warned_about(tmp_path):
    path = write(tmp_path, ONE_DAY.format(extra=""))
    r = invoke("run", "-q", "--script", path)
    assert (r.exit_code, r.stdout) == (0, "")  # the claim holds, as before
    assert r.stderr == (
        f"{path}:8:5: warning: the scripted decisions end in day 1 (decisions[2]), but the game went on to day 40 "
        "with every later request left to `otherwise: abstain` and ended in a draw; add `stop_after: day 1` to end "
        "the run where the decisions end\n")
    # the result is the one it was: the day bound's draw
    out = run_scenario(path)
    assert (out.ok, out.result.over, out.result.winners, out.result.reason, out.result.days) == \
        (True, True, [], "day_limit", 40)


def test_with_the_stop_after_it_suggests_there_is_no_warning(tmp_path):
    path = write(tmp_path, ONE_DAY.format(extra="stop_after: day 1\n"))
    r = invoke("run", "-q", "--script", path)
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")


def test_other_policies_are_not_warned_about(tmp_path):
    for policy in ("random", "error"):
        text = ONE_DAY.format(extra=f"otherwise: {policy}\n")
        out_of = _ran_out(load_scenario(write(tmp_path, text)), GameResult(0, 3, days=40, over=True))
        assert out_of is None


def test_a_game_that_ends_the_next_day_is_not_warned_about(tmp_path):
    sc = load_scenario(write(tmp_path, ONE_DAY.format(extra="")))
    ended = [{"seq": 0, "game": 0, "day": 2, "phase": "day", "type": "game_over", "winners": ["village"]}]
    assert _ran_out(sc, GameResult(0, 3, events=ended, winners=["village"], over=True, days=2)) is None
    ended[0]["day"] = 3
    assert _ran_out(sc, GameResult(0, 3, events=ended, winners=["village"], over=True, days=3)) == (
        f"{sc.path}:8:5: warning: the scripted decisions end in day 1 (decisions[2]), but the game went on to day 3 "
        "with every later request left to `otherwise: abstain` and ended: village won; add `stop_after: day 1` to "
        "end the run where the decisions end")


def test_an_expected_winner_that_holds_says_how_the_game_ends(tmp_path):
    # the file states the outcome: the passes after the last decision are meant
    held = ONE_DAY.format(extra="") + "  winner: draw\n"
    r = invoke("run", "-q", "--script", write(tmp_path, held, "held.yaml"))
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")
    # a winner that does not hold: the diff, and the warning that explains it
    failed = ONE_DAY.format(extra="") + "  winner: village\n"
    r = invoke("run", "-q", "--script", write(tmp_path, failed, "failed.yaml"))
    assert r.exit_code == 1
    assert "expect.winner: expected village, got draw: the game was a draw (day limit)" in r.stdout
    assert "warning: the scripted decisions end in day 1 (decisions[2])" in r.stderr
