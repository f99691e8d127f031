"""docs/prelude.md is generated from prelude.wolf and roles.wolf and kept up to date."""
from pathlib import Path

from wolfdsl.lang.apidoc import render

ROOT = Path(__file__).resolve().parent.parent


def test_prelude_page_is_generated_from_the_base_files():
    """Regenerate with: python -m wolfdsl.lang.apidoc > docs/prelude.md"""
    page = (ROOT / "docs" / "prelude.md").read_text(encoding="utf-8")
    assert page == render(), "docs/prelude.md is out of date: python -m wolfdsl.lang.apidoc > docs/prelude.md"


def test_every_hook_point_and_proc_is_listed():
    page = (ROOT / "docs" / "prelude.md").read_text(encoding="utf-8")
    for name in ("self_destructed", "self_destruct_point", "after_exile", "claims", "last_words"):
        assert f"| `{name}` |" in page, name
    assert "## Hook points" in page


def test_the_page_writes_each_option_as_wolfdsl_show_lists_it():
    # the page once said `yes | no` where the source, `wolfdsl show` and the E207 error say
    # `true | false`; either word sets such an option
    import json
    import re

    from clitools import invoke

    page = (ROOT / "docs" / "prelude.md").read_text(encoding="utf-8")
    assert "| `sheriff_election` | `option sheriff_election: true \\| false = true` |" in page
    assert "A `true | false` option (as `wolfdsl show` lists it) also takes `yes` and `no` " \
           "(`set NAME = no`, `--set NAME=yes`, `options: {NAME: no}`)." in page
    declared = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(
        r"^\| `(\w+)` \| `option \w+: (.*?) = (\S+)` \|", page, re.M)}
    checked = set()
    for ruleset in ("standard-12", "cupid-thief-12", "standard-12-idiot"):
        shown = json.loads(invoke("show", ruleset, "--json").stdout)["options"]
        for o in shown:
            if o["name"] not in declared:  # a role file's own option
                continue
            checked.add(o["name"])
            values, default = declared[o["name"]]
            assert re.sub(r" needs role [\w, ]+?(?= \\\||$)", "", values) == " \\| ".join(o["values"]), o["name"]
            assert default == o["default"], o["name"]
    assert len(checked) == len(declared) == 27 and {"sheriff_election", "hunter_shoots_on_heartbreak", "hunter_reveal_commits"} <= checked
    for given, value in (("no", "false"), ("false", "false"), ("yes", "true"), ("True", "true")):
        shown = json.loads(invoke("show", "standard-12", "--set", f"sheriff_election={given}", "--json").stdout)
        assert [o["value"] for o in shown["options"] if o["name"] == "sheriff_election"] == [value]
    r = invoke("show", "standard-12", "--set", "sheriff_election=maybe")
    assert r.exit_code == 2
    assert r.stderr == ("E207 error: sheriff_election=maybe: option 'sheriff_election' cannot be 'maybe'; "
                        "allowed values: true | false (yes/no and on/off also set it)\n")


def test_on_and_off_set_a_yes_no_option_on_the_command_line_as_in_a_scenario(tmp_path):
    # YAML 1.1 reads a scenario's `on`/`off` as booleans; `--set NAME=on` was refused (E207)
    import json

    from clitools import invoke

    for given, value in (("on", "true"), ("off", "false"), ("On", "true"), ("OFF", "false")):
        shown = json.loads(invoke("show", "standard-12", "--set", f"sheriff_election={given}", "--json").stdout)
        assert [o["value"] for o in shown["options"] if o["name"] == "sheriff_election"] == [value]
    scenario = tmp_path / "off.yaml"
    scenario.write_text("ruleset: standard-12\nseed: 1\n"
                        "seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, "
                        "villager, villager, villager, villager]\n"
                        "options: {sheriff_election: off}\notherwise: random\nstop_after: day 1\n")
    by_yaml = invoke("run", "--script", scenario, "--log", tmp_path / "yaml.jsonl")
    scenario.write_text(scenario.read_text().replace("options: {sheriff_election: off}\n", ""))
    by_set = invoke("run", "--script", scenario, "--set", "sheriff_election=off", "--log", tmp_path / "set.jsonl")
    kept = invoke("run", "--script", scenario, "--log", tmp_path / "kept.jsonl")
    assert by_yaml.exit_code == by_set.exit_code == kept.exit_code == 0, (by_yaml.output, by_set.output)
    logged = [(tmp_path / f"{n}.jsonl").read_text() for n in ("yaml", "set", "kept")]
    assert logged[0] == logged[1] != logged[2]
    assert '"kind":"sheriff"' not in logged[0] and '"kind":"sheriff"' in logged[2]


def test_a_rulesets_set_line_is_told_only_the_words_it_takes(tmp_path):
    # `set NAME = on` in a .wolf file is not a boolean (as in an expression): the refusal
    # there names yes and no only
    from clitools import invoke

    ruleset = tmp_path / "on.wolf"
    ruleset.write_text('import "roles"\nset sheriff_election = on\n'
                       "deck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n")
    r = invoke("show", ruleset)
    assert r.exit_code == 2
    assert r.stderr.startswith(f"{ruleset}:2:24: E207 error: option 'sheriff_election' cannot be 'on'; "
                               "allowed values: true | false (yes and no also set it)\n")
