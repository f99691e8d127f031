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

    def __init__(self, board, seat: int | None = None):
        self.board = board
        self.seat = seat
        self.side: str | None = None
        self.n = board.n
        self.factions = sorted(board.factions, key=lambda f: (-board.factions[f], str(f)))
        self.cap = [board.factions[f] for f in self.factions]
        self.role_faction = {r: c.faction for r, c in board.roles.items()}
        every = frozenset(board.deck)
        self.allowed: list[frozenset] = [every] * (self.n + 1)
        self.soft: list[list[float]] = [[1.0] * len(self.factions) for _ in range(self.n + 1)]
        self.claims: dict[int, tuple[str, list[tuple[int, frozenset]]]] = {}
        self.first: dict[int, bool] = {}   # claimant -> whether nobody claimed its role before
        self._marg: list[list[float]] | None = None
        self._roles: list[dict[str, float]] | None = None
        self._solved: list = []
        self._base: dict[frozenset, list[float]] = {}
        self.findex = {f: i for i, f in enumerate(self.factions)}
        self._total = 0.0

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
        out = set()
        for r, card in self.board.roles.items():
            have = {"role": r, "faction": card.faction, "team": card.team, "class": card.klass}.get(
                prop, card.props.get(prop, _NO))
            if have == value:
                out.add(r)
        return frozenset(out) if out else None

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
    def _weights(self, allowed) -> list[list[float]]:
        """Per seat, per faction: the share of the faction's cards the seat may hold,
        times the seat's soft weight for that faction."""
        base = self._base
        out = [[0.0] * len(self.cap)]
        for s in range(1, self.n + 1):
            roles = allowed[s]
            b = base.get(roles)
            if b is None:
                b = base[roles] = self._share(roles)
            soft = self.soft[s]
            out.append([x * y for x, y in zip(b, soft)])
        return out

    def _share(self, roles) -> list[float]:
        w = [0.0] * len(self.cap)
        for r in roles:
            w[self.findex[self.role_faction[r]]] += self.board.deck[r]
        return [x / c if c else 0.0 for x, c in zip(w, self.cap)]

    def _solve(self, w) -> tuple[float, list[list[float]]]:
        """Total weight and per-seat faction marginals under weights ``w`` (a DP over
        how many cards of each faction seats 1..i hold)."""
        sides = [[i for i, x in enumerate(row) if x] for row in w[1:]]
        if all(len(c) == 1 for c in sides):  # every seat's side is known (a wolf's view)
            return self._solve_known(w, [c[0] for c in sides])
        if len(self.cap) == 2:
            return self._solve2(w)
        return self._solve_any(w)

    def _solve_known(self, w, side: list[int]) -> tuple[float, list[list[float]]]:
        """:meth:`_solve` when seat ``s`` can only be on side ``side[s - 1]``."""
        k, used, z = len(self.cap), [0] * len(self.cap), 1.0
        for s, i in enumerate(side, 1):
            used[i] += 1
            z *= w[s][i]
        if any(u > c for u, c in zip(used, self.cap)) or z <= 0:
            return 0.0, []
        z /= _prod_fact(self.cap, used)
        return z, [[0.0] * k] + [[1.0 if j == i else 0.0 for j in range(k)] for i in side]

    def _solve2(self, w) -> tuple[float, list[list[float]]]:
        """:meth:`_solve` for two factions: the state is how many of seats 1..s hold the
        second faction's cards (lists, no tuples)."""
        n, (c0, c1) = self.n, self.cap
        fwd = [[0.0] * (c1 + 2) for _ in range(n + 1)]
        fwd[0][0] = 1.0
        for s in range(1, n + 1):
            w0, w1 = w[s]
            prev, cur = fwd[s - 1], fwd[s]
            for j in range(max(0, s - c0), min(s, c1) + 1):
                cur[j] = prev[j] * w0 + (prev[j - 1] * w1 if j else 0.0)
        end = [0.0] * (c1 + 2)
        for j in range(c1 + 1):
            if 0 <= c0 - (n - j):
                end[j] = 1.0 / (factorial(c0 - (n - j)) * factorial(c1 - j))
        z = sum(a * b for a, b in zip(fwd[n], end))
        if z <= 0:
            return 0.0, []
        marg = [[0.0, 0.0] for _ in range(n + 1)]
        bwd = end
        for s in range(n, 0, -1):
            w0, w1 = w[s]
            prev = fwd[s - 1]
            m0 = m1 = 0.0
            back = [0.0] * (c1 + 2)
            for j in range(c1 + 1):
                f = prev[j]
                b0, b1 = bwd[j] * w0, bwd[j + 1] * w1
                m0 += f * b0
                m1 += f * b1
                back[j] = b0 + b1
            marg[s] = [m0 / z, m1 / z]
            bwd = back
        return z, marg

    def _solve_any(self, w) -> tuple[float, list[list[float]]]:
        """:meth:`_solve` for any number of factions (states: tuples of counts)."""
        k, n, cap = len(self.cap), self.n, self.cap
        fwd = [{(0,) * k: 1.0}]
        for s in range(1, n + 1):
            nxt: dict = {}
            ws = w[s]
            for state, v in fwd[-1].items():
                for i in range(k):
                    if ws[i] and state[i] < cap[i]:
                        t = state[:i] + (state[i] + 1,) + state[i + 1:]
                        nxt[t] = nxt.get(t, 0.0) + v * ws[i]
            fwd.append(nxt)
        end = {t: 1.0 / _prod_fact(cap, t) for t in fwd[n]}
        z = sum(fwd[n][t] * end[t] for t in end)
        if z <= 0:
            return 0.0, []
        bwd = end
        marg = [[0.0] * k for _ in range(n + 1)]
        for s in range(n, 0, -1):
            prev: dict = {}
            ws = w[s]
            for state, v in fwd[s - 1].items():
                acc = 0.0
                for i in range(k):
                    if ws[i] and state[i] < cap[i]:
                        t = state[:i] + (state[i] + 1,) + state[i + 1:]
                        b = bwd.get(t)
                        if b:
                            x = v * ws[i] * b
                            marg[s][i] += x
                            acc += b * ws[i]
                prev[state] = acc
            bwd = prev
        for s in range(1, n + 1):
            marg[s] = [x / z for x in marg[s]]
        return z, marg

    def _hypotheses(self):
        claimants = list(self.claims)[-MAX_CLAIMANTS:]
        rf = self.role_faction
        for truth in product((True, False), repeat=len(claimants)):
            allowed = list(self.allowed)
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

    def _plausible(self, facts) -> float:
        """The deck's odds that every stated fact holds, seat by seat independently."""
        deck = self.board.deck
        total = sum(deck.values()) or 1
        out = 1.0
        for _, roles in facts:
            out *= sum(deck.get(r, 0) for r in roles) / total
        return out

    def _update(self) -> None:
        """Faction marginals summed over the claim hypotheses; role marginals wait for
        :meth:`_role_marginals` (most hints read factions only)."""
        k = len(self.cap)
        total = 0.0
        marg = [[0.0] * k for _ in range(self.n + 1)]
        solved = []
        for odds, allowed in self._hypotheses():
            z, m = self._solve(self._weights(allowed))
            if z <= 0:
                continue
            wz = odds * z
            total += wz
            solved.append((wz, allowed, m))
            for s in range(1, self.n + 1):
                row, out = m[s], marg[s]
                for i in range(k):
                    out[i] += wz * row[i]
        self._solved, self._total, self._roles = solved, total, None
        if total <= 0:  # contradictory evidence: fall back to the deck's shares
            self._marg = [[c / sum(self.cap) for c in self.cap] for _ in range(self.n + 1)]
            return
        self._marg = [[x / total for x in row] for row in marg]

    def _role_marginals(self) -> list[dict[str, float]]:
        """Per seat, the probability of each role: a faction's weight shared among the
        seat's allowed roles of that faction in proportion to their cards."""
        if self._marg is None:
            self._update()
        if self._roles is not None:
            return self._roles
        deck, rf, k = self.board.deck, self.role_faction, len(self.cap)
        if self._total <= 0:
            self._roles = [{r: c / sum(deck.values()) for r, c in deck.items()} for _ in range(self.n + 1)]
            return self._roles
        index = {f: i for i, f in enumerate(self.factions)}
        roles: list[dict[str, float]] = [{} for _ in range(self.n + 1)]
        for wz, allowed, m in self._solved:
            for s in range(1, self.n + 1):
                share = [0.0] * k
                for r in allowed[s]:
                    share[index[rf[r]]] += deck[r]
                row, out = m[s], roles[s]
                for r in allowed[s]:
                    i = index[rf[r]]
                    out[r] = out.get(r, 0.0) + wz * row[i] * deck[r] / share[i]
        self._roles = [{r: x / self._total for r, x in row.items()} for row in roles]
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
        side = self.side if self.side is not None else self.factions[0]
        return 1.0 - self.faction(seat, side)


_NO = object()


def _prod_fact(cap, used) -> float:
    """``prod (cap_i - used_i)!``: the ways the cards left over can lie face down."""
    out = 1
    for c, u in zip(cap, used):
        out *= factorial(c - u)
    return float(out)
