"""``wolfdsl lint`` behind its command-line wrapper: targets (files, folders, bundled
names, ``-`` for stdin), project settings, the output format and file, the exit code.

``run_lint(request) -> (report, summary, exit code)``; the wrapper in :mod:`wolfdsl.cli`
prints them. Bad usage raises ``ValueError`` (``param``, ``message``) through
:class:`UsageError`.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..filekind import scenario_not_ruleset
from . import _dedupe, _where, render
from .settings import load_settings
from .targets import Target, expand, stdin_target

FORMATS = ("text", "json", "sarif", "github")


class UsageError(ValueError):
    """Bad usage of ``wolfdsl lint``: ``param`` is the option or argument to blame."""

    def __init__(self, param: str, message: str):
        super().__init__(message)
        self.param = param


@dataclass
class LintRequest:
    """The options of one ``wolfdsl lint`` run (``None``: not given on the command line)."""
    files: list[str] = field(default_factory=list)
    fmt: str = "text"
    select: list[str] | None = None
    ignore: list[str] | None = None
    strict: bool = False
    explore: int = 0
    seed: int = 0
    out: Path | None = None
    stdin_filename: str | None = None


def run_lint(req: LintRequest) -> tuple[str, str, int]:
    """``(report for stdout or --output-file, summary, exit code)``: the summary follows
    the report on stdout for ``--format text``, and goes to stderr with ``--output-file``
    or ``--format github`` (json and sarif print none)."""
    from .. import lint as pkg  # looked up at run time: tests replace its functions
    from ..diagnostics import did_you_mean

    if req.fmt not in FORMATS:
        raise UsageError("--format", f"unknown format '{req.fmt}'{did_you_mean(req.fmt, FORMATS)}; "
                         f"use {', '.join(FORMATS)}")
    settings, _ = load_settings(Path.cwd())
    select = req.select if req.select else settings.get("select")
    ignore = req.ignore if req.ignore else settings.get("ignore")
    strict = req.strict or settings.get("strict", False)
    try:
        codes = pkg.selected_codes(select, ignore)
    except ValueError as err:
        raise UsageError("--select / --ignore", str(err)) from None
    names = req.files or ["."]
    if names.count("-") > 1:
        raise UsageError("FILE...", "'-' (stdin) may be given once")
    skipped: list[str] | None = [] if len(names) > 1 else None  # a batch skips its scenario files
    try:
        targets = expand([n for n in names if n != "-"], skipped)
    except ValueError as err:
        raise UsageError("FILE...", str(err)) from None
    if skipped:
        if not targets and "-" not in names:
            raise UsageError("FILE...", scenario_not_ruleset(skipped[0]))
        shown = ", ".join(skipped[:3]) + (f", and {len(skipped) - 3} more" if len(skipped) > 3 else "")
        print(f"skipped {len(skipped)} scenario file{'s' if len(skipped) > 1 else ''} ({shown}; "
              "use wolfdsl test)", file=sys.stderr)
    out_dirs = {t.path: Path.cwd() for t in targets if t.bundled and req.out is None}
    diags = pkg.lint_paths([t.path for t in targets], select=select, ignore=ignore, explore=req.explore,
                       seed=req.seed, out_dir=req.out, out_dirs=out_dirs)
    if "-" in names:
        with stdin_target(sys.stdin.read(), req.stdin_filename) as t:
            diags += pkg.lint_file(t.path, codes, req.explore, req.seed, req.out, shown=t.shown)
    diags = sorted(_dedupe(diags), key=_where)
    count = len(targets) + ("-" in names)
    report = {"json": render.as_json, "sarif": render.sarif, "github": render.github,
              "text": render.text}[req.fmt](diags)
    failing = any(d.severity == "error" for d in diags) or (strict and bool(diags))
    notes = [f"{t.path}: no `players` and no `deck`: checked as a base for other rulesets to import; "
             "to run it, add `players N` and `deck N: ROLE*K, ...`"
             for t in targets if len(names) == 1 and Path(names[0]).is_file() and not t.bundled and _is_base(t.path)]
    written = [r for d in diags if (r := getattr(d, "reproducer", None)) is not None]
    if written:
        from .dynamic import shown_path

        hint = "" if req.out is not None else "; --out DIR to write elsewhere"
        notes.append(f"wrote {len(written)} reproducer{'s' if len(written) > 1 else ''} (a scenario that replays "
                     f"a finding{hint}): {', '.join(shown_path(r) for r in written)}")
    return report, "\n".join([*notes, render.summary(diags, count)]), 1 if failing else 0


_PLAYABLE = re.compile(r"^[ \t]*(players|deck)\b", re.M)


def _is_base(path) -> bool:
    """Whether the ruleset at ``path`` has neither ``players`` nor a ``deck``, its imports
    included (lint checks it as a base that other rulesets import; ``wolfdsl run`` could
    not play it). A file that imports a playable ruleset (``import "standard-12"``) is
    no base; nor is one that does not load (its errors say what is wrong)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if _PLAYABLE.search(text) is not None:
        return False
    from ..diagnostics import WolfError
    from ..lang.load import load
    try:
        return not load(str(path)).decks
    except WolfError:  # its errors are in the report; whether it is a base is unknown
        return False


__all__ = ["FORMATS", "LintRequest", "Target", "UsageError", "run_lint"]
