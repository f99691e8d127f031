"""Fuzzing in the suite (issue 11): mutated bundled rulesets and scenario files keep the
contract — exit 0, 1 or 2; an error has a position, its source line and a caret; no
traceback; bounded time. A few dozen cases here; ``-m slow`` runs more, and
``bench/fuzz_campaign.py --minutes 10`` as many as time allows."""
from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from fuzzing import mutate, run_inprocess, seeds_scenarios, seeds_wolf

WOLF = seeds_wolf()
SCENARIOS = seeds_scenarios()
FAST = settings(max_examples=12, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SLOW = settings(FAST, max_examples=150)


def check_wolf(tmp_path, seed: int, command: str) -> None:
    rng = random.Random(seed)
    source = rng.choice(WOLF)
    text = mutate(source.read_text(encoding="utf-8"), rng, rng.randint(1, 4))
    path = tmp_path / "case.wolf"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    args = ["run", str(path), "--seed", str(seed), "-q"] if command == "run" else ["lint", str(path)]
    start = time.monotonic()
    verdict = run_inprocess(args)
    assert time.monotonic() - start < 60, f"{source.name} mutated with seed {seed}: too slow"
    assert verdict.ok, f"{source.name} mutated with seed {seed}: {verdict.why}\n{verdict.output[-3000:]}"


def check_scenario(tmp_path, seed: int) -> None:
    rng = random.Random(seed)
    source = rng.choice(SCENARIOS)
    text = mutate(source.read_text(encoding="utf-8"), rng, rng.randint(1, 3))
    path = tmp_path / "case.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    start = time.monotonic()
    verdict = run_inprocess(["run", "--script", str(path), "-q"])
    assert time.monotonic() - start < 60, f"{source.name} mutated with seed {seed}: too slow"
    assert verdict.ok, f"{source.name} mutated with seed {seed}: {verdict.why}\n{verdict.output[-3000:]}"


@pytest.mark.parametrize("command", ["run", "lint"])
@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_rulesets_keep_the_contract(tmp_path, command, seed):
    check_wolf(tmp_path, seed, command)


@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_scenarios_keep_the_contract(tmp_path, seed):
    check_scenario(tmp_path, seed)


@pytest.mark.slow
@pytest.mark.parametrize("command", ["run", "lint"])
@SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_rulesets_keep_the_contract_long(tmp_path, command, seed):
    check_wolf(tmp_path, seed, command)


@pytest.mark.slow
@SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_scenarios_keep_the_contract_long(tmp_path, seed):
    check_scenario(tmp_path, seed)
