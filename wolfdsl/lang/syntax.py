"""The AST of a ruleset: plain frozen dataclasses, each with a :class:`Span`.

One class per grammar rule of ``grammar/wolf.lark`` that builds a node (CamelCase class,
snake_case rule). The transformer (:mod:`wolfdsl.lang.transform`) builds them; the compiler
(:mod:`wolfdsl.lang.compile`) reads them; nothing here knows lark or the engine.
Each class's docstring shows the ``.wolf`` text it stands for. Expressions and statements
are here; declarations are in :mod:`wolfdsl.lang.declarations` and re-exported here;
:func:`walk` is the one traversal.
"""
from __future__ import annotations

from dataclasses import field
from typing import Any
from ..dataclasscode import dataclass, fast_reduce, field_names  # methods compiled once per machine

from ..diagnostics import Span

_node = dataclass(frozen=True, slots=True, kw_only=True)


@_node
class Node:
    span: Span | None = field(default=None, compare=False, repr=False)

    __reduce__ = fast_reduce  # a parsed file unpickles from the cache three times faster


# ---------------------------------------------------------------- expressions


@_node
class Expr(Node):
    pass


@_node
class Name(Expr):
    """``alive``, ``witch``, ``sheriff_vote_weight``: a variable, option, builtin or symbol."""
    id: str


@_node
class Num(Expr):
    """``2``, ``1.5``."""
    value: float | int


@_node
class Str(Expr):
    """``"good"``."""
    value: str


@_node
class Attr(Expr):
    """``p.role``, ``me.antidote``: a field of a seat."""
    obj: Expr
    name: str


@_node
class Call(Expr):
    """``count(alive)``, ``last_words(p)``: a builtin or a ``func``."""
    name: str
    args: tuple[Expr, ...]


@_node
class Decided(Expr):
    """``decided(werewolves.kill)``: this phase's answer to an action, or ``none``."""
    action: str


@_node
class ListExpr(Expr):
    """``[yes, no]``, ``[p, q]``."""
    items: tuple[Expr, ...]


@_node
class Comprehension(Expr):
    """``[p in alive where p.class == god]``: the seats of a list that meet a condition."""
    var: str
    source: Expr
    cond: Expr


@_node
class BinOp(Expr):
    """``a + b``, ``a == b``, ``p has protected``, ``p in top``."""
    op: str
    left: Expr
    right: Expr


@_node
class BoolOp(Expr):
    """``a and b and c`` / ``a or b``."""
    op: str
    items: tuple[Expr, ...]


@_node
class Not(Expr):
    """``not p.alive``."""
    operand: Expr


@_node
class Neg(Expr):
    """``-x``."""
    operand: Expr


@_node
class IfExpr(Expr):
    """``if c then a elif d then b else e``."""
    branches: tuple[tuple[Expr, Expr], ...]
    otherwise: Expr


# ---------------------------------------------------------------- statements


@_node
class Stmt(Node):
    pass


@_node
class Block(Node):
    """``{ stmt* }``."""
    stmts: tuple[Stmt, ...]


@_node
class Let(Stmt):
    """``let target = decided(werewolves.kill)``."""
    name: str
    expr: Expr


@_node
class Assign(Stmt):
    """``sheriff = p`` / ``me.antidote -= 1``."""
    name: str
    attr: str | None
    op: str
    expr: Expr


@_node
class If(Stmt):
    """``if c { } elif d { } else { }``."""
    branches: tuple[tuple[Expr, Block], ...]
    otherwise: Block | None


@_node
class For(Stmt):
    """``for p in alive { }``."""
    var: str
    source: Expr
    body: Block


@_node
class Clause(Node):
    """``requires cond else "reason"`` / ``unless cond because "reason"`` /
    ``must cond because "reason"`` (``must``: the answer is refused when ``cond`` is
    false; kept among the ``unless`` clauses, in source order)."""
    cond: Expr
    reason: str
    must: bool = False
    reason_zh: str | None = None
    """The reason in Chinese (``unless … because "EN" "中文"``), ``None``: not given."""


@_node
class Field(Node):
    """``victim: v`` inside ``tell`` or ``log``."""
    name: str
    expr: Expr


@_node
class Decide(Stmt):
    """A decision request::

        decide witch.poison by witch may pass choose t from alive
            requires me.poison > 0 else "ROLE-WITCH-01: the poison is spent"
            { add poisoned to t }
    """
    action: str
    by: Expr
    may_pass: bool
    pass_when: Expr | None
    var: str
    count: Expr | str | None
    options: Expr
    requires: tuple[Clause, ...]
    unless: tuple[Clause, ...]
    tell: tuple[Field, ...]
    body: Block
    prefer: Expr | None = None
    pass_reason: str | None = None
    pass_reason_zh: str | None = None
    score: Expr | None = None
    speech: bool = False
    """``speech``: a speech act (whether a player claims in his speech): the narration tells
    what is said, not the decision."""
    ask: tuple[str, str | None] | None = None
    """``ask "Poison someone tonight?" "今晚要用毒药吗？"``: the question a person at the
    seat reads, ``(english, chinese)`` (``chinese`` ``None`` when not given); ``None``: no
    ``ask`` clause."""


@_node
class Vote(Stmt):
    """A simultaneous ballot::

        vote exile_vote kind exile voters v in alive candidates c in alive -> top { }
    """
    action: str
    kind: str
    voter_var: str
    voters: Expr
    voter_unless: tuple[Clause, ...]
    cand_var: str
    candidates: Expr
    cand_unless: tuple[Clause, ...]
    weight: Expr | None
    top_var: str
    ballots_var: str | None
    body: Block
    prefer: Expr | None = None
    score: Expr | None = None
    reading: str | None = None
    """``ballot accuses`` (``"accuses"``: a ballot says the voter takes the candidate for
    the other side) or ``ballot backs`` (``"backs"``: that he trusts him); ``None``: the
    ballots say nothing the bots read."""
    ask: tuple[str, str | None] | None = None
    """``ask "Whom do you vote to exile?" "…"``: the question a voter who is a person reads
    (as :attr:`Decide.ask`)."""
    bonus: Expr | None = None
    """``bonus extra_votes(c, round)``: votes added to each candidate's total after the
    ballots (the candidate variable bound, not the voter's); ``None``: none."""


@_node
class Kill(Stmt):
    """``kill t cause shot as p``: a death now (``as p``: at the time of p's death)."""
    target: Expr
    cause: str
    as_: Expr | None
    cause_span: Any = field(default=None, compare=False, repr=False)
    """Where the cause's name is written (an unknown cause is marked there)."""


@_node
class AddStatus(Stmt):
    """``add protected to t``."""
    status: str
    target: Expr
    status_span: Any = field(default=None, compare=False, repr=False)
    """Where the status's name is written (an unknown status is marked there)."""


@_node
class RemoveStatus(Stmt):
    """``remove protected from t``."""
    status: str
    target: Expr
    status_span: Any = field(default=None, compare=False, repr=False)
    """Where the status's name is written (an unknown status is marked there)."""


@_node
class Tell(Stmt):
    """``tell w { victim: v }``: private information to a seat."""
    target: Expr
    fields: tuple[Field, ...]


@_node
class Log(Stmt):
    """``log sheriff { seat: p, how: "elected" }``: an event in the log."""
    type: str
    fields: tuple[Field, ...]


@_node
class Claim(Stmt):
    """``claim me as seer { seat: t, result: "wolf" }``: a public statement (a speech act)
    by a seat: the role it claims (``None``: none) and what it says that role was told."""
    speaker: Expr
    role: Expr | None
    fields: tuple[Field, ...]


@_node
class CallProc(Stmt):
    """``call exile_vote(alive, 1)``."""
    name: str
    args: tuple[Expr, ...]


@_node
class EndPhase(Stmt):
    """``end phase``: the rest of this phase is skipped (``always`` steps still run)."""


@_node
class CheckWin(Stmt):
    """``check win``."""


@_node
class Announce(Stmt):
    """``announce``: name the unannounced dead, with their last words and triggers."""


@_node
class Later(Stmt):
    """``later at night { remove away from p }``: run the block when the next night (or
    day) starts, with the variables it sees now."""
    phase: str
    body: Block


@_node
class Revive(Stmt):
    """``revive p as villager``: a dead player returns (NEWMOON-27)."""
    target: Expr
    role: Expr | None


@_node
class Play(Stmt):
    """``play draw_card()``: an event card takes effect (logged as a ``card`` event)."""
    card: Expr


@_node
class Proceed(Stmt):
    """``proceed`` (in a replacement): let the replaced event happen after all."""


# ---------------------------------------------------------------- traversal


def children(node: Node):
    """The AST nodes directly inside ``node`` (any dataclass field, tuples included)."""
    for name in _child_fields(type(node)):
        yield from _nodes(getattr(node, name))


_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(cls: type) -> tuple[str, ...]:
    """The fields of a node class that may hold nodes: all but ``span``."""
    names = _CHILD_FIELDS.get(cls)
    if names is None:
        names = _CHILD_FIELDS[cls] = tuple(n for n in field_names(cls) if n != "span")
    return names


def _nodes(v):
    if isinstance(v, Node):
        yield v
    elif isinstance(v, (tuple, list)):
        for x in v:
            yield from _nodes(x)


def walk(node):
    """``node`` and every node below it, parents first: the one traversal of the AST."""
    if not isinstance(node, Node):
        return
    yield node
    for c in children(node):
        yield from walk(c)


# the declarations live in their own module; import them last (they build on the nodes above)
from .declarations import (  # noqa: E402,F401
    Decl,
    Title,
    Summary,
    Players,
    Import,
    OptionDecl,
    SetDecl,
    SymbolDecl,
    Redeal,
    AttributeDecl,
    CardDecl,
    DeciderDecl,
    EngineDecl,
    EventDecl,
    WordDecl,
    GlobalDecl,
    PropertyDecl,
    RoleDecl,
    Repeat,
    Card,
    DeckDecl,
    ModeratorCall,
    StepDecl,
    OrderDecl,
    ProcDecl,
    ExtendDecl,
    FuncDecl,
    TriggerDecl,
    WinDecl,
    RemoveDecl,
    Module,
)
