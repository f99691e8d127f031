"""Monte Carlo summaries as the terminal shows them: rich tables and the timing line.

:func:`summary_renderables` turns a :class:`wolfdsl.sim.montecarlo.Summary` into rich
renderables (a title, the win table with 95% Wilson intervals, the win rules that ended
the games, game length, deaths by cause, one game of each outcome to watch);
:func:`timing_line` is the speed line printed to standard error.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfdsl.present.narrate import plural
from wolfdsl.sim.stats import wilson

if TYPE_CHECKING:
    from wolfdsl.sim.montecarlo import Summary


def summary_renderables(summary: Summary, brief: bool = False) -> list:
    """Rich renderables for a summary: a title, the win table, length and deaths
    (``brief``: the title and the win table only)."""
    from rich.table import Table
    from rich.text import Text

    s = summary
    out: list = []
    opts = "".join(f", {k}={_show_option(v)}" for k, v in s.options.items())
    players = f", {plural(s.players, 'player')}" if s.players else ""
    out.append(Text(f"{s.ruleset}: {plural(s.games, 'game')}, seed {s.seed}, agents {s.agents}"
                    f"{players}{opts}", style="bold"))

    wins = Table(title="Wins", title_justify="left")
    wins.add_column("faction")
    wins.add_column("wins", justify="right")
    wins.add_column("rate", justify="right")
    wins.add_column("95% CI", justify="right")
    for f in s.factions:
        wins.add_row(faction_label(f), str(f.wins),
                     _pct(f.rate), f"{_pct(f.low)} – {_pct(f.high)}")
    for label, n in (("no winner (draw)", s.draws), ("unfinished", s.unfinished)):
        if n:
            low, high = wilson(n, s.games)
            wins.add_row(label, str(n), _pct(n / s.games), f"{_pct(low)} – {_pct(high)}",
                         style="dim")
    out.append(wins)
    if s.until_ci is not None:
        out.append(Text(precision_line(s)))
    if brief:
        return out
    ended = endings_table(s)
    if ended is not None:
        out.append(ended)

    if s.lengths:
        length = Table(title=f"Game length (days): mean {s.mean_length:.2f}, "
                             f"stdev {s.stdev_length:.2f}", title_justify="left")
        length.add_column("days", justify="right")
        length.add_column("games", justify="right")
        length.add_column("share", justify="right")
        length.add_column("")
        top = max(s.lengths.values())
        for d, n in s.lengths.items():
            length.add_row(str(d), str(n), _pct(n / s.games), "█" * max(1, round(20 * n / top)))
        out.append(length)

    if s.deaths:
        deaths = Table(title="Deaths by cause", title_justify="left")
        deaths.add_column("cause")
        deaths.add_column("id")
        deaths.add_column("per game", justify="right")
        deaths.add_column("total", justify="right")
        for cause, m in s.deaths_per_game().items():
            deaths.add_row(cause_cell(s, cause), cause, f"{m:.2f}", str(s.deaths[cause]))
        out.append(deaths)
    watch = examples_table(s)
    if watch is not None:
        out.append(watch)
    return out


def endings_table(summary: Summary):
    """"How the games ended": each win rule that ended a game, by its title and id, the
    faction it is for, and its games and share (``reasons`` of the summary; the rules in
    the order of the win table's factions, then the ruleset's, then any other reason). ``None`` when no win rule ended a game."""
    from rich.table import Table

    s = summary
    if not s.reasons:
        return None
    names = {f.id: f.name for f in s.factions}
    rank = {f.id: i for i, f in enumerate(s.factions)}
    declared = list(s.win_titles)
    order = sorted((r for r in s.win_titles if r in s.reasons),  # the win table's order, then the ruleset's
                   key=lambda r: (min((rank.get(f, len(rank)) for f in s.win_titles[r][1]), default=len(rank)),
                                  declared.index(r)))
    order += sorted(r for r in s.reasons if r not in s.win_titles)
    table = Table(title="How the games ended", title_justify="left")
    table.add_column("win rule")
    table.add_column("id")
    table.add_column("for")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    for rule in order:
        title, factions = s.win_titles.get(rule, (rule.replace("_", " "), ()))  # day_limit: no win rule
        table.add_row(title, rule, ", ".join(names.get(f, f) for f in factions) or "no winner",
                      str(s.reasons[rule]), _pct(s.reasons[rule] / s.games))
    return table


def examples_table(summary: Summary):
    """"One game of each outcome, to watch it": per faction that won some game (then a
    draw, an unfinished game), the first such game of the run and the command that plays
    it alone, narrated (:meth:`Summary.examples`), a line each, never wrapped (a command
    to copy); ``None`` when no game was played."""
    from rich.text import Text

    s = summary
    found = s.examples()
    names = {f.id: faction_label(f) for f in s.factions}
    rows = [(names.get(fid, fid), ex) for fid, ex in found["wins"].items()]
    rows += [(label, found[key]) for key, label in (("draw", "no winner (draw)"), ("unfinished", "unfinished"))
             if key in found]
    if not rows:
        return None
    width = max(len(label) for label, _ in rows)
    lines = ["One game of each outcome, to watch it (game N of this run, played alone):"]
    lines += [f"  {label:<{width}}  game {ex['game']:<5} {ex['command']}" for label, ex in rows]
    return Text("\n".join(lines), no_wrap=True, overflow="ignore")


def faction_label(f) -> str:
    """A faction in a table: ``Village (village)``, its name alone when it is its id."""
    return f.name if f.name == f.id else f"{f.name} ({f.id})"


def cause_cell(summary: Summary, cause: str) -> str:
    """A cause in the table of deaths: its English name (``killed by the werewolves``),
    else its id with spaces for ``_``; the next column holds the id the log and ``--json``
    use, for every cause alike (``shot`` too, whose name is its id)."""
    return summary.cause_names.get(cause) or cause.replace("_", " ")


def precision_line(summary: Summary) -> str:
    """What ``--until-ci`` did: ``every 95% interval narrower than 2.0 points after 3,400
    games`` or, at the cap, how wide the widest one still is."""
    s = summary
    asked = f"{100 * s.until_ci:g} points"
    if s.ci_reached:
        return (f"Every 95% interval is narrower than {asked}: it took {s.games:,} games "
                f"(widest {100 * s.widest():.2f} points).")
    return (f"Stopped at the cap of {s.games:,} games (--games): the widest 95% interval is still "
            f"{100 * s.widest():.2f} points, not under {asked}; raise --games or widen --until-ci.")


def _show_option(value: Any) -> str:
    """An option's value as the ruleset declares it (``false``, ``2``, ``pk``): a
    ``--set sheriff_election=false`` read back as ``sheriff_election=no``."""
    from wolfdsl.lang.options import value_text

    return value_text(value)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def timing_line(summary: Summary) -> str:
    """``1000 games in 2.10 s: 476.2 games/s (4 jobs)``."""
    return (f"{plural(summary.games, 'game')} in {summary.seconds:.2f} s: "
            f"{summary.games_per_second:.1f} games/s ({plural(summary.jobs, 'job')})")
