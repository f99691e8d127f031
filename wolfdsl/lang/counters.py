"""E212 where a counter is given no number: checks of the resolve pass
(:mod:`wolfdsl.lang.resolve`) kept apart from its name binding.

- ``counter oil = "two"`` (a role's counter declared with a string): a counter holds a
  number, or ``none``, a seat or a list; a string there fails where a rule adds to it,
  subtracts from it or puts it in order.
- ``me.oil -= seer`` / ``-= none`` / ``-= [1]`` / ``-= yes``, and the same with ``+=`` on a
  counter declared with a number: ``-=`` and a number's ``+=`` take a number, and a yes/no
  is no number (the game refuses it, E401). A string there is resolve's own check.
- ``extend func extra_votes(c, round) as mark = "two"``: a func's extension is a term of
  a sum, a number.
"""
from __future__ import annotations

from . import syntax as A

NOT_NUMBERS = ("yes", "no", "true", "false", "none")
"""The builtin values that are no number."""


def check_counter_value(r, role: str, name: str, e: A.Expr) -> None:
    """E212 at ``counter NAME = "text"`` in the role ``role`` (``r``: the resolver)."""
    if isinstance(e, A.Str):
        r.error(e.span, "E212", f"role '{role}': counter '{name}' starts as the string {r.source_text(e)}; "
                                "a counter holds a number (or none, a seat, a list), which `+=`, `-=` and "
                                f"`<` need; write a number, such as 'counter {name} = {_number_in(e.value)}'")


def check_func_term(r, func: str, label: str, e: A.Expr) -> None:
    """E212 at an ``extend func`` term ``e`` that gives a string or a yes/no/none (itself
    or in a branch of its ``if``): the func's value is the sum of its terms, a number (a
    vote's ``bonus``); the game would stop there (E401). ``r``: the resolver, after
    ``e`` is resolved."""
    for part in _outcomes(e):
        if isinstance(part, A.Str):
            said = f"the string {r.source_text(part)}"
        elif isinstance(part, A.Name) and part.id in NOT_NUMBERS and \
                getattr(r.b.of.get(id(part)), "kind", None) == "value":
            said = "none" if part.id == "none" else f"'{part.id}', which is a yes/no"
        else:
            continue
        named = f"extend func {func}" + (f" as {label}" if label != func else "")
        r.error(part.span, "E212", f"'{named}' gives {said}: the func's value is the sum "
                                   "of its terms, a number; write a number, such as "
                                   "'if ... then 2 else 0'")


def _outcomes(e: A.Expr):
    """The expressions an ``if`` expression may give, itself else."""
    if isinstance(e, A.IfExpr):
        for _cond, then in e.branches:
            yield from _outcomes(then)
        yield from _outcomes(e.otherwise)
    else:
        yield e


def check_compound(r, s: A.Assign) -> None:
    """E212 at a ``+=``/``-=`` statement ``s`` whose right side is a declared name, a list,
    ``none`` or a yes/no (literally, or held by a ``let`` variable): ``-=`` always, ``+=``
    on a counter declared with a number. ``r``: the resolver, after ``s.expr`` is resolved."""
    if s.op == "-=":
        verb = "subtracts"
    elif s.op == "+=" and s.attr is not None and s.attr in r.number_counters:
        verb = "adds"
    else:
        return
    e = s.expr
    said = None
    if isinstance(e, A.ListExpr):
        said = f"the list {r.source_text(e)}"
    elif isinstance(e, A.Name):
        v = r.literal(e)
        if v is not None:
            said = r.held_text(e, v, which=True)
            if isinstance(v, A.Name):
                said += f", {'which is ' if v is e else ''}a " + " and a ".join(r.symbol_kinds(v.id))
        elif getattr(r.b.of.get(id(e)), "kind", None) == "value" and e.id in NOT_NUMBERS:
            said = "none" if e.id == "none" else f"'{e.id}', which is a yes/no"
    if said is None:
        return
    target = f"{s.name}.{s.attr}" if s.attr is not None else s.name
    r.error(e.span, "E212", f"'{s.op}' {verb} a number, not {said}; write a number, "
                            f"such as '{target} {s.op} 1'")


def _number_in(text: str) -> str:
    """The number a counter's string gives (``"2"``: 2), else 1."""
    try:
        return str(int(text))
    except ValueError:
        return "1"
