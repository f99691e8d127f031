"""The event log: compact JSON Lines, and its schema (contract section 3)."""
from __future__ import annotations

import json

import pytest

from wolfdsl.play.eventlog import dumps_event, validate_events, write_jsonl
from wolfdsl.schemas import load_schema


def base(seq: int, type_: str, day: int = 1, phase: str = "night", **fields) -> dict:
    return {"seq": seq, "game": 0, "day": day, "phase": phase, "type": type_, **fields}


def sample_game() -> list[dict]:
    """One event of every type the contract requires, plus free-form ones."""
    return [
        base(0, "game_start", seed=7, ruleset="standard-12",
             seats=[{"seat": 1, "role": "werewolf", "faction": "werewolves"},
                    {"seat": 2, "role": "seer", "faction": "village"}]),
        base(1, "phase"),
        base(2, "action", seat=None, by="werewolves", action="werewolves.kill", targets=[2], choice=None),
        base(3, "action", seat=3, by="witch", action="witch.save", targets=[], choice=True),
        base(4, "inform", seat=5, text="seat 1 is a werewolf"),
        base(5, "death", seat=2, role="seer", cause="wolf", last_words=True),
        base(6, "sheriff", day=1, phase="day", seat=5, how="elected"),
        base(7, "vote", phase="day", kind="exile", round=1, ballots={2: 9, 3: None}, tally={9: 2}, result=9),
        base(8, "status", phase="day", seat=4, add="revealed_idiot"),
        base(9, "status", phase="day", seat=4, remove="lover"),
        base(10, "speeches", phase="day", order=[3, 4, 5]),
        base(11, "note", phase="day", text="狼人胜利"),
        base(12, "game_over", phase="day", winners=["werewolves"], winning_seats=[1], reason="WIN-WOLVES-01"),
    ]


def test_dumps_event_is_compact_ordered_and_unicode():
    event = {"seq": 3, "type": "vote", "ballots": {2: 9, 10: None}, "note": "狼人", "targets": (1, 2)}
    assert dumps_event(event) == '{"seq":3,"type":"vote","ballots":{"2":9,"10":null},"note":"狼人","targets":[1,2]}'


def test_dumps_event_rejects_what_json_cannot_hold():
    with pytest.raises(ValueError):
        dumps_event({"x": float("nan")})
    with pytest.raises(TypeError):
        dumps_event({"x": {1, 2}})


def test_write_jsonl_round_trips_byte_for_byte(tmp_path):
    events = sample_game()
    path = tmp_path / "log.jsonl"
    assert write_jsonl(str(path), events) == len(events)
    data = path.read_bytes()
    assert data == "".join(dumps_event(e) + "\n" for e in events).encode("utf-8")
    assert [json.loads(line)["seq"] for line in data.decode("utf-8").splitlines()] == list(range(13))
    write_jsonl(str(path), iter(events))
    assert path.read_bytes() == data


def test_write_jsonl_to_stdout(capsys):
    write_jsonl("-", [base(0, "note")])
    assert capsys.readouterr().out == '{"seq":0,"game":0,"day":1,"phase":"night","type":"note"}\n'


def test_every_sample_event_is_valid():
    assert validate_events(sample_game()) == []


def test_schema_names_every_contract_type():
    schema = load_schema("events")
    # the contract's types, and two the prelude writes whose fields narrate and explain read
    assert set(schema["$defs"]["is"]) == {"game_start", "action", "death", "vote", "sheriff", "status",
                                          "game_over", "spared", "inform", "speeches", "claim"}
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("event, problem", [
    ({"seq": 0, "game": 0, "day": 1, "type": "note"}, "event 0 (note): 'phase' is a required property"),
    (base(0, "note", phase="dusk"), "event 0 (note).phase: 'dusk' is not one of ['night', 'day']"),
    (base(0, "death", seat=2, role="seer", cause="wolf"), "event 0 (death): 'last_words' is a required property"),
    (base(0, "death", seat=0, role="seer", cause="wolf", last_words=False),
     "event 0 (death).seat: 0 is less than the minimum of 1"),
    (base(0, "action", seat=1, by="x", action="x.y", targets=[2]), "event 0 (action): 'choice' is a required property"),
    (base(0, "action", seat=1, by="x", action="x.y", targets=None, choice=None),
     "event 0 (action).targets: None is not of type 'array'"),
    (base(0, "vote", kind="exile", round=1, ballots={2: "x"}, tally={}, result=None),
     "event 0 (vote).ballots.2: 'x' is not valid under any of the given schemas"),
    (base(0, "sheriff", seat=None, how="stolen"),
     "event 0 (sheriff).how: 'stolen' is not one of ['elected', 'passed', 'torn', 'lost', 'none']"),
    (base(0, "status", seat=3), "event 0 (status): needs 'add' or 'remove'"),
    (base(0, "game_over", winners="village", winning_seats=[], reason="W"),
     "event 0 (game_over).winners: 'village' is not of type 'array'"),
    # a tell of a role id, not a seat, wrote this before it became an E401
    (base(0, "inform", seat="watchman", what={"saw_wolf": 5}),
     "event 0 (inform).seat: 'watchman' is not of type 'integer'"),
    (base(0, "inform", seat=3, what=[5]), "event 0 (inform).what: [5] is not of type 'object'"),
    (base(0, "game_start", ruleset="r", seed=1, seats=[{"seat": 1, "role": "x"}]),
     "event 0 (game_start).seats[0]: 'faction' is a required property"),
])
def test_invalid_events_are_named(event, problem):
    assert validate_events([event]) == [problem]


def test_seq_runs_from_zero_in_each_game():
    events = [base(0, "note"), base(2, "note"), {**base(0, "note"), "game": 1}, {**base(0, "note"), "game": 1}]
    assert validate_events(events) == ["event 1 (note): seq 2 in game 0, expected 1",
                                       "event 3 (note): seq 0 in game 1, expected 1"]


def test_non_json_event():
    assert validate_events([{**base(0, "note"), "x": {1}}]) == [
        "event 0 (note): not JSON: Object of type set is not JSON serializable"]



def test_a_seed_beyond_64_bits_is_written_exactly_and_replays(tmp_path):
    """A researcher's trial: a seed above 2^64 went into the log as a bare integer. The
    contract takes `--seed INT` with no bound, so it stays accepted and is written exactly;
    the docs and the schema tell readers in other languages to parse seeds as big
    integers, and the seeds wolfdsl derives itself stay below 2^63 (a signed 64-bit int)."""
    from pathlib import Path

    from clitools import invoke

    big = 2**64 + 12345
    log, again = tmp_path / "big.jsonl", tmp_path / "again.jsonl"
    r = invoke("run", "classic-9", "--games", 3, "--seed", big, "--log", log, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["seed"] == big
    text = log.read_text(encoding="utf-8")
    events = [json.loads(line) for line in text.splitlines()]
    assert validate_events(events) == []
    seeds = [e["seed"] for e in events if e["type"] == "game_start"]
    assert seeds[0] == big and len(seeds) == 3 and all(0 <= s < 2**63 for s in seeds[1:])
    assert f'"seed":{big},' in text
    assert invoke("run", "classic-9", "--seed", big, "--log", again, "-q").exit_code == 0
    assert again.read_text(encoding="utf-8").splitlines() == [line for line in text.splitlines()
                                                               if '"game":0,' in line]
    said = load_schema("events")["$defs"]["game_start"]["properties"]["seed"]["description"]
    assert "big-int parsing" in said
    docs = Path(__file__).resolve().parent.parent / "docs"
    for page in ("agents.md", "eventlog.md"):
        assert "2^63" in (docs / page).read_text(encoding="utf-8"), page
