"""Rule scenarios: one YAML file per rule of rules.md, played on the bundled rulesets.

``tests/scenarios/<RULE-ID>[-a|-b...].yaml`` must hold (their ``expect:`` blocks were worked
out by hand from rules.md). ``tests/scenarios/forbidden/*.yaml`` script a decision the rules
forbid; their first line is ``# error: <text>``. Each is played in process: the scenario
runner must refuse it with one error diagnostic (exit code 2) pointing into the YAML file,
whose rendered text (what ``wolfdsl run --script`` prints on stderr) contains that text.
One of them also runs as ``wolfdsl run --script`` in a subprocess: exit 2, no traceback.

A leading comment line ``# xfail: <reason>`` marks a scenario that fails because of a known
engine bug (strict: it must keep failing until the bug is fixed, then the line goes).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wolfdsl.diagnostics import WolfError
from wolfdsl.scenario import run_scenario
from scenario_files import header, params, rule_id

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
FORBIDDEN = SCENARIOS / "forbidden"

# Rules that must have at least one scenario file (tests/scenarios/<ID>.yaml or <ID>-x.yaml).
REQUIRED_RULES = [
    "NIGHT-01", "NIGHT-03", "NIGHT-04", "NIGHT-05", "NIGHT-06", "NIGHT-07",
    "ROLE-WEREWOLF-02", "ROLE-WEREWOLF-03", "ROLE-WEREWOLF-05",
    "ROLE-SEER-01",
    "ROLE-WITCH-01", "ROLE-WITCH-02", "ROLE-WITCH-03", "ROLE-WITCH-04", "ROLE-WITCH-05",
    "ROLE-WITCH-06", "ROLE-WITCH-07",
    "ROLE-HUNTER-01", "ROLE-HUNTER-02", "ROLE-HUNTER-07", "ROLE-HUNTER-08",
    "ROLE-GUARD-01", "ROLE-GUARD-02", "ROLE-GUARD-03", "ROLE-GUARD-04",
    "ROLE-IDIOT-01", "ROLE-IDIOT-02", "ROLE-IDIOT-03", "ROLE-IDIOT-04",
    "ROLE-ELDER-01", "ROLE-ELDER-03", "ROLE-ELDER-05",
    "SHERIFF-01", "SHERIFF-02", "SHERIFF-03", "SHERIFF-04", "SHERIFF-05", "SHERIFF-06",
    "SHERIFF-08", "SHERIFF-09", "SHERIFF-10", "SHERIFF-13", "SHERIFF-14", "SHERIFF-15",
    "DAY-02", "DAY-08", "DAY-09", "DAY-11", "DAY-12", "DAY-13", "DAY-15",
    "LASTWORDS-01", "LASTWORDS-02", "LASTWORDS-03", "LASTWORDS-04",
    "WIN-01", "WIN-02", "WIN-03", "WIN-04",
]


@pytest.mark.parametrize("path", params(SCENARIOS))
def test_scenario_holds(path: Path) -> None:
    outcome = run_scenario(str(path))
    assert outcome.ok, f"{path.name}:\n{outcome.report}"
    check = EVENT_CHECKS.get(path.stem)
    if check is not None:
        check(outcome.result.events)


def _expected_error(path: Path) -> str:
    expected = header(path).get("error")
    assert expected, f"{path.name}: the first line must be `# error: <text the stderr must contain>`"
    return expected


@pytest.mark.parametrize("path", params(FORBIDDEN))
def test_forbidden_decision_is_refused(path: Path) -> None:
    expected = _expected_error(path)
    with pytest.raises(WolfError) as info:
        run_scenario(str(path))
    err = info.value
    stderr = err.render()  # what `wolfdsl run --script` prints before it exits with err.exit_code
    assert err.exit_code == 2, f"exit {err.exit_code}\n{stderr}"
    assert "Traceback" not in stderr, stderr
    assert expected in stderr, f"stderr does not name {expected!r}:\n{stderr}"
    (diag,) = err.diagnostics
    lines = path.read_text(encoding="utf-8").count("\n") + 1
    assert diag.severity == "error" and diag.span is not None, stderr
    assert diag.span.file == str(path) and 1 <= diag.span.line <= lines, stderr
    first = f"{path}:{diag.span.line}:{diag.span.col}: {diag.code + ' ' if diag.code else ''}error: "
    assert stderr.startswith(first), stderr


def test_forbidden_decision_exits_2_without_traceback_from_the_command_line() -> None:
    path = FORBIDDEN / "badge-to-dead-player.yaml"
    expected = _expected_error(path)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "wolfdsl", "run", "--script", str(path)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    assert proc.returncode == 2, f"exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    assert expected in proc.stderr, f"stderr does not name {expected!r}:\n{proc.stderr}"
    assert proc.stderr.startswith(f"{path}:14:43: error: "), proc.stderr


def test_every_required_rule_has_a_scenario() -> None:
    covered = {rule_id(p.stem) for p in SCENARIOS.glob("*.yaml")}
    missing = [rule for rule in REQUIRED_RULES if rule not in covered]
    assert not missing, "rules without a scenario in tests/scenarios/: " + ", ".join(missing)


def test_scenario_names_are_rule_ids() -> None:
    # the team's copy beside the repository and the one shipped in docs/ (which adds the
    # modern roles' section): a rule ID of either counts
    texts = [p for p in (ROOT.parent / "shared" / "docs" / "rules.md", ROOT / "docs" / "rules.md") if p.exists()]
    if not texts:
        pytest.skip("rules.md is neither beside the repository nor in docs/")
    body = "\n".join(p.read_text(encoding="utf-8") for p in texts)
    unknown = [p.name for p in SCENARIOS.glob("*.yaml") if f"**{rule_id(p.stem)}**" not in body]
    assert not unknown, "scenario files not named after a rule of rules.md: " + ", ".join(unknown)


# -- what the expect block cannot say: checks on the event log ---------------------------

def _of(events, type_, **fields):
    return [e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items())]


def _seer_results(events) -> None:
    # ROLE-SEER-01 (wolf_or_good): seat 1 reads "wolf", seat 9 "good".
    results = [e["what"] for e in _of(events, "inform", seat=5) if "result" in e["what"]]
    assert results == [{"seat": 1, "result": "wolf"}, {"seat": 9, "result": "good"}], results


def _witch_told_only_with_antidote(events) -> None:
    # ROLE-WITCH-03: shown seat 9 on night 1, nothing on night 2 (antidote spent).
    told = [(e["day"], e["what"]["victim"]) for e in _of(events, "inform", seat=6) if "victim" in e["what"]]
    assert told == [(1, 9)], told


def _election_before_announcement(events) -> None:
    # SHERIFF-02 (before_announcement): the sheriff is elected before the night's dead are named.
    kinds = [e["type"] for e in events if e["type"] in ("sheriff", "death")]
    assert kinds[:2] == ["sheriff", "death"], kinds


def _campaign_in_seat_order(events) -> None:
    # SHERIFF-03: candidates speak in seat order.
    orders = [e["order"] for e in _of(events, "speeches", purpose="sheriff campaign")]
    assert orders == [[5, 9, 11]], orders


def _where_the_claim_is(events) -> list[str]:
    # the seer's claim among the day's speeches and the election: in whose speeches it came
    marks = []
    for e in events:
        if e["type"] == "speeches":
            marks.append(e["purpose"])
        elif e["type"] == "sheriff":
            marks.append("elected")
        elif e["type"] == "claim":
            marks.append(f"claim by {e['seat']}")
    return marks


def _candidate_claims(events) -> None:
    # SHERIFF-03: the seer runs, so he claims in the campaign, before the vote.
    marks = _where_the_claim_is(events)
    assert marks == ["sheriff campaign", "claim by 5", "elected", "day"], marks


def _listener_waits(events) -> None:
    # SHERIFF-03: the seer does not run, so his claim waits for the day's speeches.
    marks = _where_the_claim_is(events)
    assert marks == ["sheriff campaign", "elected", "day", "claim by 5"], marks


def _no_exile_vote(events) -> None:
    # DAY-08: after a self-destruct no exile vote is held that day.
    assert not [e for e in _of(events, "vote", kind="exile") if e["day"] == 1], "an exile vote was held on day 1"


def _pk_voters(events) -> None:
    # DAY-11 / SHERIFF-15: the tied players (the sheriff among them) have no ballot in the PK round.
    pk = _of(events, "vote", kind="exile", round=2)
    assert pk and not {"1", "5"} & set(map(str, pk[0]["ballots"])), pk


def _cupid_night_one_only(events) -> None:
    # NIGHT-03: Cupid links on night 1 and is not called again.
    links = [e["day"] for e in _of(events, "action", action="cupid.link")]
    assert links == [1], links


def _hunter_told_status(events) -> None:
    # NIGHT-05 / ROLE-HUNTER-04: can shoot on night 1 (attacked by wolves), not on night 2 (poisoned).
    told = [(e["day"], e["what"]["can_shoot"]) for e in _of(events, "inform", seat=7) if "can_shoot" in e["what"]]
    assert told == [(1, True), (2, False)], told


def _announced_on_day(events) -> None:
    # DAY-02: the night's dead are named at the day's announcement, after day 1 begins.
    day1 = next(e["seq"] for e in _of(events, "phase", phase="day", day=1))
    deaths = [e["seq"] for e in _of(events, "death")]
    assert deaths and min(deaths) > day1, (day1, deaths)


def _told(events, seat, key):
    return [(e["day"], e["what"]) for e in _of(events, "inform", seat=seat) if key in e["what"]]


def _gravekeeper_wolf(events) -> None:
    # ROLE-GRAVEKEEPER-01: on night 2 he learns that seat 1, exiled on day 1, was a wolf.
    assert _told(events, 8, "result") == [(2, {"seat": 1, "result": "wolf"})], _told(events, 8, "result")


def _gravekeeper_good(events) -> None:
    assert _told(events, 8, "result") == [(2, {"seat": 11, "result": "good"})], _told(events, 8, "result")


def _gargoyle_sees_role(events) -> None:
    # ROLE-GARGOYLE-01: the wolves are told of seats 1-3 only; the gargoyle sees the witch.
    assert _told(events, 1, "wolves") == [(1, {"wolves": [1, 2, 3]})], _told(events, 1, "wolves")
    assert not _told(events, 4, "wolves")
    assert _told(events, 4, "role") == [(1, {"seat": 6, "role": "witch"})], _told(events, 4, "role")


def _gargoyle_kills_alone(events) -> None:
    # ROLE-GARGOYLE-02: with seats 1-3 dead the team's night-3 kill is still asked (of the
    # gargoyle, its only member) and names the seer.
    kills = [e["targets"] for e in _of(events, "action", action="werewolves.kill") if e["day"] == 3]
    assert kills == [[5]], kills


def _mixed_blood_reads_good(events) -> None:
    # ROLE-MIXED_BLOOD-02: he follows wolf seat 2, and the seer still reads him good.
    assert _of(events, "faction_change", seat=9, faction="werewolves"), "no faction change"
    assert [w for _, w in _told(events, 5, "result")] == [{"seat": 9, "result": "good"}]


def _dream_link(events) -> None:
    # ROLE-DREAMWEAVER-03: the dreamed player dies right after the dreamweaver.
    deaths = [e["seat"] for e in _of(events, "death")]
    assert deaths[:2] == [8, 9], deaths


EVENT_CHECKS = {
    "ROLE-GRAVEKEEPER-01-a": _gravekeeper_wolf,
    "ROLE-GRAVEKEEPER-01-b": _gravekeeper_good,
    "ROLE-GRAVEKEEPER-02": _gravekeeper_wolf,
    "ROLE-GARGOYLE-01": _gargoyle_sees_role,
    "ROLE-GARGOYLE-02": _gargoyle_kills_alone,
    "ROLE-MIXED_BLOOD-02": _mixed_blood_reads_good,
    "ROLE-DREAMWEAVER-03-a": _dream_link,
    "NIGHT-03": _cupid_night_one_only,
    "NIGHT-05": _hunter_told_status,
    "DAY-02": _announced_on_day,
    "ROLE-SEER-01": _seer_results,
    "ROLE-WITCH-03": _witch_told_only_with_antidote,
    "SHERIFF-02": _election_before_announcement,
    "SHERIFF-03": _campaign_in_seat_order,
    "SHERIFF-03-candidate_claims": _candidate_claims,
    "SHERIFF-03-listener_waits": _listener_waits,
    "DAY-08": _no_exile_vote,
    "SHERIFF-15": _pk_voters,
}
