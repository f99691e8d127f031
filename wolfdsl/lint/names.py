"""Names: declared but never used, strings that name nothing, things said twice.

(Names used but never declared are the compiler's E201.)"""
from __future__ import annotations

from dataclasses import fields

from ..lang import syntax as A
from .context import head_span, walk
from .registry import Rule, register

_NOT_REFERENCES = {"name", "labels", "title", "doc", "text", "reason", "var", "params", "voter_var",
                   "cand_var", "top_var", "ballots_var", "event", "kind", "phase", "path", "what",
                   "type", "values", "default", "temporary", "replace", "tags", "op", "range"}


def references(ctx) -> set[str]:
    """Every identifier the merged program mentions other than where it is declared."""
    out: set[str] = set()
    roots = list(ctx.program())
    for root in roots:
        for node in walk(root):
            for f in fields(node):
                if f.name == "span":
                    continue
                v = getattr(node, f.name)
                if f.name == "name" and isinstance(node, (A.Name, A.Call, A.CallProc, A.Assign, A.SetDecl)):
                    out.add(v)
                    continue
                if f.name in _NOT_REFERENCES:
                    continue
                if isinstance(node, A.RoleDecl) and f.name in ("counters", "props"):
                    continue
                _strings(v, out)
            if isinstance(node, A.Attr):
                out.add(node.name)
            if isinstance(node, A.Assign) and node.attr:
                out.add(node.attr)
            if isinstance(node, A.RemoveDecl):
                out.add(node.name)
    return out


def _strings(v, out: set[str]) -> None:
    if isinstance(v, str):
        out.add(v)
    elif isinstance(v, (tuple, list)):
        for x in v:
            if not isinstance(x, A.Node):
                _strings(x, out)


@register
class UnusedDeclaration(Rule):
    """A declaration nothing uses.

    What it finds:
        In a playable ruleset (a file with a ``deck`` or ``players``): a status, cause,
        faction, class, team, option, global, property, proc, func or role that the
        file declares and that no rule, deck or win rule mentions. Files without a deck
        are bases for others to import: their declarations are their interface.
    Why it matters:
        An unused name is usually a rule that was meant to use it and does not: a
        status nobody adds, a cause nobody kills with, a role left out of the deck.
    Example:
        ``status blessed "blessed"`` in a board whose roles never ``add blessed``.
    Fix:
        Use it, or delete it.
    """
    code, name, family = "W301", "unused-declaration", "names"
    severity = "warning"
    message = "{kind} '{ident}' is declared but never used"

    def check(self, ctx):
        if ctx.is_library:
            return
        used = references(ctx)
        for d in ctx.own.decls:
            kind = None
            if isinstance(d, A.SymbolDecl):
                kind = d.kind
            elif isinstance(d, A.OptionDecl):
                kind = "option"
            elif isinstance(d, A.GlobalDecl):
                kind = "global"
            elif isinstance(d, A.PropertyDecl):
                kind = "property"
            elif isinstance(d, A.ProcDecl) and not d.replace:
                kind = "proc"
            elif isinstance(d, A.FuncDecl) and not d.replace:
                kind = "func"
            elif isinstance(d, A.RoleDecl) and not d.replace:
                kind = "role"
            if kind and d.name not in used:
                yield self.diag(head_span(d.span), kind=kind, ident=d.name)


_FIELD_KINDS = {"role": "role", "faction": "faction", "class": "class", "team": "team", "cause": "cause"}
_ROLE_LISTS = {"extra_cards", "deck"}
_ROLE_FUNCS = {"faction_of": "role", "class_of": "role", "holder": "role", "living": "role", "members": "team"}


@register
class UnknownSymbolString(Rule):
    """A quoted string where a declared id is expected, naming nothing.

    What it finds:
        ``p.role == "seeer"``, ``"theif" in extra_cards``, ``holder("wich")``,
        ``p.death_phase == "nite"``: strings compared with or passed where a role,
        faction, class, team, cause or phase goes, that no declaration names.
    Why it matters:
        The compiler checks names, not strings: the comparison is silently always
        false and the rule never fires.
    Example:
        ``if card == "thief" or me.role == "theif" { ... }``
    Fix:
        Correct the string, or write the bare name (``p.role == seer``) so the
        compiler checks it.
    """
    code, name, family = "W302", "unknown-symbol-string", "names"
    severity = "error"
    message = "\"{value}\" is not a declared {kind}{hint}"

    def check(self, ctx):
        c = ctx.prog
        known = {k: set(t) for k, t in c.symbols.items()}
        known["role"] = set(ctx.names.roles)
        known["phase"] = {"night", "day"}
        from ..diagnostics import did_you_mean
        for root in ctx.program():
            if not ctx.is_own(root):
                continue
            for node in walk(root):
                for kind, s in _pairs(node):
                    if s.value not in known[kind]:
                        yield self.diag(s.span, value=s.value, kind=kind,
                                        hint=did_you_mean(s.value, known[kind]))


def _kind_of(e) -> str | None:
    if isinstance(e, A.Attr):
        if e.name in _FIELD_KINDS:
            return _FIELD_KINDS[e.name]
        if e.name == "death_phase":
            return "phase"
    if isinstance(e, A.Name) and e.id == "phase":
        return "phase"
    return None


def _pairs(node):
    if isinstance(node, A.BinOp):
        if node.op in ("==", "!="):
            for a, b in ((node.left, node.right), (node.right, node.left)):
                k = _kind_of(a)
                if k and isinstance(b, A.Str):
                    yield k, b
        elif node.op in ("in", "not in") and isinstance(node.left, A.Str) and isinstance(node.right, A.Name) \
                and node.right.id in _ROLE_LISTS:
            yield "role", node.left
    elif isinstance(node, A.Call) and node.name in _ROLE_FUNCS and len(node.args) == 1 and isinstance(node.args[0], A.Str):
        yield _ROLE_FUNCS[node.name], node.args[0]
    elif isinstance(node, A.Assign) and node.attr in _FIELD_KINDS and isinstance(node.expr, A.Str):
        yield _FIELD_KINDS[node.attr], node.expr


@register
class DuplicateSetting(Rule):
    """The same thing said twice in one file.

    What it finds:
        An option ``set`` twice; a role listed twice in one deck; a role's faction,
        class, team, status, counter or prop given twice with the same value (two values
        are the compiler's E202).
    Why it matters:
        Only one of them counts (the last ``set``, the sum of the cards): the other is
        a leftover that a reader will take at its word.
    Example:
        ``set wolf_win = town`` ... ``set wolf_win = side``.
    Fix:
        Keep one.
    """
    code, name, family = "W303", "duplicate-setting", "names"
    severity = "warning"
    message = "{what} is given twice{note}"

    def check(self, ctx):
        seen = {}
        for d in ctx.own.decls:
            if isinstance(d, A.SetDecl):
                if d.name in seen:
                    yield self.diag(head_span(d.span), [(head_span(seen[d.name].span), "first set here")],
                                    what=f"option '{d.name}'", note="; only the last value counts")
                seen[d.name] = d
            elif isinstance(d, A.DeckDecl):
                cards = {}
                for card in d.cards:
                    if card.role in cards:
                        yield self.diag(card.span, [(cards[card.role].span, "first listed here")],
                                        what=f"role '{card.role}' in this deck",
                                        note=f"; write {card.role}*N once")
                    cards.setdefault(card.role, card)
            elif isinstance(d, A.RoleDecl):
                for r in d.repeats:  # with two values, the compiler's E202
                    if not r.differs:
                        yield self.diag(r.span, [(r.first, "first given here")],
                                        what=f"the {r.what} of role '{d.name}'",
                                        note=f" ('{r.first_text}' above); delete this one")


@register
class OverlappingDecks(Rule):
    """Two decks for the same player count.

    What it finds:
        Decks in force (after imports) whose player ranges overlap, such as
        ``deck 8..10`` and ``deck 9``.
    Why it matters:
        A game takes the first deck that fits: the other one is never dealt for those
        counts, whatever its author meant.
    Example:
        ``deck 8..12: werewolf*3, ...`` and ``deck 12: werewolf*4, ...``.
    Fix:
        Make the ranges disjoint.
    """
    code, name, family = "W304", "overlapping-decks", "names"
    severity = "error"
    message = "this deck ({mine}) overlaps an earlier deck ({other}): for {count} players only the earlier one is dealt"

    def check(self, ctx):
        decks = ctx.prog.decks
        for i, d in enumerate(decks):
            for e in decks[:i]:
                lo, hi = max(d.low, e.low), min(d.high, e.high)
                if lo <= hi:
                    yield self.diag(head_span(d.span), [(head_span(e.span), "the earlier deck is here")],
                                    mine=_range(d), other=_range(e), count=str(lo) if lo == hi else f"{lo} to {hi}")
                    break


def _range(d) -> str:
    return f"{d.low} players" if d.low == d.high else f"{d.low}..{d.high} players"


@register
class SecretDisagrees(Rule):
    """An ``event`` declaration without ``secret`` for a type another one makes secret.

    What it finds:
        In this file, ``event TYPE(...) "..."`` without ``secret`` when some declaration
        of the same type (here or in an imported file) says ``secret``.
    Why it matters:
        Secrecy belongs to the type, not to one case: one ``secret`` declaration keeps
        every event of the type from the seats, whatever the others say. A declaration
        that leaves it out reads as an announcement the seats hear, and they do not.
    Example:
        ``event spared(rule = "dawn") secret "..."`` in the prelude and
        ``event spared(rule = "elder_life") "..."`` in a ruleset.
    Fix:
        Write ``secret`` on every declaration of the type; a fact the seats may know
        goes in an event type of its own.
    """
    code, name, family = "W306", "secret-disagrees", "names"
    severity = "warning"
    message = "event type '{type}' is secret (seats are never shown it), but this declaration does not say so"

    def check(self, ctx):
        secret = {}
        for d in ctx.prog.events:
            if d.secret:
                secret.setdefault(d.name, d)
        for d in ctx.prog.events:
            if not d.secret and d.name in secret and ctx.is_own(d):
                yield self.diag(head_span(d.span), [(head_span(secret[d.name].span), "declared secret here")],
                                type=d.name)


@register
class ReplacedTwice(Rule):
    """Two files ``replace`` the same declaration: only the later one is in force.

    What it finds:
        A ``replace KIND NAME`` in one file of the ruleset (the linted file or any file it
        imports) when another file, read before it, already replaced the same declaration.
    Why it matters:
        Two role files that each change a shared procedure (the exile vote, a hook such
        as ``exile_risk``) by replacing it cannot both be in force: the one imported last
        wins and the other's rule silently stops applying, though each file works alone.
    Example:
        ``raven.wolf`` and ``mayor.wolf`` both ``replace proc exile_vote(cands, round)``,
        and a variant imports both.
    Fix:
        Change the shared procedure with a construct several files can each add to
        (``extend proc``; ``extend func NAME as TERM = …`` to add to a hook such as the
        exile votes' ``extra_votes``), or write one replacement, in the variant, that does
        what both files need (and silence the warning there, saying so).
    """
    code, name, family = "W307", "replaced-twice", "names"
    severity = "warning"
    message = "{kind} '{name}' is replaced again here: the replacement in {first} is no longer in force"

    def check(self, ctx):
        from ..lang.link import key_of
        first: dict = {}
        for m in ctx.modules:
            for d in m.decls:
                if not getattr(d, "replace", False):
                    continue
                key = key_of(d)
                if key is None:
                    continue
                if key in first and first[key].span.file != d.span.file:
                    prev = first[key]
                    yield self.diag(head_span(d.span), [(head_span(prev.span), "replaced first here")],
                                    kind=key[0], name=key[1], first=prev.span.file.rsplit("/", 1)[-1])
                first[key] = d
