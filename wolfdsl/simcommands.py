"""The many-games commands beside ``run --games``: ``compare`` and ``sweep`` (issue 10).

Thin typer wrappers: they parse the options, call :mod:`wolfdsl.sim.compare` or
:mod:`wolfdsl.sim.sweep`, and print with :mod:`wolfdsl.present.simtables`.
:func:`register` adds them to the application of :mod:`wolfdsl.cli`.
"""
from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from wolfdsl.cliparams import player_count

from wolfdsl.diagnostics import WolfError
from wolfdsl.terminal import guarded, stdout as _stdout, user_errors

DEFAULT_GAMES = 2000


def register(app: typer.Typer, cls: type) -> None:
    """Add ``compare`` and ``sweep`` to ``app``; ``cls`` is the CLI's command class."""
    app.command(cls=cls, short_help="Compare two rulesets, or two settings of one: who wins more, "
                                    "by how much.")(compare)
    app.command(cls=cls, short_help="Run a grid of settings and player counts; table, CSV, JSON, "
                                    "plot, HTML report.")(sweep)


def _positive(value: Optional[int]) -> Optional[int]:
    if value is not None and value < 1:
        raise typer.BadParameter(f"must be at least 1, got {value}")
    return value


def _common(seed: Optional[int], agents: Optional[str], until_ci: Optional[str]):
    """The seed (a random one when not given), the checked agents, the width."""
    from wolfdsl.cli import check_agents, until_ci_width
    from wolfdsl.play.agents import DEFAULT_AGENTS

    agents = agents or DEFAULT_AGENTS
    check_agents(agents)
    if seed is None:
        import secrets
        seed = secrets.randbelow(2**31)
    return seed, agents, until_ci_width(until_ci)


QUIET_HELP = "No progress bar (as with --json): only the results."

BACKEND_HELP = ("Where the games are played: local (--jobs processes; the default) or dask (a Dask "
                "cluster; pip install 'wolfdsl[dask]'; docs/cluster.md). Same summary either way.")
SCHEDULER_HELP = ("The Dask scheduler's address (tcp://HOST:8786; implies --backend dask); without it, "
                  "--backend dask starts a local cluster of --jobs worker processes.")


def backend_of(backend: Optional[str], scheduler: Optional[str]) -> str:
    """The ``--backend`` asked for (``--scheduler`` alone means ``dask``); raises
    ``typer.BadParameter`` for an unknown one or ``--scheduler`` with ``local``."""
    if backend is None and scheduler is None:
        return "local"
    from wolfdsl.sim.dask_backend import BACKENDS

    name = backend if backend is not None else "dask"
    if name not in BACKENDS:
        raise typer.BadParameter(f"unknown backend '{name}'; use {' or '.join(BACKENDS)}", param_hint="'--backend'")
    if name == "local" and scheduler is not None:
        raise typer.BadParameter("is for --backend dask; leave it out with --backend local",
                                 param_hint="'--scheduler'")
    return name


def pool_for(backend: str, scheduler: Optional[str], jobs: int):
    """The context manager of the games' pool (:func:`wolfdsl.sim.dask_backend.backend_pool`)."""
    from wolfdsl.sim.dask_backend import backend_pool

    return backend_pool(backend, scheduler, jobs)


GAMES_HELP = f"Games per side, or the cap with --until-ci (default {DEFAULT_GAMES})."
CELL_GAMES_HELP = f"Games per cell, or the cap with --until-ci (default {DEFAULT_GAMES})."
UNTIL_HELP = "Play until every faction's 95% interval is narrower than W (0.02 or 2%), --games the cap."
AGENTS_HELP = "Agent spec, as for `wolfdsl run` (default: table)."
SIDE_AGENTS_HELP = ("Agent spec of side {side} only (default: --agents): with --agents-{other}, compare two "
                    "sets of agents on the same games (--agents-a table --agents-b FACTION=heuristic).")


def compare(
    ruleset_a: Annotated[str, typer.Argument(metavar="A", show_default=False,
                                             help="A .wolf file or a bundled ruleset name.")],
    ruleset_b: Annotated[Optional[str], typer.Argument(
        metavar="B", show_default=False,
        help="The other ruleset; left out, A is compared with itself under --set-a/--set-b.")] = None,
    set_a: Annotated[Optional[List[str]], typer.Option(
        "--set-a", metavar="NAME=VALUE", help="An option for side A only (repeatable).")] = None,
    set_b: Annotated[Optional[List[str]], typer.Option(
        "--set-b", metavar="NAME=VALUE", help="An option for side B only (repeatable).")] = None,
    set_: Annotated[Optional[List[str]], typer.Option(
        "--set", metavar="NAME=VALUE", help="An option for both sides (repeatable).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", callback=_positive, show_default=False,
                                       help=GAMES_HELP)] = DEFAULT_GAMES,
    until_ci: Annotated[Optional[str], typer.Option("--until-ci", metavar="W", help=UNTIL_HELP)] = None,
    seed: Annotated[Optional[int], typer.Option(metavar="INT",
                                                help="Seed of both runs (default: a random one, printed).")] = None,
    players: Annotated[Optional[str], typer.Option(metavar="N", callback=player_count,
                                                   help="Player count, for rulesets that accept a range.")] = None,
    agents: Annotated[Optional[str], typer.Option(metavar="NAME", help=AGENTS_HELP)] = None,
    agents_a: Annotated[Optional[str], typer.Option(
        "--agents-a", metavar="SPEC", help=SIDE_AGENTS_HELP.format(side="A", other="b"))] = None,
    agents_b: Annotated[Optional[str], typer.Option(
        "--agents-b", metavar="SPEC", help=SIDE_AGENTS_HELP.format(side="B", other="a"))] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", metavar="J", callback=_positive, show_default=False,
                                      help="Worker processes (default: 1).")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=QUIET_HELP)] = False,
    backend: Annotated[Optional[str], typer.Option("--backend", metavar="NAME", help=BACKEND_HELP)] = None,
    scheduler: Annotated[Optional[str], typer.Option("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)] = None,
) -> None:
    """Compare two rulesets (A B), one ruleset under two settings (A --set-a X=1 --set-b X=2),
    or two sets of agents (A --agents-a table --agents-b FACTION=heuristic).

    Both sides play the same seeds: game i deals the same cards on each side. For each
    faction: its win rate on each side, B − A in percentage points with a 95% interval,
    the p-value, and whether the difference is significant; the same for the mean game
    length. Exit 0, or 2 on bad input."""
    from wolfdsl.cli import check_agents, parse_sets, warn_sets
    from wolfdsl.present.simtables import comparison_renderables
    from wolfdsl.sim.compare import compare as run_compare

    with guarded():
        options = parse_sets(set_ or [])
        oa, ob = parse_sets(set_a or []), parse_sets(set_b or [])
        seed, agents, width = _common(seed, agents, until_ci)
        for spec, option in ((agents_a, "--agents-a"), (agents_b, "--agents-b")):
            if spec is not None:
                check_agents(spec, option)
        warn_sets(ruleset_a, {**options, **oa})
        if ruleset_b is not None:
            warn_sets(ruleset_b, {**options, **ob})
        else:  # one ruleset under two settings: --set-b's own values
            warn_sets(ruleset_a, {k: v for k, v in ob.items() if oa.get(k) != v})
        backend = backend_of(backend, scheduler)
        with user_errors(), pool_for(backend, scheduler, jobs) as pool:
            result = run_compare(ruleset_a, ruleset_b, games, seed, jobs=jobs, agents=agents, options=options,
                                 options_a=oa, options_b=ob, players=players, until_ci=width,
                                 progress=not (as_json or quiet), pool=pool, agents_a=agents_a, agents_b=agents_b)
        if as_json:
            typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
            return
        console = _stdout()
        for item in comparison_renderables(result):
            console.print(item)


def sweep(
    ruleset: Annotated[str, typer.Argument(metavar="RULESET", show_default=False,
                                           help="A .wolf file or a bundled ruleset name.")],
    set_: Annotated[Optional[List[str]], typer.Option(
        "--set", metavar="NAME=V1,V2",
        help="Sweep an option over these values (repeatable: the grid is the product); "
             "one value fixes it for every cell.")] = None,
    players: Annotated[Optional[str], typer.Option(
        metavar="COUNTS", help="Sweep the player count: 8..18, 8..18/2 or 8,12,18.")] = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", callback=_positive, show_default=False,
                                       help=CELL_GAMES_HELP)] = DEFAULT_GAMES,
    until_ci: Annotated[Optional[str], typer.Option("--until-ci", metavar="W", help=UNTIL_HELP)] = None,
    seed: Annotated[Optional[int], typer.Option(metavar="INT",
                                                help="Seed of every cell (default: a random one, printed).")] = None,
    agents: Annotated[Optional[List[str]], typer.Option(
        "--agents", metavar="SPEC",
        help="Agent spec, as for `wolfdsl run` (default: table); repeat it to sweep the agents as one more "
             "dimension (--agents table --agents FACTION=heuristic).")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", metavar="J", callback=_positive, show_default=False,
                                      help="Worker processes (default: 1).")] = 1,
    csv_file: Annotated[Optional[str], typer.Option(
        "--csv", metavar="FILE", help="Write one CSV row a cell (-: on stdout, instead of the table).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the sweep as JSON instead of the table.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=QUIET_HELP)] = False,
    plot: Annotated[Optional[Path], typer.Option(
        "--plot", metavar="FILE", dir_okay=False,
        help="Draw win rate against the swept values with 95% bands (.png, .svg or .pdf; "
             "needs matplotlib: pip install 'wolfdsl[plot]').")] = None,
    report: Annotated[Optional[Path], typer.Option(
        "--report", metavar="FILE", dir_okay=False,
        help="Write one self-contained HTML page with the table and the plot (-: on stdout, "
             "instead of the table).")] = None,
    backend: Annotated[Optional[str], typer.Option("--backend", metavar="NAME", help=BACKEND_HELP)] = None,
    scheduler: Annotated[Optional[str], typer.Option("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)] = None,
) -> None:
    """Play a grid of option settings and player counts; print a table of win rates with
    95% intervals.

    Example: wolfdsl sweep millers-hollow --players 8..18 --set sheriff_vote_weight=1,2
    --plot hollow.png. Several --agents sweep the agents too. Every cell plays the same
    seeds. Exit 0, or 2 on bad input."""
    from wolfdsl.lang.load import input_files
    from wolfdsl.outfile import is_stdout, not_on_stdout, one_on_stdout, refuse_inputs, write_text
    from wolfdsl.present import plot as plots
    from wolfdsl.present.simtables import sweep_html, sweep_renderables
    from wolfdsl.sim.sweep import parse_axis, parse_players, sweep as run_sweep

    with guarded():
        axes, fixed = [], {}
        with user_errors():
            for item in set_ or []:
                name, values = parse_axis(item)
                if name in fixed or any(n == name for n, _ in axes):
                    raise WolfError(f"--set: option '{name}' is given twice")
                if len(values) == 1:
                    fixed[name] = values[0]
                else:
                    axes.append((name, values))
            counts = parse_players(players) if players is not None else []
            not_on_stdout(plot, "--plot", "a plot is an image file (.png, .svg or .pdf), not text for "
                                          "standard output: give a file name such as hollow.png")
            one_on_stdout(("--json", as_json, "leave out --json"),
                          ("--csv -", is_stdout(csv_file), "give --csv a file name"),
                          ("--report -", is_stdout(report), "give --report a file name"))
            for path, option in ((plot, "--plot"), (report, "--report"), (csv_file, "--csv")):
                if is_stdout(path):
                    continue
                if path is not None and not Path(path).resolve().parent.is_dir():
                    raise WolfError(f"{option}: cannot write '{path}': its folder does not exist")
                if path is not None:
                    refuse_inputs(path, option, input_files(ruleset))
            if plot is not None:
                plots.check_plot_path(plot)
                plots.require_matplotlib()  # fail before playing, not after
        specs = list(agents or [])
        seed, one_agents, width = _common(seed, specs[0] if specs else None, until_ci)
        from wolfdsl.cli import check_agents, warn_sets

        for spec in specs[1:]:
            check_agents(spec)
        if len(set(specs)) != len(specs):
            raise typer.BadParameter("gives an agent spec twice", param_hint="'--agents'")

        warn_sets(ruleset, [*fixed.items(), *((n, v) for n, vals in axes for v in vals)])
        backend = backend_of(backend, scheduler)
        quiet = quiet or as_json or is_stdout(csv_file) or is_stdout(report)
        with user_errors():
            with pool_for(backend, scheduler, jobs) as pool:
                result = run_sweep(ruleset, axes, counts, games, seed, jobs=jobs, agents=one_agents, fixed=fixed,
                                   until_ci=width, progress=not quiet, pool=pool,
                                   agent_axis=specs if len(specs) > 1 else None)
            if plot is not None:
                plots.save_plot(result, plot)
            if report is not None:
                svg = plots.svg_text(result) if _has_matplotlib() else None
                command = "wolfdsl sweep " + " ".join(shlex.quote(a) for a in sys.argv[2:]) \
                    if len(sys.argv) > 2 else "wolfdsl sweep"
                write_text(report, sweep_html(result, svg, command), "--report", input_files(ruleset))
            if csv_file is not None:
                write_text(csv_file, result.to_csv(), "--csv", input_files(ruleset))
        if as_json:
            typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        elif not (is_stdout(csv_file) or is_stdout(report)):
            console = _stdout()
            for item in sweep_renderables(result):
                console.print(item)
        for path, what in ((plot, "plot"), (report, "report"), (csv_file, "CSV")):
            if path is not None and not is_stdout(path):
                typer.echo(f"wrote {what}: {path}", err=True)


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


