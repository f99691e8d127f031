"""Builtin values and functions of the ruleset language.

Every builtin is generic: it speaks of seats, lists, roles, teams and times, never of a
particular role. Each function takes the running game first; :data:`REGISTRY` records each
one's arity, what it reads and whether it draws at random. Seats are ints from 1; lists of seats are
Python lists in seat order unless a function says otherwise; ``none`` is ``None``.
"""
from __future__ import annotations

from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import Any, Callable

from .values import WrongValue, kind, show


def _alive(g):
    return g.alive_list()


VALUES = {
    "alive": _alive,                                   # living seats, ascending
    "players": lambda g: list(range(1, g.n + 1)),      # every seat
    "dead": lambda g: list(g.dead_order),              # dead seats, in order of death
    "day": lambda g: g.day,                            # the current day/night number
    "phase": lambda g: g.phase,                        # "night" or "day"
    "yes": lambda g: True,
    "no": lambda g: False,
    "true": lambda g: True,
    "false": lambda g: False,
    "none": lambda g: None,
    "extra_cards": lambda g: list(g.extra_cards),      # the face-down cards (role ids)
    "deck": lambda g: list(g.deck_cards),              # every card of the deal (role ids)
    "given_last_words": lambda g: list(g.given_last_words),  # seats that had last words so far
    "unannounced": lambda g: list(g.pending),          # the dead whose death is not yet announced
    "cards": lambda g: list(g.rs.cards),               # every event card id of the ruleset
}
"""Names that evaluate to a value of the running game."""


def items(xs, fn: str) -> list | tuple | dict:
    """``xs`` when it is a list (``none``: empty), else a
    :class:`~wolfdsl.lang.values.WrongValue` naming the call: "`count(5)`: `5` is a number, not a list"."""
    if xs.__class__ is list or xs is None or isinstance(xs, (list, tuple, dict)):
        return xs or ()
    raise WrongValue(f"`{fn}({show(xs)})`: `{show(xs)}` is {kind(xs)}, not a list")


def seat_of(g, s, fn: str) -> int:
    """``s`` when it is a seat of the game, else a
    :class:`~wolfdsl.lang.values.WrongValue` naming the call: "`neighbours(13)`: `13` is not a seat"."""
    if type(s) is int and 0 < s <= g.n:
        return s
    raise WrongValue(f"`{fn}({show(s)})`: `{show(s)}` is " + ("not a seat" if type(s) is int else f"{kind(s)}, not a seat")
                     + f" (seats are 1 to {g.n})")


def count(g, xs) -> int:
    """Number of items in a list (a rule's ``count(none)`` is an E401: :data:`OVER_LIST`)."""
    return len(items(xs, "count"))


def empty(g, xs) -> bool:
    """True when a list has no item."""
    return not items(xs, "empty")


def any_(g, xs) -> bool:
    """True when a list has an item."""
    return bool(items(xs, "any"))


OVER_LIST = frozenset({count, empty, any_})
"""Builtins that go over their list: a rule giving them ``none`` (a passed decision) is
an E401 naming the argument, as a comprehension or a loop over ``none`` is (the compilers
wrap the argument in :func:`~wolfdsl.lang.values.listed`)."""


def _holders(g) -> tuple[dict, dict]:
    """``g.holders``: players by role and by team (built when a role or team changed)."""
    hs = g.holders
    return hs if hs is not None else g.index_holders()


def holder(g, role) -> int | None:
    """The seat dealt (or turned into) ``role``, alive or dead; ``none`` if nobody."""
    for p in _holders(g)[0].get(role, ()):
        return p.seat
    return None


def living(g, role) -> int | None:
    """The living seat holding ``role``, or ``none``."""
    for p in _holders(g)[0].get(role, ()):
        if p.alive:
            return p.seat
    return None


def members(g, team) -> list[int]:
    """The living members of a team (roles declaring ``team NAME``), in seat order."""
    return [p.seat for p in _holders(g)[1].get(team, ()) if p.alive]


def the(g, xs):
    """The single item of a one-item list, else ``none``."""
    xs = items(xs, "the")
    return xs[0] if len(xs) == 1 else None


def first(g, xs):
    """The first item of a list, or ``none``."""
    xs = items(xs, "first")
    return xs[0] if xs else None


def last(g, xs):
    """The last item of a list, or ``none``."""
    xs = items(xs, "last")
    return xs[-1] if xs else None


def circle(g, xs, direction=1) -> list[int]:
    """Seats of ``xs`` in table order: ascending for direction 1, descending for -1."""
    return sorted(items(xs, "circle"), reverse=(direction or 1) < 0)


def circle_from(g, start, direction, xs) -> list[int]:
    """Seats of ``xs`` round the table, starting after ``start`` in ``direction``
    (1: seat+1 first, -1: seat-1 first); ``start`` itself, if in ``xs``, comes last.
    Speaking order from the sheriff (DAY-04) or from the last dead (DAY-05)."""
    n = g.n
    start = start or n
    step = 1 if (direction or 1) > 0 else -1
    wanted = set(xs or ())
    key = (n, start, step)
    order = _ROUND.get(key)
    if order is None:
        order = _ROUND[key] = [(start - 1 + step * k) % n + 1 for k in range(1, n + 1)]
    return [seat for seat in order if seat in wanted]


_ROUND: dict[tuple, list[int]] = {}
"""``(n, start, step)`` -> the seats round the table from ``start`` (:func:`circle_from`)."""


def neighbours(g, seat) -> list[int]:
    """The nearest living seat on each side of ``seat`` (one if only one other lives;
    none for ``none``)."""
    if seat is None:
        return []
    seat = seat_of(g, seat, "neighbours")
    n = g.n
    out = []
    for step in (-1, 1):
        for k in range(1, n):
            s = (seat - 1 + step * k) % n + 1
            if s != seat and g.players[s].alive:
                if s not in out:
                    out.append(s)
                break
    return sorted(out)


def died(g, day, phase) -> list[int]:
    """Seats whose death the rules date to ``phase day`` (``died(2, night)``)."""
    return [s for s in g.dead_order if g.players[s].death_day == day and g.players[s].death_phase == phase]


def minimum(g, xs):
    """The smallest item of a list, or ``none``."""
    xs = items(xs, "min")
    return min(xs) if xs else None


def maximum(g, xs):
    """The largest item of a list, or ``none``."""
    xs = items(xs, "max")
    return max(xs) if xs else None


def sum_(g, xs):
    """The sum of a list of numbers."""
    return sum(items(xs, "sum"))


def voted_for(g, ballots, seat) -> list[int]:
    """Voters whose ballot (from ``vote ... -> top, ballots``) named ``seat``."""
    return sorted(v for v, t in (ballots or {}).items() if t == seat)


def ballot_of(g, ballots, voter):
    """The seat a voter's ballot named in ``ballots`` (``none``: abstained or no ballot)."""
    return (ballots or {}).get(voter)


def roles_of(g, xs) -> list[str]:
    """The roles of a list of seats, in the same order."""
    return [g.players[seat_of(g, s, "roles_of")].role for s in items(xs, "roles_of")]


def coin(g) -> bool:
    """A fair coin from the game's seeded random generator."""
    return g.rng.random() < 0.5


def pick(g, xs):
    """One item of a list drawn by the game's seeded random generator (``none`` if empty)."""
    return g.rng.choice(xs) if xs else None


def faction_of(g, role):
    """The faction a role card starts with (``none`` for an unknown id)."""
    r = g.rs.roles.get(role)
    return r.faction if r is not None else None


def class_of(g, role):
    """The class a role card starts with (``none`` for no class)."""
    r = g.rs.roles.get(role)
    return r.klass if r is not None else None


def cause_last_words(g, cause):
    """A cause's own last-words setting (``cause duel ... last_words no``): ``yes``, ``no``,
    or ``none`` when the cause has none and the last-words policy decides."""
    sym = g.rs.symbols.get("cause", {}).get(cause)
    if sym is None or sym.last_words is None:
        return None
    return sym.last_words(g, {})


def draw_card(g):
    """The next event card: the one a scenario fixed for this phase, else the top of the
    game's shuffled card deck (reshuffled when it runs out); ``none`` without cards."""
    return g.draw_card()


def suspicion(g, x) -> float:
    """The deciding seat's probability (0..1) that seat ``x`` is not on its side, from
    what that seat knows (``--agents table``); 0.5 for agents that keep no beliefs."""
    b = g.beliefs_now()
    return 0.5 if b is None or x is None else b.suspicion(x)


def public_suspicion(g, x) -> float:
    """The table's probability (0..1) that seat ``x`` is not on the deck's largest side,
    from public information only (claims, votes, deaths): how the others see ``x``;
    0.5 for agents that keep no beliefs."""
    get = getattr(g.agent, "beliefs", None)
    b = get(None, None) if get is not None else None
    return 0.5 if b is None or x is None else b.suspicion(x)


def suspicion_table(g) -> list[float]:
    """:func:`suspicion` of every seat (index: the seat; 0 unused), a fresh list or the
    beliefs' own (not to be changed)."""
    return _suspicions(g.beliefs_now(), g.n)


def public_suspicion_table(g) -> list[float]:
    """:func:`public_suspicion` of every seat, as :func:`suspicion_table`."""
    get = getattr(g.agent, "beliefs", None)
    return _suspicions(get(None, None) if get is not None else None, g.n)


def _suspicions(b, n: int) -> list[float]:
    """``b.suspicions()``: the suspicion of seats 0 to ``n``, the beliefs' own list; 0.5
    each without beliefs (``b`` is ``None``)."""
    return [0.5] * (n + 1) if b is None else b.suspicions()


def belief(g, x, what) -> float:
    """The deciding seat's probability (0..1) that seat ``x`` holds role ``what`` or
    belongs to faction ``what``; the deck's share for agents that keep no beliefs."""
    b = g.beliefs_now()
    if x is None:
        return 0.0
    if b is None:
        cards = g.deck_cards
        hits = sum(1 for r in cards if r == what or g.rs.roles[r].faction == what)
        return hits / len(cards) if cards else 0.0
    return b.prob(x, what)


def belief_table(g, what) -> list[float]:
    """:func:`belief` of every seat in ``what``, as :func:`suspicion_table`."""
    b = g.beliefs_now()
    if b is None:  # the deck's share, the same for every seat
        return [belief(g, 1, what)] * (g.n + 1)
    return b.probs(what)  # the beliefs' own list, kept with the evidence


def claimed(g, x):
    """The role seat ``x`` last claimed in public (``claim x as R``), or ``none``."""
    return g.claims.get(x)


def sorted_by(g, xs, name):
    """Seats of a list in ascending order of a field or attribute (``sorted_by(alive, "age")``);
    ties keep seat order."""
    return sorted(xs or (), key=lambda s: (_key(g.seat_value(s, name)), s))


def _key(v):
    return (v is None, v if isinstance(v, (int, float)) else str(v))


def take(g, xs, n):
    """The first ``n`` items of a list (``n`` rounded down)."""
    return list(xs or ())[: max(int(n or 0), 0)]


def drop(g, xs, n):
    """A list without its first ``n`` items (``n`` rounded down)."""
    return list(xs or ())[max(int(n or 0), 0):]


def floor(g, x) -> int:
    """A number rounded down to a whole number."""
    import math
    return math.floor(x or 0)


def reverse(g, xs) -> list:
    """A list in reverse order."""
    return list(reversed(xs or ()))


def chance(g, p) -> bool:
    """True with probability ``p`` (0..1), from the game's seeded random generator."""
    return g.rng.random() < float(p)


@dataclass(frozen=True)
class Builtin:
    """A builtin function of the language.

    ``arity`` is ``(fewest, most)`` arguments a ruleset passes; ``reads`` names the game
    state it reads (``role``, ``team``, ``alive``; lint's effect analysis uses it);
    ``random`` is true when it draws from the game's seeded generator; ``doc`` is the
    implementation's docstring.
    """
    name: str
    fn: Callable
    arity: tuple[int, int]
    reads: frozenset = frozenset()
    random: bool = False
    table: Callable | None = None
    """``fn(g, *rest) -> list``: the builtin's value for every seat as its first argument
    at once (index: the seat; 0 unused), given the other arguments ``rest``; the same
    as calling it seat by seat while one decision's hints are evaluated (nothing it
    reads changes then); ``None``: none."""
    returns: str | None = None
    """``"float"`` when it always gives a float (and so does its table): generated
    arithmetic on it needs no test of its operand's kind; ``None``: anything."""

    @property
    def doc(self) -> str:
        return (self.fn.__doc__ or "").strip()


def _b(name, fn, lo, hi=None, reads=(), random=False, table=None, returns=None) -> Builtin:
    return Builtin(name, fn, (lo, lo if hi is None else hi), frozenset(reads), random, table, returns)


REGISTRY: dict[str, Builtin] = {b.name: b for b in (
    _b("count", count, 1), _b("empty", empty, 1), _b("any", any_, 1),
    _b("suspicion", suspicion, 1, table=suspicion_table, returns="float"),
    _b("public_suspicion", public_suspicion, 1, table=public_suspicion_table, returns="float"),
    _b("belief", belief, 2, table=belief_table, returns="float"), _b("claimed", claimed, 1),
    _b("holder", holder, 1, reads=("role",)), _b("living", living, 1, reads=("role", "alive")),
    _b("members", members, 1, reads=("team", "alive")), _b("the", the, 1), _b("first", first, 1),
    _b("last", last, 1), _b("circle", circle, 1, 2), _b("circle_from", circle_from, 3),
    _b("neighbours", neighbours, 1, reads=("alive",)), _b("died", died, 2, reads=("alive",)),
    _b("min", minimum, 1), _b("max", maximum, 1), _b("sum", sum_, 1), _b("voted_for", voted_for, 2),
    _b("ballot_of", ballot_of, 2), _b("roles_of", roles_of, 1, reads=("role",)), _b("coin", coin, 0, random=True),
    _b("pick", pick, 1, random=True), _b("faction_of", faction_of, 1), _b("class_of", class_of, 1),
    _b("chance", chance, 1, random=True), _b("draw_card", draw_card, 0, random=True),
    _b("sorted_by", sorted_by, 2), _b("take", take, 2), _b("drop", drop, 2), _b("floor", floor, 1),
    _b("reverse", reverse, 1), _b("cause_last_words", cause_last_words, 1),
)}
"""Builtin functions by name."""

FUNCTIONS = {name: (b.fn, b.arity[1]) for name, b in REGISTRY.items()}
"""Builtin functions: name -> (implementation, most arguments); see :data:`REGISTRY`."""

SEAT_FIELDS = ("seat", "role", "faction", "class", "team", "alive", "cause", "death_day", "death_phase")
"""Fields every seat has; counters, properties and attributes come from the ruleset."""


def seat_field(p, name: str) -> Any:
    """Read a builtin field of a player record."""
    if name == "class":
        return p.klass
    return getattr(p, name)
