"""Statements that parse, but not as they read: ``me.oil =- 1`` is ``me.oil = -1``."""
from __future__ import annotations

from ..diagnostics import Span
from ..lang import syntax as A
from ..lang.codegen import assigned_text
from .context import walk
from .registry import Rule, register


@register
class ReversedCompoundAssignment(Rule):
    """``=-`` where ``-=`` was meant.

    What it finds:
        In this file, an assignment whose ``=`` is followed at once by a minus:
        ``me.oil =- 1``, ``n =-1``.
    Why it matters:
        It parses as ``me.oil = -1``: the value is set to minus one instead of lowered by
        one, and nothing says so until a game goes wrong.
    Example:
        ``me.oil =- 1``.
    Fix:
        Write ``me.oil -= 1`` to subtract; to set a negative number, write ``me.oil = -1``
        (a space after the ``=``).
    """
    code, name, family = "W360", "reversed-compound-assignment", "statements"
    severity = "warning"
    message = ("{written} sets {target} to -{value}; to subtract {value}, write '{target} -= {value}' "
               "(to set it to -{value}, write '{target} = -{value}')")

    def check(self, ctx):
        for node in walk(ctx.own):
            if not (isinstance(node, A.Assign) and node.op == "=" and isinstance(node.expr, A.Neg)):
                continue
            sp, inner = node.expr.span, node.expr.operand.span
            if sp is None or sp.text is None or inner is None or inner.line != sp.line or sp.col < 2:
                continue
            line = sp.text.splitlines()[sp.line - 1]
            if line[sp.col - 2] != "=":
                continue
            value = line[inner.col - 1:inner.end_col - 1]
            target = assigned_text(node)
            st = node.span
            if st is not None and st.line == sp.line and st.col < sp.col:
                written = f"'{line[st.col - 1:inner.end_col - 1]}'"  # as written: 'me.oil =-1'
            else:
                written = f"{target} =- {value}"  # not on one line: said, not quoted
            yield self.diag(Span(sp.file, sp.line, sp.col - 1, sp.line, sp.col + 1, text=sp.text),
                            target=target, value=value, written=written)


_OVER_LIST = ("count", "any", "empty")
"""Builtins that go over their list (``count(ts)``): ``none`` there is an E401."""


def _is(e, name: str) -> bool:
    return isinstance(e, A.Name) and e.id == name


def _gone_over(body, var: str):
    """The places in ``body`` that go over the list ``var`` (a comprehension's or a
    loop's list, the right of ``in``, the argument of ``count``/``any``/``empty``): the
    ``Name`` nodes, in order; none when the body compares ``var`` with ``none``
    anywhere (a guard, the W361 fix) or binds another ``var``."""
    found = []
    for n in walk(body):
        if isinstance(n, A.BinOp) and n.op in ("==", "!=") and (
                (_is(n.left, var) and _is(n.right, "none")) or (_is(n.right, var) and _is(n.left, "none"))):
            return []
        if (isinstance(n, (A.Let, A.For)) and getattr(n, "name", getattr(n, "var", None)) == var) or (
                isinstance(n, A.Comprehension) and n.var == var):
            return []
        if isinstance(n, A.Comprehension) and _is(n.source, var):
            found.append(n.source)
        elif isinstance(n, A.For) and _is(n.source, var):
            found.append(n.source)
        elif isinstance(n, A.BinOp) and n.op in ("in", "not in") and _is(n.right, var):
            found.append(n.right)
        elif isinstance(n, A.Call) and n.name in _OVER_LIST and len(n.args) == 1 and _is(n.args[0], var):
            found.append(n.args[0])
    return found


@register
class PassGoneOver(Rule):
    """A passed decision's answer gone over as a list.

    What it finds:
        In this file, the body of a ``decide … may pass`` that goes over the decision's
        variable as a list (``[x in ts where …]``, ``x in ts``, ``count(ts)``,
        ``any(ts)``, ``empty(ts)``, ``for p in ts``) and never compares it with ``none``.
    Why it matters:
        When the player passes, the variable is ``none``, which is no empty list: the
        game stops there with an E401 (it used to read as an empty list, so a passed
        check told the seat "no wolf").
    Example:
        ``decide seer.sweep by seer may pass choose ts count 2 from alive { tell me {
        wolf: any([x in ts where x.faction == werewolves]) } }``.
    Fix:
        Guard what reads it: ``if ts != none { ... }``.
    """
    code, name, family = "W361", "pass-gone-over", "statements"
    severity = "warning"
    message = ("'{var}' is none when '{action}' is passed (it may pass), and going over none stops the game "
               "(E401): write 'if {var} != none {{ ... }}' around what reads it")

    def check(self, ctx):
        for node in walk(ctx.own):
            if isinstance(node, A.Decide) and node.may_pass:
                for name in _gone_over(node.body, node.var):
                    yield self.diag(name.span, var=node.var, action=node.action)
