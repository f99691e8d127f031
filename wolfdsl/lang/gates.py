"""Gates: the causes and roles for which a trigger's condition can hold at all, read
from the condition's leading conjuncts once, when the ruleset is compiled.

``gate(when, var, bindings) -> (causes, roles, holder, needs)``: ``when`` is the
condition of a ``trigger`` or ``replacement`` (an AST expression, or ``None``), ``var``
its player variable. ``causes`` is the frozenset of causes the condition admits
(``None``: any), ``roles`` the frozenset of roles the player may have (``None``: any),
``holder`` the global whose value the player must be (``None``: no such test), ``needs``
the other tests of the player, ``(attribute, frozenset)`` pairs: his ``team``,
``faction`` or ``klass`` must be one of the values, and his ``statuses`` must include
all of them (``p has lover``); empty for none. So

    replacement elder_life on death(p) when cause == wolf and p.lives > 1

gives ``({"wolf"}, None, None, ())``, ``trigger hunter_shot on announce(p) when p.role ==
hunter`` gives ``(None, {"hunter"}, None, ())`` and ``when p == sheriff`` (a global) gives
``(None, None, "sheriff", ())``. The engine (:mod:`wolfdsl.play.deaths`) skips a rule whose
gate shuts before it builds its frame or calls its condition.

Only the conjuncts before the first one of another form count (``cause == X``,
``X == cause``, ``cause in [X, Y]``, the same with ``p.role``, ``p.team``, ``p.faction``
and ``p.class``, ``or`` of those on one subject, ``p has S``, and ``p == G`` for a global
``G``), since ``and`` evaluates from the left: skipping the condition when a gate
shuts then never skips anything the condition would have evaluated (a run-time error, a
step of the run limits). A gated rule's condition is still evaluated in full when its
gate is open.
"""
from __future__ import annotations

from . import syntax as A
from .symbols import Bindings

_SCALAR = (str, int, float, bool, type(None))


_FIELDS = {"role": "role", "team": "team", "faction": "faction", "class": "klass"}
"""The seat fields a gate tests, by the attribute of :class:`wolfdsl.play.table.Player`."""


def gate(when: A.Expr | None, var: str, b: Bindings) -> tuple[frozenset | None, frozenset | None, str | None, tuple]:
    """``(causes, roles, holder, needs)`` the condition ``when`` of a rule on player
    ``var`` admits (``None`` or empty: not restricted); see the module docstring."""
    found: dict[str, frozenset] = {}
    holder = None
    statuses: set[str] = set()
    if when is None:
        return None, None, None, ()
    items = when.items if isinstance(when, A.BoolOp) and when.op == "and" else (when,)
    for item in items:
        one = _test(item, var, b)
        if one is not None:
            subject, values = one
            found[subject] = found[subject] & values if subject in found else values
            continue
        name = _holder(item, var, b)
        if name is not None:
            holder = holder or name  # a second one is left to the condition
            continue
        status = _has(item, var, b)
        if status is None:
            break
        statuses.add(status)
    needs = tuple((a, found[a]) for a in ("team", "faction", "klass") if a in found)
    if statuses:
        needs += (("statuses", frozenset(statuses)),)
    return found.get("cause"), found.get("role"), holder, needs


def _has(e: A.Expr, var: str, b: Bindings) -> str | None:
    """The status ``S`` of a test ``var has S``, else ``None``."""
    if not (isinstance(e, A.BinOp) and e.op == "has" and isinstance(e.left, A.Name)):
        return None
    bd = b.of.get(id(e.left))
    k = _constant(e.right, b)
    if bd is None or bd.kind != "local" or bd.slot != var or k is None or not isinstance(k[0], str):
        return None
    return k[0]


def _holder(e: A.Expr, var: str, b: Bindings) -> str | None:
    """The global ``G`` of a test ``var == G`` (or ``G == var``), else ``None``."""
    if not (isinstance(e, A.BinOp) and e.op == "==" and isinstance(e.left, A.Name) and isinstance(e.right, A.Name)):
        return None
    for seat, other in ((e.left, e.right), (e.right, e.left)):
        bs, bo = b.of.get(id(seat)), b.of.get(id(other))
        if bs is not None and bo is not None and bs.kind == "local" and bs.slot == var and bo.kind == "global":
            return bo.name
    return None


def _test(e: A.Expr, var: str, b: Bindings) -> tuple[str, frozenset] | None:
    """``(subject, values)`` for a test of the cause or a field of the player against
    constants (``subject``: ``cause`` or an attribute of :data:`_FIELDS`), or ``None``
    for any other expression."""
    if isinstance(e, A.BoolOp) and e.op == "or":
        parts = [_test(x, var, b) for x in e.items]
        if not parts or any(p is None for p in parts) or len({p[0] for p in parts}) != 1:
            return None
        return parts[0][0], frozenset().union(*(p[1] for p in parts))
    if not isinstance(e, A.BinOp):
        return None
    if e.op == "==":
        for subj, other in ((e.left, e.right), (e.right, e.left)):
            s, k = _subject(subj, var, b), _constant(other, b)
            if s is not None and k is not None:
                return s, frozenset(k)
        return None
    if e.op == "in" and isinstance(e.right, A.ListExpr):
        s = _subject(e.left, var, b)
        values = [_constant(x, b) for x in e.right.items]
        if s is None or any(v is None for v in values):
            return None
        return s, frozenset(v[0] for v in values)
    return None


def _subject(e: A.Expr, var: str, b: Bindings) -> str | None:
    """``"cause"`` for the rule's ``cause``, the attribute for ``var.role``, ``.team``,
    ``.faction`` or ``.class``, else ``None``."""
    bd = b.of.get(id(e))
    if isinstance(e, A.Name):
        return "cause" if bd is not None and bd.kind == "local" and bd.slot == "cause" else None
    if isinstance(e, A.Attr) and e.name in _FIELDS and bd is not None and bd.kind == "field":
        inner = b.of.get(id(e.obj))
        if isinstance(e.obj, A.Name) and inner is not None and inner.kind == "local" and inner.slot == var:
            return _FIELDS[e.name]
    return None


def _constant(e: A.Expr, b: Bindings) -> tuple | None:
    """``(value,)`` of a symbol, an option's scalar value or a literal; else ``None``."""
    if isinstance(e, (A.Str, A.Num)):
        return (e.value,) if isinstance(e.value, _SCALAR) else None
    if isinstance(e, A.Name):
        bd = b.of.get(id(e))
        if bd is None:
            return None
        if bd.kind == "symbol":
            return (bd.name,)
        if bd.kind == "option" and isinstance(bd.value, _SCALAR):
            return (bd.value,)
    return None
