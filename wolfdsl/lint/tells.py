"""What a ``tell`` records that the table bots cannot read (:mod:`wolfdsl.lang.knowledge`)."""
from __future__ import annotations

from ..lang import syntax as A
from ..lang.codegen import listed_text
from ..lang.knowledge import _lets, _meaning, _through
from .registry import Rule, register

CARD_FIELDS = frozenset({"role", "faction", "team", "class"})
"""A seat's fields that come from its card: hidden from the other seats."""
CARD_CALLS = frozenset({"members", "roles_of", "faction_of", "class_of"})
"""Builtins that read hidden cards."""
_LISTS = frozenset({"any", "count", "empty"})


def _reads_cards(e: A.Expr, card_fields) -> bool:
    """Whether ``e`` reads another seat's card: a card field (or a property a role sets)
    of a seat, or a builtin over the cards."""
    for n in A.walk(e):
        if isinstance(n, A.Attr) and n.name in card_fields:
            return True
        if isinstance(n, A.Call) and n.name in CARD_CALLS:
            return True
    return False


@register
class TellUnreadByBots(Rule):
    """A fact about hidden cards, told in a shape the table bots do not read.

    What it finds:
        In this file, a ``tell`` field whose value reads other seats' cards (their
        ``role``, ``faction``, ``team``, ``class``, a property a role sets such as
        ``appears``, or ``members(...)``) in none of the shapes the bots' beliefs read: a
        property of a seat the record names (``{seat: t, result: t.appears}``), a team's
        members or one of them (``members(werewolves)``, ``pick(members(werewolves))``),
        or how many seats of a list the record names have a card (``{seats: ts,
        wolf_among: any([x in ts where x.faction == werewolves])}``).
    Why it matters:
        A person at the seat reads it, but the ``table`` bots learn nothing from it: the
        role plays as if it learned nothing, and the win rates of a ``--games`` run value
        it so.
    Example:
        ``tell me { wolf_among: any([x in ts where x.faction == werewolves]) }``: the
        seats looked at are not in the record.
    Fix:
        Write the fact in a shape the bots read (put the list of seats in the record:
        ``tell me { seats: ts, wolf_among: any([…]) }``); to have the table learn it,
        give the role a claim decision that repeats the record (``claim me as ROLE {
        seats: …, wolf_among: … }``, docs/language.md, Speech). A fact meant for people
        only can be kept with ``# lint: ignore W370``.
    """
    code, name, family = "W370", "tell-unread-by-bots", "bots"
    severity = "warning"
    message = "the table bots cannot read field '{field}' of this tell: {why}"

    def check(self, ctx):
        for field, span, why in unread(ctx, ctx.is_own):
            yield self.diag(span, field=field, why=why)


def unread(ctx, where):
    """``(field name, span, what to write)`` of each ``tell`` field that reads hidden
    cards in a shape the bots do not read, in the tells ``where(node)`` accepts."""
    prog = ctx.prog
    if prog is None:
        return
    teams = set(prog.symbols.get("team", {}))
    card_fields = CARD_FIELDS | {name for d in ctx.of_kind("role") for name, _ in d.props}
    for key in prog.order:
        decl = prog.decls[key]
        lets = None
        for node in A.walk(decl):
            if not isinstance(node, A.Tell) or not where(node):
                continue
            lets = _lets(decl) if lets is None else lets
            meaning = _meaning(node.fields, teams, lets)
            named = {m[1] for m in meaning.values() if m[0] in ("prop", "some", "test")}
            for f in node.fields:
                if f.name in meaning or f.name in named:
                    continue
                e = _through(f.expr, lets)
                if _reads_cards(e, card_fields):
                    yield f.name, f.span or node.span, _why(f.name, e, node.fields, lets)


def _why(name: str, e: A.Expr, fields, lets) -> str:
    """What to write instead, for the field ``name`` of value ``e``."""
    if isinstance(e, A.Call) and e.name in _LISTS and len(e.args) == 1:
        comp = _through(e.args[0], lets)
        if isinstance(comp, A.Comprehension) and not any(_through(g.expr, lets) == _through(comp.source, lets)
                                                         for g in fields):
            source = listed_text(comp.source)
            return (f"the seats it counts are not in the record; add them: tell … {{ seats: {source}, {name}: … }} "
                    "(the role then plays on what it learns; a claim repeating the record tells the table)")
    return ("the role plays as if it learned nothing, and --games win rates value it so; write it as a seat's "
            "property ({seat: t, result: t.appears}), a team's members or one of them, or how many of a list "
            "of seats in the record have a card (docs/language.md: what a tell states)")


def unread_tells(path: str) -> list[str]:
    """For a ``--games`` run of the ruleset at ``path`` with the table bots: one line
    ``FILE:LINE:COL: field 'F'`` per W370 finding in the user's own files (the ruleset
    and what it imports that is not bundled); empty when there is none or the file does
    not compile (the run says why)."""
    from .context import LintContext

    ctx = LintContext(path)
    if ctx.rs is None:
        return []

    def user_file(node) -> bool:
        return node.span is not None and not str(node.span.file).startswith("<bundled>")

    out = []
    for field, sp, _ in unread(ctx, user_file):
        out.append(f"{sp.file}:{sp.line}:{sp.col}: field '{field}'" if sp is not None else f"field '{field}'")
    return out
