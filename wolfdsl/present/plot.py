"""Plots of a sweep: win rate against the swept values, with 95% interval bands.

Needs matplotlib, an optional extra (``pip install 'wolfdsl[plot]'``); without it
:func:`require_matplotlib` raises a :class:`WolfError` that says so. The x axis is the
player count when it is swept, else the first swept option with more than one value,
else the swept agents; every other swept option (and the agents) splits the lines (one
per value, a line style each). Values
that are all numbers are placed on a numeric axis, others evenly.
"""
from __future__ import annotations

import io
from pathlib import Path

from wolfdsl.diagnostics import WolfError

FORMATS = (".png", ".svg", ".pdf")
"""The file types :func:`save_plot` writes, by suffix."""

INSTALL_HINT = "pip install 'wolfdsl[plot]' (or pip install matplotlib)"


def require_matplotlib():
    """``matplotlib.pyplot`` on the non-interactive Agg backend; raises :class:`WolfError`
    naming the extra to install when matplotlib is missing."""
    try:
        import matplotlib
    except ImportError:
        raise WolfError(f"plots need matplotlib, which is not installed: {INSTALL_HINT}") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def check_plot_path(path: str | Path) -> Path:
    """``path`` if its suffix is one of :data:`FORMATS`; raises :class:`WolfError`."""
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise WolfError(f"--plot: '{path}': write a .png, .svg or .pdf file")
    return p


def _number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def figure(sweep):
    """A matplotlib figure of ``sweep`` (a :class:`wolfdsl.sim.sweep.Sweep`)."""
    plt = require_matplotlib()
    agents = bool(getattr(sweep, "agent_axis", None))
    if sweep.players and len(sweep.players) > 1:
        x_name = "players"
    else:
        x_name = next((n for n, v in sweep.axes if len(v) > 1), None) or \
            ("agents" if agents else "players" if sweep.players else sweep.axes[0][0])
    split = [n for n, _ in sweep.axes if n != x_name]
    if x_name != "agents" and agents:
        split.append("agents")
    if x_name != "players" and sweep.players:
        split.append("players")

    def value(cell, name):
        if name == "agents" and agents:
            return cell.agents
        return cell.players if name == "players" else cell.options[name]

    xs_all = []
    for c in sweep.cells:
        if value(c, x_name) not in xs_all:
            xs_all.append(value(c, x_name))
    numeric = all(_number(x) is not None for x in xs_all)
    pos = {x: (_number(x) if numeric else i) for i, x in enumerate(xs_all)}

    groups: dict[tuple, list] = {}
    for c in sweep.cells:
        groups.setdefault(tuple(value(c, n) for n in split), []).append(c)
    factions = [(fid, name) for fid, name in sweep.factions()
                if any(f.id == fid and f.wins for c in sweep.cells for f in c.summary.factions)]

    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    styles = ["-", "--", ":", "-."]
    for fi, (fid, fname) in enumerate(factions):
        for gi, (key, cells) in enumerate(groups.items()):
            pts = []
            for c in cells:
                f = next((f for f in c.summary.factions if f.id == fid), None)
                pts.append((pos[value(c, x_name)], f.rate if f else 0.0, f.low if f else 0.0, f.high if f else 0.0))
            pts.sort()
            xs = [p[0] for p in pts]
            colour = colours[fi % len(colours)]
            tag = ", ".join(f"{n}={v}" for n, v in zip(split, key))
            ax.plot(xs, [p[1] for p in pts], styles[gi % len(styles)], color=colour, marker="o", markersize=3,
                    label=fname + (f" ({tag})" if tag else ""))
            ax.fill_between(xs, [p[2] for p in pts], [p[3] for p in pts], color=colour, alpha=0.15, linewidth=0)
    if not numeric:
        ax.set_xticks(list(pos.values()), [str(x) for x in xs_all])
    elif all(float(p).is_integer() for p in pos.values()):
        # whole numbers (players, counts): no tick at 8.5 players
        from matplotlib.ticker import MaxNLocator
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(x_name)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f}%")
    fixed = "".join(f", {k}={v}" for k, v in sweep.fixed.items())
    games = sweep.cells[0].summary.games if sweep.cells else 0
    who = "" if agents else f", agents {sweep.agents}"
    ax.set_title(f"{sweep.ruleset}: win rate by {x_name} ({games:,} games a point{who}{fixed})", fontsize=9)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def save_plot(sweep, path: str | Path) -> None:
    """Write the plot of ``sweep`` to ``path`` (PNG, SVG or PDF by its suffix)."""
    p = check_plot_path(path)
    plt = require_matplotlib()
    fig = figure(sweep)
    try:
        fig.savefig(p, metadata={"Date": None} if p.suffix.lower() == ".svg" else None)
    except OSError as err:
        raise WolfError(f"--plot: cannot write '{path}': {err.strerror}") from None
    finally:
        plt.close(fig)


def svg_text(sweep) -> str:
    """The plot of ``sweep`` as SVG text (for an HTML page)."""
    plt = require_matplotlib()
    fig = figure(sweep)
    buf = io.StringIO()
    try:
        fig.savefig(buf, format="svg", metadata={"Date": None})
    finally:
        plt.close(fig)
    text = buf.getvalue()
    return text[text.find("<svg"):]
