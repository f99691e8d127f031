"""Generate ``docs/lint.md`` from the registry and the fixtures.

``python -m wolfdsl.lint.docs tests/lint/fixtures > docs/lint.md``: every code's
docstring sections, with the first failing and the first passing chunk of its fixture
as the examples, so the page and the tests show the same rulesets.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from .registry import RUNTIME, doc_sections, rules

INTRO = """\
# `wolfdsl lint`

`wolfdsl lint FILE...` checks rulesets before anyone plays them: names used but not
declared or declared but not used, steps and triggers whose order nobody fixed, win
rules that collide or can never hold, factions that can never win, decisions that can
never be made, setups that do not add up, games that cannot end. With `--explore N` it
also plays N seeded random games per file and reports the conflicts that only show at
run time, each with a scenario file that replays it.

```
wolfdsl lint my-variant.wolf                  # text, like a compiler
wolfdsl lint --format sarif rulesets/*.wolf   # SARIF 2.1.0 for code-scanning tools
wolfdsl lint --select W33 --ignore W331 x.wolf
wolfdsl lint --strict x.wolf                  # warnings fail too
wolfdsl lint --explore 1000 --seed 7 --out repro/ x.wolf
```

Output: `path:line:col: CODE severity: message`, the source line with carets, then
`note:` lines for related places ("the other rule is here"), and last the summary
(`2 files checked: 1 error, 0 warnings`), all on stdout: `wolfdsl lint x.wolf > report.txt`
keeps the summary. `--format json` gives a list of `{code, name, severity, message,
location, related}`; `--format sarif` a SARIF 2.1.0 log whose `rules` carry the sections
below; stdout then holds that document alone. With `--output-file FILE` (the findings go
to FILE) and with `--format github` the summary goes to stderr.

Exit status: 0 clean (warnings allowed), 1 a finding of error severity (any finding with
`--strict`), 2 bad usage (unknown code in `--select`/`--ignore`, missing file, unknown
format).

`--select` and `--ignore` take codes (`W330`), prefixes (`W33`, `E2`) or names
(`simultaneous-wins`), repeated or comma-separated.

Each code has one severity, given in its header below: E codes are errors, and so are
some W codes (W302, W330, W391...: a W code says only that the check is lint's rather
than the compiler's, and such a finding fails the lint, exit 1, without `--strict`). The
examples mark each reported line with that severity (`# warning: W300`, `# error: W330`).

## Configuration

A project keeps its settings in the `[tool.wolfdsl]` table of a `pyproject.toml` in the
current folder or the nearest folder above it:

```toml
[tool.wolfdsl]
select = ["E", "W3"]       # codes, prefixes or names, as --select takes them
ignore = ["W305"]          # as --ignore
strict = true              # warnings fail too (exit 1), as --strict
```

`select` and `ignore` take a list (or one string) of what `--select` and `--ignore`
take; `strict` is `true` or `false`. The command line wins: `--select` replaces `select`,
`--ignore` replaces `ignore`, `--strict` turns strict on. Another key, or a value of the
wrong type, is bad usage (exit 2), naming the file.

## Silencing one finding

Write `# lint: ignore CODE -- reason` on the offending line or on the line above it.
The reason is required: a suppression without one still silences, but is reported as
W300; a suppression that silences nothing is W305.

```
trigger mourn on death(p) order 5 { ... }   # lint: ignore W320 -- only logs; order is irrelevant
```

## How the semantic checks prove things

Static checks read the merged program (after `import`, `replace`, `remove`):

- **Read/write sets** (W310, W320): what each step, trigger and proc reads and writes —
  globals, statuses, counters and properties, a seat's role/faction/class/team, who is
  alive, a decision's answer — following `call`s, `func`s and the triggers a `kill`
  sets off.
- **Abstract states** (W330-W335, W340, W341): counts of living players per *profile*
  (faction, class, team, the properties the win rules read; a role the rules name keeps
  its own profile), plus what rules can change: up to two players whose faction a
  `.faction = F` statement changes, a status the win rules read held by all living
  players, the cause of death of the dead. Each state is loaded into a real engine
  `Game` and the rules' own compiled closures are evaluated on it; reachability follows
  deaths one at a time (any number at once when death triggers kill), stopping at
  states where a win rule already holds. Checks that claim "never" use every option
  value the condition reads (a rule an option switches off is not reported), and skip
  conditions on state the game changes (globals, statuses, raised counters).
- **Conditions that exclude each other** (W310, W320, W321): `t == a` against `t == b`
  or `t != a` in the top-level conjuncts.

Dynamic checks (`--explore N`, codes W390-W394, and E401 for a rule that fails in a game)
play N games with random agents on an observer on the engine. The deal is fixed first,
so a scenario with the same seed replays the same random draws. Each distinct conflict
is reported once (a rule that fails, E401, is one finding for one place and message, whichever
phase of whichever game it failed in), with the number of games that hit it and a reproducer
`RULESET.CODE-K.yaml` (next to the ruleset, or in `--out DIR`; the summary lists the
files written): the earliest occurrence, shrunk by dropping scripted decisions while the
same conflict still happens, stopped after its phase.
`wolfdsl run --script FILE` replays it (the finding and the file's `# Replay:` line give
that command with the path as typed where `wolfdsl lint` ran); where the game finishes, an `expect:` block
records what happened.

Compiler errors (E1xx, E2xx) stop the semantic checks for that file.

# Codes
"""


def chunks(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [c.strip("\n") for c in re.split(r"^# ---\s*$", text, flags=re.M)]


def _severity(code: str, severity: str) -> str:
    """A code's severity as its header gives it; a W code of error severity says so,
    since its letter suggests a warning."""
    if code.startswith("W") and severity == "error":
        return "error, though a W code: it fails the lint"
    return severity


def render(fixtures: Path) -> str:
    out = [INTRO]
    for rule in rules():
        secs = doc_sections(type(rule))
        title = (type(rule).__doc__ or "").strip().splitlines()[0]
        out.append(f"## {rule.code} `{rule.name}`\n")
        out.append(f"*{_severity(rule.code, rule.severity)}, {rule.kind}* — {title}\n")
        for head in ("What it finds", "Why it matters", "Fix"):
            out.append(f"**{head}.** " + " ".join(secs.get(head, "").split()) + "\n")
        path = fixtures / f"{rule.code}.wolf"
        if path.is_file():
            cs = chunks(path)
            bad = next((c for c in cs if f": {rule.code}" in c), None)
            good = next((c for c in cs if f": {rule.code}" not in c), None)
            if bad:
                out.append("Reported:\n\n```wolf\n" + bad + "\n```\n")
            if good:
                out.append("Clean:\n\n```wolf\n" + good + "\n```\n")
        else:
            out.append("**Example.** " + " ".join(secs.get("Example", "").split()) + "\n")
    out.append(RUNTIME_INTRO)
    for code in sorted(RUNTIME):
        cls = RUNTIME[code]
        secs = doc_sections(cls)
        out.append(f"## {code} `{cls.name}`\n")
        out.append(f"*{cls.severity}, {cls.kind}* — {(cls.__doc__ or '').strip().splitlines()[0]}\n")
        for head in ("What it finds", "Why it matters", "Example", "Fix"):
            out.append(f"**{head}.** " + " ".join(secs.get(head, "").split()) + "\n")
    return "\n".join(out)


RUNTIME_INTRO = """\
# Codes while a game runs

Not checks `lint` makes: the codes a game prints (`run`, `play`, `test`, `compare`,
`sweep`) when a rule fails as it runs, as `path:line:col: CODE error: phase N: message`.
`wolfdsl lint --explain E402` explains them too; `--select` and `--ignore` do not take them.
E401, a rule that fails, is listed with the checks above: `lint --explore N` reports it.
"""


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(render(Path(sys.argv[1] if len(sys.argv) > 1 else "tests/lint/fixtures")))
