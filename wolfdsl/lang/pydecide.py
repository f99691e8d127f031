"""Generated decisions: one Python function per ``decide`` and per ``vote`` statement.

:class:`~wolfdsl.lang.pygen.PyGen` writes, for each :class:`~wolfdsl.lang.ir.DecideOp`,
a function ``fn(g, env)`` that does what :meth:`wolfdsl.play.referee.Referee.decide`
does, with the statement's parts inline: the actor lookup, the ``requires`` conditions,
the options and their ``unless`` filter, ``may pass``, ``count``, the request kind
(fixed at compile time where the options' types are known: ``alive``, a comprehension
over it, ``[yes, no]``), ``tell``, the round count, the agent's answer and its check,
the ``action`` event, the body. An agent that reads only a request's kind, options,
pass and count (:class:`~wolfdsl.play.agents.ChoosingAgent`, the random agent) is
asked through ``choose`` with no :class:`~wolfdsl.play.agents.Request` built; any other
through :meth:`~wolfdsl.play.referee.Referee.ask`. A ``vote`` likewise: the voters and
their clauses, the candidates' voter-free clauses once per vote and the voter's own per
ballot, one loop of ballots, the tally, the ``vote`` event, the body.

The decider (``me``) is a Python local known to be a seat (``by ROLE``, ``by SEAT``),
and so is the voter when the voters are ``alive`` or ``players``: reading a field of it
checks nothing. Each line belongs to the expression it evaluates (an E401 names that
``.wolf`` line, as the generated roots do); the referee's lines map to nothing.

What stays with the referee (``g.run_decide`` / ``g.run_vote``, the general path): a
decision by a declared decider (``decider moderator``), a vote whose ``must`` clause
checks the abstention, and telling why a role's or team's decision is not offered
(only when an observer or the agent listens). Evaluation order, random draws and events
are the referee's exactly: the event logs are byte-identical.
"""
from __future__ import annotations

from typing import Callable

from . import syntax as A


def decide_function(pg, s: A.Decide) -> Callable | None:
    """The generated function running ``decide`` statement ``s``, or ``None`` to leave
    it to the referee."""
    if pg.b[s].by.kind == "decider":
        return None
    op = pg.decide_op(s, full=False)  # what the referee reads to ask and check
    K = pg.const_ref(op)
    act = repr(op.action)
    lines: list = []

    def ln(depth: int, text: str, where: tuple | None = None) -> None:
        lines.append(("  " * depth + text, where))

    # who decides (not offered: the referee's general path says why)
    if op.by_kind in ("role", "team"):
        field = "role" if op.by_kind == "role" else "team"
        by = repr(op.by_name)
        ln(0, "for _p in g.players[1:]:")
        ln(1, f"if _p.{field} == {by} and _p.alive: break")
        ln(0, "else:")  # not offered: the referee says why, to whoever listens
        ln(1, f"if g.watched or g.referee.wants_reasons: g.referee._actor({K}, env)")
        ln(1, "return")
        ln(0, "_me = _p.seat" if op.by_kind == "role" else "_me = None")
        me_seat = op.by_kind == "role"
    else:
        with pg.own_function():
            who = pg.seat_text(pg.gen(s.by))  # the seat check inline
        ln(0, f"_me = {who}", (s.by.span, "this decider"))
        ln(0, "if _me is None: return")
        ln(0, "_by = g.players[_me].role")
        by, me_seat = "_by", True
    ln(0, f"env[{op.me!r}] = _me")
    # requires: a clause that always holds is left out
    with pg.own_function({op.me: ("_me", me_seat)}):
        for c in s.requires:
            code = pg.gen(c.cond)
            if getattr(c, "must", False):
                src, const = f"(not {code.src})", (not code.const[0],) if code.const is not None else None
            else:
                src, const = code.src, code.const
            if const is not None and const[0]:
                continue
            ln(0, f"if not {src}:", (c.cond.span, "this condition"))
            ln(1, f"g.referee.not_offered({act}, _me, {by}, {c.reason!r})")
            ln(1, "return")
        ln(0, f"_o = {_fresh_list(pg, s.options)}", (s.options.span, "this list of options"))
    seats = pg.items_are_seats(s.options)
    with pg.own_function({op.me: ("_me", me_seat), op.var: ("_v", seats)}):
        tests = pg.tests(s.unless)
    _filter(ln, 0, "_l", "_o", op.var, tests, "_o")
    with pg.own_function({op.me: ("_me", me_seat)}):
        if s.count == "any":
            can_pass, count = "True", "0"
        else:
            if not s.may_pass:
                can_pass = "False"
            elif s.pass_when is None:
                can_pass = "True"
            else:
                ln(0, f"_cp = not not {pg.gen(s.pass_when).src}", (s.pass_when.span, "this pass condition"))
                can_pass = "_cp"
            if s.count is None:
                count = "1"
            else:
                ln(0, f"_n = int({pg.gen(s.count).src})", (s.count.span, "this expression"))
                count = "_n"
        if s.count is not None:
            kind = "'seats'"
        elif seats:
            kind = "'seat'"
        elif isinstance(s.options, A.ListExpr) and s.options.items and \
                all(pg.gen(i).src in ("True", "False") for i in s.options.items):
            if tests:  # all filtered out: a ``seat`` request with no option
                ln(0, "_k = 'yes_no' if _l else 'seat'")
                kind = "_k"
            else:
                kind = "'yes_no'"
        else:
            ln(0, "_k = g.referee.options_kind(_l)")
            kind = "_k"
        refused = "None"
        if op.pass_must:  # a ``must`` clause that refuses the pass makes the choice required
            if can_pass != "_cp":
                ln(0, f"_cp = {can_pass}")
                can_pass = "_cp"
            none = "(False if _k == 'yes_no' else None)" if kind == "_k" else "False" if kind == "'yes_no'" else "None"
            ln(0, "_rfd = None")
            ln(0, "if _cp:")
            ln(1, f"_rfd = g.referee.forbidding(g, env, {op.var!r}, {none}, {K}.pass_must)")
            ln(1, "if _rfd is not None: _cp = False")
            refused = "_rfd"
        # not offered: no legal option (or too few) and no pass
        if can_pass != "True":
            short = "not _l" if count == "1" else f"(not _l or len(_l) < {count})"
            ln(0, f"if {short} and not {can_pass}:")
            ln(1, f"g.referee.not_offered({act}, _me, {by}, 'no legal option')")
            ln(1, "return")
        if s.tell and op.by_kind != "team":
            fields = []
            for f in s.tell:
                t = pg.temp()
                ln(0, f"{t} = {pg.gen(f.expr).src}", (f.expr.span, "this expression"))
                fields.append(f"{f.name!r}: {t}")
            ln(0, f"g.tell(_me, {{{', '.join(fields)}}})")
    # the round, the answer and its check
    ln(0, "_rf = g.referee")
    ln(0, f"_key = ({act}, _me)")
    ln(0, "_rs = _rf.rounds")
    ln(0, "_rnd = _rs[_key] = _rs.get(_key, 0) + 1")
    ln(0, "_ch = _rf.choose")
    args = f"{K}, env, _me, {by}, _rnd, {kind}, _l, {can_pass}, {count}, {refused}"
    ln(0, "if _ch is None:")
    ln(1, f"_a = _rf.ask({args})")
    ln(0, "else:")
    ln(1, f"_a = _ch({kind}, _l, {can_pass}, {count})")
    ln(1, "if _a is None:")
    ln(2, "pass" if can_pass == "True" else f"if not {can_pass}: _a = _rf.settle({args}, _a)")
    if kind in ("_k", "'yes_no'"):
        ln(2, f"{'if' if can_pass == 'True' else 'elif'} {kind} == 'yes_no': _a = False")
    if op.recheck or kind == "'seats'":
        ln(1, f"else: _a = _rf.settle({args}, _a)")
    elif kind in ("'seat'", "'yes_no'"):
        cls = "int" if kind == "'seat'" else "bool"
        ln(1, f"elif _a.__class__ is not {cls} or _a not in _l: _a = _rf.settle({args}, _a)")
    else:
        ln(1, f"elif {kind} not in _KINDS.get(_a.__class__, ()) or _a not in _l: _a = _rf.settle({args}, _a)")
    ln(0, f"g.decided[{act}] = _a")
    ln(0, f"if not g.silent: _rf.log_action({act}, _me, {by}, {kind}, _a)")
    ln(0, f"env[{op.var!r}] = _a")
    ln(0, f"env[{op.me!r}] = _me")
    _body(pg, s, op, ln)
    return pg.function(lines, "_d")


def vote_function(pg, s: A.Vote) -> Callable | None:
    """The generated function running ``vote`` statement ``s``, or ``None`` to leave it
    to the referee."""
    if pg.pass_clauses(s.cand_unless):  # a ``must`` that checks the abstention
        return None
    op = pg.vote_op(s, full=False)  # what the referee reads to ask and check
    K = pg.const_ref(op)
    act = repr(op.action)
    vv, cv = op.voter_var, op.cand_var
    lines: list = []

    def ln(depth: int, text: str, where: tuple | None = None) -> None:
        lines.append(("  " * depth + text, where))

    voter_seat = pg.seats_of(s.voters)
    with pg.own_function():
        ln(0, f"_bv = {_fresh_list(pg, s.voters)}", (s.voters.span, "this list of voters"))
    ln(0, "_rf = g.referee")
    ln(0, "_vs = []")
    ln(0, "for _w in _bv:")
    ln(1, f"env[{vv!r}] = _w")
    with pg.own_function({vv: ("_w", voter_seat)}):
        tests = pg.tests(s.voter_unless)
    for i, (src, c) in enumerate(tests):
        ln(1, f"{'elif' if i else 'if'} {src}:", (c.cond.span, "this condition"))
        ln(2, f"_rf.not_offered({act}, _w, None, {c.reason!r})")
    if tests:
        ln(1, "else: _vs.append(_w)")
    else:
        ln(1, "_vs.append(_w)")
    ln(0, f"if _rf.wants_reasons: _rf.unlisted({act}, _bv)")
    with pg.own_function():
        ln(0, f"_cs = {_fresh_list(pg, s.candidates)}", (s.candidates.span, "this list of candidates"))
    ln(0, f"_key = ({act}, None)")
    ln(0, "_rs = _rf.rounds")
    ln(0, "_rnd = _rs[_key] = _rs.get(_key, 0) + 1")
    ln(0, "_ballots = {}")
    ln(0, "_tally = {}")
    ln(0, "_weights = {}")
    ln(0, "_open = None")
    ln(0, "_ch = _rf.choose")
    ln(0, "for _w in _vs:")
    ln(1, f"env[{vv!r}] = _w")
    fixed = [c for c in s.cand_unless if not pg.reads_slot(c.cond, vv)]
    by_voter = [c for c in s.cand_unless if pg.reads_slot(c.cond, vv)]
    # the candidates no voter-free clause forbids, once per vote
    ln(1, "if _open is None:")
    with pg.own_function({cv: ("_v", False)}):
        tests = pg.tests(fixed)
    _filter(ln, 2, "_open", "_cs", cv, tests, "list(_cs)")
    with pg.own_function({vv: ("_w", voter_seat), cv: ("_v", False)}):
        tests = pg.tests(by_voter)
    _filter(ln, 1, "_l", "_open", cv, tests, "_open")
    if op.cand_unless:
        ln(1, f"if _cs: env[{cv!r}] = _cs[-1]")  # as the unsplit check leaves it
    ln(1, "if _ch is None:")
    ln(2, f"_a = _rf.ask_ballot({K}, env, _w, _rnd, _l, None)")
    ln(1, "else:")
    ln(2, "_a = _ch('ballot', _l, True, 1)")
    check = "" if op.recheck else " and (_a.__class__ is not int or _a not in _l)"
    ln(2, f"if _a is not None{check}: _a = _rf.settle_ballot({K}, env, _w, _rnd, _l, None, _a)")
    ln(1, "_ballots[_w] = _a")
    ln(1, "if _a is not None:")
    ln(2, f"env[{cv!r}] = _a")
    if s.weight is None:
        ln(2, "_tally[_a] = _tally.get(_a, 0) + 1")
    else:
        with pg.own_function({vv: ("_w", voter_seat), cv: ("_a", False)}):
            ln(2, f"_x = {pg.gen(s.weight).src}", (s.weight.span, "this ballot weight"))
        ln(2, "if _x != 1: _weights[_w] = _x")
        ln(2, "if _x: _tally[_a] = _tally.get(_a, 0) + _x")  # a ballot of weight 0 is cast but not counted
    ln(0, "_top = []")
    ln(0, "if _tally:")
    ln(1, "_best = max(_tally.values())")
    ln(1, "_top = sorted([_s for _s, _t in _tally.items() if _t == _best])")
    ln(0, "_res = _top[0] if len(_top) == 1 else None")
    ln(0, f"if not g.silent: _rf.log_vote({op.kind!r}, _rnd, _ballots, _tally, _res, _top, _weights)")
    ln(0, f"env[{op.top_var!r}] = _top")
    if op.ballots_var:
        ln(0, f"env[{op.ballots_var!r}] = dict(_ballots)")
    _body(pg, s, op, ln)
    return pg.function(lines, "_b")


def _fresh_list(pg, e: A.Expr) -> str:
    """Text giving the list ``e`` as a list of its own (``_as_list``), without the copy
    where ``e`` builds a new one anyway: ``[...]``, a comprehension, ``alive``, ``players``."""
    src = pg.gen(e).src
    if isinstance(e, (A.ListExpr, A.Comprehension)) or pg.seats_of(e):
        return src
    return f"_as_list({src})"


def _filter(ln, depth: int, out: str, source: str, slot: str, tests: list, unfiltered: str) -> None:
    """Lines setting ``out`` to the items of ``source`` no test holds for (``slot`` and
    ``_v`` bound to each in turn), or to ``unfiltered`` when there is no test."""
    if not tests:
        ln(depth, f"{out} = {unfiltered}")
        return
    ln(depth, f"{out} = []")
    ln(depth, f"for _v in {source}:")
    ln(depth + 1, f"env[{slot!r}] = _v")
    for src, c in tests:
        ln(depth + 1, f"if {src}: continue", (c.cond.span, "this condition"))
    ln(depth + 1, f"{out}.append(_v)")


def _body(pg, s, op, ln) -> None:
    """The statement's block (same frame): its lines written in when short
    (:meth:`~wolfdsl.lang.pygen.PyGen.inlined`), else its function called."""
    from .codegen import _nothing
    if op.body is _nothing:
        return
    lines = pg.block_lines(s.body)
    if lines is not None and pg.inlined(lines):
        for text, where in lines:
            ln(0, text, where)
    else:
        ln(0, f"{pg.const_ref(op.body)}(g, env)")
