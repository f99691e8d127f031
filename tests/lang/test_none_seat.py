"""A statement given ``none`` as its seat does nothing (a trial: `kill t` after a passed
decision "silently does nothing", and the language reference did not say so; it does now,
under Statements): a passed kill kills nobody, with no error and no lint warning, and a
kill of a seat already dead leaves his first death as it was."""
import json

from clitools import invoke

from wolfdsl.lint import lint_paths

RULESET = ('import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
           'status marked "marked"\n'
           "step probe in night first {\n"
           "    decide seer.probe by seer may pass choose t from alive {\n"
           "        kill t cause poison\n"
           "        add marked to t\n"
           "        tell t { note: 1 }\n"
           "    }\n"
           "    kill 5 cause poison\n"
           "    kill 5 cause wolf\n"
           "}\n")
SEATS = "[werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, villager, villager, villager, villager]"


def test_a_passed_kill_kills_nobody_and_a_second_kill_of_the_dead_changes_nothing(tmp_path):
    (tmp_path / "probe.wolf").write_text(RULESET, encoding="utf-8")
    (tmp_path / "pass.yaml").write_text(
        f"ruleset: probe.wolf\nseed: 1\nseats: {SEATS}\notherwise: abstain\nstop_after: night 1\n"
        "decisions:\n  - {at: night 1, by: seer, do: probe, choose: none}\n"
        "  - {at: night 1, by: werewolves, do: kill, choose: none}\n"
        "expect:\n  deaths: [{seat: 5, cause: poison, at: night 1}]\n", encoding="utf-8")
    log = tmp_path / "game.jsonl"
    r = invoke("run", "--script", tmp_path / "pass.yaml", "--log", log)
    assert r.exit_code == 0, r.output
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [(e["seat"], e["cause"]) for e in events if e["type"] == "death"] == [(5, "poison")]
    assert [e for e in events if e["type"] == "status" and e.get("add") == "marked"] == []
    assert [e for e in events if e["type"] == "inform" and e["what"] == {"note": 1}] == []
    found = [(d.code, d.span.line) for d in lint_paths([tmp_path / "probe.wolf"]) if d.span.file.endswith("probe.wolf")]
    assert found == []
