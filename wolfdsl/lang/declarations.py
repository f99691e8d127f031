"""The declarations of the AST (``role``, ``step``, ``option``…): the top level of a
``.wolf`` file. Part of :mod:`wolfdsl.lang.syntax`, which re-exports every class here;
read them as ``syntax.RoleDecl``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Span
from .syntax import Block, Expr, Node, _node

@_node
class Decl(Node):
    pass


@_node
class Title(Decl):
    """``title "Standard 12" "标准12人"`` (``zh``: the Chinese title, if given)."""
    text: str
    zh: str | None = None


@_node
class Summary(Decl):
    """``summary "one line" "一句话"`` (``zh``: the Chinese summary, if given)."""
    text: str
    zh: str | None = None


@_node
class Players(Decl):
    """``players 12`` / ``players 8..18`` / ``players 7..30 default 12`` (the count a
    game has without ``--players``; the lowest when not given)."""
    low: int
    high: int
    default: int | None = None


@_node
class Import(Decl):
    """``import "prelude"``: a bundled name or a path relative to this file."""
    path: str


@_node
class OptionDecl(Decl):
    """``option witch_self_save: never | first_night = never "ROLE-WITCH-05"``;
    ``option exile_tie: pk | scapegoat needs role scapegoat = pk "DAY-11"``.

    ``needs`` pairs a value with the roles it only means something with
    (``(("scapegoat", ("scapegoat",)),)``; lint W352 checks the value in force against
    the decks); ``needs_spans`` holds where each needed role is written, in the same
    order; ``default_span`` is where the default is written. ``doc``: what it decides,
    its rule ID first; ``doc_zh``: the same in Chinese (the call sheet's ``--lang zh``);
    ``value_docs``: ``(value, English, Chinese or None)`` for the values that say what they
    do (``runoff_then_none "a runoff, then no sheriff" "…"``).
    """
    name: str
    values: tuple[Any, ...]
    default: Any
    doc: str | None
    doc_zh: str | None = None
    needs: tuple[tuple[Any, tuple[str, ...]], ...] = ()
    needs_spans: tuple[tuple[Any, ...], ...] = ()
    default_span: Any = None
    value_docs: tuple[tuple[Any, str, str | None], ...] = ()

    def roles_needed(self, value) -> tuple[str, ...]:
        """The roles ``value`` needs (empty for most values)."""
        return next((roles for v, roles in self.needs if v == value and type(v) is type(value)), ())


@_node
class SetDecl(Decl):
    """``set witch_self_save = first_night``. ``name_span``/``value_span``: where the
    name and the value are written (diagnostics mark the wrong one)."""
    name: str
    value: Any
    name_span: Any = None
    value_span: Any = None


@_node
class SymbolDecl(Decl):
    """``faction village "好人"`` / ``status protected temporary`` /
    ``cause duel "dueled" "决斗" last_words no`` (a cause's own last-words setting:
    ``yes``, ``no``, or ``none`` to leave it to the last-words policy)."""
    kind: str
    name: str
    labels: tuple[str, ...]
    temporary: bool
    last_words: Expr | None = None


@_node
class Redeal(Decl):
    """``redeal when EXPR "reason"``: a deal for which EXPR holds is shuffled again
    (SETUP-04: the thief's two cards are never both wolves)."""
    expr: Expr
    reason: str | None


@_node
class AttributeDecl(Decl):
    """``attribute gender: m | f`` / ``attribute age: 16..70``: a seat attribute that a
    scenario sets and a random game draws (uniformly) unless ``= default`` is given."""
    name: str
    values: tuple[Any, ...]
    default: Any
    range: tuple[int, int] | None = None


@_node
class CardDecl(Decl):
    """An event card (New Moon)::

        card nightmare "Nightmare" "噩梦" with moon = full { call exile_vote(alive, 1) }

    ``tags`` are ``(name, value)`` pairs the card event carries (``moon = full``);
    ``needs`` the seat attributes its effect reads.
    """
    name: str
    labels: tuple[str, ...]
    tags: tuple[tuple[str, Any], ...]
    needs: tuple[str, ...]
    body: "Block"
    replace: bool


@_node
class DeciderDecl(Decl):
    """A decider that is not a seat, role or team (the table's judge)::

        decider moderator "Moderator" "法官" default none

    ``default``: what a bot answers for it (``none``: pass where the rules allow).
    """
    name: str
    labels: tuple[str, ...]
    default: str | None


@_node
class EventDecl(Decl):
    """How the narration tells an event a ruleset logs (``log TYPE { … }``)::

        event reveal "{seat}'s card is shown: {role}" "{seat}的身份牌：{role}"
        event action(action = "guard.protect", targets = none) "{seat:who}: protect — pass"

    ``case``: the ``(field, value)`` pairs the event must all carry for this text to
    apply (``none`` also matches an empty list; the most specific matching declaration
    of a type wins); ``secret``: the type is the moderator's record, narrated but shown
    to no seat (``event spared(rule = "dawn") secret "…"``; one ``secret`` declaration
    makes the whole type secret); ``en``/``zh``: templates (see
    :mod:`wolfdsl.present.narrate`).
    """
    name: str
    case: tuple[tuple[str, Any], ...] | None
    secret: bool
    en: str
    zh: str | None


@_node
class WordDecl(Decl):
    """How the narration shows a name the rules use as a field or a value::

        word can_shoot "can shoot" "能开枪"
        word good "good" "好人"

    ``en``/``zh``: the words for ``name`` in each language (``zh`` ``None``: the English).
    """
    name: str
    en: str
    zh: str | None


@_node
class EngineDecl(Decl):
    """A setting of the game kernel, named by the kernel::

        engine day_bound = max_days        # after this day a game is a draw
        engine last_words = last_words     # func(p): whether a dead player speaks
        engine dead_reason = "DAY-15: the dead take no further part"
    """
    name: str
    expr: "Expr"


@_node
class GlobalDecl(Decl):
    """``global sheriff = none``."""
    name: str
    expr: Expr


@_node
class PropertyDecl(Decl):
    """``property appears = "good"``: a default that roles may override with ``prop``."""
    name: str
    expr: Expr


@_node
class RoleDecl(Decl):
    """``role witch "Witch" "女巫" { faction village; class god; counter poison = 1 }``."""
    name: str
    labels: tuple[str, ...]
    faction: Expr | None
    klass: Expr | None
    team: Expr | None
    counters: tuple[tuple[str, Expr], ...]
    statuses: tuple[str, ...]
    props: tuple[tuple[str, Expr], ...]
    replace: bool
    repeats: tuple["Repeat", ...] = field(default=(), compare=False, repr=False)
    """Settings given a second time in the body (the fields above keep the last one)."""
    status_spans: tuple = field(default=(), compare=False, repr=False)
    """Where each name of ``statuses`` is written (an unknown status is marked there)."""


@dataclass(frozen=True, slots=True)
class Repeat:
    """A role setting given again in one role body, ``faction werewolves`` after
    ``faction village``: ``what`` names it (``faction``, ``counter 'oil'``), ``text`` and
    ``first_text`` are the two as written, ``differs`` says whether their values differ
    (a ``status`` never does). Not a :class:`Node`: :func:`walk` does not reach it."""

    what: str
    differs: bool
    span: Span | None
    text: str
    first: Span | None
    first_text: str


@_node
class Card(Node):
    """``werewolf*4`` in a deck; ``count`` is a number, an option's name or ``"rest"``
    (:mod:`wolfdsl.lang.decks`)."""
    role: str
    count: int | str


@_node
class DeckDecl(Decl):
    """``deck 12: werewolf*4, seer, witch, hunter, guard, villager*4``."""
    low: int
    high: int
    cards: tuple[Card, ...]
    extra: int


@_node
class ModeratorCall(Node):
    """What the moderator says at a real table for a step or a trigger::

        call "Guard, open your eyes and choose a player to protect." "守卫请睁眼，请选择你要守护的玩家。"

    ``en`` and ``zh`` (``None`` when only English is given); ``wolfdsl script`` prints
    them as the call sheet. ``cond``: the ``if`` condition of a call said only on some
    days or nights (``call "…" "…" if day == 1``); it tells the sheet where the call
    goes and never changes what the engine does.
    """
    en: str
    zh: str | None
    cond: Expr | None = None


@_node
class StepDecl(Decl):
    """``step witch in night after werewolves when day > 0 call "…" "…" { ... }``."""
    name: str
    phase: str
    after: tuple[str, ...]
    before: tuple[str, ...]
    first: bool
    last: bool
    when: Expr | None
    always: bool
    body: Block
    replace: bool
    calls: tuple[ModeratorCall, ...] = ()
    refs: tuple = ()
    """``((step name, span), ...)``: where each ``after``/``before`` name is written (for
    diagnostics)."""


@_node
class OrderDecl(Decl):
    """``order night: guard, werewolves, witch, seer``: an explicit step order."""
    phase: str
    names: tuple[str, ...]


@_node
class ProcDecl(Decl):
    """``proc elect(p) { sheriff = p }``; ``calls``: its ``call`` clauses (what the
    moderator says whenever it may run: the call sheet's reminders)."""
    name: str
    params: tuple[str, ...]
    body: Block
    replace: bool
    calls: tuple[ModeratorCall, ...] = ()


@_node
class ExtendDecl(Decl):
    """``extend proc self_destructed(w) { ... }``: statements added to a declared proc,
    after its own (``first``: before them); the proc's parameters are in scope.
    ``extend func extra_votes(c, round) as raven_mark = EXPR`` (``what`` ``func``, no
    ``body``): a term added to the func's value; ``label``: its ``as`` name."""
    what: str
    name: str
    params: tuple[str, ...] | None
    first: bool
    body: Block | None
    calls: tuple[ModeratorCall, ...] = ()
    expr: Expr | None = None
    label: str | None = None


@_node
class FuncDecl(Decl):
    """``func last_dead() = last(dead)``. After linking, a func that ``extend func``
    declarations add to has ``terms``: ``(name, expr)`` for its own expression (named
    after the func) and each extension's (its ``as`` name, else the func's), in import
    order; ``expr`` is then their sum."""
    name: str
    params: tuple[str, ...]
    expr: Expr
    replace: bool
    terms: tuple[tuple[str, Expr], ...] = ()


@_node
class TriggerDecl(Decl):
    """``trigger hunter_shot on announce(p) order 10 when p.role == hunter { ... }``;
    ``replacement`` instead of ``trigger`` replaces the event."""
    kind: str
    name: str
    event: str
    var: str
    order: float
    when: Expr | None
    body: Block
    replace: bool
    calls: tuple[ModeratorCall, ...] = ()
    event_span: Any = field(default=None, compare=False, repr=False)
    """Where the event's name is written (an unknown event is marked there)."""


@_node
class WinDecl(Decl):
    """``win side_kill for werewolves priority 1 title "side kill" "屠边" when ...``
    (``title``: what the rule says, in English then Chinese)."""
    name: str
    factions: tuple[str, ...]
    priority: float
    title: str | None
    when: Expr
    replace: bool
    title_zh: str | None = None
    faction_spans: tuple = field(default=(), compare=False, repr=False)
    """Where each name of ``factions`` is written (an unknown faction is marked there)."""


@_node
class RemoveDecl(Decl):
    """``remove step guard``; ``remove deck`` (``name`` empty) drops the imported decks."""
    what: str
    name: str


@_node
class Module(Node):
    """A whole ``.wolf`` file."""
    path: str
    decls: tuple[Decl, ...]


