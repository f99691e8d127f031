"""Two Monte Carlo runs side by side: ``wolfdsl compare A B``.

A and B are two rulesets, or one ruleset under two option settings (``--set-a`` /
``--set-b``, on top of ``--set`` for both), or played by two sets of agents
(``--agents-a`` / ``--agents-b``, each ``--agents`` when not given). Both sides play the same games — the same
seed, so game ``i`` has the same deal and the same agent seed on each side (common
random numbers) — and for each faction the comparison gives B's win rate minus A's with
Newcombe's 95% interval (:func:`wolfdsl.sim.stats.rate_difference`), a two-sided p-value,
and whether the difference is significant (the interval leaves out 0). The same for the
mean game length (Welch's interval). The intervals assume independent samples; with
common random numbers the two sides are positively correlated, so they are conservative.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from wolfdsl.diagnostics import WolfError
from wolfdsl.play.agents import DEFAULT_AGENTS
from wolfdsl.sim.montecarlo import Summary, simulate
from wolfdsl.sim.stats import mean_difference, mean_difference_p, rate_difference, two_proportion_p


@dataclass(slots=True)
class Difference:
    """One faction's (or the length's) B − A: ``a``, ``b`` the two values (rates in
    [0, 1], or mean days), ``diff = b - a``, its 95% interval ``[low, high]``, ``p``
    (two-sided) and ``significant`` (0 outside the interval). A faction that only one
    side's ruleset has (``only``: ``"a"`` or ``"b"``) is not compared: ``diff``, ``low``,
    ``high`` and ``p`` are ``None`` and it is not significant."""

    id: str
    name: str
    a: float
    b: float
    diff: float | None
    low: float | None
    high: float | None
    p: float | None
    significant: bool
    only: str | None = None


@dataclass(slots=True)
class Comparison:
    """The result of :func:`compare`: both summaries, their labels, and the differences
    per faction (A's factions in order, then B's others) and of the mean length."""

    label_a: str
    label_b: str
    a: Summary
    b: Summary
    factions: list[Difference]
    length: Difference

    def to_dict(self) -> dict:
        """A JSON-ready dict; only the two summaries' ``timing`` depends on the machine."""
        r = lambda x: round(x, 6)  # noqa: E731
        row = lambda d: {"id": d.id, "name": d.name, "a": r(d.a), "b": r(d.b),  # noqa: E731
                         "diff": None if d.diff is None else r(d.diff),
                         "ci95": None if d.low is None else [r(d.low), r(d.high)],
                         "p": None if d.p is None else r(d.p), "significant": d.significant,
                         **({"only_in": d.only} if d.only else {})}
        return {"a": {"label": self.label_a, **self.a.to_dict()},
                "b": {"label": self.label_b, **self.b.to_dict()},
                "factions": [row(d) for d in self.factions],
                "length": row(self.length)}


def label(ref: str, options: dict[str, str]) -> str:
    """``standard-12`` or ``standard-12 sheriff_vote_weight=1``."""
    return " ".join([ref, *(f"{k}={v}" for k, v in options.items())])


def _same_rules(ref: str, opts_a: dict, opts_b: dict, players: int | None) -> bool:
    """Whether two settings of one ruleset give every option the same value (a trial's
    ``--set-a exile_tie=pk`` on a ruleset whose value is pk played 4,000 games to find
    +0.0); ``False`` when either does not load (``simulate`` then says why)."""
    from ..lang.load import load
    from ..play import every_option

    if opts_a == opts_b:
        return True
    try:
        a, b = every_option(load(ref, opts_a or None, players)), every_option(load(ref, opts_b or None, players))
    except WolfError:
        return False
    given = set(opts_a) | set(opts_b)  # only options the ruleset declares, with a value in force
    return all(a.get(k) is not None and b.get(k) is not None for k in given) and a == b


def compare(ref_a: str, ref_b: str | None, games: int, seed: int, *, jobs: int = 1,
            agents: str = DEFAULT_AGENTS, options: dict[str, str] | None = None,
            options_a: dict[str, str] | None = None, options_b: dict[str, str] | None = None,
            players: int | None = None, until_ci: float | None = None,
            progress: bool = True, pool: Any = None, agents_a: str | None = None,
            agents_b: str | None = None) -> Comparison:
    """Play ``games`` games (the cap, with ``until_ci``) of each side and compare them.

    With ``until_ci`` each side plays until its own intervals are narrower than it; the
    side that stopped first then plays on to the other's count, so both sides always
    play the same games.

    ``pool``: another backend's pool for both sides (``simulate``'s ``pool``).
    ``ref_b`` ``None`` compares ``ref_a`` with itself under ``options_a`` and
    ``options_b`` (each on top of ``options``). ``agents_a``, ``agents_b``: each side's
    agents (``None``: ``agents``); game ``i`` deals the same cards and seeds its agents
    the same on both sides. Raises :class:`WolfError` when the two sides are the same
    ruleset with the same settings and agents, and for any bad input
    :func:`~wolfdsl.sim.montecarlo.simulate` refuses.
    """
    ref_b = ref_b or ref_a
    opts_a = {**(options or {}), **(options_a or {})}
    opts_b = {**(options or {}), **(options_b or {})}
    ag_a, ag_b = agents_a or agents, agents_b or agents
    if ref_a == ref_b and opts_a == opts_b and ag_a == ag_b:
        raise WolfError(f"compare: both sides are {label(ref_a, opts_a)} played by {ag_a}; give a second ruleset "
                        "(wolfdsl compare A B), settings that differ (--set-a NAME=V --set-b NAME=W) or agents "
                        "that differ (--agents-a SPEC --agents-b SPEC)")
    if ref_a == ref_b and ag_a == ag_b and _same_rules(ref_a, opts_a, opts_b, players):
        given = sorted(set(opts_a.items()) ^ set(opts_b.items()))
        raise WolfError(f"compare: {label(ref_a, opts_a)} and {label(ref_b, opts_b)} play the same rules: "
                        f"{', '.join(f'{k}={v}' for k, v in given)} is what {ref_a} plays already; give a "
                        "value that differs from its own (wolfdsl show " + ref_a + " lists them)")
    kw: dict[str, Any] = dict(jobs=jobs, players=players, until_ci=until_ci, progress=progress, pool=pool)
    name_a, name_b = label(ref_a, opts_a), label(ref_b, opts_b)
    if ag_a != ag_b:  # an error about one side's agents says which
        name_a, name_b = f"{name_a}, agents {ag_a}", f"{name_b}, agents {ag_b}"
    a = _side("A", name_a, lambda: simulate(ref_a, games, seed, options=opts_a or None, agents=ag_a, **kw))
    b = _side("B", name_b, lambda: simulate(ref_b, games, seed, options=opts_b or None, agents=ag_b, **kw))
    if until_ci is not None and a.games != b.games:
        # the side that stopped first plays on to the other's count: the same games on
        # both sides (common random numbers), so the difference is of paired samples
        n = max(a.games, b.games)
        fixed = {**kw, "until_ci": None}
        if a.games < n:
            a = _topped_up(a, simulate(ref_a, n, seed, options=opts_a or None, agents=ag_a, **fixed))
        else:
            b = _topped_up(b, simulate(ref_b, n, seed, options=opts_b or None, agents=ag_b, **fixed))
    return Comparison(label(ref_a, opts_a), label(ref_b, opts_b), a, b, differences(a, b), length_difference(a, b))


def _side(which: str, name: str, run: Any) -> Summary:
    """``run()``; an error of the command line (no place in a file), such as an
    ``--agents`` faction one ruleset lacks, says which side it is about."""
    try:
        return run()
    except WolfError as err:
        if any(d.span is not None for d in err.diagnostics):
            raise
        raise WolfError([replace(d, message=f"{d.message} (side {which}: {name})") for d in err.diagnostics]) \
            from None


def _topped_up(first: Summary, more: Summary) -> Summary:
    """``more`` (the same run played on to a larger fixed count) keeping ``first``'s
    ``--until-ci`` record: the width asked for, the cap, and that it was reached."""
    more.until_ci, more.cap, more.ci_reached = first.until_ci, first.cap, first.ci_reached
    return more


def differences(a: Summary, b: Summary) -> list[Difference]:
    """B − A for every faction of either summary (A's order first)."""
    fa = {f.id: f for f in a.factions}
    fb = {f.id: f for f in b.factions}
    out = []
    for fid in list(fa) + [f for f in fb if f not in fa]:
        xa = fa[fid].wins if fid in fa else 0
        xb = fb[fid].wins if fid in fb else 0
        name = (fa.get(fid) or fb.get(fid)).name
        ra, rb = xa / a.games if a.games else 0.0, xb / b.games if b.games else 0.0
        if (fid in fa) != (fid in fb):  # a faction of one ruleset only: nothing to compare
            out.append(Difference(fid, name, ra, rb, None, None, None, None, False, "a" if fid in fa else "b"))
            continue
        d, low, high = rate_difference(xa, a.games, xb, b.games)
        out.append(Difference(fid, name, ra, rb, d, low, high, two_proportion_p(xa, a.games, xb, b.games),
                              not (low <= 0 <= high)))
    return out


def length_difference(a: Summary, b: Summary) -> Difference:
    """B − A of the mean game length in days."""
    sides = (a.mean_length, a.stdev_length, a.games, b.mean_length, b.stdev_length, b.games)
    d, low, high = mean_difference(*sides)
    return Difference("length", "length (days)", a.mean_length, b.mean_length, d, low, high,
                      mean_difference_p(*sides), not (low <= 0 <= high))
