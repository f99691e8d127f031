"""The ``wolfdsl`` command line (contract section 1).

``run`` plays one game and narrates it, plays many (``--games``) and summarises them,
or plays a scenario file (``--script``); ``lint`` checks ruleset files; ``rulesets``
lists the bundled rulesets.

Exit codes: 0 success, 1 the check asked for failed, 2 bad input. Bad input — a
:class:`~wolfdsl.diagnostics.WolfError` from the loader, the engine or the scenario
runner, an unknown name, a malformed option — is printed as a diagnostic, never as a
traceback. Any other exception is a bug in wolfdsl and keeps its traceback.
"""
from __future__ import annotations

import json
import secrets
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Annotated, Iterator, List, Optional

import typer

from wolfdsl.agents import AGENTS
from wolfdsl.diagnostics import WolfError, did_you_mean

app = typer.Typer(
    name="wolfdsl",  # the help text is _root's docstring
    no_args_is_help=True,
    add_completion=False,
    # A traceback only ever means a bug; keep it plain and free of local variables.
    pretty_exceptions_enable=False,
)

STYLES = {
    "title": "bold",
    "header": "bold cyan",
    "action": "dim",
    "death": "red",
    "vote": "yellow",
    "sheriff": "magenta",
    "status": "blue",
    "info": "dim italic",
    "game_over": "bold green",
}
"""Terminal style of each kind of narration line (:class:`wolfdsl.narrate.Line`)."""


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------

@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a :class:`WolfError` into its rendered diagnostics on stderr and exit 2."""
    try:
        yield
    except WolfError as err:
        typer.echo(err.render(), err=True)
        raise typer.Exit(err.exit_code) from None


def parse_sets(items: List[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` -> ``{"a": "1", "b": "x"}``; raises ``typer.BadParameter``."""
    options: dict[str, str] = {}
    for item in items:
        name, eq, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not eq or not name or not value:
            raise typer.BadParameter(
                f"expected NAME=VALUE (for example sheriff_vote_weight=2), got '{item}'",
                param_hint="'--set'")
        if name in options:
            raise typer.BadParameter(f"option '{name}' is set twice", param_hint="'--set'")
        options[name] = value
    return options


def check_agents(name: str) -> None:
    """Reject an agent name that :data:`wolfdsl.agents.AGENTS` does not know."""
    if name not in AGENTS:
        raise typer.BadParameter(
            f"unknown agent '{name}'{did_you_mean(name, AGENTS)}; "
            f"available: {', '.join(sorted(AGENTS))}", param_hint="'--agents'")


def players_text(players: tuple[int, int]) -> str:
    """``12`` for a fixed count, ``8-18`` for a range."""
    low, high = players
    return str(low) if low == high else f"{low}-{high}"


def _open_log(path: Optional[Path]) -> Optional[IO[str]]:
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8", newline="\n")
    except OSError as err:
        raise typer.BadParameter(f"cannot write '{path}': {err.strerror}",
                                 param_hint="'--log'") from None


def _stdout():
    from rich.console import Console

    return Console(soft_wrap=True, highlight=False)


# --------------------------------------------------------------------------------------
# Commands
# --------------------------------------------------------------------------------------

def _version(value: bool) -> None:
    if value:
        from wolfdsl import __version__

        typer.echo(f"wolfdsl {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[Optional[bool], typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = None,
) -> None:
    """Write Werewolf (狼人杀) variants as .wolf files, play them, check them."""


@app.command()
def run(
    ruleset: Annotated[Optional[str], typer.Argument(
        help="A .wolf file or a bundled ruleset name (see `wolfdsl rulesets`); "
             "may be left out with --script.", metavar="RULESET", show_default=False)] = None,
    games: Annotated[Optional[int], typer.Option(
        "--games", "-n", min=1, help="Monte Carlo: play N games and summarise them.")] = None,
    script: Annotated[Optional[Path], typer.Option(
        "--script", exists=True, dir_okay=False, readable=True,
        help="Play a scenario file and check its expect block.")] = None,
    seed: Annotated[Optional[int], typer.Option(
        help="Seed of the run (default: a random one, printed).")] = None,
    players: Annotated[Optional[int], typer.Option(
        min=1, help="Player count, for rulesets that accept a range.")] = None,
    agents: Annotated[Optional[str], typer.Option(
        help=f"Agent for every seat: {', '.join(sorted(AGENTS))} (default: random).")] = None,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", min=1, help="Worker processes for --games (default: 1).")] = None,
    log: Annotated[Optional[Path], typer.Option(
        dir_okay=False, help="Write the event log as JSON Lines.")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print a machine-readable summary instead of text.")] = False,
    set_: Annotated[Optional[List[str]], typer.Option(
        "--set", metavar="NAME=VALUE", help="Set a ruleset option (repeatable).")] = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Only the outcome: no narration, progress bar or timing.")] = False,
) -> None:
    """Play one game (narrated), many games (--games N), or a scenario (--script)."""
    options = parse_sets(set_ or [])
    if script is not None:
        given = [name for name, on in (
            ("--games", games is not None), ("--seed", seed is not None),
            ("--players", players is not None), ("--agents", agents is not None),
            ("--jobs", jobs is not None), ("--set", bool(options)), ("--json", as_json)) if on]
        if given:
            raise typer.BadParameter(
                f"{', '.join(given)} cannot be used with --script: the scenario file fixes "
                "the seed, seats, options and decisions", param_hint="'--script'")
        _run_script(script, ruleset, log, quiet)
        return

    if ruleset is None:
        from wolfdsl.loader import bundled

        raise typer.BadParameter(
            f"missing: give a .wolf file or a bundled ruleset ({', '.join(bundled())})",
            param_hint="'RULESET'")
    agents = agents or "random"
    check_agents(agents)
    if seed is None:
        seed = secrets.randbelow(2**31)  # every output names it, so the run can be replayed

    if games is None:
        _run_one(ruleset, seed, agents, players, options, log, as_json, quiet)
    else:
        _run_many(ruleset, games, seed, jobs or 1, agents, players, options, log, as_json, quiet)


def _run_one(ref: str, seed: int, agents: str, players: Optional[int], options: dict,
             log: Optional[Path], as_json: bool, quiet: bool) -> None:
    from rich.text import Text

    from wolfdsl.loader import load
    from wolfdsl.montecarlo import game_log, play_game
    from wolfdsl.narrate import narrate

    with user_errors():
        ruleset = load(ref, options or None, players)
        result = play_game(ruleset, seed, 0, agents, players)
    out = _open_log(log)
    if out is not None:
        with out:
            out.write(game_log(result.events))

    if as_json:
        start = next((e for e in result.events if e["type"] == "game_start"), {})
        summary = {
            "ruleset": ruleset.name,
            "seed": seed,
            "agents": agents,
            "options": options,
            "seats": start.get("seats", []),
            "over": result.over,
            "winners": result.winners,
            "winning_seats": result.winning_seats,
            "reason": result.reason,
            "days": result.days,
            "sheriff": result.sheriff,
            "deaths": [{k: e.get(k) for k in ("seat", "role", "cause", "day", "phase", "last_words")}
                       for e in result.deaths],
        }
        typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
        return
    if quiet:
        if result.over:
            who = " and ".join(result.winners) or "nobody"
            typer.echo(f"seed {seed}: {who} won ({result.reason}) after {result.days} days")
        else:
            typer.echo(f"seed {seed}: no winner after {result.days} days")
        return
    console = _stdout()
    for line in narrate(result.events, ruleset):
        console.print(Text(line, style=STYLES.get(line.kind, "")))


def _run_many(ref: str, games: int, seed: int, jobs: int, agents: str, players: Optional[int],
              options: dict, log: Optional[Path], as_json: bool, quiet: bool) -> None:
    from wolfdsl.montecarlo import simulate, summary_renderables, timing_line

    out = _open_log(log)
    try:
        with user_errors():
            summary = simulate(ref, games, seed, jobs=jobs, agents=agents,
                               options=options or None, players=players, log=out,
                               progress=not quiet)
    finally:
        if out is not None:
            out.close()
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), ensure_ascii=False, indent=2))
        return
    console = _stdout()
    for item in summary_renderables(summary):
        console.print(item)
    if not quiet:
        typer.echo(timing_line(summary), err=True)


def _run_script(script: Path, ruleset: Optional[str], log: Optional[Path], quiet: bool) -> None:
    from wolfdsl.scenario import run_scenario

    with user_errors():
        outcome = run_scenario(str(script), ruleset_ref=ruleset,
                               log=str(log) if log is not None else None)
    for warning in outcome.warnings:
        typer.echo(warning if "warning:" in warning else f"warning: {warning}", err=True)
    if not (quiet and outcome.ok):
        typer.echo(outcome.report)
    raise typer.Exit(0 if outcome.ok else 1)


LINT_FORMATS = ("text", "json", "sarif")


@app.command()
def lint(
    files: Annotated[List[Path], typer.Argument(
        exists=True, dir_okay=False, readable=True, help=".wolf files to check.",
        metavar="FILE...", show_default=False)],
    fmt: Annotated[str, typer.Option(
        "--format", help="Output: text (compiler style), json, or sarif (SARIF 2.1.0).")] = "text",
    select: Annotated[Optional[List[str]], typer.Option(
        "--select", metavar="CODES", help="Only these codes, prefixes (W33) or names; repeatable or comma-separated.")] = None,
    ignore: Annotated[Optional[List[str]], typer.Option(
        "--ignore", metavar="CODES", help="Skip these codes, prefixes or names.")] = None,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Exit 1 on any finding, warnings included.")] = False,
    explore: Annotated[int, typer.Option(
        "--explore", min=0, metavar="N",
        help="Also play N seeded random games per file and report runtime conflicts (W39x).")] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the --explore games.")] = 0,
    out: Annotated[Optional[Path], typer.Option(
        "--out", file_okay=False, help="Folder for --explore reproducers (default: next to each ruleset).")] = None,
) -> None:
    """Check ruleset files; print `path:line:col: CODE severity: message` per finding.

    Exit 0 when clean, 1 when a finding is an error (any finding with --strict), 2 on
    bad usage. Silence one finding with `# lint: ignore CODE -- reason` on its line or
    the line above."""
    from wolfdsl.lint import lint_paths, selected_codes
    from wolfdsl.lint import render

    if fmt not in LINT_FORMATS:
        raise typer.BadParameter(f"unknown format '{fmt}'{did_you_mean(fmt, LINT_FORMATS)}; "
                                 f"use {', '.join(LINT_FORMATS)}", param_hint="'--format'")
    try:
        selected_codes(select, ignore)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="'--select' / '--ignore'") from None
    diags = lint_paths([str(p) for p in files], select=select, ignore=ignore, explore=explore,
                       seed=seed, out_dir=out)
    if fmt == "json":
        typer.echo(render.as_json(diags))
    elif fmt == "sarif":
        typer.echo(render.sarif(diags))
    else:
        if diags:
            typer.echo(render.text(diags))
        typer.echo(render.summary(diags, len(files)), err=True)
    failing = any(d.severity == "error" for d in diags) or (strict and bool(diags))
    raise typer.Exit(1 if failing else 0)


@app.command()
def rulesets() -> None:
    """List the bundled rulesets: name, player counts, summary."""
    from rich.table import Table

    from wolfdsl.loader import bundled, load

    table = Table("name", "players", "summary")
    failed: list[WolfError] = []
    for name in bundled():
        try:
            rs = load(name)
        except WolfError as err:
            failed.append(err)
            table.add_row(name, "?", "(does not load: see below)", style="red")
            continue
        table.add_row(name, players_text(rs.players), rs.summary)
    _stdout().print(table)
    for err in failed:
        typer.echo(err.render(), err=True)
    if failed:
        raise typer.Exit(2)


def main() -> None:
    """Console-script entry point (``wolfdsl = "wolfdsl.cli:main"``)."""
    app(prog_name="wolfdsl")


if __name__ == "__main__":  # pragma: no cover
    main()
