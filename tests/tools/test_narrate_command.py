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
