"""Triggers and replacements: unordered pairs on one event, and loops."""
from __future__ import annotations

from ..lang import syntax as A
from .context import head_span, walk
from .effects import Analyzer, exclusive, facts, overlap
from .order import _consts, _ruled_out, describe, never_in_play
from .registry import Rule, register


@register
class UnorderedTriggers(Rule):
    """Two triggers (or two replacements) on one event with no order between them.

    What it finds:
        Triggers of the same kind on the same event with the same ``order`` (0 when
        none is written), whose ``when`` conditions do not exclude each other, and —
        for triggers — that interact: one writes what the other reads, both write the
        same thing, or both ask players to decide or kill. Any two such replacements
        conflict: only the first whose condition holds replaces the event. A trigger
        whose ``when`` the options in force rule out, or about roles no deck of the
        ruleset deals and no rule gives (the elder's extra life at a table without an
        elder; as for W310), never runs and is left out.
    Why it matters:
        Which one runs first (or, for replacements, at all) then depends on
        declaration order: a hunter's shot before or after the badge passes, an extra
        life before or after a reveal.
    Example:
        ``trigger a on announce(p) when p.role == hunter { ... }`` and
        ``trigger b on announce(p) when p == sheriff { ... }``, neither with ``order``.
    Fix:
        Give them distinct ``order`` values (lower runs first), or conditions that
        exclude each other.
    """
    code, name, family = "W320", "unordered-triggers", "triggers"
    severity = "warning"
    message = ("{kind}s '{a}' and '{b}' on {event}() both have order {order} and can apply to the same "
               "{event}{why}; give them distinct orders")

    def check(self, ctx):
        consts = _consts(ctx)
        off, absent = _ruled_out(ctx, consts), never_in_play(ctx)
        an = Analyzer(ctx, skip=lambda d: off(d.when) or absent(d))
        for kind in ("trigger", "replacement"):
            decls = [d for d in ctx.of_kind(kind) if not off(d.when) and not absent(d)]
            for i, b in enumerate(decls):
                for a in decls[:i]:
                    if a.event != b.event or a.order != b.order:
                        continue
                    if a.when is not None and b.when is not None and exclusive(
                            a.when, b.when, consts, {a.var: "$p"}, {b.var: "$p"}):
                        continue
                    why = ""
                    if kind == "trigger":
                        ea, eb = an.of(a), an.of(b)
                        res = overlap(ea.writes, eb.reads) | overlap(eb.writes, ea.reads) | \
                            {w for w in overlap(ea.writes, eb.writes) if not w.startswith("decided:")}
                        if res:
                            why = f": together they touch {describe(res)}"
                        elif (ea.decides or ea.kills) and (eb.decides or eb.kills):
                            why = ": both ask players or kill, so the order is visible at the table"
                        else:
                            continue
                    else:
                        why = ": only the first that applies replaces it"
                    yield self.diag(head_span(b.span), [(head_span(a.span), f"{kind} '{a.name}' is here")],
                                    kind=kind, a=a.name, b=b.name, event=b.event, order=_num(b.order), why=why)


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


@register
class ReplacementLoop(Rule):
    """A replacement whose own effect can set it off again.

    What it finds:
        A ``replacement`` on ``death`` whose block (or the procs and triggers it runs)
        kills with a cause its ``when`` condition accepts. The replaced death does not
        happen, so the player is still alive and the replacement applies again.
    Why it matters:
        The game never leaves that death: an endless loop (the engine stops it with a
        "trigger loop" error).
    Example:
        ``replacement shield on death(p) when cause == wolf { kill p cause wolf }``
    Fix:
        Kill with another cause, add a condition that the first run makes false (a
        status, a counter), or ``proceed``.
    """
    code, name, family = "W321", "replacement-loop", "triggers"
    severity = "error"
    message = ("replacement '{name}' kills with cause '{cause}', which its own condition accepts: "
               "the death it replaces can be replaced again without end")

    def check(self, ctx):
        an = Analyzer(ctx)
        consts = _consts(ctx)
        for r in ctx.of_kind("replacement"):
            if r.event != "death":
                continue
            eff = an.of(r)
            for k in eff.kills:
                if _accepts(r, k.cause, consts) and not _guarded(r, k):
                    yield self.diag(head_span(r.span), [(k.span, "the kill is here")], name=r.name, cause=k.cause)
                    break


def _accepts(r, cause: str, consts) -> bool:
    if r.when is None:
        return True
    for t, op, (_, v) in facts(r.when, consts):
        if t == "cause" and ((op == "==" and v != cause) or (op == "!=" and v == cause)):
            return False
    return True


def _guarded(r, kill) -> bool:
    """A ``proceed`` before the kill in the replacement's own block lets the death happen."""
    for s in r.body.stmts:
        if isinstance(s, A.Proceed):
            return True
        if any(n is kill for n in walk(s)):
            return False
    return False


@register
class EndlessRecursion(Rule):
    """A func or proc that always calls itself again.

    What it finds:
        A ``func`` whose value needs its own value (``func f(x) = f(x) + 1``), or a
        ``proc`` whose body, outside any ``if``, ``for`` or decision, calls itself —
        directly or through other funcs or procs that do the same. A call under an
        ``if``, an ``if … then … else``, ``and``/``or``, a ``for`` or a decision has a
        way out and is not reported (the prelude's sheriff runoff calls itself once).
    Why it matters:
        The game never gets past it: the run stops with an error the first time the
        rule is used.
    Example:
        ``proc loop() { call loop() }``
    Fix:
        Put the call under a condition that the repeated call makes false (a round
        number, a counter), or remove it.
    """
    code, name, family = "W322", "endless-recursion", "triggers"
    severity = "error"
    message = "{kind} '{name}' always calls itself again ({path}): the game cannot get past it"

    def check(self, ctx):
        for kind, edges in (("func", _func_calls(ctx)), ("proc", _proc_calls(ctx))):
            decls = {d.name: d for d in ctx.of_kind(kind)}
            for name, d in decls.items():
                path = _cycle(name, edges)
                if path:
                    span = edges[name][path[1]]
                    yield self.diag(head_span(d.span), [(span, "the call is here")], kind=kind, name=name,
                                    path=" -> ".join(path))


def _cycle(start: str, edges: dict) -> list[str] | None:
    """A path of unconditional calls from ``start`` back to itself, or ``None``."""
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for nxt in edges.get(node, {}):
            if nxt == start:
                return path + [start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, path + [nxt]))
    return None


def _func_calls(ctx) -> dict[str, dict[str, object]]:
    names = {d.name for d in ctx.of_kind("func")}
    out: dict[str, dict[str, object]] = {}

    def visit(e, into):
        if isinstance(e, A.Call):
            if e.name in names:
                into.setdefault(e.name, e.span)
            for a in e.args:
                visit(a, into)
        elif isinstance(e, A.IfExpr):
            visit(e.branches[0][0], into)          # only the first test always runs
        elif isinstance(e, A.BoolOp):
            visit(e.items[0], into)                # and/or stop early
        elif isinstance(e, A.Comprehension):
            visit(e.source, into)
        elif isinstance(e, A.BinOp):
            visit(e.left, into)
            visit(e.right, into)
        elif isinstance(e, (A.Not, A.Neg)):
            visit(e.operand, into)
        elif isinstance(e, A.Attr):
            visit(e.obj, into)
        elif isinstance(e, A.ListExpr):
            for i in e.items:
                visit(i, into)

    for d in ctx.of_kind("func"):
        visit(d.expr, out.setdefault(d.name, {}))
    return out


def _proc_calls(ctx) -> dict[str, dict[str, object]]:
    names = {d.name for d in ctx.of_kind("proc")}
    out: dict[str, dict[str, object]] = {}
    for d in ctx.of_kind("proc"):
        calls = out.setdefault(d.name, {})
        for s in d.body.stmts:                     # top level only: no if/for/decision around it
            if isinstance(s, A.CallProc) and s.name in names:
                calls.setdefault(s.name, s.span)
    return out
