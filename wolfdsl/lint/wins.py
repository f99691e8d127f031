"""Win rules, proved on abstract states (:mod:`.abstract`): simultaneous wins, rules
that never hold, factions that can never win or have no rule, games that cannot end."""
from __future__ import annotations

from ..lang import syntax as A
from .abstract import holds, tables
from .context import head_span, option_refs
from .effects import Analyzer
from .registry import Rule, register


class _Exploration:
    """The reachable abstract states of every deck, with the win rules that hold."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.rs = ctx.rs
        self.tables = tables(ctx)
        self.results = []   # (table, state, holding wins, reachable)
        for t in self.tables:
            exhaustive, states = t.states()
            self.exhaustive = getattr(self, "exhaustive", True) and exhaustive
            held = {}
            for st in states:
                g = t.load(st)
                held[st] = [w for w in self.rs.wins if holds(w.when, g)]
            reach = _reachable(t, states, held)
            for st in states:
                self.results.append((t, st, held[st], st in reach))
        if not self.tables:
            self.exhaustive = False

    @staticmethod
    def winners(held):
        if not held:
            return []
        top = max(w.priority for w in held)
        return [w for w in held if w.priority == top]


def _reachable(t, states, held) -> set:
    """States reachable from the starting ones (everyone alive) by deaths, never
    passing through a state where a win rule already holds."""
    known = set(states)
    full = tuple(len(c) for c in t.cards_of)
    start = [s for s in states if s.living == full]
    if t.mass_deaths:
        if any(not held[s] for s in start):
            return known
        return set(start)
    seen = set(start)
    todo = [s for s in start]
    while todo:
        s = todo.pop()
        if held.get(s):
            continue
        for nxt in t.successors(s):
            if nxt in known and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def exploration(ctx) -> _Exploration:
    if not hasattr(ctx, "_wins_exploration"):
        ctx._wins_exploration = _Exploration(ctx)
    return ctx._wins_exploration


def _win_decl(ctx, name):
    return next((w for w in ctx.of_kind("win") if w.name == name), None)


@register
class SimultaneousWins(Rule):
    """Win rules of different factions that can hold at once with no precedence.

    What it finds:
        Two win rules for different factions with the same ``priority`` that both hold
        in a reachable abstract state (counts of living players by faction, class,
        team and status), while no rule of higher priority holds.
    Why it matters:
        The engine then declares both factions winners, which is rarely a rule anyone
        wrote down; the table will argue about it.
    Example:
        ``win wolves_win for werewolves when count(alive) <= 3`` next to
        ``win village_wins for village when empty([p in alive where p.faction != village])``.
    Fix:
        Give one of them a higher ``priority``, or make the conditions exclusive.
    """
    code, name, family = "W330", "simultaneous-wins", "wins"
    severity = "error"
    message = ("win rules '{a}' ({fa}) and '{b}' ({fb}) both hold, with priority {prio}, for example "
               "with {state}; give one a higher priority")

    def check(self, ctx):
        ex = exploration(ctx)
        done = set()
        for t, st, held, reach in ex.results:
            if not reach:
                continue
            top = ex.winners(held)
            for i, wb in enumerate(top):
                for wa in top[:i]:
                    if set(wa.factions) == set(wb.factions) or (wa.name, wb.name) in done:
                        continue
                    done.add((wa.name, wb.name))
                    a, b = _win_decl(ctx, wa.name), _win_decl(ctx, wb.name)
                    yield self.diag(head_span(b.span), [(head_span(a.span), f"win rule '{wa.name}' is here")],
                                    a=wb.name, fa=", ".join(wb.factions), b=wa.name,
                                    fb=", ".join(wa.factions), prio=_num(wb.priority), state=t.describe(st))


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


@register
class WinNeverHolds(Rule):
    """A win rule that holds in no state, whatever the options.

    What it finds:
        A win rule whose condition is false in every abstract state of every deck,
        for every combination of values of the options it reads (a rule that only an
        option turns off, like ``wolf_win == town``, is not reported).
    Why it matters:
        The rule can never end a game: a contradiction (``count(alive) > 20`` in a
        12-player game, a class no role has, ``x and not x``).
    Example:
        ``win village_wins for village when empty([p in alive where p.faction == werewolves]) and count(alive) > 12``
    Fix:
        Correct the condition; use the counts the deck can reach.
    """
    code, name, family = "W331", "win-never-holds", "wins"
    severity = "warning"
    message = ("win rule '{win}' holds in none of the {n} explored states{opts}: it can never end a game; "
               "correct its condition to counts the deck can reach, or remove it")

    def check(self, ctx):
        ex = exploration(ctx)
        if not ex.exhaustive:
            return
        from .decisions import _mutable
        for w in ctx.of_kind("win"):
            if _mutable(ctx, w.when):
                continue
            opts = option_refs(w.when, ctx.option_names, ctx.funcs)
            ever = False
            for comp in ctx.variants(opts):
                fn = next((x.when for x in comp.ruleset.wins if x.name == w.name), None)
                if fn is None:
                    continue
                for t, st, _, _ in ex.results:
                    if holds(fn, t.load(st)):
                        ever = True
                        break
                if ever:
                    break
            if not ever:
                yield self.diag(head_span(w.span), win=w.name, n=len(ex.results),
                                opts=f" (for any value of {', '.join(sorted(opts))})" if opts else "")


def occurring_factions(ctx, ex) -> dict[str, object]:
    """Factions a player can have in this ruleset -> a node that gives it."""
    out = {}
    for t in ex.tables:
        for i, prof in enumerate(t.profiles):
            if prof[0] is not None:
                role = t.cards_of[i][0]
                out.setdefault(prof[0], ctx.names.roles.get(role))
        for f in t.dyn_factions:
            out.setdefault(f, None)
    return out


@register
class FactionCannotWin(Rule):
    """A faction in play that no reachable state lets win.

    What it finds:
        A faction that players can belong to and that has win rules, but in every
        reachable abstract state where one of its rules holds, a rule of higher
        priority for another faction holds too (or its rules never hold).
    Why it matters:
        Those players cannot win: the variant is decided before it starts.
    Example:
        ``win lone_wins for lone priority 0 when count(alive) == 1`` under a village
        rule of priority 1 that holds whenever only one player is left.
    Fix:
        Raise the faction's rule priority, or narrow the rule that pre-empts it.
    """
    code, name, family = "W332", "faction-cannot-win", "wins"
    severity = "error"
    message = "faction '{faction}' can never win: {why}"

    def check(self, ctx):
        ex = exploration(ctx)
        if not ex.exhaustive:
            return
        won, held_any, blockers = set(), set(), {}
        for t, st, held, reach in ex.results:
            if not reach:
                continue
            top = ex.winners(held)
            for w in top:
                won |= set(w.factions)
            for w in held:
                for f in w.factions:
                    held_any.add(f)
                    if f not in {x for y in top for x in y.factions} and top:
                        blockers.setdefault(f, top[0].name)
        from .decisions import _mutable
        for f in occurring_factions(ctx, ex):
            rules = [w for w in ctx.of_kind("win") if f in w.factions]
            if not rules or f in won or any(_mutable(ctx, w.when) for w in rules):
                continue
            if f in blockers:
                why = f"whenever its win rule holds, '{blockers[f]}' (higher priority) holds too"
            else:
                why = "its win rules hold in no reachable state"
            yield self.diag(head_span(rules[0].span), faction=f, why=why)


@register
class WinShadowed(Rule):
    """A win rule that never decides a game: a rule of higher priority always does first.

    What it finds:
        A win rule that holds in some reachable abstract state, but in every one of
        them a rule of higher priority holds too, while its faction can still win by
        another of its rules (when it cannot, W332 says so).
    Why it matters:
        The rule is dead text: a moderator reads it, argues over it, and it never
        decides a game. Usually its condition was meant to be narrower than the rule
        that pre-empts it, or its priority higher.
    Example:
        ``win pack_intact for werewolves priority 0 when empty([p in alive where
        p.faction == village]) and count([p in alive where p.faction == werewolves]) ==
        3`` beside the prelude's town kill (屠城, priority 1), which holds whenever no
        non-wolf is alive and a wolf is.
    Fix:
        Raise its priority above the rule named, narrow that rule, or remove it.
    """
    code, name, family = "W335", "win-shadowed", "wins"
    severity = "warning"
    message = ("win rule '{win}' never decides a game: in {where} where it holds, "
               "'{by}' (priority {prio}) holds too and wins first; raise its priority above {prio}, "
               "or remove it")

    def check(self, ctx):
        ex = exploration(ctx)
        if not ex.exhaustive:
            return
        from .decisions import _mutable
        won: set[str] = set()
        holding: dict[str, list] = {}
        for _t, _st, held, reach in ex.results:
            if not reach or not held:
                continue
            top = ex.winners(held)
            won.update(w.name for w in top)
            for w in held:
                holding.setdefault(w.name, []).append(top)
        for w in ctx.of_kind("win"):
            if w.name in won or w.name not in holding or _mutable(ctx, w.when):
                continue
            rule = next((x for x in ctx.rs.wins if x.name == w.name), None)
            if rule is None or not any(x.name in won for x in ctx.rs.wins
                                       if x.name != w.name and set(x.factions) & set(rule.factions)):
                continue  # its faction cannot win at all: W332
            tops = holding[w.name]
            by = tops[0][0]
            decl = _win_decl(ctx, by.name)
            yield self.diag(head_span(w.span), [(head_span(decl.span), f"win rule '{by.name}' is here")] if decl else (),
                            win=w.name, by=by.name, prio=_num(by.priority),
                            where="the one reachable state" if len(tops) == 1 else f"each of the {len(tops)} reachable states")


@register
class FactionWithoutWin(Rule):
    """A faction players can belong to with no win rule.

    What it finds:
        A faction of a role in the deck (or one that a ``.faction = F`` statement can
        give) that no ``win ... for F`` names.
    Why it matters:
        Its players can only lose, or the game waits for the day bound once they are
        the last ones standing.
    Example:
        ``faction loners`` and ``role hermit { faction loners }`` in the deck, with no
        ``win ... for loners``.
    Fix:
        Add a win rule for the faction, or give the role an existing faction.
    """
    code, name, family = "W333", "faction-without-win", "wins"
    severity = "error"
    message = "faction '{faction}' has players but no win rule; add 'win NAME for {faction} when ...'"

    def check(self, ctx):
        ex = exploration(ctx)
        named = {f for w in ctx.of_kind("win") for f in w.factions}
        for f, node in occurring_factions(ctx, ex).items():
            if f in named:
                continue
            decl = ctx.prog.symbols["faction"].get(f)
            span = head_span(node.span) if node is not None and ctx.is_own(node) else head_span(decl.span if decl else None)
            yield self.diag(span, [(head_span(decl.span), "the faction is declared here")] if decl and span != head_span(decl.span) else (),
                            faction=f)


@register
class GameCannotEnd(Rule):
    """A game that no sequence of deaths can end.

    What it finds:
        No win rule holds at the start, and either no step can kill (directly, through
        procs, or by the triggers its effects set off), or no reachable abstract state
        satisfies any win rule.
    Why it matters:
        Every game runs to the day bound (``max_days``) and ends in a draw.
    Example:
        ``remove step dawn`` and ``remove step exile`` on the standard board: nothing
        kills any more.
    Fix:
        Restore an effect that kills, or a win rule the counts can reach.
    """
    code, name, family = "W334", "game-cannot-end", "wins"
    severity = "error"
    message = "no game can end: {why}"

    def check(self, ctx):
        ex = exploration(ctx)
        if not ex.tables:
            return
        an = Analyzer(ctx, follow_events=False)  # a trigger needs a death first
        kills = any(an.of(s).kills for s in ctx.of_kind("step")) or \
            any(an.of(c).kills for c in ctx.of_kind("card"))
        span = _setup_span(ctx)
        start_wins = any(held and st.living == tuple(len(c) for c in t.cards_of) for t, st, held, _ in ex.results)
        if not kills and not start_wins:
            yield self.diag(span, why="no step kills anyone, and no win rule holds while everyone is alive")
            return
        from .decisions import _mutable
        if any(_mutable(ctx, w.when) for w in ctx.of_kind("win")):
            return
        if ex.exhaustive and not any(held for _, _, held, reach in ex.results if reach):
            yield self.diag(span, why=f"no win rule holds in any of the {len(ex.results)} states deaths can reach")


def _setup_span(ctx):
    for d in ctx.own.decls:
        if isinstance(d, (A.Players, A.DeckDecl)):
            return head_span(d.span)
    wins = ctx.of_kind("win")
    if wins:
        return head_span(wins[0].span)
    return head_span(ctx.own.decls[0].span) if ctx.own.decls else None
