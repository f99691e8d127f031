"""Step order: each phase's steps sorted by their ``after``/``before``/``first``/``last``
clauses and the phase's ``order`` declaration.

``step_edges`` is the one definition of those constraints (the sort here and lint's
W310 read it); ``order_steps`` sorts one phase. Code: E201 unknown step in an order,
E208 cyclic order.
"""
from __future__ import annotations

from ..diagnostics import Diagnostic, did_you_mean
from . import syntax as A


def step_edges(decls: list[A.StepDecl], order_decl: A.OrderDecl | None) -> dict[str, set[str]]:
    """``name -> the steps that must run right before it``, from an ``order``
    declaration and each step's ``after``, ``before``, ``first`` and ``last`` (not from
    declaration order; names of other phases or unknown steps are ignored here)."""
    names = {s.name for s in decls}
    edges: dict[str, set[str]] = {s.name: set() for s in decls}
    if order_decl is not None:
        listed = [n for n in order_decl.names if n in names]
        for a, b in zip(listed, listed[1:]):
            edges[b].add(a)
    for s in decls:
        edges[s.name] |= {a for a in s.after if a in names}
        for b in s.before:
            if b in names:
                edges[b].add(s.name)
    firsts = {s.name for s in decls if s.first}
    lasts = {s.name for s in decls if s.last}
    for s in decls:
        if s.name not in firsts:
            edges[s.name] |= firsts
        if s.name in lasts:
            edges[s.name] |= names - lasts
    return edges


def order_steps(decls: list[A.StepDecl], phase: str, order_decl: A.OrderDecl | None,
                all_names: set[str]) -> tuple[list[A.StepDecl], list[Diagnostic]]:
    """The steps of ``phase`` in run order: a topological sort of :func:`step_edges`,
    ties broken by declaration order. ``all_names``: every step of every phase (for
    the unknown-step check). Returns the order and its diagnostics."""
    diags: list[Diagnostic] = []
    for s in decls:
        where = dict(s.refs)
        for other in s.after + s.before:
            if other not in all_names:
                diags.append(Diagnostic(where.get(other, s.span), "error",
                                        f"step '{s.name}': unknown step '{other}' in its order"
                                        + did_you_mean(other, all_names), "E201"))
    by_name = {s.name: s for s in decls}
    index = {s.name: i for i, s in enumerate(decls)}
    if order_decl is not None:
        for n in order_decl.names:
            if n not in by_name:
                diags.append(Diagnostic(order_decl.span, "error", f"order {phase}: unknown step '{n}'"
                                        + did_you_mean(n, by_name), "E201"))
    edges = step_edges(decls, order_decl)
    done: list[str] = []
    remaining = set(by_name)
    while remaining:
        ready = sorted((n for n in remaining if not (edges[n] & remaining)), key=index.get)
        if not ready:
            cyc = cycle(edges, remaining, index)
            # report it at the step declared last: usually the designer's own
            last = max(cyc, key=index.get)
            at = cyc.index(last)
            ring = cyc[at:] + cyc[:at] + [last]
            chain = " after ".join(ring)
            links = list(zip(ring, ring[1:]))
            whys = [why_after(by_name[a], by_name[b], phase, order_decl) for a, b in links]
            own = dict(by_name[last].refs)
            span = own.get(ring[1]) if ring[1] in by_name[last].after else own.get(ring[-2])
            diags.append(Diagnostic(span or by_name[last].span, "error", f"the {phase} steps "
                                    f"{', '.join(sorted(cyc, key=index.get))} have a cyclic order ({chain}): "
                                    f"{'; '.join(whys)}; {cycle_fix(links, by_name, phase)}", "E208"))
            done.extend(sorted(remaining, key=index.get))
            break
        done.append(ready[0])
        remaining.discard(ready[0])
    return [by_name[n] for n in done], diags


def why_after(a: A.StepDecl, b: A.StepDecl, phase: str, order_decl: A.OrderDecl | None) -> str:
    """Why step ``a`` runs after step ``b``, in the words of the clause that says so."""
    if b.name in a.after:
        return f"{a.name} is `after {b.name}`"
    if a.name in b.before:
        return f"{b.name} is `before {a.name}`"
    if b.first and not a.first:
        return f"{b.name} is `first` in {phase}"
    if a.last and not b.last:
        return f"{a.name} is `last` in {phase}, after every step that is not"
    if order_decl is not None:
        return f"`order {phase}` lists {b.name} before {a.name}"
    return f"{a.name} runs after {b.name}"


def cycle_fix(links: list, by_name: dict, phase: str) -> str:
    """What to write instead: for a step ordered `after` a step that is `last` (or
    `before` one that is `first`), the clause that keeps it; else where to look."""
    for a, b in links:
        sa, sb = by_name[a], by_name[b]
        if a in sb.after and sa.last and not sb.last:
            return (f"to run {b} late in the {phase}, write `before {a}` instead of `after {a}` "
                    f"(or declare {b} `last` too), or fix the {phase} with an `order {phase}: …` line")
        if b in sa.before and sb.first and not sa.first:
            return (f"to run {a} early in the {phase}, write `after {b}` instead of `before {b}` "
                    f"(or declare {a} `first` too), or fix the {phase} with an `order {phase}: …` line")
    return "drop or turn one of these clauses, or fix the order with an `order " + phase + ": …` line"


def cycle(edges: dict[str, set[str]], remaining: set[str], index: dict[str, int]) -> list[str]:
    """A cycle among ``remaining``, steps that each wait for another of them: each step
    of the list runs after the next (the last after the first). Only the steps of the
    cycle, not those that merely wait for it (``dawn``, last of the night): the shortest
    cycle through the step declared last (usually the designer's own), else one it waits
    for (a longer one would name steps the designer did not write: a role file's step
    `last` too, that is only `before dawn`)."""
    start = max(remaining, key=index.get)
    back: dict[str, str] = {}
    frontier = [start]
    while frontier and start not in back:  # breadth first: the fewest steps
        ahead = []
        for a in frontier:
            for b in sorted(edges[a] & remaining, key=index.get):
                if b not in back:
                    back[b] = a
                    ahead.append(b)
        frontier = ahead
    if start in back:
        ring = [back[start]]
        while ring[-1] != start:
            ring.append(back[ring[-1]])
        return ring[::-1]
    path: list[str] = []
    seen: dict[str, int] = {}
    n = start
    while n not in seen:
        seen[n] = len(path)
        path.append(n)
        n = min(edges[n] & remaining, key=index.get)
    return path[seen[n]:]


def order_program(program) -> tuple[dict[str, list[A.StepDecl]], list[Diagnostic]]:
    """Every phase's steps of a linked program in run order, with the diagnostics."""
    all_steps = program.of_kind("step")
    names = {s.name for s in all_steps}
    out, diags = {}, []
    for phase in ("night", "day"):
        decls = [s for s in all_steps if s.phase == phase]
        out[phase], found = order_steps(decls, phase, program.orders.get(phase), names)
        diags += found
    return out, diags
