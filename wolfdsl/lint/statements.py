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
