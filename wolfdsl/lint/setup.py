"""Setup: decks against player counts, option comparisons that cannot hold, option
values that need a role no deck deals, and rules that read the living player of a role
no deck deals.

(A deck card naming an undefined role is E201; a ``set`` to a value the option does
not allow is E207; a fixed deck whose card count is wrong is E208.)"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from ..diagnostics import did_you_mean
from ..lang.decks import is_fixed

from ..lang import syntax as A
from .context import head_span, show_value, walk
from .registry import Rule, register


@register
class DeckCountMismatch(Rule):
    """Card counts that do not match the player counts.

    What it finds:
        A player count the ruleset accepts (``players 8..12``) with no deck, or no deck
        at all (a file with neither ``players`` nor a deck is a base to import); a deck for
        counts the ruleset does not accept; a deck for a range (``deck 8..10``) whose
        cards cannot deal every count of the range.
    Why it matters:
        ``wolfdsl run --players N`` fails for those counts, or deals the wrong number of
        cards.
    Example:
        ``players 8..10`` with only ``deck 8: ...`` and ``deck 10: ...``.
    Fix:
        Add the missing deck, or narrow ``players``.
    """
    code, name, family = "W350", "deck-count-mismatch", "setup"
    severity = "error"
    message = "{detail}"

    def check(self, ctx):
        c = ctx.prog
        decks = c.decks
        players = c.players
        pspan = head_span(c.players_span)
        if not decks:
            if players is not None:
                lo, hi = players
                yield self.diag(pspan, detail=f"the ruleset accepts {lo if lo == hi else f'{lo} to {hi}'} players "
                                f"but declares no deck: add one such as `deck {lo}: ROLE*4, ROLE, ...` listing a "
                                "card per player")
            return
        if players is not None:
            lo, hi = players
            missing = [n for n in range(lo, hi + 1) if not any(d.low <= n <= d.high for d in decks)]
            if missing:
                yield self.diag(pspan, detail=f"the ruleset accepts {lo if lo == hi else f'{lo} to {hi}'} players "
                                f"but has no deck for {_counts(missing)}")
            for d in decks:
                outside = [n for n in range(d.low, d.high + 1) if not lo <= n <= hi]
                if outside:
                    yield self.diag(head_span(d.span), [(pspan, "the player counts are declared here")],
                                    detail=f"this deck is for {_counts(outside)}, which 'players' does not accept")
        for d in decks:
            if d.low == d.high or not is_fixed(d):   # a deck with option counts or rest: one per count
                continue
            size = sum(card.count for card in d.cards) - d.extra
            if not all(n == size for n in range(d.low, d.high + 1)):
                yield self.diag(head_span(d.span), detail=f"this deck deals {size} seats, so it cannot serve "
                                f"{d.low}..{d.high} players; give each count its own deck")


def _counts(ns) -> str:
    return ", ".join(map(str, ns)) + " players"


@register
class OptionValueUnreachable(Rule):
    """An option compared with a value it cannot take.

    What it finds:
        ``OPTION == v`` or ``OPTION != v`` where ``v`` is not one of the option's
        declared values (a value of another option, a symbol, a number).
    Why it matters:
        The comparison never changes: the branch for that value is dead, or always
        taken, whatever the table sets.
    Example:
        ``when witch_self_save == always`` with ``option witch_self_save: never | first_night``.
    Fix:
        Compare with a declared value, or add the value to the option.
    """
    code, name, family = "W351", "option-value-unreachable", "setup"
    severity = "error"
    message = "option '{option}' is compared with {value}, which is not one of its values ({values})"

    def check(self, ctx):
        opts = {d.name: d for d in ctx.of_kind("option")}
        from .order import _consts
        consts = _consts(ctx)
        locals_ = set()
        for root in ctx.program():
            for node in walk(root):
                if isinstance(node, (A.Let,)):
                    locals_.add(node.name)
        for root in ctx.program():
            if isinstance(root, A.OptionDecl):
                continue
            for node in walk(root):
                if not (isinstance(node, A.BinOp) and node.op in ("==", "!=")):
                    continue
                for a, b in ((node.left, node.right), (node.right, node.left)):
                    if not (isinstance(a, A.Name) and a.id in opts and a.id not in locals_):
                        continue
                    if isinstance(b, A.Name) and b.id not in consts:
                        continue
                    v = _value(b)
                    if v is _NO:
                        continue
                    values = opts[a.id].values
                    if not any(_same(v, x) for x in values):
                        yield self.diag(b.span, option=a.id, value=_show(v),
                                        values=" | ".join(_show(x) for x in values))


_NO = object()
_BOOL_NAMES = {"yes": True, "true": True, "no": False, "false": False}


def _value(e):
    if isinstance(e, A.Num):
        return e.value
    if isinstance(e, A.Str):
        return e.value
    if isinstance(e, A.Name):
        return _BOOL_NAMES.get(e.id, e.id) if e.id != "none" else None
    return _NO


def _show(v) -> str:
    return "true" if v is True else "false" if v is False else show_value(v)


def _same(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or (isinstance(a, bool) and isinstance(b, bool) and a == b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    return str(a) == str(b)




@register
class OptionNeedsRole(Rule):
    """An option value in force that needs a role no deck deals.

    What it finds:
        An option whose value in force (``set`` by the ruleset or a file it imports, or
        the option's default) is declared ``needs role R`` in the option
        (``option exile_tie: pk | ... | scapegoat needs role scapegoat = pk``), in a
        ruleset none of whose decks deals ``R`` and none of whose rules makes a player
        ``R`` (``p.role = R``). A file without decks (a base to import) is not checked.
        The same value given on the command line (``run``, ``compare``, ``sweep``,
        ``script``, ``show``, ``play`` with ``--set guard_repeat=void``) is a warning on
        stderr: ``warning: --set guard_repeat=void: guard_repeat = void needs the role
        'guard', which this board does not deal: the rule it selects waits for a player
        who is never there; the values that need no missing role: rechoose`` (the exit
        code and stdout stay as they are).
    Why it matters:
        The rule the value selects waits for a player who never exists, and the game
        plays neither that rule nor the default's: with ``exile_tie = scapegoat`` and no
        scapegoat a tied exile vote exiles nobody (no PK round, as the default would
        hold), and nothing says so.
    Example:
        ``set exile_tie = scapegoat`` with ``deck 9: werewolf*3, seer, witch, hunter,
        villager*3``.
    Fix:
        Add the role to the deck (importing the file that declares it), or choose a
        value that needs no missing role; the message lists them.
    """
    code, name, family = "W352", "option-needs-role", "setup"
    severity = "error"
    message = "{detail}"

    def check(self, ctx):
        prog = ctx.prog
        if not prog.decks or ctx.rs is None:
            return
        present = _roles_in_play(ctx)
        declared = set(ctx.names.roles) if ctx.names else set()
        in_force = {name: o.value for name, o in ctx.rs.options.items()}
        for opt, value, missing in roles_missing(ctx, in_force, present):
            where, how = _written(prog, opt, value)
            others = [v for v in opt.values if not any(r not in present for r in opt.roles_needed(v))]
            roles = " and ".join(f"'{r}'" for r in missing)
            deals = "the deck does not deal" if len(prog.decks) == 1 else "no deck deals"
            them = "it" if len(missing) == 1 else "them"
            undeclared = [r for r in missing if r not in declared]
            add = f"add {' and '.join(missing)} to {'the' if len(prog.decks) == 1 else 'a'} deck" + (
                f" (first import the file that declares {them})" if undeclared else "")
            instead = f", or set {opt.name} to {_either(others)}" if others else ""
            detail = (f"{opt.name} = {_show(value)} needs the role{'s' if len(missing) > 1 else ''} {roles}, "
                      f"which {deals}, so the rule it selects waits for a player who is never there: {add}{instead}")
            deck = next((d for d in prog.decks if ctx.is_own(d)), None)
            related = [(_need_span(opt, value, missing[0]), f"'{_show(value)}' needs the role {roles} here"
                        + "".join(did_you_mean(r, declared) for r in undeclared))]
            if where is not None and where.file == ctx.own_file:
                span = where
            elif deck is not None:
                span = head_span(deck.span)
                related.insert(0, (where, f"{opt.name} = {_show(value)} {how} here"))
            else:
                span = where or head_span(opt.span)
            yield self.diag(span, related, detail=detail)


@register
class RoleNeverInPlay(Rule):
    """A rule of one's own that reads a field of the player of a role nobody can hold.

    What it finds:
        ``living(R).FIELD`` or ``holder(R).FIELD`` in a declaration of the file being
        linted, for a role ``R`` that no deck of the ruleset deals and no rule gives a
        player (``p.role = R``). A file without decks (a base to import) is not checked,
        nor are the files it imports; ``living(R)`` alone is not reported (a rule may
        test it, or hand it to a proc that does, for a role some tables deal).
    Why it matters:
        There is never such a player, so the field is read from ``none``: a rule that
        computes with it stops the game (``w.feathers -= living(idiot).lives``:
        ``living(idiot).lives`` is none, an E401 only a played game shows).
    Example:
        ``if w != none { w.feathers -= living(idiot).lives }`` with ``deck 12: werewolf*4,
        seer, witch, hunter, crow, villager*4``.
    Fix:
        Add the role to the deck (importing the file that declares it), or name a role
        the deck deals.
    """
    code, name, family = "W353", "role-never-in-play", "setup"
    severity = "warning"
    message = "{detail}"

    def check(self, ctx):
        prog = ctx.prog
        if not prog.decks or ctx.names is None:
            return
        roles = set(ctx.names.roles)
        present = _roles_in_play(ctx)
        deals = "the deck does not deal" if len(prog.decks) == 1 else "no deck deals"
        for root in ctx.program():
            if not ctx.is_own(root):
                continue
            for node in walk(root):
                call = node.obj if isinstance(node, A.Attr) else None
                if not (isinstance(call, A.Call) and call.name in ("living", "holder") and len(call.args) == 1):
                    continue
                arg = call.args[0]
                if isinstance(arg, A.Name) and arg.id in roles and arg.id not in present:
                    yield self.diag(node.span, detail=(
                        f"{call.name}({arg.id}).{node.name} reads a player nobody is: {deals} "
                        f"{_article(arg.id)} and no rule makes a player one, so {call.name}({arg.id}) is always "
                        f"none; add {arg.id} to {'the' if len(prog.decks) == 1 else 'a'} deck, or name a role it "
                        "deals"))


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def roles_missing(ctx, values: dict[str, Any], present: set[str] | None = None) -> Iterator[tuple[Any, Any, list[str]]]:
    """For each option of ``values`` (name -> value of the option's type) declared with
    ``needs role``: ``(option declaration, value, roles)`` when the value needs roles no
    deck of the ruleset deals and no rule gives (``present``: the roles in play, found
    when not given), the W352 condition; nothing for a file without decks."""
    if not ctx.prog or not ctx.prog.decks:
        return
    present = _roles_in_play(ctx) if present is None else present
    for opt in ctx.prog.of_kind("option"):
        if opt.needs and opt.name in values:
            missing = [r for r in opt.roles_needed(values[opt.name]) if r not in present]
            if missing:
                yield opt, values[opt.name], missing


def set_warnings(path: str, sets: Iterable[tuple[str, Any]]) -> list[str]:
    """What a command line's ``--set NAME=VALUE`` (``sets``: ``(name, text or value)``
    pairs, a name more than once for a sweep's values) changes nothing in the ruleset at
    ``path`` (a board none of whose decks deals a role the value needs: W352), one line
    each: ``--set guard_repeat=void: guard_repeat = void needs the role 'guard', which
    this board does not deal: the rule it selects waits for a player who is never there;
    the values that need no missing role: rechoose`` (the game then plays neither that
    rule nor the default's: a trial's ``exile_tie=scapegoat`` exiled nobody on a tie where
    the default holds a PK). Empty when every value matters, or the file does not
    compile (the command says why)."""
    from ..lang.options import coerce
    from .context import LintContext

    ctx = LintContext(path)
    if ctx.rs is None:
        return []
    out = []
    present = _roles_in_play(ctx) if ctx.prog and ctx.prog.decks else set()
    for name, text in sets:
        if name not in ctx.rs.options:
            continue
        value = coerce(text, ctx.rs.options[name].values)
        for opt, _, missing in roles_missing(ctx, {name: value}, present):
            roles = " and ".join(f"'{r}'" for r in missing)
            others = [v for v in opt.values if not any(r not in present for r in opt.roles_needed(v))]
            out.append(f"--set {opt.name}={text}: {opt.name} = {_show(value)} needs the "
                       f"role{'s' if len(missing) > 1 else ''} {roles}, which this board does not deal: "
                       "the rule it selects waits for a player who is never there"
                       + (f"; the values that need no missing role: {', '.join(_show(v) for v in others)}"
                          if others else ""))
    return out


def _roles_in_play(ctx) -> set[str]:
    """Roles a player can hold: the decks' cards (a count may be an option or ``rest``)
    and the roles rules give (``p.role = R``)."""
    out = {c.role for d in ctx.prog.decks for c in d.cards if c.count != 0}
    roles = set(ctx.names.roles) if ctx.names else set()
    for root in ctx.program():
        for node in walk(root):
            if (isinstance(node, A.Assign) and node.attr == "role" and isinstance(node.expr, A.Name)
                    and node.expr.id in roles):
                out.add(node.expr.id)
    return out


def _need_span(opt, value, role):
    """Where ``needs role ROLE`` names ``role`` for ``value`` in the option."""
    for (v, roles), spans in zip(opt.needs, opt.needs_spans):
        if _same(v, value) and role in roles:
            return spans[roles.index(role)]
    return head_span(opt.span)


def _written(prog, opt, value):
    """Where the value in force is written, and how: the last ``set`` of the option
    that gives it, else the option's default."""
    for s in reversed(prog.sets):
        if s.name == opt.name and _same(s.value, value):
            return (s.value_span or head_span(s.span)), "is set"
    return (opt.default_span or head_span(opt.span)), "is the default"


def _either(values) -> str:
    shown = [_show(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
