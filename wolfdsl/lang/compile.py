"""AST to IR: merge imports, resolve names, check them, fix options, build closures.

``compile_ruleset(modules, name, options) -> ir.Ruleset``. Every problem found is an
``E2xx`` diagnostic; all of them are collected and raised together as one
:class:`WolfError`. Expressions become closures ``fn(game, env)`` once, here, so that
nothing walks the AST during a game.

Codes: E201 unknown name, E202 duplicate declaration, E203 replace/remove of something
not declared, E204 unknown field, E205 unknown action, E206 wrong number of arguments,
E207 bad option value, E208 bad declaration (role without faction, deck problems...),
E209 statement in the wrong place.
"""
from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass
from typing import Any, Callable

from . import syntax as A
from . import builtins as B
from . import ir
from ..diagnostics import Diagnostic, Span, WolfError, did_you_mean


from .ir import EndPhase, RuleRuntimeError  # re-exported for callers


KNOWN_EVENTS = {"death", "announce"}
"""Events triggers can listen to: a death (at once) and its announcement."""


@dataclass
class _Merged:
    title: str = ""
    summary: str = ""
    players: tuple[int, int] | None = None
    players_span: Span | None = None


def _key_of(decl) -> tuple[str, str] | None:
    if isinstance(decl, A.RoleDecl):
        return ("role", decl.name)
    if isinstance(decl, A.StepDecl):
        return ("step", decl.name)
    if isinstance(decl, A.ProcDecl):
        return ("proc", decl.name)
    if isinstance(decl, A.FuncDecl):
        return ("func", decl.name)
    if isinstance(decl, A.TriggerDecl):
        return (decl.kind, decl.name)
    if isinstance(decl, A.WinDecl):
        return ("win", decl.name)
    if isinstance(decl, A.OptionDecl):
        return ("option", decl.name)
    if isinstance(decl, A.CardDecl):
        return ("card", decl.name)
    return None


class Compiler:
    """One compilation: collects diagnostics, then builds the IR."""

    def __init__(self, modules: list[A.Module], name: str, path: str,
                 overrides: dict[str, Any] | None = None, override_spans: dict[str, Span] | None = None):
        self.modules = modules
        self.name = name
        self.path = path
        self.overrides = overrides or {}
        self.override_spans = override_spans or {}
        self.diags: list[Diagnostic] = []

    def error(self, span: Span | None, code: str, msg: str) -> None:
        self.diags.append(Diagnostic(span, "error", msg, code))

    # ------------------------------------------------------------ merging
    def merge(self) -> None:
        self.meta = _Merged()
        self.decls: dict[tuple[str, str], Any] = {}
        self.order: list[tuple[str, str]] = []
        self.symbols: dict[str, dict[str, A.SymbolDecl]] = {k: {} for k in ("faction", "class", "status", "cause", "team")}
        self.attributes: dict[str, A.AttributeDecl] = {}
        self.globals: dict[str, A.GlobalDecl] = {}
        self.properties: dict[str, A.PropertyDecl] = {}
        self.decks: list[A.DeckDecl] = []
        self.sets: list[A.SetDecl] = []
        self.orders: dict[str, A.OrderDecl] = {}
        self.redeals: list[A.Redeal] = []
        self.extensions: list[A.ExtendDecl] = []
        last = len(self.modules) - 1
        for i, mod in enumerate(self.modules):
            for d in mod.decls:
                if isinstance(d, A.Title):
                    if i == last or not self.meta.title:
                        self.meta.title = d.text
                elif isinstance(d, A.Summary):
                    if i == last or not self.meta.summary:
                        self.meta.summary = d.text
                elif isinstance(d, A.Players):
                    self.meta.players = (d.low, d.high)
                    self.meta.players_span = d.span
                elif isinstance(d, A.Import):
                    pass
                elif isinstance(d, A.SymbolDecl):
                    table = self.symbols[d.kind]
                    if d.name in table and table[d.name].span != d.span:
                        self.error(d.span, "E202", f"{d.kind} '{d.name}' is declared twice")
                        self.diags[-1] = Diagnostic(d.span, "error", self.diags[-1].message, "E202",
                                                    related=(_rel(table[d.name].span, "first declared here"),))
                    table[d.name] = d
                elif isinstance(d, A.AttributeDecl):
                    self.attributes[d.name] = d
                elif isinstance(d, A.GlobalDecl):
                    self.globals[d.name] = d
                elif isinstance(d, A.PropertyDecl):
                    self.properties[d.name] = d
                elif isinstance(d, A.DeckDecl):
                    # a file's decks replace those of the files it imports
                    self.decks = [k for k in self.decks if k.span is not None and k.span.file == d.span.file] + [d]
                elif isinstance(d, A.SetDecl):
                    self.sets.append(d)
                elif isinstance(d, A.Redeal):
                    self.redeals.append(d)
                elif isinstance(d, A.OrderDecl):
                    self.orders[d.phase] = d
                elif isinstance(d, A.RemoveDecl):
                    self._remove(d)
                elif isinstance(d, A.ExtendDecl):
                    self.extensions.append(d)
                else:
                    key = _key_of(d)
                    if key is None:  # pragma: no cover
                        continue
                    replace = getattr(d, "replace", False)
                    if key in self.decls:
                        if not replace and key[0] != "option":
                            prev = self.decls[key]
                            self.diags.append(Diagnostic(
                                d.span, "error",
                                f"{key[0]} '{key[1]}' is already declared; write 'replace {key[0]} {key[1]}' to override it",
                                "E202", related=(_rel(prev.span, "first declared here"),)))
                        elif key[0] == "option" and self.decls[key].span != d.span:
                            self.error(d.span, "E202", f"option '{key[1]}' is already declared; use 'set {key[1]} = VALUE' to change its value")
                        self.decls[key] = d
                    else:
                        if replace:
                            self.error(d.span, "E203", f"'replace {key[0]} {key[1]}': no {key[0]} '{key[1]}' was declared before"
                                       + did_you_mean(key[1], [k[1] for k in self.decls if k[0] == key[0]]))
                        self.decls[key] = d
                        self.order.append(key)
        self._apply_extensions()

    def _apply_extensions(self) -> None:
        """``extend proc NAME { ... }``: the statements of every extension are spliced into
        the proc in force after all imports, replacements and removals: ``first`` ones
        before its own statements, the others after them, each group in import order."""
        spliced: dict[tuple[str, str], list[A.ExtendDecl]] = {}
        for x in self.extensions:
            key = (x.what, x.name)
            d = self.decls.get(key)
            if d is None:
                self.error(x.span, "E203", f"'extend {x.what} {x.name}': no {x.what} '{x.name}' is declared"
                           + did_you_mean(x.name, [k[1] for k in self.decls if k[0] == x.what]))
                continue
            if x.params and tuple(x.params) != tuple(d.params):
                self.error(x.span, "E206", f"'extend {x.what} {x.name}({', '.join(x.params)})': the {x.what} "
                           f"is declared as {x.name}({', '.join(d.params)}); write its parameters as declared")
                continue
            spliced.setdefault(key, []).append(x)
        for key, xs in spliced.items():
            d = self.decls[key]
            head = tuple(s for x in xs if x.first for s in x.body.stmts)
            tail = tuple(s for x in xs if not x.first for s in x.body.stmts)
            self.decls[key] = dataclasses.replace(
                d, body=dataclasses.replace(d.body, stmts=head + d.body.stmts + tail))

    def _symbol(self, kind: str, n: str, d: A.SymbolDecl) -> ir.Symbol:
        """A declared symbol; a cause's ``last_words EXPR`` becomes a closure that the
        ``cause_last_words(CAUSE)`` builtin evaluates."""
        lw = self.expr(d.last_words, set()) if getattr(d, "last_words", None) is not None else None
        return ir.Symbol(kind, n, *(_labels(d.labels, n)), d.temporary, d.span, lw)

    def _remove(self, d: A.RemoveDecl) -> None:
        if d.what == "deck":
            self.decks = []
            return
        key = (d.what, d.name)
        if key not in self.decls:
            self.error(d.span, "E203", f"'remove {d.what} {d.name}': no {d.what} '{d.name}' is declared"
                       + did_you_mean(d.name, [k[1] for k in self.decls if k[0] == d.what]))
            return
        del self.decls[key]
        self.order.remove(key)

    def of_kind(self, kind: str) -> list:
        return [self.decls[k] for k in self.order if k[0] == kind]

    # ------------------------------------------------------------ options
    def fix_options(self) -> dict[str, ir.Option]:
        decls = {d.name: d for d in self.of_kind("option")}
        chosen: dict[str, Any] = {n: d.default for n, d in decls.items()}
        for n, d in decls.items():
            if d.default not in d.values:
                self.error(d.span, "E207", f"option '{n}': default {d.default!r} is not one of its values {_values(d.values)}")
        for s in self.sets:
            self._set_option(decls, chosen, s.name, s.value, s.span)
        for n, v in self.overrides.items():
            self._set_option(decls, chosen, n, v, self.override_spans.get(n), from_text=True)
        return {n: ir.Option(n, d.values, d.default, chosen[n], d.doc, d.span) for n, d in decls.items()}

    def _set_option(self, decls, chosen, name, value, span, from_text=False) -> None:
        d = decls.get(name)
        given = f"{name}={value}: " if from_text and span is None else ""
        if d is None:
            self.error(span, "E207", f"{given}unknown option '{name}'" + did_you_mean(name, decls)
                       + (f"; options: {', '.join(sorted(decls))}" if decls else ""))
            return
        if from_text:
            value = _coerce(value, d.values)
        if value not in d.values:
            self.error(span, "E207", f"{given}option '{name}' cannot be {value!r}; allowed values: {_values(d.values)}")
            return
        chosen[name] = value

    # ------------------------------------------------------------ build
    def build(self) -> ir.Ruleset:
        self.merge()
        options = self.fix_options()
        self.option_values = {n: o.value for n, o in options.items()}
        self.roles_ast = {d.name: d for d in self.of_kind("role")}
        self.funcs_ast = {d.name: d for d in self.of_kind("func")}
        self.procs_ast = {d.name: d for d in self.of_kind("proc")}
        self.option_symbols = {str(v) for o in options.values() for v in o.values if isinstance(v, str)}
        self.attr_symbols = {str(v) for a in self.attributes.values() for v in a.values if isinstance(v, str)}
        self.counter_names = {n for r in self.roles_ast.values() for n, _ in r.counters}
        self.prop_names = {n for r in self.roles_ast.values() for n, _ in r.props} | set(self.properties)
        self.actions: dict[str, Span | None] = {}
        self._collect_actions()

        symbols = {kind: {n: self._symbol(kind, n, d)
                          for n, d in table.items()} for kind, table in self.symbols.items()}
        roles = {}
        for r in self.roles_ast.values():
            roles[r.name] = self._role(r)
        globals_ = {n: self.expr(d.expr, set()) for n, d in self.globals.items()}
        properties = {n: self.expr(d.expr, set()) for n, d in self.properties.items()}
        attributes = {n: ir.Attribute(n, d.values, d.default, d.span, d.range) for n, d in self.attributes.items()}
        cards = {}
        for d in self.of_kind("card"):
            for need in d.needs:
                if need not in self.attributes:
                    self.error(d.span, "E201", f"card '{d.name}' needs the seat attribute '{need}', which this ruleset "
                               f"does not declare; add 'attribute {need}: ...'" + did_you_mean(need, self.attributes))
            name, zh = _labels(d.labels, d.name)
            cards[d.name] = ir.Card(d.name, name, zh, d.moon, d.needs, self.block(d.body, set(), ctx="card"), d.span)
        funcs = {d.name: ir.Func(d.name, d.params, self.expr(d.expr, set(d.params)), d.span)
                 for d in self.funcs_ast.values()}
        procs = {}
        for d in self.procs_ast.values():
            procs[d.name] = ir.Proc(d.name, d.params, self.block(d.body, set(d.params), ctx="proc"), d.span)
        steps = self._steps()
        triggers, replacements = self._triggers()
        wins = self._wins()
        decks = self._decks(roles)
        players = self.meta.players
        if players is None:
            if decks:
                players = (min(d.low for d in decks), max(d.high for d in decks))
            else:
                players = (0, 0)
        if self.diags:
            raise WolfError(sorted(self.diags, key=_where))
        return ir.Ruleset(
            name=self.name, title=self.meta.title or self.name, summary=self.meta.summary,
            path=self.path, players=players, symbols=symbols, roles=roles, options=options,
            attributes=attributes, globals=globals_, properties=properties, decks=tuple(decks),
            steps=steps, procs=procs, funcs=funcs, triggers=triggers, replacements=replacements,
            wins=wins, actions=self.actions, cards=cards,
            redeals=tuple((self.expr(d.expr, set()), d.reason or "redeal rule") for d in self.redeals))

    def _collect_actions(self) -> None:
        def walk(node):
            if isinstance(node, A.Decide):
                self.actions.setdefault(node.action, node.span)
            elif isinstance(node, A.Vote):
                self.actions.setdefault(node.action, node.span)
            if isinstance(node, A.Block):
                for s in node.stmts:
                    walk(s)
            elif isinstance(node, A.If):
                for _, b in node.branches:
                    walk(b)
                if node.otherwise:
                    walk(node.otherwise)
            elif isinstance(node, (A.For, A.Later)):
                walk(node.body)
            elif isinstance(node, (A.Decide, A.Vote)):
                walk(node.body)
        for kind in ("step", "proc", "trigger", "replacement", "card"):
            for d in self.of_kind(kind):
                walk(d.body)

    def _role(self, r: A.RoleDecl) -> ir.Role:
        if r.faction is None:
            self.error(r.span, "E208", f"role '{r.name}' has no faction; add 'faction NAME' to its body")
        static: dict[str, str | None] = {}
        fns: dict[str, Callable | None] = {}
        for kind, val in (("faction", r.faction), ("class", r.klass), ("team", r.team)):
            static[kind], fns[kind] = None, None
            if val is None:
                continue
            if isinstance(val, A.Name):
                if val.id == "none" and kind != "faction":
                    continue
                if val.id not in self.symbols[kind]:
                    hint = did_you_mean(val.id, self.symbols[kind])
                    self.error(val.span, "E201", f"role '{r.name}': unknown {kind} '{val.id}'"
                               + (hint or f"; declare it first with '{kind} {val.id}'"))
                    continue
                static[kind] = val.id
            fns[kind] = self.expr(val, set())
        for st in r.statuses:
            if st not in self.symbols["status"]:
                self.error(r.span, "E201", f"role '{r.name}': unknown status '{st}'" + did_you_mean(st, self.symbols["status"]))
        name, name_zh = _labels(r.labels, r.name)
        return ir.Role(r.name, name, name_zh, static["faction"], static["class"], static["team"],
                       tuple((n, self.expr(e, set())) for n, e in r.counters), r.statuses,
                       {n: self.expr(e, set()) for n, e in r.props}, r.span,
                       fns["faction"], fns["class"], fns["team"])

    def _steps(self) -> dict[str, tuple[ir.Step, ...]]:
        out = {}
        all_steps = self.of_kind("step")
        names = {s.name for s in all_steps}
        for phase in ("night", "day"):
            decls = [s for s in all_steps if s.phase == phase]
            for s in decls:
                for other in s.after + s.before:
                    if other not in names:
                        self.error(s.span, "E201", f"step '{s.name}': unknown step '{other}' in its order"
                                   + did_you_mean(other, names))
            ordered = self._order(decls, phase)
            out[phase] = tuple(ir.Step(s.name, phase, self.expr(s.when, set()) if s.when else None, s.always,
                                       self.block(s.body, set(), ctx="step"), s.span) for s in ordered)
        return out

    def _order(self, decls: list[A.StepDecl], phase: str) -> list[A.StepDecl]:
        """Topological order: ``order`` declarations, then after/before/first/last, ties
        broken by declaration order."""
        by_name = {s.name: s for s in decls}
        index = {s.name: i for i, s in enumerate(decls)}
        od = self.orders.get(phase)
        if od is not None:
            for n in od.names:
                if n not in by_name:
                    self.error(od.span, "E201", f"order {phase}: unknown step '{n}'" + did_you_mean(n, by_name))
        edges = step_edges(decls, od)
        done: list[str] = []
        remaining = set(by_name)
        while remaining:
            ready = sorted((n for n in remaining if not (edges[n] & remaining)), key=index.get)
            if not ready:
                cyc = sorted(remaining, key=index.get)
                # report it at the step declared last: usually the designer's own
                self.error(by_name[cyc[-1]].span, "E208", f"the {phase} steps {', '.join(cyc)} have a cyclic order: "
                           f"check the after/before clauses of step '{cyc[-1]}'")
                done.extend(cyc)
                break
            done.append(ready[0])
            remaining.discard(ready[0])
        return [by_name[n] for n in done]

    def _triggers(self):
        trig: dict[str, list] = {}
        repl: dict[str, list] = {}
        for kind in ("trigger", "replacement"):
            for t in self.of_kind(kind):
                if t.event not in KNOWN_EVENTS:
                    self.error(t.span, "E201", f"unknown event '{t.event}'; triggers listen to: {', '.join(sorted(KNOWN_EVENTS))}")
                    continue
                scope = {t.var, "cause"}
                when = self.expr(t.when, scope) if t.when else None
                body = self.block(t.body, set(scope), ctx=kind)
                (trig if kind == "trigger" else repl).setdefault(t.event, []).append(
                    ir.Trigger(kind, t.name, t.event, t.var, t.order, when, body, t.span))
        sort = lambda d: {k: tuple(sorted(v, key=lambda t: t.order)) for k, v in d.items()}
        return sort(trig), sort(repl)

    def _wins(self) -> tuple[ir.Win, ...]:
        out = []
        for w in self.of_kind("win"):
            for f in w.factions:
                if f not in self.symbols["faction"]:
                    self.error(w.span, "E201", f"win '{w.name}': unknown faction '{f}'" + did_you_mean(f, self.symbols["faction"]))
            out.append(ir.Win(w.name, w.factions, w.priority, w.title or w.name, self.expr(w.when, set()), w.span))
        out.sort(key=lambda w: -w.priority)
        return tuple(out)

    def _decks(self, roles) -> list[ir.Deck]:
        out = []
        for d in self.decks:
            cards: list[str] = []
            for c in d.cards:
                if c.role not in roles:
                    self.error(c.span, "E201", f"deck: unknown role '{c.role}'" + did_you_mean(c.role, roles))
                cards.extend([c.role] * c.count)
            size = len(cards) - d.extra
            if d.low == d.high and size != d.low:
                self.error(d.span, "E208", f"deck {d.low}: {len(cards)} cards with {d.extra} extra deal {size} seats, not {d.low}; "
                           f"add or remove {abs(d.low - size)} card(s)")
            out.append(ir.Deck(d.low, d.high, tuple(cards), d.extra, d.span))
        return out

    # ------------------------------------------------------------ names
    def symbol_kinds(self, name: str) -> list[str]:
        kinds = [k for k, t in self.symbols.items() if name in t]
        if name in self.roles_ast:
            kinds.append("role")
        if name in self.option_symbols:
            kinds.append("option value")
        if name in self.attr_symbols:
            kinds.append("attribute value")
        if ("card", name) in self.decls:
            kinds.append("card")
        return kinds

    def known_names(self, scope) -> set[str]:
        names = set(scope) | set(self.globals) | set(self.option_values) | set(B.VALUES) | set(self.roles_ast)
        names |= {k[1] for k in self.decls if k[0] == "card"}
        names |= self.option_symbols | self.attr_symbols
        for t in self.symbols.values():
            names |= set(t)
        return names

    # ------------------------------------------------------------ expressions
    def expr(self, e: A.Expr, scope: set[str]) -> Callable:
        m = getattr(self, "e_" + type(e).__name__)
        return m(e, scope)

    def e_Name(self, e: A.Name, scope):
        n = e.id
        if n in scope:
            return lambda g, env: env[n]
        if n in self.globals:
            return lambda g, env: g.globals[n]
        if n in self.option_values:
            v = self.option_values[n]
            return lambda g, env: v
        if n in B.VALUES:
            f = B.VALUES[n]
            return lambda g, env: f(g)
        if self.symbol_kinds(n):
            return lambda g, env: n
        if n in self.funcs_ast:
            self.error(e.span, "E201", f"'{n}' is a func: call it as {n}(...)")
        else:
            self.error(e.span, "E201", f"unknown name '{n}'" + did_you_mean(n, self.known_names(scope)))
        return lambda g, env: None

    def e_Num(self, e, scope):
        v = e.value
        return lambda g, env: v

    def e_Str(self, e, scope):
        v = e.value
        return lambda g, env: v

    def e_Attr(self, e: A.Attr, scope):
        obj = self.expr(e.obj, scope)
        name = e.name
        if name in B.SEAT_FIELDS:
            attr = "klass" if name == "class" else name

            def get(g, env):
                s = obj(g, env)
                return None if s is None else getattr(g.players[s], attr)
            return get
        if name in self.counter_names or name in self.prop_names or name in self.attributes:
            return lambda g, env: g.seat_value(obj(g, env), name)
        known = set(B.SEAT_FIELDS) | self.counter_names | self.prop_names | set(self.attributes)
        self.error(e.span, "E204", f"unknown field '.{name}'" + did_you_mean(name, known)
                   + "; a seat has " + ", ".join(sorted(known)))
        return lambda g, env: None

    def e_Call(self, e: A.Call, scope):
        args = [self.expr(a, scope) for a in e.args]
        if e.name in B.FUNCTIONS:
            fn, arity = B.FUNCTIONS[e.name]
            if arity is not None and len(args) != arity and not (e.name == "circle" and len(args) == 1):
                self.error(e.span, "E206", f"{e.name}() takes {arity} argument(s), got {len(args)}")
                return lambda g, env: None
            if len(args) == 1:
                a0 = args[0]
                return lambda g, env: fn(g, a0(g, env))
            return lambda g, env: fn(g, *[a(g, env) for a in args])
        if e.name in self.funcs_ast:
            d = self.funcs_ast[e.name]
            if len(args) != len(d.params):
                self.error(e.span, "E206", f"{e.name}() takes {len(d.params)} argument(s), got {len(args)}")
                return lambda g, env: None
            name = e.name
            return lambda g, env: g.call_func(name, [a(g, env) for a in args])
        self.error(e.span, "E201", f"unknown function '{e.name}'"
                   + did_you_mean(e.name, list(B.FUNCTIONS) + list(self.funcs_ast)))
        return lambda g, env: None

    def e_Decided(self, e: A.Decided, scope):
        a = e.action
        if a not in self.actions:
            self.error(e.span, "E205", f"unknown action '{a}'" + did_you_mean(a, self.actions))
        return lambda g, env: g.decided.get(a)

    def e_ListExpr(self, e, scope):
        items = [self.expr(i, scope) for i in e.items]
        return lambda g, env: [i(g, env) for i in items]

    def e_Comprehension(self, e: A.Comprehension, scope):
        src = self.expr(e.source, scope)
        inner = set(scope) | {e.var}
        cond = self.expr(e.cond, inner)
        var = e.var

        def comp(g, env):
            out = []
            for x in src(g, env) or ():
                env[var] = x
                if cond(g, env):
                    out.append(x)
            return out
        return comp

    def e_BinOp(self, e: A.BinOp, scope):
        l, r = self.expr(e.left, scope), self.expr(e.right, scope)
        op = e.op
        if op in ("has", "lacks"):
            if isinstance(e.right, A.Name) and e.right.id not in self.symbols["status"] and e.right.id not in scope:
                self.error(e.right.span, "E201", f"unknown status '{e.right.id}'" + did_you_mean(e.right.id, self.symbols["status"]))
            neg = op == "lacks"

            def has(g, env):
                s = l(g, env)
                res = s is not None and r(g, env) in g.players[s].statuses
                return res != neg
            return has
        if op in ("==", "!="):
            self._check_kinds(e.left, e.right, scope)
            self._check_kinds(e.right, e.left, scope)
        fn = _BINOPS[op]
        return lambda g, env: fn(l(g, env), r(g, env))

    _FIELD_KINDS = {"faction": "faction", "role": "role", "class": "class", "team": "team", "cause": "cause"}

    def _check_kinds(self, field: A.Expr, other: A.Expr, scope) -> None:
        """``p.faction == werewolf`` compares a faction with a role id: never true (E210)."""
        if not (isinstance(field, A.Attr) and field.name in self._FIELD_KINDS and isinstance(other, A.Name)):
            return
        n = other.id
        if n in scope or n in self.globals or n in self.option_values or n in B.VALUES:
            return
        want = self._FIELD_KINDS[field.name]
        kinds = self.symbol_kinds(n)
        if not kinds or want in kinds or "option value" in kinds:
            return
        names = self.roles_ast if want == "role" else self.symbols[want]
        self.error(other.span, "E210", f"'.{field.name}' is compared with '{n}', which is a {' and a '.join(kinds)}, "
                   f"not a {want}: the comparison is never true" + did_you_mean(n, names))

    def e_BoolOp(self, e: A.BoolOp, scope):
        items = [self.expr(i, scope) for i in e.items]
        if e.op == "and":
            return lambda g, env: all(i(g, env) for i in items)
        return lambda g, env: any(i(g, env) for i in items)

    def e_Not(self, e, scope):
        x = self.expr(e.operand, scope)
        return lambda g, env: not x(g, env)

    def e_Neg(self, e, scope):
        x = self.expr(e.operand, scope)
        return lambda g, env: -x(g, env)

    def e_IfExpr(self, e: A.IfExpr, scope):
        branches = [(self.expr(c, scope), self.expr(v, scope)) for c, v in e.branches]
        other = self.expr(e.otherwise, scope)

        def ifx(g, env):
            for c, v in branches:
                if c(g, env):
                    return v(g, env)
            return other(g, env)
        return ifx

    # ------------------------------------------------------------ statements
    def block(self, b: A.Block, scope: set[str], ctx: str) -> Callable:
        fns = [self.stmt(s, scope, ctx) for s in b.stmts]
        if len(fns) == 1:
            return fns[0]

        def run(g, env):
            for f in fns:
                f(g, env)
        return run

    def stmt(self, s: A.Stmt, scope: set[str], ctx: str) -> Callable:
        fn = getattr(self, "s_" + type(s).__name__)(s, scope, ctx)
        if isinstance(s, (A.If, A.For, A.Decide, A.Vote, A.Later, A.EndPhase)):
            return fn  # their inner statements report for themselves
        span, kind = s.span, type(s).__name__

        def guarded(g, env):
            try:
                return fn(g, env)
            except (TypeError, AttributeError, KeyError, IndexError, ValueError, ZeroDivisionError) as exc:
                raise RuleRuntimeError(Diagnostic(span, "error", f"{g.phase} {g.day}: this statement failed while the game "
                                                  f"ran: {_explain(exc)}", "E401")) from None
        return guarded

    def s_Let(self, s: A.Let, scope, ctx):
        v = self.expr(s.expr, scope)
        scope.add(s.name)
        n = s.name

        def let(g, env):
            env[n] = v(g, env)
        return let

    def s_Assign(self, s: A.Assign, scope, ctx):
        v = self.expr(s.expr, scope)
        op = s.op
        if s.attr is None:
            n = s.name
            if n in scope:
                get = lambda g, env: env[n]

                def put(g, env, x):
                    env[n] = x
            elif n in self.globals:
                get = lambda g, env: g.globals[n]

                def put(g, env, x):
                    g.globals[n] = x
            else:
                if n in self.option_values:
                    self.error(s.span, "E209", f"option '{n}' is read-only during a game; use a 'global' for state")
                else:
                    self.error(s.span, "E201", f"cannot assign to unknown name '{n}'; declare it with 'let {n} = ...' or 'global {n} = ...'"
                               + did_you_mean(n, set(scope) | set(self.globals)))
                return lambda g, env: None
        else:
            obj = self.expr(A.Name(id=s.name, span=s.span), scope)
            attr = s.attr
            if attr in ("role", "faction", "class", "team"):
                get = lambda g, env: B.seat_field(g.players[obj(g, env)], attr)

                def put(g, env, x):
                    g.set_seat_field(obj(g, env), attr, x)
            elif attr in self.counter_names or attr in self.prop_names:
                get = lambda g, env: g.seat_value(obj(g, env), attr)

                def put(g, env, x):
                    g.set_counter(obj(g, env), attr, x)
            else:
                self.error(s.span, "E204", f"cannot assign '.{attr}': only counters and properties"
                           f" ({', '.join(sorted(self.counter_names | self.prop_names)) or 'none declared'})"
                           " and role, faction, class, team can change; declare it with 'property NAME = VALUE'")
                return lambda g, env: None
        if op == "=":
            return lambda g, env: put(g, env, v(g, env))
        sign = 1 if op == "+=" else -1
        return lambda g, env: put(g, env, (get(g, env) or 0) + sign * v(g, env))

    def s_If(self, s: A.If, scope, ctx):
        branches = [(self.expr(c, scope), self.block(b, scope, ctx)) for c, b in s.branches]
        other = self.block(s.otherwise, scope, ctx) if s.otherwise is not None else None

        def run(g, env):
            for c, b in branches:
                if c(g, env):
                    b(g, env)
                    return
            if other is not None:
                other(g, env)
        return run

    def s_For(self, s: A.For, scope, ctx):
        src = self.expr(s.source, scope)
        scope.add(s.var)
        body = self.block(s.body, scope, ctx)
        var = s.var

        def run(g, env):
            for x in list(src(g, env) or ()):
                env[var] = x
                body(g, env)
        return run

    def _clauses(self, clauses, scope):
        return tuple((self.expr(c.cond, scope), c.reason) for c in clauses)

    def s_Decide(self, s: A.Decide, scope, ctx):
        by_kind, by_name, by_fn = "seat", None, None
        if isinstance(s.by, A.Name) and s.by.id not in scope and s.by.id not in self.globals:
            n = s.by.id
            if n in self.roles_ast:
                by_kind, by_name = "role", n
            elif n in self.symbols["team"]:
                by_kind, by_name = "team", n
            elif n == "moderator" and n not in self.symbol_kinds(n):
                by_kind, by_name = "moderator", n
        if by_kind == "seat":
            by_fn = self.expr(s.by, scope)
        inner = set(scope) | {"me"}
        requires = self._clauses(s.requires, inner)
        options = self.expr(s.options, inner)
        pass_when = self.expr(s.pass_when, inner) if s.pass_when else None
        if s.count == "any":
            count = "any"
        else:
            count = self.expr(s.count, inner) if s.count else None
        tell = tuple((f.name, self.expr(f.expr, inner)) for f in s.tell)
        prefer = self.expr(s.prefer, inner) if s.prefer is not None else None
        opt_scope = inner | {s.var}
        unless = self._clauses(s.unless, opt_scope)
        scope.update(("me", s.var))
        body = self.block(s.body, scope, ctx) if s.body.stmts else (lambda g, env: None)
        op = ir.DecideOp(s.action, s.action.rsplit(".", 1)[-1], by_kind, by_name, by_fn, s.may_pass, pass_when,
                         s.var, count, options, requires, unless, tell, body, s.span, prefer, s.pass_reason)
        return lambda g, env: g.run_decide(op, env)

    def s_Vote(self, s: A.Vote, scope, ctx):
        voters = self.expr(s.voters, scope)
        vscope = set(scope) | {s.voter_var}
        vu = self._clauses(s.voter_unless, vscope)
        cands = self.expr(s.candidates, scope)
        cscope = vscope | {s.cand_var}
        cu = self._clauses(s.cand_unless, cscope)
        weight = self.expr(s.weight, cscope) if s.weight else None
        prefer = self.expr(s.prefer, vscope) if s.prefer is not None else None
        scope.update((s.voter_var, s.cand_var, s.top_var))
        if s.ballots_var:
            scope.add(s.ballots_var)
        body = self.block(s.body, scope, ctx) if s.body.stmts else (lambda g, env: None)
        op = ir.VoteOp(s.action, s.action.rsplit(".", 1)[-1], s.kind, s.voter_var, voters, vu, s.cand_var, cands, cu,
                       weight, s.top_var, s.ballots_var, body, s.span, prefer)
        return lambda g, env: g.run_vote(op, env)

    def s_Kill(self, s: A.Kill, scope, ctx):
        if s.cause not in self.symbols["cause"]:
            self.error(s.span, "E201", f"unknown cause '{s.cause}'" + did_you_mean(s.cause, self.symbols["cause"])
                       + "; declare it with 'cause NAME'")
        target = self.expr(s.target, scope)
        as_ = self.expr(s.as_, scope) if s.as_ else None
        cause = s.cause
        span = s.span
        if as_ is None:
            return lambda g, env: g.kill(target(g, env), cause, None, span)
        return lambda g, env: g.kill(target(g, env), cause, as_(g, env), span)

    def _status(self, name, span):
        if name not in self.symbols["status"]:
            self.error(span, "E201", f"unknown status '{name}'" + did_you_mean(name, self.symbols["status"])
                       + "; declare it with 'status NAME'")

    def s_AddStatus(self, s: A.AddStatus, scope, ctx):
        self._status(s.status, s.span)
        target, st = self.expr(s.target, scope), s.status
        return lambda g, env: g.add_status(target(g, env), st)

    def s_RemoveStatus(self, s: A.RemoveStatus, scope, ctx):
        self._status(s.status, s.span)
        target, st = self.expr(s.target, scope), s.status
        return lambda g, env: g.remove_status(target(g, env), st)

    def _fields(self, fields, scope):
        return tuple((f.name, self.expr(f.expr, scope)) for f in fields)

    def s_Tell(self, s: A.Tell, scope, ctx):
        target, fields = self.expr(s.target, scope), self._fields(s.fields, scope)
        return lambda g, env: g.tell(target(g, env), {k: f(g, env) for k, f in fields})

    def s_Log(self, s: A.Log, scope, ctx):
        fields, t = self._fields(s.fields, scope), s.type
        return lambda g, env: g.log(t, {k: f(g, env) for k, f in fields})

    def s_CallProc(self, s: A.CallProc, scope, ctx):
        args = [self.expr(a, scope) for a in s.args]
        d = self.procs_ast.get(s.name)
        if d is None:
            self.error(s.span, "E201", f"unknown proc '{s.name}'" + did_you_mean(s.name, self.procs_ast))
            return lambda g, env: None
        if len(args) != len(d.params):
            self.error(s.span, "E206", f"proc {s.name}() takes {len(d.params)} argument(s), got {len(args)}")
        name = s.name
        return lambda g, env: g.call_proc(name, [a(g, env) for a in args])

    def s_EndPhase(self, s, scope, ctx):
        def end(g, env):
            raise EndPhase()
        return end

    def s_CheckWin(self, s, scope, ctx):
        return lambda g, env: g.check_win()

    def s_Announce(self, s, scope, ctx):
        return lambda g, env: g.announce()

    def s_Later(self, s: A.Later, scope, ctx):
        body = self.block(s.body, set(scope), ctx)
        phase = s.phase
        return lambda g, env: g.schedule(phase, body, env)

    def s_Revive(self, s: A.Revive, scope, ctx):
        target = self.expr(s.target, scope)
        role = self.expr(s.role, scope) if s.role is not None else None
        if isinstance(s.role, A.Name) and s.role.id not in self.roles_ast and s.role.id not in scope:
            self.error(s.role.span, "E201", f"unknown role '{s.role.id}'" + did_you_mean(s.role.id, self.roles_ast))
        return lambda g, env: g.revive(target(g, env), role(g, env) if role is not None else None)

    def s_Play(self, s: A.Play, scope, ctx):
        card = self.expr(s.card, scope)
        if isinstance(s.card, A.Name) and ("card", s.card.id) not in self.decls and s.card.id not in scope:
            self.error(s.card.span, "E201", f"unknown card '{s.card.id}'"
                       + did_you_mean(s.card.id, [k[1] for k in self.decls if k[0] == "card"]))
        return lambda g, env: g.play_card(card(g, env))

    def s_Proceed(self, s, scope, ctx):
        if ctx not in ("replacement", "proc"):
            self.error(s.span, "E209", "'proceed' is only meaningful inside a replacement")

        def proceed(g, env):
            env["__proceed__"] = True
        return proceed


def _explain(exc: Exception) -> str:
    text = str(exc)
    if "NoneType" in text:
        return f"a value is none where a seat, number or list is needed ({text})"
    return f"{type(exc).__name__}: {text}"


def step_edges(decls: list[A.StepDecl], order_decl: A.OrderDecl | None) -> dict[str, set[str]]:
    """``name -> the steps that must run right before it``, from an ``order``
    declaration and each step's ``after``, ``before``, ``first`` and ``last`` (not from
    declaration order; names of other phases or unknown steps are ignored here)."""
    names = {s.name for s in decls}
    edges: dict[str, set[str]] = {s.name: set() for s in decls}
    if order_decl is not None:
        listed = [n for n in order_decl.names if n in names]
        for a, b in zip(listed, listed[1:]):
            edges[b].add(a)
    for s in decls:
        edges[s.name] |= {a for a in s.after if a in names}
        for b in s.before:
            if b in names:
                edges[b].add(s.name)
    firsts = {s.name for s in decls if s.first}
    lasts = {s.name for s in decls if s.last}
    for s in decls:
        if s.name not in firsts:
            edges[s.name] |= firsts
        if s.name in lasts:
            edges[s.name] |= names - lasts
    return edges


def _where(d: Diagnostic):
    s = d.span
    return (s.file, s.line, s.col) if s is not None else ("", 0, 0)


def _rel(span, msg):
    from ..diagnostics import Related
    return Related(span, msg)


def _labels(labels, name) -> tuple[str, str]:
    en = labels[0] if labels else name.replace("_", " ").capitalize()
    zh = labels[1] if len(labels) > 1 else ""
    return en, zh


def _values(values) -> str:
    return " | ".join(("true" if v else "false") if isinstance(v, bool) else str(v) for v in values)


def _coerce(text: Any, values: tuple) -> Any:
    """Turn command-line text into the option's value type."""
    if not isinstance(text, str):
        return text
    low = text.strip().lower()
    if low in ("true", "yes", "false", "no") and any(isinstance(v, bool) for v in values):
        return low in ("true", "yes")
    for v in values:
        if str(v) == text:
            return v
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            try:
                if float(text) == float(v):
                    return v
            except ValueError:
                pass
    return text


def _lt(a, b):
    return a is not None and b is not None and a < b


def _le(a, b):
    return a is not None and b is not None and a <= b


def _in(a, b):
    return b is not None and a in b


def _add(a, b):
    if isinstance(a, list):
        return a + (b if isinstance(b, list) else [b])
    return a + b


def _sub(a, b):
    if isinstance(a, list):
        drop = set(b) if isinstance(b, list) else {b}
        return [x for x in a if x not in drop]
    return a - b


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": _lt, "<=": _le,
    ">": lambda a, b: _lt(b, a), ">=": lambda a, b: _le(b, a),
    "in": _in, "not in": lambda a, b: not _in(a, b),
    "+": _add, "-": _sub, "*": operator.mul, "/": operator.truediv, "%": operator.mod,
}
