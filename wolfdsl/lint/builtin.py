"""The compiler's own codes (E1xx syntax, E2xx names and types), registered so that
``--select``/``--ignore``, the docs and the fixtures treat them like every other code.
They are found by :mod:`wolfdsl.lang.parse` and :mod:`wolfdsl.lang.compile`; these classes only
document them. So are the codes a game prints when a rule fails while it runs (E4xx,
:mod:`wolfdsl.lang.codegen`), for ``--explain`` and the docs; ``lint --explore`` reports
E401 itself (:mod:`wolfdsl.lint.dynamic`)."""
from __future__ import annotations

from .registry import Rule, register


class _Compile(Rule):
    kind = "compile"
    severity = "error"
    family = "compile"


@register
class SyntaxErrorRule(_Compile):
    """A syntax error: the file does not parse.

    What it finds:
        Text the grammar (``grammar/wolf.lark``) does not accept: a missing brace, a
        misspelt keyword, a stray token.
    Why it matters:
        Nothing in the file can be checked or played until it parses.
    Example:
        ``role seer { faction village`` (no closing brace).
    Fix:
        Follow the message: it names what was expected at the caret.
    """
    code, name = "E101", "syntax-error"


@register
class SourceLimit(_Compile):
    """A source limit passed (docs/security.md lists them).

    What it finds:
        Brackets, blocks or operators nested about 50 deep; a chain of more than 200
        terms (``1 + 1 + ...``); a number of more than 15 digits; a string of more than
        10,000 characters; an import name of more than 200; more than 1,000 cards of one
        kind, or players.
    Why it matters:
        Such text is never a playable rule, and past these sizes wolfdsl could run out of
        stack or memory instead of answering.
    Example:
        ``deck 12: villager*99999999999``.
    Fix:
        Name a part of a deep expression with ``let`` or a ``func``; use sizes a table can
        play.
    """
    code, name = "E102", "source-limit"


@register
class UnknownName(_Compile):
    """A name used but never defined.

    What it finds:
        An unknown role, status, cause, faction, step, function, proc, variable or
        import; a deck card naming a role that has no definition; the role of a
        ``claim … as R`` or ``revive … as R`` that is no role of the ruleset (a typo, a
        string naming no role, a faction or another kind of name); likewise the value
        given to a seat's ``.role``, ``.faction``, ``.class`` or ``.team`` (``w.faction =
        werewolf``: a role, not a faction). When the bundled
        ``roles`` (or its prelude) declares the names and the file does not import it,
        one error says to add ``import "roles"`` and names the others, not repeated.
    Why it matters:
        The rule would read or write something that does not exist.
    Example:
        ``deck 9: werewolf*3, seeer, witch, hunter, villager*3``.
    Fix:
        Correct the spelling (the message suggests the closest name) or declare it; add
        the import the message names.
    """
    code, name = "E201", "unknown-name"


@register
class DuplicateDeclaration(_Compile):
    """A declaration made twice.

    What it finds:
        Two roles, steps, procs, funcs, triggers, win rules or symbols with one name; a
        role that gives its faction, class, team, a counter or a prop twice with two
        values (``faction village; faction werewolves``).
    Why it matters:
        One would silently override the other (a role given two factions plays for the
        last one).
    Example:
        ``step seer in night { }`` in a file that imports the standard seer step.
    Fix:
        Write ``replace step seer ...`` to override on purpose, or rename it; in a role,
        keep the setting you mean and delete the other.
    """
    code, name = "E202", "duplicate-declaration"


@register
class ReplaceUnknown(_Compile):
    """``replace`` or ``remove`` of something never declared.

    What it finds:
        ``replace``/``remove`` naming a role, step, trigger... that no imported file has.
    Why it matters:
        The override does nothing: usually a misspelling.
    Example:
        ``remove step hunters``.
    Fix:
        Use the name the imported file declares.
    """
    code, name = "E203", "replace-unknown"


@register
class UnknownField(_Compile):
    """A seat field that does not exist, or cannot be assigned.

    What it finds:
        ``p.lifes`` when no role has a ``lifes`` counter; ``p.alive = false``.
    Why it matters:
        The expression would always be ``none``, the assignment impossible.
    Example:
        ``when p.lifes > 1``.
    Fix:
        Use a declared counter/property, or declare it (``property NAME = VALUE``).
    """
    code, name = "E204", "unknown-field"


@register
class UnknownAction(_Compile):
    """``decided(...)`` of an action no ``decide`` or ``vote`` declares.

    What it finds:
        ``decided(witch.sav)``.
    Why it matters:
        It is always ``none``: the rule that reads it never sees the answer.
    Example:
        ``requires decided(witch.sav) != yes else "..."``.
    Fix:
        Name an action of a ``decide``/``vote`` statement.
    """
    code, name = "E205", "unknown-action"


@register
class WrongArity(_Compile):
    """A function or proc called with the wrong number of arguments.

    What it finds:
        ``count(a, b)``, ``call exile_vote(alive)`` for a two-parameter proc.
    Why it matters:
        The call cannot run.
    Example:
        ``when count(alive, dead) > 3``.
    Fix:
        Pass the arguments the function or proc declares.
    """
    code, name = "E206", "wrong-arity"


@register
class BadOption(_Compile):
    """An unknown option, or an option value that is not allowed.

    What it finds:
        ``set witch_self_save = sometimes`` when the option lists other values;
        ``set no_such_option = 1``; a default outside the option's values.
    Why it matters:
        The game would run with a value the rules never describe.
    Example:
        ``set sheriff_vote_weight = 4`` (allowed: 1 | 1.5 | 2 | 3).
    Fix:
        Use one of the values the message lists, or add it to the option.
    """
    code, name = "E207", "bad-option"


@register
class BadDeclaration(_Compile):
    """A declaration that cannot be right.

    What it finds:
        A role without a faction; a deck whose cards do not deal its player count;
        steps whose order is cyclic.
    Why it matters:
        The ruleset cannot be set up or its steps cannot be ordered.
    Example:
        ``deck 9: werewolf*3, seer, villager*3`` (7 cards for 9 seats).
    Fix:
        Follow the message: add the faction, the missing cards, break the cycle.
    """
    code, name = "E208", "bad-declaration"


@register
class MisplacedStatement(_Compile):
    """A statement where it cannot act.

    What it finds:
        ``proceed`` outside a replacement; assigning a read-only option.
    Why it matters:
        The statement would do nothing, or change what must stay fixed.
    Example:
        ``step x in night { proceed }``.
    Fix:
        Move it into a replacement, or use a ``global`` for state.
    """
    code, name = "E209", "misplaced-statement"


@register
class MismatchedComparison(_Compile):
    """A field compared with a name of the wrong kind.

    What it finds:
        ``p.faction == werewolf`` (a role id where a faction id belongs), ``p.role ==
        village``, ``p.cause == protected``: a comparison of ``.faction``, ``.role``,
        ``.class``, ``.team`` or ``.cause`` with a declared name of another kind. Also a
        seat compared with a role or faction (``t == seer`` where ``t`` comes from
        ``alive``, a trigger's seat or ``me``) and a trigger's ``cause`` compared with
        a faction (``cause == werewolves``). Also a number (a literal, ``day``,
        ``count(...)``, a counter) compared with a string or a declared name
        (``me.oil == "2"``), and a seat compared with a string (``t != "none"``).
    Why it matters:
        The two sides can never be equal, so the rule silently never fires (with ``!=``,
        always fires).
    Example:
        ``if t.faction == werewolf { kill me cause shot }``.
    Fix:
        Compare with a name of the field's kind (``t.faction == werewolves``,
        ``t.role == werewolf``, ``cause == wolf``); compare a seat's field, not the
        seat (``t.role == seer``); write a number (``me.oil == 2``) or ``none``
        (``t != none``), not a string.
    """
    code, name = "E210", "mismatched-comparison"


@register
class NotAList(_Compile):
    """A number, a string or a name where a list is needed.

    What it finds:
        A literal number or string, or a declared name (a role, a faction...), as the list
        of a ``for`` loop, the options of a ``decide`` (``choose t from watchman``), the
        voters or candidates of a ``vote``, or the first argument of a builtin that takes a
        list (``count(1)``); also a variable that a ``let`` gave one of them. Also a
        declared name or a string taken from a list of seats (``alive - watchman``).
    Why it matters:
        The rule would fail the first time a game reaches it; a name taken from a list
        of seats removes nothing, silently.
    Example:
        ``for p in 5 { ... }``.
    Fix:
        Give a list: ``alive``, ``players``, ``[1, 2]``, ``[p in alive where ...]``;
        ``members(TEAM)`` for a team's living members, ``[p in alive where p.role == ROLE]``
        for a role's living holders, ``[p in alive where p.role != ROLE]`` for the others.
    """
    code, name = "E211", "not-a-list"


@register
class NotANumber(_Compile):
    """A string or a name where a number is needed.

    What it finds:
        A literal string on the right of ``-=``, or of ``+=`` on a counter; a declared
        name, ``none``, a list or a yes/no on the right of ``-=``, or of ``+=`` on a counter
        declared with a number; a counter declared with a string (``counter oil = "two"``); a string or a
        declared name (a role, a faction...) put in order with ``<``, ``<=``, ``>``, ``>=``
        against a number (a literal, ``day``, ``count(...)``, a counter:
        ``me.oil > "two"``); also a variable that a ``let`` gave one of them.
    Why it matters:
        ``-=``, a counter's ``+=`` and an order against a number take a number: the rule
        would fail the first time a game reaches it.
    Example:
        ``me.oil -= "x"``.
    Fix:
        Write a number (``me.oil -= 1``, ``me.oil > 2``), or the expression that gives one.
    """
    code, name = "E212", "not-a-number"


@register
class NotASeat(_Compile):
    """A name or a string where a seat is needed.

    What it finds:
        A role, faction, status or other declared name, or a literal string, as the seat
        of ``tell``, ``kill`` (and its ``as``), ``add``/``remove`` a status, ``claim``,
        ``revive``, an assignment to a field (``watchman.oil = 1``), a field read
        (``seer.alive``), or a faction or status as the decider of ``decide … by``; also a
        variable that a ``let`` gave one of them (``let w = watchman`` ... ``tell w``).
    Why it matters:
        A name is not a player: the rule would fail the first time a game reaches it.
    Example:
        ``tell watchman { saw_wolf: 3 }`` where ``watchman`` is a role.
    Fix:
        Give a seat: ``living(watchman)`` for the living holder of a role (none once he
        is dead), ``holder(watchman)`` for its holder alive or dead (none if nobody holds
        the card: what a death's fields, ``holder(hunter).cause``, and a ``revive`` need),
        ``me``, a variable drawn from ``alive``.
    """
    code, name = "E213", "not-a-seat"


class _Runtime(Rule):
    kind = "runtime"
    severity = "error"
    family = "runtime"


@register
class RuleFailed(Rule):
    """A rule failed while a game ran.

    What it finds:
        ``run``, ``play``, ``test``, ``compare``, ``sweep`` and ``lint --explore N`` stop the
        game where a rule met a value it cannot use: arithmetic on ``none`` or on a name
        (``me.oil -= x`` where ``x`` is no number), a value used as a seat that is no seat,
        a number where a list is needed or ``none`` gone over as a list (a passed
        decision's answer in ``[x in ts where …]``, ``x in ts``, ``count(ts)``, ``for p in
        ts``), a division by zero. The message names the phase,
        the part of the rule (this statement, this condition...) and the wrong value.
        ``lint --explore N`` adds in how many of its games it happened and the scenario file
        that replays one (it reported this as W395, a code now retired: ``--select W395``
        and ``# lint: ignore W395`` mean E401).
    Why it matters:
        The compiler cannot see every value a game will make; a game that reaches the rule
        cannot go on, so no game of the ruleset is trustworthy until it is fixed.
    Example:
        ``me.oil -= x`` where ``x`` holds a name: the game stops at that line with "night 1:
        this statement failed while the game ran: ... is a name or text, not a number
        (... subtracts a number)".
    Fix:
        Give the rule a value of the kind the message asks for (a number, a seat, a list),
        or guard it (``if t != none { ... }``). The same ``--seed`` replays the game; in a run
        of ``--games N`` the message names the game that failed, and a note gives its seed and
        the ``wolfdsl run … --seed S`` that replays it alone.
    """
    code, name = "E401", "rule-failed"
    kind = "dynamic"
    severity = "error"
    family = "dynamic"
    message = "{detail}{tail}"


@register
class RunLimit(_Runtime):
    """A rule ran past a run limit while a game ran.

    What it finds:
        A func or proc that calls itself too deeply, a loop or a game that takes more
        steps than the limits allow, a list grown past its limit, more days than a game
        may last (docs/security.md lists the limits).
    Why it matters:
        Such a rule would never end, or would use up the machine's memory.
    Example:
        ``func f(x) = f(x) + 1``: the game stops at that line with "night 1: func f() ran
        away: more than 100 funcs and procs called inside one another (a func or proc that
        calls itself with no way out?)".
    Fix:
        Give the recursion a way out, bound the loop, or end the game sooner.
    """
    code, name = "E402", "run-limit"
