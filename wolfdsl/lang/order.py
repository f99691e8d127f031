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
            cyc = sorted(remaining, key=index.get)
            # report it at the step declared last: usually the designer's own
            diags.append(Diagnostic(by_name[cyc[-1]].span, "error", f"the {phase} steps {', '.join(cyc)} have a "
                                    f"cyclic order: check the after/before clauses of step '{cyc[-1]}'", "E208"))
            done.extend(cyc)
            break
        done.append(ready[0])
        remaining.discard(ready[0])
    return [by_name[n] for n in done], diags


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
