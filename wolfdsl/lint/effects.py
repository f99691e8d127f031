"""What a piece of ruleset reads and writes, found on the AST.

A *resource* is a string: ``global:NAME``, ``status:NAME``, ``var:NAME`` (a counter or
property; ``var:*`` for all of them, written by a role change), ``field:role`` /
``field:faction`` / ``field:class`` / ``field:team``, ``alive`` (who is alive, written by
deaths) and ``decided:ACTION``. :class:`Effects` follows ``call``s, ``func``s and — for
``kill`` and ``announce`` — the triggers and replacements those events run, so a step's
effects include everything its deaths set off. Whether a name is a local, a global or a
builtin comes from the compiler's symbol table (:mod:`wolfdsl.lang.resolve`), not from
a scope walk of its own.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..lang import syntax as A
from ..lang.builtins import SEAT_FIELDS
from .context import children

_ROLE_READERS = {"living", "holder", "roles_of"}
_TEAM_READERS = {"members"}
_ALIVE_READERS = {"living", "members", "neighbours", "died"}


@dataclass
class Effects:
    reads: set[str] = field(default_factory=set)
    writes: set[str] = field(default_factory=set)
    kills: list = field(default_factory=list)      # Kill nodes reached
    decides: list = field(default_factory=list)    # Decide/Vote nodes reached
    via: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """For a resource written only through other declarations, the way there, first
    hop first (``("death trigger 't'",)``, ``("proc 'a'", "proc 'b'")``);
    a resource the declaration writes itself is not in it."""

    def write(self, *resources: str) -> None:
        """The declaration writes these itself."""
        self.writes.update(resources)
        for r in resources:
            self.via.pop(r, None)

    def update(self, other: "Effects", hop: str | None = None) -> None:
        """Add ``other``'s effects; ``hop``: the declaration they are reached through
        (a proc called, a trigger a kill sets off), which writes its writes for us."""
        for r in other.writes:
            way = ((hop,) if hop else ()) + other.via.get(r, ())
            if r not in self.writes or (r in self.via and way and len(way) < len(self.via[r])):
                if way:
                    self.via[r] = way  # the shortest way found
        self.reads |= other.reads
        self.writes |= other.writes
        self.kills += [k for k in other.kills if all(k is not x for x in self.kills)]
        self.decides += [d for d in other.decides if all(d is not x for x in self.decides)]


def overlap(a: set[str], b: set[str]) -> set[str]:
    """Resources in both sets (``var:*`` meets every ``var:``)."""
    out = a & b
    if "var:*" in a:
        out |= {x for x in b if x.startswith("var:")}
    if "var:*" in b:
        out |= {x for x in a if x.startswith("var:")}
    return out


class Analyzer:
    """Effects of declarations of one compiled program (a :class:`LintContext`).
    ``skip``: a test ``decl -> bool`` for triggers and replacements whose effects an
    event does not set off (those that never run at the linted table)."""

    def __init__(self, ctx, follow_events: bool = True, skip=None):
        self.ctx = ctx
        self.follow_events = follow_events
        c = ctx.prog
        self.bindings = ctx.compiler.bindings.of if ctx.compiler is not None else {}
        self.globals = set(c.globals)
        self.procs = {d.name: d for d in c.of_kind("proc")}
        self.funcs = {d.name: d for d in c.of_kind("func")}
        self.triggers = {ev: [t for t in c.of_kind("trigger") + c.of_kind("replacement")
                              if t.event == ev and not (skip is not None and skip(t))]
                         for ev in ("death", "announce", "claim")}
        self.cards = c.of_kind("card") if any(k[0] == "card" for k in c.decls) else []
        self._memo: dict[int, Effects] = {}
        self._busy: set[int] = set()

    # ------------------------------------------------------------ declarations
    def of(self, decl) -> Effects:
        """Effects of a step, proc, func, trigger, replacement, win or card."""
        key = id(decl)
        if key in self._memo:
            return self._memo[key]
        if key in self._busy:
            return Effects()
        self._busy.add(key)
        eff = Effects()
        if isinstance(decl, (A.StepDecl, A.TriggerDecl)):
            if decl.when is not None:
                self.expr(decl.when, eff)
            self.block(decl.body, eff)
        elif isinstance(decl, A.FuncDecl):
            self.expr(decl.expr, eff)
        elif isinstance(decl, A.WinDecl):
            self.expr(decl.when, eff)
        else:
            body = getattr(decl, "body", None)
            if isinstance(body, A.Block):
                self.block(body, eff)
        self._busy.discard(key)
        self._memo[key] = eff
        return eff

    def event(self, name: str) -> Effects:
        eff = Effects()
        if not self.follow_events:
            return eff
        for t in self.triggers.get(name, ()):
            eff.update(self.of(t), f"{t.event} {t.kind} '{t.name}'")
        return eff

    # ------------------------------------------------------------ statements
    def block(self, b: A.Block, eff: Effects) -> None:
        for s in b.stmts:
            self.stmt(s, eff)

    def stmt(self, s, eff: Effects) -> None:
        if isinstance(s, A.Let):
            self.expr(s.expr, eff)
        elif isinstance(s, A.Assign):
            self.expr(s.expr, eff)
            bd = self.bindings.get(id(s))
            if s.attr is None:
                if getattr(bd, "kind", None) == "global":
                    eff.write(f"global:{s.name}")
                    if s.op != "=":
                        eff.reads.add(f"global:{s.name}")
            else:
                if isinstance(bd, tuple):
                    self._binding(bd[0], eff)
                if s.attr == "role":
                    eff.write("field:role", "field:faction", "field:class", "field:team", "var:*")
                elif s.attr in ("faction", "class", "team"):
                    eff.write(f"field:{s.attr}")
                else:
                    eff.write(f"var:{s.attr}")
                    if s.op != "=":
                        eff.reads.add(f"var:{s.attr}")
        elif isinstance(s, A.If):
            for c, b in s.branches:
                self.expr(c, eff)
                self.block(b, eff)
            if s.otherwise is not None:
                self.block(s.otherwise, eff)
        elif isinstance(s, A.For):
            self.expr(s.source, eff)
            self.block(s.body, eff)
        elif isinstance(s, A.Decide):
            eff.decides.append(s)
            eff.write(f"decided:{s.action}")
            for e in (s.by, s.pass_when, s.count, s.options):
                if e is not None:
                    self.expr(e, eff)
            for c in s.requires + s.unless:
                self.expr(c.cond, eff)
            for f in s.tell:
                self.expr(f.expr, eff)
            self.block(s.body, eff)
        elif isinstance(s, A.Vote):
            eff.decides.append(s)
            eff.write(f"decided:{s.action}")
            for e in (s.voters, s.candidates, s.weight):
                if e is not None:
                    self.expr(e, eff)
            for c in s.voter_unless + s.cand_unless:
                self.expr(c.cond, eff)
            self.block(s.body, eff)
        elif isinstance(s, A.Kill):
            self.expr(s.target, eff)
            if s.as_ is not None:
                self.expr(s.as_, eff)
            eff.kills.append(s)
            eff.write("alive")
            eff.update(self.event("death"))
            eff.update(self.event("announce"))
        elif isinstance(s, (A.AddStatus, A.RemoveStatus)):
            self.expr(s.target, eff)
            eff.write(f"status:{s.status}")
        elif isinstance(s, A.CallProc):
            for a in s.args:
                self.expr(a, eff)
            d = self.procs.get(s.name)
            if d is not None:
                eff.update(self.of(d), f"proc '{d.name}'")
        elif isinstance(s, A.Announce):
            eff.update(self.event("announce"))
        else:
            kind = type(s).__name__
            if kind == "Claim":
                eff.update(self.event("claim"))
            if kind == "Revive":
                eff.write("alive", "field:role", "field:faction", "field:class", "field:team", "var:*")
            elif kind == "Play":
                for card in self.cards:
                    eff.update(self.of(card), f"card '{card.name}'")
            for c in children(s):
                if isinstance(c, A.Block):
                    self.block(c, eff)
                elif isinstance(c, A.Expr):
                    self.expr(c, eff)

    # ------------------------------------------------------------ expressions
    def _binding(self, bd, eff: Effects) -> None:
        """What reading a bound name reads: a global, or who is alive."""
        if bd is None:
            return
        if bd.kind == "global":
            eff.reads.add(f"global:{bd.name}")
        elif bd.kind == "value" and bd.name in ("alive", "dead"):
            eff.reads.add("alive")

    def expr(self, e, eff: Effects) -> None:
        if not isinstance(e, A.Node):
            return
        if isinstance(e, A.Name):
            self._binding(self.bindings.get(id(e)), eff)
        elif isinstance(e, A.Attr):
            self.expr(e.obj, eff)
            if e.name in SEAT_FIELDS:
                if e.name in ("alive", "cause", "death_day", "death_phase"):
                    eff.reads.add("alive")
                elif e.name != "seat":
                    eff.reads.add(f"field:{e.name}")
            else:
                eff.reads.add(f"var:{e.name}")
        elif isinstance(e, A.Call):
            for a in e.args:
                self.expr(a, eff)
            if e.name in self.funcs:
                eff.update(self.of(self.funcs[e.name]), f"func '{e.name}'")
            if e.name in _ROLE_READERS:
                eff.reads.add("field:role")
            if e.name in _TEAM_READERS:
                eff.reads.add("field:team")
            if e.name in _ALIVE_READERS:
                eff.reads.add("alive")
        elif isinstance(e, A.Decided):
            eff.reads.add(f"decided:{e.action}")
        elif isinstance(e, A.BinOp) and e.op in ("has", "lacks") and isinstance(e.right, A.Name) \
                and getattr(self.bindings.get(id(e.right)), "kind", None) == "symbol":
            self.expr(e.left, eff)
            eff.reads.add(f"status:{e.right.id}")
        else:
            for c in children(e):
                self.expr(c, eff)


def conjuncts(e) -> list:
    """The top-level ``and`` parts of a condition."""
    if isinstance(e, A.BoolOp) and e.op == "and":
        out = []
        for i in e.items:
            out += conjuncts(i)
        return out
    return [e] if e is not None else []


def term(e) -> str | None:
    """A canonical text for a simple term (``cause``, ``p.role``, ``me.lives``)."""
    if isinstance(e, A.Name):
        return e.id
    if isinstance(e, A.Attr):
        inner = term(e.obj)
        return None if inner is None else f"{inner}.{e.name}"
    return None


def const(e, consts: set[str]):
    """The value of a constant (a number, a string, a declared symbol), else ``None``."""
    if isinstance(e, (A.Num, A.Str)):
        return ("v", e.value)
    if isinstance(e, A.Name) and e.id in consts:
        return ("v", e.id)
    return None


def facts(cond, consts: set[str], rename: dict[str, str] | None = None) -> list[tuple[str, str, object]]:
    """``(term, op, value)`` facts a condition's conjuncts state (``==``, ``!=``)."""
    out = []
    for c in conjuncts(cond):
        if isinstance(c, A.BinOp) and c.op in ("==", "!="):
            for a, b in ((c.left, c.right), (c.right, c.left)):
                t, v = term(a), const(b, consts)
                if t is not None and v is not None:
                    if rename:
                        head, _, rest = t.partition(".")
                        t = rename.get(head, head) + ("." + rest if rest else "")
                    out.append((t, c.op, v))
                    break
    return out


def exclusive(a, b, consts: set[str], rename_a=None, rename_b=None) -> bool:
    """True when two conditions cannot both hold: one states ``t == x`` and the other
    ``t == y`` (x ≠ y) or ``t != x``."""
    fa, fb = facts(a, consts, rename_a), facts(b, consts, rename_b)
    for t1, op1, v1 in fa:
        for t2, op2, v2 in fb:
            if t1 != t2:
                continue
            if op1 == "==" and op2 == "==" and v1 != v2:
                return True
            if {op1, op2} == {"==", "!="} and v1 == v2:
                return True
    return False
