"""Parse tree to AST: ``to_ast(tree, path, text) -> ast.Module``.

Converts lark's ``Meta`` into :class:`Span` at the boundary, so nothing after this
module sees lark.
"""
from __future__ import annotations

import ast as _pyast

from lark import Token, Transformer, Tree, v_args
from lark.exceptions import VisitError

from . import syntax as A
from ..diagnostics import Span
from .partial import source_text


_BOOLS = {"true": True, "false": False, "yes": True, "no": False}
"""Option values written as these names are booleans, as they are in expressions."""


def _unquote(tok: str) -> str:
    return _pyast.literal_eval(tok)


def _number(text: str) -> int | float:
    f = float(text)
    return int(f) if f.is_integer() and "." not in text and "e" not in text.lower() else f


@v_args(meta=True, inline=True)
class _ToAst(Transformer):
    def __init__(self, path: str, text: str):
        super().__init__()
        self.path = path
        self.text = text

    def _span(self, meta) -> Span | None:
        if meta is None or getattr(meta, "empty", True):
            return None
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column, text=self.text)

    def _tspan(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line or tok.line,
                    tok.end_column or tok.column + len(tok), text=self.text)

    # ------------------------------------------------------------ helpers
    def _split(self, items, cls):
        return tuple(i for i in items if isinstance(i, cls))

    # ------------------------------------------------------------ module
    def start(self, meta, *decls):
        return [d for d in decls if isinstance(d, A.Decl)]

    def title_decl(self, meta, s, zh):
        return A.Title(text=_unquote(s), zh=_unquote(zh) if zh is not None else None, span=self._span(meta))

    def summary_decl(self, meta, s, zh):
        return A.Summary(text=_unquote(s), zh=_unquote(zh) if zh is not None else None, span=self._span(meta))

    def players_decl(self, meta, lo, hi, default):
        return A.Players(low=int(lo), high=int(hi if hi is not None else lo),
                         default=int(default) if default is not None else None, span=self._span(meta))

    def import_decl(self, meta, s):
        return A.Import(path=_unquote(s), span=self._span(meta))

    def signed_number(self, meta, tok):
        return _number(str(tok))

    def _value(self, v):
        if isinstance(v, Token):
            if v.type == "STRING":
                return _unquote(v)
            return _BOOLS.get(str(v), str(v))
        return v

    def option_decl(self, meta, name, *rest):
        rest = list(rest)
        doc_zh = rest.pop()
        doc = rest.pop()
        default = rest.pop()
        values = tuple(v for v, _, _ in rest)
        needs = tuple((v, tuple(n for n, _ in need)) for v, _, need in rest if need)
        needs_spans = tuple(tuple(s for _, s in need) for _, _, need in rest if need)
        value_docs = tuple((v, *texts) for v, texts, _ in rest if texts)
        return A.OptionDecl(name=str(name), values=values, default=self._value(default),
                            doc=_unquote(doc) if doc is not None else None,
                            doc_zh=_unquote(doc_zh) if doc_zh is not None else None, needs=needs,
                            needs_spans=needs_spans, value_docs=value_docs,
                            default_span=self._tspan(default) if isinstance(default, Token) else None,
                            span=self._span(meta))

    def option_value(self, meta, value, en, zh, needs):
        texts = (_unquote(en), _unquote(zh) if zh is not None else None) if en is not None else None
        return (self._value(value), texts, needs or ())

    def option_needs(self, meta, *names):
        return tuple((str(n), self._tspan(n)) for n in names)

    def set_decl(self, meta, name, value):
        return A.SetDecl(name=str(name), value=self._value(value), span=self._span(meta),
                         name_span=self._tspan(name) if isinstance(name, Token) else None,
                         value_span=self._tspan(value) if isinstance(value, Token) else None)

    def symbol_decl(self, meta, kind, name, *rest):
        rest = list(rest)
        temporary = rest.pop() is not None
        return A.SymbolDecl(kind=str(kind), name=str(name), labels=tuple(_unquote(s) for s in rest),
                            temporary=temporary, span=self._span(meta))

    def cause_decl(self, meta, name, *rest):
        rest = list(rest)
        last_words = rest.pop()
        return A.SymbolDecl(kind="cause", name=str(name), labels=tuple(_unquote(s) for s in rest),
                            temporary=False, last_words=last_words, span=self._span(meta))

    def attr_enum(self, meta, *values):
        return ("enum", tuple(self._value(v) for v in values))

    def attr_range(self, meta, lo, hi):
        return ("range", (int(lo), int(hi)))

    def attribute_decl(self, meta, name, values, default):
        kind, vals = values
        return A.AttributeDecl(name=str(name), values=vals if kind == "enum" else (),
                               default=self._value(default) if default is not None else None,
                               range=vals if kind == "range" else None, span=self._span(meta))

    def card_decl(self, meta, replace, name, *rest):
        rest = list(rest)
        body, needs, tags = rest.pop(), rest.pop(), rest.pop()
        labels = tuple(_unquote(r) for r in rest)
        return A.CardDecl(name=str(name), labels=labels, tags=tags or (), needs=needs or (), body=body,
                          replace=replace is not None, span=self._span(meta))

    def card_tags(self, meta, *tags):
        return tuple(tags)

    def card_tag(self, meta, name, value):
        return (str(name), self._value(value))

    def card_needs(self, meta, *names):
        return tuple(str(n) for n in names)

    def decider_decl(self, meta, name, *rest):
        rest = list(rest)
        default = rest.pop()
        return A.DeciderDecl(name=str(name), labels=tuple(_unquote(s) for s in rest),
                             default=str(default) if default is not None else None, span=self._span(meta))

    def event_decl(self, meta, name, case, secret, en, zh):
        return A.EventDecl(name=str(name), case=case, secret=secret is not None, en=_unquote(en),
                           zh=_unquote(zh) if zh is not None else None, span=self._span(meta))

    def event_case(self, meta, *items):
        return tuple(items)

    def case_item(self, meta, *parts):
        # ``what.can_shoot = yes``: a field of a field, its names joined by dots
        return (".".join(str(n) for n in parts[:-1]), self._value(parts[-1]))

    def word_decl(self, meta, name, en, zh):
        return A.WordDecl(name=str(name), en=_unquote(en), zh=_unquote(zh) if zh is not None else None,
                          span=self._span(meta))

    def engine_decl(self, meta, name, expr):
        return A.EngineDecl(name=str(name), expr=expr, span=self._span(meta))

    def later_stmt(self, meta, phase, body):
        return A.Later(phase=str(phase), body=body, span=self._span(meta))

    def revive_stmt(self, meta, target, role):
        return A.Revive(target=target, role=role, span=self._span(meta))

    def play_stmt(self, meta, card):
        return A.Play(card=card, span=self._span(meta))

    def global_decl(self, meta, name, expr):
        return A.GlobalDecl(name=str(name), expr=expr, span=self._span(meta))

    def property_decl(self, meta, name, expr):
        return A.PropertyDecl(name=str(name), expr=expr, span=self._span(meta))

    # role items are tagged tuples until role_decl collects them
    def role_faction(self, meta, n):
        return ("faction", n, self._span(meta))

    def role_class(self, meta, n):
        return ("class", n, self._span(meta))

    def role_team(self, meta, n):
        return ("team", n, self._span(meta))

    def redeal_decl(self, meta, expr, reason):
        return A.Redeal(expr=expr, reason=_unquote(reason) if reason is not None else None, span=self._span(meta))

    def role_counter(self, meta, n, e):
        return ("counter", (str(n), e), self._span(meta))

    def role_status(self, meta, n):
        return ("status", str(n), self._span(meta), self._tspan(n))

    def role_prop(self, meta, n, e):
        return ("prop", (str(n), e), self._span(meta))

    def role_decl(self, meta, replace, name, *rest):
        labels = tuple(_unquote(r) for r in rest if isinstance(r, Token) and r.type == "STRING")
        items = [r for r in rest if isinstance(r, tuple)]
        status_spans = tuple(r[3] for r in items if r[0] == "status")
        items = [r[:3] for r in items]
        one = {k: v for k, v, _ in items if k in ("faction", "class", "team")}
        repeats, seen = [], {}
        for k, v, sp in items:
            what, value = (k, v) if k in ("faction", "class", "team") else \
                (f"{k} '{v}'", None) if k == "status" else (f"{k} '{v[0]}'", v[1])
            if what in seen:
                fv, fsp = seen[what]
                repeats.append(A.Repeat(what=what, differs=value != fv, span=sp, text=source_text(sp),
                                        first=fsp, first_text=source_text(fsp)))
            else:
                seen[what] = (value, sp)
        return A.RoleDecl(
            name=str(name), labels=labels, faction=one.get("faction"), klass=one.get("class"),
            team=one.get("team"),
            counters=tuple(v for k, v, _ in items if k == "counter"),
            statuses=tuple(v for k, v, _ in items if k == "status"),
            props=tuple(v for k, v, _ in items if k == "prop"),
            replace=replace is not None, repeats=tuple(repeats), status_spans=status_spans,
            span=self._span(meta))

    def card(self, meta, name, n):
        count = 1 if n is None else int(n) if n.type == "INT" else str(n)   # a number, an option or 'rest'
        return A.Card(role=str(name), count=count, span=self._span(meta))

    def deck_decl(self, meta, lo, hi, *rest):
        rest = list(rest)
        extra = rest.pop()
        return A.DeckDecl(low=int(lo), high=int(hi if hi is not None else lo), cards=tuple(rest),
                          extra=int(extra) if extra is not None else 0, span=self._span(meta))

    def step_after(self, meta, *names):
        return ("after", tuple((str(n), self._tspan(n)) for n in names))

    def step_before(self, meta, *names):
        return ("before", tuple((str(n), self._tspan(n)) for n in names))

    def step_first(self, meta):
        return ("first", True)

    def step_last(self, meta):
        return ("last", True)

    def step_when(self, meta, e):
        return ("when", e)

    def step_always(self, meta):
        return ("always", True)

    def moderator_call(self, meta, en, zh, cond=None):
        return ("call", A.ModeratorCall(en=_unquote(en), zh=_unquote(zh) if zh is not None else None,
                                        cond=cond, span=self._span(meta)))

    def step_decl(self, meta, replace, name, phase, *rest):
        body = rest[-1]
        clauses = rest[:-1]
        after, before, calls, opts, refs = (), (), (), {}, ()
        for k, v in clauses:
            if k in ("after", "before"):  # v: (name, span) for each step named
                refs += v
                if k == "after":
                    after += tuple(n for n, _ in v)
                else:
                    before += tuple(n for n, _ in v)
            elif k == "call":
                calls += (v,)
            else:
                opts[k] = v
        return A.StepDecl(name=str(name), phase=str(phase), after=after, before=before,
                          first=opts.get("first", False), last=opts.get("last", False),
                          when=opts.get("when"), always=opts.get("always", False), body=body,
                          replace=replace is not None, calls=calls, refs=refs, span=self._span(meta))

    def order_decl(self, meta, phase, *names):
        return A.OrderDecl(phase=str(phase), names=tuple(str(n) for n in names), span=self._span(meta))

    def params(self, meta, *names):
        return tuple(str(n) for n in names)

    def proc_decl(self, meta, replace, name, params, *rest):
        return A.ProcDecl(name=str(name), params=params or (), body=rest[-1], calls=tuple(v for _, v in rest[:-1]),
                          replace=replace is not None, span=self._span(meta))

    def extend_first(self, meta):
        return True

    def extend_decl(self, meta, name, params, first, *rest):
        return A.ExtendDecl(what="proc", name=str(name), params=params, first=first is not None,
                            body=rest[-1], calls=tuple(v for _, v in rest[:-1]), span=self._span(meta))

    def extend_func(self, meta, name, params, label, expr):
        return A.ExtendDecl(what="func", name=str(name), params=params, first=False, body=None, expr=expr,
                            label=str(label) if label is not None else None, span=self._span(meta))

    def func_decl(self, meta, replace, name, params, expr):
        return A.FuncDecl(name=str(name), params=params or (), expr=expr,
                          replace=replace is not None, span=self._span(meta))

    def trigger_order(self, meta, n):
        return ("order", n)

    def trigger_when(self, meta, e):
        return ("when", e)

    def trigger_decl(self, meta, replace, kind, name, event, var, *rest):
        body = rest[-1]
        opts = dict(c for c in rest[:-1] if c[0] != "call")
        calls = tuple(v for k, v in rest[:-1] if k == "call")
        return A.TriggerDecl(kind=str(kind), name=str(name), event=str(event), var=str(var),
                             order=opts.get("order", 0), when=opts.get("when"), body=body,
                             replace=replace is not None, calls=calls, span=self._span(meta),
                             event_span=self._tspan(event))

    def win_priority(self, meta, n):
        return ("priority", n)

    def win_title(self, meta, s, zh):
        return ("title", (_unquote(s), _unquote(zh) if zh is not None else None))

    def win_decl(self, meta, replace, name, *rest):
        when = rest[-1]
        tokens = [r for r in rest[:-1] if isinstance(r, Token)]
        factions = tuple(str(r) for r in tokens)
        opts = dict(r for r in rest[:-1] if isinstance(r, tuple))
        title, title_zh = opts.get("title", (None, None))
        return A.WinDecl(name=str(name), factions=factions, priority=opts.get("priority", 0),
                         title=title, title_zh=title_zh, when=when, replace=replace is not None,
                         span=self._span(meta), faction_spans=tuple(self._tspan(t) for t in tokens))

    def remove_decl(self, meta, what, name):
        return A.RemoveDecl(what=str(what), name=str(name), span=self._span(meta))

    def remove_deck(self, meta):
        return A.RemoveDecl(what="deck", name="", span=self._span(meta))

    # ------------------------------------------------------------ statements
    def block(self, meta, *stmts):
        return A.Block(stmts=tuple(s for s in stmts if isinstance(s, A.Stmt)), span=self._span(meta))

    def let_stmt(self, meta, name, expr):
        return A.Let(name=str(name), expr=expr, span=self._span(meta))

    def target(self, meta, name, attr):
        return (str(name), str(attr) if attr is not None else None)

    def assign_stmt(self, meta, target, op, expr):
        return A.Assign(name=target[0], attr=target[1], op=str(op), expr=expr, span=self._span(meta))

    def elif_clause(self, meta, cond, body):
        return (cond, body)

    def else_clause(self, meta, body):
        return body

    def if_stmt(self, meta, cond, body, *rest):
        rest = list(rest)
        otherwise = rest.pop() if rest and (rest[-1] is None or isinstance(rest[-1], A.Block)) else None
        branches = ((cond, body),) + tuple(rest)
        return A.If(branches=branches, otherwise=otherwise, span=self._span(meta))

    def for_stmt(self, meta, var, source, body):
        return A.For(var=str(var), source=source, body=body, span=self._span(meta))

    def action_ref(self, meta, a, b):
        return f"{a}.{b}" if b is not None else str(a)

    def choose_count(self, meta, expr):
        return expr

    def any_number(self, meta):
        return "any"

    def pass_clause(self, meta, when, reason=None, reason_zh=None):
        return ("pass", when, _unquote(reason) if reason is not None else None,
                _unquote(reason_zh) if reason_zh is not None else None)

    def requires_clause(self, meta, cond, reason, zh=None):
        return A.Clause(cond=cond, reason=_unquote(reason), reason_zh=_unquote(zh) if zh is not None else None,
                        span=self._span(meta))

    def unless_clause(self, meta, cond, reason, zh=None):
        return ("unless", A.Clause(cond=cond, reason=_unquote(reason), span=self._span(meta),
                                   reason_zh=_unquote(zh) if zh is not None else None))

    def must_clause(self, meta, cond, reason, zh=None):
        return ("unless", A.Clause(cond=cond, reason=_unquote(reason), must=True, span=self._span(meta),
                                   reason_zh=_unquote(zh) if zh is not None else None))

    def prefer_clause(self, meta, expr):
        return ("prefer", expr)

    def score_clause(self, meta, expr):
        return ("score", expr)

    def bonus_clause(self, meta, expr):
        return ("bonus", expr)

    def tell_clause(self, meta, fields):
        return ("tell", fields)

    def speech_clause(self, meta):
        return ("speech", True)

    def ask_clause(self, meta, en, zh):
        return ("ask", (_unquote(en), _unquote(zh) if zh is not None else None))

    def decide_stmt(self, meta, action, by, pass_clause, var, count, options, *rest):
        body = rest[-1]
        clauses = rest[:-1]
        requires = tuple(c for c in clauses if isinstance(c, A.Clause))
        unless = tuple(c[1] for c in clauses if isinstance(c, tuple) and c[0] == "unless")
        tell = ()
        prefer = score = ask = None
        speech = any(isinstance(c, tuple) and c[0] == "speech" for c in clauses)
        for c in clauses:
            if isinstance(c, tuple) and c[0] == "tell":
                tell += c[1]
            elif isinstance(c, tuple) and c[0] == "prefer":
                prefer = c[1]
            elif isinstance(c, tuple) and c[0] == "score":
                score = c[1]
            elif isinstance(c, tuple) and c[0] == "ask":
                ask = c[1]
        return A.Decide(action=action, by=by, may_pass=pass_clause is not None,
                        pass_when=pass_clause[1] if pass_clause else None,
                        pass_reason=pass_clause[2] if pass_clause else None,
                        pass_reason_zh=pass_clause[3] if pass_clause else None, var=str(var),
                        count=count, options=options, requires=requires, unless=unless,
                        tell=tell, prefer=prefer, score=score, speech=speech, ask=ask, body=body,
                        span=self._span(meta))

    def ballot_accuses(self, meta):
        return "accuses"

    def ballot_backs(self, meta):
        return "backs"

    def vote_stmt(self, meta, action, kind, vvar, voters, *rest):
        rest = list(rest)
        body = rest.pop()
        ballots = rest.pop()
        top = rest.pop()
        score = rest.pop()
        score = score[1] if score is not None else None
        prefer = rest.pop()
        prefer = prefer[1] if prefer is not None else None
        reading = rest.pop()
        ask = rest.pop()
        ask = ask[1] if ask is not None else None
        bonus = rest.pop()
        bonus = bonus[1] if bonus is not None else None
        weight = rest.pop()
        vu = []
        while rest and isinstance(rest[0], tuple):
            vu.append(rest.pop(0)[1])
        cvar, cands = rest.pop(0), rest.pop(0)
        cu = [r[1] for r in rest]
        return A.Vote(action=action, kind=str(kind), voter_var=str(vvar), voters=voters,
                      voter_unless=tuple(vu), cand_var=str(cvar), candidates=cands,
                      cand_unless=tuple(cu), weight=weight, bonus=bonus, prefer=prefer, score=score, reading=reading, ask=ask,
                      top_var=str(top),
                      ballots_var=str(ballots) if ballots is not None else None, body=body,
                      span=self._span(meta))

    def kill_stmt(self, meta, target, cause, as_):
        return A.Kill(target=target, cause=str(cause), as_=as_, span=self._span(meta),
                      cause_span=self._tspan(cause))

    def add_stmt(self, meta, status, target):
        return A.AddStatus(status=str(status), target=target, span=self._span(meta),
                           status_span=self._tspan(status))

    def remove_stmt(self, meta, status, target):
        return A.RemoveStatus(status=str(status), target=target, span=self._span(meta),
                              status_span=self._tspan(status))

    def field(self, meta, name, expr):
        return A.Field(name=str(name), expr=expr, span=self._span(meta))

    def fields(self, meta, *fs):
        return tuple(fs)

    def tell_stmt(self, meta, target, fields):
        return A.Tell(target=target, fields=fields, span=self._span(meta))

    def log_stmt(self, meta, type_, fields):
        return A.Log(type=str(type_), fields=fields or (), span=self._span(meta))

    def claim_stmt(self, meta, speaker, role, fields):
        return A.Claim(speaker=speaker, role=role, fields=fields or (), span=self._span(meta))

    def args(self, meta, *xs):
        return tuple(xs)

    def call_stmt(self, meta, name, args):
        return A.CallProc(name=str(name), args=args or (), span=self._span(meta))

    def end_stmt(self, meta):
        return A.EndPhase(span=self._span(meta))

    def check_stmt(self, meta):
        return A.CheckWin(span=self._span(meta))

    def announce_stmt(self, meta):
        return A.Announce(span=self._span(meta))

    def proceed_stmt(self, meta):
        return A.Proceed(span=self._span(meta))

    # ------------------------------------------------------------ expressions
    def name(self, meta, tok):
        return A.Name(id=str(tok), span=self._tspan(tok))

    def number(self, meta, tok):
        return A.Num(value=_number(str(tok)), span=self._tspan(tok))

    def string(self, meta, tok):
        return A.Str(value=_unquote(tok), span=self._tspan(tok))

    def attr(self, meta, obj, name):
        return A.Attr(obj=obj, name=str(name), span=self._span(meta))

    def call(self, meta, name, args):
        return A.Call(name=str(name), args=args or (), span=self._span(meta))

    def decided(self, meta, action):
        return A.Decided(action=action, span=self._span(meta))

    def list_expr(self, meta, args):
        return A.ListExpr(items=args or (), span=self._span(meta))

    def comprehension(self, meta, var, source, cond):
        return A.Comprehension(var=str(var), source=source, cond=cond, span=self._span(meta))

    def if_expr(self, meta, *xs):
        xs = list(xs)
        otherwise = xs.pop()
        branches = tuple((xs[i], xs[i + 1]) for i in range(0, len(xs), 2))
        return A.IfExpr(branches=branches, otherwise=otherwise, span=self._span(meta))

    def or_expr(self, meta, *items):
        if len(items) == 1:
            return items[0]
        return A.BoolOp(op="or", items=tuple(items), span=self._span(meta))

    def and_expr(self, meta, *items):
        if len(items) == 1:
            return items[0]
        return A.BoolOp(op="and", items=tuple(items), span=self._span(meta))

    def not_expr(self, meta, x):
        return A.Not(operand=x, span=self._span(meta))

    def neg(self, meta, x):
        return A.Neg(operand=x, span=self._span(meta))

    def symbol_kind(self, meta, tok):
        return str(tok)

    phase_name = trigger_kind = removable = symbol_kind

    def comp_op(self, meta, *toks):
        return " ".join(str(t) for t in toks)

    def comparison(self, meta, left, op=None, right=None):
        if op is None:
            return left
        return A.BinOp(op=op, left=left, right=right, span=self._span(meta))

    def arith(self, meta, *xs):
        if len(xs) == 1:
            return xs[0]
        out = xs[0]
        for i in range(1, len(xs), 2):
            out = A.BinOp(op=str(xs[i]), left=out, right=xs[i + 1], span=self._span(meta))
        return out


def to_ast(tree: Tree, path: str, text: str) -> A.Module:
    """Build the :class:`ast.Module` of one parsed file."""
    try:
        decls = _ToAst(path, text).transform(tree)
    except VisitError as exc:  # unwrap errors raised inside callbacks
        raise exc.orig_exc from None
    return A.Module(path=path, decls=tuple(decls), span=Span(path, 1, 1, text=text))
