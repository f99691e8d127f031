"""Resolving names and expressions: the first half of :mod:`wolfdsl.lang.resolve`.

``NameResolver`` binds every ``Name``, ``Attr`` and ``Call`` of an expression (see the
order of lookup in :mod:`wolfdsl.lang.resolve`) and checks fields, arities and the
kinds compared by ``==`` (E201, E204, E205, E206, E210).
"""
from __future__ import annotations

from ..diagnostics import Diagnostic, did_you_mean
from . import builtins as B
from . import ir
from . import syntax as A
from .link import Program
from typing import Any

from .symbols import Binding, Bindings, Scope

_FIELD_KINDS = {"faction": "faction", "role": "role", "class": "class", "team": "team", "cause": "cause"}
_SEAT_LISTS = frozenset({"alive", "players", "dead", "given_last_words", "unannounced"})


LIST_FIRST = frozenset({"count", "empty", "any", "the", "first", "last", "min", "max", "sum", "take", "drop",
                        "reverse", "sorted_by", "roles_of", "circle"})
"""Builtins whose first argument is a list: a literal number or string there is an E211."""


DEATH_FIELDS = frozenset({"alive", "cause", "death_day", "death_phase"})
"""Seat fields about a death: read on ``living(ROLE)`` they never tell one (it is none
once the holder is dead), so a role written as their seat is told ``holder(ROLE)`` first."""


def role_as_seat(role: str, dead_too: bool, write=lambda x: x) -> str:
    """What to write for the role id ``role`` given where a seat is needed: both
    ``holder(ROLE)`` (the seat holding the card, alive or dead; ``none`` if nobody holds it)
    and ``living(ROLE)`` (``none`` once he is dead), and which one fits: ``holder`` first
    where a dead holder is what the code is about (``dead_too``: a death's field, a
    ``revive``), else ``living``. ``write`` puts the call in its statement (``let w = …``)."""
    holder, living = write(f"holder({role})"), write(f"living({role})")
    if dead_too:
        return (f"; write {holder}: the seat holding the {role} card, alive or dead (none if nobody holds it); "
                f"not {living}, which is none once he is dead")
    return (f"; for the seat of the living {role} (none once he is dead), write {living}; "
            f"for the seat holding the card, alive or dead (none if nobody holds it), {holder}")


def _bound_in(decl) -> set[str]:
    """The names a declaration binds anywhere in it: its parameters and variable, and
    every ``let``, ``for``, comprehension, ``decide`` and ``vote`` variable."""
    out = set(getattr(decl, "params", None) or ())
    var = getattr(decl, "var", None)
    if isinstance(var, str):
        out.add(var)
    for node in A.walk(decl):
        if isinstance(node, A.Let):
            out.add(node.name)
        elif isinstance(node, (A.For, A.Comprehension, A.Decide)):
            out.add(node.var)
        elif isinstance(node, A.Vote):
            out |= {node.voter_var, node.cand_var, node.top_var, node.ballots_var} - {None}
    return out


class NameResolver:
    """Names and expressions of one program: the part of the resolver that lint and
    editors also use on their own (``symbol_kinds``, ``known_names``, ``expr``)."""

    def __init__(self, program: Program, options: dict[str, ir.Option]):
        self.p = program
        self.b = Bindings(program, options)
        self.option_values = {n: o.value for n, o in options.items()}
        self.roles = program.named("role")
        self.funcs = program.named("func")
        self.procs = program.named("proc")
        self.cards = set(program.names("card"))
        self.option_symbols = {str(v) for o in options.values() for v in o.values if isinstance(v, str)}
        self.attr_symbols = {str(v) for a in program.attributes.values() for v in a.values if isinstance(v, str)}
        self.counter_names = {n for r in self.roles.values() for n, _ in r.counters}
        self.number_counters = self.counter_names - {n for r in self.roles.values() for n, v in r.counters
                                                     if not isinstance(v.operand if isinstance(v, A.Neg) else v,
                                                                       A.Num)}
        self.prop_names = {n for r in self.roles.values() for n, _ in r.props} | set(program.properties)
        self.b.actions = collect_actions(program)
        self.want = None  # the names an unknown name is compared with (expr_against)
        self.held: dict[int, A.Expr] = {}  # id(Name of a variable) -> the name or string its `let` gave it
        self.me_hint = ""  # what an unbound `me` is instead, where the resolver knows (a trigger's seat)
        self.here: tuple[str, Any] = ("this declaration", None)
        """The declaration being resolved, as a message names it (``win 'x'``), and its node:
        an unknown name bound only in another kind of declaration says so (:meth:`elsewhere`)."""

    def error(self, span, code: str, msg: str) -> None:
        self.b.diagnostics.append(Diagnostic(span, "error", msg, code))

    def put(self, node, value) -> None:
        self.b.of[id(node)] = value

    def use(self, kind: str, name: str, span) -> None:
        self.b.uses.append((kind, name, span))

    # ------------------------------------------------------------ names
    def symbol_kinds(self, name: str) -> list[str]:
        """The kinds of symbol ``name`` is (``role``, ``faction``, ``option value``...)."""
        kinds = [k for k, t in self.p.symbols.items() if name in t]
        if name in self.roles:
            kinds.append("role")
        if name in self.option_symbols:
            kinds.append("option value")
        if name in self.attr_symbols:
            kinds.append("attribute value")
        if name in self.cards:
            kinds.append("card")
        return kinds

    def known_names(self, visible=()) -> set[str]:
        names = set(visible) | set(self.p.globals) | set(self.option_values) | set(B.VALUES) | set(self.roles)
        names |= self.cards | self.option_symbols | self.attr_symbols
        for t in self.p.symbols.values():
            names |= set(t)
        return names

    def name(self, n: str, scope: Scope, span) -> Binding:
        slot = scope.lookup(n)
        if slot is not None:
            return Binding("local", n, slot)
        if n in self.p.globals:
            self.use("global", n, span)
            return Binding("global", n)
        if n in self.option_values:
            self.use("option", n, span)
            return Binding("option", n, value=self.option_values[n])
        if n in B.VALUES:
            return Binding("value", n, value=B.VALUES[n])
        kinds = self.symbol_kinds(n)
        if kinds:
            for k in kinds:
                self.use(k, n, span)
            return Binding("symbol", n)
        if n in self.funcs:
            self.error(span, "E201", f"'{n}' is a func: call it as {n}(...)")
        elif scope.why_unbound(n) is not None:
            self.error(span, "E201", f"unknown name '{n}': {scope.why_unbound(n)}")
        elif n == "me":
            self.error(span, "E201", "unknown name 'me': 'me' is the deciding seat, bound only in a decide's "
                                     "clauses and body (decide … by ROLE … { … me … })"
                       + (self.me_hint or "; name a seat instead, such as living(ROLE)"))
        elif (why := self.elsewhere(n)) is not None:
            self.error(span, "E201", f"unknown name '{n}': {why}")
        else:
            hint = did_you_mean(n, self.want) if self.want else ""
            self.error(span, "E201", f"unknown name '{n}'" + (hint or did_you_mean(n, self.known_names(scope.visible()))))
        return Binding("error", n)

    def elsewhere(self, n: str) -> str | None:
        """Why ``n``, unknown here, is a name elsewhere and what to write instead, when
        only another kind of declaration binds it: ``cause`` and a trigger's seat
        (``on death(p)``) exist in triggers and replacements only, not in a win rule or a
        step. ``None`` when the declaration being resolved binds ``n`` itself somewhere
        (a ``for p`` whose block has ended: the usual message says enough)."""
        where, decl = self.here
        if decl is not None and n in _bound_in(decl):
            return None
        if n == "cause":
            return (f"'cause' is bound only in a trigger or replacement (the cause of the death that set it off), "
                    f"not in {where}; write the cause of a seat's death, such as holder(ROLE).cause or p.cause "
                    f"for a seat p (none while he is alive), or act on the death in a trigger: "
                    f"trigger NAME on death(p) when cause == ... {{ ... }}")
        named = [t for t in self.p.of_kind("trigger") + self.p.of_kind("replacement") if t.var == n]
        if not named:
            return None
        t = named[0]
        others = f" and {len(named) - 1} other{'s' if len(named) > 2 else ''}" if len(named) > 1 else ""
        return (f"'{n}' is the seat of {t.kind} '{t.name}' (on {t.event}({n})){others}, bound only in "
                f"a trigger's or replacement's when and body, not in {where}; name a seat here, such as "
                f"holder(ROLE) or living(ROLE), or go over seats: [{n} in dead where ...], for {n} in alive {{ ... }}")

    # ------------------------------------------------------------ expressions
    def expr(self, e: A.Expr, scope: Scope) -> None:
        getattr(self, "e_" + type(e).__name__)(e, scope)

    def e_Name(self, e: A.Name, scope):
        b = self.name(e.id, scope, e.span)
        self.put(e, b)
        if b.kind == "local":
            held = scope.held(e.id)
            if held is not None:
                self.held[id(e)] = held
            if scope.always_seat(e.id):
                self.b.seats.add(id(e))

    def literal(self, e: A.Expr) -> A.Expr | None:
        """The name (a role, a faction...) or string ``e`` certainly is: ``e`` itself, or
        what the ``let`` of the variable ``e`` gave it; ``None`` for anything else."""
        if isinstance(e, A.Str):
            return e
        if isinstance(e, A.Name):
            if getattr(self.b.of.get(id(e)), "kind", None) == "symbol":
                return e
            return self.held.get(id(e))
        return None

    def held_text(self, e: A.Expr, v: A.Expr, which: bool = False) -> str:
        """How a message names ``e`` (``'watchman'``, ``the string "x"``), and for a variable
        what it holds and where that was written (``'w' holds 'watchman' (line 5)``)."""
        said = f"the string {self.source_text(v)}" if isinstance(v, A.Str) else f"'{v.id}'"
        if v is e:
            return said
        where = ""
        if v.span is not None:
            same = e.span is not None and e.span.file == v.span.file
            where = f" (line {v.span.line})" if same else f" ({v.span.file}:{v.span.line})"
        return f"'{e.id}'{', which' if which else ''} holds {said}{where}"

    def e_Num(self, e, scope):
        pass

    e_Str = e_Num

    def e_Attr(self, e: A.Attr, scope):
        self.expr(e.obj, scope)
        name = e.name
        self.not_a_seat(e.obj, f"'{self.source_text(e)}'" if self.source_text(e) != "given" else f"'.{name}'",
                        dead_too=name in DEATH_FIELDS)
        if name in B.SEAT_FIELDS:
            self.put(e, Binding("field", name))
        elif name in self.counter_names or name in self.prop_names or name in self.p.attributes:
            self.put(e, Binding("seat_value", name))
        else:
            known = set(B.SEAT_FIELDS) | self.counter_names | self.prop_names | set(self.p.attributes)
            self.error(e.span, "E204", f"unknown field '.{name}'" + did_you_mean(name, known)
                       + "; a seat has " + ", ".join(sorted(known)))
            self.put(e, Binding("error", name))

    def not_a_seat(self, e: A.Expr, what: str, also: str = "", dead_too: bool = False) -> None:
        """E213 when ``e``, resolved, is certainly no seat: a declared name (a role, a
        faction, a status...) or a string literal where ``what`` needs a seat; also a
        variable that a ``let`` gave one of them (``let w = watchman`` ... ``tell w``)."""
        v = self.literal(e)
        if v is not None and v is not e:
            if isinstance(v, A.Str):
                self.error(e.span, "E213", f"{what}: {self.held_text(e, v)}, which is not a seat; "
                                           "give a seat: me, a variable drawn from alive, living(ROLE)")
                return
            kinds = self.symbol_kinds(v.id)
            fix = (f"; give a seat, {also}" if also else
                   role_as_seat(v.id, dead_too, lambda x: f"let {e.id} = {x}") if "role" in kinds
                   else "; give a seat: me, a variable drawn from alive, living(ROLE)")
            self.error(e.span, "E213", f"{what}: {self.held_text(e, v)}, which is a {' and a '.join(kinds)}, "
                                       f"not a seat{fix}")
            return
        if isinstance(e, A.Str):
            self.error(e.span, "E213", f"{what}: the string {self.source_text(e)} is not a seat; "
                                       "give a seat: me, a variable drawn from alive, living(ROLE)")
            return
        if not isinstance(e, A.Name) or getattr(self.b.of.get(id(e)), "kind", None) != "symbol":
            return
        n = e.id
        kinds = self.symbol_kinds(n)
        fix = (role_as_seat(n, dead_too) if "role" in kinds
               else "; give a seat: me, a variable drawn from alive, living(ROLE)")
        if also:
            fix = f"; give a seat, {also}"
        self.error(e.span, "E213", f"{what}: '{n}' is a {' and a '.join(kinds)}, not a seat{fix}")

    def list_source(self, e: A.Expr, what: str) -> None:
        """E211 when ``e``, which must give a list, is a number or a string literal, or a
        declared name (``choose t from watchman``), or a variable a ``let`` gave one."""
        lit = e.operand if isinstance(e, A.Neg) else e
        if isinstance(lit, (A.Num, A.Str)):
            self.error(e.span, "E211", f"{what} must be a list, such as alive or [1, 2], "
                                       f"not the {'number' if isinstance(lit, A.Num) else 'string'} "
                                       f"{self.source_text(e)}")
            return
        v = self.literal(e)
        if v is None:
            return
        if isinstance(v, A.Str):
            self.error(e.span, "E211", f"{what} must be a list, such as alive or [1, 2], not "
                                       f"{self.held_text(e, v, which=True)}")
            return
        kinds = self.symbol_kinds(v.id)
        if "role" in kinds:
            fix = f"; for the living holders of the role, write [p in alive where p.role == {v.id}]"
        elif "team" in kinds:
            fix = f"; for the living members of the team, write members({v.id})"
        elif kinds and kinds[0] in ("faction", "class"):
            fix = f"; for the living seats of the {kinds[0]}, write [p in alive where p.{kinds[0]} == {v.id}]"
        else:
            fix = ""
        self.error(e.span, "E211", f"{what} must be a list, such as alive or [1, 2], not "
                                   f"{self.held_text(e, v, which=True)}, {'which is ' if v is e else ''}a "
                                   f"{' and a '.join(kinds)}{fix}")

    @staticmethod
    def source_text(e: A.Expr) -> str:
        s = e.span
        if s is None or s.text is None or s.line != s.end_line:
            return "given"
        return s.text.splitlines()[s.line - 1][s.col - 1:s.end_col - 1]

    def e_Call(self, e: A.Call, scope):
        for a in e.args:
            self.expr(a, scope)
        n, got = e.name, len(e.args)
        if n in LIST_FIRST and e.args:
            self.list_source(e.args[0], f"the argument of {n}()")
        if n in B.REGISTRY:
            b = B.REGISTRY[n]
            lo, hi = b.arity
            if not lo <= got <= hi:
                want = str(lo) if lo == hi else f"{lo} to {hi}"
                self.error(e.span, "E206", f"{n}() takes {want} argument(s), got {got}")
                self.put(e, Binding("error", n))
                return
            self.put(e, Binding("builtin", n, value=b))
        elif n in self.funcs:
            d = self.funcs[n]
            self.use("func", n, e.span)
            if got != len(d.params):
                self.error(e.span, "E206", f"{n}() takes {len(d.params)} argument(s), got {got}")
                self.put(e, Binding("error", n))
                return
            self.put(e, Binding("func", n))
        else:
            self.error(e.span, "E201", f"unknown function '{n}'" + did_you_mean(n, list(B.REGISTRY) + list(self.funcs)))
            self.put(e, Binding("error", n))

    def e_Decided(self, e: A.Decided, scope):
        if e.action not in self.b.actions:
            self.error(e.span, "E205", f"unknown action '{e.action}'" + did_you_mean(e.action, self.b.actions))
        else:
            self.use("action", e.action, e.span)

    def e_ListExpr(self, e, scope):
        for i in e.items:
            self.expr(i, scope)

    def seat_kind(self, e: A.Expr, scope: Scope) -> str | None:
        """``"seat"`` when ``e`` is certainly a list of seats (``alive``, ``players``,
        ``dead``, or a comprehension over one), else ``None``: what a variable drawn
        from it holds, for E210."""
        while isinstance(e, A.Comprehension):
            e = e.source
        if isinstance(e, A.Name) and e.id in _SEAT_LISTS and scope.lookup(e.id) is None \
                and e.id not in self.p.globals:
            return "seat"
        return None

    def e_Comprehension(self, e: A.Comprehension, scope):
        self.expr(e.source, scope)
        inner = Scope(scope)
        self.put(e, inner.bind(e.var))
        inner.mark(e.var, self.seat_kind(e.source, scope))
        self.expr(e.cond, inner)

    def e_BinOp(self, e: A.BinOp, scope):
        compare = e.op in ("==", "!=")
        self.expr_against(e.left, self.compared_kind(e.right, scope) if compare else None, scope)
        if e.op in ("has", "lacks") and isinstance(e.right, A.Name) and scope.lookup(e.right.id) is None:
            n = e.right.id
            if n not in self.p.symbols["status"]:
                self.error(e.right.span, "E201", f"unknown status '{n}'" + did_you_mean(n, self.p.symbols["status"]))
                self.put(e.right, Binding("error", n))
            else:
                self.use("status", n, e.right.span)
                self.put(e.right, Binding("symbol", n))
            return
        self.expr_against(e.right, self.compared_kind(e.left, scope) if compare else None, scope)
        if compare:
            self.check_kinds(e.left, e.right, scope)
            self.check_kinds(e.right, e.left, scope)
            self.check_equal(e, scope)
        if e.op in ("<", "<=", ">", ">="):
            self.check_order(e)
        if e.op == "-":
            self.check_minus(e, scope)

    def check_minus(self, e: A.BinOp, scope: Scope) -> None:
        """E211 when a list of seats (``alive``, a comprehension over it) has a declared name
        or a string taken from it (``alive - watchman``): a seat is never one, so nothing is
        removed."""
        v = self.literal(e.right)
        if v is None or self.seat_kind(e.left, scope) != "seat":
            return
        holds = f"{e.left.id} holds seats" if isinstance(e.left, A.Name) else "the list holds seats"
        if isinstance(v, A.Str):
            said, fix = f"{self.held_text(e.right, v)} is not a seat", "remove a seat or a list of seats"
        else:
            kinds = self.symbol_kinds(v.id)
            said = f"{self.held_text(e.right, v)} is a {' and a '.join(kinds)}"
            field = next((k for k in ("role", "faction", "class", "team") if k in kinds), None)
            fix = "remove a seat or a list of seats"
            if field is not None and isinstance(e.left, A.Name):
                fix = (f"for the list without the {field}'s {'holders' if field == 'role' else 'seats'}, write "
                       f"[p in {e.left.id} where p.{field} != {v.id}]")
        self.error(e.right.span, "E211", f"'{self.source_text(e)}' removes nothing: {holds}, and {said}; {fix}")

    def number(self, e: A.Expr) -> bool:
        """Whether ``e`` is certainly a number: a literal, ``day``, a ``count()``, or a
        counter declared with a number (``me.oil``)."""
        if isinstance(e, A.Neg):
            e = e.operand
        if isinstance(e, A.Num):
            return True
        if isinstance(e, A.Name):
            return getattr(self.b.of.get(id(e)), "kind", None) == "value" and e.id == "day"
        if isinstance(e, A.Call):
            return e.name == "count" and getattr(self.b.of.get(id(e)), "kind", None) == "builtin"
        return isinstance(e, A.Attr) and e.name in self.number_counters

    def check_order(self, e: A.BinOp) -> None:
        """E212 when ``<``, ``<=``, ``>``, ``>=`` puts a number in order with a string or a
        declared name (``me.oil > "two"``): the game would stop there."""
        for num, other in ((e.left, e.right), (e.right, e.left)):
            v = self.literal(other)
            if v is None or not self.number(num):
                continue
            if isinstance(v, A.Str):
                said = self.held_text(other, v, which=True)
            else:
                said = f"{self.held_text(other, v, which=True)}, {'which is ' if v is other else ''}a " \
                       + " and a ".join(self.symbol_kinds(v.id))
            try:
                fix = str(int(v.value)) if isinstance(v, A.Str) else "1"
            except ValueError:
                fix = "1"
            written = (f"{self.source_text(num)} {e.op} {fix}" if num is e.left
                       else f"{fix} {e.op} {self.source_text(num)}")
            self.error(other.span, "E212", f"'{e.op}' puts numbers in order, not {said}; write a number, "
                                           f"such as '{written}'")
            return

    def check_equal(self, e: A.BinOp, scope: Scope) -> None:
        """E210 when ``==`` or ``!=`` compares a number with a string or a declared name
        (``me.oil == "2"``), or a seat with a string (``t != "none"``): never equal, so
        ``==`` is never true and ``!=`` always."""
        never = "never true" if e.op == "==" else "always true"
        for one, other in ((e.left, e.right), (e.right, e.left)):
            v = self.literal(other)
            if v is None:
                continue
            if self.number(one):
                if isinstance(v, A.Str):
                    said = f"{self.held_text(other, v)} is not"
                else:
                    kinds = self.symbol_kinds(v.id)
                    if "option value" in kinds:
                        continue
                    said = f"{self.held_text(other, v)} is a {' and a '.join(kinds)}"
                try:
                    fix, how = str(int(v.value)), "write a number:"
                except (AttributeError, ValueError):
                    fix, how = "1", "write a number, such as"
                written = (f"{self.source_text(one)} {e.op} {fix}" if one is e.left
                           else f"{fix} {e.op} {self.source_text(one)}")
                self.error(other.span, "E210", f"'{self.source_text(one)}' is a number and {said}: "
                                               f"the comparison is {never}; {how} {written}")
                return
            if isinstance(v, A.Str) and isinstance(one, A.Name) and self.compared_kind(one, scope) == "seat":
                if v.value == "none":
                    fix = f"write {one.id} {e.op} none"
                elif v.value in self.roles:
                    fix = f"to compare the seat's role, write {one.id}.role {e.op} {v.value}"
                else:
                    fix = f"compare it with a seat or none, or compare a field: {one.id}.role {e.op} ROLE"
                self.error(other.span, "E210", f"'{one.id}' is a seat and {self.held_text(other, v)} is not: "
                                               f"the comparison is {never}; {fix}")
                return

    def expr_against(self, e: A.Expr, kind: str | None, scope: Scope) -> None:
        """Resolve ``e``, compared with a value of ``kind``: an unknown name there is
        suggested among that kind's names first (``cause == wolves``: did you mean 'wolf')."""
        if kind is None or kind == "seat" or not isinstance(e, A.Name):
            self.expr(e, scope)
            return
        self.want = self.roles if kind == "role" else self.p.symbols.get(kind)
        try:
            self.expr(e, scope)
        finally:
            self.want = None

    def compared_kind(self, e: A.Expr, scope: Scope) -> str | None:
        """What ``e`` certainly holds when compared with ``==``: a field's kind
        (``p.faction``: ``faction``), or a variable's (``seat``, ``cause``)."""
        if isinstance(e, A.Attr) and e.name in _FIELD_KINDS:
            return _FIELD_KINDS[e.name]
        if isinstance(e, A.Name):
            return scope.kind_of(e.id)
        return None

    def check_kinds(self, fld: A.Expr, other: A.Expr, scope: Scope) -> None:
        """``p.faction == werewolf`` compares a faction with a role id, ``t == seer`` a
        seat with a role, ``cause == werewolves`` a cause with a faction: never true (E210)."""
        want = self.compared_kind(fld, scope)
        if want is None or not isinstance(other, A.Name):
            return
        n = other.id
        if scope.lookup(n) is not None or n in self.p.globals or n in self.option_values or n in B.VALUES:
            return
        kinds = self.symbol_kinds(n)
        if not kinds or want in kinds or "option value" in kinds:
            return
        what = f"'.{fld.name}'" if isinstance(fld, A.Attr) else f"'{fld.id}'"
        if want == "seat":
            fix = f"; to compare the seat's role, write {fld.id}.{kinds[0] if kinds[0] in _FIELD_KINDS else 'role'} == {n}"
            self.error(other.span, "E210", f"{what} is a seat and '{n}' is a {' and a '.join(kinds)}: "
                       f"the comparison is never true{fix}")
            return
        names = self.roles if want == "role" else self.p.symbols[want]
        self.error(other.span, "E210", f"{what} is compared with '{n}', which is a {' and a '.join(kinds)}, "
                   f"not a {want}: the comparison is never true" + did_you_mean(n, names))

    def e_BoolOp(self, e: A.BoolOp, scope):
        for i in e.items:
            self.expr(i, scope)

    def e_Not(self, e, scope):
        self.expr(e.operand, scope)

    e_Neg = e_Not

    def e_IfExpr(self, e: A.IfExpr, scope):
        for c, v in e.branches:
            self.expr(c, scope)
            self.expr(v, scope)
        self.expr(e.otherwise, scope)


def collect_actions(program: Program) -> dict[str, Any]:
    """Every action a ``decide`` or ``vote`` declares (``witch.save``), with the span of
    its first declaration."""
    actions: dict[str, Any] = {}
    for s in decisions(program):
        actions.setdefault(s.action, s.span)
    return actions


def speech_acts(program: Program) -> frozenset[str]:
    """The actions a ``decide … speech`` declares: speech acts, which the narration tells by
    what is said (a ``claim``), not as decisions (DAY-04)."""
    return frozenset(s.action for s in decisions(program) if isinstance(s, A.Decide) and s.speech)


def ballot_readings(program: Program) -> dict[str, str]:
    """How the table reads a ballot of each vote kind: ``{kind: "accuses" | "backs"}``
    (``vote … kind K … ballot accuses``); kinds without the clause are left out."""
    return {s.kind: s.reading for s in decisions(program) if isinstance(s, A.Vote) and s.reading}


def decisions(program: Program) -> list:
    """Every ``decide`` and ``vote`` statement of the program, in source order, nested
    ones after the one whose body holds them."""
    out: list = []

    def block(b: A.Block) -> None:  # statements only: no expression holds a decision
        for s in b.stmts:
            if isinstance(s, (A.Decide, A.Vote)):
                out.append(s)
                block(s.body)
            elif isinstance(s, A.If):
                for _, body in s.branches:
                    block(body)
                if s.otherwise is not None:
                    block(s.otherwise)
            elif isinstance(s, (A.For, A.Later)):
                block(s.body)

    for kind in ("step", "proc", "trigger", "replacement", "card"):
        for d in program.of_kind(kind):
            block(d.body)
    return out
