"""Order: steps of one phase with no order between them that touch the same state."""
from __future__ import annotations

from ..lang import syntax as A
from ..lang.compile import step_edges
from .context import head_span
from .effects import Analyzer, exclusive, facts, overlap
from .registry import Rule, register


def step_order(decls: list[A.StepDecl], order_decl) -> dict[str, set[str]]:
    """``name -> the steps that must run before it`` (transitively), from ``order``,
    ``after``, ``before``, ``first`` and ``last`` — not from declaration order."""
    before = step_edges(decls, order_decl)
    # transitive closure
    changed = True
    while changed:
        changed = False
        for n, bs in before.items():
            more = set().union(*(before[b] for b in bs)) - bs if bs else set()
            if more:
                bs |= more
                changed = True
    return before


def describe(resources: set[str], via: dict[str, tuple[str, ...]] | None = None) -> str:
    """The resources in words, who is alive last (a status or a global both steps touch
    says more about their conflict than a kill does), three at most; ``via``: for a
    resource written only through other declarations (:attr:`Effects.via`), the way
    (``status 'powerless' (through death trigger 'elder_penalty')``)."""
    ways: dict[tuple[str, ...], list[str]] = {}  # the way -> what is written through it
    rs = sorted(resources, key=lambda r: (r == "alive", r))
    for r in rs[:3]:
        kind, _, name = r.partition(":")
        word = {"global": f"global '{name}'", "status": f"status '{name}'", "var": f"'.{name}'",
                "field": f"'.{name}'", "decided": f"the answer to {name}"}.get(kind, "who is alive")
        ways.setdefault((via or {}).get(r, ()), []).append(word)
    out = []
    for way, words in ways.items():
        if way:
            hops = " → ".join(way if len(way) <= 3 else (way[0], "…", way[-1]))
            out.append(", ".join(words) + f" ({'all ' if len(words) > 1 else ''}through {hops})")
        else:
            out.append(", ".join(words))
    return ", ".join(out) + (" ..." if len(rs) > 3 else "")


@register
class UnorderedSteps(Rule):
    """Two steps of a phase with no order between them, one reading what the other writes.

    What it finds:
        Steps of the same phase that no ``order``, ``after``, ``before``, ``first`` or
        ``last`` puts in sequence, where one writes state (a global, a status, a
        counter, a seat's role/faction/team, who is alive, a decision's answer) that
        the other reads or also writes — including through the procs they call and the
        death triggers their kills set off (named in the message: ``status 'powerless'
        (through death trigger 'elder_penalty')``). Steps whose ``when`` conditions exclude
        each other (``night_order == a`` / ``night_order == b``) never both run. A step
        whose ``when`` the options in force rule out (``night_order == order_d`` where
        ``night_order`` is ``order_a``; in a file without decks, the options' defaults:
        a ruleset importing it that sets another value is checked with its own) never
        runs, and is left out; so is a step (or a death trigger its kills set off) about roles no deck of the ruleset deals
        and no rule gives (the roles that decide in it, else the roles it names, as
        ``wolfdsl script`` leaves it off the call sheet; not in a file without decks).
    Why it matters:
        Their relative order then comes from declaration order, which an import, a
        ``replace`` or a reshuffled file changes silently: the seer's result would
        depend on whether a transformation happened before or after her check.
    Example:
        ``step convert in night after werewolves { ... p.role = werewolf }`` and the
        seer step also ``after werewolves``, reading ``t.appears``.
    Fix:
        Say which comes first: ``after``/``before`` on one of them, or an ``order``.
    """
    code, name, family = "W310", "unordered-steps", "order"
    severity = "warning"
    message = "{phase} steps '{a}' and '{b}' have no order between them, but {why}; add 'after {b}' or 'before {b}' to '{a}'"

    def check(self, ctx):
        consts = _consts(ctx)
        off = _ruled_out(ctx, consts)
        absent = never_in_play(ctx)
        an = Analyzer(ctx, skip=lambda d: off(d.when) or absent(d))
        for phase in ("night", "day"):
            every = [s for s in ctx.of_kind("step") if s.phase == phase]
            before = step_order(every, ctx.prog.orders.get(phase))  # an absent step still orders others
            decls = [s for s in every if not off(s.when) and not absent(s)]
            effects = {s.name: an.of(s) for s in decls}
            for i, b in enumerate(decls):
                for a in decls[:i]:
                    if a.name in before[b.name] or b.name in before[a.name]:
                        continue
                    if a.when is not None and b.when is not None and exclusive(a.when, b.when, consts):
                        continue
                    ea, eb = effects[a.name], effects[b.name]
                    parts = []
                    rw = overlap(eb.writes, ea.reads)
                    wr = overlap(ea.writes, eb.reads)
                    if rw:
                        parts.append(f"'{b.name}' writes {describe(rw, eb.via)} that '{a.name}' reads")
                    if wr:  # both ways: each step's part of the conflict
                        parts.append(f"'{a.name}' writes {describe(wr, ea.via)} that '{b.name}' reads")
                    ww = overlap(ea.writes, eb.writes) - {r for r in ea.writes if r.startswith("decided:")}
                    if ww and not parts:
                        parts.append(f"both write {describe(ww)}")
                    if parts:
                        yield self.diag(head_span(b.span), [(head_span(a.span), f"step '{a.name}' is here")],
                                        phase=phase, a=b.name, b=a.name, why="; ".join(parts))


def never_in_play(ctx):
    """A test ``decl -> bool``: whether a step, trigger or replacement is about roles
    (:func:`wolfdsl.lang.inplay.in_play`) none of which a deck of the ruleset deals or a
    rule gives a player (``p.role = R``), so it never does anything in its games.
    Always false for a file without decks (a base: its importers deal the cards)."""
    if not ctx.prog.decks or ctx.compiler is None:
        return lambda decl: False
    from ..lang.inplay import in_play
    from .setup import _roles_in_play
    dealt = _roles_in_play(ctx)
    return lambda decl: not in_play(decl, ctx.compiler, dealt)


def _ruled_out(ctx, consts: set[str]):
    """A test ``when -> bool``: whether the options in force make a step's condition
    false, one of its conjuncts stating an option's other value (``night_order ==
    order_d`` where it is ``order_a``) or ``!=`` its value. In a file without decks,
    the options in force are its defaults (a ruleset importing it that sets another
    value is linted with that value)."""
    options = getattr(ctx.rs, "options", None) or {}
    if not options:
        return lambda when: False
    value = {n: ("v", "true" if o.value is True else "false" if o.value is False else o.value)
             for n, o in options.items()}

    def off(when) -> bool:
        if when is None:
            return False
        for t, op, v in facts(when, consts):
            if t in value and (v != value[t]) == (op == "=="):
                return True
        return False
    return off


def _consts(ctx) -> set[str]:
    c = ctx.names
    out = set(c.roles) | c.option_symbols | c.attr_symbols | {"yes", "no", "true", "false", "none"}
    for t in ctx.prog.symbols.values():
        out |= set(t)
    return out
