"""What one seat believes about every seat's card: exact faction marginals over the deck.

A :class:`Beliefs` holds, for each seat, the roles it may still hold (hard facts: the
seat's own card, what it was told, revealed cards) and a soft weight per faction (soft
evidence: deaths, votes). Public claims add hypotheses: each claimant either holds the
role it claims (then what it says that role was told is true) or is on another side and
bluffing. Marginals are exact for this model: for every claim hypothesis a dynamic
programme over (seat, cards of each faction used so far) counts the deals consistent with
the deck, weighted; the hypotheses are summed. On a 12-seat, two-faction deck that is a
few hundred operations, recomputed only when evidence arrives and a decision reads it.

What makes it cheap enough for thousands of games (``docs/agents.md``, Speed):

- with two factions the programme is a generated, straight-line kernel per shape
  (:func:`wolfdsl.agents.deals.kernel_for`) giving the second faction's share only;
- the hypotheses' structure (fixed seats, the deck left, each seat's factions) depends on
  the hard facts alone and is kept per game; a seat that knows only its card takes the
  public hypotheses' structures and fixes its own row in them (:meth:`Beliefs._clamp`);
- the soft weights and the public claims are immutable values that the minds hearing the
  same evidence share, so the day's speeches are weighed once, not once a mind;
- probabilities are put on a 2**-40 grid (:data:`SNAP`): the order of the sums never
  decides a threshold in a hint.

Nothing here names a role, a team or a faction: facts come from the ruleset through
:class:`wolfdsl.play.views.Board` (the deck, each role's properties, what ``tell``
records reveal).
"""
from __future__ import annotations

from itertools import combinations, count, product
from math import factorial
from operator import itemgetter, sub

from ..play.views import ranked_factions
from .deals import kernel_for, solve

TRUTHFUL = 1.0
"""Relative odds that a seat holding the claimed role makes its claim."""
BLUFF = 0.12
"""Relative odds that a seat of another side makes a claim someone made before it (a
counter-claim, 悍跳)."""
FIRST_BLUFF = 0.04
"""Relative odds that a seat of another side is the first to claim a role."""
COUNTER = 0.3
"""Odds, relative to :data:`TRUTHFUL`, that a seat claiming a role another seat already
claimed holds it: the holder usually speaks first."""
PRESSED = 2.0
"""How much likelier a bluff is when the claimant made it under pressure (the table's top
suspect when it claimed, :meth:`TableAgent.pressed
<wolfdsl.agents.table.TableAgent.pressed>`): a seat about to be exiled claims to save
itself, true or not, so such a claim says less (the bluff's odds, :data:`FIRST_BLUFF` or
:data:`BLUFF`, times this). A seat that answers only claims made under pressure counts
as the first to claim the role, unless it is under pressure itself (the holder answering
a fake, 对跳)."""
BOTH_BLUFF = 0.1
"""Odds, relative to one bluff, that a second seat bluffs a role another bluffer already
claimed: a side does not contest its own fake claim, so of two claims of one card one is
usually true (without this the deal count, four wolf cards to one god's, made two liars
the likeliest reading of a contested claim)."""
MAX_CLAIMANTS = 5
"""Claimants weighed as hypotheses (the most recent); older ones count as said."""
MAX_EITHER = 3
"""Facts of the form "some of these seats" a seat keeps (the most recent; :meth:`Beliefs.some`):
each multiplies the hypotheses by its alternatives, so older ones are forgotten."""
SNAP = 4096.0
"""Probabilities are given on a grid of 2**-40 (about 9e-13): ``(p + SNAP) - SNAP`` (two
exact float steps, the first rounding to the grid). The sums behind a probability carry
rounding errors of about 1e-15, and a hint that compares a belief with a threshold
(``suspicion(t) > 0.5``) must not be decided by them: an exact 0.5 (two like claims of one
card) stays 0.5 whatever order the sums ran in."""


class Beliefs:
    """One seat's (or the public's, ``seat=None``) view of the deal.

    ``board`` is the game's :class:`~wolfdsl.play.views.Board`. Probabilities come from
    :meth:`faction`, :meth:`prob` and :meth:`suspicion`; evidence goes in through
    :meth:`fix`, :meth:`fact`, :meth:`members`, :meth:`weigh` and :meth:`claim`.
    """

    def __init__(self, board, seat: int | None = None, shared: dict | None = None):
        self.board = board
        # marginals by the evidence they were computed from: minds that know the same
        # (a wolf team, say) share one computation; ``shared`` is per game
        self.shared = shared if shared is not None else {}
        self.seat = seat
        self.side: str | None = None
        self.n = board.n
        deck = self.shared.get("deck")
        if deck is None or deck[0] is not board:  # the deck's facts, once a game
            factions = ranked_factions(board.factions)
            role_faction = {r: c.faction for r, c in board.roles.items()}
            deck = self.shared["deck"] = (
                board, factions, [board.factions[f] for f in factions], role_faction, frozenset(board.deck),
                {f: i for i, f in enumerate(factions)},
                _DECKS.setdefault((tuple(sorted(board.deck.items())), tuple(sorted(role_faction.items()))),
                                  len(_DECKS)))
        _, self.factions, self.cap, self.role_faction, every, self.findex, self.deck_key = deck
        self.every = every
        self.allowed: list[frozenset] = [every] * (self.n + 1)
        # per seat, per faction: an immutable table (see weigh_all), shared while equal
        self.soft: tuple[tuple[float, ...], ...] = self.shared.setdefault(
            ("soft", len(self.factions)), ((1.0,) * len(self.factions),) * (self.n + 1))
        # the public claims: claimant -> (role, facts), claimant -> whether nobody claimed
        # its role before, the claimants whose claim was made under pressure, and their
        # key; replaced, never changed, so that minds that hear the same claims share
        # them (see claim)
        self.claims: dict[int, tuple[str, list[tuple[int, frozenset]]]]
        self.first: dict[int, bool]
        self.pressed: frozenset
        self.claims, self.first, self.pressed, self._claims_key_now = self.shared.setdefault(
            "no claims", ({}, {}, frozenset(), 0))
        self._marg: list[list[float]] | None = None
        self._roles: dict[str, list[float]] | None = None  # role -> per seat, as asked
        self._solved: list = []
        # self.deck_key: a number for what _rest and _mask depend on (their answers are
        # kept per deck for the process, as the games of a run share them)
        self._total = 0.0
        self._susp: list[float] | None = None  # suspicion per seat, from ``_marg``
        self._hard: tuple | None = None  # (allowed, claims key): the hard evidence, hashable
        self._cols: tuple | None = None  # two factions: (first's column, second's), per seat
        self._going: frozenset | None = None  # the living seats, while the game going on says something
        # what this seat was told of a list of seats as a whole (a wolf among two seats):
        # per fact, its disjoint alternatives, each ((seat, roles it allows), ...); see some
        self.either: tuple = ()

    # ---------------------------------------------------------------- evidence
    def _restrict(self, seat: int, roles) -> None:
        if 1 <= seat <= self.n:
            new = self.allowed[seat] & frozenset(roles)
            if new:  # a contradiction (rules this model does not follow) keeps the old view
                self.allowed[seat] = new
            self._marg = self._susp = self._hard = None

    def fix(self, seat: int, role: str | None = None, faction: str | None = None) -> None:
        """Seat ``seat`` holds ``role`` (and/or belongs to ``faction``): a hard fact."""
        if role is not None:
            self._restrict(seat, {role})
        if faction is not None:
            self._restrict(seat, {r for r, f in self.role_faction.items() if f == faction})
        if seat == self.seat:
            self.side = faction if faction is not None else self.role_faction.get(role)

    def roles_with(self, prop: str, value) -> frozenset | None:
        """The roles whose ``prop`` is ``value`` (``role``, ``faction``, ``team``, ``class``
        or a declared property); ``None`` when no role of the deck has such a value."""
        key = ("roles_with", prop, value)
        if key in self.shared:
            return self.shared[key]
        out = set()
        for r, card in self.board.roles.items():
            have = {"role": r, "faction": card.faction, "team": card.team, "class": card.klass}.get(
                prop, card.props.get(prop, _NO))
            if have == value:
                out.add(r)
        found = self.shared[key] = frozenset(out) if out else None
        return found

    def fact(self, seat: int, props: tuple[str, ...], value) -> frozenset | None:
        """Seat ``seat``'s property (one of ``props``: the first whose values include
        ``value``) is ``value``; returns the roles that allows, ``None`` if none."""
        for prop in props:
            roles = self.roles_with(prop, value)
            if roles is not None:
                self._restrict(seat, roles)
                return roles
        return None

    def members(self, team: str, seats) -> None:
        """``seats`` are every member of ``team``; the other seats are not."""
        inside = {r for r, c in self.board.roles.items() if c.team == team}
        listed = set(seats or ())
        for s in range(1, self.n + 1):
            self._restrict(s, inside if s in listed else set(self.board.roles) - inside)

    def living(self, seats) -> None:
        """The seats alive now (deaths are public), and a hard fact they carry: a game of
        two factions goes on only while each faction has a living member (one side alone
        has nobody left to play against; every bundled two-faction ruleset's win rules
        end the game there). So, while a decision is asked, deals that leave every living
        seat on one side are excluded (:meth:`_compute_two`).

        Known only as far as it can matter: while fewer seats are dead than the smaller
        faction has cards (and more live than it has), no deal puts all the living on one
        side, and the marginals are those without it. Decks of three or more factions
        take nothing from it (which extinctions end such a game is the ruleset's to say)."""
        going = None
        if len(self.cap) == 2:
            alive = frozenset(seats)
            least = min(self.cap)
            if self.n - len(alive) >= least or len(alive) <= least:
                going = alive
        if going != self._going:
            self._going = going
            self._marg = self._susp = self._hard = None

    def weigh(self, seat: int, faction: str, factor: float) -> None:
        """Soft evidence: multiply the odds that ``seat`` belongs to ``faction``."""
        if faction in self.factions and 1 <= seat <= self.n:
            self._reweigh(("one", seat, faction, factor), None, ((seat, factor),), (faction,))

    def weigh_all(self, ratios, factions) -> None:
        """:meth:`weigh` for each ``(seat, factor)`` of ``ratios`` and each of
        ``factions``, in turn.

        The weights are an immutable table, and a change is remembered per game with the
        table it was made to (``ratios`` by identity: the same list object): minds that
        hear the same evidence, every seat hearing the day's speeches say, share one
        table, and one computation of it."""
        self._reweigh(("all", id(ratios), tuple(factions)), ratios, ratios, factions)

    def _reweigh(self, what: tuple, same, ratios, factions) -> None:
        """:meth:`weigh_all` with the change named by ``what`` (with ``same``, an object
        that must be the one remembered, when ``what`` names it by identity)."""
        key = ("weigh", id(self.soft), what)
        hit = self.shared.get(key)
        if hit is None or hit[0] is not self.soft or hit[1] is not same:
            hit = self.shared[key] = (self.soft, same, self._weighed(ratios, factions))
        if hit[2] is not self.soft:
            self.soft = hit[2]
            self._marg = self._susp = None

    def _weighed(self, ratios, factions) -> tuple:
        """The weights times ``ratios`` (see :meth:`weigh_all`), as a new table."""
        index = self.findex
        soft = list(map(list, self.soft))
        changed = False
        for seat, factor in ratios:
            if 1 <= seat <= self.n:
                row = soft[seat]
                for f in factions:
                    i = index.get(f)
                    if i is not None:
                        row[i] *= factor
                changed = True
        return tuple(map(tuple, soft)) if changed else self.soft

    def claim(self, seat: int, role: str | None, told: dict | None, pressed: bool = False) -> None:
        """A public claim: ``seat`` says it holds ``role`` and was told ``told``;
        ``pressed``: it claimed under pressure (a bluff is then likelier, :data:`PRESSED`)."""
        if role is None or role not in self.board.roles:
            return
        key = ("claim", id(self.claims), seat, role, id(told), pressed)
        hit = self.shared.get(key)
        if hit is None or hit[0] is not self.claims or hit[1] is not told:
            hit = self.shared[key] = (self.claims, told, self._claimed(seat, role, told, pressed))
        self.claims, self.first, self.pressed, self._claims_key_now = hit[2]
        self._marg = self._susp = self._hard = None

    def _claimed(self, seat: int, role: str, told: dict | None, pressed: bool = False) -> tuple:
        """``(claims, first, pressed, claims key)`` after :meth:`claim`: new objects, and
        a new number for the key. A seat that repeats its claim keeps whether it first
        made it under pressure."""
        claims, first = dict(self.claims), dict(self.first)
        same = seat in claims and claims[seat][0] == role
        facts = list(claims[seat][1]) if same else []
        for s, roles in self.claimed_facts(told or {}):
            facts.append((s, roles))
        # a claim not itself under pressure that answers only claims made under pressure
        # counts as a first one: the holder answers a seat that claimed his card to save
        # itself (对跳); a seat under pressure that answers a claim is a counter-claim
        first[seat] = first.get(seat, True) if same else not any(
            r == role and (pressed or s not in self.pressed) for s, (r, _) in claims.items())
        claims.pop(seat, None)
        claims[seat] = (role, facts)
        was = seat in self.pressed if same else pressed
        held = self.pressed | {seat} if was else self.pressed - {seat}
        # the key: a number a claims state, unique in the process (the minds share the
        # states themselves), so the cache may be cleared at any time
        return claims, first, held, next(_CLAIM_STATES)

    def told_facts(self, what: dict) -> list[tuple[int, frozenset]]:
        """The facts a ``tell`` record states (``[(seat, roles it allows)]``), as the
        ruleset's tells define them; and ``members`` facts as ``(-1, ...)`` are skipped.
        Kept per game for the record (the same dict object every mind is shown)."""
        key = ("told", id(what))
        hit = self.shared.get(key)
        if hit is None or hit[0] is not what:
            hit = self.shared[key] = (what, self._told_facts(what))
        return hit[1]

    def _told_facts(self, what: dict) -> list[tuple[int, frozenset]]:
        """:meth:`told_facts`, worked out."""
        meaning = self.board.told.get(frozenset(what))
        out = []
        for name, m in (meaning or {}).items():
            if m[0] == "member":  # the seat named is one of the team
                seat = what.get(name)
                roles = self.roles_with("team", m[1])
                if type(seat) is int and roles is not None:
                    out.append((seat, roles))
            elif m[0] == "either" and m[1] is None:  # lists of seats, read each way
                out += self._list_facts(m[2], what.get(name))
            elif m[0] in _SEAT_FACTS:
                seat = what.get(m[1])
                if type(seat) is int:
                    roles = self._seat_fact(m, what.get(name))
                    if roles is not None:
                        out.append((seat, roles))
            elif m[0] == "those":
                out += self._list_facts((m,), what.get(name))
        return out

    def _list_facts(self, readings: tuple, listed) -> list[tuple[int, frozenset]]:
        """The facts a list of seats states, read as each of ``readings`` (``members``:
        every member of a team; ``those``: the seats of a source whose property is a
        value, :mod:`wolfdsl.lang.knowledge`; of ``alive``, only the seats listed), per
        seat the roles any reading allows, for the seats every reading says something of."""
        if not isinstance(listed, list):
            return []
        listed = {s for s in listed if type(s) is int}
        per_reading = []
        for m in readings:
            if m[0] == "members":
                roles = self.roles_with("team", m[1])
                source = range(1, self.n + 1)
            else:
                roles = next((r for r in (self.roles_with(p, m[2]) for p in m[1]) if r is not None), None)
                # the living as the table sees them may include a seat dead tonight and not yet
                # announced, whom the list left out: of the living, only those listed are sure
                source = () if m[3] == "alive" else range(1, self.n + 1)
            if roles is None:
                return []
            facts = {s: roles for s in listed}
            facts.update((s, self.every - roles) for s in source if s not in listed)
            per_reading.append(facts)
        seats = set.intersection(*(set(f) for f in per_reading)) if per_reading else set()
        return [(s, frozenset().union(*(f[s] for f in per_reading))) for s in sorted(seats)]

    def _seat_fact(self, m: tuple, value) -> frozenset | None:
        """The roles a seat may hold when a record's field of meaning ``m`` (``prop``,
        ``test`` or ``either``, :mod:`wolfdsl.lang.knowledge`) has ``value``; ``None``
        when ``value`` fits no reading (nothing is learned)."""
        if m[0] == "prop":
            for prop in m[2]:
                roles = self.roles_with(prop, value)
                if roles is not None:
                    return roles
            return None
        if m[0] == "test":
            roles = self.roles_with(m[2][0], m[3])
            if roles is None or value not in (m[4], m[5]) or type(value) is bool:
                return None
            return roles if value == m[4] else self.every - roles
        fits = [r for r in (self._seat_fact(x, value) for x in m[2]) if r is not None]
        return frozenset().union(*fits) if fits else None

    def told(self, what: dict) -> None:
        """Private information (an ``inform`` record) this seat received."""
        meaning = self.board.told.get(frozenset(what)) or {}
        for name, m in meaning.items():
            if m[0] == "members":
                self.members(m[1], what.get(name))
        self._apply(self.claimed_facts(what))

    def _apply(self, facts) -> None:
        """Hard facts as :meth:`claimed_facts` gives them: ``(seat, roles)`` restricts a
        seat; ``(0, alternatives)`` is kept in :attr:`either` (the :data:`MAX_EITHER` latest)."""
        for seat, roles in facts:
            if seat == 0:
                self.either = (*self.either, roles)[-MAX_EITHER:]
                self._marg = self._susp = self._hard = None
            else:
                self._restrict(seat, roles)

    def _some_fact(self, seats, props, value, how: str, answer) -> tuple | None:
        """``(seats, roles, least, most)`` for :meth:`some` from a ``("some", …)`` field's
        parts and the value told, or ``None`` when it says nothing this model reads."""
        if not isinstance(seats, (list, tuple)):
            return None
        seats = [s for s in dict.fromkeys(seats) if type(s) is int and 1 <= s <= self.n]
        roles = next((r for r in (self.roles_with(p, value) for p in props) if r is not None), None)
        if not seats or roles is None:
            return None
        if how == "count":
            if type(answer) is not int or not 0 <= answer <= len(seats):
                return None
            return seats, roles, answer, answer
        if type(answer) is not bool:
            return None
        if (answer if how == "empty" else not answer):
            return seats, roles, 0, 0
        return seats, roles, 1, len(seats)

    def _some_facts(self, seats, roles: frozenset, least: int, most: int) -> list:
        """The facts of "between ``least`` and ``most`` of ``seats`` hold one of
        ``roles``", as :meth:`_apply` takes them: none of them, a fact a seat; else its
        disjoint alternatives, each ``((seat, roles it allows), ...)``, a choice of the
        seats that hold one of ``roles`` (for "at least one", the first in order), the
        others not; ``[]`` for a form this model does not take (at least two of three...)."""
        others = self.every - roles
        if most == 0:
            return [(s, others) for s in seats]
        if least == most:
            alternatives = tuple(tuple((s, roles if s in chosen else others) for s in seats)
                                 for chosen in combinations(seats, least))
        elif least == 1 and most >= len(seats):
            alternatives = tuple(tuple((t, others) for t in seats[:i]) + ((s, roles),) for i, s in enumerate(seats))
        else:
            return []
        return [(0, alternatives)]

    def some(self, seats, roles: frozenset, least: int, most: int) -> None:
        """Between ``least`` and ``most`` of ``seats`` hold one of ``roles``: a hard fact
        about the seats together (a wolf among two seats). None of them: each seat is
        restricted; otherwise the fact is kept as disjoint alternatives
        (:meth:`_some_facts`), and the hypotheses are summed over them: exact."""
        self._apply(self._some_facts(seats, roles, least, most))

    def claimed_facts(self, what: dict) -> list[tuple[int, object]]:
        """What the record ``what`` states, as a seat told it or a claim repeating it
        (its honest hypothesis): :meth:`told_facts`, then the facts about seats together
        (:meth:`_some_facts`: ``(0, alternatives)``, or a fact per seat for "none of them")."""
        facts: list = list(self.told_facts(what))
        meaning = self.board.told.get(frozenset(what)) or {}
        for name, m in meaning.items():
            if m[0] == "some":
                found = self._some_fact(what.get(m[1]), m[2], m[3], m[4], what.get(name))
                if found is not None:
                    facts += self._some_facts(*found)
        return facts

    # ---------------------------------------------------------------- inference
    def _rest(self, fixed_roles: tuple) -> tuple:
        """The deck without the fixed seats' cards (``fixed_roles``, sorted), cached per
        deck (in the process): ``(rem, live, groups, caps, scale)``, or ``None`` when they
        overdraw it. Do not modify."""
        key = (self.deck_key, fixed_roles)
        shared = _BY_DECK
        if key in shared:
            return shared[key]
        if len(shared) > 20000:
            shared.clear()
        fi, rf, k = self.findex, self.role_faction, len(self.cap)
        rem = dict(self.board.deck)
        out: tuple | None = None
        for r in fixed_roles:
            rem[r] -= 1
        if all(c >= 0 for c in rem.values()):
            live = frozenset(r for r, c in rem.items() if c > 0)
            groups = [frozenset(r for r in live if fi[rf[r]] == i) for i in range(k)]
            caps = [sum(rem[r] for r in g) for g in groups]
            scale = 1.0  # the roles inside a faction, in any order
            for i, g in enumerate(groups):
                scale *= factorial(caps[i])
                for r in g:
                    scale /= factorial(rem[r])
            out = (rem, live, groups, caps, scale)
        shared[key] = out
        return out

    def _mask(self, a: frozenset, live: frozenset, groups) -> tuple | None:
        """Which factions seat roles ``a`` allows, as a tuple of bools, when it allows
        each faction's live roles all or none (``None``: part of one), cached per deck."""
        key = (self.deck_key, a, live)
        shared = _BY_DECK
        if key in shared:
            return shared[key]
        a = a & live
        mask: tuple | None = []
        for g in groups:
            inside = a & g
            if inside and inside != g:
                mask = None
                break
            mask.append(bool(inside))
        if mask is not None:
            mask = tuple(mask)
        shared[key] = mask
        return mask

    def _structure(self, allowed, base: tuple | None = None) -> tuple:
        """What :meth:`_solve` needs of a hypothesis that does not depend on the soft
        weights, cached per game: ``(fixed, rem, live, free, masks, caps, scale,
        fixed_kind, plan, fast)``, or ``(None,)`` when the fixed seats overdraw the deck;
        ``masks`` is ``None`` when some seat allows part of a faction's roles only (the
        role DP is needed); ``plan`` is, for two factions, ``(seat, 3)`` for a seat of
        either faction and ``(seat, 1 or 2)`` for a seat of the first or second only
        (``None`` otherwise); ``fast``, when ``plan`` has seats, ``(kernel, end, rows
        getter, seats of one faction as (index, code), scatter)`` for
        :meth:`_compute_two` (:func:`wolfdsl.agents.deals.kernel_for`,
        :meth:`_scatter`).

        ``base``: ``(structure, seat)`` of the same hypothesis with that seat's roles
        left open, when ``allowed`` fixes it to one role: the result is derived from it."""
        key = ("structure", tuple(allowed))
        shared = self.shared
        hit = shared.get(key)
        if hit is not None:
            return hit
        fi, rf = self.findex, self.role_faction
        old = None
        if base is not None and base[0][0] is not None and base[1] in base[0][3] and len(allowed[base[1]]) == 1:
            old, seat = base
            (role,) = allowed[seat]
            fixed = {}
            for s, r in old[0].items():  # seat order, as the loop below makes it
                if seat is not None and s > seat:
                    fixed[seat] = role
                    seat = None
                fixed[s] = r
            if seat is not None:
                fixed[seat] = role
            free = [s for s in old[3] if s != base[1]]
        else:
            fixed: dict[int, str] = {}
            free = []
            for s in range(1, self.n + 1):
                a = allowed[s]
                if len(a) == 1:
                    for r in a:
                        fixed[s] = r
                else:
                    free.append(s)
        rest = self._rest(tuple(sorted(fixed.values())))
        if rest is None:
            out: tuple = (None,)
        else:
            rem, live, groups, caps, scale = rest
            masks: list | None = []
            if old is not None and old[4] is not None and live == old[2]:  # the same masks, less one seat
                masks = [m for s, m in zip(old[3], old[4]) if s != base[1]]
            else:
                for s in free:
                    mask = self._mask(allowed[s], live, groups)
                    if mask is None:
                        masks = None
                        break
                    masks.append(mask)
            plan = fast = None
            fixed_kind = tuple((s, fi[rf[r]]) for s, r in fixed.items())
            if masks is not None and len(caps) == 2:
                plan = tuple((s, m[0] + 2 * m[1]) for s, m in zip(free, masks))
                if plan:
                    fast = (*kernel_for(len(plan), *caps), _picker(free),
                            tuple((i, code) for i, (_, code) in enumerate(plan) if code != 3),
                            self._scatter(free, fixed_kind))
            out = (fixed, rem, live, tuple(free), masks, caps, scale, fixed_kind, plan, fast)
        shared[key] = out
        return out

    def _scatter(self, free, fixed_kind):
        """A function ``numerators + [z, 0.0] -> one value a seat``
        (``operator.itemgetter``) for the kernel's answer: seat ``s`` (0 to ``n``) gets
        its free seat's numerator, ``z`` when it is fixed in the second faction, else 0.0."""
        where = [len(free) + 1] * (self.n + 1)
        for j, s in enumerate(free):
            where[s] = j
        for s, i in fixed_kind:
            if i == 1:
                where[s] = len(free)
        return itemgetter(*where)

    def _solve(self, allowed, st) -> tuple[float, object, object]:
        """One claim hypothesis: ``(z, faction marginals, role marginals of a seat)``;
        faction marginals are ``(free seats, their rows)`` (fixed seats are those of
        ``st``). Seats with one possible role are taken out of the deck first; when every
        other seat may hold any card of a faction or none (the usual case), a DP over
        factions is exact (roles within a faction are then shuffled uniformly); otherwise
        a DP over roles (:mod:`wolfdsl.agents.deals`). ``st`` is the hypothesis'
        :meth:`_structure`."""
        if st[0] is None:
            return 0.0, None, None
        fixed, rem, live, free, masks, caps, scale, fixed_kind = st[:8]
        soft = self.soft
        const = 1.0
        for s, i in fixed_kind:
            const *= soft[s][i]
        if masks is None:
            return self._solve_roles(allowed, fixed, rem, live, free, const)
        # two factions come here only with no free seat, or none of either faction's
        # roles in full (the kernel takes the rest: _compute_two)
        rows = [[soft[s][i] if m else 0.0 for i, m in enumerate(mask)] for s, mask in zip(free, masks)]
        z, marg = solve(rows, caps)
        if z <= 0:
            return 0.0, None, None
        return const * z * scale, (free, marg), (st, marg)  # role marginals: see _role_column

    def _solve_roles(self, allowed, fixed, rem, live, free, const):
        """:meth:`_solve` by a DP over the roles themselves (any restriction)."""
        order = sorted(live)
        fi, rf = self.findex, self.role_faction
        rows = [[self.soft[s][fi[rf[r]]] if r in allowed[s] else 0.0 for r in order] for s in free]
        z, marg = solve(rows, [rem[r] for r in order])
        if z <= 0:
            return 0.0, None, None
        k = len(self.cap)
        fac = []
        by_seat: dict[int, dict[str, float]] = {s: {r: 1.0} for s, r in fixed.items()}
        for s, row in zip(free, marg):
            by_seat[s] = {r: x for r, x in zip(order, row) if x}
            out = [0.0] * k
            for r, x in zip(order, row):
                out[fi[rf[r]]] += x
            fac.append(out)
        return const * z, (free, fac), by_seat

    def _hypotheses(self, base: list) -> list:
        """``[(odds, roles each seat may hold)]`` of every claim hypothesis that the deck
        and ``base`` (the roles each seat may hold on the hard facts) allow, in the order
        of ``product((True, False), repeat=claimants)`` (each claimant honest, then
        bluffing). Built depth-first: hypotheses that share their first claimants' truth
        share its work, and a branch stops at the first seat left with no role."""
        if not all(base[1:]):
            return []
        claims, first, pressed, n, deck = self.claims, self.first, self.pressed, self.n, self.board.deck
        steps = []
        for c in list(claims)[-MAX_CLAIMANTS:]:
            role, facts = claims[c]
            opened = first.get(c, True)
            # the odds' factors as the product-loop multiplied them, in the same order
            bluff = (FIRST_BLUFF if opened else BLUFF) * self._plausible(facts) * (PRESSED if c in pressed else 1.0)
            steps.append((c, role, frozenset((role,)), [(s, r) for s, r in facts if 1 <= s <= n],
                          TRUTHFUL if opened else TRUTHFUL * COUNTER, bluff, self._faction_roles(role),
                          deck.get(role, 0), tuple(r for s, r in facts if s == 0)))
        out: list = []
        _branch(steps, out, 0, list(base), 1.0, {}, frozenset())
        return out

    def _faction_roles(self, role: str) -> frozenset:
        """The roles of ``role``'s faction (cached per game)."""
        key = ("faction roles", role)
        hit = self.shared.get(key)
        if hit is None:
            f = self.role_faction[role]
            hit = self.shared[key] = frozenset(r for r, g in self.role_faction.items() if g == f)
        return hit

    def _narrowed(self) -> list:
        """The claim hypotheses with their :meth:`_structure`, from those of the same
        evidence with this seat's own roles left open (shared by every seat that knows
        nothing more than its card and the public evidence): a hypothesis narrows one
        seat's roles by intersections, so narrowing this seat afterwards gives the same
        hypotheses, in the same order."""
        s, own = self.seat, self.allowed[self.seat] if 1 <= self.seat <= self.n else None
        if own is None:
            return self._built(self.allowed)
        base = list(self.allowed)
        base[s] = self.every
        bkey = ("base", tuple(base), self._claims_key())  # built, never clamped
        shared = self.shared
        hyps = shared.get(bkey)
        if hyps is None:
            hyps = shared[bkey] = self._built(base)
        out = []
        for odds, allowed, st, _ in hyps:
            mine = allowed[s] & own
            if not mine:
                continue
            clamp = None
            if mine != allowed[s]:
                clamp = self._clamp(st, s, mine)
                if clamp is False:  # the hypothesis has no card left for this seat's
                    continue
                allowed = list(allowed)
                allowed[s] = mine
                if clamp is None:
                    st = self._structure(allowed, (st, s))
            out.append((odds, allowed, st, clamp))
        return out

    def _expanded(self) -> list:
        """The hypotheses of :meth:`_built` summed over every choice of one alternative
        per fact of :attr:`either` (:meth:`some`) that the hard facts leave possible: the
        alternatives of a fact are disjoint, so the sum counts each deal once."""
        out = []
        for choice in product(*self.either):
            allowed = _narrowed(self.allowed, [f for alternative in choice for f in alternative])
            if allowed is not None:
                out += self._built(allowed)
        return out

    def _built(self, allowed) -> list:
        """``[(odds, allowed, structure, None)]``: the claim hypotheses of ``allowed``
        with their :meth:`_structure` (and no clamp, see :meth:`_clamp`)."""
        return [(odds, a, self._structure(a), None) for odds, a in self._hypotheses(allowed)]

    def _clamp(self, st: tuple, seat: int, mine: frozenset):
        """How a two-faction hypothesis of structure ``st``, where ``seat`` is free,
        becomes this mind's, which knows the seat holds the one role of ``mine``:
        ``(index of the seat among the free ones, 1 or 2: the row keeps its first or
        second weight only, the factor on z, seat)``; ``False`` when the hypothesis leaves no
        such card; ``None`` when it cannot be done so (derive the structure instead).

        Exact: roles inside a faction are shuffled uniformly (every free seat allows all
        of a faction's live roles or none), so the seat holding role ``r`` of faction
        ``f`` weighs as the seat being of ``f``, times ``rem[r] / caps[f]``, the share of
        ``f``'s cards that are ``r``. No structure is built: every mind that knows only
        its card shares the public hypotheses' ones."""
        if st[0] is None or st[9] is None or len(mine) != 1:
            return None
        (role,) = mine
        free, plan, rem, caps = st[3], st[8], st[1], st[5]
        if seat not in free:
            return None
        j = free.index(seat)
        f = self.findex[self.role_faction[role]]
        if not rem.get(role) or not plan[j][1] & (1 << f):
            return False
        return (j, 1 << f, rem[role] / caps[f], seat)

    def _plausible(self, facts) -> float:
        """The deck's odds that every stated fact holds, seat by seat independently."""
        deck = self.board.deck
        total = sum(deck.values()) or 1

        def share(roles) -> float:
            return sum(deck.get(r, 0) for r in roles) / total

        out = 1.0
        for s, roles in facts:
            if s == 0:  # seats together: the odds that one of its alternatives holds
                alt_odds = 0.0
                for alternative in roles:
                    p = 1.0
                    for _, allowed in alternative:
                        p *= share(allowed)
                    alt_odds += p
                out *= alt_odds
            else:
                out *= share(roles)
        return out

    def _claims_key(self) -> int:
        return self._claims_key_now

    def _evidence(self) -> tuple:
        """Everything the marginals depend on, hashable: ``(allowed, soft weights,
        claims key, living seats or None)`` (:meth:`living`)."""
        hard = self._hard
        if hard is None:
            allowed = tuple(self.allowed)
            hard = self._hard = (allowed if not self.either else (allowed, self.either), self._claims_key())
        return (hard[0], self.soft, hard[1], self._going)

    def _update(self) -> None:
        """Faction marginals summed over the claim hypotheses (looked up in the shared
        cache first); role marginals wait for :meth:`_role_column` (most hints read
        factions only)."""
        key = self._evidence()
        hit = self.shared.get(key)
        if hit is None:
            self._compute(key)
            if len(self.shared) > 4096:
                self.shared.clear()
            self.shared[key] = hit = [self._marg, self._solved, self._total, self._roles, self._cols]
        self._marg, self._solved, self._total, self._roles, self._cols = hit
        self._susp = None

    def _compute(self, key: tuple) -> None:
        """:meth:`_update` on a cache miss; ``key`` is :meth:`_evidence`."""
        self._cols = None
        k = len(self.cap)
        hkey = ("hypotheses", key[0], key[2])  # the soft weights do not change them
        hyps = self.shared.get(hkey)
        if hyps is None:
            hyps = self.shared[hkey] = (self._expanded() if self.either else self._narrowed() if self.seat is not None
                                        else self._built(self.allowed))
        if k == 2:
            plan = self.shared.get(("plan", hkey))
            if plan is None:
                plan = self.shared[("plan", hkey)] = [self._step(*h) for h in hyps]
            return self._compute_two(plan, key[3])
        total = 0.0
        marg = [[0.0] * k for _ in range(self.n + 1)]
        solved = []
        for odds, allowed, st, _ in hyps:
            z, fac, roles = self._solve(allowed, st)
            if z <= 0:
                continue
            wz = odds * z
            total += wz
            solved.append((wz, roles))
            for s, i in st[7]:  # a fixed seat: all its weight on its faction
                marg[s][i] += wz
            for s, row in zip(*fac):
                out = marg[s]
                for i in range(k):
                    out[i] += wz * row[i]
        self._solved, self._total, self._roles = solved, total, {}
        if total <= 0:  # contradictory evidence: fall back to the deck's shares
            self._marg = [[c / sum(self.cap) for c in self.cap] for _ in range(self.n + 1)]
            return
        self._marg = [[(x / total + SNAP) - SNAP for x in row] for row in marg]

    def _step(self, odds: float, allowed, st: tuple, clamp) -> tuple:
        """One hypothesis of :meth:`_compute_two`, with what does not depend on the soft
        weights worked out: ``(kernel, end, rows getter, row patches as (index, code),
        fixed seats as (seat, faction), odds * scale * clamp factor, scatter, (st,
        narrowed))``; for :meth:`_solve` instead, ``kernel`` is ``None``, the factor is
        the odds and the last item ``(allowed, st)``."""
        fast = st[9] if st[0] is not None else None
        if fast is None:
            return (None, None, None, None, None, odds, None, (allowed, st))
        kernel, end, pick, one, at = fast
        u = odds * st[6]
        if clamp:
            j, code, rho, seat = clamp
            one = (*one, (j, code))
            u *= rho
        return (kernel, end, pick, one, st[7], u, at, (st, clamp and (allowed, clamp[3])))

    def _compute_two(self, plan, going: frozenset | None = None) -> None:
        """:meth:`_compute` for a deck of two factions, over the :meth:`_step` of each
        hypothesis: the two-kind DP's kernel (:func:`wolfdsl.agents.deals.kernel_for`)
        gives per seat ``z`` times its share of the second faction; the shares are mixed
        by the hypotheses' weights (the first faction's is the rest) and put on the
        :data:`SNAP` grid. ``going``: the living seats, when the deals that leave them all
        on one side are to be excluded (:meth:`living`, :meth:`_going_on`)."""
        soft = self.soft
        parts = []  # (factor, per seat: the value the factor makes a weight of the second)
        total = 0.0
        solved = []
        for kernel, end, pick, one, fixed, u, at, about in plan:
            if kernel is None:
                allowed, st = about
                z, fac, roles = self._solve(allowed, st)
                if z <= 0:
                    continue
                wz = u * z
                second = [0.0] * (self.n + 1)
                for s, i in st[7]:  # a fixed seat: all its weight on its faction
                    second[s] = float(i)
                for s, (_, b) in zip(*fac):
                    second[s] = b
                parts.append((wz, second))
            else:
                rows = pick(soft)
                if one:
                    rows = list(rows)
                    for j, c in one:
                        w = rows[j]
                        rows[j] = (w[0], 0.0) if c == 1 else (0.0, w[1]) if c == 2 else (0.0, 0.0)
                z, num = kernel(rows, end)
                if going is not None and z > 0:
                    z, num = self._going_on(kernel, end, rows, z, num, about[0][3], fixed, going)
                if z <= 0:
                    continue
                for s, i in fixed:
                    u *= soft[s][i]
                wz = u * z
                if wz <= 0:
                    continue
                num.append(z)
                num.append(0.0)
                parts.append((u, at(num)))
                roles = (about[0], num, z, about[1])
            total += wz
            solved.append((wz, roles))
        self._solved, self._total, self._roles = solved, total, {}
        if total <= 0:  # contradictory evidence: fall back to the deck's shares
            self._marg = [[c / sum(self.cap) for c in self.cap] for _ in range(self.n + 1)]
            return
        factor, values = parts[0]
        c = factor / total
        acc = [c * x for x in values]
        for factor, values in parts[1:]:
            c = factor / total
            acc = [a + c * x for a, x in zip(acc, values)]
        second = [(x + SNAP) - SNAP for x in acc]
        first = [1.0 - x for x in second]
        self._marg = list(zip(first, second))
        self._cols = (first, second)

    @staticmethod
    def _going_on(kernel, end, rows, z, num, free, fixed, going) -> tuple:
        """``(z, num)`` of one kernel hypothesis (:meth:`_compute_two`) without the deals
        in which every living seat (``going``) is of one faction: the kernel run again
        with the living free seats held to the first faction, then to the second, and
        those counts taken off (a deal cannot do both while a seat lives). A living seat
        fixed in a faction rules that side's case out. ``(0.0, [])`` when nothing is left
        (up to rounding: less than 1e-9 of ``z``)."""
        live = [j for j, s in enumerate(free) if s in going]
        sides = {i for s, i in fixed if s in going}
        whole = z
        for keep in (0, 1):  # the living all of faction ``keep``
            if 1 - keep in sides:
                continue
            held = list(rows)
            for j in live:
                w = held[j]
                held[j] = (w[0], 0.0) if keep == 0 else (0.0, w[1])
            z1, num1 = kernel(held, end)
            if z1 > 0:
                z -= z1
                num = list(map(sub, num, num1))
        if z <= 1e-9 * whole:
            return 0.0, []
        return z, num

    def _role_column(self, role: str) -> list[float]:
        """Per seat (a list indexed by seat), the probability that it holds ``role``,
        summed over the hypotheses the marginals came from; kept with them (minds that
        share an evidence entry share it). In a faction-DP hypothesis, roles inside a
        faction are shuffled uniformly: a free seat holds ``role`` with its faction's
        share times ``rem[role] / caps[faction]``."""
        if self._marg is None:
            self._update()
        col = self._roles.get(role)
        if col is not None:
            return col
        n, total = self.n, self._total
        if total <= 0:
            deck = self.board.deck
            col = [deck.get(role, 0) / sum(deck.values())] * (n + 1)
            self._roles[role] = col
            return col
        f = self.findex[self.role_faction[role]]
        col = [0.0] * (n + 1)
        for wz, roles in self._solved:
            if roles.__class__ is dict:  # the role DP's answer, per seat
                for s, row in roles.items():
                    col[s] += wz * row.get(role, 0.0)
                continue
            st = roles[0]
            fixed, rem, free, caps = st[0], st[1], st[3], st[5]
            for s, r in fixed.items():
                if r == role:
                    col[s] += wz
            cards, cap, own = rem.get(role, 0), caps[f], None
            if len(roles) == 2:  # (structure, rows of the free seats)
                shares = [row[f] for row in roles[1]]
            else:  # (structure, numerators of the second faction, z, narrowed or None)
                num, z, narrowed = roles[1:]
                shares = [x / z if f else 1.0 - x / z for x in num[:len(free)]]
                if narrowed:  # the mind's own card is out of the deck the others share
                    allowed, own = narrowed
                    (mine,) = allowed[own]
                    cards -= mine == role
                    cap -= self.findex[self.role_faction[mine]] == f
                    if mine == role:
                        col[own] += wz
            ratio = cards / cap if cap > 0 and cards > 0 else 0.0
            for s, x in zip(free, shares):
                if s != own:
                    col[s] += wz * x * ratio
        col = [(x / total + SNAP) - SNAP for x in col]
        self._roles[role] = col
        return col

    # ---------------------------------------------------------------- queries
    def faction(self, seat: int, faction: str) -> float:
        """The probability that ``seat`` belongs to ``faction``."""
        if self._marg is None:
            self._update()
        if faction not in self.factions or not 1 <= seat <= self.n:
            return 0.0
        return self._marg[seat][self.factions.index(faction)]

    def prob(self, seat: int, what: str) -> float:
        """The probability that ``seat`` holds role ``what`` or belongs to faction ``what``."""
        if what in self.board.roles:
            return self._role_column(what)[seat] if 1 <= seat <= self.n else 0.0
        return self.faction(seat, what)

    def probs(self, what: str) -> list[float]:
        """:meth:`prob` of every seat: a list indexed by seat (``[0]`` is 0.0), kept until
        the evidence changes. Do not modify."""
        if what in self.board.roles:
            col = self._role_column(what)
            if col[0]:  # the deck's shares, when the evidence contradicts itself
                col = self._roles[what] = [0.0] + col[1:]
            return col
        if self._marg is None:
            self._update()
        i = self.findex.get(what)
        return [0.0] + [row[i] for row in self._marg[1:]] if i is not None else [0.0] * (self.n + 1)

    def suspicion(self, seat: int) -> float:
        """The probability that ``seat`` is not on this seat's side (for the public view:
        not in the deck's largest faction); 0 for this seat itself."""
        susp = self._susp or self.suspicions()
        if seat.__class__ is int and 0 < seat <= self.n:
            return susp[seat]
        side = self.side if self.side is not None else self.factions[0]
        return 1.0 - self.faction(seat, side)

    def suspicions(self) -> list[float]:
        """:meth:`suspicion` of every seat: a list indexed by seat (``[0]`` is 1.0), kept
        until the evidence changes (a hint reads them option by option). Do not modify."""
        if self._susp is not None:
            return self._susp
        if self._marg is None:
            self._update()
        side = self.side if self.side is not None else self.factions[0]
        i = self.findex.get(side)
        if self._cols is not None and i is not None:  # 1 - one faction's share is the other's
            susp = self._susp = self._cols[1 - i][:]
        else:
            susp = self._susp = [1.0 - (row[i] if i is not None else 0.0) for row in self._marg]
        susp[0] = 1.0
        if self.seat is not None:
            # a seat is on its own side, even when it changed sides and its card's
            # faction (all the deals know) is no longer its own
            susp[self.seat] = 0.0
        return susp


_NO = object()
_SEAT_FACTS = frozenset({"prop", "test", "either"})
"""Meanings of a record's field that state the card of the seat another field names (an
``either`` with a seat field; one without is read by :meth:`Beliefs._list_facts`)."""
_CLAIM_STATES = count(1)
_DECKS: dict = {}
"""(deck, each role's faction) -> a number, the deck's key in :data:`_BY_DECK`."""
_BY_DECK: dict = {}
""":meth:`Beliefs._rest` and :meth:`Beliefs._mask` by (deck key, question); cleared when
it grows past 20,000 entries."""


def _branch(steps: list, out: list, i: int, allowed: list, odds: float, used: dict, bluffed: frozenset) -> None:
    """:meth:`Beliefs._hypotheses` from claimant ``i`` on (``steps``: one per claimant),
    appending ``(odds, allowed)`` to ``out``: honest first, then bluffing. A plain
    function (a nested one calling itself would be a reference cycle a game leaves to
    the garbage collector)."""
    if i == len(steps):
        out.append((odds, allowed))
        return
    c, role, own, facts, honest, bluff, side, cards, eithers = steps[i]
    held = used.get(role, 0) + 1
    if held <= cards:  # honest: the seat holds the role, and what it says is true
        mine = allowed[c] & own
        a = _narrowed(allowed, facts, c, mine) if mine else None
        if a is not None:
            if eithers:
                _either(steps, out, i, a, odds * honest, {**used, role: held}, bluffed, eithers, 0)
            else:
                _branch(steps, out, i + 1, a, odds * honest, {**used, role: held}, bluffed)
    other = allowed[c] - side  # bluffing: the seat is of another faction
    if other:
        a = list(allowed)
        a[c] = other
        _branch(steps, out, i + 1, a, odds * (bluff * BOTH_BLUFF if role in bluffed else bluff * 1.0), used,
                bluffed | own)


def _narrowed(allowed: list, facts, seat: int = 0, roles: frozenset | None = None) -> list | None:
    """A copy of ``allowed`` (the roles each seat may hold) with ``seat`` set to
    ``roles`` (when given) and each ``(seat, roles)`` of ``facts`` intersected in;
    ``None`` when a seat is left with no role."""
    a = list(allowed)
    if roles is not None:
        a[seat] = roles
    for s, r in facts:
        narrowed = a[s] & r
        if not narrowed:
            return None
        a[s] = narrowed
    return a


def _either(steps: list, out: list, i: int, allowed: list, odds: float, used: dict, bluffed: frozenset,
            eithers: tuple, j: int) -> None:
    """:func:`_branch`'s honest case of claimant ``i`` when it states facts about seats
    together (:meth:`Beliefs.some`): one branch per alternative of fact ``j`` on (they
    are disjoint), then the next claimant."""
    if j == len(eithers):
        _branch(steps, out, i + 1, allowed, odds, used, bluffed)
        return
    for alternative in eithers[j]:
        a = _narrowed(allowed, alternative)
        if a is not None:
            _either(steps, out, i, a, odds, used, bluffed, eithers, j + 1)


def _picker(seats):
    """A function ``soft -> the rows of `seats```, a sequence (``operator.itemgetter``)."""
    if len(seats) == 1:
        (seat,) = seats
        return lambda soft: (soft[seat],)
    return itemgetter(*seats)
