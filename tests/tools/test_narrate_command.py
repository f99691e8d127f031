"""``wolfdsl narrate LOG``: a logged game told as ``run`` tells it, in English or Chinese."""
from clitools import invoke


def test_narrate_tells_game_0_as_run_does(tmp_path):
    log = tmp_path / "one.jsonl"
    played = invoke("run", "standard-12", "--seed", 7, "--log", log)
    assert played.exit_code == 0, played.output
    told = invoke("narrate", log)
    assert told.exit_code == 0, told.output
    run_lines, told_lines = played.stdout.splitlines(), told.stdout.splitlines()
    assert run_lines[0] == told_lines[0] + "; table bots"
    assert run_lines[1:] == told_lines[1:]


def test_narrate_any_game_of_a_monte_carlo_log_in_chinese(tmp_path):
    log = tmp_path / "many.jsonl"
    assert invoke("run", "standard-12", "--games", 3, "--seed", 1, "--log", log, "-q").exit_code == 0
    told = invoke("narrate", log, "--game", 2, "--lang", "zh")
    assert told.exit_code == 0, told.output
    lines = told.stdout.splitlines()
    assert "（第2局）" in lines[0] and "── 第1夜 ──" in lines
    assert any("狼人" in line for line in lines[1:13])


def test_narrate_bad_input_exits_2(tmp_path):
    log = tmp_path / "x.jsonl"
    log.write_text('{"type": "game_start", "game": 0, "seats": []}\nnot json\n')
    r = invoke("narrate", log)
    assert r.exit_code == 2 and f"{log}:2:" in r.stderr
    log.write_text('{"type": "game_start", "game": 0, "seats": []}\n')
    r = invoke("narrate", log, "--game", 5)
    assert r.exit_code == 2 and "no game 5" in r.stderr


def test_a_broken_line_gives_the_whole_reason(tmp_path):
    log = tmp_path / "bad.jsonl"
    log.write_text('{"type": "game_start", "game": 0, "seats": []}\n{"a": "x\n')
    for command in (["narrate", log], ["explain", log, "--seat", "1"]):
        r = invoke(*command)
        assert r.exit_code == 2
        assert r.stderr.splitlines()[0] == (f"{log}:2:7: error: not a JSON object: Unterminated string starting at: "
                                            "line 2 column 7")


def test_a_log_named_dash_is_read_from_standard_input(tmp_path):
    # wolfdsl run standard-12 --seed 3 --log - | wolfdsl narrate -   (and explain -)
    from clitools import runner
    from wolfdsl.cli import app

    log = tmp_path / "g.jsonl"
    assert invoke("run", "standard-12", "--seed", 3, "--log", log, "-q").exit_code == 0
    text = log.read_text(encoding="utf-8")
    for command in (["narrate"], ["explain", "--seat", "2"]):
        piped = runner.invoke(app, [*command[:1], "-", *command[1:]], input=text)
        from_file = invoke(*command[:1], log, *command[1:])
        assert piped.exit_code == 0, piped.output
        assert piped.stdout == from_file.stdout and piped.stderr == from_file.stderr == ""
    told = runner.invoke(app, ["narrate", "-"], input=text).stdout.splitlines()
    assert told[:2] == ["Game of standard-12 — Standard 12 (guard), seed 3, 12 players",
                        "   1号  Werewolf 狼人  (Werewolves)"]
    assert runner.invoke(app, ["explain", "-", "--seat", "2"], input=text).stdout.splitlines()[0] == \
        "Seat 2, dealt guard (Guard): game 0 of standard-12, seed 3"


def test_standard_input_names_itself_in_errors_and_notes(tmp_path, monkeypatch):
    from clitools import runner
    from wolfdsl.cli import app

    r = runner.invoke(app, ["narrate", "-"], input="")
    assert r.exit_code == 2
    assert r.stderr == ("error: standard input is empty: it holds no event (an event log is written by "
                        "wolfdsl run --log FILE.jsonl)\n")
    r = runner.invoke(app, ["explain", "-", "--seat", "1"], input='{"a": 1\n')
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == "<stdin>:1:8: error: not a JSON object: Expecting ',' delimiter: line 1 column 8"
    # a ruleset of one's own is looked for here only: a log on stdin has no folder
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "mine.wolf").write_text('title "Mine" "我的"\nimport "standard-12"\n', encoding="utf-8")
    log = rules / "mine.jsonl"
    assert invoke("run", rules / "mine.wolf", "--seed", 3, "--log", log, "-q").exit_code == 0
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["narrate", "-"], input=log.read_text(encoding="utf-8"))
    assert r.exit_code == 0, r.output
    assert r.stderr == ("note: the ruleset 'mine' of the log on standard input is not bundled, and no mine.wolf "
                        "is in this folder (a log read from standard input has no folder to look beside): roles "
                        "and steps are shown by their ids; give --ruleset FILE for their names "
                        "(--ruleset path/to/mine.wolf)\n")
    assert r.stdout.splitlines()[:2] == ["Game of mine, seed 3, 12 players", "   1号  werewolf  (werewolves)"]
    r = runner.invoke(app, ["narrate", "-", "--ruleset", "rules/mine.wolf"], input=log.read_text(encoding="utf-8"))
    assert r.stderr == "" and r.stdout.splitlines()[0] == "Game of mine — Mine, seed 3, 12 players"
    r = invoke("narrate", tmp_path / "none.jsonl")
    assert r.exit_code == 2 and f"Invalid value for 'LOG': file '{tmp_path / 'none.jsonl'}' does not exist." in r.stderr
