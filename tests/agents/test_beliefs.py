"""Beliefs: the exact marginals, checked against brute force over every deal."""
from itertools import permutations, product

import pytest

from wolfdsl.agents import beliefs as B
from wolfdsl.agents.beliefs import Beliefs
from wolfdsl.play.views import Board, RoleCard

WOLF = "werewolves"
TOLD = {frozenset({"seat", "result"}): {"result": ("prop", "seat", ("appears",))},
        frozenset({"seats", "wolf_among"}): {"wolf_among": ("some", "seats", ("faction",), WOLF, "any")},
        frozenset({"seats", "wolves"}): {"wolves": ("some", "seats", ("faction",), WOLF, "count")},
        frozenset({"saw"}): {"saw": ("member", WOLF)},
        frozenset({"who", "verdict"}): {"verdict": ("either", "who", (("prop", "who", ("appears",)),
                                                                     ("test", "who", ("faction",), WOLF, "bad", "ok")))},
        frozenset({"pack"}): {"pack": ("either", None, (("members", WOLF), ("those", ("faction",), WOLF, "alive")))}}


def board(deck: dict, n: int) -> Board:
    roles = {r: RoleCard(r, WOLF if r.startswith("wolf") else "village",
                         WOLF if r.startswith("wolf") else None, None,
                         {"appears": "wolf" if r.startswith("wolf") else "good"}) for r in deck}
    factions: dict = {}
    for r, k in deck.items():
        factions[roles[r].faction] = factions.get(roles[r].faction, 0) + k
    return Board("test", n, dict(deck), roles, factions, TOLD)


def brute(b: Beliefs, living=None):
    """Faction and role marginals by enumerating every deal and every claim hypothesis
    (with ``living``, the deals that leave those seats all on one side left out)."""
    deck = [r for r, k in b.board.deck.items() for _ in range(k)]
    rf = b.role_faction
    total, fac, role = 0.0, {}, {}
    claimants = list(b.claims)
    for perm in set(permutations(deck)):
        seats = (None,) + perm[:b.n]
        if any(seats[s] not in b.allowed[s] for s in range(1, b.n + 1)):
            continue
        if not all(any(all(seats[s] in roles for s, roles in alt) for alt in fact) for fact in b.either):
            continue
        if living is not None and len({rf[seats[s]] for s in living}) == 1:
            continue
        w = 1.0
        for s in range(1, b.n + 1):
            w *= b.soft[s][b.factions.index(rf[seats[s]])]
        like = 0.0
        for truth in product((True, False), repeat=len(claimants)):
            odds = 1.0
            bluffed = set()
            for c, honest in zip(claimants, truth):
                claimed, facts = b.claims[c]
                if honest:
                    if seats[c] != claimed or any(
                            not any(all(seats[t] in r for t, r in alt) for alt in roles) if s == 0
                            else seats[s] not in roles for s, roles in facts):
                        odds = 0.0
                        break
                    odds *= B.TRUTHFUL if b.first[c] else B.TRUTHFUL * B.COUNTER
                else:
                    if rf[seats[c]] == rf[claimed]:
                        odds = 0.0
                        break
                    odds *= (B.FIRST_BLUFF if b.first[c] else B.BLUFF) * b._plausible(facts)
                    odds *= B.PRESSED if c in b.pressed else 1.0
                    odds *= B.BOTH_BLUFF if claimed in bluffed else 1.0
                    bluffed.add(claimed)
            like += odds
        w *= like
        total += w
        for s in range(1, b.n + 1):
            fac[(s, rf[seats[s]])] = fac.get((s, rf[seats[s]]), 0.0) + w
            role[(s, seats[s])] = role.get((s, seats[s]), 0.0) + w
    return {k: v / total for k, v in fac.items()}, {k: v / total for k, v in role.items()}


def assert_matches(b: Beliefs, living=None):
    fac, role = brute(b, living)
    for s in range(1, b.n + 1):
        for f in b.factions:
            assert b.faction(s, f) == pytest.approx(fac.get((s, f), 0.0), abs=1e-9), (s, f)
        for r in b.board.deck:
            assert b.prob(s, r) == pytest.approx(role.get((s, r), 0.0), abs=1e-9), (s, r)


DECK6 = {"wolf": 2, "seer": 1, "witch": 1, "villager": 2}


def test_a_villager_knows_only_his_card():
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    assert b.faction(1, "village") == 1.0
    assert b.suspicion(2) == pytest.approx(2 / 5)   # two wolves among five unknown cards
    assert b.prob(2, "seer") == pytest.approx(1 / 5)
    assert_matches(b)


def test_a_wolf_told_his_team_knows_every_side():
    b = Beliefs(board(DECK6, 6), seat=3)
    b.fix(3, "wolf", WOLF)
    b.members(WOLF, [3, 5])
    assert [round(b.suspicion(s), 9) for s in range(1, 7)] == [1, 1, 0, 1, 0, 1]
    assert b.prob(1, "seer") == pytest.approx(1 / 4)
    assert_matches(b)


def test_a_seer_result_is_a_hard_fact():
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "seer", "village")
    b.told({"seat": 4, "result": "wolf"})
    assert b.faction(4, WOLF) == 1.0
    assert b.suspicion(2) == pytest.approx(1 / 4)    # one wolf left among four seats
    assert_matches(b)


def test_a_wolf_among_two_seats_is_a_fact_about_both():
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    b.told({"seats": [2, 3], "wolf_among": True})
    # two wolves among seats 2-6: 10 deals, 7 with a wolf at 2 or 3, 4 of them at 2
    assert b.faction(2, WOLF) == pytest.approx(4 / 7)
    assert b.faction(4, WOLF) == pytest.approx(2 / 7)
    assert_matches(b)
    b.told({"seats": [2, 4], "wolf_among": False})   # none at 2 or 4: so 3 is one
    assert b.faction(3, WOLF) == 1.0
    assert b.faction(2, WOLF) == 0.0
    assert_matches(b)


def test_how_many_wolves_among_seats_is_exact():
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    b.told({"seats": [2, 3, 4], "wolves": 1})
    assert b.faction(5, WOLF) == pytest.approx(1 / 2)
    assert b.faction(2, WOLF) == pytest.approx(1 / 3)
    b.claim(5, "seer", {"seat": 2, "result": "wolf"})
    assert_matches(b)
    b.told({"seats": [2, 3], "wolves": 2})   # contradicts the first: no deal, the deck's shares
    assert b.faction(6, WOLF) == pytest.approx(2 / 6)


def test_one_wolf_seen_a_worded_result_and_the_living_wolves_listed():
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    b.told({"saw": 4})
    assert b.faction(4, WOLF) == 1.0
    b.told({"who": 2, "verdict": "ok"})   # the worded reading (no role appears "ok")
    assert b.faction(2, WOLF) == 0.0
    b.told({"who": 3, "verdict": "wolf"})   # the appears reading
    assert b.faction(3, WOLF) == 1.0
    assert b.faction(5, WOLF) == 0.0   # two wolves found: 3 and 4
    c = Beliefs(board(DECK6, 6), seat=1)
    c.fix(1, "villager", "village")
    c.living([1, 2, 3, 5, 6])   # 4 is dead
    c.told({"pack": [5]})   # the living wolves listed: 5 is one; a seat dead tonight and not
    assert c.faction(5, WOLF) == 1.0   # yet announced would be left out too, so no more is sure
    assert [c.faction(s, WOLF) for s in (2, 3, 4, 6)] == [pytest.approx(1 / 4)] * 4
    assert_matches(c)


def test_a_claim_of_a_wolf_among_seats_matches_brute_force():
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    b.claim(2, "seer", {"seats": [3, 4], "wolf_among": True})
    b.claim(5, "seer", {"seats": [2, 6], "wolves": 2})   # a counter-claim: both 2 and 6
    assert_matches(b)
    plain = Beliefs(board(DECK6, 6), seat=1)
    plain.fix(1, "villager", "village")
    plain.claim(2, "seer", None)
    plain.claim(5, "seer", None)
    assert b.suspicion(3) > plain.suspicion(3)   # what 2 said of 3 and 4 counts


def test_claims_and_counter_claims_match_brute_force():
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    b.claim(2, "seer", {"seat": 3, "result": "wolf"})
    b.claim(3, "seer", {"seat": 2, "result": "wolf"})
    assert b.first == {2: True, 3: False}
    assert_matches(b)
    # the first claimant is believed more than the one who answers him (悍跳)
    assert b.suspicion(2) < b.suspicion(3)


def test_a_claim_under_pressure_and_its_answer_match_brute_force():
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    b.weigh(2, WOLF, 4.0)              # the table's top suspect
    b.claim(2, "witch", None, pressed=True)
    assert b.pressed == {2} and b.first == {2: True}
    assert_matches(b)
    alone = b.suspicion(2)
    b.claim(3, "witch", None)          # the holder answers him (对跳): a first claim too
    assert b.first == {2: True, 3: True}
    assert_matches(b)
    # the answer, not made under pressure, is believed over the claim to save oneself;
    # of two claims of one card one is true (two bluffers of one card: BOTH_BLUFF)
    assert b.suspicion(3) < 0.2 < alone < b.suspicion(2)
    b.claim(2, "witch", None)          # a repeated claim keeps its pressure
    assert b.pressed == {2}


def test_soft_evidence_and_face_down_cards_match_brute_force():
    b = Beliefs(board({"wolf": 2, "seer": 1, "villager": 4}, 6), seat=None)   # one card face down
    b.weigh(2, WOLF, 3.0)
    b.weigh(5, WOLF, 0.5)
    b.claim(4, "seer", {"seat": 2, "result": "good"})
    assert_matches(b)


def test_an_unseen_role_and_an_unknown_claim_change_nothing():
    b = Beliefs(board(DECK6, 6), seat=1)
    before = [b.suspicion(s) for s in range(1, 7)]
    b.claim(2, "hunter", {})           # no such card in the deck: not a hypothesis
    b.claim(3, None, {"seat": 1, "result": "wolf"})
    assert [b.suspicion(s) for s in range(1, 7)] == before


def test_the_deal_counters_agree_and_count_exactly():
    import random

    from wolfdsl.agents import deals
    rng = random.Random(5)
    for _ in range(40):
        rows = [[rng.random() * (rng.random() > 0.2), rng.random() * (rng.random() > 0.2)] for _ in range(7)]
        z1, m1 = deals._two(rows, [5, 3])     # 8 cards for 7 seats: one face down
        z2, m2 = deals._any(rows, [5, 3])
        assert z1 == pytest.approx(z2, rel=1e-9)
        if z2:
            assert [pytest.approx(r, abs=1e-9) for r in m1] == m2
    # 2 seats, kinds a*2, b*1, all weights 1: deals ab, ba, aa (a face-down b: 1/1!),
    # each weighted 1/(leftovers)!: ab -> 1/1!, ba -> 1/1!, aa -> 1/(0! 1!) = 1
    z, marg = deals.solve([[1, 1], [1, 1]], [2, 1])
    assert z == 3.0 and marg[0] == pytest.approx([2 / 3, 1 / 3])


def test_a_seat_narrows_the_public_hypotheses_to_the_same_ones():
    """A seat's claim hypotheses, narrowed from those of the public evidence (shared by
    every seat that knows only its card) by clamping the seat's row, are those built from
    scratch, in the same order, and give the same marginals (the brute force's)."""
    def seen(shared):
        b = Beliefs(board(DECK6, 6), seat=4, shared=shared)
        b.fix(4, "villager", "village")
        b.claim(2, "seer", {"seat": 3, "result": "wolf"})
        b.claim(3, "seer", {"seat": 4, "result": "wolf"})
        b.claim(5, "witch", {})
        return b
    shared: dict = {}
    other = Beliefs(board(DECK6, 6), seat=6, shared=shared)  # fills the shared public hypotheses
    other.fix(6, "seer", "village")
    for c, r, told in ((2, "seer", {"seat": 3, "result": "wolf"}), (3, "seer", {"seat": 4, "result": "wolf"}), (5, "witch", {})):
        other.claim(c, r, told)
    other.suspicion(1)
    got = seen(shared)._narrowed()
    fresh = seen({})
    want = list(fresh._hypotheses(fresh.allowed))
    assert len(got) == len(want) == 4
    assert [(o, a) for o, a, _, _ in got] == want
    # seat 4 is free in the shared structures and clamped: (index, its faction's bit, the
    # share of the village's cards that are villagers, the seat)
    clamps = [c for _, _, _, c in got]
    assert all(c is not None and c[3] == 4 and c[1] == 1 for c in clamps if c)
    assert any(clamps)
    for (_, _, st, c), (odds, allowed) in zip(got, want):
        if c:
            assert 4 in st[3] and c[2] == pytest.approx(st[1]["villager"] / st[5][0])
    assert_matches(seen(shared))


def test_a_seat_whose_card_was_claimed_by_another_matches_brute_force():
    """The real seer hears another seat claim the seer: the hypotheses where that seat
    tells the truth leave no seer card for him and drop out (a clamp with no card left);
    the rest are clamped at his seat. Faction and role marginals, soft evidence and a
    witch's claim included, equal the brute force's."""
    b = Beliefs(board(DECK6, 6), seat=2)
    b.fix(2, "seer", "village")
    b.told({"seat": 5, "result": "good"})
    b.claim(3, "seer", {"seat": 2, "result": "wolf"})
    b.claim(6, "witch", {})
    b.weigh(1, WOLF, 2.5)
    b.weigh(4, WOLF, 0.4)
    assert b.faction(3, WOLF) == pytest.approx(1.0)  # he knows the claim is false
    assert_matches(b)
    shared: dict = {}
    for seat, role, faction in ((1, "villager", "village"), (4, "wolf", WOLF), (6, "witch", "village")):
        other = Beliefs(board(DECK6, 6), seat=seat, shared=shared)  # minds sharing one game's caches
        other.fix(seat, role, faction)
        other.claim(3, "seer", {"seat": 2, "result": "wolf"})
        other.weigh(1, WOLF, 2.5)
        assert_matches(other)


def test_every_seats_probabilities_at_once():
    b = Beliefs(board(DECK6, 6), seat=2)
    b.fix(2, "seer", "village")
    b.claim(3, "seer", {"seat": 2, "result": "wolf"})
    for what in ("wolf", "seer", "villager", "village", WOLF, "nobody"):
        assert b.probs(what) == [0.0] + [b.prob(s, what) for s in range(1, 7)]
    assert b.suspicions() == [1.0] + [b.suspicion(s) for s in range(1, 7)]


def test_the_game_going_on_rules_out_one_sided_living_seats():
    """Four seats live (two are dead, as many as there are wolves): the game going on
    means the living are not all villagers (the wolves would have lost) nor all wolves.
    The marginals equal brute force over the deals left; with fewer dead the fact is
    empty and nothing changes."""
    b = Beliefs(board(DECK6, 6), seat=None)
    b.weigh(2, WOLF, 3.0)
    b.claim(4, "seer", {"seat": 2, "result": "wolf"})
    b.living({1, 2, 3, 4, 5, 6})
    before = [b.suspicion(s) for s in range(1, 7)]
    b.living({1, 2, 3, 4, 5})            # one dead: no deal puts five seats on one side
    assert [b.suspicion(s) for s in range(1, 7)] == before
    b.living({1, 2, 3, 5})               # 4 and 6 dead
    assert b.suspicion(1) != before[0]
    assert_matches(b, living={1, 2, 3, 5})


def test_the_game_going_on_with_a_seat_whose_side_is_known():
    """Seat 1, a villager, alive: only 'all the living are wolves' is ruled out by him;
    the other case (all villagers) still is by the game going on. Two living seats:
    seat 2 must then be a wolf."""
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    b.living({1, 2})
    assert b.suspicion(2) == pytest.approx(1.0)
    assert_matches(b, living={1, 2})
    b.living({1, 2, 3})
    assert_matches(b, living={1, 2, 3})
    # of the 10 wolf pairs among seats 2-6, the 3 within 4-6 leave 2 and 3 villagers
    # and are ruled out; seat 2 is in 4 of the 7 left
    assert b.suspicion(2) == pytest.approx(4 / 7)


def test_a_seat_that_changed_sides_is_on_its_own_side():
    """A villager card whose holder now plays for the wolves (a faction change: the
    mixed-blood's, the thief's): the deals still give his card to the village, but he
    never suspects himself (he used to vote himself out), and suspects the others of
    not being wolves."""
    b = Beliefs(board(DECK6, 6), seat=1)
    b.fix(1, "villager", "village")
    b.fix(1, "villager", WOLF)       # the faction change, as the agent hears it
    assert b.side == WOLF
    assert b.suspicion(1) == 0.0
    assert b.suspicion(2) == pytest.approx(3 / 5)   # not one of the two wolves among five
    assert b.suspicions()[1] == 0.0
