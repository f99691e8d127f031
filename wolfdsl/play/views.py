"""What each seat may see: the board, its own card, and the events the rules make known.

The event log is the moderator's record: it holds every card and every night action.
An agent that keeps beliefs (``sees = True``) is shown only what a player at the table
knows, through :class:`Board` (public at the start), ``agent.dealt(seat, card)`` (one
seat's own card) and ``agent.observe(seat, event)``:

- ``seat=None``: a public event: votes, the badge, phases, event cards, claims, the end
  of the game, every event type the ruleset declares narration for (an ``event``
  declaration is an announcement) unless a declaration of the type says ``secret`` (the
  moderator's record, such as the prelude's ``spared``: whom the wolves attacked and who
  guarded or saved him), a death without the card (and with the cause only when the table
  saw what caused it: by day, or a death dated to the night that comes right after a
  decision made in the open naming that seat, such as the shot of a hunter killed in the
  night), a revival without the card, the start without the deal; and, to an agent that
  watches them (the agent of the seats with players of their own), the public events
  agents log (:data:`SHARED`: the speeches' ``impressions``);
- ``seat=N``: what seat N alone learns: ``inform`` (sent by ``tell``), its own night
  actions (a team's action goes to each living member), a change of its own card. An
  action by day is made in the open and is public, without its ``by`` (running for
  sheriff, a shot by day) — unless the narration leaves it untold: a speech act (told by
  its claim) or a decision whose ``event`` text is empty (a wolf who keeps quiet).

Nothing else reaches such an agent; the no-leak test in ``tests/agents`` checks it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import field
from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import Any

ENGINE_PUBLIC = frozenset({"vote", "sheriff", "phase", "card", "claim", "speeches", "game_over"})
"""Engine and contract event types every player sees whole (the end of the game is
announced to the table)."""

_HEAD = ("seq", "game", "day", "phase", "type")
ROUTED = frozenset({"death", "action", "role_change", "faction_change", "revive", "game_start"})
"""Event types besides the public ones that :meth:`View.see` shows in some form."""

SHARED = frozenset({"impressions"})
"""Event types an agent logs that every player may see, shown to the agents that watch
them (a person or a program at a seat): the table agent's reading of the day's speeches,
one public signal, the same for every observer (docs/agents.md). Not a happening at the
table: it does not end the open decision a death may follow (:attr:`View.named`).
"""

PRIVATE = frozenset({"inform"})
"""Event types shown only to the seat they are for, by the rule that makes them (a
``tell``: :meth:`wolfdsl.play.table.Table.tell`), whatever texts the ruleset gives them."""


@dataclass(frozen=True)
class RoleCard:
    """A role as the whole table knows it from the rules: faction, team, class and the
    values of its properties at the deal (``appears``...)."""
    id: str
    faction: str | None
    team: str | None
    klass: str | None
    props: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Board:
    """What every player knows before the first night.

    - ``n``: seats; ``deck``: role id -> number of cards in the deal (face-down extra
      cards included); ``roles``: the :class:`RoleCard` of each role in the deck;
    - ``factions``: faction id -> number of cards of that faction in the deck;
    - ``told``: what ``tell`` records reveal (:func:`wolfdsl.lang.knowledge.told_facts`);
    - ``ballots``: how a ballot of each vote kind reads (``{kind: "accuses" | "backs"}``,
      the votes' ``ballot`` clauses);
    - ``ruleset``: its name.
    """
    ruleset: str
    n: int
    deck: dict[str, int]
    roles: dict[str, RoleCard]
    factions: dict[str, int]
    told: dict
    ballots: dict[str, str] = field(default_factory=dict)


def ranked_factions(counts: dict) -> list:
    """Factions by their number of cards, the largest first (equal counts by name): the
    first is the side the table hunts from (the table agent's suspicion, its speech
    readings and the public view before a vote measure against it)."""
    return sorted(counts, key=lambda f: (-counts[f], str(f)))


def board_of(g) -> Board:
    """The :class:`Board` of the game ``g`` (after the deal)."""
    rs = g.rs
    deck = Counter(g.deck_cards)
    roles: dict[str, RoleCard] = {}
    for rid in deck:
        r = rs.roles[rid]
        props: dict[str, Any] = {}
        for name, fn in {**rs.properties, **r.props}.items():
            try:
                v = fn(g, {})
            except Exception:  # a property that needs a seat: not a fixed fact of the card
                continue
            if v is None or isinstance(v, (str, bool, int, float)):
                props[name] = v
        roles[rid] = RoleCard(rid, r.faction, r.team, r.klass, props)
    factions: Counter = Counter()
    for rid, k in deck.items():
        factions[roles[rid].faction] += k
    return Board(rs.name, g.n, dict(deck), roles, dict(factions), rs.told, dict(rs.ballots))


class View:
    """Routes each event of the game ``g`` to the seats that may see it (see the module)."""

    def __init__(self, g):
        self.g = g
        self.agent = g.agent
        self._says = None
        # a narration text (`event`) does not make a routed or private type public: an
        # action is shown to its actor (or team) only, a `tell` to its seat, whatever the
        # ruleset says to narrate; nor a
        # `secret` one: the moderator's record (whom the wolves attacked, who saved him)
        self.public = ENGINE_PUBLIC | (frozenset(g.rs.events) - ROUTED - PRIVATE - g.rs.secret_events)
        watches = getattr(self.agent, "watches", None)
        self.shown = self.public | ROUTED
        """The event types some seat sees something of."""
        self.routed = (self.shown | SHARED) if watches is None else (self.shown | SHARED) & watches
        """The event types :meth:`see` shows the agent something of (the others need
        not be passed to it)."""
        self.public = self.public | SHARED
        self.actions = watches is None or "action" in watches
        """Whether the agent reads decisions; an agent that reads deaths only is still
        routed them, as they say which deaths the table saw caused (:attr:`named`)."""
        if "death" in self.routed:
            self.routed = self.routed | {"action"}
        self.named: frozenset = frozenset()
        """The seats named by the decision the table saw last, until another public
        event: a death among them was caused in the open (see the module)."""

    def told(self, ev: dict) -> bool:
        """Whether the table is told the decision ``ev`` (a day's ``action``)."""
        if self._says is None:
            # the ruleset's event texts decide; a teller that only answers this keeps no
            # state, so one serves every game of the ruleset (building it is most of a
            # table game's cost of following the open decisions)
            cache = self.g.rs.engine_cache
            says = cache.get("says")
            if says is None:
                from ..present.narrate import teller
                says = cache["says"] = teller(self.g.rs).says
            self._says = says
        return self._says(ev)

    def open_decision(self, ev: dict) -> None:
        """A decision made in the open (running for sheriff, a shot by day), as the
        narration tells it: not a speech act (told by its claim), nor a decision the
        ruleset leaves untold (a wolf who does not self-destruct). Shown to an agent that
        reads decisions, without ``by`` (the actor's role); for any agent, the seats it
        names are :attr:`named`."""
        if not self.actions:  # only the seats it names matter: the death that may follow
            if ev.get("targets") and self.told(ev):
                self.named = frozenset(ev["targets"])
        elif self.told(ev):
            self.agent.observe(None, {k: v for k, v in ev.items() if k != "by"} if ev["seat"] is not None else ev)
            self.named = frozenset(ev.get("targets") or ())

    def start(self) -> None:
        """Show the board and each seat its card."""
        g = self.g
        self.agent.setup(board_of(g))
        for p in g.players[1:]:
            self.agent.dealt(p.seat, {"role": p.role, "faction": p.faction, "team": p.team})

    def see(self, ev: dict) -> None:
        """Show ``ev`` (just emitted) to whoever may see it."""
        t = ev["type"]
        agent = self.agent
        named = self.named
        if named and t != "death" and t not in SHARED:
            self.named = frozenset()
        if t in self.public:
            agent.observe(None, ev)
        elif t == "death":
            out = {k: ev[k] for k in _HEAD}
            out["seat"] = ev["seat"]
            if ev["phase"] == "day" or ev["seat"] in named:
                # by day the table sees the death happen; a night's death only when the
                # decision the table just saw named the seat (a night-killed hunter's shot,
                # made when his death is announced): never a cause nobody saw
                out["cause"] = ev["cause"]
            agent.observe(None, out)
        elif t == "action":
            actor = ev["seat"]
            if ev["phase"] != "night":
                self.open_decision(ev)
            elif not self.actions:
                return
            elif actor is not None:
                agent.observe(actor, ev)
            else:
                for p in self.g.players[1:]:
                    if p.alive and p.team == ev["by"]:
                        agent.observe(p.seat, ev)
        elif t in ("role_change", "faction_change"):
            p = self.g.players[ev["seat"]]
            agent.dealt(p.seat, {"role": p.role, "faction": p.faction, "team": p.team})
        elif t == "revive":
            agent.observe(None, {**{k: ev[k] for k in _HEAD}, "seat": ev["seat"]})
        elif t == "game_start":
            agent.observe(None, {k: v for k, v in ev.items() if k != "seats" and k != "extra_cards"})
