"""The compiled ruleset: what the engine runs.

Names are resolved, imports merged, options fixed, and every expression and statement
is a Python closure ``fn(game, env)`` built once by :mod:`wolfdsl.lang.codegen`;
``game`` is a :class:`Runtime`. The engine
imports only this module's types; it never sees the AST or lark.
"""
from __future__ import annotations

from dataclasses import field
from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import Any, Callable, Protocol

from ..diagnostics import Span, WolfError

Fn = Callable[[Any, dict], Any]
"""A compiled expression or statement: ``fn(game, env) -> value``."""


class Reason(str):
    """A rule's reason a person may read (``unless … because "EN" "中文"``): the English
    text, as a ``str`` (what errors and logs say), with its Chinese one as ``zh``.

    >>> r = Reason("ROLE-SEER-01: the seer checks another player", "ROLE-SEER-01：预言家只能查验其他玩家")
    >>> r == "ROLE-SEER-01: the seer checks another player", r.zh
    (True, 'ROLE-SEER-01：预言家只能查验其他玩家')
    """

    zh: str

    def __new__(cls, en: str, zh: str) -> Reason:
        self = super().__new__(cls, en)
        self.zh = zh
        return self

    def __reduce__(self):
        return (Reason, (str(self), self.zh))


def reason(en: str | None, zh: str | None) -> str | None:
    """``en`` with its Chinese text attached (:class:`Reason`) when there is one."""
    return Reason(en, zh) if en is not None and zh else en


def in_language(text: Any, lang: str) -> Any:
    """A reason in ``lang`` (``zh``: its Chinese text where it has one, else itself)."""
    return (getattr(text, "zh", None) or text) if lang == "zh" else text


class EndPhase(Exception):
    """Raised by ``end phase``: the rest of the phase's steps are skipped."""


class RuleRuntimeError(WolfError):
    """A ruleset that does something impossible while a game runs (arithmetic on
    ``none``, a field of something that is not a seat, a trigger loop): exit 2, with the
    statement's place in the ruleset."""


@dataclass(frozen=True, slots=True)
class Symbol:
    """A declared name: a faction, class, status, cause or team."""
    kind: str
    id: str
    name: str
    name_zh: str
    temporary: bool = False
    span: Span | None = None
    last_words: Fn | None = None
    """A cause's own last-words setting (``cause duel ... last_words no``), or ``None``."""
    labelled: bool = False
    """Whether the declaration gives a display name (``cause poison "poisoned"``);
    without one, ``name`` is the id, capitalised, with spaces for ``_``."""


@dataclass(frozen=True, slots=True)
class Option:
    """``option NAME: values = default``; ``value`` is the one in force; ``doc`` and
    ``doc_zh`` what it decides (its rule ID first), in English and Chinese;
    ``value_docs``: ``(value, English, Chinese or None)`` for the values that say what
    they do (:meth:`value_doc`)."""
    name: str
    values: tuple
    default: Any
    value: Any
    doc: str | None
    span: Span | None = None
    doc_zh: str | None = None
    value_docs: tuple = ()

    def value_doc(self, value, lang: str = "en") -> str | None:
        """What ``value`` does, in ``lang`` (the English text when there is no Chinese);
        ``None`` when the declaration does not say."""
        for v, en, zh in self.value_docs:
            if v == value:
                return (zh if lang == "zh" and zh else en) or None
        return None


@dataclass(frozen=True, slots=True)
class Attribute:
    """A seat attribute (gender, age...) with its allowed values (empty: any)."""
    name: str
    values: tuple
    default: Any
    span: Span | None = None
    range: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """An event card: ``tags`` are the fields its ``card`` event carries (New Moon's
    ``("moon", "full")``); ``needs`` the seat attributes its effect reads."""
    id: str
    name: str
    name_zh: str
    tags: tuple[tuple[str, Any], ...]
    needs: tuple[str, ...]
    body: Fn
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class EventText:
    """How narration tells one event type (``event TYPE[(FIELD = VALUE, …)] "en" "zh"``):
    applies when ``case`` is ``None`` or each of its fields has its value in the event."""
    type: str
    case: tuple[tuple[str, Any], ...] | None
    en: str
    zh: str | None
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Decider:
    """A decider that is not a seat (``decider moderator "Moderator" default none``):
    ``default`` is what a bot answers (``"none"``: pass where the rules allow)."""
    id: str
    name: str
    name_zh: str
    default: str | None
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Engine:
    """The kernel settings a ruleset gives with ``engine NAME = …``.

    ``day_bound``: evaluated when a game starts; a game still going after that day is a
    draw (default 40). ``last_words``: the name of a one-argument func telling whether a
    dead player leaves last words (none: nobody does). ``dead_reason``: the rule text
    shown when a dead player is asked to act (default "the dead take no further part");
    ``dead_reason_zh``: the same in Chinese (default "出局的玩家不再参与").
    """
    day_bound: Fn | None = None
    last_words: str | None = None
    dead_reason: str = "the dead take no further part"
    dead_reason_zh: str = "出局的玩家不再参与"
    spans: dict = field(default_factory=dict)


ENGINE_SETTINGS = {"day_bound": "a number: after this day a game is a draw",
                   "last_words": "a func of one seat: whether that dead player leaves last words",
                   "dead_reason": "a string: the rule a dead player's refused action names",
                   "dead_reason_zh": "a string: dead_reason in Chinese (wolfdsl play --lang zh)"}
"""The settings ``engine NAME = …`` may give, with what each takes."""


@dataclass(frozen=True, slots=True)
class Role:
    """A role card: faction, class, team, starting counters, statuses and properties."""
    id: str
    name: str
    name_zh: str
    faction: str | None
    klass: str | None
    team: str | None
    counters: tuple[tuple[str, Fn], ...]
    statuses: tuple[str, ...]
    props: dict[str, Fn]
    span: Span | None = None
    faction_fn: Fn | None = None
    klass_fn: Fn | None = None
    team_fn: Fn | None = None


@dataclass(frozen=True, slots=True)
class Deck:
    """Cards dealt for ``low..high`` players; ``extra`` of them stay face down."""
    low: int
    high: int
    cards: tuple[str, ...]
    extra: int
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a phase, in wake order."""
    name: str
    phase: str
    when: Fn | None
    always: bool
    body: Fn
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Proc:
    name: str
    params: tuple[str, ...]
    body: Fn
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Func:
    name: str
    params: tuple[str, ...]
    body: Fn
    span: Span | None = None
    terms: tuple[tuple[str, Fn], ...] = ()
    """A func that ``extend func`` adds to: ``(name, fn)`` for its own expression and
    each extension's (``fn(g, frame)``, the frame binding its parameters), whose sum is
    ``body``; a vote's ``bonus`` shows them one by one. Empty: not extended."""
    term_spans: tuple[Span | None, ...] = ()
    """Where each of :attr:`terms` is written (a term's wrong value is reported there)."""


@dataclass(frozen=True, slots=True)
class Trigger:
    """``trigger`` (runs after the event) or ``replacement`` (runs instead of it)."""
    kind: str
    name: str
    event: str
    var: str
    order: float
    when: Fn | None
    body: Fn
    span: Span | None = None
    causes: frozenset | None = None
    """The causes for which ``when`` can hold (:func:`wolfdsl.lang.gates.gate`); ``None``: any."""
    roles: frozenset | None = None
    """The roles the player must have for ``when`` to hold; ``None``: any."""
    holder: str | None = None
    """The global whose value the player must be for ``when`` to hold; ``None``: no such test."""
    needs: tuple = ()
    """The player's other tests (:func:`wolfdsl.lang.gates.gate`): ``(attribute, values)``."""


@dataclass(frozen=True, slots=True)
class Win:
    """A win rule: when ``when`` holds, ``factions`` win. Higher ``priority`` first.
    ``title_zh``: its Chinese title (``""``: none declared)."""
    name: str
    factions: tuple[str, ...]
    priority: float
    title: str
    when: Fn
    span: Span | None = None
    title_zh: str = ""


@dataclass(slots=True)
class Ruleset:
    """A compiled ruleset. Built by :func:`wolfdsl.lang.compile.compile_ruleset`."""
    name: str
    title: str
    summary: str
    path: str
    players: tuple[int, int]
    symbols: dict[str, dict[str, Symbol]]
    roles: dict[str, Role]
    options: dict[str, Option]
    attributes: dict[str, Attribute]
    globals: dict[str, Fn]
    properties: dict[str, Fn]
    decks: tuple[Deck, ...]
    steps: dict[str, tuple[Step, ...]]
    procs: dict[str, Proc]
    funcs: dict[str, Func]
    triggers: dict[str, tuple[Trigger, ...]]
    replacements: dict[str, tuple[Trigger, ...]]
    wins: tuple[Win, ...]
    actions: dict[str, Span | None] = field(default_factory=dict)
    speech: frozenset = frozenset()
    """The speech acts (``decide … speech``): actions the narration tells by what is said
    (a ``claim`` event), not as decisions."""
    ballots: dict[str, str] = field(default_factory=dict)
    """How a ballot of each vote kind reads to the table (``ballot accuses`` / ``backs``):
    ``{kind: "accuses" | "backs"}``."""
    redeals: tuple[tuple[Fn, str], ...] = ()
    cards: dict[str, Card] = field(default_factory=dict)
    first_phase: str = "night"
    deciders: dict[str, Decider] = field(default_factory=dict)
    engine: Engine = field(default_factory=Engine)
    events: dict[str, tuple[EventText, ...]] = field(default_factory=dict)
    """Narration of the event types the ruleset logs, by type: a later file's texts
    first, so a ruleset overrides what it imports."""
    secret_events: frozenset = frozenset()
    """The event types some ``event`` declaration marks ``secret``: the moderator's
    record, narrated but shown to no seat (:class:`wolfdsl.play.views.View`)."""
    title_zh: str = ""
    """The Chinese title (``title "…" "中文"``; ``""``: none declared)."""
    summary_zh: str = ""
    """The Chinese summary (``summary "…" "中文"``; ``""``: none declared)."""
    words: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    """``word`` declarations: a field's or a value's name -> its English and Chinese
    words (``zh`` ``None``: none declared)."""
    default_players: int = 0
    """The player count of a game without ``--players`` (``players LOW..HIGH default N``;
    else ``LOW``)."""
    told: dict[frozenset, dict[str, tuple]] = field(default_factory=dict)
    """What ``tell`` records reveal, by their field names
    (:func:`wolfdsl.lang.knowledge.told_facts`): the bots' beliefs read it."""
    win_reads: frozenset | None = None
    """What the win rules read (:func:`wolfdsl.lang.winreads.win_reads`): ``"alive"``,
    ``"fields"``, ``"status"``, ``"counter:NAME"``, ``"global:NAME"``; ``None`` when that
    cannot be known (the win rules are then checked every time)."""
    logged: dict = field(default_factory=dict)
    """``{event type: field names}`` for the events the ruleset's ``log`` statements write
    (a scenario's ``expect: events:`` checks a type and its fields against them and the
    engine's, :data:`wolfdsl.play.eventlog.ENGINE_FIELDS`)."""
    told_fields: frozenset = frozenset()
    """The field names the ruleset's ``tell`` statements and decisions' ``tell`` clauses
    write: what an ``inform`` event's ``what`` may hold (and ``expect: told:`` name)."""
    told_numbers: dict = field(default_factory=dict)
    """``{frozenset(a told record's field names): the fields that hold a number}``
    (:func:`wolfdsl.lang.knowledge.number_fields`): the narration shows them as numbers;
    any other whole number a seat is told is a seat."""
    values_read: frozenset | None = None
    """The builtin values (``alive``, ``given_last_words``…) the ruleset's compiled code
    reads; ``None`` when that is not known (any may be read)."""
    source_sha256: str | None = None
    """For a ruleset of one's own (a ``.wolf`` file, not a bundled name): the SHA-256 of
    its file and of the files beside it that it imports (:func:`wolfdsl.lang.load.own_sha256`),
    which the log's ``game_start`` records so that ``narrate`` and ``explain`` find the
    file that was played, not a bundled ruleset of the same name; ``None`` for a bundled one."""
    text_sha256: str | None = None
    """For a ruleset of one's own: the SHA-256 of its whole rule text, the bundled files it
    imports included (:func:`wolfdsl.lang.load.text_sha256`), which ``game_start`` records
    as ``ruleset_text_sha256``; ``None`` for a bundled one."""
    engine_cache: dict = field(default_factory=dict, compare=False, repr=False)
    """What the engine works out once per ruleset as it plays, by the name of the module
    that keeps it (``"deaths"``: :class:`wolfdsl.play.deaths.DeathRules`); never part of
    the rules."""
    phase_runs: dict[str, Callable[[Any], bool]] = field(default_factory=dict)
    """A generated function per phase running its ``steps`` as the engine's generic loop
    does, unwatched: ``fn(game) -> cut`` (``True`` when ``end phase`` cut it short).
    Empty for a backend that generates none (the closures): the loop runs them then."""
    win_check: Callable[[Any], tuple] | None = None
    """The generated ``wins`` in one function: ``fn(game) -> (factions, rule name)`` as
    :meth:`wolfdsl.play.game.Game.winners` computes it (``([], None)``: none holds);
    ``None`` for a backend that generates none."""

    @property
    def factions(self) -> dict[str, Symbol]:
        return self.symbols["faction"]

    @property
    def statuses(self) -> dict[str, Symbol]:
        return self.symbols["status"]

    def option(self, name: str, default: Any = None) -> Any:
        """The value in force of option ``name``, or ``default`` if not declared."""
        opt = self.options.get(name)
        return opt.value if opt is not None else default

    def deck_for(self, players: int) -> Deck | None:
        """The deck declared for this many players, or ``None``."""
        for deck in self.decks:
            if deck.low <= players <= deck.high:
                return deck
        return None


@dataclass(frozen=True, slots=True)
class DecideOp:
    """A compiled ``decide`` statement (see :class:`wolfdsl.lang.syntax.Decide`).

    ``by_kind`` is ``role`` (the role's living holder), ``team`` (one request to the
    team's living members), ``decider`` (a declared non-seat decider, ``by_name``) or
    ``seat`` (``by_fn`` gives the seat, alive or not).
    ``requires`` and ``unless`` pair a condition with the rule text a person reads when
    it stops a decision or an option. ``var`` and ``me`` are the frame slots the choice
    and the decider are stored in (see :mod:`wolfdsl.lang.resolve`).
    """
    action: str
    short: str
    by_kind: str
    by_name: str | None
    by_fn: Fn | None
    may_pass: bool
    pass_when: Fn | None
    var: str
    count: Fn | None
    options: Fn
    requires: tuple[tuple[Fn, str], ...]
    unless: tuple[tuple[Fn, str], ...]
    tell: tuple[tuple[str, Fn], ...]
    body: Fn
    span: Span | None = None
    prefer: Fn | None = None
    score: Fn | None = None
    pass_reason: str | None = None
    me: str = "me"
    pass_must: tuple[tuple[Fn, str], ...] = ()
    """The ``must`` clauses (already among ``unless``, as the condition that refuses): a
    pass is checked against them with the variable ``none``; one that refuses it makes
    the choice required, and names its rule."""
    unless_filter: Callable[[Any, dict, list], list] | None = None
    """``fn(g, env, values)``: the values no ``unless`` clause forbids, as
    :func:`wolfdsl.play.referee.allowed` gives them, in one generated function
    (:mod:`wolfdsl.lang.pygen`); ``None``: the referee filters with ``unless``."""
    recheck: bool = True
    """Whether an answer among the legal options must pass the ``unless`` clauses again
    to be legal (they may draw at random or call a func); ``False``: being among the
    options is enough (:meth:`wolfdsl.play.referee.Referee.validate`)."""
    score_all: Callable[[Any, dict, tuple], dict] | None = None
    """``fn(g, env, options) -> {option: float}``: the ``score`` hint of every option in
    one generated function, as :func:`wolfdsl.play.referee.scores` gives it with
    ``score`` (``env[var]`` left on the last option); ``None``: the referee calls
    ``score`` per option."""
    ask: tuple[str, str | None] | None = None
    """The ``ask`` clause: the question a person at the seat reads, ``(english, chinese)``
    (``chinese`` ``None``: not given); ``None``: none written."""


ANSWER_KINDS = {bool: ("yes_no",), int: ("seat", "ballot"), str: ("symbol",)}
"""The request kinds an answer of each Python type may answer (a ``seats`` answer is a
tuple, checked in full)."""


@dataclass(frozen=True, slots=True)
class VoteOp:
    """A compiled ``vote`` statement (see :class:`wolfdsl.lang.syntax.Vote`)."""
    action: str
    short: str
    kind: str
    voter_var: str
    voters: Fn
    voter_unless: tuple[tuple[Fn, str], ...]
    cand_var: str
    candidates: Fn
    cand_unless: tuple[tuple[Fn, str], ...]
    weight: Fn | None
    top_var: str
    ballots_var: str | None
    body: Fn
    span: Span | None = None
    prefer: Fn | None = None
    score: Fn | None = None
    cand_fixed: tuple[tuple[Fn, str], ...] | None = None
    """The ``cand_unless`` clauses that do not read the voter (the same for every ballot
    of one vote: checked once per vote), in order; ``None``: not split."""
    cand_by_voter: tuple[tuple[Fn, str], ...] = ()
    """The other ``cand_unless`` clauses, checked per voter on what ``cand_fixed`` left."""
    abstain_must: tuple[tuple[Fn, str], ...] = ()
    """The candidates' ``must`` clauses (already among ``cand_unless``): an abstention is
    checked against them with the candidate ``none``, per voter; one that refuses it
    makes the ballot required (``must c == v.partner``: a forced vote)."""
    bonus: tuple[str | None, tuple[Fn, ...], Span | None] | None = None
    """``bonus EXPR``: votes added to each candidate's total after the ballots, as
    ``(func, arguments, span)`` when EXPR calls a func (its :attr:`Func.terms` shown one
    by one), else ``(None, (fn,), span)``; ``None``: no bonus (or one that is always 0)."""
    recheck: bool = True
    """As :attr:`DecideOp.recheck`, for a ballot and ``cand_unless``."""
    cand_filter: Callable[[Any, dict, list], list] | None = None
    fixed_filter: Callable[[Any, dict, list], list] | None = None
    by_voter_filter: Callable[[Any, dict, list], list] | None = None
    """Generated filters for ``cand_unless``, ``cand_fixed`` and ``cand_by_voter`` (see
    :attr:`DecideOp.unless_filter`); ``None``: the referee filters with the clauses."""
    score_all: Callable[[Any, dict, tuple], dict] | None = None
    """As :attr:`DecideOp.score_all`, for a candidate (``cand_var``)."""
    ask: tuple[str, str | None] | None = None
    """As :attr:`DecideOp.ask`, for a voter."""


class Runtime(Protocol):
    """What compiled closures may use of the running game (``g`` in ``fn(g, env)``).

    The engine's ``Game`` implements it; nothing else of the engine is reachable from a
    ruleset. Seats are ints from 1; ``none`` is ``None``.
    """
    rs: Ruleset                 # the compiled ruleset
    players: list               # seat records, index 0 unused (``.role``, ``.alive``, ``.statuses``...)
    n: int                      # number of seats
    rng: Any                    # the game's seeded ``random.Random``
    day: int                    # current day/night number
    phase: str                  # "night" or "day" ("setup" while dealing)
    globals: dict[str, Any]     # ``global`` values
    decided: dict[str, Any]     # this phase's answers by action (``decided(witch.save)``)
    dead_order: list[int]       # the dead, in order of death
    pending: list[int]          # the dead not yet announced
    given_last_words: list[int] # seats that had last words
    extra_cards: list[str]      # face-down role cards
    deck_cards: list[str]       # every role card of the deal
    claims: dict[int, Any]      # seat -> the role it last claimed (``claim ... as R``)
    holders: tuple[dict, dict] | None  # (role -> players, team -> players), seat order; None: stale

    def alive_list(self) -> list[int]: ...                          # living seats, ascending
    def index_holders(self) -> tuple[dict, dict]: ...               # ``holders`` built again
    def seat_value(self, seat, name: str) -> Any: ...               # counter, property or attribute
    def set_counter(self, seat, name: str, value) -> None: ...      # set a counter or property
    def set_seat_field(self, seat, field: str, value) -> None: ...  # role, faction, class, team
    def add_status(self, seat, status: str) -> None: ...
    def remove_status(self, seat, status: str) -> None: ...
    def call_func(self, name: str, args: list) -> Any: ...
    def call_proc(self, name: str, args: list) -> None: ...
    def tell(self, seat, fields: dict) -> None: ...                 # an ``inform`` event to one seat
    def log(self, type_: str, fields: dict) -> None: ...            # a ``log TYPE {...}`` event
    def claim(self, seat, role, told: dict) -> None: ...            # a public ``claim`` event
    def beliefs_now(self) -> Any: ...                               # the deciding seat's beliefs, or None
    def kill(self, seat, cause: str, as_seat, span) -> None: ...
    def run_decide(self, op: DecideOp, env: dict) -> None: ...
    def run_vote(self, op: VoteOp, env: dict) -> None: ...
    def schedule(self, phase: str, body: Fn, env: dict) -> None: ... # ``later at``
    def play_card(self, card) -> None: ...
    def draw_card(self) -> str | None: ...
    def revive(self, seat, role) -> None: ...
    def announce(self) -> None: ...
    def check_win(self) -> None: ...
