"""A grid of Monte Carlo runs: ``wolfdsl sweep RULESET --set NAME=V1,V2 --players 8..18``.

The grid is the product of every swept option's values, the agents (when several
``--agents`` are given) and the player counts, in that order (the last axis varies
fastest). Every cell plays the same seed, so the cells
differ only by the setting (common random numbers: smoother curves). Each cell is a
:class:`~wolfdsl.sim.montecarlo.Summary`; :meth:`Sweep.rows` flattens them for CSV and
tables, :meth:`Sweep.to_dict` for JSON.

>>> parse_axis("sheriff_vote_weight=1,1.5,2")
('sheriff_vote_weight', ['1', '1.5', '2'])
>>> parse_players("8..12"), parse_players("8,12,18"), parse_players("8..18/5")
([8, 9, 10, 11, 12], [8, 12, 18], [8, 13, 18])
"""
from __future__ import annotations

import csv
import io
import itertools
from dataclasses import dataclass, field
from typing import Any

from wolfdsl.diagnostics import WolfError
from wolfdsl.play.agents import DEFAULT_AGENTS
from wolfdsl.sim.montecarlo import Summary, simulate


def parse_axis(text: str) -> tuple[str, list[str]]:
    """``NAME=V1,V2,...`` -> ``(NAME, [V1, V2, ...])``. Raises :class:`WolfError`."""
    name, eq, values = text.partition("=")
    name = name.strip()
    vals = [v.strip() for v in values.split(",")]
    if not eq or not name or not all(vals):
        raise WolfError(f"--set: expected NAME=V1,V2 (for example sheriff_vote_weight=1,2), got '{text}'")
    if len(set(vals)) != len(vals):
        raise WolfError(f"--set: '{name}' lists a value twice in '{text}'")
    return name, vals


def parse_players(text: str) -> list[int]:
    """``8..18`` (every count), ``8..18/2`` (every second), ``8,12,18`` or ``12``.
    Raises :class:`WolfError` for anything else or a count below 1."""
    raw = text.replace(" ", "")
    try:
        if ".." in raw:
            span, _, step = raw.partition("/")
            low, _, high = span.partition("..")
            if int(low) > int(high):
                raise WolfError(f"--players: '{text}' is a reversed range: write the smaller count first "
                                f"({int(high)}..{int(low)}{'/' + step if step else ''})")
            counts = list(range(int(low), int(high) + 1, int(step) if step else 1))
        else:
            counts = [int(x) for x in raw.split(",")]
    except ValueError:
        raise WolfError(f"--players: expected a player count (12), a list (8,12,18) or a range (8..18, 8..18/2), "
                        f"got '{text}'") from None
    if not counts or min(counts) < 1:
        raise WolfError(f"--players: '{text}' gives no player count of 1 or more")
    return counts


@dataclass(slots=True)
class Cell:
    """One point of the grid: the swept options' values, the player count (``None``:
    the ruleset's own), and its summary (whose ``agents`` are the cell's)."""

    options: dict[str, str]
    players: int | None
    summary: Summary

    @property
    def agents(self) -> str:
        return self.summary.agents


@dataclass(slots=True)
class Sweep:
    """The result of :func:`sweep`: ``axes`` are ``(name, values)`` in grid order,
    ``players`` the swept counts (empty: not swept), ``fixed`` the options set for
    every cell, ``agents`` the agents of every cell, or ``agent_axis`` the agent specs
    swept (empty: not swept)."""

    ruleset: str
    axes: list[tuple[str, list[str]]]
    players: list[int]
    fixed: dict[str, str]
    seed: int
    agents: str
    cells: list[Cell] = field(default_factory=list)
    agent_axis: list[str] = field(default_factory=list)

    def factions(self) -> list[tuple[str, str]]:
        """``(id, name)`` of every faction of any cell, in first-seen order."""
        seen: dict[str, str] = {}
        for c in self.cells:
            for f in c.summary.factions:
                seen.setdefault(f.id, f.name)
        return list(seen.items())

    def rows(self) -> list[dict]:
        """One flat dict per cell: the swept options, ``agents`` (when swept), ``players``,
        ``games``, per faction ``<id>``, ``<id>_low``, ``<id>_high`` (rates), ``draws``,
        ``mean_days``."""
        out = []
        for c in self.cells:
            s = c.summary
            row: dict = dict(c.options)
            if self.agent_axis:
                row["agents"] = c.agents
            if self.players:
                row["players"] = c.players
            row["games"] = s.games
            by_id = {f.id: f for f in s.factions}
            for fid, _ in self.factions():
                f = by_id.get(fid)
                row[fid] = round(f.rate, 6) if f else 0.0
                row[f"{fid}_low"] = round(f.low, 6) if f else 0.0
                row[f"{fid}_high"] = round(f.high, 6) if f else 0.0
            row["draws"] = s.draws
            row["mean_days"] = round(s.mean_length, 6)
            out.append(row)
        return out

    def to_csv(self) -> str:
        """:meth:`rows` as CSV with a header line."""
        rows = self.rows()
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=list(rows[0]) if rows else [], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return buf.getvalue()

    def to_dict(self) -> dict:
        """JSON-ready: the grid, and every cell's full summary (timing included);
        ``agents`` is the list of specs when they are swept."""
        return {"ruleset": self.ruleset, "seed": self.seed,
                "agents": list(self.agent_axis) if self.agent_axis else self.agents,
                "axes": [{"name": n, "values": v} for n, v in self.axes],
                "players": self.players, "options": dict(self.fixed),
                "cells": [{"options": c.options, "agents": c.agents, "players": c.players,
                           "summary": c.summary.to_dict()} for c in self.cells]}


def grid(axes: list[tuple[str, list[str]]], players: list[int], agents: list[str] | None = None) -> list[tuple]:
    """Every ``(options, players)`` point, the last axis (players, if swept) fastest;
    with ``agents`` (swept agent specs), every ``(options, agents, players)`` point, the
    agents between the options and the players."""
    names = [n for n, _ in axes]
    combos = itertools.product(*(v for _, v in axes)) if axes else [()]
    if agents:
        return [(dict(zip(names, combo)), a, p) for combo in combos for a in agents for p in (players or [None])]
    return [(dict(zip(names, combo)), p) for combo in combos for p in (players or [None])]


def sweep(ref: str, axes: list[tuple[str, list[str]]], players: list[int], games: int, seed: int, *,
          jobs: int = 1, agents: str = DEFAULT_AGENTS, fixed: dict[str, str] | None = None,
          until_ci: float | None = None, progress: bool = True, on_cell=None, pool: Any = None,
          agent_axis: list[str] | None = None) -> Sweep:
    """Play ``games`` games (the cap, with ``until_ci``) in every cell of the grid.

    ``agent_axis``: agent specs to sweep (two or more; each cell plays one, ``agents``
    then unused). ``on_cell(cell)`` is called as each cell is done; ``pool``: another
    backend's pool for every cell (``simulate``'s ``pool``). Raises :class:`WolfError`
    when the grid is empty, an option is swept and fixed at once or an agent spec is
    swept twice, and for any bad input :func:`~wolfdsl.sim.montecarlo.simulate` refuses
    (an unknown option or value, a player count the ruleset does not accept).
    """
    fixed = dict(fixed or {})
    names = [n for n, _ in axes]
    if len(set(names)) != len(names):
        raise WolfError("sweep: an option is swept twice; list all its values in one --set NAME=V1,V2")
    both = [n for n in names if n in fixed]
    if both:
        raise WolfError(f"sweep: '{both[0]}' is both swept and fixed")
    specs = list(agent_axis or [])
    if len(set(specs)) != len(specs):
        raise WolfError("sweep: an --agents spec is given twice")
    if len(specs) == 1:
        agents, specs = specs[0], []
    if not axes and not players and not specs:
        raise WolfError("sweep: nothing to sweep; give --set NAME=V1,V2, --players 8..18 or two --agents")
    out = Sweep(ref, axes, players, fixed, seed, agents, agent_axis=specs)
    from wolfdsl.lang.load import load

    points = [(o, a, p) for o, a, p in grid(axes, players, specs)] if specs else \
        [(o, agents, p) for o, p in grid(axes, players)]
    for opts, _, p in points:  # every cell's settings checked before any game is played
        load(ref, {**fixed, **opts} or None, p)
    for opts, cell_agents, p in points:
        s = simulate(ref, games, seed, jobs=jobs, agents=cell_agents, options={**fixed, **opts} or None,
                     players=p, until_ci=until_ci, progress=progress, pool=pool)
        cell = Cell(opts, p, s)
        out.cells.append(cell)
        if on_cell is not None:
            on_cell(cell)
    return out
