"""Setup: decks against player counts, and option comparisons that cannot hold.

(A deck card naming an undefined role is E201; a ``set`` to a value the option does
not allow is E207; a fixed deck whose card count is wrong is E208.)"""
from __future__ import annotations

from ..lang.decks import is_fixed

from ..lang import syntax as A
from .context import head_span, show_value, walk
from .registry import Rule, register


@register
class DeckCountMismatch(Rule):
    """Card counts that do not match the player counts.

    What it finds:
        A player count the ruleset accepts (``players 8..12``) with no deck, or no deck
        at all (a file with neither ``players`` nor a deck is a base to import); a deck for
        counts the ruleset does not accept; a deck for a range (``deck 8..10``) whose
        cards cannot deal every count of the range.
    Why it matters:
        ``wolfdsl run --players N`` fails for those counts, or deals the wrong number of
        cards.
    Example:
        ``players 8..10`` with only ``deck 8: ...`` and ``deck 10: ...``.
    Fix:
        Add the missing deck, or narrow ``players``.
    """
    code, name, family = "W350", "deck-count-mismatch", "setup"
    severity = "error"
    message = "{detail}"

    def check(self, ctx):
        c = ctx.prog
        decks = c.decks
        players = c.players
        pspan = head_span(c.players_span)
        if not decks:
            if players is not None:
                lo, hi = players
                yield self.diag(pspan, detail=f"the ruleset accepts {lo if lo == hi else f'{lo} to {hi}'} players "
                                f"but declares no deck: add one such as `deck {lo}: ROLE*4, ROLE, ...` listing a "
                                "card per player")
            return
        if players is not None:
            lo, hi = players
            missing = [n for n in range(lo, hi + 1) if not any(d.low <= n <= d.high for d in decks)]
            if missing:
                yield self.diag(pspan, detail=f"the ruleset accepts {lo if lo == hi else f'{lo} to {hi}'} players "
                                f"but has no deck for {_counts(missing)}")
            for d in decks:
                outside = [n for n in range(d.low, d.high + 1) if not lo <= n <= hi]
                if outside:
                    yield self.diag(head_span(d.span), [(pspan, "the player counts are declared here")],
                                    detail=f"this deck is for {_counts(outside)}, which 'players' does not accept")
        for d in decks:
            if d.low == d.high or not is_fixed(d):   # a deck with option counts or rest: one per count
                continue
            size = sum(card.count for card in d.cards) - d.extra
            if not all(n == size for n in range(d.low, d.high + 1)):
                yield self.diag(head_span(d.span), detail=f"this deck deals {size} seats, so it cannot serve "
                                f"{d.low}..{d.high} players; give each count its own deck")


def _counts(ns) -> str:
    return ", ".join(map(str, ns)) + " players"


@register
class OptionValueUnreachable(Rule):
    """An option compared with a value it cannot take.

    What it finds:
        ``OPTION == v`` or ``OPTION != v`` where ``v`` is not one of the option's
        declared values (a value of another option, a symbol, a number).
    Why it matters:
        The comparison never changes: the branch for that value is dead, or always
        taken, whatever the table sets.
    Example:
        ``when witch_self_save == always`` with ``option witch_self_save: never | first_night``.
    Fix:
        Compare with a declared value, or add the value to the option.
    """
    code, name, family = "W351", "option-value-unreachable", "setup"
    severity = "error"
    message = "option '{option}' is compared with {value}, which is not one of its values ({values})"

    def check(self, ctx):
        opts = {d.name: d for d in ctx.of_kind("option")}
        from .order import _consts
        consts = _consts(ctx)
        locals_ = set()
        for root in ctx.program():
            for node in walk(root):
                if isinstance(node, (A.Let,)):
                    locals_.add(node.name)
        for root in ctx.program():
            if isinstance(root, A.OptionDecl):
                continue
            for node in walk(root):
                if not (isinstance(node, A.BinOp) and node.op in ("==", "!=")):
                    continue
                for a, b in ((node.left, node.right), (node.right, node.left)):
                    if not (isinstance(a, A.Name) and a.id in opts and a.id not in locals_):
                        continue
                    if isinstance(b, A.Name) and b.id not in consts:
                        continue
                    v = _value(b)
                    if v is _NO:
                        continue
                    values = opts[a.id].values
                    if not any(_same(v, x) for x in values):
                        yield self.diag(b.span, option=a.id, value=_show(v),
                                        values=" | ".join(_show(x) for x in values))


_NO = object()
_BOOL_NAMES = {"yes": True, "true": True, "no": False, "false": False}


def _value(e):
    if isinstance(e, A.Num):
        return e.value
    if isinstance(e, A.Str):
        return e.value
    if isinstance(e, A.Name):
        return _BOOL_NAMES.get(e.id, e.id) if e.id != "none" else None
    return _NO


def _show(v) -> str:
    return "true" if v is True else "false" if v is False else show_value(v)


def _same(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or (isinstance(a, bool) and isinstance(b, bool) and a == b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    return str(a) == str(b)


