"""``--agents`` specs: one agent for every seat, with parameters, or one per faction.

- ``table``, ``random``, ``heuristic``: one agent for all seats;
- ``table:skill=0.5``: parameters after a colon, ``key=value`` separated by ``;``;
- ``village=table,werewolves=heuristic``: one agent per faction (a faction not listed
  plays ``table``); a team's decision goes to the agent of its members' faction.
"""
from __future__ import annotations

from typing import Any, Callable

from ..diagnostics import WolfError, did_you_mean
from ..play.agents import AGENTS, DEFAULT_AGENTS as DEFAULT, BaseAgent
from ..play.seeding import derive
from ..seats.spec import per_faction, split


def _maker(spec: str) -> tuple[Callable[[int], Any], tuple[str, Any]]:
    """``(make(seed), (name, factory))``: the agent one ``NAME[:KEY=VALUE;...]`` spec
    names, its spec parsed once, and the entry of :data:`AGENTS` it uses. Raises
    :class:`WolfError` on an unknown agent or a malformed parameter."""
    name, colon, params = spec.partition(":")
    name = name.strip()
    try:
        factory = AGENTS[name]
    except KeyError:
        head, semi, _ = name.partition(";")
        if semi and head.strip() in AGENTS:  # village=table;read=0.3
            raise WolfError(f"agent '{spec.strip()}': an agent's parameters follow its name after a colon: "
                            f"{spec.strip().replace(';', ':', 1)}") from None
        raise WolfError(f"unknown agent '{name}'{did_you_mean(name, AGENTS)}; "
                        f"available: {', '.join(sorted(AGENTS))}") from None
    kwargs: dict = {}
    if colon and not params.replace(";", "").strip():
        raise WolfError(f"agent '{spec.strip()}': nothing after the colon; write {name} alone, or "
                        f"parameters such as {name}:skill=0.5")
    for part in filter(None, (p.strip() for p in params.split(";"))):
        key, eq, value = part.partition("=")
        if not eq:
            raise WolfError(f"agent parameter '{part}': write KEY=VALUE (for example {name}:skill=0.5)")
        if key.strip() in kwargs:
            raise WolfError(f"agent '{spec.strip()}': parameter '{key.strip()}' is given twice; "
                            "give each parameter once")
        try:
            kwargs[key.strip()] = float(value)
        except ValueError:
            raise WolfError(f"agent parameter '{part}': the value must be a number"
                            + _separator_hint(name, params, key.strip(), value.strip())) from None

    def make(seed: int):
        try:
            return factory(seed, **kwargs)
        except ValueError as e:
            raise WolfError(f"agent '{name}': {e}") from None
        except TypeError:
            raise WolfError(f"agent '{name}' takes no parameter {', '.join(map(repr, kwargs))}"
                            + ("; the table agent takes skill=0..1, read=0..5 and vote=0..1" if kwargs else "")) from None
    return (factory if not kwargs else make), (name, factory)


def _separator_hint(name: str, params: str, key: str, value: str) -> str:
    """What a value that is no number may have meant: two parameters joined with ``,``
    (``read=0.6,vote=0.2``: they are separated by ``;``) or a decimal comma (``0,6``)."""
    if "," in value and "=" in value:
        fixed = ";".join(p.strip() for p in params.replace(",", ";").split(";") if p.strip())
        return (f"; parameters are separated by ';', not ',': --agents '{name}:{fixed}' "
                "(quoted, for the shell)")
    if "," in value and value.replace(",", "", 1).isdigit():
        return f"; write a decimal point: {key}={value.replace(',', '.', 1)}"
    return ""


_MAKERS: dict[str, tuple] = {}
"""``--agents`` spec -> ``(make(seed), ((name, factory), ...))`` for the specs without
seats of their own: a Monte Carlo run parses its spec once, not once a game (kept while
:data:`AGENTS` still has those factories)."""


def build(spec: str, seed: int, ruleset=None):
    """The agent for an ``--agents`` spec, seeded. Raises :class:`WolfError` on an unknown
    agent or a malformed spec. A spec with ``seat N=SPEC`` parts
    (:mod:`wolfdsl.seats.spec`) gives seats players of their own; ``ruleset`` (optional)
    gives a human seat the display names."""
    hit = _MAKERS.get(spec)
    if hit is not None:
        for name, factory in hit[1]:
            if AGENTS.get(name) is not factory:
                break
        else:
            return hit[0](seed)
    key = spec
    spec = (spec or "").strip()
    plan = split(spec)
    if plan is not None:
        from ..seats.build import build_seats
        return build_seats(plan, spec, seed, ruleset, build)
    if not spec:
        raise WolfError(f"--agents needs a name; available: {', '.join(sorted(AGENTS))}")
    if per_faction(spec):
        parts = {}
        for item in spec.split(","):
            faction, eq, agent = item.partition("=")
            head, semi, _ = faction.partition(";")
            if semi and head.strip() in AGENTS:  # table;read=0.3: parameters without their colon
                fixed = item.strip().replace(";", ":", 1)
                raise WolfError(f"--agents '{spec}': an agent's parameters follow its name after a colon: "
                                f"--agents '{spec.replace(item.strip(), fixed, 1)}' (quoted, for the shell)")
            if not eq or not faction.strip() or not agent.strip():
                raise WolfError(f"--agents '{spec}': write FACTION=AGENT,FACTION=AGENT, a pair for each "
                                f"faction you set (the others play '{DEFAULT}'; factions: 'wolfdsl show RULESET')")
            if faction.strip() in parts:
                raise WolfError(f"--agents '{spec}': faction '{faction.strip()}' is given twice; "
                                "name each faction once")
            parts[faction.strip()] = agent.strip()
        made = {f: _maker(a) for f, a in parts.items()}
        makers = {f: m for f, (m, _) in made.items()}
        default, used = _maker(DEFAULT)
        uses = (*(u for _, u in made.values()), used)

        def make(seed: int):
            return PerFaction({f: m(derive(seed, f)) for f, m in makers.items()}, default(seed), spec)
    else:
        make, used = _maker(spec)
        uses = (used,)
    agent = make(seed)
    if isinstance(key, str) and len(_MAKERS) < MAX_SPECS:
        _MAKERS[key] = (make, uses)  # only a spec that built an agent
    return agent


MAX_SPECS = 64
"""Specs whose parse :func:`build` keeps."""


class PerFaction(BaseAgent):
    """Routes each decision to the agent of the deciding seat's faction."""

    uses_preferences = True
    uses_scores = True
    sees = True

    def __init__(self, by_faction: dict, default, spec: str):
        self.by_faction = by_faction
        self.default = default
        self.name = spec
        self.agents = [*by_faction.values(), default]
        self.asks_why = any(getattr(a, "asks_why", True) for a in self.agents)
        self.faction: dict[int, str] = {}
        self.team: dict[int, str] = {}
        self.alive: set[int] = set()
        self.beliefs_of = next((a for a in self.agents if hasattr(a, "beliefs")), None)
        self.default_plays = True  # some faction is not named (check says)

    def bind(self, emit) -> None:
        """Give the game's ``emit`` to the agents that log events of their own, and play
        (the default one only when some faction is not named: see :meth:`check`)."""
        for a in self.agents:
            bind = getattr(a, "bind", None)
            if bind is not None and (a is not self.default or self.default_plays):
                bind(emit)

    def check(self, factions) -> None:
        """Raise :class:`WolfError` for a faction the ruleset does not declare."""
        for f in self.by_faction:
            if f not in factions:
                raise WolfError(f"--agents: no faction '{f}' in this ruleset{did_you_mean(f, factions)}; "
                                f"factions: {', '.join(sorted(factions))}")
        self.default_plays = any(f not in self.by_faction for f in factions)

    def _agent(self, seat, by):
        if seat is None and by is not None:
            seat = next((s for s in sorted(self.alive) if self.team.get(s) == by), None)
        return self.by_faction.get(self.faction.get(seat), self.default)

    def setup(self, board) -> None:
        self.alive = set(range(1, board.n + 1))
        for a in self.agents:
            if getattr(a, "sees", False):
                a.setup(board)

    def dealt(self, seat, card) -> None:
        self.faction[seat], self.team[seat] = card.get("faction"), card.get("team")
        for a in self.agents:
            if getattr(a, "sees", False):
                a.dealt(seat, card)

    def observe(self, seat, event) -> None:
        if seat is None and event["type"] == "death":
            self.alive.discard(event["seat"])
        for a in self.agents:
            if seat is not None or getattr(a, "sees", False):
                a.observe(seat, event)

    def beliefs(self, seat, by):
        agent = self._agent(seat, by)
        get = getattr(agent, "beliefs", None)
        return get(seat, by) if get is not None else None

    def decide(self, request):
        agent = self._agent(request.actor, request.by)
        if not getattr(agent, "uses_preferences", False):
            request.preferred = ()
        if not getattr(agent, "uses_scores", False):
            request.scores = None
        return agent.decide(request)

    def not_offered(self, *args) -> None:
        for a in self.agents:
            a.not_offered(*args)

    def phase_end(self, *args) -> None:
        for a in self.agents:
            a.phase_end(*args)

    def game_end(self, over) -> None:
        for a in self.agents:
            a.game_end(over)
