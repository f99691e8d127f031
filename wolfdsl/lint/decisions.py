"""Decisions and abilities: filters that remove every option, abilities that can never
be used, counters that can go negative."""
from __future__ import annotations

from ..lang import syntax as A
from .abstract import tables
from .context import head_span, option_refs, walk
from .effects import conjuncts, term
from .registry import Rule, register

_PROBE_STATES = 120


def locals_of(decl) -> set[str]:
    """Every name a declaration binds: parameters, ``let``, ``for``, decision and vote
    variables (a local may shadow a symbol of the same name)."""
    out = set(getattr(decl, "params", ()) or ())
    if isinstance(decl, A.TriggerDecl):
        out |= {decl.var, "cause"}
    for n in walk(decl):
        if isinstance(n, A.Let):
            out.add(n.name)
        elif isinstance(n, A.For):
            out.add(n.var)
        elif isinstance(n, A.Decide):
            out.add(n.var)
        elif isinstance(n, A.Vote):
            out |= {n.voter_var, n.cand_var, n.top_var, n.ballots_var or n.top_var}
    return out


def _free(ctx, exprs, bound: set[str], decl=None) -> set[str]:
    known = ctx.names.known_names(bound) | set(ctx.funcs)
    if decl is not None:
        known -= locals_of(decl) - bound
    local = set(bound)
    names = set()
    for e in exprs:
        if e is None:
            continue
        for n in walk(e):
            if isinstance(n, A.Comprehension):
                local.add(n.var)
            elif isinstance(n, A.Name):
                names.add(n.id)
    return names - known - local


def _probe_states(ctx):
    """A spread of abstract states per deck: (table, state) pairs."""
    if getattr(ctx, "_probe_states", None) is not None:
        return ctx._probe_states
    out = []
    for t in tables(ctx):
        _, states = t.states()
        step = max(1, len(states) // _PROBE_STATES)
        out += [(t, s) for s in states[::step] if not s.devs and not s.statuses]
    ctx._probe_states = out
    return out


def _mutable(ctx, expr, decl=None) -> bool:
    """True when the condition reads state that some statement changes during a game
    (a global, a status, a raised counter): its starting value proves nothing."""
    from .effects import Analyzer, Effects
    an = Analyzer(ctx)
    eff = Effects()
    an.expr(expr, eff)
    written = set()
    raised = set()
    for kind in ("step", "proc", "trigger", "replacement", "card"):
        for d in ctx.of_kind(kind):
            written |= an.of(d).writes
            for n in walk(d):
                if isinstance(n, A.Assign) and n.attr and n.op != "-=":
                    raised.add(f"var:{n.attr}")
    for r in eff.reads:
        if r.startswith(("global:", "status:", "field:")) and r in written:
            return True
        if r.startswith("var:") and (r in raised or "var:*" in written):
            return True
        if r.startswith("decided:"):
            return True
    return False


def _actors(g, decide: A.Decide, ctx):
    """Seats that can be ``me`` for this decision in this state."""
    by = decide.by
    if isinstance(by, A.Name) and by.id in ctx.names.roles:
        return [p.seat for p in g.players[1:] if p.alive and p.role == by.id]
    if isinstance(by, A.Name) and by.id in ctx.prog.symbols["team"]:
        return [None] if any(p.alive and p.team == by.id for p in g.players[1:]) else []
    return [p.seat for p in g.players[1:] if p.alive]


def _decides(ctx):
    for kind in ("step", "proc", "trigger", "replacement", "card"):
        for d in ctx.of_kind(kind):
            for n in walk(d):
                if isinstance(n, A.Decide):
                    yield d, n


@register
class UnsatisfiableFilter(Rule):
    """A decision whose ``unless`` and ``must`` filters remove every option.

    What it finds:
        A ``decide`` whose option list is not empty in some explored state, but whose
        ``unless`` and ``must`` clauses remove every option in every explored state: a
        ``must`` that can never hold, or one that contradicts an ``unless`` (the options,
        clauses and deciding seat evaluated by their compiled closures on abstract
        states of the deck).
    Why it matters:
        The player is never offered a real choice: the ability is dead, or the
        decision cannot be answered (no legal option and no pass).
    Example:
        ``decide guard.protect by guard may pass choose t from alive unless t.alive because "..."``
    Fix:
        Invert the condition (``unless not t.alive``), or take the options from the
        right list.
    """
    code, name, family = "W340", "unsatisfiable-filter", "decisions"
    severity = "error"
    message = "no option of '{action}' survives its {filters} in any of {n} explored states{where}"

    def check(self, ctx):
        comp = ctx.compiler
        states = None
        for owner, d in _decides(ctx):
            if not d.unless:
                continue
            bound = {"me", d.var}
            if _free(ctx, [d.options, d.count] + [c.cond for c in d.unless], bound, owner):
                continue
            states = states if states is not None else _probe_states(ctx)
            options = comp.expr(d.options, bound)
            clauses = [comp.expr(c.cond, bound) for c in d.unless]
            musts = [c.must for c in d.unless]  # a ``must`` refuses where its condition is false
            nonempty = 0
            always = [True] * len(clauses)
            ok = False
            try:
                for t, st in states:
                    g = t.load(st)
                    for me in _actors(g, d, ctx):
                        env = {"me": me}
                        opts = list(options(g, env) or [])
                        if not opts:
                            continue
                        nonempty += 1
                        for o in opts:
                            env[d.var] = o
                            hit = [bool(c(g, env)) != m for c, m in zip(clauses, musts)]
                            always = [a and h for a, h in zip(always, hit)]
                            if not any(hit):
                                ok = True
                                break
                        if ok:
                            break
                    if ok:
                        break
            except Exception:  # noqa: BLE001 - cannot evaluate: cannot prove
                continue
            if ok or not nonempty:
                continue
            culprit = next((c for c, a in zip(d.unless, always) if a), None)
            span = culprit.span if culprit is not None and culprit.span else head_span(d.span)
            yield self.diag(span, [(head_span(d.span), "the decision is here")] if culprit is not None else (),
                            action=d.action, n=nonempty, filters=_filter_words(d.unless),
                            where=(f": this '{'must' if culprit.must else 'unless'}' clause removes them all"
                                   if culprit is not None else ""))


def _filter_words(clauses) -> str:
    """``'unless' filter``, ``'must' filter`` or ``'unless' and 'must' filters``: what a
    decision's clauses are, as its author wrote them."""
    kinds = [k for k in ("unless", "must") if any(c.must == (k == "must") for c in clauses)]
    return " and ".join(f"'{k}'" for k in kinds) + (" filters" if len(kinds) > 1 else " filter")


@register
class AbilityNeverUsed(Rule):
    """An ability that can never be used.

    What it finds:
        A step whose ``when`` is false, or a ``decide`` with a ``requires`` that is
        false, in every explored state (days 1 to 4, the deck's abstract states) and
        for every value of the options the condition reads.
    Why it matters:
        The role's ability never happens; usually a typo in a condition
        (``day == 0``, ``me.potions > 1`` with one potion).
    Example:
        ``step seer in night when day == 0 { ... }``
    Fix:
        Correct the condition.
    """
    code, name, family = "W341", "ability-never-used", "decisions"
    severity = "warning"
    message = "{what} is false in every explored state{opts}: {thing} never happens"

    def check(self, ctx):
        states = None
        for s in ctx.of_kind("step"):
            if s.when is None or _free(ctx, [s.when], set(), s) or _mutable(ctx, s.when, s):
                continue
            states = states if states is not None else _probe_states(ctx)
            opts = option_refs(s.when, ctx.option_names, ctx.funcs)
            if not self._ever(ctx, s.when, set(), opts, states, lambda g: [{}], phase=s.phase):
                yield self.diag(head_span(s.span), what=f"the 'when' of step '{s.name}'", thing="the step",
                                opts=_opts(opts))
        for owner, d in _decides(ctx):
            for c in d.requires:
                if _free(ctx, [c.cond], {"me"}, owner) or _mutable(ctx, c.cond, owner):
                    continue
                states = states if states is not None else _probe_states(ctx)
                opts = option_refs(c.cond, ctx.option_names, ctx.funcs)
                if not self._ever(ctx, c.cond, {"me"}, opts, states,
                                  lambda g, d=d: [{"me": m} for m in _actors(g, d, ctx)], phase=None):
                    yield self.diag(c.span or head_span(d.span), [(head_span(d.span), "the decision is here")],
                                    what=f"'requires' of '{d.action}'", thing="the decision", opts=_opts(opts))

    @staticmethod
    def _ever(ctx, expr, bound, opts, states, envs, phase) -> bool:
        seen_any = False
        for comp in ctx.variants(opts):
            fn = comp.expr(expr, bound)
            for t, st in states:
                g = t.load(st)
                for day in (1, 2, 3, 4):
                    g.day = day
                    if phase:
                        g.phase = phase
                    for env in envs(g):
                        seen_any = True
                        try:
                            if fn(g, dict(env)):
                                return True
                        except Exception:  # noqa: BLE001 - cannot evaluate: assume it can hold
                            return True
        return not seen_any


def _opts(opts) -> str:
    return f" (for any value of {', '.join(sorted(opts))})" if opts else ""


@register
class CounterCanGoNegative(Rule):
    """A counter decreased with nothing checking it first.

    What it finds:
        ``X.c -= k`` where no enclosing ``if``, ``when`` or ``requires`` states
        ``X.c > k-1``, ``X.c >= k`` or ``X.c == m`` (m ≥ k) for the same seat.
    Why it matters:
        The counter goes below zero: a third potion from a one-potion witch, a lives
        counter at -1 that later comparisons misread.
    Example:
        ``decide witch.poison by witch may pass choose t from alive { me.poison -= 1 }``
    Fix:
        Guard the decision: ``requires me.poison > 0 else "ROLE-WITCH-01: ..."``.
    """
    code, name, family = "W342", "counter-can-go-negative", "decisions"
    severity = "warning"
    message = "'{obj}.{counter} -= {amount}' can take {counter} below zero: nothing checks '{obj}.{counter} >= {amount}' first"

    def check(self, ctx):
        counters = ctx.names.counter_names
        for kind in ("step", "proc", "trigger", "replacement", "card"):
            for d in ctx.of_kind(kind):
                facts = list(conjuncts(getattr(d, "when", None)))
                body = getattr(d, "body", None)
                if isinstance(body, A.Block):
                    yield from self._block(body, facts, counters)

    def _block(self, b, facts, counters):
        for s in b.stmts:
            yield from self._stmt(s, facts, counters)

    def _stmt(self, s, facts, counters):
        if isinstance(s, A.Assign) and s.attr in counters and s.op == "-=":
            amount = s.expr.value if isinstance(s.expr, A.Num) else None
            if not _guarded(s.name, s.attr, amount, facts):
                yield self.diag(s.span, obj=s.name, counter=s.attr,
                                amount=amount if amount is not None else "…")
        elif isinstance(s, A.If):
            for c, blk in s.branches:
                yield from self._block(blk, facts + conjuncts(c), counters)
            if s.otherwise is not None:
                yield from self._block(s.otherwise, facts, counters)
        elif isinstance(s, A.Decide):
            extra = [c for r in s.requires for c in conjuncts(r.cond)]
            yield from self._block(s.body, facts + extra, counters)
        elif isinstance(s, (A.For, A.Vote)):
            yield from self._block(s.body, facts, counters)
        else:
            for c in getattr(s, "__dataclass_fields__", {}):
                v = getattr(s, c)
                if isinstance(v, A.Block):
                    yield from self._block(v, facts, counters)


def _guarded(obj: str, counter: str, amount, facts) -> bool:
    want = f"{obj}.{counter}"
    need = amount if amount is not None else 1
    for f in facts:
        if not isinstance(f, A.BinOp):
            continue
        op, left, right = f.op, f.left, f.right
        if term(right) == want and isinstance(left, A.Num):
            op = {">": "<", "<": ">", ">=": "<=", "<=": ">="}.get(op, op)
            left, right = right, left
        if term(left) != want or not isinstance(right, A.Num):
            continue
        k = right.value
        if (op == ">" and k + 1 >= need) or (op == ">=" and k >= need) or (op == "==" and k >= need):
            return True
    return False


@register
class DecidedTwice(Rule):
    """Two ``decide`` statements of one decision name.

    What it finds:
        A ``decide ROLE.ACTION`` when another ``decide`` of the same name is in force in
        the ruleset (in the same or another file: an ``extend proc`` of a role file that
        decides ``seer.claim`` again, beside the role's own).
    Why it matters:
        Both are asked, as two rounds of one decision: a scenario's ``do: ACTION``
        answers the first unless it gives ``round: 2``, the narration and the call sheet
        read them as one, and the bots' hints of one apply to the other's rounds.
    Example:
        ``extend proc claims { decide seer.claim by seer … }`` in a variant that imports
        ``roles``, whose seer already decides ``seer.claim``.
    Fix:
        Give the new decision a name of its own (``seer.claim_again``), or ``replace``
        the declaration that holds the first one.
    """
    code, name, family = "W343", "decided-twice", "decisions"
    severity = "warning"
    message = ("'{action}' is also decided at {first}: the two are asked as rounds of one decision "
               "(a scenario's do: {short} answers the first); give this one a name of its own")

    def check(self, ctx):
        first: dict = {}
        for _owner, d in _decides(ctx):
            prev = first.setdefault(d.action, d)
            if prev is d:
                continue
            if ctx.is_own(prev) and not ctx.is_own(d):  # said where the writer can change it
                prev, d = d, prev
            where = f"{prev.span.file.rsplit('/', 1)[-1]}:{prev.span.line}"
            yield self.diag(head_span(d.span), [(head_span(prev.span), "also decided here")],
                            action=d.action, first=where, short=d.action.rsplit(".", 1)[-1])
