"""The user documentation holds: its links resolve, its example scenarios end as the
index says, the scenario reference names every key of the schema, the event-log page
names every event type a game writes, and the log and seat-protocol lines the pages quote
are the lines their commands write today."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clitools import invoke
from wolfdsl.schemas import load_schema

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FENCE = re.compile(r"```.*?```", re.S)


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, '-' for ' '."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        m = re.match(r"#{1,6}\s+(.*)", line)
        if m:
            slug = _slug(m.group(1))
            seen[slug] = seen.get(slug, -1) + 1
            if seen[slug]:
                seen[f"{slug}-{seen[slug]}"] = 0
    return set(seen)


def test_every_relative_link_and_anchor_resolves():
    pages = sorted(DOCS.rglob("*.md")) + [ROOT / "README.md"]
    broken = []
    for page in pages:
        for link in re.findall(r"\]\(([^)\s]+)\)", FENCE.sub("", page.read_text(encoding="utf-8"))):
            if re.match(r"[a-z]+:", link):
                continue
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            if not target.exists():
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such file)")
            elif anchor and target.suffix == ".md" and anchor not in _anchors(target):
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such heading)")
    assert not broken, "\n".join(broken)


def test_index_and_readme_link_the_reference_pages():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in ("scenarios.md", "eventlog.md", "rules.md"):
        assert f"]({page}" in index, page
        assert f"](docs/{page}" in readme, page


EXIT = {"disputed-never.yaml": 2, "typos.yaml": 2}


@pytest.mark.parametrize("path", sorted(DOCS.glob("examples/**/*.yaml")) + sorted(DOCS.glob("errors/*.yaml")),
                         ids=lambda p: p.name)
def test_example_scenarios_end_as_documented(path):
    r = invoke("run", "-q", "--script", path)
    assert r.exit_code == EXIT.get(path.name, 0), r.output
    assert "Traceback" not in r.output


def test_the_examples_folder_holds_no_failing_example():
    # `wolfdsl test docs/examples` passes as a user expects; the negative examples live in docs/errors/
    assert not [p.name for p in DOCS.glob("examples/**/*.yaml") if p.name in EXIT]
    assert sorted(p.name for p in DOCS.glob("errors/*.yaml")) == sorted(EXIT)


def test_typos_example_output_is_the_one_shown(monkeypatch):
    monkeypatch.chdir(ROOT)
    r = invoke("run", "--script", "docs/errors/typos.yaml")
    shown = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    assert r.exit_code == 2
    assert r.stderr.strip() in shown


def test_scenario_reference_names_every_key_of_the_schema():
    schema = load_schema("scenario")
    keys = set(schema["properties"])
    keys |= set(schema["$defs"]["decision"]["properties"])
    keys |= set(schema["properties"]["expect"]["properties"])
    keys |= set(schema["properties"]["expect"]["properties"]["deaths"]["items"]["properties"])
    text = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    missing = sorted(k for k in keys if f"`{k}`" not in text)
    assert not missing, f"docs/scenarios.md does not describe: {', '.join(missing)}"


def test_eventlog_page_names_every_event_type_a_game_writes(tmp_path):
    types: set[str] = set()
    for ruleset in ("standard-12", "new-moon", "cupid-thief-12", "cupid-8", "wolf-beauty-12", "piper-10"):
        log = tmp_path / f"{ruleset}.jsonl"
        r = invoke("run", ruleset, "--games", 30, "--seed", 3, "--log", log, "-q")
        assert r.exit_code == 0, r.output
        types |= {json.loads(line)["type"] for line in log.read_text(encoding="utf-8").splitlines()}
    text = (DOCS / "eventlog.md").read_text(encoding="utf-8")
    assert {"game_start", "action", "death", "vote", "game_over", "inform", "speeches"} <= types
    missing = sorted(t for t in types if f"| `{t}` |" not in text)
    assert not missing, f"docs/eventlog.md does not describe: {', '.join(missing)}"


def _log_excerpts(page: Path) -> list[tuple[list[Path], list[str]]]:
    """Each fenced block of event-log lines on ``page`` (every line a JSON object with
    ``seq``), with the scenario files the paragraph just before it links to."""
    out, prose, block = [], [], None
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if block is None:
                block = []
                continue
            if block and all(x.startswith('{"seq":') for x in block):
                before = "\n".join(prose).strip().rsplit("\n\n", 1)[-1]
                links = re.findall(r"\]\(([^)\s]+\.yaml)\)", before)
                out.append(([(page.parent / link).resolve() for link in links], block))
            block, prose = None, []
        elif block is not None:
            block.append(line)
        else:
            prose.append(line)
    return out


def test_the_event_log_excerpts_are_lines_of_the_logs_they_quote(tmp_path):
    # docs/eventlog.md quotes logs of scenario replays; each quoted line must be a line of
    # the log its command writes today (`wolfdsl run --script FILE --log LOG`), byte for byte
    page = DOCS / "eventlog.md"
    text = page.read_text(encoding="utf-8")
    assert ".venv/bin/wolfdsl run --script docs/examples/hunter-dawn-shot.yaml --log hunter.jsonl" in text
    excerpts = _log_excerpts(page)
    assert [sorted(p.name for p in paths) for paths, _ in excerpts] == [
        ["hunter-dawn-shot.yaml"], ["ROLE-GUARD-01-a.yaml", "ROLE-GUARD-03.yaml"]]
    logs: dict[Path, set[str]] = {}
    for paths, lines in excerpts:
        for path in paths:
            if path not in logs:
                log = tmp_path / f"{path.stem}.jsonl"
                r = invoke("run", "-q", "--script", path, "--log", log)
                assert r.exit_code == 0, r.output
                logs[path] = set(log.read_text(encoding="utf-8").splitlines())
        missing = [line for line in lines if not any(line in logs[p] for p in paths)]
        assert not missing, f"not in the log of {', '.join(p.name for p in paths)}:\n" + "\n".join(missing)
    hunter = [lines for paths, lines in excerpts if paths[0].name == "hunter-dawn-shot.yaml"][0]
    deaths = [json.loads(line) for line in hunter if '"type":"death"' in line]
    assert [(d["seq"], d["seat"], d["rule"], d.get("after")) for d in deaths] == [(43, 7, "dawn", None), (45, 1, "hunter_shot", 7)]


RECORDER = """import runpy, sys

class Tee:  # the example bot reads its messages through this, which keeps a copy
    def __init__(self, lines, copy):
        self.lines, self.copy = lines, copy

    def __iter__(self):
        for line in self.lines:
            self.copy.write(line)
            self.copy.flush()
            yield line

sys.stdin = Tee(sys.stdin, open(sys.argv[2], "a", encoding="utf-8"))
runpy.run_path(sys.argv[1], run_name="__main__")
"""


def test_the_seat_protocol_excerpts_are_the_messages_of_the_command_named(tmp_path):
    # docs/seats.md shows seat 3's hello, observe and end messages of one named command;
    # the example bot is played again with a copy of what it reads
    import sys

    page = (DOCS / "seats.md").read_text(encoding="utf-8")
    assert '`wolfdsl run standard-12 --seed 7 --seat "3=cmd:python examples/seat_bot.py"`' in page
    recorder, copy = tmp_path / "recorder.py", tmp_path / "messages.jsonl"
    recorder.write_text(RECORDER, encoding="utf-8")
    r = invoke("run", "standard-12", "--seed", 7, "--seat",
               f"3=cmd:{sys.executable} {recorder} {ROOT / 'examples' / 'seat_bot.py'} {copy}")
    assert r.exit_code == 0, r.output
    from wolfdsl.seats.protocol import stop_all
    stop_all(wait=60)  # the program reads to the end of its input and copies the end message
    got = copy.read_text(encoding="utf-8").splitlines()
    blocks = [b.strip() for b in re.findall(r"```json\n(.*?)```", page, re.S)]
    hello = next(b for b in blocks if b.startswith('{"type":"hello"'))
    assert json.loads(hello) == json.loads(got[0])
    observe = next(b for b in blocks if b.startswith('{"type":"observe"')).splitlines()
    assert len(observe) == 4 and not [line for line in observe if line not in got]
    end = re.search(r'`(\{"type":"end".*?\})`', page).group(1)
    assert end == got[-1]


def test_the_tutorial_s_grep_of_the_disputed_game_log_shows_its_real_line(tmp_path):
    page = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    command = (".venv/bin/wolfdsl run --script docs/examples/disputed-game.yaml --log disputed.jsonl\n"
               "grep saw_wolf disputed.jsonl\n```\n```\n")
    shown = page[page.index(command) + len(command):].split("```", 1)[0]
    log = tmp_path / "disputed.jsonl"
    r = invoke("run", "-q", "--script", DOCS / "examples" / "disputed-game.yaml", "--log", log)
    assert r.exit_code == 0, r.output
    assert shown.splitlines() == [line for line in log.read_text(encoding="utf-8").splitlines() if "saw_wolf" in line]


def _json_keys(name: str) -> tuple[dict[str, str], set[str]]:
    """The keys docs/simulation.md documents under ``<!-- json-keys: NAME -->``: each
    key with its description, and those marked 'only ...' (printed only sometimes)."""
    text = (DOCS / "simulation.md").read_text(encoding="utf-8")
    table = text.split(f"<!-- json-keys: {name} -->", 1)[1].split("\n\n", 1)[0]
    rows = dict(re.findall(r"^\| `(\w+)` \| (.*) \|$", table, re.M))
    return rows, {k for k, v in rows.items() if v.startswith("only ")}


def _check_keys(name: str, printed: dict, extra: set[str] = frozenset()) -> None:
    """The printed top-level keys are the documented ones (the optional ones aside, or
    ``extra`` of them expected too), and a shape the doc gives as `{a, b}` or `[{a, b}]`
    has exactly the printed keys."""
    rows, optional = _json_keys(name)
    assert list(printed) == [k for k in rows if k not in optional or k in extra], name
    for key, text in rows.items():
        m = re.match(r"`\[?\{([a-z_0-9, ]+)\}\]?`", re.sub(r"^[^`]*", "", text))
        if m and key in printed:
            value = printed[key][0] if isinstance(printed[key], list) else printed[key]
            assert sorted(value) == sorted(m.group(1).split(", ")), f"{name}: {key}"


def test_every_json_output_prints_exactly_the_documented_keys():
    def out(*args):
        r = invoke(*args, "--seed", 1, "--json")
        assert r.exit_code == 0, r.output
        return json.loads(r.stdout)

    _check_keys("run", out("run", "classic-9"))
    many = out("run", "classic-9", "--games", 10, "--jobs", 1)
    _check_keys("run-games", many)
    _check_keys("run-games", out("run", "classic-9", "--until-ci", 0.5, "--games", 200, "--jobs", 1), {"until_ci"})
    cmp = out("compare", "classic-9", "--set-a", "witch_self_save=never", "--set-b", "witch_self_save=first_night",
              "--games", 10, "--jobs", 1)
    _check_keys("compare", cmp)
    for side in ("a", "b"):
        assert list(cmp[side]) == ["label", *many], side
    grid = out("sweep", "classic-9", "--set", "witch_self_save=never,first_night", "--games", 4, "--jobs", 1)
    _check_keys("sweep", grid)
    assert [list(c["summary"]) for c in grid["cells"]] == [list(many)] * 2
    assert _json_keys("run-games")[1] == {"until_ci", "replaced"}  # the optional keys are marked


def test_the_readme_names_the_commands_that_take_json_and_quiet():
    # the README listed --quiet among the common options; lint, script and narrate said "No such option: -q"
    import typer.main

    from wolfdsl.cli import app

    commands = typer.main.get_command(app).commands
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for option in ("--json", "--quiet"):
        said = re.search(rf"`{option}`(?: or `-q`)? \(([^)]*)\)", readme).group(1)
        named = set(re.findall(r"`([a-z]+)`", said.split(":")[0]))
        taking = {n for n, c in commands.items() if any(option in p.opts for p in c.params)}
        assert named == taking, option
    assert {n for n, c in commands.items() if any("-q" in p.opts for p in c.params)} == {"run", "compare", "sweep", "test"}


def test_no_page_cites_a_document_the_repository_does_not_have():
    # eventlog.md, scenarios.md and security.md cited "the contract (§3)", a design
    # document a reader of the repository cannot open
    cited = [f"{page.relative_to(ROOT)}:{n}" for page in sorted(DOCS.rglob("*.md")) + [ROOT / "README.md"]
             for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bcontract\b", line, re.I)]
    assert cited == []
