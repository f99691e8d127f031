"""``wolfdsl narrate LOG``: a logged game told as ``run`` tells it, in English or Chinese."""
from clitools import invoke


def test_narrate_tells_game_0_as_run_does(tmp_path):
    log = tmp_path / "one.jsonl"
    played = invoke("run", "standard-12", "--seed", 7, "--log", log)
    assert played.exit_code == 0, played.output
    told = invoke("narrate", log)
    assert told.exit_code == 0, told.output
    # the title names the bots as run's does (it once lacked "; table bots": the log does
    # not name them; a replay of its seed with the table bots gives the same events)
    assert told.stdout == played.stdout
    assert told.stdout.splitlines()[0] == "Game of standard-12 — Standard 12 (guard), seed 7, 12 players; table bots"


def test_narrate_names_the_bots_only_when_a_replay_proves_them(tmp_path):
    for agents, named in (("random", "; random bots"), ("heuristic", "; heuristic bots"),
                          ("village=table,werewolves=random", "")):  # mixed: the log cannot tell
        log = tmp_path / "one.jsonl"
        played = invoke("run", "standard-12", "--seed", 5, "--agents", agents, "--log", log)
        assert played.exit_code == 0, played.output
        first = invoke("narrate", log).stdout.splitlines()[0]
        assert first == "Game of standard-12 — Standard 12 (guard), seed 5, 12 players" + named, agents
    many = tmp_path / "many.jsonl"
    assert invoke("run", "standard-12", "--games", 3, "--seed", 1, "--log", many, "-q").exit_code == 0
    assert invoke("narrate", many, "--game", 2).stdout.splitlines()[0].endswith(", 12 players; table bots")


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
    assert told[:2] == ["Game of standard-12 — Standard 12 (guard), seed 3, 12 players; table bots",
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
    assert r.stderr == "" and r.stdout.splitlines()[0] == "Game of mine — Mine, seed 3, 12 players; table bots"
    r = invoke("narrate", tmp_path / "none.jsonl")
    assert r.exit_code == 2 and f"Invalid value for 'LOG': file '{tmp_path / 'none.jsonl'}' does not exist." in r.stderr


MY_STANDARD_12 = '''title "My table" "我的桌"
import "roles"
players 12
deck 12: werewolf*4, seer, witch, hunter, guard, villager*4
replace role villager "Townsperson" "镇民" { faction village; class plain }
'''


def test_a_file_named_like_a_bundled_ruleset_is_told_with_its_own_names(tmp_path, monkeypatch):
    # ./standard-12.wolf of one's own: the log records its SHA-256, and narrate and explain
    # take that file, not the bundled standard-12 (whose names they used to show)
    import hashlib
    import json

    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "standard-12.wolf"
    mine.write_text(MY_STANDARD_12, encoding="utf-8")
    assert invoke("run", "./standard-12.wolf", "--seed", 3, "--log", "g.jsonl", "-q").exit_code == 0
    assert invoke("run", mine, "--seed", 3, "--log", "same.jsonl", "-q").exit_code == 0
    log = (tmp_path / "g.jsonl").read_text(encoding="utf-8")
    assert log == (tmp_path / "same.jsonl").read_text(encoding="utf-8")  # whatever path it was given by
    start = json.loads(log.splitlines()[0])
    assert list(start)[5:8] == ["ruleset", "ruleset_sha256", "seed"]
    assert start["ruleset"] == "standard-12"
    assert start["ruleset_sha256"] == hashlib.sha256(mine.read_bytes()).hexdigest()
    told = invoke("narrate", "g.jsonl")
    assert told.stderr == ""
    assert told.stdout.splitlines()[:4] == ["Game of standard-12 — My table, seed 3, 12 players; table bots",
                                            "   1号  Werewolf 狼人  (Werewolves)",
                                            "   2号  Guard 守卫  (Village)",
                                            "   3号  Townsperson 镇民  (Village)"]
    why = invoke("explain", "g.jsonl", "--seat", 3)
    assert why.stderr == "" and why.stdout.splitlines()[0] == \
        "Seat 3, dealt villager (Townsperson): game 0 of standard-12, seed 3"
    # the log elsewhere, without the file: the bundled names, and a note saying so
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "g.jsonl").write_text(log, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "sub")
    told = invoke("narrate", "g.jsonl")
    assert told.stdout.splitlines()[3] == "   3号  Villager 普通村民  (Village)"
    assert told.stderr == ("note: g.jsonl was played on a standard-12.wolf of its own, not the bundled standard-12, "
                           "and no standard-12.wolf is in this folder or beside the log: shown with the bundled "
                           "standard-12's names, which may differ; give --ruleset path/to/standard-12.wolf\n")
    assert invoke("narrate", "g.jsonl", "--ruleset", "../standard-12.wolf").stderr == ""
    assert invoke("narrate", "../g.jsonl").stderr == ""  # found beside the log
    sha = start["ruleset_sha256"][:12]
    assert invoke("narrate", "g.jsonl", "--ruleset", "standard-12").stderr == (
        f"note: standard-12 is not the ruleset g.jsonl was played on (the log's ruleset_sha256 is {sha}…): "
        "names and rules may differ from those of the game\n")
    # the file edited since: taken, with a note
    monkeypatch.chdir(tmp_path)
    mine.write_text(MY_STANDARD_12 + "# edited\n", encoding="utf-8")
    told = invoke("narrate", "g.jsonl")
    assert told.stdout.splitlines()[0] == "Game of standard-12 — My table, seed 3, 12 players"
    assert told.stderr == (f"note: standard-12.wolf is not the file g.jsonl was played on: its contents differ (the "
                           f"log's ruleset_sha256 is {sha}…); names may differ: give --ruleset FILE for the one played\n")
    # the bundled standard-12 played here records no digest: told with the bundled names
    assert invoke("run", "standard-12", "--seed", 3, "--log", "b.jsonl", "-q").exit_code == 0
    assert '"ruleset":"standard-12","seed":3,' in (tmp_path / "b.jsonl").read_text(encoding="utf-8").splitlines()[0]
    told = invoke("narrate", "b.jsonl")
    assert told.stderr == "" and told.stdout.splitlines()[3] == "   3号  Villager 普通村民  (Village)"


def test_a_field_of_the_wrong_shape_is_an_error_at_its_line_not_a_traceback(tmp_path):
    # a hand-edited log: the werewolves' one target written as a number, not a list
    log = tmp_path / "g.jsonl"
    assert invoke("run", "standard-12", "--seed", 7, "--log", log, "-q").exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    n = next(i for i, l in enumerate(lines) if '"action":"werewolves.kill"' in l)
    lines[n] = lines[n].replace('"targets":[5]', '"targets":5')
    assert '"targets":5' in lines[n]
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    col = lines[n].index('"targets"') + 1
    for command in (["narrate", log], ["explain", log, "--seat", "6"]):
        r = invoke(*command)
        assert r.exit_code == 2 and "Traceback" not in r.output
        assert r.stderr.splitlines()[0] == (
            f"{log}:{n + 1}:{col}: error: this action event is not as an event log writes it: targets: 5 is not "
            "of type 'array' (docs/eventlog.md lists each type's fields; wolfdsl run --log FILE writes them)")
    for line, field in (('{"type":"speeches","order":5}', "order"), ('{"type":"claim","seat":{"a":1}}', "seat"),
                        ('{"type":"game_start","seats":7}', "seats"), ('{"type":"phase","game":"x"}', "game")):
        log.write_text(line + "\n", encoding="utf-8")
        r = invoke("narrate", log)
        assert r.exit_code == 2 and "Traceback" not in r.output, r.output
        assert r.stderr.startswith(f"{log}:1:{line.index(chr(34) + field) + 1}: error: "), r.stderr


def test_the_log_records_the_whole_rule_text_bundled_imports_included(tmp_path, monkeypatch):
    # ruleset_sha256 covers one's own files only: the same file played on other bundled
    # files (`import "roles"`) carried the same digest; ruleset_text_sha256 covers them all
    import hashlib
    import json
    import shutil

    import wolfdsl.lang.load as load_module
    from wolfdsl.lang.load import modules, own_sha256, rulesets_dir, text_sha256

    mine = tmp_path / "my-12.wolf"
    mine.write_text('import "roles"\ntitle "Mine"\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n',
                    encoding="utf-8")
    log = tmp_path / "g.jsonl"
    assert invoke("run", mine, "--seed", 3, "--log", log, "-q").exit_code == 0
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert list(start)[5:8] == ["ruleset", "ruleset_sha256", "seed"] and list(start)[-1] == "ruleset_text_sha256"
    assert start["ruleset_sha256"] == hashlib.sha256(mine.read_bytes()).hexdigest()  # unchanged: sha256sum FILE
    digests = "".join(hashlib.sha256(p.read_bytes()).hexdigest() + "\n"
                      for p in (rulesets_dir() / "prelude.wolf", rulesets_dir() / "roles.wolf", mine))
    assert start["ruleset_text_sha256"] == hashlib.sha256(digests.encode()).hexdigest()
    bundled = json.loads(invoke("run", "standard-12", "--seed", 3, "--log", "-", "-q").stdout.splitlines()[0])
    assert "ruleset_sha256" not in bundled and "ruleset_text_sha256" not in bundled
    # the same file on other bundled files: the same ruleset_sha256, another text digest
    mods = modules(mine)
    other = tmp_path / "bundled"
    shutil.copytree(rulesets_dir(), other)
    (other / "roles.wolf").write_text((other / "roles.wolf").read_text(encoding="utf-8") + "# changed\n",
                                      encoding="utf-8")
    before = text_sha256(mods)
    monkeypatch.setattr(load_module, "rulesets_dir", lambda: other)
    assert own_sha256(mods) == start["ruleset_sha256"] and text_sha256(mods) != before
    monkeypatch.undo()
    # narrate says when the file is the one played but its bundled imports are not
    monkeypatch.chdir(tmp_path)
    assert invoke("narrate", log).stderr == ""
    changed = log.read_text(encoding="utf-8").replace(start["ruleset_text_sha256"], "0" * 64)
    log.write_text(changed, encoding="utf-8")
    told = invoke("narrate", log)
    assert told.exit_code == 0
    assert told.stderr == (f"note: {mine.name} is the file {log} was played on, but the bundled files it imports "
                           "have changed since (the log's ruleset_text_sha256 is 000000000000…): rules may differ "
                           "from those of the game\n")


def test_a_ruleset_or_a_scenario_given_for_a_log_names_the_command_that_makes_one(tmp_path):
    # a trial: `wolfdsl narrate my.wolf` said "not a JSON object"
    rules = tmp_path / "my.wolf"
    rules.write_text('import "standard-12"\n', encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text("ruleset: standard-12\nseed: 1\n", encoding="utf-8")
    for command in (["narrate", rules], ["explain", rules, "--seat", "1"]):
        r = invoke(*command)
        assert r.exit_code == 2 and r.stderr == (
            f"error: {rules} is a ruleset (.wolf), not an event log: play it with its log kept, "
            f"`wolfdsl run {rules} --log game.jsonl`, then give game.jsonl\n")
    r = invoke("narrate", scenario)
    assert r.exit_code == 2 and r.stderr == (
        f"error: {scenario} is a scenario file, not an event log: play it with its log kept, "
        f"`wolfdsl run --script {scenario} --log game.jsonl`, then give game.jsonl\n")
