"""Name resolution: every name of a linked :class:`~wolfdsl.lang.link.Program` bound to
what it means, before any code is generated (starlark-go ``resolve``, CPython
``symtable``).

``resolve(program, options) -> Bindings``. The result is the one symbol table that
codegen, lint and editors read; every name, arity, field and kind problem is a
diagnostic here (codegen reports nothing).

Scopes (see docs/language.md, *Names and scopes*):

- A ``{ … }`` block opens a scope: a ``let`` is visible from the next statement to the
  end of its block, not after it (``if c { let x = 1 }`` leaves no ``x`` behind).
- ``for x in …``: ``x`` is bound in the loop body; a comprehension's variable in its
  condition.
- ``decide … choose v …``: ``me`` (the decider) is bound in its clauses and body, ``v`` in
  its ``unless`` clauses and body; a nested ``decide`` has its own ``me``.
- ``vote … voters v … candidates c … -> top, ballots``: ``v`` in the voter clauses, the
  ``prefer`` and the weight; ``c`` in the candidate clauses, the weight and the ``bonus``
  (which has no ``v``); all four in the body.
- ``func``/``proc`` parameters, a trigger's variable and ``cause`` are bound in their body.
- Otherwise a name is, in this order, a ``global``, an option, a builtin value
  (``alive``, ``day``…) or a declared symbol (role, faction, class, status, cause, team,
  option value, attribute value, event card).

A local variable lives in a *slot* of its frame (the ``env`` a step, proc, func or trigger
runs with): the slot is the variable's name, or ``name#k`` for a variable that shadows
``k`` enclosing ones, so an inner ``me`` never overwrites an outer one.

Codes: E201 unknown name, E204 unknown field, E205 unknown action, E206 wrong number of
arguments, E208 bad declaration, E209 statement in the wrong place, E211 a number, string or
name where a list is needed (or taken from a list of seats: ``alive - ROLE``), E212 a string
or name where a number is needed (``me.oil -= "x"``, ``me.oil > "two"``), E210 a field
compared with a symbol of another kind, or a number or a seat with a string (``me.oil == "2"``).
"""
from __future__ import annotations

import functools
import re

from ..diagnostics import did_you_mean
from . import builtins as B
from . import ir
from . import syntax as A
from .counters import check_compound, check_counter_value, check_func_term
from .link import Program
from .names import NameResolver, collect_actions, role_as_seat  # noqa: F401
from .symbols import Binding, Bindings, DecideSlots, Scope, VoteSlots  # noqa: F401  (Binding & co. are the result types)

KNOWN_EVENTS = ("death", "announce", "claim")
"""Events triggers can listen to: a death (at once), its announcement, and a public
statement (``claim``; ``cause`` is ``none`` there)."""

SEAT_CHANGEABLE = ("role", "faction", "class", "team")
"""Builtin seat fields a statement may assign."""



def bundled_import(role: str) -> str | None:
    """The bundled file that declares ``role``, as an import names it (the standard
    roles' file, or a role's own file under ``roles/``); ``None`` when none does."""
    from .load import bundled_path

    if not role.isidentifier():
        return None
    if bundled_path(f"roles/{role}") is not None:
        return f"roles/{role}"
    path = bundled_path("roles")
    if path is not None and re.search(rf"^role\s+{role}\b", _text(path), re.M):
        return "roles"
    return None


def _nth(spans, i: int):
    """The ``i``-th of a node's name spans, or ``None`` (a node built without them)."""
    return spans[i] if i < len(spans) else None


@functools.lru_cache(maxsize=4)
def _text(path) -> str:
    return path.read_text(encoding="utf-8")


class Resolver(NameResolver):
    """Walks a program once; see :func:`resolve`."""

    # ------------------------------------------------------------ declarations
    def run(self) -> Bindings:
        p = self.p
        for r in self.roles.values():
            self.role(r)
        for d in p.globals.values():
            self.here = (f"global '{d.name}'", d)
            self.expr(d.expr, Scope())
        for d in p.properties.values():
            self.here = (f"property '{d.name}'", d)
            self.expr(d.expr, Scope())
        for d in p.of_kind("card"):
            self.here = (f"card '{d.name}'", d)
            for need in d.needs:
                if need not in p.attributes:
                    self.error(d.span, "E201", f"card '{d.name}' needs the seat attribute '{need}', which this ruleset "
                               f"does not declare; add 'attribute {need}: ...'" + did_you_mean(need, p.attributes))
            self.block(d.body, Scope(), "card")
        for d in self.funcs.values():
            self.here = (f"func '{d.name}'", d)
            self.expr(d.expr, Scope(None, d.params))
            for label, e in d.terms[1:]:
                check_func_term(self, d.name, label, e)
        for d in self.procs.values():
            self.here = (f"proc '{d.name}'", d)
            self._call_conds(d.calls, Scope(None, d.params))
            self.block(d.body, Scope(None, d.params), "proc")
        for s in p.of_kind("step"):
            self.here = (f"step '{s.name}'", s)
            if s.when is not None:
                self.expr(s.when, Scope())
            self._call_conds(s.calls, Scope())
            self.block(s.body, Scope(), "step")
        for kind in ("trigger", "replacement"):
            for t in p.of_kind(kind):
                if t.event not in KNOWN_EVENTS:
                    self.error(t.event_span or t.span, "E201", f"unknown event '{t.event}'; triggers listen to: "
                               f"{', '.join(sorted(KNOWN_EVENTS))}")
                    continue
                self.here = (f"{kind} '{t.name}'", t)
                scope = Scope(None, (t.var, "cause"))
                scope.mark(t.var, "seat")
                scope.mark("cause", "cause")
                self.me_hint = (f"; in {kind} '{t.name}' the seat is its variable: write {t.var} "
                                f"(on {t.event}({t.var}))")
                if t.when is not None:
                    self.expr(t.when, scope)
                self._call_conds(t.calls, scope)
                self.block(t.body, scope, kind)
                self.me_hint = ""
        for w in p.of_kind("win"):
            self.here = (f"win '{w.name}'", w)
            for i, f in enumerate(w.factions):
                at = _nth(w.faction_spans, i) or w.span
                if f not in p.symbols["faction"]:
                    self.error(at, "E201", f"win '{w.name}': unknown faction '{f}'"
                               + did_you_mean(f, p.symbols["faction"]))
                else:
                    self.use("faction", f, at)
            self.expr(w.when, Scope())
        self.here = ("this declaration", None)
        bundled: dict[str, list] = {}  # an import -> the unknown cards of the deck it would declare
        for d in p.decks:
            for c in d.cards:
                if c.role in self.roles:
                    self.use("role", c.role, c.span)
                    continue
                where = bundled_import(c.role)
                if where is not None:
                    bundled.setdefault(where, []).append(c)
                else:
                    self.error(c.span, "E201", f"deck: unknown role '{c.role}'" + did_you_mean(c.role, self.roles))
        for where, cards in bundled.items():
            names = list(dict.fromkeys(c.role for c in cards))
            if len(names) == 1:
                what = f"unknown role '{names[0]}': it is declared by the bundled"
            else:
                what = f"unknown roles {', '.join(repr(n) for n in names)}: they are declared by the bundled"
            self.error(cards[0].span, "E201", f'deck: {what} "{where}"; add `import "{where}"` at the top of the file')
        for d in p.redeals:
            self.expr(d.expr, Scope())
        for d in p.engine.values():
            self.engine_setting(d)
        for d in p.symbols["cause"].values():
            if d.last_words is not None:
                self.expr(d.last_words, Scope())
        for mod in p.modules:
            for d in mod.decls:
                if isinstance(d, A.ExtendDecl) and d.calls:
                    proc = self.procs.get(d.name)
                    self._call_conds(d.calls, Scope(None, proc.params if proc is not None else (d.params or ())))
        return self.b

    def _call_conds(self, calls, scope: Scope) -> None:
        """Resolve the ``if`` conditions of ``call`` clauses (``call "…" if day == 1``)."""
        for c in calls:
            if c.cond is not None:
                self.expr(c.cond, scope)

    def engine_setting(self, d: A.EngineDecl) -> None:
        if d.name not in ir.ENGINE_SETTINGS:
            self.error(d.span, "E201", f"unknown engine setting '{d.name}'" + did_you_mean(d.name, ir.ENGINE_SETTINGS)
                       + "; settings: " + "; ".join(f"{k}: {v}" for k, v in ir.ENGINE_SETTINGS.items()))
            return
        if d.name == "last_words":
            f = self.funcs.get(d.expr.id) if isinstance(d.expr, A.Name) else None
            if f is None or len(f.params) != 1:
                self.error(d.expr.span, "E201", "engine last_words names a func of one seat, such as "
                           "'func last_words(p) = ...'" + (did_you_mean(d.expr.id, self.funcs)
                                                             if isinstance(d.expr, A.Name) else ""))
                return
            self.use("func", f.name, d.expr.span)
            self.put(d.expr, Binding("func", f.name))
            return
        if d.name in ("dead_reason", "dead_reason_zh") and not isinstance(d.expr, A.Str):
            self.error(d.expr.span, "E201", f'engine {d.name} is a "string": the rule a refused action names')
            return
        self.expr(d.expr, Scope())

    def role(self, r: A.RoleDecl) -> None:
        if r.faction is None:
            self.error(r.span, "E208", f"role '{r.name}' has no faction; add 'faction NAME' to its body")
        symbols = self.p.symbols
        for kind, val in (("faction", r.faction), ("class", r.klass), ("team", r.team)):
            if val is None:
                continue
            if isinstance(val, A.Name):
                if val.id == "none" and kind != "faction":
                    self.put(val, Binding("value", "none", value=B.VALUES["none"]))
                    continue
                if val.id not in symbols[kind]:
                    hint = did_you_mean(val.id, symbols[kind])
                    self.error(val.span, "E201", f"role '{r.name}': unknown {kind} '{val.id}'"
                               + (hint or f"; declare it first with '{kind} {val.id}'"))
                    self.put(val, Binding("error", val.id))
                    continue
            self.expr(val, Scope())
        for i, st in enumerate(r.statuses):
            at = _nth(r.status_spans, i) or r.span
            if st not in symbols["status"]:
                self.error(at, "E201", f"role '{r.name}': unknown status '{st}'" + did_you_mean(st, symbols["status"]))
            else:
                self.use("status", st, at)
        for n, e in r.counters:
            self.expr(e, Scope())
            check_counter_value(self, r.name, n, e)
        for _, e in r.props:
            self.expr(e, Scope())

    # ------------------------------------------------------------ statements
    def seat_expr(self, e: A.Expr, scope: Scope, what: str) -> None:
        """Resolve ``e``, the seat a statement (``what``: ``tell``, ``kill``...) acts on:
        a name or a string there is an E213 (for a role: ``holder(ROLE)`` first where the
        seat is dead, as in a ``revive`` or the death a ``kill … as`` dates by)."""
        self.expr(e, scope)
        self.not_a_seat(e, what, dead_too=what in ("revive", "kill … as"))

    def block(self, b: A.Block, scope: Scope, ctx: str) -> None:
        inner = Scope(scope)
        for i, s in enumerate(b.stmts):
            getattr(self, "s_" + type(s).__name__)(s, inner, ctx)
            if isinstance(s, A.Let):
                inner.hold(s.name, self.kept(s, b.stmts[i + 1:]))

    def kept(self, s: A.Let, rest) -> A.Expr | None:
        """The name or string a ``let`` gives its variable for good (``let w = watchman``,
        never assigned again in ``rest``), for E211 and E213 where the variable is used;
        ``None`` when it gives anything else or the variable may change."""
        v = self.literal(s.expr)
        if v is None:
            return None
        for st in rest:
            for n in A.walk(st):
                if isinstance(n, A.Assign) and n.attr is None and n.name == s.name:
                    return None
        return v

    def s_Let(self, s: A.Let, scope, ctx):
        self.expr(s.expr, scope)
        self.put(s, scope.bind(s.name))

    def s_Assign(self, s: A.Assign, scope, ctx):
        n = s.name
        if s.attr in SEAT_CHANGEABLE and s.op == "=":
            value = "…" if isinstance(s.expr, A.IfExpr) else self.source_text(s.expr)
            self.kind_expr(s.expr, scope, s.attr, f"{n}.{s.attr} = {value}",
                           lambda name, kinds: self.assign_fix(n, s.attr, name, kinds))
        else:
            self.expr(s.expr, scope)
        if isinstance(s.expr, A.Str) and (s.op == "-=" or (s.op == "+=" and s.attr in self.counter_names)):
            target = f"{n}.{s.attr}" if s.attr is not None else n
            self.error(s.expr.span, "E212", f"'{s.op}' {'subtracts' if s.op == '-=' else 'adds'} a number, "
                       f"not the string {self.source_text(s.expr)}; write a number, such as "
                       f"'{target} {s.op} 1'")
        check_compound(self, s)
        if s.attr is None:
            slot = scope.lookup(n)
            if slot is not None:
                self.put(s, Binding("local", n, slot))
                scope.owner(n).nullable.add(n)  # assigned: it may hold anything from here on
            elif n in self.p.globals:
                self.use("global", n, s.span)
                self.put(s, Binding("global", n))
            else:
                if n in self.option_values:
                    self.error(s.span, "E209", f"option '{n}' is read-only during a game; use a 'global' for state")
                else:
                    self.error(s.span, "E201", f"cannot assign to unknown name '{n}'; declare it with 'let {n} = ...' "
                               f"or 'global {n} = ...'" + did_you_mean(n, scope.visible() | set(self.p.globals)))
                self.put(s, Binding("error", n))
            return
        obj = self.name(n, scope, s.span)
        attr = s.attr
        if obj.kind == "symbol":
            kinds = self.symbol_kinds(n)
            fix = (role_as_seat(n, False, lambda x: f"'let w = {x}' and assign to w.{attr}")
                   if "role" in kinds else "")
            self.error(s.span, "E213", f"'{n}.{attr}' assigns to a field of '{n}', which is a "
                                       f"{' and a '.join(kinds)}, not a seat{fix}")
        if attr in SEAT_CHANGEABLE:
            self.put(s, (obj, Binding("field", attr)))
        elif attr in self.counter_names or attr in self.prop_names:
            self.put(s, (obj, Binding("seat_value", attr)))
        else:
            self.error(s.span, "E204", f"cannot assign '.{attr}'"
                       + did_you_mean(attr, self.counter_names | self.prop_names | set(SEAT_CHANGEABLE))
                       + ": only counters and properties"
                       f" ({', '.join(sorted(self.counter_names | self.prop_names)) or 'none declared'})"
                       " and role, faction, class, team can change; declare it with 'property NAME = VALUE'")
            self.put(s, (obj, Binding("error", attr)))

    def assign_fix(self, seat: str, attr: str, name: str, kinds: list) -> str:
        """What to write instead of ``SEAT.ATTR = NAME`` where NAME is no ``attr``: the
        names of that kind (a few) and, for a name of another changeable kind, the field
        it belongs to (``w.faction = werewolf``: ``w.role = werewolf``)."""
        names = sorted(self.roles if attr == "role" else self.p.symbols.get(attr, {}))
        out = (f"; write a {attr}: {', '.join(names)}" if len(names) <= 8
               else f"; write a {attr} declared with '{attr} NAME'")
        other = next((k for k in kinds if k in SEAT_CHANGEABLE and k != attr), None)
        if other is not None:
            out += f"; to change the seat's {other}, write {seat}.{other} = {name}"
        return out

    def s_If(self, s: A.If, scope, ctx):
        for c, b in s.branches:
            self.expr(c, scope)
            self.block(b, scope, ctx)
        if s.otherwise is not None:
            self.block(s.otherwise, scope, ctx)

    def s_For(self, s: A.For, scope, ctx):
        self.expr(s.source, scope)
        self.list_source(s.source, "what a for loop goes over")
        inner = Scope(scope)
        self.put(s, inner.bind(s.var))
        inner.mark(s.var, self.seat_kind(s.source, scope))
        self.block(s.body, inner, ctx)

    def clauses(self, clauses, scope) -> None:
        for c in clauses:
            self.expr(c.cond, scope)

    def s_Decide(self, s: A.Decide, scope, ctx):
        by = None
        if isinstance(s.by, A.Name) and scope.lookup(s.by.id) is None and s.by.id not in self.p.globals:
            n = s.by.id
            if n in self.roles:
                by = Binding("role", n)
            elif n in self.p.symbols["team"]:
                by = Binding("team", n)
            elif n in self.p.deciders:
                by = Binding("decider", n)
            if by is not None:
                self.use(by.kind, n, s.by.span)
        if by is None:
            self.expr(s.by, scope)
            self.not_a_seat(s.by, "decide … by", also="a role (its living holder decides) or a team")
            by = Binding("seat", "")
        inner = Scope(scope)
        me = inner.bind("me")
        if by.kind in ("role", "seat"):
            inner.mark("me", "seat")
        self.clauses(s.requires, inner)
        self.expr(s.options, inner)
        self.list_source(s.options, "the options of a decide")
        if s.pass_when is not None:
            self.expr(s.pass_when, inner)
        if s.count not in (None, "any"):
            self.expr(s.count, inner)
        for f in s.tell:
            self.expr(f.expr, inner)
        if s.prefer is not None:
            self.expr(s.prefer, inner)
        opt = Scope(inner)
        var = opt.bind(s.var)
        opt.mark(s.var, self.seat_kind(s.options, inner), nullable=True)  # a pass: none
        self.clauses(s.unless, opt)
        if s.score is not None:
            self.expr(s.score, opt)
        self.put(s, DecideSlots(by, me, var))
        self.block(s.body, opt, ctx)

    def s_Vote(self, s: A.Vote, scope, ctx):
        self.expr(s.voters, scope)
        self.list_source(s.voters, "the voters of a vote")
        vscope = Scope(scope)
        voter = vscope.bind(s.voter_var)
        vscope.mark(s.voter_var, self.seat_kind(s.voters, scope))
        self.clauses(s.voter_unless, vscope)
        self.expr(s.candidates, scope)
        self.list_source(s.candidates, "the candidates of a vote")
        cscope = Scope(vscope)
        cand = cscope.bind(s.cand_var)
        cscope.mark(s.cand_var, self.seat_kind(s.candidates, scope))
        self.clauses(s.cand_unless, cscope)
        if s.weight is not None:
            self.expr(s.weight, cscope)
        if s.bonus is not None:  # per candidate: the candidate bound, not the voter
            bscope = Scope(scope)
            bscope.vars[s.cand_var] = cand
            bscope.mark(s.cand_var, self.seat_kind(s.candidates, scope))
            bscope.unbound = {s.voter_var: (f"a bonus is counted once per candidate '{s.cand_var}', not per ballot, "
                                           f"so the voter '{s.voter_var}' is not bound there; to count a ballot "
                                           "more (or less), write it in the 'weight'")}
            self.expr(s.bonus, bscope)
        if s.prefer is not None:
            self.expr(s.prefer, vscope)
        if s.score is not None:
            self.expr(s.score, cscope)
        body = Scope(cscope)
        top = body.bind(s.top_var)
        ballots = body.bind(s.ballots_var) if s.ballots_var else None
        self.put(s, VoteSlots(voter, cand, top, ballots))
        self.block(s.body, body, ctx)

    def s_Kill(self, s: A.Kill, scope, ctx):
        if s.cause not in self.p.symbols["cause"]:
            self.error(s.cause_span or s.span, "E201", f"unknown cause '{s.cause}'"
                       + did_you_mean(s.cause, self.p.symbols["cause"]) + "; declare it with 'cause NAME'")
        else:
            self.use("cause", s.cause, s.cause_span or s.span)
        self.seat_expr(s.target, scope, "kill")
        if s.as_ is not None:
            self.seat_expr(s.as_, scope, "kill … as")

    def status(self, name, span) -> None:
        if name not in self.p.symbols["status"]:
            self.error(span, "E201", f"unknown status '{name}'" + did_you_mean(name, self.p.symbols["status"])
                       + "; declare it with 'status NAME'")
        else:
            self.use("status", name, span)

    def s_AddStatus(self, s, scope, ctx):
        n = s.status
        if n not in self.p.symbols["status"] and (scope.lookup(n) is not None or n in self.p.globals):
            self.status_variable(s, scope)
        else:
            self.status(n, s.status_span or s.span)
        self.seat_expr(s.target, scope, "add" if isinstance(s, A.AddStatus) else "remove")

    s_RemoveStatus = s_AddStatus

    def status_variable(self, s, scope) -> None:
        """E201 for ``add s to p`` / ``remove s from p`` where ``s`` is a variable or a
        global: these statements name the status they change (lint, the win checks and the
        narration read it from the rule), while ``q has s`` reads a value. The fix names the
        status the variable holds when a ``let`` gave it one."""
        n, add = s.status, isinstance(s, A.AddStatus)
        verb, prep = ("add", "to") if add else ("remove", "from")
        target = self.source_text(s.target)
        target = "p" if target == "given" else target
        v = scope.held(n) if scope.lookup(n) is not None else None
        what = "a global" if scope.lookup(n) is None else "a variable"
        if isinstance(v, A.Name) and v.id in self.p.symbols["status"]:
            where = f" (line {v.span.line})" if v.span is not None else ""
            what += f" holding '{v.id}'{where}"
            fix = f"write {verb} {v.id} {prep} {target}"
        else:
            fix = (f"write the status's name, such as {verb} STATUS {prep} {target}; to choose between "
                   f"statuses, write if … {{ {verb} a {prep} {target} }} else {{ {verb} b {prep} {target} }}")
        self.error(s.status_span or s.span, "E201", f"{verb} {n} {prep} {target}: '{n}' is {what}, but '{verb}' takes a status "
                                   f"by its declared name, which the rules' checks read (a condition "
                                   f"'{target} has {n}' reads a value, so a variable works there); {fix}")

    def s_Tell(self, s: A.Tell, scope, ctx):
        self.seat_expr(s.target, scope, "tell")
        for f in s.fields:
            self.expr(f.expr, scope)

    def s_Log(self, s: A.Log, scope, ctx):
        for f in s.fields:
            self.expr(f.expr, scope)

    def s_Claim(self, s: A.Claim, scope, ctx):
        self.seat_expr(s.speaker, scope, "claim")
        if s.role is not None:
            self.role_expr(s.role, scope, "claim … as")
        for f in s.fields:
            self.expr(f.expr, scope)

    def s_CallProc(self, s: A.CallProc, scope, ctx):
        for a in s.args:
            self.expr(a, scope)
        d = self.procs.get(s.name)
        if d is None:
            self.error(s.span, "E201", f"unknown proc '{s.name}'" + did_you_mean(s.name, self.procs))
            self.put(s, Binding("error", s.name))
            return
        self.use("proc", s.name, s.span)
        if len(s.args) != len(d.params):
            self.error(s.span, "E206", f"proc {s.name}() takes {len(d.params)} argument(s), got {len(s.args)}")
        self.put(s, Binding("proc", s.name))

    def s_EndPhase(self, s, scope, ctx):
        pass

    s_CheckWin = s_Announce = s_EndPhase

    def s_Later(self, s: A.Later, scope, ctx):
        self.block(s.body, scope, ctx)

    def s_Revive(self, s: A.Revive, scope, ctx):
        self.seat_expr(s.target, scope, "revive")
        if s.role is not None:
            self.role_expr(s.role, scope, "revive … as")

    def role_expr(self, e: A.Expr, scope: Scope, what: str) -> None:
        """Resolve ``e``, which gives a role id (``claim me as seer``, ``revive p as
        villager``): :meth:`kind_expr` for roles."""
        self.kind_expr(e, scope, "role", what)

    def kind_expr(self, e: A.Expr, scope: Scope, kind: str, what: str, fix=None) -> None:
        """Resolve ``e``, which gives an id of ``kind`` (a role, a faction, a class, a
        team): E201 for a name that is none — unknown, or a declared name of another
        kind (a faction, a status…), also through a variable a ``let`` gave it — and for
        a string naming none, in each branch of an ``if … then … else``; the hint names
        the closest name of the kind, then ``fix(name, kinds)`` if given (what to write
        instead). Another variable, a global, an option, ``none`` or a field
        (``p.role``) is the game's to check."""
        if isinstance(e, A.IfExpr):
            for c, v in e.branches:
                self.expr(c, scope)
                self.kind_expr(v, scope, kind, what, fix)
            self.kind_expr(e.otherwise, scope, kind, what, fix)
            return
        names = self.roles if kind == "role" else self.p.symbols.get(kind, {})
        if isinstance(e, A.Str):
            if e.value not in names:
                self.error(e.span, "E201", f"unknown {kind} {self.source_text(e)}"
                           + did_you_mean(e.value, names) + (fix(e.value, []) if fix else ""))
            return
        n = e.id if isinstance(e, A.Name) else None
        if n is None or n in names or scope.lookup(n) is not None or n in self.p.globals \
                or n in self.option_values or n in B.VALUES:
            self.expr(e, scope)
            v = self.literal(e) if n is not None and scope.lookup(n) is not None else None
            if v is not None and v is not e:
                value = v.value if isinstance(v, A.Str) else v.id
                if value not in names:
                    kinds = [] if isinstance(v, A.Str) else self.symbol_kinds(value)
                    said = f"a {' and a '.join(kinds)}" if kinds else "no name"
                    self.error(e.span, "E201", f"{what}: {self.held_text(e, v)}, which is {said}, not a {kind}"
                               + did_you_mean(value, names) + (fix(value, kinds) if fix else ""))
            return
        kinds = self.symbol_kinds(n)
        self.error(e.span, "E201", (f"{what}: '{n}' is a {' and a '.join(kinds)}, not a {kind}" if kinds
                                    else f"unknown {kind} '{n}'") + did_you_mean(n, names)
                   + (fix(n, kinds) if fix else ""))
        self.put(e, Binding("error", n))

    def s_Play(self, s: A.Play, scope, ctx):
        if isinstance(s.card, A.Name) and s.card.id not in self.cards and scope.lookup(s.card.id) is None:
            self.error(s.card.span, "E201", f"unknown card '{s.card.id}'" + did_you_mean(s.card.id, self.cards))
            self.put(s.card, Binding("error", s.card.id))
        else:
            self.expr(s.card, scope)

    def s_Proceed(self, s, scope, ctx):
        if ctx not in ("replacement", "proc"):
            self.error(s.span, "E209", "'proceed' is only meaningful inside a replacement")


def resolve(program: Program, options: dict[str, ir.Option]) -> Bindings:
    """Bind every name of ``program`` (options fixed to ``options``); the diagnostics
    are in the result's ``diagnostics`` (empty when the program is well formed)."""
    return Resolver(program, options).run()


def resolve_expr(resolver: Resolver, e: A.Expr, bound=()) -> None:
    """Resolve one more expression against a program, with ``bound`` names as locals
    (lint evaluates clauses on their own); the bindings go to ``resolver.b``."""
    resolver.expr(e, Scope(None, bound))
