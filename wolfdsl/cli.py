"""The ``wolfdsl`` command line (contract section 1).

``run`` plays one game and narrates it, plays many (``--games``) and summarises them,
or plays a scenario file (``--script``); ``lint`` checks ruleset files; ``rulesets``
lists the bundled rulesets.

Exit codes: 0 success, 1 the check asked for failed, 2 bad input. Bad input — a
:class:`~wolfdsl.diagnostics.WolfError` from the loader, the engine or the scenario
runner, an unknown name, a malformed option — is printed as a diagnostic, never as a
traceback. Any other exception is a bug in wolfdsl and keeps its traceback.
"""

import json
import shlex
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from wolfdsl.cliparams import player_count
from typer.core import TyperArgument, TyperCommand, TyperGroup

from wolfdsl.play.agents import AGENTS, DEFAULT_AGENTS
from wolfdsl.diagnostics import WolfError
from wolfdsl.present.narrate import plural
from wolfdsl.terminal import guarded, print_plain, stdout as _stdout, tolerant_streams, user_errors
from wolfdsl.commands import _check_lang, complete_ruleset as _complete_ruleset
from wolfdsl.cliparams import speed_up
from wolfdsl.simcommands import BACKEND_HELP, SCHEDULER_HELP, backend_of

class PlainCommand(TyperCommand):
    """A command whose help names each argument by its metavar alone (``FILE...``, not
    ``FILE... <list[str]>``): typer offers no switch for the type label of arguments."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, TyperArgument):
                param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]

    def collect_usage_pieces(self, ctx) -> list[str]:
        """``[OPTIONS] FILE...`` and ``[OPTIONS] [RULESET]``."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                name = param.metavar or param.name.upper()
                if param.nargs != 1 and not name.endswith("..."):
                    name += "..."
                pieces.append(name if param.required else f"[{name}]")
        return pieces

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        speed_up(self.get_params(ctx))  # no pydantic for plain values (wolfdsl.cliparams)
        return super().parse_args(ctx, args)


class PlainGroup(TyperGroup):
    """The ``wolfdsl`` group: its own options converted as :class:`PlainCommand`'s."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        speed_up(self.get_params(ctx))
        return super().parse_args(ctx, args)


app = typer.Typer(
    name="wolfdsl",
    cls=PlainGroup,  # the help text is _root's docstring
    no_args_is_help=True,
    # `wolfdsl --install-completion` (bash, zsh, fish, PowerShell); `-h` as well as `--help`.
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    # A traceback only ever means a bug; keep it plain and free of local variables.
    pretty_exceptions_enable=False,
    # Plain help: paragraphs reflowed to the terminal, no type labels such as <bool>.
    rich_markup_mode=None,
)

STYLES = {
    "title": "bold",
    "header": "bold cyan",
    "action": "dim",
    "death": "red",
    "vote": "yellow",
    "status": "blue",
    "info": "dim italic",
    "game_over": "bold green",
}
"""Terminal style of each kind of narration line (:class:`wolfdsl.present.narrate.Line`)."""


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


def warn_sets(ref: Optional[str], options, base_dir: Optional[str] = None) -> None:
    """Print a warning on stderr for each ``--set`` of ``options`` (name -> value, or
    ``(name, value)`` pairs) that changes nothing on the board of ``ref`` (a value that
    needs a role no deck deals: lint W352); stdout and the exit code stay as they are.
    Nothing when ``ref`` is unknown (the command says so)."""
    pairs = list(options.items()) if isinstance(options, dict) else list(options)
    if not pairs or ref is None:
        return
    from wolfdsl.lang.load import resolve
    from wolfdsl.lint.setup import set_warnings

    try:
        path, _ = resolve(ref, base_dir)
    except WolfError:
        return
    for line in set_warnings(str(path), pairs):
        typer.echo(f"warning: {line}", err=True)


def warn_unread_tells(ref: Optional[str], agents: str, games: Optional[int]) -> None:
    """Before a Monte Carlo run with the table bots, a note on stderr for each ``tell`` in
    the user's files that the bots cannot read (lint W370): the rates then value that
    role as if it learned nothing. Nothing for a bundled ruleset, one game, or other bots."""
    if ref is None or not games or games < 2 or "table" not in agents:
        return
    from wolfdsl.lang.load import bundled, resolve
    from wolfdsl.lint.tells import unread_tells

    if ref in bundled():
        return
    try:
        path, _ = resolve(ref, None)
    except WolfError:
        return
    for where in unread_tells(str(path)):
        typer.echo(f"note: {where} of a tell is not read by the table bots (lint W370): these rates value "
                   "the role as if it learned nothing; `wolfdsl lint` says what to write", err=True)


def check_agents(name: str, option: str = "--agents") -> None:
    """Reject an ``--agents`` spec (given as ``option``) :func:`wolfdsl.agents.registry.build`
    cannot build."""
    from wolfdsl.agents.registry import build
    if not name.strip():
        raise typer.BadParameter("is empty; give an agent name such as random", param_hint=f"'{option}'")
    try:
        build(name, 0)
    except WolfError as e:  # click says "Error: Invalid value": no second "error:"
        raise typer.BadParameter(str(e).removeprefix("error: "), param_hint=f"'{option}'") from None


def until_ci_width(text: Optional[str]) -> Optional[float]:
    """``--until-ci W`` as a width in (0, 1) (``None`` when not given); raises
    ``typer.BadParameter`` (:func:`wolfdsl.sim.precision.parse_width`)."""
    if text is None:
        return None
    from wolfdsl.sim.precision import parse_width
    try:
        return parse_width(text)
    except WolfError as err:
        message = str(err).removeprefix("error: ").removeprefix("--until-ci: ")
        raise typer.BadParameter(message, param_hint="'--until-ci'") from None


def players_text(players: tuple[int, int]) -> str:
    """``12`` for a fixed count, ``8-18`` for a range."""
    low, high = players
    return str(low) if low == high else f"{low}-{high}"


def _log_on_stdout(path: Optional[Path]) -> bool:
    """``--log -``: the log takes standard output, instead of the narration, the tables
    or the outcome line (warnings still go to standard error)."""
    from wolfdsl.outfile import is_stdout

    return is_stdout(path)


def _open_log(path: Optional[Path], ref: str):
    """The ``--log`` file (:func:`wolfdsl.outfile.output`), refusing the ruleset's files."""
    from contextlib import nullcontext

    from wolfdsl.lang.load import input_files
    from wolfdsl.outfile import output

    return nullcontext() if path is None else output(path, "--log", input_files(ref))


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


def _at_least(low: int):
    """A typer callback refusing a value below ``low`` (the help stays free of ``x>=1``)."""
    def check(value: Optional[int]) -> Optional[int]:
        if value is not None and value < low:
            raise typer.BadParameter(f"must be at least {low}, got {value}")
        return value
    return check


SEAT_HELP = ("A player of its own for seat N (repeatable): human, cmd:COMMAND (a program "
             "speaking the seat protocol, docs/seats.md) or an agent name.")
TIMEOUT_HELP = "Seconds a cmd: seat has to answer one decision (default: 10)."
QUIET_HELP = ("Less output. One game: only the outcome line. --games: only the title and the "
              "win table (no progress bar, length and death tables or timing). --script: no "
              "narration, and no report when the expectation holds.")


@app.command(cls=PlainCommand,
             short_help="Play one game, many games (--games N) or a scenario (--script).")
def run(
    ruleset: Annotated[Optional[str], typer.Argument(
        help="A .wolf file or a bundled ruleset name (see `wolfdsl rulesets`); "
             "may be left out with --script.", metavar="RULESET", show_default=False,
        autocompletion=_complete_ruleset)] = None,
    games: Annotated[Optional[int], typer.Option(
        "--games", "-n", metavar="N", callback=_at_least(1),
        help="Monte Carlo: play N games and summarise them.")] = None,
    scripts: Annotated[Optional[List[Path]], typer.Option(
        "--script", metavar="FILE", exists=True, dir_okay=False, readable=True,
        help="Play a scenario file (YAML), narrate it and check its expect block "
             "(one file; `wolfdsl test` runs many).")] = None,
    seed: Annotated[Optional[int], typer.Option(
        metavar="INT", help="Seed of the run (default: a random one, printed).")] = None,
    players: Annotated[Optional[str], typer.Option(
        metavar="N", callback=player_count,
        help="Player count, for rulesets that accept a range.")] = None,
    agents: Annotated[Optional[str], typer.Option(
        metavar="NAME",
        help=f"Agent for every seat: {', '.join(sorted(AGENTS))} (default: {DEFAULT_AGENTS}); "
             "table:skill=0.5 blends with random; FACTION=AGENT,FACTION=AGENT: an agent per faction "
             "named once, the others play the default.")] = None,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", metavar="J", callback=_at_least(1),
        help="Worker processes for --games (default: 1).")] = None,
    log: Annotated[Optional[Path], typer.Option(
        metavar="FILE", dir_okay=False,
        help="Write the event log as JSON Lines (-: on stdout, instead of the narration or tables).")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print a machine-readable summary instead of text.")] = False,
    set_: Annotated[Optional[List[str]], typer.Option(
        "--set", metavar="NAME=VALUE",
        help="Set a ruleset option (repeatable); with --script, overrides the scenario's.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=QUIET_HELP)] = False,
    lang: Annotated[Optional[str], typer.Option(
        "--lang", metavar="LANG", callback=_check_lang,
        help="The narration's language: en (default) or zh.")] = None,
    seat: Annotated[Optional[List[str]], typer.Option(
        "--seat", metavar="N=AGENT", help=SEAT_HELP)] = None,
    timeout: Annotated[Optional[float], typer.Option(
        "--timeout", metavar="SECONDS", help=TIMEOUT_HELP)] = None,
    until_ci: Annotated[Optional[str], typer.Option(
        "--until-ci", metavar="W",
        help="Play until every faction's 95% interval is narrower than W (0.02 or 2%); "
             "--games is the cap (default 100000).")] = None,
    backend: Annotated[Optional[str], typer.Option("--backend", metavar="NAME", help=BACKEND_HELP)] = None,
    scheduler: Annotated[Optional[str], typer.Option("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)] = None,
) -> None:
    """Play one game (narrated), many games (--games N), or a scenario (--script).

    Exit 0 on success, 1 when a scenario's expectation does not hold, 2 on bad input,
    130 when interrupted."""
    with guarded():
        options = parse_sets(set_ or [])
        from wolfdsl.outfile import is_stdout, one_on_stdout

        with user_errors():
            one_on_stdout(("--log -", is_stdout(log), "give --log a file name"),
                          ("--json", as_json, "leave out --json"))
        if scripts and len(scripts) > 1:
            raise typer.BadParameter(
                f"takes one file, got {len(scripts)}; run several with `wolfdsl test "
                f"{' '.join(shlex.quote(str(s)) for s in scripts)}`", param_hint="'--script'")
        script = scripts[0] if scripts else None
        if script is not None:
            from wolfdsl.filekind import file_kind, ruleset_not_scenario

            if Path(script).is_file() and file_kind(script) == "ruleset":
                raise typer.BadParameter(ruleset_not_scenario(str(script)), param_hint="'--script'")
            given = [name for name, on in (
                ("--games", games is not None), ("--seed", seed is not None),
                ("--players", players is not None), ("--agents", agents is not None),
                ("--jobs", jobs is not None), ("--seat", bool(seat)),
                ("--until-ci", until_ci is not None), ("--backend", backend is not None),
                ("--scheduler", scheduler is not None)) if on]
            if given:
                raise typer.BadParameter(
                    f"{', '.join(given)} cannot be used with --script: the scenario file fixes "
                    "the seed, seats and decisions", param_hint="'--script'")
            _run_script(script, ruleset, log, options, as_json, quiet, lang or "en")
            return

        if ruleset is None:
            from wolfdsl.lang.load import bundled

            raise typer.BadParameter(
                f"missing: give a .wolf file or a bundled ruleset ({', '.join(bundled())})",
                param_hint="'RULESET'")
        if ruleset.lower().endswith((".yaml", ".yml")):
            with user_errors():
                raise WolfError(f"{ruleset} is a scenario file: run it with "
                                f"`wolfdsl run --script {shlex.quote(ruleset)}`")
        agents = DEFAULT_AGENTS if agents is None else agents
        check_agents(agents)
        warn_sets(ruleset, options)
        warn_unread_tells(ruleset, agents, games)
        if seat:
            from wolfdsl.seats.command import seat_spec
            agents = seat_spec(agents, seat, timeout, games)
        if seed is None:
            import secrets

            seed = secrets.randbelow(2**31)  # every output names it, so the run can be replayed

        width = until_ci_width(until_ci)
        if width is not None:
            from wolfdsl.sim.precision import DEFAULT_CAP
            games = games or DEFAULT_CAP
        backend = backend_of(backend, scheduler)
        if games is None and backend != "local":
            raise typer.BadParameter("plays many games (--games N or --until-ci W); one game is "
                                     "played here", param_hint="'--backend'")
        if lang is not None and (games is not None or as_json):
            raise typer.BadParameter("--lang sets the language of a narrated game; a run of --games N "
                                     "or --json tells no story (narrate a game of its --log with "
                                     "`wolfdsl narrate LOG --game G --lang zh`)", param_hint="'--lang'")
        if games is None:
            _run_one(ruleset, seed, agents, players, options, log, as_json, quiet, lang or "en")
        else:
            _run_many(ruleset, games, seed, jobs or 1, agents, players, options, log, as_json, quiet,
                      width, backend, scheduler)


def _run_one(ref: str, seed: int, agents: str, players: Optional[int], options: dict,
             log: Optional[Path], as_json: bool, quiet: bool, lang: str = "en") -> None:
    from wolfdsl.lang.load import load
    from wolfdsl.play import every_option, game_log, options_in_force, play_game

    with user_errors():
        ruleset = load(ref, options or None, players)
        result = play_game(ruleset, seed, 0, agents, players)
        with _open_log(log, ref) as out:
            if out is not None:
                out.write(game_log(result.events))

    if _log_on_stdout(log):  # the log is what this run prints
        _warn_replaced(result.events)
        return
    if as_json:
        start = next((e for e in result.events if e["type"] == "game_start"), {})
        summary = {
            "ruleset": ruleset.name,
            "seed": seed,
            "agents": agents,
            "options": options_in_force(ruleset, options),
            "in_force": every_option(ruleset),
            "seats": start.get("seats", []),
            "over": result.over,
            "winners": result.winners,
            "winning_seats": result.winning_seats,
            "reason": result.reason,
            "days": result.days,
            "sheriff": result.sheriff,
            "deaths": _deaths(result),
        }
        typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
        _warn_replaced(result.events)
        return
    if quiet:
        typer.echo(_quiet_line(result, ruleset, seed, lang))
        _warn_replaced(result.events)
        return
    _narrate(result.events, ruleset, agents, lang)


def _warn_replaced(events: list[dict]) -> None:
    """On stderr, each seat whose player failed and was replaced: a game told without its
    narration (``-q``, ``--json``) would hide it, as a ``--games`` run does not."""
    for e in events:
        if e["type"] == "agent_replaced":
            typer.echo(f"warning: seat {e['seat']}'s player ({e['agent']}) failed and --agents played on "
                       f"({e['replacement']}): {e['reason']}", err=True)


def _quiet_line(result, ruleset, seed: int, lang: str) -> str:
    """A game in one line (``run -q``): ``seed 7: village won (village_wins) after 4 days``;
    in Chinese with the factions' Chinese names, ``种子 7：好人获胜（village_wins），共4天``."""
    if lang == "zh":
        if not result.over:
            return f"种子 {seed}：{result.days}天后尚无胜者"
        names = [getattr(ruleset.factions.get(f), "name_zh", "") or f for f in result.winners]
        return f"种子 {seed}：{'、'.join(names) or '无人'}获胜（{result.reason}），共{result.days}天"
    days = plural(result.days, "day")
    if result.over:
        who = " and ".join(result.winners) or "nobody"
        return f"seed {seed}: {who} won ({result.reason}) after {days}"
    return f"seed {seed}: no winner after {days}"


def _deaths(result) -> list[dict]:
    return [{k: e.get(k) for k in ("seat", "role", "cause", "day", "phase", "last_words")}
            for e in result.deaths]


def _narrate(events: list[dict], ruleset, agents: Optional[str] = None, lang: str = "en") -> None:
    from wolfdsl.present.narrate import narrate

    lines = list(narrate(events, ruleset, lang=lang, agents=agents))
    if print_plain(lines):
        return
    from rich.text import Text

    console = _stdout()
    for line in lines:
        console.print(Text(line, style=STYLES.get(line.kind, "")))


def _run_many(ref: str, games: int, seed: int, jobs: int, agents: str, players: Optional[int],
              options: dict, log: Optional[Path], as_json: bool, quiet: bool,
              until_ci: Optional[float] = None, backend: str = "local", scheduler: Optional[str] = None) -> None:
    from wolfdsl.present.tables import summary_renderables, timing_line
    from wolfdsl.sim.dask_backend import backend_pool
    from wolfdsl.sim.montecarlo import simulate

    quiet = quiet or _log_on_stdout(log)
    with user_errors(), _open_log(log, ref) as out, backend_pool(backend, scheduler, jobs) as pool:
        summary = simulate(ref, games, seed, jobs=jobs, agents=agents,
                           options=options or None, players=players, log=out,
                           progress=not quiet, until_ci=until_ci, pool=pool)
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), ensure_ascii=False, indent=2))
    elif not _log_on_stdout(log):
        console = _stdout()
        for item in summary_renderables(summary, brief=quiet):
            console.print(item)
        if not quiet:
            typer.echo(timing_line(summary), err=True)
    for seat, r in sorted(summary.replaced.items()):
        typer.echo(f"warning: seat {seat}'s player failed in {plural(r['games'], 'game')} and "
                   f"--agents played on; first: {r['reason']}", err=True)


def _warn_script_sets(scenario, ruleset: Optional[str], options: dict) -> None:
    """:func:`warn_sets` for ``run --script``: on RULESET, else on the ``ruleset:`` of the
    scenario played (``None``: nothing to check)."""
    if not options or scenario is None:
        return
    if ruleset is not None:
        warn_sets(ruleset, options)
        return
    import os

    from wolfdsl.scenario.load import resolve_ruleset_ref

    if scenario.ruleset is not None:
        warn_sets(resolve_ruleset_ref(scenario.ruleset, scenario.path), options,
                  os.path.dirname(os.path.abspath(scenario.path)))


def _run_script(script: Path, ruleset: Optional[str], log: Optional[Path], options: dict,
                as_json: bool, quiet: bool, lang: str = "en") -> None:
    import inspect

    from wolfdsl.scenario import run_scenario

    kwargs: dict = {}
    if options:
        if "options" not in inspect.signature(run_scenario).parameters:
            raise typer.BadParameter(
                "cannot be used with --script yet: set the options in the scenario's "
                "`options:` block", param_hint="'--set'")
        kwargs["options"] = options
    with user_errors():
        if lang != "en":  # the report's language; English is run_scenario's own default
            kwargs["lang"] = lang
        outcome = run_scenario(str(script), ruleset_ref=ruleset,
                               log=str(log) if log is not None else None, **kwargs)
    _warn_script_sets(getattr(outcome, "scenario", None), ruleset, options)
    for warning in outcome.warnings:
        typer.echo(warning if "warning:" in warning else f"warning: {warning}", err=True)
    result = getattr(outcome, "result", None)
    if as_json:
        typer.echo(json.dumps({
            "ok": outcome.ok,
            "report": outcome.report,
            "warnings": list(outcome.warnings),
            "winners": list(result.winners) if result is not None else None,
            "deaths": _deaths(result) if result is not None else None,
            "sheriff": result.sheriff if result is not None else None,
        }, ensure_ascii=False, indent=2))
    elif _log_on_stdout(log):
        if not outcome.ok:
            typer.echo(outcome.report, err=True)
    else:
        if not quiet and result is not None:
            _narrate(result.events, _scenario_ruleset(outcome, ruleset), lang=lang)
            typer.echo("")
        if not (quiet and outcome.ok):
            typer.echo(outcome.report)
    raise typer.Exit(0 if outcome.ok else 1)


def _scenario_ruleset(outcome, ref: Optional[str]):
    """The ruleset a scenario was played on, for the narration's display names
    (``None``, and the log's ids, when it cannot be had)."""
    rs = getattr(outcome, "ruleset", None)
    if rs is not None:
        return rs
    try:
        from wolfdsl.scenario.run import load_ruleset

        return load_ruleset(outcome.scenario, ref)
    except (ImportError, AttributeError, WolfError):
        return None


@app.command(cls=PlainCommand, short_help="Check ruleset files for mistakes and conflicting rules.")
def lint(
    files: Annotated[Optional[List[str]], typer.Argument(
        help=".wolf files, folders (every .wolf file under them), bundled ruleset names, or - "
             "(stdin); default: the current folder.", metavar="FILE...", show_default=False)] = None,
    fmt: Annotated[str, typer.Option(
        "--format", metavar="FORMAT",
        help="Output: text (compiler style, the default), json, sarif (SARIF 2.1.0, for code "
             "scanning) or github (workflow annotations).")] = "text",
    select: Annotated[Optional[List[str]], typer.Option(
        "--select", metavar="CODES",
        help="Only these codes, prefixes (W33) or names; repeatable or comma-separated.")] = None,
    ignore: Annotated[Optional[List[str]], typer.Option(
        "--ignore", metavar="CODES", help="Skip these codes, prefixes or names.")] = None,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Exit 1 on any finding, warnings included.")] = False,
    explore: Annotated[int, typer.Option(
        "--explore", metavar="N", callback=_at_least(0), show_default=False,
        help="Also play N seeded random games per file and report runtime conflicts "
             "(W39x, E401), each with a scenario file that replays it.")] = 0,
    seed: Annotated[int, typer.Option(
        metavar="INT", show_default=False, help="Seed of the --explore games (default: 0).")] = 0,
    out: Annotated[Optional[Path], typer.Option(
        "--out", metavar="DIR", file_okay=False,
        help="Folder for --explore reproducers (default: next to each ruleset; the current "
             "folder for a bundled one).")] = None,
    output_file: Annotated[Optional[Path], typer.Option(
        "--output-file", "-o", metavar="FILE", dir_okay=False,
        help="Write the findings to FILE instead of stdout (-: stdout, the summary on stderr).")] = None,
    stdin_filename: Annotated[Optional[str], typer.Option(
        "--stdin-filename", metavar="PATH",
        help="With -, the file the text on stdin stands for (its name in findings; its "
             "imports resolve from its folder).")] = None,
    explain: Annotated[Optional[str], typer.Option(
        "--explain", metavar="CODE", help="Explain one code (or name) and exit.")] = None,
) -> None:
    """Check ruleset files; print `path:line:col: CODE severity: message` per finding.

    Exit 0 when clean, 1 when a finding is an error (any finding with --strict), 2 on bad
    usage. Silence one finding with `# lint: ignore CODE -- reason` on its line or the
    line above. Settings (select, ignore, strict) may be given in the [tool.wolfdsl] table
    of a pyproject.toml; the command line wins."""
    from wolfdsl.lint import command, render
    from wolfdsl.lint.registry import code_ranges, explainable

    with guarded():
        if explain is not None:
            codes = explainable(explain)
            if len(codes) != 1:
                raise typer.BadParameter(f"no single code matches '{explain}'"
                                         + (f" (it matches {', '.join(codes)})" if codes else
                                            f"; the codes are {code_ranges()} (E1xx syntax, E2xx "
                                            "names and types, W3xx lint checks, W39x and E401 --explore, "
                                            "E4xx a rule that fails while a game runs)"),
                                         param_hint="'--explain'")
            typer.echo(render.explain(codes[0]))
            return
        from wolfdsl.outfile import not_on_stdout

        with user_errors():
            not_on_stdout(out, "--out", "--explore writes a scenario file for each conflict it finds into "
                                        "a folder; give a folder name")
        req = command.LintRequest(files or [], fmt, select, ignore, strict, explore, seed, out,
                                  stdin_filename)
        try:
            with user_errors():
                report, summary, code = command.run_lint(req)
        except command.UsageError as err:
            raise typer.BadParameter(str(err), param_hint=f"'{err.param}'") from None
        if output_file is not None:
            from wolfdsl.outfile import files_under, write_text

            with user_errors():
                write_text(output_file, report + "\n" if report else "", "--output-file",
                           files_under(files or ["."]))
        elif fmt == "text":
            # findings, then the summary, on stdout (as ruff does): `lint > report.txt` keeps both
            typer.echo(f"{report}\n{summary}" if report else summary)
        else:
            typer.echo(report)
        if fmt == "github" or output_file is not None:
            typer.echo(summary, err=True)
    raise typer.Exit(code)


@app.command()
def rulesets(
    lang: Annotated[str, typer.Option(
        "--lang", metavar="LANG", callback=_check_lang,
        help="en or zh: the summaries in Chinese where the ruleset gives one.")] = "en",
) -> None:
    """List the bundled rulesets: name, player counts, summary."""
    from rich.table import Table

    from wolfdsl.lang.load import bundled, describe

    table = Table(*(("名称", "人数", "简介") if lang == "zh" else ("name", "players", "summary")))
    failed: list[WolfError] = []
    for name in bundled():
        try:
            rs = describe(name)
        except WolfError as err:
            failed.append(err)
            table.add_row(name, "?", "(does not load: see below)", style="red")
            continue
        shown = players_text(rs.players)
        if rs.default_players != rs.players[0]:
            shown += f" ({rs.default_players})"
        table.add_row(name, shown, (lang == "zh" and rs.summary_zh) or rs.summary)
    _stdout().print(table)
    for err in failed:
        typer.echo(err.render(), err=True)
    if failed:
        raise typer.Exit(2)


from wolfdsl.commands import register as _register_toolbox  # noqa: E402  (needs app)

_register_toolbox(app, PlainCommand)
from wolfdsl.editor.command import register as _register_editor  # noqa: E402

_register_editor(app, PlainCommand)

from wolfdsl.simcommands import register as _register_sim  # noqa: E402  (compare, sweep)

_register_sim(app, PlainCommand)


def main() -> None:
    """Console-script entry point (``wolfdsl = "wolfdsl.cli:main"``)."""
    import sys

    tolerant_streams()
    app_for(sys.argv[1:])(prog_name="wolfdsl")


def app_for(args: list[str]) -> typer.Typer:
    """:data:`app`, or, when ``args`` start with a command's name, a copy of it that
    holds that command alone (and the root options).

    typer builds the click command of every registered command, reading each one's
    signature, before it parses anything: a third of a one-game run's start-up. The
    command invoked parses, helps and fails exactly as in the whole application; any
    other command line (``--help``, a typo, completion) gets the whole application."""
    from typer.main import get_command_name

    if not args:
        return app
    chosen = [c for c in app.registered_commands
              if (c.name or get_command_name(c.callback.__name__)) == args[0]]
    if len(chosen) != 1:
        return app
    import copy

    one = copy.copy(app)
    one.registered_commands = chosen
    return one


if __name__ == "__main__":  # pragma: no cover
    main()
