"""The AST of a ruleset: plain frozen dataclasses, each with a :class:`Span`.

One class per grammar rule of ``grammar/wolf.lark`` that builds a node (CamelCase class,
snake_case rule). The transformer (:mod:`wolfdsl.lang.transform`) builds them; the compiler
(:mod:`wolfdsl.lang.compile`) reads them; nothing here knows lark or the engine.
Each class's docstring shows the ``.wolf`` text it stands for.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..diagnostics import Span

_node = dataclass(frozen=True, slots=True, kw_only=True)


@_node
class Node:
    span: Span | None = field(default=None, compare=False, repr=False)


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
    """``requires cond else "reason"`` / ``unless cond because "reason"``."""
    cond: Expr
    reason: str


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


@_node
class Kill(Stmt):
    """``kill t cause shot as p``: a death now (``as p``: at the time of p's death)."""
    target: Expr
    cause: str
    as_: Expr | None


@_node
class AddStatus(Stmt):
    """``add protected to t``."""
    status: str
    target: Expr


@_node
class RemoveStatus(Stmt):
    """``remove protected from t``."""
    status: str
    target: Expr


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


# ---------------------------------------------------------------- declarations


@_node
class Decl(Node):
    pass


@_node
class Title(Decl):
    """``title "Standard 12"``."""
    text: str


@_node
class Summary(Decl):
    """``summary "one line"``."""
    text: str


@_node
class Players(Decl):
    """``players 12`` / ``players 8..18``."""
    low: int
    high: int


@_node
class Import(Decl):
    """``import "prelude"``: a bundled name or a path relative to this file."""
    path: str


@_node
class OptionDecl(Decl):
    """``option witch_self_save: never | first_night = never "ROLE-WITCH-05"``."""
    name: str
    values: tuple[Any, ...]
    default: Any
    doc: str | None


@_node
class SetDecl(Decl):
    """``set witch_self_save = first_night``."""
    name: str
    value: Any


@_node
class SymbolDecl(Decl):
    """``faction village "好人"`` / ``status protected temporary`` /
    ``cause duel "dueled" "决斗" last_words no`` (a cause's own last-words setting:
    ``yes``, ``no``, or ``none`` to leave it to the last-words policy)."""
    kind: str
    name: str
    labels: tuple[str, ...]
    temporary: bool
    last_words: Expr | None = None


@_node
class Redeal(Decl):
    """``redeal when EXPR "reason"``: a deal for which EXPR holds is shuffled again
    (SETUP-04: the thief's two cards are never both wolves)."""
    expr: Expr
    reason: str | None


@_node
class AttributeDecl(Decl):
    """``attribute gender: m | f`` / ``attribute age: 16..70``: a seat attribute that a
    scenario sets and a random game draws (uniformly) unless ``= default`` is given."""
    name: str
    values: tuple[Any, ...]
    default: Any
    range: tuple[int, int] | None = None


@_node
class CardDecl(Decl):
    """An event card (New Moon)::

        card nightmare "Nightmare" "噩梦" with moon = full { call exile_vote(alive, 1) }

    ``tags`` are ``(name, value)`` pairs the card event carries (``moon = full``);
    ``needs`` the seat attributes its effect reads.
    """
    name: str
    labels: tuple[str, ...]
    tags: tuple[tuple[str, Any], ...]
    needs: tuple[str, ...]
    body: "Block"
    replace: bool


@_node
class DeciderDecl(Decl):
    """A decider that is not a seat, role or team (the table's judge)::

        decider moderator "Moderator" "法官" default none

    ``default``: what a bot answers for it (``none``: pass where the rules allow).
    """
    name: str
    labels: tuple[str, ...]
    default: str | None


@_node
class EngineDecl(Decl):
    """A setting of the game kernel, named by the kernel::

        engine day_bound = max_days        # after this day a game is a draw
        engine last_words = last_words     # func(p): whether a dead player speaks
        engine dead_reason = "DAY-15: the dead take no further part"
    """
    name: str
    expr: "Expr"


@_node
class GlobalDecl(Decl):
    """``global sheriff = none``."""
    name: str
    expr: Expr


@_node
class PropertyDecl(Decl):
    """``property appears = "good"``: a default that roles may override with ``prop``."""
    name: str
    expr: Expr


@_node
class RoleDecl(Decl):
    """``role witch "Witch" "女巫" { faction village; class god; counter poison = 1 }``."""
    name: str
    labels: tuple[str, ...]
    faction: Expr | None
    klass: Expr | None
    team: Expr | None
    counters: tuple[tuple[str, Expr], ...]
    statuses: tuple[str, ...]
    props: tuple[tuple[str, Expr], ...]
    replace: bool


@_node
class Card(Node):
    """``werewolf*4`` in a deck."""
    role: str
    count: int


@_node
class DeckDecl(Decl):
    """``deck 12: werewolf*4, seer, witch, hunter, guard, villager*4``."""
    low: int
    high: int
    cards: tuple[Card, ...]
    extra: int


@_node
class StepDecl(Decl):
    """``step witch in night after werewolves when day > 0 { ... }``."""
    name: str
    phase: str
    after: tuple[str, ...]
    before: tuple[str, ...]
    first: bool
    last: bool
    when: Expr | None
    always: bool
    body: Block
    replace: bool


@_node
class OrderDecl(Decl):
    """``order night: guard, werewolves, witch, seer``: an explicit step order."""
    phase: str
    names: tuple[str, ...]


@_node
class ProcDecl(Decl):
    """``proc elect(p) { sheriff = p }``."""
    name: str
    params: tuple[str, ...]
    body: Block
    replace: bool


@_node
class ExtendDecl(Decl):
    """``extend proc self_destructed(w) { ... }``: statements added to a declared proc,
    after its own (``first``: before them); the proc's parameters are in scope."""
    what: str
    name: str
    params: tuple[str, ...] | None
    first: bool
    body: Block


@_node
class FuncDecl(Decl):
    """``func last_dead() = last(dead)``."""
    name: str
    params: tuple[str, ...]
    expr: Expr
    replace: bool


@_node
class TriggerDecl(Decl):
    """``trigger hunter_shot on announce(p) order 10 when p.role == hunter { ... }``;
    ``replacement`` instead of ``trigger`` replaces the event."""
    kind: str
    name: str
    event: str
    var: str
    order: float
    when: Expr | None
    body: Block
    replace: bool


@_node
class WinDecl(Decl):
    """``win side_kill for werewolves priority 1 when ...``."""
    name: str
    factions: tuple[str, ...]
    priority: float
    title: str | None
    when: Expr
    replace: bool


@_node
class RemoveDecl(Decl):
    """``remove step guard``."""
    what: str
    name: str


@_node
class Module(Node):
    """A whole ``.wolf`` file."""
    path: str
    decls: tuple[Decl, ...]


# ---------------------------------------------------------------- traversal


def children(node: Node):
    """The AST nodes directly inside ``node`` (any dataclass field, tuples included)."""
    for f in fields(node):
        if f.name == "span":
            continue
        yield from _nodes(getattr(node, f.name))


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
