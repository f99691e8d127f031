"""What can happen at all under the options in force, before any game is played.

``reach(comp, dealt) -> Reach``: the rules that can run (a step or trigger whose
``when`` the options do not make false and that does something, each card, and the
procs and funcs they call, through the ``if`` branches the options do not rule out), the
globals none of them can change (``fixed``: ``sheriff`` stays ``none`` in a game without
a sheriff election, so the badge's trigger never fires; ``harvest_night`` stays
``false`` while the Harvest Festival variant is off, so its step never runs), who can
change each of the others (``setters``: the card that sets ``flood``), the statuses
nobody can have (``absent``: ``lover`` at a table without Cupid, whose ``decide`` is
never asked), the values a seat's faction, property or ``cause`` of death can hold
(``fields``: no ``lovers`` faction without Cupid, no death of ``heartbreak`` without a
rule able to run that kills with it), the builtin values the table fixes (``values``:
no ``extra_cards`` where the deck leaves none face down) and the options that can change what happens
(``read``: not those read only where another option, a fixed global or the table
decides, as the sheriff's options without an election; where several operands of an
``and``/``or`` decide it, one that reads no option is taken; nor those only bots and
the engine's dice read: in a ``prefer`` or ``score`` hint, or as the odds of a random
draw such as ``chance(p)``, the engine's model of a physical act that at a table of
people happens or not as they play).

These are found by a fixed point: at first every global keeps its initial value, nobody
has a status no dealt role starts with and a field holds only what the dealt roles
start with; a rule that can run and assigns another value (adds the status) frees it,
which may let more rules run; it stops when nothing changes. What it finds holds in every game: a global that no rule
able to run ever changes keeps its first value. ``wolfdsl script`` reads it: the call
sheet speaks only of what can happen at the table.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import syntax as A
from .partial import UNKNOWN, Known, evaluate, options_read

_WALKED = (A.StepDecl, A.TriggerDecl, A.ProcDecl, A.FuncDecl, A.CardDecl, A.WinDecl, A.OptionDecl, A.SetDecl,
           A.GlobalDecl, A.Redeal)
"""Declarations :func:`reach` walks as rules (a global's initial value: where a rule
reads the global); an option named in any other (a deck's count, an ``engine``
setting, a role's property) is read in every game."""


@dataclass
class Reach:
    """What :func:`reach` finds (see the module's doc). ``first``: each global's initial
    value where the options decide it; ``runs``: the ``id`` of each declaration that can
    run (steps, triggers, replacements, procs, cards)."""
    fixed: dict[str, Any]
    absent: frozenset[str] = frozenset()
    fields: dict[str, frozenset] = field(default_factory=dict)
    first: dict[str, Any] = field(default_factory=dict)
    setters: dict[str, list[A.Decl]] = field(default_factory=dict)
    read: set[str] = field(default_factory=set)
    runs: set[int] = field(default_factory=set)
    values: dict[str, Any] = field(default_factory=dict)

    def can_run(self, decl: A.Decl) -> bool:
        return id(decl) in self.runs

    @property
    def known(self) -> Known:
        """What :func:`~wolfdsl.lang.partial.evaluate` may take as known."""
        return Known(self.fixed, self.absent, self.fields, self.values)


def reach(comp, dealt: set[str] | None = None, extra: int | None = None) -> Reach:
    """:class:`Reach` of a :class:`~wolfdsl.lang.compile.Compilation` (module doc) at a
    table dealt the roles ``dealt`` (``None``: any role): a ``decide`` by a role nobody
    can hold is never asked (the thief's choice at a table without a thief). ``extra``:
    the number of cards the deck leaves face down (``None``: unknown); with none,
    ``extra_cards`` is empty in every game (the bottom-card ``redeal`` never holds)."""
    b = comp.bindings
    values = {"extra_cards": []} if extra == 0 else {}
    roles = None if dealt is None else set(dealt) | _given(comp)
    first = {}
    for name, g in comp.program.globals.items():
        v = evaluate(g.expr, b)
        if v is not UNKNOWN:
            first[name] = v
    fixed = dict(first)
    held = comp.program.named("role").values() if roles is None else \
        [r for r in comp.program.named("role").values() if r.name in roles]
    absent = set(comp.program.symbols["status"]) - {st for r in held for st in r.statuses}
    fields = _first_fields(comp, held)
    fields.setdefault("cause", {None})  # nobody has died yet: a cause comes from a `kill` that can run
    while True:
        walk = _Walk(comp, Known(fixed, frozenset(absent), {f: frozenset(v) for f, v in fields.items()}, values),
                     first, roles)
        walk.run()
        freed = {g for g in walk.changed if g in fixed}
        grown = {f for f, vs in walk.assigned.items() if f in fields and (vs is None or not vs <= fields[f])}
        if not freed and not walk.added & absent and not grown:
            break
        fixed = {g: v for g, v in fixed.items() if g not in freed}
        absent -= walk.added
        for f in grown:
            if walk.assigned[f] is None:
                del fields[f]
            else:
                fields[f] |= walk.assigned[f]
    setters: dict[str, list[A.Decl]] = {}
    for root, names in walk.changes_by_root.items():
        for g in names:
            setters.setdefault(g, []).append(walk.roots[root])
    read = walk.read | _named(comp, [d for d in comp.program.declarations() if not isinstance(d, _WALKED)])
    read |= _named(comp, [comp.program.globals[g] for g in walk.globals_read])
    return Reach(fixed, frozenset(absent), {f: frozenset(v) for f, v in fields.items()}, first, setters, read,
                 walk.runs, values)


def _first_fields(comp, held) -> dict[str, set]:
    """The values a seat's faction and properties start with at a table dealt the roles
    ``held`` (their declarations): a role's ``faction``, a property's default and the
    roles' ``prop``s and counters of that name (the elder's ``lives``); a field one of
    whose starts the options do not decide is left out."""
    b = comp.bindings
    starts: dict[str, list] = {"faction": [r.faction for r in held]}
    for name, d in comp.program.properties.items():
        starts[name] = [d.expr] + [e for r in held for n, e in r.props + r.counters if n == name]
    out = {}
    for name, exprs in starts.items():
        values = {evaluate(e, b) for e in exprs if e is not None}
        if UNKNOWN not in values and all(e is not None for e in exprs):
            out[name] = values
    return out


def _given(comp) -> set[str]:
    """The roles a rule may give a player (``p.role = werewolf``, ``revive v as villager``)."""
    roles = comp.program.named("role")
    nodes = [n for d in comp.program.declarations() for n in A.walk(d)]
    given = [n.expr for n in nodes if isinstance(n, A.Assign) and n.attr == "role"]
    given += [n.role for n in nodes if isinstance(n, A.Revive)]
    return {n.id for e in given for n in A.walk(e) if isinstance(n, A.Name) and n.id in roles}


def _named(comp, decls) -> set[str]:
    """The options named in ``decls`` (a deck's count too: ``mafioso*mafiosi``)."""
    options = comp.bindings.options
    names = (n.id if isinstance(n, A.Name) else n.count if isinstance(n, A.Card) else None
             for d in decls for n in A.walk(d))
    return {n for n in names if isinstance(n, str) and n in options}


class _Walk:
    """One pass over the rules that can run with what is ``known`` so far;
    ``first``: each global's initial value, where the options decide it; ``roles``: the
    roles a player can hold (``None``: any)."""

    def __init__(self, comp, known: Known, first: dict[str, Any], roles: set[str] | None):
        self.b, self.known, self.first, self.roles = comp.bindings, known, first, roles
        self.program = comp.program
        self.procs = comp.program.named("proc")
        self.funcs = comp.program.named("func")
        self.changed: set[str] = set()
        self.added: set[str] = set()  # the statuses a rule that can run adds
        self.assigned: dict[str, set | None] = {}  # field -> the values assigned (None: unknown)
        self.read: set[str] = set()
        self.globals_read: set[str] = set()
        self.runs: set[int] = set()
        self.roots: dict[int, A.Decl] = {}
        self.changes_by_root: dict[int, set[str]] = {}
        self._root: int | None = None
        self._procs_now: set[str] = set()  # the procs walked for the current rule
        self._seen_funcs: set[str] = set()

    def value(self, e) -> Any:
        return evaluate(e, self.b, None, self.known)

    def run(self) -> None:
        p = self.program
        for d in p.of_kind("step") + p.of_kind("trigger") + p.of_kind("replacement"):
            self.root(d, d.when)
        for d in p.of_kind("card"):
            self.root(d, None)
        for d in p.of_kind("win"):
            self.expr(d.when)
        for d in p.redeals:
            self.expr(d.expr)  # the deal's check: the options it reads where they can matter

    def root(self, d, when) -> None:
        """A rule the engine starts itself: its ``when`` is read; the rest only if it can run."""
        self.expr(when)
        if (when is not None and self.value(when) is False) or self.idle(d.body):
            return
        self.runs.add(id(d))
        self.roots[id(d)] = d
        self._root, self._procs_now = id(d), set()
        self.changes_by_root[id(d)] = set()
        for c in d.calls if hasattr(d, "calls") else ():
            self.call_words(c)
        self.block(d.body)
        self._root = None

    def idle(self, block) -> bool:
        """Whether a block does nothing at all: only ``let``s, and ``decide``s by a role
        nobody holds (the thief's step at a table without a thief), in any ``if`` or ``for``."""
        for s in block.stmts if block is not None else ():
            if isinstance(s, A.If):
                if not all(self.idle(body) for _, body in s.branches) or not self.idle(s.otherwise):
                    return False
            elif isinstance(s, A.For):
                if not self.idle(s.body):
                    return False
            elif not isinstance(s, A.Let) and not self.unasked(s):
                return False
        return True

    def unasked(self, s) -> bool:
        """Whether ``s`` is a ``decide`` by a role nobody can hold: never asked, its body never runs."""
        by = getattr(self.b.of.get(id(s)), "by", None) if isinstance(s, A.Decide) else None
        return self.roles is not None and by is not None and by.kind == "role" and by.name not in self.roles

    def call_words(self, c: A.ModeratorCall) -> None:
        """A ``call``'s ``if`` and the options its words quote (``{sheriff_vote_weight}``)."""
        self.expr(c.cond)
        if c.cond is None or self.value(c.cond) is not False:
            for text in (c.en, c.zh or ""):
                self.read |= {m for m in re.findall(r"\{(\w+)\}", text) if m in self.b.options}

    def changes(self, name: str) -> None:
        self.changed.add(name)
        if self._root is not None:
            self.changes_by_root[self._root].add(name)

    # -------------------------------------------------------------- statements
    def block(self, block) -> None:
        for s in block.stmts if block is not None else ():
            self.stmt(s)

    def stmt(self, s) -> None:
        if self.unasked(s):
            return
        if isinstance(s, A.If):
            self.branches(s.branches, s.otherwise, self.block)
            return
        if isinstance(s, A.Assign) and s.attr is None:
            bd = self.b.of.get(id(s))
            if bd is not None and bd.kind == "global" and not (  # setting it back is no change
                    s.op == "=" and s.name in self.first and self.value(s.expr) == self.first[s.name]):
                self.changes(s.name)
        if isinstance(s, A.Assign) and s.attr is not None:
            v = self.value(s.expr) if s.op == "=" else UNKNOWN
            got = self.assigned.get(s.attr, set())
            self.assigned[s.attr] = None if v is UNKNOWN or got is None else got | {v}
        if isinstance(s, A.AddStatus):
            self.added.add(s.status)
        if isinstance(s, A.Kill):  # a dead seat's `cause`
            got = self.assigned.get("cause", set())
            self.assigned["cause"] = None if got is None else got | {s.cause}
        if isinstance(s, A.CallProc):
            self.proc(s.name)
        self.inside(s)

    def inside(self, node) -> None:
        """Every block, statement and expression directly inside ``node``, but a
        ``decide``'s or a ``vote``'s ``prefer`` and ``score``: what bots favour changes
        no rule, so an option read only there changes nothing at a table of people."""
        hints = {id(getattr(node, "prefer", None)), id(getattr(node, "score", None))} \
            if isinstance(node, (A.Decide, A.Vote)) else ()
        for c in A.children(node):
            if id(c) in hints:
                continue
            if isinstance(c, A.Block):
                self.block(c)
            elif isinstance(c, A.Stmt):
                self.stmt(c)
            else:
                self.expr(c)

    def branches(self, pairs, otherwise, visit) -> None:
        """An ``if`` statement's or expression's conditions, and the branches that can be
        taken: not one whose condition is false, nor any after one that is true."""
        for cond, then in pairs:
            self.expr(cond)
            v = self.value(cond)
            if v is False:
                continue
            visit(then)
            if v is not UNKNOWN:
                return
        visit(otherwise)

    def proc(self, name: str) -> None:
        """A called proc: walked once for each rule that calls it (so that its changes
        count for each), and not again inside itself."""
        d = self.procs.get(name)
        if d is None or name in self._procs_now:
            return
        self._procs_now.add(name)
        self.runs.add(id(d))
        for c in d.calls:
            self.call_words(c)
        self.block(d.body)

    def reads_options(self, e, seen: frozenset = frozenset()) -> bool:
        """Whether ``e`` names an option, itself or in a func it calls."""
        if options_read(e, self.b):
            return True
        calls = {n.name for n in A.walk(e) if isinstance(n, A.Call) and n.name in self.funcs
                 and getattr(self.b.of.get(id(n)), "kind", None) == "func"} - seen
        return any(self.reads_options(self.funcs[f].expr, seen | calls) for f in calls)

    # -------------------------------------------------------------- expressions
    def expr(self, e) -> None:
        """Note the options ``e`` reads where they can matter: not in an operand of
        ``and``/``or`` that another operand already decides, nor in an ``if`` branch
        that cannot be taken."""
        if e is None or not isinstance(e, A.Node):
            return
        if isinstance(e, A.Name):
            bd = self.b.of.get(id(e))
            if bd is not None and bd.kind == "option":
                self.read.add(e.id)
            elif bd is not None and bd.kind == "global":
                self.globals_read.add(e.id)
            return
        if isinstance(e, A.BoolOp):
            decisive = e.op == "or"
            deciding = [item for item in e.items if (v := self.value(item)) is not UNKNOWN and bool(v) == decisive]
            if deciding:  # it alone decides; one that reads no option first (no deck, no bottom-card rule)
                self.expr(next((i for i in deciding if not self.reads_options(i)), deciding[0]))
                return
            for item in e.items:
                self.expr(item)
            return
        if isinstance(e, A.IfExpr):
            self.branches(e.branches, e.otherwise, self.expr)
            return
        if isinstance(e, A.Call):
            bd = self.b.of.get(id(e))
            if bd is not None and bd.kind == "builtin" and bd.value.random:
                # the odds of a draw (`chance(spot_chance)`): how the engine models what
                # people do at a table (a peek spotted, a slip of the tongue), where it
                # happens or not as they play
                return
            if bd is not None and bd.kind == "func" and e.name not in self._seen_funcs:
                self._seen_funcs.add(e.name)
                self.expr(self.funcs[e.name].expr)
        self.inside(e)
