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
through :meth:`~wolfdsl.play.referee.Referee.ask`; and the random agent's one-answer
choice is not asked at all: its answer is drawn here with its generator
(:func:`~wolfdsl.play.agents.uniform_bits`: the same numbers, no call). A ``vote`` likewise: the voters and
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
        by = repr(op.by_name)
        ln(0, "_hs = g.holders")
        ln(0, "if _hs is None: _hs = g.index_holders()")
        ln(0, f"for _p in _hs[{0 if op.by_kind == 'role' else 1}].get({by}, ()):")
        ln(1, "if _p.alive: break")
        ln(0, "else:")  # not offered: the referee says why, to whoever listens
        ln(1, f"if g.watched or g.referee.wants_reasons: g.referee._actor({K}, env)")
        ln(1, "return")
        ln(0, "_me = _p.seat" if op.by_kind == "role" else "_me = None")
        me_seat = op.by_kind == "role"
    else:
        with pg.own_function():
            who = pg.gen(s.by).src
        ln(0, f"_me = {who}", (s.by.span, "this decider"))
        ln(0, "if _me.__class__ is not int or not 0 < _me <= g.n:")
        ln(1, "_me = _seat(g, _me)", (s.by.span, "this decider"))  # none, or not a seat: its E401
        ln(1, "if _me is None: return")
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
        tests = _split(pg, s.unless, op.var, {op.me} if me_seat else set(), seats)
    _filter(ln, 0, "_l", "_o", op.var, tests, "_o")
    recheck = op.recheck and bool(tests)  # clauses that never hold vary in nothing
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
    # the answer (drawn here for a uniform agent: no round counted, nobody reads it), else
    # the round, the agent's answer and its check
    ln(0, "_rf = g.referee")
    args = f"{K}, env, _me, {by}, _rnd, {kind}, _l, {can_pass}, {count}, {refused}"
    d = 0
    if not recheck and kind != "'seats'" and count == "1":
        # the options are not empty here, or the pass is allowed
        ln(0, "_gb = _rf.bits")
        ln(0, "if _gb is not None:")
        ln(1, "_n = len(_l) + 1" if can_pass == "True" else f"_n = len(_l) + 1 if {can_pass} else len(_l)")
        _draw(ln, 1)
        if kind == "'yes_no'" and can_pass != "False":
            ln(1, "if _a is None: _a = False")
        elif kind == "_k" and can_pass != "False":
            ln(1, "if _a is None and _k == 'yes_no': _a = False")
        ln(0, "else:")
        d = 1
    ln(d, f"_key = ({act}, _me)")
    ln(d, "_rs = _rf.rounds")
    ln(d, "_rnd = _rs[_key] = _rs.get(_key, 0) + 1")
    ln(d, "_ch = _rf.choose")
    ln(d, "if _ch is None:")
    ln(d + 1, f"_a = _rf.ask({args}, _o)")
    ln(d, "else:")
    ln(d + 1, f"_a = _ch({kind}, _l, {can_pass}, {count})")
    ln(d + 1, "if _a is None:")
    ln(d + 2, "pass" if can_pass == "True" else f"if not {can_pass}: _a = _rf.settle({args}, _a, _o)")
    if kind in ("_k", "'yes_no'"):
        ln(d + 2, f"{'if' if can_pass == 'True' else 'elif'} {kind} == 'yes_no': _a = False")
    if recheck or kind == "'seats'":
        ln(d + 1, f"else: _a = _rf.settle({args}, _a, _o)")
    elif kind in ("'seat'", "'yes_no'"):
        cls = "int" if kind == "'seat'" else "bool"
        ln(d + 1, f"elif _a.__class__ is not {cls} or _a not in _l: _a = _rf.settle({args}, _a, _o)")
    else:
        ln(d + 1, f"elif {kind} not in _KINDS.get(_a.__class__, ()) or _a not in _l: _a = _rf.settle({args}, _a, _o)")
    if kind == "'seats'":  # several seats: the language's list, as the referee binds it
        ln(0, "if _a.__class__ is tuple: _a = list(_a)")
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
    ln(0, "_gb = _rf.bits")
    ln(0, "for _w in _vs:")
    ln(1, f"env[{vv!r}] = _w")
    fixed = [c for c in s.cand_unless if not pg.reads_slot(c.cond, vv)]
    by_voter = [c for c in s.cand_unless if pg.reads_slot(c.cond, vv)]
    # the candidates no voter-free clause forbids, once per vote
    ln(1, "if _open is None:")
    with pg.own_function({cv: ("_v", False)}):
        fixed_tests = _split(pg, fixed, cv, set(), False)
    _filter(ln, 2, "_open", "_cs", cv, fixed_tests, "list(_cs)", leave=not op.cand_unless)
    with pg.own_function({vv: ("_w", voter_seat), cv: ("_v", False)}):
        tests = _split(pg, by_voter, cv, {vv} if voter_seat else set(), False)
    _filter(ln, 1, "_l", "_open", cv, tests, "_open", leave=not op.cand_unless)
    recheck = op.recheck and bool(tests or fixed_tests)  # clauses that never hold vary in nothing
    if op.cand_unless:
        ln(1, f"if _cs: env[{cv!r}] = _cs[-1]")  # as the unsplit check leaves it
    if not recheck:
        ln(1, "if _gb is not None:")  # a uniform agent's ballot drawn here
        ln(2, "_n = len(_l) + 1")
        _draw(ln, 2)
        ln(1, "elif _ch is None:")
    else:
        ln(1, "if _ch is None:")
    ln(2, f"_a = _rf.ask_ballot({K}, env, _w, _rnd, _l, None)")
    ln(1, "else:")
    ln(2, "_a = _ch('ballot', _l, True, 1)")
    check = "" if recheck else " and (_a.__class__ is not int or _a not in _l)"
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
    if op.bonus is not None:  # the referee adds it, as in the other backend
        ln(0, f"_bonus = _rf.add_bonus({K}, env, _cs, _tally)")
    ln(0, "_top = []")
    ln(0, "if _tally:")
    ln(1, "_best = max(_tally.values())")
    ln(1, "if _best > 0: _top = sorted([_s for _s, _t in _tally.items() if _t == _best])")
    ln(0, "_res = _top[0] if len(_top) == 1 else None")
    bonus = ", _bonus" if op.bonus is not None else ""
    ln(0, f"if not g.silent: _rf.log_vote({op.kind!r}, _rnd, _ballots, _tally, _res, _top, _weights{bonus})")
    ln(0, f"env[{op.top_var!r}] = _top")
    if op.ballots_var:
        ln(0, f"env[{op.ballots_var!r}] = dict(_ballots)")
    _body(pg, s, op, ln)
    return pg.function(lines, "_b")


def _draw(ln, depth: int) -> None:
    """Lines setting ``_a`` to one of ``_l`` or ``None`` (the pass, index ``len(_l)``),
    uniform over ``_n`` answers: ``rng._randbelow(_n)`` drawn with the generator's
    ``getrandbits`` (``_gb``), as :func:`wolfdsl.play.agents.uniform_bits` says."""
    ln(depth, "_b = _n.bit_length()")
    ln(depth, "_i = _gb(_b)")
    ln(depth, "while _i >= _n: _i = _gb(_b)")
    ln(depth, "_a = _l[_i] if _i < len(_l) else None")


def _fresh_list(pg, e: A.Expr) -> str:
    """Text giving the list ``e`` as a list of its own (``_as_list``), without the copy
    where ``e`` builds a new one anyway: ``[...]``, a comprehension, ``alive``, ``players``."""
    src = pg.gen(e).src
    if isinstance(e, (A.ListExpr, A.Comprehension)) or pg.seats_of(e):
        return src
    return f"_as_list({src})"


class _Test:
    """One clause of a filter as :func:`_filter` writes it: ``src`` holds for the items
    it forbids; ``outer`` (or ``None``) is its part that does not read the loop's
    variable, checked once before the loop; ``pre`` are ``(temporary, text)`` pairs
    computed before the loop (fields of other seats the test reads); ``equal`` (or
    ``None``): the test is ``variable == that temporary``, a removal from the list."""
    __slots__ = ("src", "clause", "outer", "pre", "equal")

    def __init__(self, src: str, clause, outer: str | None = None, pre: list | None = None,
                 equal: str | None = None):
        self.src, self.clause, self.outer, self.pre, self.equal = src, clause, outer, pre or [], equal


def _split(pg, clauses, slot: str, seat_slots: set, slot_seats: bool) -> list[_Test]:
    """The tests of ``clauses`` (:meth:`~wolfdsl.lang.pygen.PyGen.tests`) for a loop over
    ``slot``. A clause that is plain (it cannot fail, draw or call:
    :meth:`~wolfdsl.lang.pygen.PyGen.plain`, with ``seat_slots`` and, when
    ``slot_seats``, ``slot`` holding seats) is taken apart: its ``and`` items that do not
    read ``slot`` become its outer part, checked once (the loop is left out when every
    outer part is false: a lovers' rule in a game without lovers), fields of other seats
    (the decider, the voter) are read once before the loop, and ``slot == X`` is a
    removal of ``X``."""
    out = []
    for src, c in pg.tests(clauses):
        e = c.cond
        if getattr(c, "must", False) or not pg.plain(e, seat_slots | ({slot} if slot_seats else set())):
            out.append(_Test(src, c))
            continue
        items = e.items if isinstance(e, A.BoolOp) and e.op == "and" else (e,)
        fixed = [pg.gen(i) for i in items if not pg.reads_slot(i, slot)]
        moving = [i for i in items if pg.reads_slot(i, slot)]
        if any(f.const is not None and not f.const[0] for f in fixed):
            continue  # never holds
        if not moving:  # reads nothing of the item: one check for the whole list
            out.append(_Test("True", c, src))
            continue
        fixed = [f for f in fixed if f.const is None]  # an item always true says nothing
        t = _Test("", c, " and ".join(f.src for f in fixed) or None)
        hoist = [n for i in moving for n in A.walk(i) if isinstance(n, A.Attr) and not pg.reads_slot(n.obj, slot)]
        other = _equal_to(pg, moving, slot)
        if other is not None:
            hoist = [other]
        ids = []
        for n in hoist:
            if id(n) not in pg.hoisted:
                tmp = pg.temp()
                t.pre.append((tmp, pg.gen(n).src))
                pg.hoisted[id(n)] = tmp
                ids.append(id(n))
        try:
            t.src = " and ".join(pg.gen(i).src for i in moving)
            if other is not None:
                t.equal = pg.gen(other).src
        finally:
            for k in ids:
                del pg.hoisted[k]
        out.append(t)
    return out


def _equal_to(pg, moving: list, slot: str) -> A.Expr | None:
    """``X`` when the items that read ``slot`` are the one test ``slot == X`` (or
    ``X == slot``) and ``X`` does not read it."""
    if len(moving) != 1 or not isinstance(moving[0], A.BinOp) or moving[0].op != "==":
        return None
    e = moving[0]
    for var, other in ((e.left, e.right), (e.right, e.left)):
        bd = pg.b.of.get(id(var)) if isinstance(var, A.Name) else None
        if bd is not None and bd.kind == "local" and bd.slot == slot and not pg.reads_slot(other, slot):
            return other
    return None


def _filter(ln, depth: int, out: str, source: str, slot: str, tests: list[_Test], unfiltered: str,
            leave: bool = True) -> None:
    """Lines setting ``out`` to the items of ``source`` no test holds for (``_v`` bound to
    each in turn, and ``slot`` too where a test reads the frame), or to ``unfiltered``
    when there is no test (or every outer part is false, :func:`_split`). ``slot`` is
    left holding the last item, as when the frame is written each turn (unless not
    ``leave``: the caller sets it)."""
    if not tests:
        ln(depth, f"{out} = {unfiltered}")
        return
    base, outers = depth, []
    for i, t in enumerate(tests):
        where = (t.clause.cond.span, "this condition")
        for tmp, src in t.pre:
            ln(depth, f"{tmp} = {src}", where)
        if t.outer is not None:
            ln(depth, f"_gd{i} = {t.outer}", where)
            outers.append(f"_gd{i}")
    if len(outers) == len(tests):
        ln(depth, f"if not ({' or '.join(outers)}): {out} = {unfiltered}")
        ln(depth, "else:")
        depth += 1
    frame = any("env" in t.src for t in tests)
    if len(tests) == 1 and tests[0].equal is not None:  # one item removed, if it is there
        x = tests[0].equal
        ln(depth, f"{out} = [_v for _v in {source} if not (_v == {x})] if {x} in {source} else {unfiltered}")
        frame = False
    else:
        ln(depth, f"{out} = []")
        ln(depth, f"for _v in {source}:")
        if frame:
            ln(depth + 1, f"env[{slot!r}] = _v")
        for i, t in enumerate(tests):
            test = t.src if t.outer is None or len(outers) == len(tests) == 1 else f"_gd{i} and {t.src}"
            ln(depth + 1, f"if {test}: continue", (t.clause.cond.span, "this condition"))
        ln(depth + 1, f"{out}.append(_v)")
    if leave and (not frame or outers and len(outers) == len(tests)):
        ln(base, f"if {source}: env[{slot!r}] = {source}[-1]")


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
