"""--agents specs: names, parameters, one agent per faction; errors exit 2."""
import subprocess
import sys

import pytest

from wolfdsl.agents.registry import PerFaction, build
from wolfdsl.agents.table import TableAgent
from wolfdsl.diagnostics import WolfError
from wolfdsl.lang.load import load
from wolfdsl.play import game_log, play_game
from wolfdsl.play.agents import HeuristicAgent, RandomAgent


def test_names_and_parameters():
    assert isinstance(build("random", 1), RandomAgent)
    a = build("table:skill=0.25;read=0.7", 1)
    assert isinstance(a, TableAgent) and (a.skill, a.read) == (0.25, 0.7)
    assert (build("table", 1).read, build("table", 1).vote) == (0.28, 0.1)
    assert build("table:vote=0.3", 1).vote == 0.3


@pytest.mark.parametrize("spec,message", [
    ("", "--agents needs a name"),
    ("tabel", "unknown agent 'tabel' (did you mean 'table'?)"),
    ("table:skill", "agent parameter 'skill': write KEY=VALUE"),
    ("table:skill=high", "the value must be a number"),
    ("table:read=0.6,vote=0.2", "agent parameter 'read=0.6,vote=0.2': the value must be a number; parameters "
                                "are separated by ';', not ',': --agents 'table:read=0.6;vote=0.2' (quoted, "
                                "for the shell)"),
    ("table:read=0,6", "agent parameter 'read=0,6': the value must be a number; write a decimal point: read=0.6"),
    ("table:skill=2", "agent 'table': skill is between 0 and 1"),
    ("table:", "agent 'table:': nothing after the colon; write table alone, or parameters such as table:skill=0.5"),
    ("random: ;", "agent 'random: ;': nothing after the colon; write random alone, or parameters such as "
                  "random:skill=0.5"),
    ("table:vote=1", "agent 'table': vote is between 0 and 1 (below 1)"),
    ("table:depth=3", "agent 'table' takes no parameter 'depth'"),
    ("random:skill=1", "agent 'random' takes no parameter 'skill'"),
    ("village=table,=random", "write FACTION=AGENT,FACTION=AGENT, a pair for each faction you set"),
    ("table,village=random", "(the others play 'table'"),
    ("village=table,village=random", "faction 'village' is given twice; name each faction once"),
    ("table:skill=0.7;skill=0.5", "agent 'table:skill=0.7;skill=0.5': parameter 'skill' is given twice; "
                                  "give each parameter once"),
    ("village=table:read=1; read=2", "agent 'table:read=1; read=2': parameter 'read' is given twice"),
    # a trial: the colon left out said "unknown agent '0.3'"
    ("table;read=0.3", "--agents 'table;read=0.3': an agent's parameters follow its name after a colon: "
                       "--agents 'table:read=0.3' (quoted, for the shell)"),
    ("village=table;read=0.3", "agent 'table;read=0.3': an agent's parameters follow its name after a colon: "
                               "table:read=0.3"),
])
def test_bad_specs(spec, message):
    with pytest.raises(WolfError) as e:
        build(spec, 1)
    assert message in str(e.value)


def test_per_faction_routes_each_seat_to_its_factions_agent():
    rs = load("standard-12")
    a = build("village=table,werewolves=heuristic", 5)
    assert isinstance(a, PerFaction)
    assert isinstance(a.by_faction["village"], TableAgent) and isinstance(a.by_faction["werewolves"], HeuristicAgent)
    result = play_game(rs, 5, agents="village=table,werewolves=heuristic")
    assert result.events[-1]["type"] == "game_over"
    # a wolf under the heuristic agent follows the prefer hints: never kills a teammate
    wolves = {s["seat"] for s in result.events[0]["seats"] if s["role"] == "werewolf"}
    kills = [e for e in result.events if e["type"] == "action" and e.get("action") == "werewolves.kill"]
    assert kills and all(not (set(k.get("targets") or []) & wolves) for k in kills)


def test_an_unknown_faction_exits_2():
    r = subprocess.run([sys.executable, "-m", "wolfdsl", "run", "standard-12", "--agents",
                        "village=table,wolves=random", "--seed", "1"], capture_output=True, text=True)
    assert r.returncode == 2
    assert "no faction 'wolves' in this ruleset (did you mean 'werewolves'?)" in r.stderr
    assert "Traceback" not in r.stderr


def test_same_seed_same_log_on_any_jobs(tmp_path):
    logs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}.jsonl"
        r = subprocess.run([sys.executable, "-m", "wolfdsl", "run", "standard-12", "--games", "12", "--seed", "4",
                            "-j", jobs, "-q", "--log", str(out)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        logs.append(out.read_bytes())
    assert logs[0] == logs[1] and b'"type":"claim"' in logs[0]
    again = game_log(play_game(load("standard-12"), 4, 0).events)
    assert logs[0].decode().startswith(again)


def test_the_days_impressions_are_logged_and_narrated_without_changing_a_decision():
    """Each day the table agent logs how the speeches were heard (``impressions``: after
    each ``speeches`` event, the reading of every living seat that speaks for the first
    time that day: the candidates of a campaign, then the others) and the narration shows
    them; the other events are those of a game that logs none (the same seed with the
    agent's ``bind`` taken away)."""
    from wolfdsl.agents import table as T
    from wolfdsl.lang.load import load
    from wolfdsl.play import play_game
    from wolfdsl.present.narrate import narrate
    rs = load("standard-12")
    events = play_game(rs, 7, 0, "table").events
    days = [e["day"] for e in events if e["type"] == "phase" and e["phase"] == "day"]
    imp = [e for e in events if e["type"] == "impressions"]
    assert sorted({e["day"] for e in imp}) == days and all(e["read"] == 0.28 for e in imp)
    alive, heard, expected = set(range(1, 13)), set(), None
    for e in events:
        if e["type"] == "phase":
            heard = set() if e["phase"] == "day" else heard
        if expected is not None:  # the event right after a speeches event
            assert e["type"] == "impressions" and set(e["reads"]) == expected, (e, expected)
            assert all(isinstance(x, float) for x in e["reads"].values())
            heard |= expected
            expected = None
        if e["type"] == "speeches":
            expected = {s for s in e["order"] if s in alive} - heard
        if e["type"] == "death":
            alive.discard(e["seat"])
    # seed 7: on day 1 the five candidates are heard in the campaign, the others after it
    assert [sorted(e["reads"]) for e in imp[:2]] == [[3, 4, 6, 8, 10], [1, 2, 5, 7, 9, 11, 12]]
    # before each vote, the public view of its candidates (``suspicions``): one per vote
    # and round, right before its ballots, probabilities of the candidates
    views = [(i, e) for i, e in enumerate(events) if e["type"] == "suspicions"]
    votes = [e for e in events if e["type"] == "vote"]
    assert [(e["action"], e["round"]) for _, e in views] == [(v["kind"] + "_vote", v["round"]) for v in votes]
    for (i, e), v in zip(views, votes):
        assert set(v["tally"]) <= set(e["suspicion"])  # every seat voted for was a candidate
        assert all(0.0 <= p <= 1.0 for p in e["suspicion"].values())
    text = "\n".join(narrate(events, rs))
    assert "The speeches as the table bots heard them" in text
    assert text.count("Before the vote, from what is public (how likely each is a wolf): ") == len(votes)
    first = imp[0]["reads"]
    top = max(first, key=lambda s: (first[s], -s))
    assert f"higher: more): {top}号 {first[top]:+.1f}" in text
    import json
    from wolfdsl.present.explain import explain
    logged = json.loads(json.dumps(events))  # as read back from a log: seats as strings
    assert any(f"its speech heard as {first[top]:+.2f} suspect (rank 1 of 5, 1: the most)" in line
               for line in explain(logged, rs, top))
    bind = T.TableAgent.bind
    try:
        del T.TableAgent.bind
        quiet = play_game(rs, 7, 0, "table").events
    finally:
        T.TableAgent.bind = bind
    strip = [{k: v for k, v in e.items() if k != "seq"} for e in events
             if e["type"] not in ("impressions", "suspicions")]
    assert strip == [{k: v for k, v in e.items() if k != "seq"} for e in quiet]
    assert len(play_game(rs, 7, 0, "village=table,werewolves=heuristic").events) > 0
    assert not [e for e in play_game(rs, 7, 0, "random").events if e["type"] == "impressions"]


@pytest.mark.parametrize("option, value, message", [
    ("--agents", "table:skill=0.7;skill=0.5",
     "Invalid value for '--agents': agent 'table:skill=0.7;skill=0.5': parameter 'skill' is given twice; "
     "give each parameter once"),
    ("--seat", "3=table:skill=0.7;skill=0.5",
     "Invalid value for '--seat': --seat '3=table:skill=0.7;skill=0.5': agent 'table:skill=0.7;skill=0.5': "
     "parameter 'skill' is given twice; give each parameter once"),
])
def test_a_parameter_given_twice_is_bad_input_not_the_last_one_silently(option, value, message):
    from clitools import invoke

    r = invoke("run", "standard-12", "--seed", 1, "-q", option, value)
    assert r.exit_code == 2, r.output
    assert " ".join(r.stderr.split()).endswith("Error: " + message)
