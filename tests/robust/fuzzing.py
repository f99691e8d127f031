"""Mutations of .wolf and scenario files, and the contract every run of them must keep.

Shared by ``tests/robust/test_fuzz.py`` (a few dozen cases under hypothesis) and
``bench/fuzz_campaign.py`` (as many as time allows).

The contract (issue 11, contract section 1): exit 0, 1 or 2; on exit 2 every error line
``file:line:col: ...`` that names a file is followed by its source line and a caret; no
traceback; the run ends within its time limit.
"""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from wolfdsl.lang.load import bundled_path, rulesets_dir

PIECES = ["(", ")", "{", "}", "[", "]", ",", ".", ":", "*", "+", "-", "/", "%", "==", "\"", "\\x",
          " none ", " 0 ", " -1 ", " 99999999999 ", " 1e308 ", " f(f(1)) ", " count(1) ", " not ",
          " if ", " then ", " else ", " for ", " in ", " players ", " alive ", " kill ", " cause ",
          " wolf ", " import \"roles\" ", " day_bound ", "\x00", "\xe9", "\t", "\n", "#", "..", "&a", "*a"]
"""Tokens and snippets a mutation inserts: the language's punctuation and words, and the
values that once broke it."""


def mutate(text: str, rng: random.Random, edits: int = 3) -> str:
    """``text`` with ``edits`` random edits: delete, duplicate or insert a span, or swap
    two lines."""
    for _ in range(edits):
        if not text:
            text = rng.choice(PIECES)
            continue
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(1, 40))
        kind = rng.randrange(5)
        if kind == 0:
            text = text[:i] + text[j:]
        elif kind == 1:
            text = text[:j] + text[i:j] * rng.randint(1, 30) + text[j:]
        elif kind == 2:
            text = text[:i] + rng.choice(PIECES) + text[i:]
        elif kind == 3:
            lines = text.split("\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        else:
            text = text[:i] + rng.choice(PIECES) * rng.randint(50, 800) + text[j:]
    return text


def seeds_wolf() -> list[Path]:
    """The .wolf files to mutate: every bundled file but the prelude (mutating it breaks
    everything the same way)."""
    return sorted(p for p in rulesets_dir().rglob("*.wolf") if p.name != "prelude.wolf")


def seeds_scenarios() -> list[Path]:
    """The scenario files to mutate: the suite's own."""
    here = Path(__file__).resolve().parents[1] / "scenarios"
    return sorted(here.rglob("*.yaml"))


@dataclass
class Verdict:
    ok: bool
    why: str
    code: int | None
    output: str


_HEADLINE = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): ", re.M)


def judge(code: int | None, output: str) -> Verdict:
    """Whether one run kept the contract (see the module's docstring)."""
    if code is None:
        return Verdict(False, "timeout", code, output)
    if "Traceback" in output:
        return Verdict(False, "traceback", code, output)
    if code not in (0, 1, 2):
        return Verdict(False, f"exit {code}", code, output)
    if code == 2:
        lines = output.splitlines()
        for k, line in enumerate(lines):
            m = _HEADLINE.match(line)
            if m and " error: " in line and not line.startswith("warning"):
                rest = lines[k + 1:k + 4]
                if not any(re.match(r"^\s*\|\s*[\t ]*\^", x) for x in rest):
                    return Verdict(False, "no caret", code, output)
        if not any(_HEADLINE.match(line) for line in lines) and "error" not in output.lower():
            return Verdict(False, "exit 2 without an error", code, output)
    return Verdict(True, "", code, output)


def run_cli(args: list[str], cwd: Path, timeout: float = 60) -> Verdict:
    """``wolfdsl ARGS`` in a fresh process in ``cwd``, judged."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="200")
    try:
        r = subprocess.run([sys.executable, "-m", "wolfdsl", *args], cwd=cwd, capture_output=True,
                           timeout=timeout, env=env, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return judge(None, "")
    return judge(r.returncode, (r.stdout + r.stderr).decode("utf-8", "replace"))


def run_inprocess(args: list[str]) -> Verdict:
    """``wolfdsl ARGS`` in this process (typer's runner), judged; an exception that
    escapes counts as a traceback."""
    from typer.testing import CliRunner

    from wolfdsl.cli import app

    r = CliRunner().invoke(app, args)
    out = r.stdout + r.stderr
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        out += f"\nTraceback: {type(r.exception).__name__}: {r.exception}"
    return judge(r.exit_code, out)


def scenario_for(ruleset_text: str) -> str:
    """A scenario playing ``case.wolf`` to day 2."""
    return "ruleset: case.wolf\nseed: 5\notherwise: random\nstop_after: day 2\n"


def bundled(name: str) -> str:
    return bundled_path(name).read_text(encoding="utf-8")
