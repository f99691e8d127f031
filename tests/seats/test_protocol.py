"""Programs at seats (--seat N=cmd:COMMAND): the protocol, replacement, the example bot."""
import json
import sys
from pathlib import Path

import pytest

from clitools import invoke
from wolfdsl.lang.load import load
from wolfdsl.play import agents as agents_module
from wolfdsl.play import game_log, play_game
from wolfdsl.play.agents import BaseAgent
from wolfdsl.play.eventlog import validate_events
from wolfdsl.present.narrate import narrate
from wolfdsl.schemas import validator
from wolfdsl.seats.protocol import stop_all
from wolfdsl.seats.spec import compose

BOTS = Path(__file__).parent / "bots"
EXAMPLE = Path(__file__).parents[2] / "examples" / "seat_bot.py"
PY = sys.executable


def cmd(script, *args) -> str:
    return "cmd:" + " ".join([PY, str(script), *map(str, args)])


def every_seat(agent: str, n: int = 12) -> list[str]:
    return [f"{s}={agent}" for s in range(1, n + 1)]


class FirstAgent(BaseAgent):
    """In process, what first_bot.py does over the protocol."""

    def __init__(self, seed=0):
        pass

    def decide(self, request):
        options, n = request.options, request.count
        if request.kind == "seats":
            return tuple(options[:n or 1]) if len(options) >= (n or 1) else None
        return options[0] if options else None


def without_agent_labels(events):
    out = []
    for e in events:
        if e["type"] == "game_start":
            e = {k: v for k, v in e.items() if k != "agents"}
            e["seats"] = [{k: v for k, v in s.items() if k != "agent"} for s in e["seats"]]
        out.append(e)
    return out


@pytest.fixture(scope="module")
def standard():
    return load("standard-12")


def test_a_first_option_bot_gives_the_log_of_the_same_choices_made_in_process(standard, monkeypatch):
    monkeypatch.setitem(agents_module.AGENTS, "first", FirstAgent)
    for seed in (3, 7):
        inproc = play_game(standard, seed, 0, compose("table", every_seat("first")))
        piped = play_game(standard, seed, 0, compose("table", every_seat(cmd(BOTS / "first_bot.py"))))
        assert not [e for e in piped.events if e["type"] == "agent_replaced"]
        assert game_log(without_agent_labels(piped.events)) == game_log(without_agent_labels(inproc.events))
        assert piped.over and len(piped.events) > 50
        # only the labels differ: who played each seat is recorded
        start = piped.events[0]
        assert start["seats"][4]["agent"] == cmd(BOTS / "first_bot.py")
        assert inproc.events[0]["seats"][4]["agent"] == "first"


def test_the_messages_follow_the_schema_and_show_only_what_the_seat_may_know(standard, tmp_path):
    spec = compose("table", [f"{s}={cmd(BOTS / 'first_bot.py', tmp_path / f'{s}.jsonl')}" for s in (1, 2)])
    result = play_game(standard, 7, 0, spec)
    stop_all(wait=60)  # each program reads to the end of its input and writes down the end
    start = result.events[0]
    assert [e for e in result.events if e["type"] == "spared"], "the guard or the witch saves someone"
    check = validator("seat-protocol")
    for seat in (1, 2):
        msgs = [json.loads(l) for l in (tmp_path / f"{seat}.jsonl").read_text(encoding="utf-8").splitlines()]
        for m in msgs:
            assert not list(check.iter_errors(m)), (m, list(check.iter_errors(m))[0].message)
        hello = msgs[0]
        card = start["seats"][seat - 1]
        assert hello["type"] == "hello" and hello["seat"] == seat and hello["role"] == card["role"]
        assert hello["players"] == 12 and sum(hello["deck"].values()) == 12
        team = [s["seat"] for s in start["seats"] if s["role"] == card["role"] and s["seat"] != seat] \
            if card["faction"] == "werewolves" else []
        assert hello["teammates"] == team
        assert msgs[-1]["type"] == "end" and msgs[-1]["winners"] == result.winners
        observed = [m["event"] for m in msgs if m["type"] == "observe"]
        assert observed[0]["type"] == "game_start" and "seed" not in observed[0] and "seats" not in observed[0]
        for e in observed:
            assert e["type"] != "inform" or e["seat"] == seat
            assert e["type"] != "death" or "role" not in e
            assert e["type"] != "spared"    # the moderator's record (`secret`): who was attacked, who saved him
            # a night action is shown to its actor, or to the living team that made it,
            # though the ruleset narrates actions (an `event action` text); a day's is public
            assert e["type"] != "action" or e["phase"] == "day" or e["seat"] == seat \
                or (e["seat"] is None and e["by"] == card["team"])
            # a day's action is shown as the table sees it: not whose card made it, not a
            # decision left untold (a wolf who does not self-destruct, a claim not made)
            if e["type"] == "action" and e["phase"] == "day" and e["seat"] != seat:
                assert "by" not in e and e["action"] in ("run_for_sheriff", "withdraw", "speech_side", "recommend",
                                                         "sheriff_decides", "hunter.shoot", "idiot.reveal"), e
                assert e["action"] != "self_destruct" or e["choice"] is True
        nights = {e["seat"] for e in observed if e["type"] == "action" and e["phase"] == "night"}
        days = {e["seat"] for e in observed if e["type"] == "action" and e["phase"] == "day"}
        assert nights == ({seat} if card["role"] != "villager" else set()) and len(days) > 2
        decides = [m for m in msgs if m["type"] == "decide"]
        assert decides and {d["kind"] for d in decides} >= {"ballot", "yes_no"}
        # the speeches' impressions are public: every one of the log, right after its speeches
        logged = [e for e in result.events if e["type"] == "impressions"]
        assert len(logged) >= 3 and [e for e in observed if e["type"] == "impressions"] == \
            json.loads(json.dumps(logged))
        for e in logged:
            before = observed[observed.index(json.loads(json.dumps(e))) - 1]
            assert before["type"] == "speeches" and before["seq"] == e["seq"] - 1


@pytest.mark.parametrize("base, told", [
    # one bot for every seat: said as it is, it reveals nothing of the deal
    ("table", "table"),
    # a bot per faction: which bot plays a seat would tell its faction; the log keeps it
    ("village=table,werewolves=random", "bots by faction"),
])
def test_game_start_tells_a_program_who_plays_the_seats_but_nothing_of_the_deal(standard, tmp_path, base, told):
    bot = cmd(BOTS / "first_bot.py", tmp_path / "3.jsonl")
    result = play_game(standard, 7, 0, compose(base, [f"3={bot}", "5=random"]))
    stop_all(wait=60)
    logged = result.events[0]
    assert logged["agents"] == f"{base}, seat 3={bot}, seat 5=random"
    assert [s["agent"] for s in logged["seats"]][:5] == [base, base, bot, base, "random"]
    msgs = [json.loads(line) for line in (tmp_path / "3.jsonl").read_text(encoding="utf-8").splitlines()]
    assert msgs[1] == {"type": "observe", "event": {
        "seq": 0, "game": 0, "day": 1, "phase": "night", "type": "game_start", "ruleset": "standard-12",
        "agents": f"{told}, seat 3={bot}, seat 5=random"}}
    # no card, faction or seed of the deal anywhere in it
    said = json.dumps(msgs[1])
    assert not [w for w in ("werewolf", "werewolves", "village", "seer", "witch", "seed", "extra_cards")
                if f'"{w}' in said or f"{w}=" in said]


def test_the_example_bot_plays_every_seat_of_a_few_games(standard):
    spec = compose("table", every_seat(cmd(EXAMPLE)))
    for game in range(4):
        result = play_game(standard, 11, game, spec)
        assert result.over and result.winners
        assert not [e for e in result.events if e["type"] == "agent_replaced"]
        assert validate_events(result.events) == []


@pytest.mark.slow
def test_the_example_bot_plays_200_games_of_standard_12_at_every_seat(tmp_path):
    log = tmp_path / "games.jsonl"
    args = ["run", "standard-12", "-n", 200, "-j", 2, "--seed", 5, "--json", "--log", log]
    for s in range(1, 13):
        args += ["--seat", f"{s}={cmd(EXAMPLE)}"]
    r = invoke(*args)
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["games"] == 200 and summary["unfinished"] == 0
    assert sum(f["wins"] for f in summary["factions"]) >= 200 - summary["draws"]
    events = [json.loads(l) for l in log.read_text(encoding="utf-8").splitlines()]
    assert sum(e["type"] == "game_over" for e in events) == 200
    assert not [e for e in events if e["type"] == "agent_replaced"]


@pytest.mark.parametrize("flag", ["-q", "--json"])
def test_a_single_game_told_without_its_narration_warns_of_a_replaced_player(flag):
    # the narration says so (⚠ …); -q and --json said nothing, where --games warns
    bot = cmd(BOTS / "crash_bot.py")
    r = invoke("run", "standard-12", "--seed", 2, flag, "--seat", f"5={bot}")
    assert r.exit_code == 0, r.output
    assert r.stderr == (f"warning: seat 5's player ({bot}) failed and --agents played on (table): "
                        "exited with code 1 (RuntimeError: the bot broke down)\n")


def test_a_crashing_bot_is_replaced_and_does_not_stop_a_monte_carlo_run(tmp_path):
    log = tmp_path / "games.jsonl"
    for jobs in (1, 2):
        r = invoke("run", "standard-12", "-n", 6, "-j", jobs, "--seed", 2, "--json", "--log", log,
                   "--seat", f"5={cmd(BOTS / 'crash_bot.py')}")
        assert r.exit_code == 0, r.output
        summary = json.loads(r.stdout)
        assert summary["games"] == 6 and summary["unfinished"] == 0
        assert summary["replaced"] == {"5": {"games": 6, "reason": "exited with code 1 (RuntimeError: the bot broke down)"}}
        assert r.stderr.endswith("warning: seat 5's player failed in 6 games and --agents played on; "
                                 "first: exited with code 1 (RuntimeError: the bot broke down)\n")
        events = [json.loads(l) for l in log.read_text(encoding="utf-8").splitlines()]
        replaced = [e for e in events if e["type"] == "agent_replaced"]
        assert sum(e["type"] == "game_over" for e in events) == 6
        assert len(replaced) == 6 and {e["game"] for e in replaced} == set(range(6))
        first = replaced[0]
        assert first["seat"] == 5 and first["replacement"] == "table"
        assert first["agent"] == cmd(BOTS / "crash_bot.py")
        assert first["reason"] == "exited with code 1 (RuntimeError: the bot broke down)"
        told = list(narrate([e for e in events if e["game"] == 0]))
        assert (f"  ⚠ 5号's player ({cmd(BOTS / 'crash_bot.py')}) failed, table plays on: exited with "
                "code 1 (RuntimeError: the bot broke down)") in told
        assert validate_events(events) == []


@pytest.mark.parametrize("how, reason", [
    ("illegal", "an answer the rules forbid: night 1: "),
    ("talk", "wrote 'I choose seat three', which is not JSON; answer with {\"choice\": ...}"),
    ("type", "answered '{\"choice\": \"three\"}'; a "),
])
def test_a_bot_that_answers_wrongly_is_replaced_with_the_reason_logged(standard, how, reason):
    spec = compose("table", [f"6={cmd(BOTS / 'bad_bot.py', how)}"])
    result = play_game(standard, 7, 0, spec)
    replaced = [e for e in result.events if e["type"] == "agent_replaced"]
    assert len(replaced) == 1 and replaced[0]["seat"] == 6
    assert replaced[0]["reason"].startswith(reason)
    assert result.over
    # the default agent plays the seat's decisions from then on
    later = [e for e in result.events if e["type"] == "action" and e["seat"] == 6 and e["seq"] > replaced[0]["seq"]]
    assert later


def test_an_illegal_answer_names_the_rule_that_forbids_it(standard):
    result = play_game(standard, 7, 0, compose("table", [f"6={cmd(BOTS / 'bad_bot.py', 'illegal')}"]))
    reason = next(e for e in result.events if e["type"] == "agent_replaced")["reason"]
    assert "cannot choose 99" in reason and "is not a legal choice" in reason


def test_a_bot_out_of_time_is_replaced_with_a_clear_error(standard):
    spec = compose("table", [f"6={cmd(BOTS / 'bad_bot.py', 'slow')}"], timeout=0.3)
    assert spec.endswith(", timeout=0.3")
    result = play_game(standard, 7, 0, spec)
    replaced = [e for e in result.events if e["type"] == "agent_replaced"]
    assert len(replaced) == 1
    assert replaced[0]["reason"].endswith("within 0.3 s (the time limit; --timeout sets it)")
    assert replaced[0]["reason"].startswith("no answer to ")


def test_the_run_command_records_the_seats_in_the_summary_and_the_narration():
    bot = cmd(EXAMPLE)
    r = invoke("run", "standard-12", "--seed", 4, "--json", "--seat", f"5={bot}", "--seat", "2=random")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["agents"] == f"table, seat 2=random, seat 5={bot}"
    assert [s["agent"] for s in summary["seats"]][:5] == ["table", "random", "table", "table", bot]
    r = invoke("run", "standard-12", "--seed", 4, "--seat", f"5={bot}")
    assert r.stdout.splitlines()[0].endswith(f"; table bots; at seat 5: {bot}")


@pytest.mark.parametrize("args, message", [
    (["--seat", "x=human"], "--seat 'x=human': write SEAT=AGENT"),
    (["--seat", "3=human", "-n", "5"], "a human seat plays one game"),
    (["--seat", "3=cmd:"], "cmd: needs a command"),
    (["--seat", "3=cmd:no-such-program-here --x"], "no program 'no-such-program-here' found"),
    (["--seat", "3=random", "--seat", "3=table"], "--seat 3 is given twice"),
    (["--seat", "13=random"], "--seat 13: standard-12 is played with 12 players here"),
    (["--seat", "3=nobody"], "--seat '3=nobody': unknown player 'nobody'; a seat may be human, cmd:PROGRAM or an agent: "
                             "heuristic, random, table"),
    (["--seat", "3=random", "--timeout", "0"], "Invalid value for '--timeout': must be more than 0 seconds, got 0"),
])
def test_bad_seats_are_bad_input(args, message):
    r = invoke("run", "standard-12", "--seed", 1, *args)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("seat, message", [
    ("3=humn", "--seat '3=humn': unknown player 'humn' (did you mean 'human'?); a seat may be human, cmd:PROGRAM or "
               "an agent: heuristic, random, table"),
    ("5=cmd:nonexistent_prog", "--seat '5=cmd:nonexistent_prog': no program 'nonexistent_prog' found (give a path, "
                               "or a program on PATH, such as python)"),
    ("3=table:", "--seat '3=table:': agent 'table:': nothing after the colon; write table alone, or parameters such "
                 "as table:skill=0.5"),
    ("3=table:skill=2", "--seat '3=table:skill=2': agent 'table': skill is between 0 and 1"),
])
def test_a_bad_seat_says_what_a_seat_may_be_and_error_once(seat, message):
    r = invoke("run", "standard-12", "--seed", 1, "--seat", seat)
    assert r.exit_code == 2
    assert " ".join(r.stderr.split()).endswith(f"Error: Invalid value for '--seat': {message}")
    assert r.stderr.count("rror") == 1


def test_programs_at_seats_give_the_same_log_on_any_number_of_jobs(tmp_path, standard):
    from clitools import run_by_jobs

    bot = cmd(EXAMPLE)
    play_game(standard, 1, 0, compose("table", [f"4={bot}"]))  # a program this process already runs
    outs, errs, logs = run_by_jobs(tmp_path, "standard-12", "-n", 6, "--seed", 9, "-q",
                                   "--seat", f"4={bot}", "--seat", f"7={bot}")
    assert outs[0] == outs[1] and logs[0] == logs[1]
    events = [json.loads(l) for l in logs[0].decode().splitlines()]
    assert sum(e["type"] == "game_over" for e in events) == 6
    assert not [e for e in events if e["type"] == "agent_replaced"]


def test_the_example_bot_is_short_needs_no_wolfdsl_and_is_the_one_the_docs_show():
    text = EXAMPLE.read_text(encoding="utf-8")
    body = text.split('"""', 2)[2]
    code = [l for l in body.splitlines() if l.strip() and not l.strip().startswith("#")]
    assert len(code) <= 22
    assert "wolfdsl" not in body
    shown = (Path(__file__).parents[2] / "docs" / "seats.md").read_text(encoding="utf-8")
    block = shown.split("```python\n", 1)[1].split("```", 1)[0]
    assert block.strip() == body.strip()


def test_the_answer_schema_accepts_the_answers_and_refuses_others():
    check = validator("seat-protocol")
    answer = {"$ref": "#/$defs/answer"}
    ok = [{"choice": 5}, {"choice": [2, 7]}, {"choice": True}, {"choice": "villager"}, {"choice": None}]
    bad = [{}, {"choice": 0}, {"choice": [0]}, {"choice": {"seat": 3}}]
    sub = check.evolve(schema={**check.schema, **answer})
    assert [sub.is_valid(a) for a in ok] == [True] * 5
    assert [sub.is_valid(a) for a in bad] == [False] * 4


STRAY = ("wrote '{\"choice\": null}' when no decision was asked, before %s; "
         "write one line for each decide and nothing else")


@pytest.mark.parametrize("how, seat, blamed, then", [
    # a line after hello, from a program still starting when the wolves' kill is asked:
    # the kill was "no kill", and the real answer was blamed
    ("hello", 3, "werewolves.kill (night 1)",
     {"type": "action", "by": "werewolves", "action": "werewolves.kill", "targets": [5], "seat": None}),
    # a line after every message: refused before the seer's first check, not taken as it
    ("chatty", 6, "seer.check (night 1)", {"type": "action", "by": "seer", "action": "seer.check", "targets": [10]}),
    # a second line after an answer: the answer stands, the next question is not asked
    ("twice", 3, "run_for_sheriff (day 1)", {"type": "action", "action": "run_for_sheriff", "choice": False}),
])
def test_a_line_nobody_asked_for_is_refused_and_never_taken_as_an_answer(standard, how, seat, blamed, then):
    """The stray line is named, the seat's decision goes to --agents, and the same
    program gives the same log every time however fast it starts or writes."""
    spec = compose("table", [f"{seat}={cmd(BOTS / 'bad_bot.py', how)}"])
    logs = set()
    for _ in range(3):
        result = play_game(standard, 7, 0, spec)
        replaced = [e for e in result.events if e["type"] == "agent_replaced"]
        assert [e["reason"] for e in replaced] == [STRAY % blamed]
        after = result.events[replaced[0]["seq"] + 1]
        assert {k: after[k] for k in then} == then
        logs.add(game_log(result.events))
    assert len(logs) == 1
    if how == "hello":  # docs/seats.md shows this reason, of the bot its reader wrote
        page = (Path(__file__).parents[2] / "docs" / "seats.md").read_text(encoding="utf-8")
        assert json.dumps(replaced[0]["reason"], ensure_ascii=False) in page
    if how == "twice":  # the first answer was taken: the last option, seat 12
        kill = next(e for e in result.events if e.get("action") == "werewolves.kill")
        assert kill["targets"] == [12] and kill["seq"] < replaced[0]["seq"]


def test_a_program_that_exits_before_a_question_is_replaced_with_its_last_error():
    from wolfdsl.seats.protocol import BotProcess, SeatFailure
    bot = BotProcess(" ".join([PY, "-c", "'import sys; sys.exit(\"no more\")'"]))
    try:
        with pytest.raises(SeatFailure) as err:
            bot.ask({"type": "decide", "action": "seer.check", "phase": "night", "day": 1}, timeout=5)
        assert str(err.value) == "exited with code 1 (no more)"
    finally:
        bot.stop()


def test_a_decide_message_carries_the_rulesets_question_and_follows_the_schema(standard, tmp_path):
    # seat 12 is the witch of seed 7 (tests/seats/test_human.py plays her too)
    spec = compose("table", [f"12={cmd(BOTS / 'first_bot.py', tmp_path / 'witch.jsonl')}"])
    play_game(standard, 7, 0, spec)
    stop_all(wait=60)
    msgs = [json.loads(line) for line in (tmp_path / "witch.jsonl").read_text(encoding="utf-8").splitlines()]
    decides = [m for m in msgs if m["type"] == "decide"]
    check = validator("seat-protocol")
    for m in decides:
        assert not list(check.iter_errors(m)), m
        assert m["ask"] and m["ask_zh"]  # every bundled decision and vote asks, in both languages
    poison = next(m for m in decides if m["action"] == "witch.poison")
    assert poison["ask"] == "Witch: poison someone tonight? (0: keep the poison)"
    assert poison["ask_zh"] == "女巫：今晚要用毒药吗？对谁使用？（0：不用毒药）"
    assert any(m["action"] == "exile_vote" and m["ask"].startswith("Exile vote:") for m in decides)


def test_a_decide_message_without_a_question_has_no_ask_field():
    from wolfdsl.play.agents import Request
    from wolfdsl.seats.protocol import decide_message

    req = Request("seer.check", "check", 6, "seer", 1, "night", 1, "seat", (1, 2), True, 1)
    msg = decide_message(req)
    assert "ask" not in msg and "ask_zh" not in msg
    assert not list(validator("seat-protocol").iter_errors(msg))
    req.ask = ("Whom do you check?", None)
    assert decide_message(req)["ask"] == "Whom do you check?" and "ask_zh" not in decide_message(req)
