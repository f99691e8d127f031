"""The user documentation holds: its links resolve, its example scenarios end as the
index says, the scenario reference names every key of the schema, and the event-log page
names every event type a game writes."""
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
