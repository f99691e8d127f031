"""What one seat believes about every seat's card: exact faction marginals over the deck.

A :class:`Beliefs` holds, for each seat, the roles it may still hold (hard facts: the
seat's own card, what it was told, revealed cards) and a soft weight per faction (soft
evidence: deaths, votes). Public claims add hypotheses: each claimant either holds the
role it claims (then what it says that role was told is true) or is on another side and
bluffing. Marginals are exact for this model: for every claim hypothesis a dynamic
programme over (seat, cards of each faction used so far) counts the deals consistent with
the deck, weighted; the hypotheses are summed. On a 12-seat, two-faction deck that is a
few hundred operations, recomputed only when evidence arrives and a decision reads it.

Nothing here names a role, a team or a faction: facts come from the ruleset through
:class:`wolfdsl.play.views.Board` (the deck, each role's properties, what ``tell``
records reveal).
"""
from __future__ import annotations

from itertools import product
from math import factorial

from .deals import solve

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
MAX_CLAIMANTS = 5
"""Claimants weighed as hypotheses (the most recent); older ones count as said."""


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
        self.factions = sorted(board.factions, key=lambda f: (-board.factions[f], str(f)))
        self.cap = [board.factions[f] for f in self.factions]
        self.role_faction = {r: c.faction for r, c in board.roles.items()}
        every = self.every = frozenset(board.deck)
        self.allowed: list[frozenset] = [every] * (self.n + 1)
        self.soft: list[list[float]] = [[1.0] * len(self.factions) for _ in range(self.n + 1)]
        self.claims: dict[int, tuple[str, list[tuple[int, frozenset]]]] = {}
        self.first: dict[int, bool] = {}   # claimant -> whether nobody claimed its role before
        self._marg: list[list[float]] | None = None
        self._roles: list[dict[str, float]] | None = None
        self._solved: list = []
        self.findex = {f: i for i, f in enumerate(self.factions)}
        self._total = 0.0
        self._susp: list[float] | None = None  # suspicion per seat, from ``_marg``

    # ---------------------------------------------------------------- evidence
    def _restrict(self, seat: int, roles) -> None:
        if 1 <= seat <= self.n:
            new = self.allowed[seat] & frozenset(roles)
            if new:  # a contradiction (rules this model does not follow) keeps the old view
                self.allowed[seat] = new
            self._marg = None

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

    def weigh(self, seat: int, faction: str, factor: float) -> None:
        """Soft evidence: multiply the odds that ``seat`` belongs to ``faction``."""
        if faction in self.factions and 1 <= seat <= self.n:
            self.soft[seat][self.factions.index(faction)] *= factor
            self._marg = None

    def weigh_all(self, ratios, factions) -> None:
        """:meth:`weigh` for each ``(seat, factor)`` of ``ratios`` and each of
        ``factions``, in turn."""
        index, soft = self.findex, self.soft
        for seat, factor in ratios:
            if 1 <= seat <= self.n:
                row = soft[seat]
                for f in factions:
                    i = index.get(f)
                    if i is not None:
                        row[i] *= factor
                self._marg = None

    def claim(self, seat: int, role: str | None, told: dict | None) -> None:
        """A public claim: ``seat`` says it holds ``role`` and was told ``told``."""
        if role is None or role not in self.board.roles:
            return
        same = seat in self.claims and self.claims[seat][0] == role
        facts = list(self.claims[seat][1]) if same else []
        for s, roles in self.told_facts(told or {}):
            facts.append((s, roles))
        first = self.first.get(seat, True) if same else not any(r == role for r, _ in self.claims.values())
        self.first[seat] = first
        self.claims.pop(seat, None)
        self.claims[seat] = (role, facts)
        self._marg = None

    def told_facts(self, what: dict) -> list[tuple[int, frozenset]]:
        """The facts a ``tell`` record states (``[(seat, roles it allows)]``), as the
        ruleset's tells define them; and ``members`` facts as ``(-1, ...)`` are skipped."""
        meaning = self.board.told.get(frozenset(what))
        out = []
        for name, m in (meaning or {}).items():
            if m[0] == "prop":
                seat = what.get(m[1])
                if isinstance(seat, int) and not isinstance(seat, bool):
                    for prop in m[2]:
                        roles = self.roles_with(prop, what.get(name))
                        if roles is not None:
                            out.append((seat, roles))
                            break
        return out

    def told(self, what: dict) -> None:
        """Private information (an ``inform`` record) this seat received."""
        meaning = self.board.told.get(frozenset(what)) or {}
        for name, m in meaning.items():
            if m[0] == "members":
                self.members(m[1], what.get(name))
        for seat, roles in self.told_facts(what):
            self._restrict(seat, roles)

    # ---------------------------------------------------------------- inference
    def _rest(self, fixed_roles: tuple) -> tuple:
        """The deck without the fixed seats' cards (``fixed_roles``, sorted), cached per
        game: ``(rem, live, groups, caps, scale)``, or ``None`` when they overdraw it."""
        key = ("rest", fixed_roles)
        shared = self.shared
        if key in shared:
            return shared[key]
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
        each faction's live roles all or none (``None``: part of one), cached per game."""
        key = ("mask", a, live)
        shared = self.shared
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
        fixed_kind, plan)``, or ``(None,)`` when the fixed seats overdraw the deck;
        ``masks`` is ``None`` when some seat allows part of a faction's roles only (the
        role DP is needed); ``plan`` is, for two factions, ``(seat, 3)`` for a seat of
        either faction and ``(seat, 1 or 2)`` for a seat of the first or second only
        (``None`` otherwise).

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
            plan = None
            if masks is not None and len(caps) == 2:
                plan = tuple((s, m[0] + 2 * m[1]) for s, m in zip(free, masks))
            fixed_kind = tuple((s, fi[rf[r]]) for s, r in fixed.items())
            out = (fixed, rem, live, tuple(free), masks, caps, scale, fixed_kind, plan)
        shared[key] = out
        return out

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
        fixed, rem, live, free, masks, caps, scale, fixed_kind, plan = st
        soft = self.soft
        const = 1.0
        for s, i in fixed_kind:
            const *= soft[s][i]
        if masks is None:
            return self._solve_roles(allowed, fixed, rem, live, free, const)
        if plan is not None:
            rows = []
            for s, code in plan:
                if code == 3:
                    rows.append(soft[s])
                elif code == 1:
                    rows.append((soft[s][0], 0.0))
                elif code == 2:
                    rows.append((0.0, soft[s][1]))
                else:
                    rows.append((0.0, 0.0))
            z, marg = solve(rows, caps)
        else:
            rows = []
            for s, mask in zip(free, masks):
                w = soft[s]
                rows.append([w[i] if m else 0.0 for i, m in enumerate(mask)])
            z, marg = solve(rows, caps)
        if z <= 0:
            return 0.0, None, None
        return const * z * scale, (free, marg), (st, marg)  # role marginals: see _roles_of

    def _roles_of(self, st: tuple, marg) -> dict[int, dict[str, float]]:
        """Per seat, the role marginals of a faction-DP hypothesis (structure ``st``,
        faction marginals ``marg`` of its free seats): roles inside a faction are shuffled
        uniformly."""
        fixed, rem, live, free, caps = st[0], st[1], st[2], st[3], st[5]
        fi, rf = self.findex, self.role_faction
        out: dict[int, dict[str, float]] = {s: {r: 1.0} for s, r in fixed.items()}
        for s, row in zip(free, marg):
            out[s] = {r: row[fi[rf[r]]] * rem[r] / caps[fi[rf[r]]] for r in live if caps[fi[rf[r]]]}
        return out

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

    def _hypotheses(self, base: list):
        """``(odds, roles each seat may hold)`` of every claim hypothesis that the deck and
        ``base`` (the roles each seat may hold on the hard facts) allow."""
        claimants = list(self.claims)[-MAX_CLAIMANTS:]
        rf = self.role_faction
        for truth in product((True, False), repeat=len(claimants)):
            allowed = list(base)
            odds = 1.0
            used: dict[str, int] = {}
            ok = True
            for c, honest in zip(claimants, truth):
                role, facts = self.claims[c]
                if honest:
                    used[role] = used.get(role, 0) + 1
                    if used[role] > self.board.deck.get(role, 0):
                        ok = False
                        break
                    allowed[c] = allowed[c] & {role}
                    for s, roles in facts:
                        if 1 <= s <= self.n:
                            allowed[s] = allowed[s] & roles
                    odds *= TRUTHFUL if self.first.get(c, True) else TRUTHFUL * COUNTER
                else:
                    allowed[c] = frozenset(r for r in allowed[c] if rf[r] != rf[role])
                    # a bluffer states facts about as likely as the deck makes them: the
                    # honest reading pays for its facts in fewer deals, so this one does too
                    odds *= (FIRST_BLUFF if self.first.get(c, True) else BLUFF) * self._plausible(facts)
            if ok and all(allowed[1:]):
                yield odds, allowed

    def _narrowed(self) -> list:
        """The claim hypotheses with their :meth:`_structure`, from those of the same
        evidence with this seat's own roles left open (shared by every seat that knows
        nothing more than its card and the public evidence): a hypothesis narrows one
        seat's roles by intersections, so narrowing this seat afterwards gives the same
        hypotheses, in the same order."""
        s, own = self.seat, self.allowed[self.seat] if 1 <= self.seat <= self.n else None
        if own is None:
            return [(odds, allowed, self._structure(allowed)) for odds, allowed in self._hypotheses(self.allowed)]
        base = list(self.allowed)
        base[s] = self.every
        bkey = ("hypotheses", tuple(base), self._claims_key())
        shared = self.shared
        hyps = shared.get(bkey)
        if hyps is None:
            hyps = shared[bkey] = [(odds, allowed, self._structure(allowed)) for odds, allowed in self._hypotheses(base)]
        out = []
        for odds, allowed, st in hyps:
            mine = allowed[s] & own
            if not mine:
                continue
            if mine != allowed[s]:
                allowed = list(allowed)
                allowed[s] = mine
                st = self._structure(allowed, (st, s))
            out.append((odds, allowed, st))
        return out

    def _plausible(self, facts) -> float:
        """The deck's odds that every stated fact holds, seat by seat independently."""
        deck = self.board.deck
        total = sum(deck.values()) or 1
        out = 1.0
        for _, roles in facts:
            out *= sum(deck.get(r, 0) for r in roles) / total
        return out

    def _claims_key(self) -> tuple:
        return tuple((c, r, tuple(f), self.first.get(c, True)) for c, (r, f) in self.claims.items())

    def _evidence(self) -> tuple:
        """Everything the marginals depend on, hashable."""
        return (tuple(self.allowed), tuple(map(tuple, self.soft)), self._claims_key())

    def _update(self) -> None:
        """Faction marginals summed over the claim hypotheses (looked up in the shared
        cache first); role marginals wait for :meth:`_role_marginals` (most hints read
        factions only)."""
        key = self._evidence()
        hit = self.shared.get(key)
        if hit is None:
            self._compute(key)
            if len(self.shared) > 4096:
                self.shared.clear()
            self.shared[key] = hit = [self._marg, self._solved, self._total, self._roles]
        self._marg, self._solved, self._total, self._roles = hit
        self._entry = hit
        self._susp = None

    def _compute(self, key: tuple) -> None:
        """:meth:`_update` on a cache miss; ``key`` is :meth:`_evidence`."""
        total = 0.0
        k = len(self.cap)
        marg = [[0.0] * k for _ in range(self.n + 1)]
        solved = []
        hkey = ("hypotheses", key[0], key[2])  # the soft weights do not change them
        hyps = self.shared.get(hkey)
        if hyps is None:
            hyps = self.shared[hkey] = self._narrowed() if self.seat is not None else \
                [(odds, allowed, self._structure(allowed)) for odds, allowed in self._hypotheses(self.allowed)]
        for odds, allowed, st in hyps:
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
        self._solved, self._total, self._roles = solved, total, None
        if total <= 0:  # contradictory evidence: fall back to the deck's shares
            self._marg = [[c / sum(self.cap) for c in self.cap] for _ in range(self.n + 1)]
            return
        self._marg = [[x / total for x in row] for row in marg]

    def _role_marginals(self) -> list[dict[str, float]]:
        """Per seat, the probability of each role."""
        if self._marg is None:
            self._update()
        if self._roles is not None:
            return self._roles
        deck = self.board.deck
        if self._total <= 0:
            self._roles = [{r: c / sum(deck.values()) for r, c in deck.items()} for _ in range(self.n + 1)]
            return self._roles
        out: list[dict[str, float]] = [{} for _ in range(self.n + 1)]
        for wz, roles in self._solved:
            if roles.__class__ is tuple:
                roles = self._roles_of(*roles)
            for s in range(1, self.n + 1):
                row = out[s]
                for r, x in roles.get(s, {}).items():
                    row[r] = row.get(r, 0.0) + wz * x
        self._roles = [{r: x / self._total for r, x in row.items()} for row in out]
        self._entry[3] = self._roles  # shared with the minds that hit the same entry
        return self._roles

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
            return self._role_marginals()[seat].get(what, 0.0) if 1 <= seat <= self.n else 0.0
        return self.faction(seat, what)

    def suspicion(self, seat: int) -> float:
        """The probability that ``seat`` is not on this seat's side (for the public view:
        not in the deck's largest faction)."""
        if self._marg is None:
            self._update()
        susp = self._susp
        if susp is None:  # every seat's at once: a hint reads them option by option
            side = self.side if self.side is not None else self.factions[0]
            i = self.findex.get(side)
            susp = self._susp = [1.0 - (row[i] if i is not None else 0.0) for row in self._marg]
            susp[0] = 1.0
        if seat.__class__ is int and 0 < seat <= self.n:
            return susp[seat]
        side = self.side if self.side is not None else self.factions[0]
        return 1.0 - self.faction(seat, side)

    # ---- fast queries (hints branch)
    def suspicions(self) -> list[float]:
        """:meth:`suspicion` of seats 0 to ``n`` (index: the seat; seat 0 is 1.0), one
        list for a decision that reads many; the beliefs' own list, not to be changed."""
        self.suspicion(1)  # fills the per-seat list, when it is kept
        susp = getattr(self, "_susp", None)
        return susp if susp is not None else [self.suspicion(s) for s in range(self.n + 1)]


_NO = object()
