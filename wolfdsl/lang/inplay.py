"""Whether a declaration is about roles a table deals: ``in_play(node, comp, dealt)``.

A declaration is about the roles that decide in it, else the roles it names (the owners
of the role counters it reads included, through the procs it calls); one about roles
none of whose cards is dealt never does anything at that table. ``wolfdsl script``
leaves such steps off the call sheet, ``wolfdsl show`` marks them, and lint (W310,
W320) leaves out conflicts with them.
"""
from __future__ import annotations

from . import syntax as A


def roles_named(node: A.Node, comp, seen: set[str] | None = None) -> set[str]:
    """The roles a declaration is about: the roles it names (deciders included), the
    owners of the role counters it reads, through the procs it calls; bots' ``prefer``
    and ``score`` hints left out."""
    from .symbols import DecideSlots

    roles, procs = comp.ruleset.roles, comp.program.named("proc")
    owners: dict[str, set[str]] = {}
    for r in roles.values():
        for counter, _ in r.counters:
            owners.setdefault(counter, set()).add(r.id)
    seen = set() if seen is None else seen
    found: set[str] = set()
    hints = {id(h) for n in A.walk(node) for h in (getattr(n, "prefer", None), getattr(n, "score", None))
             if isinstance(h, A.Node)}  # a bot's hint names roles the rule is not about
    hinted = {id(x) for n in A.walk(node) if id(n) in hints for x in A.walk(n)}
    for n in A.walk(node):
        if id(n) in hinted:
            continue
        bd = comp.bindings.of.get(id(n))
        if isinstance(n, A.Name) and n.id in roles:
            found.add(n.id)
        elif isinstance(bd, DecideSlots) and bd.by.name in roles:
            found.add(bd.by.name)
        elif isinstance(n, A.Attr):
            found |= owners.get(n.name, set())
        elif isinstance(n, A.CallProc) and n.name in procs and n.name not in seen:
            seen.add(n.name)
            found |= roles_named(procs[n.name], comp, seen)
    return found


def deciders(node: A.Node, comp) -> set[str]:
    """The roles that decide something in a declaration itself (``decide thief.choose
    by thief``; not in the procs it calls, which serve every step)."""
    from .symbols import DecideSlots

    roles = comp.ruleset.roles
    return {bd.by.name for n in A.walk(node) for bd in (comp.bindings.of.get(id(n)),)
            if isinstance(bd, DecideSlots) and bd.by.name in roles}


def about_roles(node: A.Node, comp) -> set[str]:
    """The roles a declaration is about: those that decide in it, else those it names."""
    return deciders(node, comp) or roles_named(node, comp)


def about_dealt(node: A.Node, comp, dealt: set[str]) -> bool | None:
    """Whether a declaration is about a dealt role: the roles that decide in it, else the
    roles it names; ``None`` when it is about no role."""
    named = about_roles(node, comp)
    return bool(named & dealt) if named else None


def in_play(node: A.Node, comp, dealt: set[str]) -> bool:
    """False for a declaration about roles none of whose cards is in the deck: the
    roles that decide in it (the thief's step, though it names the villager card), else
    the roles it names, else, for a declaration that wakes or tells somebody, the
    statuses it reads (``q has lover``) when only declarations about undealt roles add
    them (the lovers wake only if Cupid is dealt; the dawn, which wakes nobody, stays)."""
    about = about_dealt(node, comp, dealt)
    if about is not None:
        return about
    nodes = list(A.walk(node))
    read = {n.right.id for n in nodes if isinstance(n, A.BinOp) and n.op == "has" and isinstance(n.right, A.Name)}
    if not read or not any(isinstance(n, (A.Tell, A.Decide)) for n in nodes):
        return True
    adders = [d for d in comp.program.declarations()
              if any(isinstance(x, A.AddStatus) and x.status in read for x in A.walk(d))]
    return not adders or any(about_dealt(d, comp, dealt) is not False for d in adders)
