"""The referee: asks the agents for decisions and ballots, and checks their answers.

A ``decide`` statement (:class:`~wolfdsl.lang.ir.DecideOp`) and a ``vote`` statement
(:class:`~wolfdsl.lang.ir.VoteOp`) become :class:`~wolfdsl.play.agents.Request` values,
one at a time. The referee

1. finds who decides: the living holder of a role (``by ROLE``), a team (``by TEAM``,
   if it has a living member), a declared decider (``decider moderator``), or the seat an
   expression names;
2. checks ``requires`` and filters the options through ``unless`` (:func:`allowed`;
   a ``must`` clause is compiled as the ``unless`` that refuses where it is false, and
   also checks a pass or an abstention, which it may make required);
3. infers the request kind from the options: ``seats`` (a ``count``), ``yes_no`` (all
   options are booleans), ``seat`` (all are seats) or ``symbol``;
4. asks the agent, validates the answer (:meth:`Referee.validate`: a forbidden answer
   raises :class:`DecisionError` naming the rule, e.g. ``ROLE-GUARD-02``), logs an
   ``action`` (or ``vote``) event and runs the statement's body.

A decision that is not offered (the role is dead, ``requires`` fails, no legal option)
is reported to the agent's ``not_offered`` hook (only agents that override it pay for
the reasons) and to the game's observer. The dead take no part (the ruleset's
``engine dead_reason``; DAY-15 in the prelude).
"""
from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, Related, WolfError
from ..lang.ir import ANSWER_KINDS, RuleRuntimeError, DecideOp, Reason, VoteOp
from ..lang.values import as_score
from .agents import BaseAgent, ChoosingAgent, Request, uniform_bits
from .table import show


PASS_REQUIRED = Reason("a choice is required here; passing is not allowed", "这里必须做出选择，不能放弃")
"""Why a pass is refused where the rules give no reason of their own."""


def show_zh(v) -> str:
    """A value as :func:`~wolfdsl.play.table.show` writes it, in Chinese: 是/否/无."""
    if v is None or isinstance(v, bool):
        return "无" if v is None else "是" if v else "否"
    return show(v)


class DecisionError(WolfError):
    """An agent's answer that the rules forbid; the message names the rule."""

    def __init__(self, message: str, request: Request | None = None):
        self.request = request
        super().__init__(message)


def allowed(g, env: dict, var: str, values, unless) -> list:
    """The ``values`` for which no ``unless`` condition holds, with ``env[var]`` bound
    to each in turn (``unless``: ``(condition, reason)`` pairs, conditions ``fn(g, env)``)."""
    if not unless:
        return list(values)
    out = []
    if len(unless) == 1:
        cond = unless[0][0]
        for v in values:
            env[var] = v
            if not cond(g, env):
                out.append(v)
        return out
    conds = [c for c, _ in unless]
    for v in values:
        env[var] = v
        for c in conds:
            if c(g, env):
                break
        else:
            out.append(v)
    return out


def forbidding(g, env: dict, var: str, value, unless) -> str | None:
    """The reason of the first ``unless`` condition that forbids ``value``, or ``None``.

    A condition that cannot be evaluated for ``value`` (an E401 :class:`RuleRuntimeError`:
    a value of the wrong kind) does not forbid it; the caller's check
    against the legal options then rejects it.
    """
    env[var] = value
    for cond, reason in unless:
        try:
            if cond(g, env):
                return reason
        except (TypeError, IndexError, KeyError, RuleRuntimeError):
            pass
    return None


_KIND_OF = ANSWER_KINDS


def legal(req: Request, answer, recheck: bool) -> bool:
    """Whether ``answer`` is legal without asking ``why_not`` (a shortcut of
    :meth:`Referee.validate` that evaluates no condition again): a pass where passing is
    allowed, or — when the clauses give the same value evaluated again (``not
    recheck``) — a value of the request's kind among its legal options. ``False``:
    validate it in full."""
    if answer is None:
        return req.can_pass
    if recheck:
        return False
    kind = _KIND_OF.get(answer.__class__)
    return kind is not None and req.kind in kind and answer in req.options


def preferred(value, options, can_pass) -> tuple:
    """A ``prefer`` hint reduced to legal choices (``None`` stands for passing)."""
    values = value if isinstance(value, (list, tuple)) else [value]
    legal = set(options)
    return tuple(v for v in values if (v is None and can_pass) or (v is not None and v in legal))


def scores(g, env: dict, var: str, options, score) -> dict:
    """``{option: score}``: a ``score`` hint evaluated with ``env[var]`` each option."""
    out = {}
    for o in options:
        env[var] = o
        v = score(g, env)
        out[o] = v if v.__class__ is float else as_score(v)
    return out


_INT, _BOOL = {int}, {bool}


def request_kind(op: DecideOp, options: list) -> str:
    """``seats`` for a decision with ``count``, else :func:`options_kind`."""
    if op.count is not None:
        return "seats"
    return options_kind(options)


def options_kind(options: list) -> str:
    """``yes_no`` when every option is a boolean, ``seat`` when every option is a seat
    number (or there is none), else ``symbol``."""
    types = set(map(type, options))
    if types == _INT or not types:
        return "seat"
    if types == _BOOL:
        return "yes_no"
    if options and all(isinstance(o, bool) for o in options):
        return "yes_no"
    if all(isinstance(o, int) and not isinstance(o, bool) for o in options):
        return "seat"
    return "symbol"


class Referee:
    """Runs ``decide`` and ``vote`` statements for the game ``g`` (its agent, its log).

    ``rounds`` counts requests per ``(action, actor)`` in the current phase (the
    game resets it each phase); a request's ``round`` is that count.
    """

    options_kind = staticmethod(options_kind)  # for the generated decisions (wolfdsl.lang.pydecide)
    forbidding = staticmethod(forbidding)

    def __init__(self, g):
        self.g = g
        self.rounds: dict = {}
        agent = g.agent
        # only agents that override the hook (the scripted one) pay for the reasons
        self.wants_preferences = bool(getattr(agent, "uses_preferences", False))
        self.wants_scores = bool(getattr(agent, "uses_scores", False))
        # an agent that reads a score hint instead of the prefer hint where both exist
        self.scores_first = self.wants_scores and bool(getattr(agent, "scores_replace_prefer", False))
        self.wants_reasons = getattr(type(agent), "not_offered", BaseAgent.not_offered) is not BaseAgent.not_offered
        # an agent that may keep a request and ask why_not later gets a frozen copy of the frame
        self.keeps_requests = bool(getattr(agent, "asks_why", True))
        # an agent that reads only a request's kind, options, pass and count is asked
        # through choose(): no Request built (the random agent)
        self.choose = (agent.choose if getattr(type(agent), "decide", None) is ChoosingAgent.decide
                       and not self.wants_preferences and not self.wants_scores else None)
        # ... and one whose one-answer choice is uniform is not called at all: the
        # generated decisions draw its answer with its generator's getrandbits
        self.bits = uniform_bits(agent) if self.choose is not None else None

    def not_offered(self, action: str, actor: int | None, by: str | None, reason: str) -> None:
        """Tell the observer, and the agent if it listens, that ``action`` was not offered."""
        g = self.g
        if g.watched:
            g.observer.on_not_offered(action, actor, by, reason)
        if self.wants_reasons:
            g.agent.not_offered(action, actor, by, g.day, g.phase, reason)

    def _actor(self, op: DecideOp, env: dict) -> tuple[bool, int | None, str | None]:
        """``(offered, actor seat or None, by)`` of a decision (the dead are not asked:
        the ruleset's ``engine dead_reason`` says why, DAY-15 in the prelude)."""
        g = self.g
        players = g.players
        if op.by_kind == "role":
            for p in players[1:]:
                if p.role == op.by_name and p.alive:
                    return True, p.seat, op.by_name
            if self.wants_reasons:
                dead = [p.seat for p in players[1:] if p.role == op.by_name]
                for seat in dead:
                    self.not_offered(op.action, seat, op.by_name,
                                     f"seat {seat} ({op.by_name}) is dead: {g.rs.engine.dead_reason}")
                self.not_offered(op.action, None, op.by_name,
                                 f"the {op.by_name} is dead: {g.rs.engine.dead_reason}" if dead
                                 else f"no {op.by_name} in the game")
            return False, None, None
        if op.by_kind == "decider":
            return True, None, op.by_name
        if op.by_kind == "team":
            if not any(p.alive and p.team == op.by_name for p in players[1:]):
                self.not_offered(op.action, None, op.by_name, f"no living member of team {op.by_name}")
                return False, None, None
            return True, None, op.by_name
        actor = op.by_fn(g, env)
        if actor is None:
            return False, None, None
        return True, actor, players[actor].role

    def decide(self, op: DecideOp, env: dict) -> None:
        """Run a ``decide`` statement: ask, validate, log an ``action`` event, run the body
        with ``env[op.var]`` the answer and ``env[op.me]`` the actor (``None`` for a team);
        both are frame slots (:mod:`wolfdsl.lang.resolve`).

        Raises :class:`DecisionError` when the agent's answer is forbidden.
        """
        g = self.g
        if op.by_kind == "role":  # the common case of _actor, inline
            by = op.by_name
            for p in g.players[1:]:
                if p.role == by and p.alive:
                    actor = p.seat
                    break
            else:
                self._actor(op, env)  # not offered: tells why
                return
        else:
            offered, actor, by = self._actor(op, env)
            if not offered:
                return
        env[op.me] = actor
        for cond, reason in op.requires:
            if not cond(g, env):
                self.not_offered(op.action, actor, by, reason)
                return
        var = op.var
        candidates = op.options(g, env) or []
        if op.unless_filter is not None:
            options = op.unless_filter(g, env, candidates)
        else:
            options = allowed(g, env, var, candidates, op.unless)
        can_pass = op.may_pass and (op.pass_when is None or bool(op.pass_when(g, env)))
        if op.count == "any":
            count = 0
        else:
            count = int(op.count(g, env)) if op.count is not None else 1
        kind = request_kind(op, options)
        if op.count == "any":
            can_pass = True  # choosing nobody is always possible
        refused = None  # the rule of a ``must`` clause that refuses the pass
        if can_pass and op.pass_must:
            refused = forbidding(g, env, var, False if kind == "yes_no" else None, op.pass_must)
            if refused is not None:
                can_pass = False
        if (not options or len(options) < count) and not can_pass:
            self.not_offered(op.action, actor, by, "no legal option")
            return
        if op.tell and actor is not None:
            g.tell(actor, {k: f(g, env) for k, f in op.tell})
        key = (op.action, actor)
        rounds = self.rounds
        rnd = rounds[key] = rounds.get(key, 0) + 1
        answer = self.ask(op, env, actor, by, rnd, kind, options, can_pass, count, refused, candidates)
        if answer.__class__ is tuple:  # several seats: the language's list (``+``, ``==``, ``in``)
            answer = list(answer)
        g.decided[op.action] = answer
        if not g.silent:
            self.log_action(op.action, actor, by, kind, answer)
        env[var] = answer
        env[op.me] = actor
        op.body(g, env)

    def ask(self, op: DecideOp, env: dict, actor: int | None, by: str | None, rnd: int, kind: str,
            options: list, can_pass: bool, count: int, refused: str | None, candidates=()) -> Any:
        """The agent's answer to an offered decision, as the rules take it (a pass on a
        yes/no question is ``False``): through ``choose`` for an agent that reads
        nothing else (:class:`~wolfdsl.play.agents.ChoosingAgent`, no :class:`Request`
        built unless the answer needs checking in full), else through a request.
        ``rnd``: the request's round; ``candidates``: the statement's list before its
        ``unless`` clauses (:attr:`~wolfdsl.play.agents.Request.candidates`). Raises :class:`DecisionError` for a forbidden answer."""
        choose = self.choose
        if choose is not None and op.by_kind != "decider":
            answer = choose(kind, options, can_pass, count)
            if answer is None:
                if can_pass:
                    return False if kind == "yes_no" else None
            elif not op.recheck and kind in _KIND_OF.get(answer.__class__, ()) and answer in options:
                return answer
            return self.settle(op, env, actor, by, rnd, kind, options, can_pass, count, refused, answer, candidates)
        g = self.g
        req, why_not = self.request(op, env, actor, by, rnd, kind, options, can_pass, count, refused, candidates)
        if self.wants_preferences and (op.prefer is not None or op.score is not None):
            self.hints(op, env, req, (actor, by), op.var, can_pass)
        answer = g.agent.decide(req)
        if not legal(req, answer, op.recheck):
            return self.validate(req, answer, why_not)
        if kind == "yes_no" and answer is None:
            return False
        return answer

    def hints(self, op, env: dict, req: Request, deciding: tuple, var: str, can_pass: bool) -> None:
        """Fill ``req.preferred`` and ``req.scores`` from the statement's ``prefer`` and
        ``score`` hints (``var``: the slot a score binds each option to), evaluated as
        ``deciding`` (``(seat, by)``) sees the game."""
        g = self.g
        g.deciding = deciding
        if op.prefer is not None and not (op.score is not None and self.scores_first):
            req.preferred = preferred(op.prefer(g, env), req.options, can_pass)
        if op.score is not None and self.wants_scores:
            every = op.score_all
            req.scores = every(g, env, req.options) if every is not None else scores(g, env, var, req.options, op.score)
        g.deciding = None

    def request(self, op: DecideOp, env: dict, actor: int | None, by: str | None, rnd: int, kind: str,
                options: list, can_pass: bool, count: int, refused: str | None,
                candidates=()) -> tuple[Request, Any]:
        """``(request, why_not)`` of an offered decision (the frame copied for an agent
        that may keep the request)."""
        g = self.g

        def why_not(value, _env=dict(env) if self.keeps_requests else env):
            if value is None and refused is not None:
                return refused
            if value is None and not can_pass and op.pass_reason:
                return op.pass_reason
            return self.why_not(op, _env, options, value, can_pass, kind, count)

        if self.keeps_requests:
            req = Request(op.action, op.short, actor, by, g.day, g.phase, rnd, kind,
                          tuple(options), can_pass, count, why_not)
            if kind not in ("seat", "seats"):  # with the choices the rules removed, to say why
                req.candidates = tuple(candidates)
        else:  # nobody asks this request why later: validation uses why_not itself
            req = Request(op.action, op.short, actor, by, g.day, g.phase, rnd, kind, tuple(options), can_pass, count)
        if op.by_kind == "decider":
            req.default = g.rs.deciders[op.by_name].default
        if op.ask is not None:
            req.ask = op.ask
        return req, why_not

    def settle(self, op: DecideOp, env: dict, actor: int | None, by: str | None, rnd: int, kind: str,
               options: list, can_pass: bool, count: int, refused: str | None, answer, candidates=()) -> Any:
        """``answer`` (from ``choose``) checked in full, as :meth:`validate` takes it."""
        req, why_not = self.request(op, env, actor, by, rnd, kind, options, can_pass, count, refused, candidates)
        return self.validate(req, answer, why_not)

    def log_action(self, action: str, actor: int | None, by: str | None, kind: str, answer) -> None:
        """The ``action`` event of an answered decision."""
        targets: list[int] = []
        choice = None
        if kind in ("seat", "seats"):
            if answer is not None:
                targets = list(answer) if kind == "seats" else [answer]
        else:
            choice = answer
        self.g.emit("action", {"seat": actor, "by": by, "action": action, "targets": targets, "choice": choice})

    def why_not(self, op: DecideOp, env: dict, options: list, value, can_pass: bool, kind: str,
                count: int) -> str | None:
        """Why ``value`` is not a legal answer to a decision (``None``: it is legal).

        In order: a pass where passing is not allowed; a ``seats`` answer that is not
        ``count`` different seats; the first ``unless`` reason that forbids one of the
        values (the rule's own text, with its rule ID); a dead seat (DAY-15); a value
        that is not among ``options``.
        """
        if value is None:
            return None if can_pass else PASS_REQUIRED
        values = value if kind == "seats" and isinstance(value, (tuple, list)) else [value]
        if kind == "seats" and (not isinstance(value, (tuple, list)) or len(set(value)) != len(value)
                                or (count and len(value) != count)):
            return (Reason(f"choose exactly {count} different seats", f"请选择{count}个不同的座位") if count
                    else Reason("choose different seats", "请选择不同的座位"))
        g = self.g
        for v in values:
            reason = forbidding(g, env, op.var, v, op.unless)
            if reason is not None:
                return reason
            if v not in options:
                if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= g.n and not g.players[v].alive \
                        and kind in ("seat", "seats"):
                    engine = g.rs.engine
                    return Reason(f"seat {v} is dead: {engine.dead_reason}", f"{v}号已出局：{engine.dead_reason_zh}")
                shown = ", ".join("yes" if o is True else "no" if o is False else str(o) for o in options)
                shown_zh = "、".join(show_zh(o) for o in options)
                return Reason(f"{show(v)} is not a legal choice (legal: {shown}{', or pass' if can_pass else ''})",
                              f"{show_zh(v)} 不是可选项（可选：{shown_zh}{'，或放弃' if can_pass else ''}）")
        return None

    @staticmethod
    def validate(req: Request, answer, why_not) -> Any:
        """The agent's ``answer`` as the rules take it: a pass on a yes/no question is
        ``False``, a ``seats`` answer a sorted tuple. Raises :class:`DecisionError`
        (``"night 1: guard.protect by seat 8 cannot choose 3: ROLE-GUARD-02: ..."``)
        when ``why_not(answer)`` gives a reason."""
        if req.kind == "yes_no":
            if answer is None and req.can_pass:
                return False
        if req.kind == "seats" and isinstance(answer, list):
            answer = tuple(sorted(answer))
        reason = why_not(answer)
        if reason is not None:
            who = f"seat {req.actor}" if req.actor is not None else (req.by or "?")
            raise DecisionError(f"{req.at}: {req.action} by {who} cannot choose {show(answer)}: {reason}", req)
        return answer

    def vote(self, op: VoteOp, env: dict) -> None:
        """Run a ``vote`` statement: one ``ballot`` request per voter (abstaining allowed),
        weights summed per candidate, the ``bonus`` added (:meth:`add_bonus`), a ``vote``
        event with ballots, tally, the single top candidate (``result``, ``None`` on a tie)
        and all tied ``top`` ones (none when the highest total is not above 0); then the
        body with ``env[op.top_var]`` (and ``op.ballots_var``) bound.

        Raises :class:`DecisionError` for a forbidden ballot.
        """
        g = self.g
        vv, cv = op.voter_var, op.cand_var
        base_voters = list(op.voters(g, env) or [])
        voters = []
        for v in base_voters:
            env[vv] = v
            stop = next((r for c, r in op.voter_unless if c(g, env)), None)
            if stop is None:
                voters.append(v)
            else:
                self.not_offered(op.action, v, None, stop)
        if self.wants_reasons:
            self.unlisted(op.action, base_voters)
        cands = list(op.candidates(g, env) or [])
        key = (op.action, None)
        rnd = self.rounds[key] = self.rounds.get(key, 0) + 1
        ballots: dict[int, Any] = {}
        tally: dict[int, float] = {}
        weights: dict[int, float] = {}  # the ballots that do not count 1 (the sheriff's)
        split = op.cand_fixed is not None
        open_to_all = None  # the candidates no voter-free clause forbids, once per vote
        for v in voters:
            env[vv] = v
            # a ``must`` clause that refuses an abstention makes this ballot required
            refused = forbidding(g, env, cv, None, op.abstain_must) if op.abstain_must else None
            if split:
                if open_to_all is None:
                    open_to_all = (op.fixed_filter(g, env, cands) if op.fixed_filter is not None
                                   else allowed(g, env, cv, cands, op.cand_fixed))
                options = (op.by_voter_filter(g, env, open_to_all) if op.by_voter_filter is not None
                           else allowed(g, env, cv, open_to_all, op.cand_by_voter))
                if op.cand_unless and cands:
                    env[cv] = cands[-1]  # as the unsplit check leaves it
            elif op.cand_filter is not None:
                options = op.cand_filter(g, env, cands)
            else:
                options = allowed(g, env, cv, cands, op.cand_unless)

            if refused is not None and not options:
                refused = None  # no ballot the rules allow: abstaining stays possible
            answer = self.ask_ballot(op, env, v, rnd, options, refused)
            ballots[v] = answer
            if answer is not None:
                env[cv] = answer
                w = op.weight(g, env) if op.weight is not None else 1
                if w != 1:
                    weights[v] = w
                if w:  # a ballot of weight 0 is cast but not counted
                    tally[answer] = tally.get(answer, 0) + w
        bonus = self.add_bonus(op, env, cands, tally) if op.bonus is not None else None
        top: list[int] = []
        if tally:
            best = max(tally.values())
            if best > 0:
                top = sorted(s for s, t in tally.items() if t == best)
        result = top[0] if len(top) == 1 else None
        if not g.silent:
            self.log_vote(op.kind, rnd, ballots, tally, result, top, weights, bonus)
        env[op.top_var] = top
        if op.ballots_var:
            env[op.ballots_var] = dict(ballots)
        op.body(g, env)

    def add_bonus(self, op: VoteOp, env: dict, cands: list, tally: dict) -> dict:
        """Add a vote's ``bonus`` to ``tally``: for each candidate of ``cands`` (in order,
        ``env[op.cand_var]`` bound to it), the bonus's value, term by term when it calls a
        func that ``extend func`` adds to (:attr:`~wolfdsl.lang.ir.Func.terms`).
        ``{seat: {term: votes}}`` for the candidates given votes (a term of 0 is left
        out; a candidate whose terms are all 0 is not added to the tally).

        A value that is not a number is a :class:`RuleRuntimeError` naming the term."""
        g = self.g
        name, fns, span = op.bonus
        cv = op.cand_var
        kept = env.get(cv)
        f = g.rs.funcs[name] if name is not None else None
        out: dict = {}
        for c in cands:
            env[cv] = c
            if f is None:
                parts = (("bonus", fns[0](g, env)),)
            else:
                args = [a(g, env) for a in fns]
                if f.terms:
                    frame = dict(zip(f.params, args))
                    g.enter()
                    try:
                        parts = tuple((n, t(g, frame)) for n, t in f.terms)
                    finally:
                        g.leave()
                else:
                    parts = ((name, g.call_func(name, args)),)
            given: dict = {}
            for i, (n, v) in enumerate(parts):
                if v.__class__ not in (int, float):
                    raise RuleRuntimeError(self.bonus_not_a_number(f, i, span, v, c, n))
                if v:
                    given[n] = given.get(n, 0) + v
            if given:
                out[c] = given
                tally[c] = tally.get(c, 0) + sum(given.values())
        env[cv] = kept
        return out

    def bonus_not_a_number(self, f, i: int, span, v, c: int, n: str) -> Diagnostic:
        """The E401 of a bonus term ``n`` (the ``i``-th of func ``f``, or the bonus itself
        when ``f`` is ``None`` or not extended) that gave ``v`` for seat ``c``: at the
        term's own line (an ``extend func`` in a role file), the vote's bonus as a note."""
        g = self.g
        where = f.term_spans[i] if f is not None and f.terms and i < len(f.term_spans) else None
        text = f"{g.phase} {g.day}: this bonus gives {show(v)} for seat {c} ({n}): a bonus is a number " \
               "of votes; write 0 for none: if ... then 2 else 0"
        if where is None or where == span:
            return Diagnostic(span, "error", text, "E401")
        return Diagnostic(where, "error", text, "E401", related=(Related(span, "the vote's bonus that adds it"),))

    def unlisted(self, action: str, voters: list) -> None:
        """Tell the agent (one that listens) why each seat not among ``voters`` has no ballot."""
        g = self.g
        listed = set(voters)
        for p in g.players[1:]:
            if p.seat not in listed:
                self.not_offered(action, p.seat, None,
                                 f"seat {p.seat} is dead, no vote: {g.rs.engine.dead_reason}" if not p.alive
                                 else "not among the voters of this vote")

    def ask_ballot(self, op: VoteOp, env: dict, voter: int, rnd: int, options: list, refused: str | None) -> Any:
        """Voter ``voter``'s legal ballot (``None``: abstains; ``refused``: the rule of a
        ``must`` clause that requires a ballot), through ``choose`` where the agent reads
        nothing else (as :meth:`ask`). Raises :class:`DecisionError` for a forbidden ballot."""
        can_abstain = refused is None
        choose = self.choose
        if choose is not None:
            answer = choose("ballot", options, can_abstain, 1)
            if answer is None:
                if can_abstain:
                    return None
            elif not op.recheck and answer.__class__ is int and answer in options:
                return answer
            return self.settle_ballot(op, env, voter, rnd, options, refused, answer)
        g = self.g
        req, why_not = self.ballot(op, env, voter, rnd, options, refused)
        if self.wants_preferences and (op.prefer is not None or op.score is not None):
            self.hints(op, env, req, (voter, None), op.cand_var, True)
            if op.score is not None and self.wants_scores:
                env[op.cand_var] = None
        answer = g.agent.decide(req)
        if not legal(req, answer, op.recheck):
            answer = self.validate(req, answer, why_not)
        return answer

    def settle_ballot(self, op: VoteOp, env: dict, voter: int, rnd: int, options, refused: str | None,
                      answer) -> Any:
        """A ballot (from ``choose``) checked in full, as :meth:`validate` takes it."""
        req, why_not = self.ballot(op, env, voter, rnd, options, refused)
        return self.validate(req, answer, why_not)

    def ballot(self, op: VoteOp, env: dict, voter: int, rnd: int, options, refused: str | None) -> tuple[Request, Any]:
        """``(request, why_not)`` of one voter's ballot."""
        g = self.g
        cv = op.cand_var
        options = tuple(options)

        def why_not(value, _env=dict(env) if self.keeps_requests else env):
            if value is None:
                return refused
            reason = forbidding(g, _env, cv, value, op.cand_unless)
            if reason is not None:
                return reason
            if value not in options:
                return Reason(f"{show(value)} is not a candidate (candidates: {', '.join(map(str, options))})",
                              f"{show_zh(value)} 不是候选人（候选人：{'、'.join(map(str, options))}）")
            return None

        req = Request(op.action, op.short, voter, None, g.day, g.phase, rnd, "ballot",
                      options, refused is None, 1, why_not)
        if op.ask is not None:
            req.ask = op.ask
        return req, why_not

    def log_vote(self, kind: str, rnd: int, ballots: dict, tally: dict, result, top: list, weights: dict,
                 bonus: dict | None = None) -> None:
        """The ``vote`` event: ballots, tally by seat (the bonus votes counted), the single
        top candidate or ``None``; ``bonus`` (``{seat: {term: votes}}``) when a candidate
        was given votes."""
        self.g.emit("vote", {"kind": kind, "round": rnd, "ballots": dict(ballots),
                             "tally": {s: tally[s] for s in sorted(tally)}, "result": result, "top": top,
                             **({"weights": weights} if weights else {}),
                             **({"bonus": {s: bonus[s] for s in sorted(bonus)}} if bonus else {})})
