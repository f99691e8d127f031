"""Comparisons and sweeps as the terminal shows them (rich tables), and as HTML.

:func:`comparison_renderables` prints ``wolfdsl compare``: each faction's rate on both
sides, B − A in percentage points with its 95% interval, the p-value and whether the
difference is significant. :func:`sweep_renderables` prints ``wolfdsl sweep``: one row
a cell, each faction's rate with its interval. :func:`sweep_html` is the self-contained
page of ``sweep --report`` (tables, and the plot inlined as SVG).
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from wolfdsl.present.narrate import plural

if TYPE_CHECKING:
    from wolfdsl.sim.compare import Comparison
    from wolfdsl.sim.sweep import Sweep



def p_text(p: float | None) -> str:
    """A p-value to four places; one that rounds to 0 reads ``< 0.0001``, never ``0.0000``."""
    if p is None:
        return ""
    return "< 0.0001" if p < 0.00005 else f"{p:.4f}"

def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def signed_end(x: float, places: int = 1) -> str:
    """An end of an interval to ``places`` decimals with its sign, or with as many more
    as it takes for a value that is not 0 to show a digit: ``+0.04``, never ``+0.0``
    beside a significant difference (where the interval leaves out 0).

    >>> signed_end(0.0437), signed_end(-0.0004), signed_end(0.0), signed_end(8.66)
    ('+0.04', '-0.0004', '+0.0', '+8.7')
    """
    text = f"{x:+.{places}f}"
    while x != 0 and float(text) == 0 and places < 8:
        places += 1
        text = f"{x:+.{places}f}"
    return f"{x:+.0e}" if x != 0 and float(text) == 0 else text


def _pts_end(x: float) -> str:
    return signed_end(100 * x)


def comparison_renderables(c: Comparison) -> list:
    """A title, the table of differences, and a one-line reading of it."""
    from rich.table import Table
    from rich.text import Text

    a, b = c.a, c.b
    games = plural(a.games, "game") + (" each" if a.games == b.games else f" and {b.games:,}")
    if a.agents == b.agents:
        head = f"A: {c.label_a}\nB: {c.label_b}\n{games}, seed {a.seed}, agents {a.agents}"
    else:  # --agents-a, --agents-b: each side's agents on its line
        head = f"A: {c.label_a}, agents {a.agents}\nB: {c.label_b}, agents {b.agents}\n{games}, seed {a.seed}"
    out = [Text(head, style="bold")]
    t = Table(title="B − A (percentage points; days for the length)", title_justify="left")
    for col, just in (("", "left"), ("A", "right"), ("B", "right"), ("B − A", "right"),
                      ("95% CI", "right"), ("p", "right"), ("significant", "left")):
        t.add_column(col, justify=just)
    for d in c.factions:
        if d.only:  # a faction of one side's ruleset only
            t.add_row(d.name, _pct(d.a) if d.only == "a" else "—", _pct(d.b) if d.only == "b" else "—",
                      "—", "—", "—", f"only in {d.only.upper()}", style="dim")
            continue
        t.add_row(d.name, _pct(d.a), _pct(d.b), _pts(d.diff), f"{_pts_end(d.low)} … {_pts_end(d.high)}",
                  p_text(d.p), "yes" if d.significant else "no",
                  style=None if d.significant else "dim")
    L = c.length
    t.add_row(L.name, f"{L.a:.2f}", f"{L.b:.2f}", f"{L.diff:+.2f}",
              f"{signed_end(L.low, 2)} … {signed_end(L.high, 2)}",
              p_text(L.p), "yes" if L.significant else "no", style=None if L.significant else "dim")
    out.append(t)
    sig = [d for d in c.factions if d.significant]
    if sig:
        words = "; ".join(f"{d.name} {_pts(d.diff)} points ({_pts_end(d.low)} to {_pts_end(d.high)})" for d in sig)
        out.append(Text(f"B differs from A at the 95% level: {words}."))
    else:
        out.append(Text("No faction's win rate differs significantly at the 95% level; "
                        "more games (--games, --until-ci) narrow the intervals."))
    return out


def sweep_header(s: Sweep) -> list[str]:
    """The column names of the sweep table: swept options, agents (when swept), players,
    games, factions, days."""
    cols = [n for n, _ in s.axes] + (["agents"] if s.agent_axis else []) + (["players"] if s.players else [])
    return cols + ["games"] + [name for _, name in s.factions()] + ["mean days"]


def _keys(s: Sweep) -> int:
    """How many of the sweep table's first columns say what a cell is (left-aligned)."""
    return len(s.axes) + bool(s.agent_axis)


def sweep_cells(s: Sweep) -> list[list[str]]:
    """The sweep table's rows as text: ``76.1 (74.2–77.9)`` (percent) per faction."""
    rows = []
    for c in s.cells:
        by_id = {f.id: f for f in c.summary.factions}
        row = [c.options[n] for n, _ in s.axes] + ([c.agents] if s.agent_axis else []) + \
            ([str(c.players)] if s.players else []) + [f"{c.summary.games:,}"]
        for fid, _ in s.factions():
            f = by_id.get(fid)
            row.append(f"{100 * f.rate:.1f} ({100 * f.low:.1f}–{100 * f.high:.1f})" if f else "–")
        row.append(f"{c.summary.mean_length:.2f}")
        rows.append(row)
    return rows


def sweep_title(s: Sweep) -> str:
    fixed = "".join(f", {k}={v}" for k, v in s.fixed.items())
    agents = " | ".join(s.agent_axis) if s.agent_axis else s.agents
    return f"{s.ruleset}: sweep of {plural(len(s.cells), 'cell')}, seed {s.seed}, agents {agents}{fixed}"


def sweep_renderables(s: Sweep) -> list:
    """A title and one table: a row a cell, each faction's rate with its 95% interval."""
    from rich.table import Table
    from rich.text import Text

    t = Table(title="Win rate in % (95% interval) by setting", title_justify="left")
    for i, col in enumerate(sweep_header(s)):
        t.add_column(col, justify="left" if i < _keys(s) else "right")
    for row in sweep_cells(s):
        t.add_row(*row)
    return [Text(sweep_title(s), style="bold"), t]


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .3em .8em; text-align: right; }}
th {{ background: #f4f4f4; }} td.k, th.k {{ text-align: left; }}
p.note {{ color: #666; font-size: .9em; }} svg {{ max-width: 100%; height: auto; }}
</style></head><body>
<h1>{title}</h1>
<p>{summary}</p>
{plot}
<h2>Win rates in % (95% interval)</h2>
{table}
<p class="note">Each cell plays the same seeds (common random numbers). Intervals are 95% Wilson
score intervals of each faction's win rate; generated by <code>{command}</code>.</p>
</body></html>
"""


def sweep_html(s: Sweep, svg: str | None, command: str) -> str:
    """A self-contained HTML page: the sweep's table and its plot (``svg`` inlined; a
    note on how to get it when ``None``)."""
    head = sweep_header(s)
    keys = _keys(s)
    th = "".join(f'<th class="k">{html.escape(h)}</th>' if i < keys else f"<th>{html.escape(h)}</th>"
                 for i, h in enumerate(head))
    body = "\n".join("<tr>" + "".join(f'<td class="k">{html.escape(v)}</td>' if i < keys
                                      else f"<td>{html.escape(v)}</td>" for i, v in enumerate(row)) + "</tr>"
                     for row in sweep_cells(s))
    table = f"<table>\n<tr>{th}</tr>\n{body}\n</table>"
    plot = (f"<h2>Plot</h2>\n{svg}" if svg is not None else
            '<p class="note">No plot: matplotlib is not installed (pip install \'wolfdsl[plot]\').</p>')
    axes = ", ".join([f"{n} = {', '.join(v)}" for n, v in s.axes] +
                     ([f"agents = {' | '.join(s.agent_axis)}"] if s.agent_axis else []) +
                     ([f"players = {', '.join(map(str, s.players))}"] if s.players else []))
    return PAGE.format(title=html.escape(sweep_title(s)), summary=html.escape(f"Swept: {axes}."),
                       plot=plot, table=table, command=html.escape(command))
