"""Code generation: a resolved program becomes an :class:`ir.Ruleset` of closures.

``codegen(program, bindings, options, ordered, name, path) -> ir.Ruleset``. Every expression and
statement becomes a closure ``fn(game, env)`` once, here, so nothing walks the AST
during a game; ``game`` is the engine's runtime (the members listed by
:class:`wolfdsl.lang.ir.Runtime`), ``env`` the frame of local slots (see
:mod:`wolfdsl.lang.resolve`). Codegen reports nothing: it runs only on a program whose
resolution found no error.

Every expression root (a statement, a condition, a loop source, a ``when``, a weight,
a decision's options, a func's body…) is guarded: a Python error while it runs (``none +
1``, a field of something that is not a seat) becomes an E401 :class:`RuleRuntimeError`
at the designer's line, never a traceback.
"""
from __future__ import annotations

import re

import os
from typing import Any, Callable

from ..diagnostics import Diagnostic
from . import builtins as B
from . import ir
from . import syntax as A
from .ir import EndPhase, RuleRuntimeError
from .decks import expand
from .gates import gate
from .knowledge import number_fields, told_facts
from .limits import RunawayRule
from .link import Program
from .names import ballot_readings, speech_acts
from .resolve import Bindings
from .values import BINOPS, WrongValue, as_list, compound, listed, member, negate, show
from .winreads import win_reads
from .values import kind as kind_of

_RUNTIME_ERRORS = (TypeError, AttributeError, KeyError, IndexError, ValueError, ZeroDivisionError, OverflowError)


def assigned_text(s: A.Assign) -> str:
    """What an assignment assigns, as written: ``me.oil``, ``count``."""
    return f"{s.name}.{s.attr}" if s.attr is not None else s.name


def right_text(s: A.Assign) -> str | None:
    """The right side of a ``+=``/``-=`` as written (``living(idiot).lives``), for the
    error when it is no number; ``None`` when its source is not at hand or it is a plain
    number (no error can name it better than its value)."""
    from .partial import source_text

    if isinstance(s.expr, A.Num):
        return None
    return source_text(s.expr.span) or None


def listed_text(e: A.Expr) -> str:
    """A list's expression as written (``ts``), for the E401 when it is none."""
    from .partial import source_text

    return source_text(e.span) or "this list"


def literal_text(e: A.Expr) -> str | None:
    """A string literal as written (``"x"``); ``None`` for any other expression."""
    return f'"{e.value}"' if isinstance(e, A.Str) else None


class NotASeat(ValueError):
    """A value used as a seat that is no seat of the game (``kill -1``, ``decide … by 0``)."""


def seat(g, s, field: str | None = None):
    """``s`` if it is a seat of the game or ``none``; else :class:`NotASeat` (an E401),
    naming ``s`` (and the ``field`` read from it: "`guard.role`: `guard` is a name, not a seat")."""
    if s is None or (type(s) is int and 0 < s <= g.n):
        return s
    what = f"`{show(s)}.{field}`: " if field else ""
    raise NotASeat(f"{what}`{show(s)}` is not a seat (seats are 1 to {g.n})" if type(s) is int
                   else f"{what}`{show(s)}` is {kind_of(s)}, not a seat (seats are 1 to {g.n})")


_PY_KINDS = {"str": "a name", "int": "a number", "float": "a number", "bool": "a yes/no", "NoneType": "none",
             "list": "a list", "tuple": "a list", "dict": "a table of ballots"}
_ORDER_KINDS = {"str": "a name or a string"}  # a role and a "string" are one value, put in order
_ORDER_ERROR = re.compile(r"'([<>]=?)' not supported between instances of '(\w+)' and '(\w+)'")
_ARITH_ERROR = re.compile(r"unsupported operand type\(s\) for ([^:]+): '(\w+)' and '(\w+)'")


def python_types_in_words(text: str) -> str | None:
    """A Python comparison or operand TypeError in the ruleset's words ("a name or a string
    and a number cannot be put in order"), or ``None`` when ``text`` is neither."""
    m = _ORDER_ERROR.match(text)
    if m:
        a, b = (_ORDER_KINDS.get(t, _PY_KINDS.get(t, t)) for t in m.group(2, 3))
        return f"`{m.group(1)}`: {a} and {b} cannot be put in order"
    m = _ARITH_ERROR.match(text)
    if m:
        return (f"`{m.group(1).strip()}` of {_PY_KINDS.get(m.group(2), m.group(2))} and "
                f"{_PY_KINDS.get(m.group(3), m.group(3))}: no arithmetic between them")
    return None


def explain(exc: Exception) -> str:
    """A Python error while a rule ran, in words."""
    if isinstance(exc, (NotASeat, WrongValue)):
        return str(exc)
    text = str(exc)
    words = python_types_in_words(text) if isinstance(exc, TypeError) else None
    if words is not None:
        return words
    if "NoneType" in text:
        return f"a value is none where a seat, number or list is needed ({text})"
    return f"{type(exc).__name__}: {text}"


GUARDED = _RUNTIME_ERRORS + (RunawayRule, RecursionError, MemoryError, RuleRuntimeError)
"""The exceptions an expression root turns into a placed diagnostic (:func:`placed`)."""


def placed(g, exc: BaseException, span, what: str) -> RuleRuntimeError | None:
    """The error to raise for ``exc`` (one of :data:`GUARDED`) caught at the root ``what``
    at ``span``: a Python error becomes an E401 there, a run limit an E402; ``None`` for
    a rule error already placed (raise it as it is)."""
    if isinstance(exc, _RUNTIME_ERRORS):
        span = getattr(exc, "span", None) or span  # none gone over: where that list is written
        return RuleRuntimeError(Diagnostic(span, "error", f"{g.phase} {g.day}: {what} failed while the game "
                                           f"ran: {explain(exc)}", "E401"))
    if isinstance(exc, RuleRuntimeError):  # the engine refused a value: place it here
        if any(d.span is not None for d in exc.diagnostics):
            return None
        return RuleRuntimeError([Diagnostic(span, "error", f"{g.phase} {g.day}: {d.message}", "E401")
                                 for d in exc.diagnostics])
    return runaway(g, span, what, exc)


def located(fn: Callable, span, what: str) -> Callable:
    """``fn`` with any Python error turned into an E401 at ``span``, and a run limit
    passed (:class:`~wolfdsl.lang.limits.RunawayRule`) into an E402 there."""
    def guarded(g, env):
        try:
            return fn(g, env)
        except GUARDED as exc:
            err = placed(g, exc, span, what)
            if err is None:
                raise
            raise err from None
    return guarded


def runaway(g, span, what: str, exc: BaseException) -> RuleRuntimeError:
    """The E402 for a run limit passed while ``what`` (at ``span``) ran."""
    if isinstance(exc, RecursionError):
        why = "the rules call themselves too deeply (a func or proc that calls itself with no way out?)"
    elif isinstance(exc, MemoryError):
        why = "it needs more memory than there is"
    else:
        why = str(exc)
    return RuleRuntimeError(Diagnostic(span, "error", f"{g.phase} {g.day}: {what} ran away: {why}; "
                                       "see the limits in docs/security.md", "E402"))


def _nothing(g, env):
    return None


_SCALARS = (bool, int, float, str, type(None))


def constant(v) -> Callable:
    """A closure that gives ``v``, marked as a compile-time constant (``fn.const``)."""
    def const(g, env):
        return v
    const.const = (v,)
    return const


def const_of(fn: Callable) -> tuple | None:
    """``(value,)`` when ``fn`` is a constant closure (:func:`constant`), else ``None``."""
    return getattr(fn, "const", None)


class CodeGen:
    """Closures for the nodes of one resolved program; see :func:`codegen`."""

    def __init__(self, program: Program, bindings: Bindings):
        self.p = program
        self.b = bindings
        self.values_read: set[str] = set()
        """The builtin values (``alive``, ``given_last_words``…) the code generated so far reads."""

    def finish(self) -> None:
        """Nothing to do: every closure is ready (:class:`~wolfdsl.lang.pygen.PyGen` compiles here)."""

    def win_reads(self) -> frozenset | None:
        """What the win rules read (:func:`wolfdsl.lang.winreads.win_reads`), worked out once."""
        if "_win_reads" not in self.__dict__:
            self._win_reads = win_reads(self.p, self.b)
        return self._win_reads

    def win_global(self, name: str) -> bool:
        """Whether a win rule reads the global ``name`` (a write marks the win rules for a check)."""
        reads = self.win_reads()
        return reads is not None and f"global:{name}" in reads

    def bind_calls(self, procs: dict, funcs: dict) -> None:
        """Nothing to do: closures call procs and funcs through the game
        (:class:`~wolfdsl.lang.pygen.PyGen` binds its direct callers here)."""

    # ------------------------------------------------------------ roots
    def root(self, e: A.Expr | None, what: str = "this expression") -> Callable | None:
        """A guarded closure for an expression root (``None`` stays ``None``)."""
        if e is None:
            return None
        fn = self.expr(e)
        if const_of(fn) is not None:
            return fn  # a constant cannot fail
        return located(fn, e.span, what)

    def root_list(self, e: A.Expr, what: str, over: bool = False) -> Callable:
        """A guarded closure for an expression that must give a list: ``none`` is empty,
        or with ``over`` (a list gone over, such as a loop's) an E401 naming ``e``."""
        fn = self.expr(e)
        text, span = (listed_text(e), e.span) if over else (None, None)
        return located(lambda g, env: as_list(fn(g, env), text, span), e.span, what)

    def clauses(self, clauses, drop: bool | None = None) -> tuple:
        """``(condition, reason)`` pairs; with ``drop`` set, a clause whose condition is a
        constant of that truth value is left out (an ``unless`` that can never forbid,
        ``drop=False``; a ``requires`` that always holds, ``drop=True``)."""
        out = []
        for c in clauses:
            fn = self.root(c.cond, "this condition")
            k = const_of(fn)
            if c.must:  # ``must X``: forbids where X is false (as ``unless not X``)
                fn, k = self.must_fn(fn, k)
            if drop is not None and k is not None and bool(k[0]) == drop:
                continue
            out.append((fn, ir.reason(c.reason, c.reason_zh)))
        return tuple(out)

    @staticmethod
    def must_fn(fn: Callable, k) -> tuple[Callable, tuple | None]:
        """A ``must`` clause's condition as the ``unless`` condition the referee checks
        (true where the answer is refused), and its constant value if it has one."""
        if k is not None:
            return constant(not k[0]), (not k[0],)
        return (lambda g, env: not fn(g, env)), None

    def pass_clauses(self, clauses) -> tuple:
        """The ``must`` clauses among ``clauses``, compiled as :meth:`clauses` does: a
        pass or an abstention (the variable ``none``) is checked against them."""
        return self.clauses([c for c in clauses if c.must], drop=False)

    # ------------------------------------------------------------ expressions
    def expr(self, e: A.Expr) -> Callable:
        return getattr(self, "e_" + type(e).__name__)(e)

    def e_Name(self, e: A.Name):
        return self.load(self.b[e])

    def load(self, bd) -> Callable:
        kind, n = bd.kind, bd.name
        if kind == "local":
            slot = bd.slot
            return lambda g, env: env[slot]
        if kind == "global":
            return lambda g, env: g.globals[n]
        if kind == "option":
            v = bd.value
            return constant(v) if isinstance(v, _SCALARS) else (lambda g, env: v)
        if kind == "value":
            self.values_read.add(n)
            f = bd.value
            return lambda g, env: f(g)
        if kind == "symbol":
            return constant(n)
        return _nothing  # pragma: no cover - resolution reported it

    def e_Num(self, e):
        v = e.value
        return constant(v) if isinstance(v, _SCALARS) else (lambda g, env: v)

    e_Str = e_Num

    def e_Attr(self, e: A.Attr):
        obj = self.expr(e.obj)
        bd = self.b[e]
        name = e.name
        if bd.kind == "field":
            attr = "klass" if name == "class" else name

            def get(g, env):
                s = obj(g, env)
                if s is None:
                    return None
                if s.__class__ is not int or not 0 < s <= g.n:
                    seat(g, s, name)
                return getattr(g.players[s], attr)
            return get
        return lambda g, env: g.seat_value(seat(g, obj(g, env), name), name)

    def e_Call(self, e: A.Call):
        args = [self.expr(a) for a in e.args]
        bd = self.b[e]
        if bd.kind == "builtin":
            fn = bd.value.fn
            if fn in B.OVER_LIST:  # ``count(ts)``: ts none is an E401 naming it
                a0, text, span = args[0], listed_text(e.args[0]), e.args[0].span
                return lambda g, env: fn(g, listed(a0(g, env), text, span))
            if len(args) == 1:
                a0 = args[0]
                return lambda g, env: fn(g, a0(g, env))
            return lambda g, env: fn(g, *[a(g, env) for a in args])
        name = e.name
        return lambda g, env: g.call_func(name, [a(g, env) for a in args])

    def e_Decided(self, e: A.Decided):
        a = e.action
        return lambda g, env: g.decided.get(a)

    def e_ListExpr(self, e):
        items = [self.expr(i) for i in e.items]
        return lambda g, env: [i(g, env) for i in items]

    def e_Comprehension(self, e: A.Comprehension):
        src = self.expr(e.source)
        cond = self.expr(e.cond)
        slot = self.b[e]
        text, span = listed_text(e.source), e.source.span

        def comp(g, env):
            out = []
            items = as_list(src(g, env), text, span)
            g.spend(len(items))
            for x in items:
                env[slot] = x
                if cond(g, env):
                    out.append(x)
            return out
        return comp

    def e_BinOp(self, e: A.BinOp):
        left, right = self.expr(e.left), self.expr(e.right)
        op = e.op
        if op in ("has", "lacks"):
            neg = op == "lacks"

            def has(g, env):
                s = left(g, env)
                res = s is not None and right(g, env) in g.players[seat(g, s)].statuses
                return res != neg
            return has
        fn = BINOPS[op]
        kl, kr = const_of(left), const_of(right)
        if kl is not None and kr is not None:
            try:
                v = fn(kl[0], kr[0])
            except _RUNTIME_ERRORS:
                v = None  # left to fail at run time, with its line
            else:
                if isinstance(v, _SCALARS):
                    return constant(v)
        if kr is not None and op in ("==", "!="):
            r = kr[0]
            if op == "==":
                return lambda g, env: left(g, env) == r
            return lambda g, env: left(g, env) != r
        if op in ("in", "not in"):
            text, span, neg = listed_text(e.right), e.right.span, op == "not in"
            return lambda g, env: member(left(g, env), right(g, env), text, span) != neg
        return lambda g, env: fn(left(g, env), right(g, env))

    def e_BoolOp(self, e: A.BoolOp):
        """``and``/``or`` of any number of items, a bool; folded at compile time where
        constant items decide it (only those that come before any other item, so that
        no item that could fail at run time is skipped), constant items that cannot
        decide it left out."""
        is_and = e.op == "and"
        items = []
        for i in (self.expr(i) for i in e.items):
            k = const_of(i)
            if k is None:
                items.append(i)
            elif bool(k[0]) != is_and:  # false in an 'and', true in an 'or': decides it
                if not items:
                    return constant(not is_and)
                items.append(i)
                break
            # a true item of an 'and' (a false one of an 'or') changes nothing
        if not items:
            return constant(is_and)
        if len(items) == 1:
            a = items[0]
            return lambda g, env: bool(a(g, env))
        if len(items) == 2:
            a, b = items
            if is_and:
                return lambda g, env: bool(a(g, env) and b(g, env))
            return lambda g, env: bool(a(g, env) or b(g, env))
        if is_and:
            return lambda g, env: all(i(g, env) for i in items)
        return lambda g, env: any(i(g, env) for i in items)

    def e_Not(self, e):
        x = self.expr(e.operand)
        k = const_of(x)
        if k is not None:
            return constant(not k[0])
        return lambda g, env: not x(g, env)

    def e_Neg(self, e):
        x = self.expr(e.operand)
        return lambda g, env: negate(x(g, env))

    def e_IfExpr(self, e: A.IfExpr):
        branches = []
        for c, v in e.branches:
            cond = self.expr(c)
            k = const_of(cond)
            if k is None:
                branches.append((cond, self.expr(v)))
            elif k[0]:
                if not branches:
                    return self.expr(v)  # the first branch that can apply always does
                branches.append((cond, self.expr(v)))
                break
            # a branch that can never apply is left out
        other = self.expr(e.otherwise)
        if not branches:
            return other

        def ifx(g, env):
            for c, v in branches:
                if c(g, env):
                    return v(g, env)
            return other(g, env)
        return ifx

    # ------------------------------------------------------------ statements
    def block(self, b: A.Block) -> Callable:
        fns = [self.stmt(s) for s in b.stmts]
        if not fns:
            return _nothing
        if len(fns) == 1:
            return fns[0]

        def run(g, env):
            for f in fns:
                f(g, env)
        return run

    def stmt(self, s: A.Stmt) -> Callable:
        fn = getattr(self, "s_" + type(s).__name__)(s)
        if isinstance(s, (A.If, A.For, A.Decide, A.Vote, A.Later, A.EndPhase)):
            return fn  # their conditions and inner statements are guarded on their own
        return located(fn, s.span, "this statement")

    def s_Let(self, s: A.Let):
        v = self.expr(s.expr)
        slot = self.b[s]

        def let(g, env):
            env[slot] = v(g, env)
        return let

    def s_Assign(self, s: A.Assign):
        v = self.expr(s.expr)
        bd = self.b[s]
        if s.attr is None:
            if bd.kind == "local":
                slot = bd.slot
                get = lambda g, env: env[slot]

                def put(g, env, x):
                    env[slot] = x
            else:
                n = bd.name
                get = lambda g, env: g.globals[n]
                if self.win_global(n):
                    def put(g, env, x):
                        g.globals[n] = x
                        g.win_dirty = True
                else:
                    def put(g, env, x):
                        g.globals[n] = x
        else:
            obj_bd, fld = bd
            obj = self.load(obj_bd)
            attr = fld.name
            if fld.kind == "field":
                get = lambda g, env: B.seat_field(g.players[obj(g, env)], attr)

                def put(g, env, x):
                    g.set_seat_field(seat(g, obj(g, env)), attr, x)
            else:
                get = lambda g, env: g.seat_value(obj(g, env), attr)

                def put(g, env, x):
                    g.set_counter(seat(g, obj(g, env)), attr, x)
        if s.op == "=":
            return lambda g, env: put(g, env, v(g, env))
        op, target, written, source = s.op, assigned_text(s), literal_text(s.expr), right_text(s)
        return lambda g, env: put(g, env, compound(op, get(g, env), v(g, env), target, written, source))

    def s_If(self, s: A.If):
        branches = [(self.root(c, "this condition"), self.block(b)) for c, b in s.branches]
        other = self.block(s.otherwise) if s.otherwise is not None else None

        def run(g, env):
            for c, b in branches:
                if c(g, env):
                    b(g, env)
                    return
            if other is not None:
                other(g, env)
        return run

    def s_For(self, s: A.For):
        src = self.root_list(s.source, "this loop's list", over=True)
        body = self.block(s.body)
        slot = self.b[s]
        span = s.span

        def run(g, env):
            items = src(g, env)
            try:
                g.spend(len(items))
            except RunawayRule as exc:
                raise runaway(g, span, "this loop", exc) from None
            for x in items:
                env[slot] = x
                body(g, env)
        return run

    def s_Decide(self, s: A.Decide):
        op = self.decide_op(s)
        return lambda g, env: g.run_decide(op, env)

    def decide_op(self, s: A.Decide, full: bool = True) -> ir.DecideOp:
        """The compiled ``decide`` statement the engine runs; not ``full``: only the parts
        the referee needs to ask and check an answer (a generated function does the rest:
        :mod:`wolfdsl.lang.pydecide`)."""
        if not full:
            return self.answer_parts(s)
        slots = self.b[s]
        by = slots.by
        by_fn = None
        if by.kind == "seat":
            who = self.expr(s.by)
            by_fn = located(lambda g, env: seat(g, who(g, env)), s.by.span, "this decider")
        count = "any" if s.count == "any" else self.root(s.count)
        op = ir.DecideOp(
            action=s.action, short=s.action.rsplit(".", 1)[-1], by_kind=by.kind, by_name=by.name or None,
            by_fn=by_fn, may_pass=s.may_pass, pass_when=self.root(s.pass_when, "this pass condition"),
            var=slots.var, count=count, options=self.root_list(s.options, "this list of options"),
            requires=self.clauses(s.requires, drop=True), unless=self.clauses(s.unless, drop=False),
            tell=tuple((f.name, self.root(f.expr)) for f in s.tell), body=self.block(s.body), span=s.span,
            prefer=self.root(s.prefer, "this preference"), pass_reason=ir.reason(s.pass_reason, s.pass_reason_zh), me=slots.me,
            score=self.root(s.score, "this score"), pass_must=self.pass_clauses(s.unless),
            recheck=self.may_vary(s.unless), ask=s.ask)
        return op

    def answer_parts(self, s: A.Decide) -> ir.DecideOp:
        """A :class:`ir.DecideOp` with what :meth:`wolfdsl.play.referee.Referee.ask` reads
        (the clauses, hints, body); the options, ``requires``, pass, count and ``tell``
        are left out (``_nothing``, empty)."""
        slots = self.b[s]
        return ir.DecideOp(
            action=s.action, short=s.action.rsplit(".", 1)[-1], by_kind=slots.by.kind,
            by_name=slots.by.name or None, by_fn=None, may_pass=s.may_pass, pass_when=None, var=slots.var,
            count=None, options=_nothing, requires=(), unless=self.clauses(s.unless, drop=False), tell=(),
            body=self.block(s.body), span=s.span, prefer=self.root(s.prefer, "this preference"),
            pass_reason=ir.reason(s.pass_reason, s.pass_reason_zh), me=slots.me, score=self.root(s.score, "this score"),
            pass_must=self.pass_clauses(s.unless), recheck=self.may_vary(s.unless), ask=s.ask)

    def s_Vote(self, s: A.Vote):
        op = self.vote_op(s)
        return lambda g, env: g.run_vote(op, env)

    def vote_op(self, s: A.Vote, full: bool = True) -> ir.VoteOp:
        """The compiled ``vote`` statement the engine runs; not ``full``: only the parts
        the referee needs to ask and check a ballot (voters, candidates, their clauses
        and the weight left out: a generated function has them)."""
        slots = self.b[s]
        if not full:
            cand_unless = self.clauses(s.cand_unless)
            split = {True: [], False: []}  # reads the voter -> the clauses that may forbid (as drop=False)
            for c, pair in zip(s.cand_unless, cand_unless):
                k = const_of(pair[0])
                if k is None or bool(k[0]):
                    split[self.reads_slot(c.cond, slots.voter)].append(pair)
            return ir.VoteOp(
                action=s.action, short=s.action.rsplit(".", 1)[-1], kind=s.kind, voter_var=slots.voter,
                voters=_nothing, voter_unless=(), cand_var=slots.cand, candidates=_nothing,
                cand_unless=cand_unless, weight=None, top_var=slots.top, ballots_var=slots.ballots,
                body=self.block(s.body), span=s.span, prefer=self.root(s.prefer, "this preference"),
                score=self.root(s.score, "this score"), recheck=self.may_vary(s.cand_unless),
                cand_fixed=tuple(split[False]), cand_by_voter=tuple(split[True]), ask=s.ask,
                bonus=self.bonus(s.bonus))
        fixed = [c for c in s.cand_unless if not self.reads_slot(c.cond, slots.voter)]
        by_voter = [c for c in s.cand_unless if self.reads_slot(c.cond, slots.voter)]
        op = ir.VoteOp(
            action=s.action, short=s.action.rsplit(".", 1)[-1], kind=s.kind, voter_var=slots.voter,
            voters=self.root_list(s.voters, "this list of voters"), voter_unless=self.clauses(s.voter_unless, drop=False),
            cand_var=slots.cand, candidates=self.root_list(s.candidates, "this list of candidates"),
            cand_unless=self.clauses(s.cand_unless), weight=self.root(s.weight, "this ballot weight"),
            top_var=slots.top, ballots_var=slots.ballots, body=self.block(s.body), span=s.span,
            prefer=self.root(s.prefer, "this preference"), score=self.root(s.score, "this score"),
            cand_fixed=self.clauses(fixed, drop=False), cand_by_voter=self.clauses(by_voter, drop=False),
            abstain_must=self.pass_clauses(s.cand_unless), recheck=self.may_vary(s.cand_unless), ask=s.ask,
            bonus=self.bonus(s.bonus))
        return op

    def bonus(self, e: A.Expr | None) -> tuple | None:
        """A vote's ``bonus`` as :attr:`ir.VoteOp.bonus`: ``(func, argument closures, span)``
        for a call of a func, else ``(None, (closure,), span)``; ``None`` without one, or when
        it is always 0 (a func not extended whose expression is the constant 0, as the
        prelude's ``extra_votes``: the vote costs nothing more)."""
        if e is None:
            return None
        bd = self.b.of.get(id(e)) if isinstance(e, A.Call) else None
        if bd is not None and bd.kind == "func":
            decl = self.p.named("func")[e.name]
            k = const_of(self.root(decl.expr, f"func {decl.name}()")) if not decl.terms else None
            if k is not None and k[0] == 0 and not isinstance(k[0], bool):
                return None
            return (e.name, tuple(self.root(a, "this argument") for a in e.args), e.span)
        fn = self.root(e, "this bonus")
        k = const_of(fn)
        if k is not None and k[0] == 0 and not isinstance(k[0], bool):
            return None
        return (None, (fn,), e.span)

    def may_vary(self, clauses) -> bool:
        """Whether a clause may give another value when evaluated again in the same state:
        it calls a builtin that draws at random, a func, or reads a property (whose
        expression may do either)."""
        for c in clauses:
            for n in A.walk(c.cond):
                bd = self.b.of.get(id(n)) if isinstance(n, (A.Call, A.Attr)) else None
                if bd is None:
                    continue
                if isinstance(n, A.Call) and (bd.kind != "builtin" or bd.value.random):
                    return True
                if isinstance(n, A.Attr) and bd.kind != "field" and n.name in self.varying_props():
                    return True
        return False

    def varying_props(self) -> set:
        """The properties whose expression (the ruleset's or a role's) calls a func or a
        builtin that draws at random."""
        if getattr(self, "_varying", None) is None:
            exprs = [(n, d.expr) for n, d in self.p.properties.items()]
            exprs += [(n, e) for r in self.p.of_kind("role") for n, e in r.props]
            self._varying = {n for n, e in exprs for x in A.walk(e) if isinstance(x, A.Call)
                             and (getattr(self.b.of.get(id(x)), "kind", None) != "builtin"
                                  or self.b.of[id(x)].value.random)}
        return self._varying

    def reads_slot(self, e: A.Expr, slot: str) -> bool:
        """Whether the expression ``e`` reads the local ``slot`` (a func it calls cannot:
        its frame is its own)."""
        for n in A.walk(e):
            if isinstance(n, A.Name):
                bd = self.b.of.get(id(n))
                if getattr(bd, "kind", None) == "local" and bd.slot == slot:
                    return True
        return False

    def s_Kill(self, s: A.Kill):
        target = self.expr(s.target)
        as_ = self.expr(s.as_) if s.as_ is not None else None
        cause, span = s.cause, s.span
        if as_ is None:
            return lambda g, env: g.kill(seat(g, target(g, env)), cause, None, span)
        return lambda g, env: g.kill(seat(g, target(g, env)), cause, seat(g, as_(g, env)), span)

    def s_AddStatus(self, s: A.AddStatus):
        target, st = self.expr(s.target), s.status
        return lambda g, env: g.add_status(seat(g, target(g, env)), st)

    def s_RemoveStatus(self, s: A.RemoveStatus):
        target, st = self.expr(s.target), s.status
        return lambda g, env: g.remove_status(seat(g, target(g, env)), st)

    def fields(self, fields) -> tuple:
        return tuple((f.name, self.expr(f.expr)) for f in fields)

    def s_Tell(self, s: A.Tell):
        target, fields = self.expr(s.target), self.fields(s.fields)
        return lambda g, env: g.tell(seat(g, target(g, env)), {k: f(g, env) for k, f in fields})

    def s_Log(self, s: A.Log):
        fields, t = self.fields(s.fields), s.type
        return lambda g, env: g.log(t, {k: f(g, env) for k, f in fields})

    def s_Claim(self, s: A.Claim):
        speaker, fields = self.expr(s.speaker), self.fields(s.fields)
        role = self.expr(s.role) if s.role is not None else (lambda g, env: None)
        return lambda g, env: g.claim(seat(g, speaker(g, env)), role(g, env), {k: f(g, env) for k, f in fields})

    def s_CallProc(self, s: A.CallProc):
        args = [self.expr(a) for a in s.args]
        name = s.name
        return lambda g, env: g.call_proc(name, [a(g, env) for a in args])

    def s_EndPhase(self, s):
        def end(g, env):
            raise EndPhase()
        return end

    def s_CheckWin(self, s):
        return lambda g, env: g.check_win()

    def s_Announce(self, s):
        return lambda g, env: g.announce()

    def s_Later(self, s: A.Later):
        body = self.block(s.body)
        phase = s.phase
        return lambda g, env: g.schedule(phase, body, env)

    def s_Revive(self, s: A.Revive):
        target = self.expr(s.target)
        role = self.expr(s.role) if s.role is not None else None
        return lambda g, env: g.revive(seat(g, target(g, env)), role(g, env) if role is not None else None)

    def s_Play(self, s: A.Play):
        card = self.expr(s.card)
        return lambda g, env: g.play_card(card(g, env))

    def s_Proceed(self, s):
        def proceed(g, env):
            env["__proceed__"] = True
        return proceed

    # ------------------------------------------------------------ declarations
    def role(self, r: A.RoleDecl) -> ir.Role:
        static: dict[str, str | None] = {}
        fns: dict[str, Callable | None] = {}
        for kind, val in (("faction", r.faction), ("class", r.klass), ("team", r.team)):
            static[kind], fns[kind] = None, None
            if val is None:
                continue
            if isinstance(val, A.Name):
                if val.id == "none" and kind != "faction":
                    continue
                static[kind] = val.id
            fns[kind] = self.root(val)
        name, name_zh = labels(r.labels, r.name)
        return ir.Role(r.name, name, name_zh, static["faction"], static["class"], static["team"],
                       tuple((n, self.root(e)) for n, e in r.counters), r.statuses,
                       {n: self.root(e) for n, e in r.props}, r.span,
                       fns["faction"], fns["class"], fns["team"])

    def steps(self, ordered: dict[str, list[A.StepDecl]]) -> dict[str, tuple[ir.Step, ...]]:
        return {phase: tuple(ir.Step(s.name, phase, self.root(s.when, "this step's condition"), s.always,
                                     self.block(s.body), s.span) for s in decls)
                for phase, decls in ordered.items()}

    def phase_runs(self, steps: dict[str, tuple[ir.Step, ...]]) -> dict[str, Callable]:
        """A function per phase running its ``steps`` (``ir.Ruleset.phase_runs``); the
        closures have none: the engine's loop runs the steps."""
        return {}

    def win_check(self, wins: tuple[ir.Win, ...]) -> Callable | None:
        """The win rules in one function (``ir.Ruleset.win_check``); the closures have
        none: the engine's loop checks them."""
        return None

    def triggers(self) -> tuple[dict, dict]:
        trig: dict[str, list] = {}
        repl: dict[str, list] = {}
        for kind in ("trigger", "replacement"):
            for t in self.p.of_kind(kind):
                (trig if kind == "trigger" else repl).setdefault(t.event, []).append(
                    ir.Trigger(kind, t.name, t.event, t.var, t.order, self.root(t.when, "this trigger's condition"),
                               self.block(t.body), t.span, *gate(t.when, t.var, self.b)))
        sort = lambda d: {k: tuple(sorted(v, key=lambda t: t.order)) for k, v in d.items()}
        return sort(trig), sort(repl)

    def wins(self) -> tuple[ir.Win, ...]:
        out = [ir.Win(w.name, w.factions, w.priority, w.title or w.name, self.root(w.when, "this win condition"),
                      w.span, w.title_zh or "") for w in self.p.of_kind("win")]
        out.sort(key=lambda w: -w.priority)
        return tuple(out)

    def engine(self) -> ir.Engine:
        given = self.p.engine
        kw: dict[str, Any] = {"spans": {n: d.span for n, d in given.items()}}
        if "day_bound" in given:
            kw["day_bound"] = self.root(given["day_bound"].expr, "engine day_bound")
        if "last_words" in given:
            kw["last_words"] = given["last_words"].expr.id
        for name in ("dead_reason", "dead_reason_zh"):
            if name in given:
                kw[name] = given[name].expr.value
        return ir.Engine(**kw)

def player_counts(program: Program) -> tuple[int, int]:
    """``players LOW..HIGH`` if declared, else the range its decks cover (``(0, 0)``: none)."""
    if program.players is not None:
        return program.players
    decks = program.decks
    return (min(d.low for d in decks), max(d.high for d in decks)) if decks else (0, 0)


def event_texts(program: Program) -> dict[str, tuple[ir.EventText, ...]]:
    """``event`` declarations by type, the ones to try first first: the most specific
    case (the most fields) first, a type's catch-all last; among equals, later files'
    first (they override)."""
    out: dict[str, list[ir.EventText]] = {}
    for d in reversed(program.events):
        out.setdefault(d.name, []).append(ir.EventText(d.name, d.case, d.en, d.zh, d.span))
    return {k: tuple(sorted(v, key=lambda e: -len(e.case or ()))) for k, v in out.items()}


def secret_events(program: Program) -> frozenset[str]:
    """The event types the moderator alone sees: those with a ``secret`` declaration
    (one is enough, whichever file declares it)."""
    return frozenset(d.name for d in program.events if d.secret)


def labels(given, name) -> tuple[str, str]:
    """English and Chinese display names (English defaults to the id, capitalised)."""
    en = given[0] if given else name.replace("_", " ").capitalize()
    zh = given[1] if len(given) > 1 else ""
    return en, zh


def codegen(program: Program, bindings: Bindings, options: dict[str, ir.Option],
            ordered: dict[str, list[A.StepDecl]], name: str, path: str) -> ir.Ruleset:
    """The :class:`ir.Ruleset` of a program whose resolution found no error;
    ``ordered``: each phase's steps in run order (:func:`wolfdsl.lang.order.order_program`)."""
    from .pygen import PyGen
    cg = CodeGen(program, bindings) if os.environ.get("WOLFDSL_BACKEND") == "closures" else PyGen(program, bindings, name)
    p = program
    symbols = {kind: {n: ir.Symbol(kind, n, *labels(d.labels, n), d.temporary, d.span,
                                   cg.root(d.last_words, f"cause {n}'s last_words"), bool(d.labels))
                      for n, d in table.items()} for kind, table in p.symbols.items()}
    roles = {r.name: cg.role(r) for r in p.of_kind("role")}
    cards = {}
    for d in p.of_kind("card"):
        en, zh = labels(d.labels, d.name)
        cards[d.name] = ir.Card(d.name, en, zh, d.tags, d.needs, cg.block(d.body), d.span)
    decks = expand(p.decks, options)
    players = player_counts(p)
    triggers, replacements = cg.triggers()
    steps, wins = cg.steps(ordered), cg.wins()
    rs = ir.Ruleset(
        name=name, title=p.title or name, title_zh=p.title_zh, summary=p.summary, summary_zh=p.summary_zh, path=path, players=players,
        default_players=p.players_default if p.players is not None and p.players_default is not None else players[0],
        symbols=symbols,
        roles=roles, options=options,
        attributes={n: ir.Attribute(n, d.values, d.default, d.span, d.range) for n, d in p.attributes.items()},
        globals={n: cg.root(d.expr, f"global '{n}'") for n, d in p.globals.items()},
        properties={n: cg.root(d.expr, f"property '{n}'") for n, d in p.properties.items()},
        decks=tuple(decks), steps=steps,
        procs={d.name: ir.Proc(d.name, d.params, cg.block(d.body), d.span) for d in p.of_kind("proc")},
        funcs={d.name: ir.Func(d.name, d.params, cg.root(d.expr, f"func {d.name}()"), d.span,
                               tuple((n, cg.root(e, f"func {d.name}()")) for n, e in d.terms),
                               tuple(e.span for _n, e in d.terms))
               for d in p.of_kind("func")},
        triggers=triggers, replacements=replacements, wins=wins, actions=dict(bindings.actions), cards=cards,
        speech=speech_acts(p), ballots=ballot_readings(p),
        redeals=tuple((cg.root(d.expr, "this redeal rule"), d.reason or "redeal rule") for d in p.redeals),
        deciders={n: ir.Decider(n, *labels(d.labels, n), d.default, d.span) for n, d in p.deciders.items()},
        engine=cg.engine(), events=event_texts(p), secret_events=secret_events(p),
        words={n: (d.en, d.zh) for n, d in p.words.items()}, told=told_facts(p), win_reads=cg.win_reads(),
        phase_runs=cg.phase_runs(steps), win_check=cg.win_check(wins))
    cg.bind_calls(rs.procs, rs.funcs)
    cg.finish()
    rs.values_read = frozenset(cg.values_read)
    told: set[str] = set()
    logged: dict[str, set[str]] = {}
    for d in p.declarations():
        for n in A.walk(d):
            if isinstance(n, A.Log):
                logged.setdefault(n.type, set()).update(f.name for f in n.fields)
            elif isinstance(n, A.Tell) or (isinstance(n, A.Decide) and n.tell):
                told.update(f.name for f in (n.tell if isinstance(n, A.Decide) else n.fields))
    rs.logged = {t: frozenset(names) for t, names in logged.items()}
    rs.told_fields = frozenset(told)
    rs.told_numbers = number_fields(p)
    return rs


def expression(program: Program, bindings: Bindings, e: A.Expr) -> Callable[[Any, dict], Any]:
    """A guarded closure for one expression already resolved into ``bindings``."""
    return CodeGen(program, bindings).root(e)
