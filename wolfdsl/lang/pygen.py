"""The Python-source backend: a resolved program becomes one generated Python module.

``PyGen(program, bindings)`` is a :class:`~wolfdsl.lang.codegen.CodeGen` whose roots
(a step's body and condition, a proc, a func, a trigger, a win rule, a decision's
options, clauses and hints, a vote's…) are plain Python functions ``fn(g, env)`` written
as source text — slots read as ``env['slot']``, fields as attribute reads, operators
inlined — instead of a closure per AST node. The text of every root goes into one module,
compiled once per ruleset with :func:`compile` under the synthetic file name
``<wolfdsl NAME>`` (:meth:`PyGen.finish`; the code is kept on disk by
:mod:`wolfdsl.lang.codecache`, so the same source is compiled once per machine); until then each root is a stub whose code the
compiled function's replaces, so the :class:`~wolfdsl.lang.ir.Ruleset` can be built
as it is generated.

Errors (rule ID E401/E402, as the closure backend): every generated function catches
:data:`~wolfdsl.lang.codegen.GUARDED` once, looks up the line the error passed through
in the module's line map (``line -> (span, what)``: each line of generated code belongs
to exactly one expression root or statement) and raises the diagnostic the closure guard
(:func:`~wolfdsl.lang.codegen.located`) gives at that place; a line that maps to nothing
(a ``decide`` or ``vote`` the engine runs, a closure kept as is) lets the error through
unchanged.

A node the generator does not know (a statement or expression another stage adds) falls
back to the closure of :class:`~wolfdsl.lang.codegen.CodeGen` for that subtree, called
from the generated text; so do ``decide``, ``vote`` and ``later`` (whose parts are
generated roots themselves). Evaluation order, the run limits (``g.spend``, the list
and number checks of :mod:`wolfdsl.lang.values`) and constant folding are those of the
closure backend, so an event log is byte-identical whichever backend plays it.
"""
from __future__ import annotations

import types
from contextlib import contextmanager
from dataclasses import replace
from typing import Callable

from . import builtins as B
from . import syntax as A
from .codecache import compiled
from .codegen import (GUARDED, CodeGen, NotASeat, _nothing, _RUNTIME_ERRORS, _SCALARS, assigned_text, constant,
                      listed_text, literal_text, placed, right_text, seat)
from . import ir
from .ir import ANSWER_KINDS, EndPhase
from .limits import MAX_CALL_DEPTH, MAX_LIST, MAX_STEPS, too_deep
from .pydecide import decide_function, vote_function
from .values import _BIG, BINOPS, QUICK, as_list, as_score, compound, listed, member, negate


class Code:
    """Generated text of one expression: ``src`` (one line of Python), ``const``
    (``(value,)`` when known at compile time), ``pure`` (reading it cannot fail nor
    change anything: a constant or a slot), ``seat`` (it is a seat of the game, never
    ``none``: an item of ``alive`` or ``players``) and ``num``: ``"float"``, ``"int"``
    (never a bool) or ``"real"`` (one of the two) when its value always is such a
    number, else ``None``."""
    __slots__ = ("src", "const", "pure", "seat", "num")

    def __init__(self, src: str, const: tuple | None = None, pure: bool = False, seat: bool = False,
                 num: str | None = None):
        self.src, self.const, self.pure, self.seat, self.num = src, const, pure, seat, num


_NUMS = frozenset({"float", "int", "real"})


def _num_of(v) -> str | None:
    """:attr:`Code.num` of a constant."""
    return "float" if v.__class__ is float else "int" if v.__class__ is int else None


def _num_join(nums) -> str | None:
    """:attr:`Code.num` of a value that is one of values of kinds ``nums``."""
    nums = set(nums)
    if len(nums) == 1:
        return nums.pop()
    return "real" if nums <= _NUMS else None


def _stub(g, env):  # pragma: no cover - replaced by finish()
    raise RuntimeError("generated code used before PyGen.finish()")


_ARITH = {"/": "_div", "%": "_mod"}
_PLAIN = {"none": "None", "yes": "True", "no": "False", "true": "True", "false": "False"}
_HELPERS = {"_member": member, "_listed": listed, "_add": QUICK["+"], "_sub": QUICK["-"], "_as_list": as_list, "_neg": negate,
            "_div": QUICK["/"], "_mod": BINOPS["%"],
            "_mul": QUICK["*"], "_as_score": as_score, "_seat": seat, "_seat_field": B.seat_field, "_EndPhase": EndPhase,
            "_compound": compound,
            "_GUARDED": GUARDED, "_nothing": _nothing, "NotASeat": NotASeat,
            "_KINDS": ANSWER_KINDS, "_BIG": _BIG, "_MAX_LIST": MAX_LIST,
            "_MAX_DEPTH": MAX_CALL_DEPTH, "_MAX_STEPS": MAX_STEPS, "_too_deep": too_deep}


_SPEND = "g.steps += {0}; g.steps > _MAX_STEPS and g.spend(0)"
"""``g.spend(n)`` inline (Budget.spend: the count, and past the limit its error)."""


class PyGen(CodeGen):
    """Generated Python functions for the roots of one resolved program; see the module
    docstring. Call :meth:`finish` once, after the last root, before any is run."""

    def __init__(self, program, bindings, name: str = "ruleset"):
        super().__init__(program, bindings)
        self.filename = f"<wolfdsl {name}>"
        self.lines: list[str] = []
        self.where: list[tuple | None] = [None]  # line number (from 1) -> (span, what) or None
        self.ns: dict = dict(_HELPERS)
        self.ns["_where"] = self.where
        self.ns["_fail"] = self._fail
        self.stubs: list[tuple[str, Callable]] = []
        self.count = 0
        self.tmp = 0
        self.alias: dict[str, tuple[str, bool]] = {}
        self.hoisted: dict[int, str] = {}
        """Expression node id -> the Python local holding its value, computed before a
        loop it does not change in (:func:`wolfdsl.lang.pydecide._split`)."""
        """Slots held in a Python local of the function being generated: slot -> (name, is a seat)."""
        self.tables: dict[str, str] | None = None
        """Builtin name -> the local holding its per-seat table, in the function
        :meth:`score_all` writes (``None``: elsewhere, call the builtin)."""

    # ------------------------------------------------------------ module text
    def name(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def const_ref(self, value) -> str:
        """A module global holding ``value`` (a closure, an op, a span…)."""
        n = self.name("_k")
        self.ns[n] = value
        return n

    def emit(self, text: str, where: tuple | None = None) -> None:
        self.lines.append(text)
        self.where.append(where)

    def function(self, body: list[tuple[str, tuple | None]], prefix: str = "_f", params: str = "g, env") -> Callable:
        """A stub for a generated function whose body is ``body`` (``(line, where)``
        pairs, indented from 0); its code is compiled by :meth:`finish`."""
        n = self.name(prefix)
        self.emit(f"def {n}({params}):")
        self.emit("  try:")
        for text, where in body:
            self.emit("    " + text, where)
        self.emit("  except _GUARDED as _e:")
        self.emit("    _r = _fail(g, _e)")
        self.emit("    if _r is None: raise")
        self.emit("    raise _r from None")
        stub = types.FunctionType(_stub.__code__, self.ns, n)
        stub.__qualname__ = n
        self.stubs.append((n, stub))
        return stub

    def _fail(self, g, exc: BaseException):
        """The placed error for ``exc`` caught in a generated function (``None``: raise it as is)."""
        tb = exc.__traceback__
        where = self.where[tb.tb_lineno] if tb is not None and tb.tb_lineno < len(self.where) else None
        if where is None:
            return None
        return placed(g, exc, *where)

    def finish(self) -> None:
        """Compile the module text once and give every stub its compiled code."""
        if not self.stubs:
            return
        code = compiled("\n".join(self.lines) + "\n", self.filename)
        exec(code, self.ns)
        for n, stub in self.stubs:
            stub.__code__ = self.ns[n].__code__
            self.ns[n] = stub
        self.stubs = []

    def temp(self) -> str:
        self.tmp += 1
        return f"_t{self.tmp}"

    # ------------------------------------------------------------ roots
    @contextmanager
    def own_function(self, alias: dict | None = None):
        """Generate the text of another function: no Python local of the current one."""
        outer, self.alias = self.alias, alias or {}
        tables, self.tables = self.tables, None
        try:
            yield
        finally:
            self.alias, self.tables = outer, tables

    def root(self, e: A.Expr | None, what: str = "this expression") -> Callable | None:
        if e is None:
            return None
        c = self.root_code(e)
        if c.const is not None:
            return constant(c.const[0])  # a constant cannot fail
        return self.function([(f"return {c.src}", (e.span, what))])

    def root_code(self, e: A.Expr) -> Code:
        """The text of the expression root ``e`` (no Python local of another function),
        generated once: a func's body is read by its callers (:meth:`func_value`,
        :meth:`bind_calls`) and by its own root."""
        cache = self.__dict__.setdefault("_roots", {})
        c = cache.get(id(e))
        if c is None:
            with self.own_function():
                c = cache[id(e)] = self.gen(e)
        return c

    def root_list(self, e: A.Expr, what: str) -> Callable:
        with self.own_function():
            c = self.gen(e)
        return self.function([(f"return _as_list({c.src})", (e.span, what))])

    def block(self, b: A.Block) -> Callable:
        if not b.stmts:
            return _nothing
        lines: list = []
        with self.own_function():
            self.stmts(b, lines, 0)
        self.__dict__.setdefault("_blocks", {})[id(b)] = lines
        return self.function(lines)

    def block_lines(self, b: A.Block) -> list | None:
        """The ``(text, where)`` lines of the block ``b`` (indented from 0, no Python local
        of another function), as :meth:`block` wrote them; ``None`` before that."""
        return self.__dict__.get("_blocks", {}).get(id(b))

    # ------------------------------------------------------------ phases and wins
    def steps(self, ordered: dict[str, list]) -> dict[str, tuple]:
        """The ``ir.Step`` of each phase, as :meth:`CodeGen.steps` gives them; the text of
        each one's condition and body is kept for :meth:`phase_runs`."""
        self._step_text: dict[int, tuple] = {}
        out = {}
        for phase, decls in ordered.items():
            items = []
            for d in decls:
                with self.own_function():
                    cond = self.known(self.gen(d.when)) if d.when is not None else None
                    lines: list = []
                    if d.body.stmts:
                        self.stmts(d.body, lines, 0)
                if cond is None:
                    when = None
                elif cond.const is not None:
                    when = constant(cond.const[0])
                else:
                    when = self.function([(f"return {cond.src}", (d.when.span, "this step's condition"))])
                step = ir.Step(d.name, phase, when, d.always, self.function(lines) if lines else _nothing, d.span)
                self._step_text[id(step)] = (cond, d.when.span if d.when is not None else None, lines)
                items.append(step)
            out[phase] = tuple(items)
        return out

    def phase_runs(self, steps: dict[str, tuple]) -> dict[str, Callable]:
        """``fn(g) -> cut`` per phase: its steps in order as the engine's loop runs them
        unwatched (``Game._run_phase``) — a step after an ``end phase`` only if it is
        ``always``, its condition (read with a fresh frame) inline, a constant false
        one's step left out, its body (a fresh frame) inline when short, else called —
        each step the last of ``g.running`` while it runs unless the table is silent
        (then nothing reads ``running``: only a death's logged provenance does)."""
        out = {}
        for phase, items in steps.items():
            body: list = [("_q = g.silent", None), ("_r = g.running", None), ("_cut = False", None)]
            ran = False  # a step before this one may have cut the phase
            for st in items:
                cond, span, lines = self._step_text[id(st)]
                if cond is not None and cond.const is not None and not cond.const[0]:
                    continue
                d = 0
                if ran and not st.always:
                    body.append(("if not _cut:", None))
                    d += 1
                ran = True
                if cond is not None and cond.const is None:
                    if "env" in cond.src:
                        body.append(("  " * d + "env = {}", None))
                    body.append(("  " * d + f"if {cond.src}:", (span, "this step's condition")))
                    d += 1
                ind = "  " * d
                body.append((ind + f"if not _q: _r.append({self.const_ref(st)})", None))
                body.append((ind + "try:", None))
                if self.inlined(lines):
                    body.append((ind + "  env = {}", None))
                    body.extend((ind + "  " + text, where) for text, where in lines)
                elif lines:
                    body.append((ind + f"  {self.const_ref(st.body)}(g, {{}})", None))
                else:
                    body.append((ind + "  pass", None))
                body.append((ind + "except _EndPhase:", None))
                body.append((ind + "  _cut = True", None))
                body.append((ind + "finally:", None))
                body.append((ind + "  if not _q: _r.pop()", None))
            body.append(("return _cut", None))
            out[phase] = self.function(body, "_phase", "g")
        return out

    INLINE_LINES = 40
    """A step body of at most this many lines (and :data:`INLINE_DEPTH` levels) is
    written into its phase's function; a longer one is called."""
    INLINE_DEPTH = 12

    def inlined(self, lines: list) -> bool:
        """Whether a step body of these lines is written into its phase's function:
        short, and shallow enough for Python's limit of nested blocks."""
        if not lines or len(lines) > self.INLINE_LINES:
            return False
        return max((len(t) - len(t.lstrip(" "))) // 2 for t, _ in lines) <= self.INLINE_DEPTH

    def wins(self) -> tuple:
        """The ``ir.Win`` rules as :meth:`CodeGen.wins` gives them (highest priority
        first); each one's condition text is kept for :meth:`win_check`."""
        self._win_text: dict[int, tuple] = {}
        out = []
        for w in self.p.of_kind("win"):
            with self.own_function():
                cond = self.known(self.gen(w.when))
            what = "this win condition"
            fn = constant(cond.const[0]) if cond.const is not None else self.function(
                [(f"return {cond.src}", (w.when.span, what))])
            win = ir.Win(w.name, w.factions, w.priority, w.title or w.name, fn, w.span, w.title_zh or "")
            self._win_text[id(win)] = (cond, w.when.span)
            out.append(win)
        out.sort(key=lambda w: -w.priority)
        return tuple(out)

    def win_check(self, wins: tuple) -> Callable | None:
        """``fn(g) -> (factions, rule name)``: the win rules in priority order in one
        function, as :meth:`wolfdsl.play.game.Game.winners` checks them — every rule of
        the highest priority that holds (each condition evaluated in order, a constant
        one not at all), their factions in order without repeats, the first one's
        name; ``([], None)`` when none holds."""
        body: list = [("env = {}", None), ("_w = []", None), ("_why = None", None)]
        i = 0
        while i < len(wins):
            group = [w for w in wins[i:] if w.priority == wins[i].priority]
            i += len(group)
            first = True  # no rule of this group can have held yet: _w is empty
            held = False  # a rule of this group holds for sure (a constant true one)
            for w in group:
                cond, span = self._win_text[id(w)]
                if cond.const is not None and not cond.const[0]:
                    continue
                d = ""
                if cond.const is None:
                    body.append((f"if {cond.src}:", (span, "this win condition")))
                    d = "  "
                if first:
                    body.append((d + f"_why = {w.name!r}; _w = {list(dict.fromkeys(w.factions))!r}", None))
                else:
                    body.append((d + f"if _why is None: _why = {w.name!r}", None))
                    body.extend((d + f"if {f!r} not in _w: _w.append({f!r})", None) for f in w.factions)
                first = False
                held = held or cond.const is not None
            if held:
                body.append(("return _w, _why", None))
                break
            if not first:
                body.append(("if _why is not None: return _w, _why", None))
        else:
            if body[-1][0] == "if _why is not None: return _w, _why":
                body.pop()
            body.append(("return _w, _why", None))
        return self.function(body, "_wins", "g")

    def filter(self, clauses, slot: str) -> Callable | None:
        """``fn(g, env, values)``: the values for which no clause holds, with
        ``env[slot]`` bound to each in turn (:func:`wolfdsl.play.referee.allowed` in one
        function); clauses that can never forbid are left out as
        :meth:`~wolfdsl.lang.codegen.CodeGen.clauses` leaves them out; ``None`` when
        none is left."""
        tests = []
        with self.own_function({slot: ("_v", False)}):
            for c in clauses:
                code = self.gen(c.cond)
                if getattr(c, "must", False):  # ``must X`` refuses where X is false (``unless not X``)
                    code = Code(f"(not {code.src})", (not code.const[0],) if code.const is not None else None)
                if code.const is not None and not code.const[0]:
                    continue
                tests.append((f"  if {code.src}: continue", (c.cond.span, "this condition")))
        if not tests:
            return None
        body = [("out = []", None), ("for _v in values:", None), (f"  env[{slot!r}] = _v", None), *tests,
                ("  out.append(_v)", None), ("return out", None)]
        return self.function(body, "_u", "g, env, values")

    def score_all(self, e: A.Expr | None, slot: str, seats: bool) -> Callable | None:
        """``fn(g, env, values) -> {value: float}``: the ``score`` hint ``e`` of each value
        with ``env[slot]`` bound to it in turn (seats of the game when ``seats``), as
        :func:`wolfdsl.play.referee.scores` evaluates it, in one function; a builtin with
        a per-seat :attr:`~wolfdsl.lang.builtins.Builtin.table` read from its table,
        fetched once (:meth:`g_Call`). ``None`` without a hint."""
        if e is None:
            return None
        with self.own_function({slot: ("_v", seats)}):
            self.tables = {}
            code = self.gen(e)
            tables = self.tables
        if code.num == "float":  # as_score of a float is itself
            each = [(f"  out[_v] = {code.src}", (e.span, "this score"))]
        else:
            each = [(f"  _x = {code.src}", (e.span, "this score")),
                    ("  out[_v] = _x if _x.__class__ is float else float(_x) if _x.__class__ is int else _as_score(_x)", None)]
        body = [("out = {}", None), *((f"{t} = None", None) for t in tables.values()),
                ("for _v in values:", None), (f"  env[{slot!r}] = _v", None), *each, ("return out", None)]
        return self.function(body, "_h", "g, env, values")

    def decide_op(self, s: A.Decide, full: bool = True):
        op = super().decide_op(s, full)
        op = replace(op, score_all=self.score_all(s.score, op.var, self.items_are_seats(s.options)))
        if not full:
            return op
        by_fn = op.by_fn
        if by_fn is not None:  # the seat that decides, generated as well
            with self.own_function():
                who = self.gen(s.by).src
            by_fn = self.function([(f"return _seat(g, {who})", (s.by.span, "this decider"))])
        return replace(op, unless_filter=self.filter(s.unless, op.var), by_fn=by_fn)

    def vote_op(self, s: A.Vote, full: bool = True):
        op = super().vote_op(s, full)
        op = replace(op, score_all=self.score_all(s.score, op.cand_var, self.items_are_seats(s.candidates)))
        if not full:
            return op
        cv = op.cand_var
        fixed = [c for c in s.cand_unless if not self.reads_slot(c.cond, op.voter_var)]
        by_voter = [c for c in s.cand_unless if self.reads_slot(c.cond, op.voter_var)]
        return replace(op, cand_filter=self.filter(s.cand_unless, cv), fixed_filter=self.filter(fixed, cv),
                       by_voter_filter=self.filter(by_voter, cv))

    def p_Decide(self, s: A.Decide, out, depth):
        fn = decide_function(self, s)
        call = f"g.run_decide({self.const_ref(self.decide_op(s))}, env)" if fn is None else f"{self.const_ref(fn)}(g, env)"
        out.append(("  " * depth + call, None))

    def p_Vote(self, s: A.Vote, out, depth):
        fn = vote_function(self, s)
        call = f"g.run_vote({self.const_ref(self.vote_op(s))}, env)" if fn is None else f"{self.const_ref(fn)}(g, env)"
        out.append(("  " * depth + call, None))

    def items_are_seats(self, e: A.Expr) -> bool:
        """Whether every item of the list ``e`` is a seat of the game: ``alive``,
        ``players`` or a comprehension over one of them."""
        return self.seats_of(e) or (isinstance(e, A.Comprehension) and self.seats_of(e.source))

    def tests(self, clauses) -> list:
        """``(condition text, clause)`` of the clauses that may hold (a ``must X`` as
        ``not X``), generated with the current aliases."""
        out = []
        for c in clauses:
            code = self.gen(c.cond)
            if getattr(c, "must", False):
                code = Code(f"(not {code.src})", (not code.const[0],) if code.const is not None else None)
            if code.const is not None and not code.const[0]:
                continue
            out.append((code.src, c))
        return out

    def property_read(self, name: str, seat: str) -> str | None:
        """Text reading ``seat.name`` (``seat`` a temporary holding a seat, not none) as
        ``g.seat_value`` would, without its lookups, when that is known at compile time:
        the seat's own counter or property of that name, else — when the ruleset's
        property and every role's override are constants — the role's value from a
        table, else (a name that is no property nor attribute: a counter) none.
        ``None``: leave it to ``g.seat_value``."""
        cache = self.__dict__.setdefault("_props", {})
        if name not in cache:
            cache[name] = None
            decl = self.p.properties.get(name)
            overrides = {r.name: e for r in self.p.of_kind("role") for n, e in r.props if n == name}
            if decl is None and not overrides:
                if name not in self.p.attributes:
                    cache[name] = ("counter", None)
            elif decl is not None:
                values = {r: self.value_of(e) for r, e in overrides.items()}
                default = self.value_of(decl.expr)
                if default is not None and all(v is not None for v in values.values()):
                    table = {r.name: values.get(r.name, default)[0] for r in self.p.of_kind("role")}
                    cache[name] = ("table", (self.const_ref(table), default[0]))
        how = cache[name]
        if how is None:
            return None
        if how[0] == "counter":
            return f"g.players[{seat}].vars.get({name!r})"
        table, default = how[1]
        if all(v == default and type(v) is type(default) for v in self.ns[table].values()):
            return f"g.players[{seat}].vars.get({name!r}, {self.const_ref(default)})"
        if name not in self.written_names():  # never the seat's own: the role's value
            return f"{table}.get(g.players[{seat}].role, {self.const_ref(default)})"
        p = self.temp()
        return f"(({p} := g.players[{seat}]).vars.get({name!r}, {table}.get({p}.role, {self.const_ref(default)})))"

    def constant_property(self, name: str) -> tuple | None:
        """``(value,)`` when the property ``name`` has that one value for every seat all
        game: the ruleset's default and every role's override are that constant, and no
        statement writes it (no ``x.name = ...``, no role counter of that name)."""
        if name not in self.__dict__.setdefault("_const_props", {}):
            self._const_props[name] = None
            if self.property_read(name, "x") is not None and self._props[name][0] == "table":
                table, default = self._props[name][1]
                written = self.written_names()
                if name not in written and all(v == default and type(v) is type(default)
                                               for v in self.ns[table].values()):
                    self._const_props[name] = (default,)
        return self._const_props[name]

    def written_names(self) -> set:
        """Names a statement may write on a seat (``x.name = ...``, ``x.name += ...``) or a
        role sets as a counter when dealt."""
        return self._writes()[0]

    def added_statuses(self) -> set:
        """The statuses something may give a seat: an ``add`` statement anywhere, or a
        role's starting statuses (nothing else adds one)."""
        return self._writes()[1]

    def _writes(self) -> tuple[set, set]:
        """``(written names, added statuses)``, from one walk over the declarations'
        statements (no expression writes a seat or adds a status)."""
        if getattr(self, "_written", None) is None:
            written, added = set(), set()
            stack = list(self.p.declarations())
            while stack:
                n = stack.pop()
                if isinstance(n, A.Assign) and n.attr is not None:
                    written.add(n.attr)
                elif isinstance(n, A.AddStatus):
                    added.add(n.status)
                elif isinstance(n, A.RoleDecl):
                    written.update(name for name, _ in n.counters)
                    added.update(n.statuses)
                if isinstance(n, A.Node) and not isinstance(n, A.Expr):
                    stack.extend(c for c in A.children(n) if not isinstance(c, A.Expr))
            self._written = (written, added)
        return self._written

    def value_of(self, e: A.Expr) -> tuple | None:
        """``(value,)`` of an expression that is a constant scalar (``none``, ``yes``… too)
        or the empty list (one list for every read: no rule changes a list in place)."""
        if isinstance(e, A.ListExpr) and not e.items:
            return ([],)
        code = self.known(self.gen(e))
        return code.const if code.const is not None and isinstance(code.const[0], _SCALARS) else None

    # ------------------------------------------------------------ expressions
    def gen(self, e: A.Expr) -> Code:
        if self.hoisted and id(e) in self.hoisted:
            return Code(self.hoisted[id(e)], None, True)
        m = getattr(self, "g_" + type(e).__name__, None)
        if m is None:  # a node this backend does not know: its closure
            return Code(f"{self.const_ref(CodeGen.expr(self, e))}(g, env)")
        return m(e)

    def lit(self, v) -> Code:
        if isinstance(v, (bool, int, str, type(None))) and not (type(v) is int and abs(v) > 2 ** 53):
            return Code(repr(v), (v,), True, num=_num_of(v))
        return Code(self.const_ref(v), (v,) if isinstance(v, _SCALARS) else None, True, num=_num_of(v))

    def g_Name(self, e: A.Name) -> Code:
        return self.load_code(self.b[e])

    def load_code(self, bd) -> Code:
        kind, n = bd.kind, bd.name
        if kind == "local":
            if bd.slot in self.alias:
                local, is_seat = self.alias[bd.slot]
                return Code(local, None, True, is_seat)
            return Code(f"env[{bd.slot!r}]", None, True)
        if kind == "global":  # set for every declared global before any rule reads it
            return Code(f"g.globals[{n!r}]", None, True)
        if kind == "option":
            v = bd.value
            if isinstance(v, _SCALARS):
                return self.lit(v)
            return Code(self.const_ref(v), None, True)
        if kind == "value":
            self.values_read.add(n)
            if n in _PLAIN and bd.value is B.VALUES.get(n):  # not folded, as in the closures
                return Code(_PLAIN[n], None, True)
            return Code(f"{self.const_ref(bd.value)}(g)")
        if kind == "symbol":
            return self.lit(n)
        return Code("None", (None,), True)  # pragma: no cover - resolution reported it

    def g_Num(self, e) -> Code:
        return self.lit(e.value)

    g_Str = g_Num

    def g_Attr(self, e: A.Attr) -> Code:
        obj = self.gen(e.obj)
        bd = self.b[e]
        name = e.name
        if bd.kind == "field":
            attr = "klass" if name == "class" else name
            if obj.seat:
                return Code(f"g.players[{obj.src}].{attr}")
            t = self.temp()
            return Code(f"(None if ({t} := {obj.src}) is None else g.players[{self.checked(t, name)}].{attr})")
        if obj.seat:
            k = self.constant_property(name)
            if k is not None:
                return self.lit(k[0])
            read = self.property_read(name, obj.src)
            if read is not None:
                return Code(read)
        else:
            t = self.temp()
            read = self.property_read(name, self.checked(t, name))
            if read is not None:  # g.seat_value without the role's and the ruleset's lookups
                return Code(f"(None if ({t} := {obj.src}) is None else {read})")
        return Code(f"g.seat_value({self.seat_text(obj, name)}, {name!r})")

    def checked(self, t: str, field: str | None = None) -> str:
        """Text giving the value of the temporary ``t`` (not none) as a seat index, or
        raising as :func:`~wolfdsl.lang.codegen.seat` does (naming ``field`` read from it):
        the check inline, the call only to fail."""
        return f"{t} if {t}.__class__ is int and 0 < {t} <= g.n else _seat(g, {t}{f', {field!r}' if field else ''})"

    def seat_text(self, c: Code, field: str | None = None) -> str:
        """Text giving ``c`` checked as a seat or none (:func:`~wolfdsl.lang.codegen.seat`),
        the check inline, left out for a value known to be a seat."""
        if c.seat:
            return c.src
        t = self.temp()
        return f"(None if ({t} := {c.src}) is None else ({self.checked(t, field)}))"

    def g_Call(self, e: A.Call) -> Code:
        bd = self.b[e]
        found = self.search(e) if bd.kind == "builtin" else None
        if found is not None:  # before the arguments: their helpers would be written for nothing
            return found
        codes = [self.gen(a) for a in e.args]
        args = [c.src for c in codes]
        if bd.kind == "builtin" and bd.value.fn in B.OVER_LIST:  # ``count(ts)``: ts none is an E401 naming it
            t = self.temp()  # inline: no call on the way of a list (win rules count at every death)
            args[0] = (f"({t} if ({t} := {args[0]}) is not None else "
                       f"_listed(None, {listed_text(e.args[0])!r}, {self.const_ref(e.args[0].span)}))")
        if bd.kind == "builtin":
            if self.tables is not None and bd.value.table is not None and all(c.const is not None for c in codes[1:]):
                return self.table_read(bd.value, codes)
            return Code(f"{self.const_ref(bd.value.fn)}(g{''.join(', ' + a for a in args)})", num=bd.value.returns)
        value = self.func_value(e.name)
        if value is not None and all(c.pure for c in codes):
            return self.lit(value[0])  # its arguments cannot fail: no call
        return Code(f"{self.caller('func', e.name)}(g{''.join(', ' + a for a in args)})")

    def table_read(self, builtin, codes: list[Code]) -> Code:
        """``builtin(*codes)`` (every argument but the first a constant) read from its
        per-seat table for those constants (fetched at the first read, into a local of
        the function :meth:`score_all` writes) when the first argument is a seat of the
        game; the call for any other value (``none``, a name), as before."""
        arg, rest = codes[0], "".join(", " + c.src for c in codes[1:])
        key = builtin.name + rest
        t = self.tables.get(key)
        if t is None:
            t = self.tables[key] = f"_tb{len(self.tables)}"
        look = f"({t} or ({t} := {self.const_ref(builtin.table)}(g{rest})))"
        if arg.seat:
            return Code(f"{look}[{arg.src}]", num=builtin.returns)
        x = self.temp()
        return Code(f"({look}[{x}] if ({x} := {arg.src}).__class__ is int and 0 < {x} <= g.n "
                    f"else {self.const_ref(builtin.fn)}(g, {x}{rest}))", num=builtin.returns)

    def func_value(self, name: str) -> tuple | None:
        """``(value,)`` when the ruleset's ``func name`` gives a constant scalar whatever
        its arguments (its body folds at compile time), else ``None`` (also while its
        own body is being generated: a func that calls itself)."""
        decl = self.p.named("func")[name]
        busy = self.__dict__.setdefault("_busy", set())
        if name in busy:
            return None
        busy.add(name)
        try:
            c = self.root_code(decl.expr)
        finally:
            busy.discard(name)
        c = self.known(c)
        return c.const if c.const is not None and isinstance(c.const[0], _SCALARS) else None

    @staticmethod
    def known(c: Code) -> Code:
        """``c``, with its value known when it is ``none``, ``yes``, ``true``… as written
        (:meth:`load_code` leaves those unfolded in expressions, as the closures do): for
        what only needs to know the value (a condition, a func's result)."""
        plain = {"None": None, "True": True, "False": False}
        return Code(c.src, (plain[c.src],), True) if c.const is None and c.src in plain else c

    def caller(self, kind: str, name: str) -> str:
        """The module function that calls the ruleset's ``func``/``proc`` ``name``, with
        its arguments as Python parameters; named here, written by :meth:`bind_calls`."""
        key = (kind, name)
        calls = self.__dict__.setdefault("_calls", {})
        if key not in calls:
            n = self.name("_call")
            calls[key] = (n, f"{n}_item", f"{n}_body")
        return calls[key][0]

    def bind_calls(self, procs: dict, funcs: dict) -> None:
        """Write the callers named by :meth:`caller`, given the compiled procs and funcs.

        A caller runs the ``func``/``proc`` as :meth:`wolfdsl.play.table.Table.call_func`
        /``call_proc`` do — counted against the run limits
        (:meth:`~wolfdsl.lang.limits.Budget.enter`: one call, one level deeper), its
        arguments bound into a fresh frame, a proc the last of ``g.running`` while it runs
        unless the table is silent (nothing reads ``running`` then) — with the body's text
        written in (a func's expression; a proc's statements when short, else its body
        called), without the table's lookups and one Python call less."""
        for (kind, name), (n, item, body) in self.__dict__.get("_calls", {}).items():
            decl = (procs if kind == "proc" else funcs)[name]
            self.ns[item], self.ns[body] = decl, decl.body
            ast = self.p.named(kind)[name]
            params = tuple(ast.params)
            args = "".join(f", a{i}" for i in range(len(params)))
            frame = "{" + ", ".join(f"{p!r}: a{i}" for i, p in enumerate(params)) + "}"
            self.emit(f"def {n}(g{args}):")
            self.emit("  g.depth = _d = g.depth + 1")
            self.emit("  g.steps = _s = g.steps + 1")
            self.emit("  if _d > _MAX_DEPTH or _s > _MAX_STEPS: _too_deep(g)")
            self.emit(f"  env = {frame}")
            if kind == "proc":
                lines = self.block_lines(ast.body) or [("pass", None)]
                self.emit("  _q = g.silent")
                self.emit(f"  if not _q: g.running.append({item})")
                self.emit("  try:")
                if self.inlined(lines):
                    for text, where in lines:
                        self.emit("    " + text, where)
                else:
                    self.emit(f"    {body}(g, env)")
            else:
                self.emit("  try:")
                self.emit(f"    return {self.root_code(ast.expr).src}", (ast.expr.span, f"func {name}()"))
            self.emit("  except _GUARDED as _e:")
            self.emit("    _x = _fail(g, _e)")
            self.emit("    if _x is None: raise")
            self.emit("    raise _x from None")
            self.emit("  finally:")
            if kind == "proc":
                self.emit("    if not _q: g.running.pop()")
            self.emit("    g.depth -= 1")

    def g_Decided(self, e: A.Decided) -> Code:
        return Code(f"g.decided.get({e.action!r})")

    def g_ListExpr(self, e) -> Code:
        return Code(f"[{', '.join(self.gen(i).src for i in e.items)}]")

    def g_Comprehension(self, e: A.Comprehension) -> Code:
        slot, src, cond = self.comprehension(e)
        n = self.name("_c")
        # a helper of its own (errors pass to the root that calls it, whose line it is)
        self.emit(f"def {n}(g, env):")
        bind = [f"  env[{slot!r}] = x"] if self.frame_read(e.cond) else []
        for text in (*src, "out = []", "for x in items:", *bind, f"  if {cond}:", "    out.append(x)", "return out"):
            self.emit("  " + text)
        return Code(f"{n}(g, env)")

    def comprehension(self, e: A.Comprehension) -> tuple[str, list[str], str]:
        """A comprehension's slot, the lines that set ``items`` to the list it goes over
        (counted against the run limits as the closure backend counts it) and the text
        of its condition on ``x``. ``alive`` is read from the table's shared list (the
        condition cannot change who lives), any other list through ``as_list``."""
        slot = self.b[e]
        with self.own_function():  # the helper is a function of its own
            src = self.list_lines("items", e.source, over=True)
        src += ["g.steps = _s = g.steps + len(items)", "if _s > _MAX_STEPS: g.spend(0)"]
        with self.own_function({slot: ("x", self.seats_of(e.source))}):
            ids = self.hoist_reads(e.cond, slot, src)
            try:
                cond = self.gen(e.cond).src
            finally:
                for k in ids:
                    del self.hoisted[k]
        return slot, src, cond

    def hoist_reads(self, cond: A.Expr, slot: str, lines: list[str]) -> list[int]:
        """Fields of another name than the loop's ``slot`` (``fake_seer.reports``,
        ``me.checked``) that ``cond`` reads, read once before the loop: lines appended to
        ``lines``, the nodes entered in :attr:`hoisted` (their ids returned, for the caller
        to remove). The read is made ahead only where it cannot fail (the name holds a
        seat or none); else the loop reads it in place, raising where it always did."""
        ids: list[int] = []
        todo = [cond]
        while todo:
            n = todo.pop()
            if isinstance(n, A.Comprehension):
                continue  # a helper of its own
            todo.extend(A.children(n))
            if not isinstance(n, A.Attr) or not isinstance(n.obj, A.Name) or id(n) in self.hoisted:
                continue
            bd = self.b.of.get(id(n.obj))
            if bd is None or bd.kind not in ("global", "local") or (bd.kind == "local" and bd.slot == slot):
                continue
            inplace = self.gen(n).src
            name, value = self.temp(), self.temp()
            lines.append(f"{name} = {self.gen(n.obj).src}")
            self.hoisted[id(n.obj)] = name
            try:
                read = self.gen(n).src
            finally:
                del self.hoisted[id(n.obj)]
            lines.append(f"{value} = {read} if {name} is None or ({name}.__class__ is int and 0 < {name} <= g.n) "
                         "else _nothing")
            self.hoisted[id(n)] = f"({value} if {value} is not _nothing else {inplace})"
            ids.append(id(n))
        return ids

    def list_lines(self, var: str, e: A.Expr, over: bool = False) -> list[str]:
        """Lines setting ``var`` to the list ``e`` gives, to go over (``as_list``: a
        number an error; none empty, or with ``over`` an E401 naming ``e``), without a
        copy: no rule changes a list in place, and ``alive`` is the table's shared list,
        replaced (not changed) at a death."""
        if self.is_value(e, "alive"):
            self.values_read.add("alive")
            return [f"{var} = g.alive_cache", f"if {var} is None: {var} = g.alive_list()"]
        text = f", {listed_text(e)!r}, {self.const_ref(e.span)}" if over else ""
        return [f"{var} = {self.gen(e).src}", f"if {var}.__class__ is not list: {var} = _as_list({var}{text})"]

    def frame_read(self, e: A.Expr) -> bool:
        """Whether code generated for ``e`` may read its frame's slots through ``env``
        (a comprehension's helper or a closure it falls back to) rather than as Python
        locals: then a comprehension's variable must be written to the frame as well."""
        return any(isinstance(n, A.Comprehension) or not hasattr(self, "g_" + type(n).__name__)
                   for n in A.walk(e) if isinstance(n, A.Expr))

    def is_value(self, e: A.Expr, name: str) -> bool:
        """Whether ``e`` is the builtin value ``name`` (``alive``, ``players``)."""
        bd = self.b.of.get(id(e)) if isinstance(e, A.Name) else None
        return bd is not None and bd.kind == "value" and bd.name == name and bd.value is B.VALUES[name]

    def search(self, e: A.Call) -> Code | None:
        """``empty``, ``any`` or ``count`` of a comprehension whose condition cannot fail,
        draw or call (:meth:`plain_test`) as one loop that builds no list and, for
        ``empty`` and ``any``, stops at the first item that meets it; ``None`` otherwise.
        The loop rounds are counted as the comprehension counts them."""
        bd = self.b[e]
        fn = bd.value.fn
        if fn not in (B.empty, B.any_, B.count) or len(e.args) != 1 or not isinstance(e.args[0], A.Comprehension):
            return None
        comp = e.args[0]
        slot = self.b[comp]
        if not self.plain_test(comp.cond, slot, self.seats_of(comp.source)):
            return None
        _, src, cond = self.comprehension(comp)
        n = self.name("_s")
        if fn is B.count:
            loop = ["k = 0", "for x in items:", f"  if {cond}:", "    k += 1", "return k"]
        else:
            found = fn is B.any_
            loop = ["for x in items:", f"  if {cond}:", f"    return {found}", f"return {not found}"]
        self.emit(f"def {n}(g, env):")
        for text in (*src, *loop):
            self.emit("  " + text)
        return Code(f"{n}(g, env)")

    def plain_test(self, e: A.Expr, slot: str, seats: bool) -> bool:
        """Whether the condition ``e`` on the variable ``slot`` (a seat of the game when
        ``seats``) is built only of names, constants, ``==``, ``!=``, ``has``/``lacks``,
        ``and``/``or``/``not``/``if`` and fields (or constant properties and counters)
        of that seat: it cannot fail, draw, call or read the frame, so evaluating it
        fewer times changes nothing."""
        return self.plain(e, (slot,) if seats else ())

    def plain(self, e: A.Expr, seat_slots) -> bool:
        """:meth:`plain_test` with any number of variables known to hold seats
        (``seat_slots``): fields of those may be read."""
        def var(x) -> bool:
            bx = self.b.of.get(id(x)) if isinstance(x, A.Name) else None
            return bx is not None and bx.kind == "local" and bx.slot in seat_slots

        for n in A.walk(e):
            if isinstance(n, (A.Name, A.Num, A.Str, A.BoolOp, A.Not, A.IfExpr)):
                continue
            if isinstance(n, A.BinOp) and (n.op in ("==", "!=") or (n.op in ("has", "lacks") and var(n.left))):
                continue
            if isinstance(n, A.Attr) and var(n.obj) and (
                    self.b[n].kind == "field" or self.property_read(n.name, "x") is not None):
                continue
            return False
        return True

    def seats_of(self, e: A.Expr) -> bool:
        """Whether ``e`` is ``alive`` or ``players`` (its items are seats of the game)."""
        bd = self.b.of.get(id(e)) if isinstance(e, A.Name) else None
        return (bd is not None and bd.kind == "value" and bd.name in ("alive", "players")
                and bd.value is B.VALUES[bd.name])

    def g_BinOp(self, e: A.BinOp) -> Code:
        return self.binop(e, self.gen(e.left), self.gen(e.right))

    def binop(self, e: A.BinOp, left: Code, right: Code, zero: bool = True) -> Code:
        """``e`` with its sides generated as ``left`` and ``right`` (``zero``: a float
        minus a constant 0 is taken as it is)."""
        op = e.op
        if op in ("has", "lacks"):
            if left.pure and right.const is not None and right.const[0] not in self.added_statuses():
                return self.lit(op == "lacks")  # a status nothing ever gives
            if left.seat:
                test = f"({right.src} in g.players[{left.src}].statuses)"
                return Code(test if op == "has" else f"(not {test})")
            t = self.temp()
            test = f"(({t} := {left.src}) is not None and {right.src} in g.players[{self.checked(t)}].statuses)"
            return Code(test if op == "has" else f"(not {test})")
        fails = False
        if left.const is not None and right.const is not None:
            try:
                v = BINOPS[op](left.const[0], right.const[0])
            except _RUNTIME_ERRORS:
                fails = True  # left to fail at run time, with its line and the values named
            else:
                if isinstance(v, _SCALARS):
                    return self.lit(v)
        a, b = left.src, right.src
        if op in ("==", "!="):
            return Code(f"({a} {op} {b})", None, left.pure and right.pure)
        if op in _ARITH:
            return Code(f"{_ARITH[op]}({a}, {b})")
        if op in ("<", "<=", ">", ">="):
            if not right.pure or fails:  # both evaluated, left first, as the closure does
                return Code(f"{self.const_ref(BINOPS[op])}({a}, {b})")
            ta, tb = self.temp(), self.temp()
            test = f"{ta} {op} {tb}"
            return Code(f"(({ta} := {a}) is not None and ({tb} := {b}) is not None and {test})")
        if op in ("in", "not in"):
            text = f"{listed_text(e.right)!r}, {self.const_ref(e.right.span)}"
            if left.pure:  # a list inline (reading the left side first or last changes nothing)
                t = self.temp()
                test = f"({a} in {t} if ({t} := {b}).__class__ is list else _member({a}, {t}, {text}))"
            else:
                test = f"_member({a}, {b}, {text})"  # names a right side that is no list
            return Code(test if op == "in" else f"(not {test})")
        fn = {"+": "_add", "-": "_sub", "*": "_mul"}.get(op)
        if fn is not None and {left.num, right.num} <= _NUMS and "float" in (left.num, right.num):
            # a float and a number: a float, never an error (the helper's fast path)
            return Code(f"({a} {op} {b})", num="float")
        if (zero and op == "-" and right.const is not None
                and right.const[0].__class__ is int and right.const[0] == 0):
            # ``x - 0`` (a hook func that gives 0 here, folded: the prelude's exile_risk):
            # a float as it is (exactly what the difference gives, -0.0 included; not so
            # ``x + 0``: -0.0 + 0 is 0.0), anything else as below
            t = self.temp()
            rest = self.binop(e, Code(t, None, True), right, zero=False)
            return Code(f"({t} if ({t} := {a}).__class__ is float else {rest.src})", num=left.num)
        if fn is not None:
            # two whole numbers inline (both evaluated, left first, as the call does); the
            # helper for anything else, and for a result too big (its E401)
            ta, tb, tr = self.temp(), self.temp(), self.temp()
            other = f"{fn}({ta}, {tb})"
            if op == "+" and isinstance(e.right, (A.ListExpr, A.Comprehension)):  # ``runners + [p]``
                return Code(f"({ta} + {tb} if (({ta} := {a}).__class__ is list) & (({tb} := {b}).__class__ is list) "
                            f"and len({ta}) + len({tb}) <= _MAX_LIST else {other})")
            if op == "+":  # two lists too (``reported + [t]``), under the length limit
                other = (f"({ta} + {tb} if {ta}.__class__ is list and {tb}.__class__ is list "
                         f"and len({ta}) + len({tb}) <= _MAX_LIST else {other})")
            # a float and a float or a whole number inline too (values.QUICK's fast path)
            other = (f"({ta} {op} {tb} if ({ta}.__class__ is float and ({tb}.__class__ is float or {tb}.__class__ is int)) "
                     f"or ({ta}.__class__ is int and {tb}.__class__ is float) else {other})")
            return Code(f"({tr} if ((({ta} := {a}).__class__ is int) & (({tb} := {b}).__class__ is int)) "
                        f"and -_BIG < ({tr} := {ta} {op} {tb}) < _BIG else {other})")
        return Code(f"{self.const_ref(BINOPS[op])}({a}, {b})")  # pragma: no cover - every operator above

    def g_BoolOp(self, e: A.BoolOp) -> Code:
        is_and = e.op == "and"
        items: list[Code] = []
        for i in (self.gen(i) for i in e.items):
            if i.const is None:
                items.append(i)
            elif bool(i.const[0]) != is_and:
                if all(x.pure for x in items):  # ``x and no``: nothing before can fail or act
                    return self.lit(not is_and)
                items.append(i)
                break
        if not items:
            return self.lit(is_and)
        joined = (" and " if is_and else " or ").join(i.src for i in items)
        return Code(f"(not not ({joined}))", None, all(i.pure for i in items))

    def g_Not(self, e) -> Code:
        x = self.gen(e.operand)
        if x.const is not None:
            return self.lit(not x.const[0])
        return Code(f"(not {x.src})", None, x.pure)

    def g_Neg(self, e) -> Code:
        return Code(f"_neg({self.gen(e.operand).src})")

    def g_IfExpr(self, e: A.IfExpr) -> Code:
        branches: list[tuple[Code, Code]] = []
        for c, v in e.branches:
            cond = self.gen(c)
            if cond.const is None:
                branches.append((cond, self.gen(v)))
            elif cond.const[0]:
                if not branches:
                    return self.gen(v)
                branches.append((cond, self.gen(v)))
                break
        other = self.gen(e.otherwise)
        if not branches:
            return other
        text = other.src
        for cond, v in reversed(branches):
            text = f"({v.src} if {cond.src} else {text})"
        return Code(text, num=_num_join([other.num, *(v.num for _, v in branches)]))

    # ------------------------------------------------------------ statements
    def stmts(self, b: A.Block, out: list, depth: int) -> None:
        """The lines of a block's statements at ``depth`` (two spaces a level)."""
        if not b.stmts:
            out.append(("  " * depth + "pass", None))
            return
        for s in b.stmts:
            m = getattr(self, "p_" + type(s).__name__, None)
            if m is None:  # a statement this backend leaves to its closure (placed on its own)
                out.append(("  " * depth + f"{self.const_ref(CodeGen.stmt(self, s))}(g, env)", None))
            else:
                m(s, out, depth)

    def line(self, out: list, depth: int, text: str, s, what: str = "this statement") -> None:
        out.append(("  " * depth + text, (s.span, what)))

    def p_Let(self, s: A.Let, out, depth):
        self.line(out, depth, f"env[{self.b[s]!r}] = {self.gen(s.expr).src}", s)

    def p_Assign(self, s: A.Assign, out, depth):
        v = self.gen(s.expr).src
        bd = self.b[s]
        if s.attr is None:
            ref = f"env[{bd.slot!r}]" if bd.kind == "local" else f"g.globals[{bd.name!r}]"
            if s.op == "=":
                self.line(out, depth, f"{ref} = {v}", s)
            else:
                self.line(out, depth, f"{ref} = {self.compound(s, ref, v)}", s)
            if bd.kind != "local" and self.win_global(bd.name):  # a win rule reads it: check them again
                out.append(("  " * depth + "g.win_dirty = True", None))
            return
        obj_bd, fld = bd
        loaded = self.load_code(obj_bd)
        obj = loaded.src
        attr = fld.name
        if fld.kind == "field":
            get, put = f"_seat_field(g.players[{obj}], {attr!r})", "g.set_seat_field"
        else:
            get, put = f"g.seat_value({obj}, {attr!r})", "g.set_counter"
        t = self.temp()
        value = v if s.op == "=" else self.compound(s, get, v)
        self.line(out, depth, f"{t} = {value}; {put}({self.seat_text(loaded)}, {attr!r}, {t})", s)

    @staticmethod
    def compound(s: A.Assign, get: str, v: str) -> str:
        """``+=``/``-=`` as :func:`~wolfdsl.lang.values.compound` computes it."""
        return f"_compound({s.op!r}, {get}, {v}, {assigned_text(s)!r}, {literal_text(s.expr)!r}, {right_text(s)!r})"

    def p_If(self, s: A.If, out, depth):
        for i, (c, b) in enumerate(s.branches):
            cond = self.gen(c)
            self.line(out, depth, f"{'if' if i == 0 else 'elif'} {cond.src}:", c, "this condition")
            self.stmts(b, out, depth + 1)
        if s.otherwise is not None:
            out.append(("  " * depth + "else:", None))
            self.stmts(s.otherwise, out, depth + 1)

    def p_For(self, s: A.For, out, depth):
        items, x = self.temp(), self.temp()
        slot = self.b[s]
        for text in self.list_lines(items, s.source, over=True):
            self.line(out, depth, text, s.source, "this loop's list")
        self.line(out, depth, _SPEND.format(f"len({items})"), s, "this loop")
        out.append(("  " * depth + f"for {x} in {items}:", None))
        out.append(("  " * (depth + 1) + f"env[{slot!r}] = {x}", None))
        assigned = any(isinstance(n, A.Assign) and n.attr is None and getattr(self.b[n], "slot", None) == slot
                       for n in A.walk(s.body))
        if assigned:  # the body gives the variable another value: read it from the frame
            self.stmts(s.body, out, depth + 1)
            return
        outer = self.alias
        self.alias = {**outer, slot: (x, self.seats_of(s.source))}
        try:
            self.stmts(s.body, out, depth + 1)
        finally:
            self.alias = outer

    def seat_src(self, e: A.Expr) -> str:
        """Text giving ``e`` checked as a seat (``codegen.seat``), the check left out for a
        value known to be a seat."""
        return self.seat_text(self.gen(e))

    def p_Kill(self, s: A.Kill, out, depth):
        target = self.seat_src(s.target)
        as_ = self.seat_src(s.as_) if s.as_ is not None else "None"
        self.line(out, depth, f"g.kill({target}, {s.cause!r}, {as_}, {self.const_ref(s.span)})", s)

    def p_AddStatus(self, s: A.AddStatus, out, depth):
        self.line(out, depth, f"g.add_status({self.seat_src(s.target)}, {s.status!r})", s)

    def p_RemoveStatus(self, s: A.RemoveStatus, out, depth):
        self.line(out, depth, f"g.remove_status({self.seat_src(s.target)}, {s.status!r})", s)

    def dict_src(self, fields) -> str:
        return "{" + ", ".join(f"{f.name!r}: {self.gen(f.expr).src}" for f in fields) + "}"

    def p_Tell(self, s: A.Tell, out, depth):
        self.line(out, depth, f"g.tell({self.seat_src(s.target)}, {self.dict_src(s.fields)})", s)

    def p_Log(self, s: A.Log, out, depth):
        self.line(out, depth, f"g.log({s.type!r}, {self.dict_src(s.fields)})", s)

    def p_Claim(self, s: A.Claim, out, depth):
        role = self.gen(s.role).src if s.role is not None else "None"
        self.line(out, depth, f"g.claim({self.seat_src(s.speaker)}, {role}, {self.dict_src(s.fields)})", s)

    def p_CallProc(self, s: A.CallProc, out, depth):
        args = "".join(", " + self.gen(a).src for a in s.args)
        self.line(out, depth, f"{self.caller('proc', s.name)}(g{args})", s)

    def p_EndPhase(self, s, out, depth):
        out.append(("  " * depth + "raise _EndPhase()", None))

    def p_CheckWin(self, s, out, depth):
        self.line(out, depth, "g.check_win()", s)

    def p_Announce(self, s, out, depth):
        self.line(out, depth, "g.announce()", s)

    def p_Revive(self, s: A.Revive, out, depth):
        role = self.gen(s.role).src if s.role is not None else "None"
        self.line(out, depth, f"g.revive({self.seat_src(s.target)}, {role})", s)

    def p_Play(self, s: A.Play, out, depth):
        self.line(out, depth, f"g.play_card({self.gen(s.card).src})", s)

    def p_Proceed(self, s, out, depth):
        out.append(("  " * depth + "env['__proceed__'] = True", None))
