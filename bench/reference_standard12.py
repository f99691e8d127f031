#!/usr/bin/env python3
"""A plain, hand-written simulator of standard-12 with random players: the benchmark's yardstick.

    python bench/reference_standard12.py                  # 20,000 games, rates and games/s
    python bench/reference_standard12.py --games 5000 --seed 3 --json

It plays exactly the rules the engine reads from ``rulesets/standard-12.wolf`` with the
prelude and ``roles.wolf`` at their default options (rules.md CONFIG-06 with the guard),
and exactly the ``random`` agent's policy: every decision is uniform over its legal
options plus passing where the rules allow it (a pass on a yes/no question means no, so
"yes" comes up one time in three); every ballot is uniform over the candidates plus
abstaining. It is a yardstick, not a second engine: no event log, no data-driven rules,
one function a phase. It does not reproduce the engine's games one by one (the random
draws come in another order); it reproduces their distribution, which
``tests/test_reference.py`` checks: win rates, mean length and decisions per game agree.

The rules, in the order the engine applies them (rule IDs from rules.md):

- Night (NIGHT-02 order_a): guard (any living player but last night's choice, or nobody;
  ROLE-GUARD-02), wolves (any living player, a wolf included, or nobody), witch (shown
  the target while she holds the antidote; she may not save herself, ROLE-WITCH-05
  never; the poison only if she did not save tonight), seer (another living player),
  hunter (told, no decision), dawn: the target dies unless exactly one of protection and
  antidote applies (ROLE-GUARD-03); wins are checked; then the poisoned die (WIN-04).
- Day 1 election before the announcement (SHERIFF-02..08): the living and the night's
  dead (in seat order) may run; the candidates' claims (SHERIFF-03) and the wolves'
  self-destruct point; candidates may withdraw; the players who never ran vote; a tie
  goes to one runoff, a second tie (or no ballot) elects nobody. A self-destruct ends
  the day and loses the badge.
- Announcement: the night's dead in order of death; a hunter killed by the wolves (or
  exiled) may shoot a living player; a dead sheriff passes the badge or tears it.
- Discussion: the claims (seer, the wolves' fake seer, the witch's, the hunter's), the
  sheriff's recommendation, the self-destruct point (a wolf who self-destructs ends the
  day at once).
- Exile vote by the living (the sheriff's ballot counts 2); a tie goes to one PK round
  among the tied players, voted by the others; a second tie exiles nobody.
- Wins after every death and at the end of each phase: side kill (no god or no plain
  villager alive) before the village (no wolf alive); past day 40 the game is a draw.

Claims and the recommendation change nothing a random player does, but they are
decisions the engine asks for, so they are asked here too: the work per game is the same.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

WOLF, SEER, WITCH, HUNTER, GUARD, VILLAGER = "werewolf", "seer", "witch", "hunter", "guard", "villager"
DECK = [WOLF] * 4 + [SEER, WITCH, HUNTER, GUARD] + [VILLAGER] * 4
GODS = (SEER, WITCH, HUNTER, GUARD)
MAX_DAYS = 40
SHERIFF_WEIGHT = 2


class GameOver(Exception):
    """A win rule holds: ``winner`` is ``"village"``, ``"werewolves"`` or ``None`` (a draw)."""

    def __init__(self, winner):
        self.winner = winner


class Game:
    """One game of standard-12 with random players; :meth:`play` returns
    ``(winner, days, decisions)``."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        deck = DECK[:]
        rng.shuffle(deck)
        self.role = [None] + deck                    # seat -> role, seats 1..12
        self.alive = [False] + [True] * 12
        self.seat_of = {r: s for s, r in enumerate(self.role) if r in GODS}
        self.wolves = [s for s in range(1, 13) if self.role[s] == WOLF]
        self.decisions = 0
        self.day = 1
        self.cause = {}
        self.sheriff = None
        self.badge_gone = False
        self.last_protected = None
        self.antidote = self.poison = 1
        self.checked = []       # the seer's checks
        self.reported = []      # what he has told the table
        self.fake_seer = None   # the wolf claiming to be the seer
        self.fake_reported = []
        self.fake_day = 0
        self.hunter_claimed = False
        self.witch_claimed = False

    # ------------------------------------------------------------------ the random player
    def pick(self, options):
        """One of ``options`` or ``None`` (pass / abstain), uniformly."""
        self.decisions += 1
        i = self.rng.randrange(len(options) + 1)
        return options[i] if i < len(options) else None

    def yes(self):
        """A yes/no question that may be passed: yes one time in three."""
        self.decisions += 1
        return self.rng.randrange(3) == 0

    def living(self):
        alive = self.alive
        return [s for s in range(1, 13) if alive[s]]

    def holder_alive(self, role):
        s = self.seat_of[role]
        return s if self.alive[s] else None

    # ------------------------------------------------------------------ wins and deaths
    def check_win(self):
        alive, role = self.alive, self.role
        gods = plain = wolves = False
        for s in range(1, 13):
            if alive[s]:
                r = role[s]
                if r == WOLF:
                    wolves = True
                elif r == VILLAGER:
                    plain = True
                else:
                    gods = True
        if not gods or not plain:
            raise GameOver("werewolves")
        if not wolves:
            raise GameOver("village")

    def kill(self, seat, cause):
        """A death; by day it is announced at once (its shot and badge)."""
        self.alive[seat] = False
        self.cause[seat] = cause
        self.check_win()

    def announce(self, seat):
        """The triggers of an announced death: the hunter's shot, then the badge."""
        if self.role[seat] == HUNTER and self.cause[seat] in ("wolf", "exile"):
            t = self.pick(self.living())
            if t is not None:
                self.kill(t, "shot")
                self.announce(t)
        if seat == self.sheriff:
            t = self.pick([s for s in self.living() if s != seat])
            self.sheriff = t
            if t is None:
                self.badge_gone = True

    # ------------------------------------------------------------------ night
    def night(self):
        protected = saved = poisoned = None
        guard = self.holder_alive(GUARD)
        if guard is not None:
            t = self.pick([s for s in self.living() if s != self.last_protected])
            protected = t
            self.last_protected = t
        target = self.pick(self.living())
        witch = self.holder_alive(WITCH)
        if witch is not None:
            saving = False
            if self.antidote and target is not None and target != witch:
                saving = self.yes()
                if saving:
                    saved = target
                    self.antidote = 0
            if self.poison and not saving:
                poisoned = self.pick(self.living())
                if poisoned is not None:
                    self.poison = 0
        seer = self.holder_alive(SEER)
        if seer is not None:
            t = self.pick([s for s in self.living() if s != seer])
            if t is not None:
                self.checked.append(t)
        dead = []
        if target is not None and (target == protected) == (target == saved):
            dead.append(target)
            self.kill(target, "wolf")
        if poisoned is not None and self.alive[poisoned]:
            dead.append(poisoned)
            self.kill(poisoned, "poison")
        return dead

    # ------------------------------------------------------------------ day
    def claims(self, speaking):
        """The claims of the players who speak now (SHERIFF-03: in a campaign, the candidates)."""
        seer = self.holder_alive(SEER)
        if seer in speaking and any(x not in self.reported for x in self.checked):
            if self.yes():
                self.reported = list(self.checked)
        if self.fake_seer is None:
            liars = [w for w in self.wolves if self.alive[w] and w in speaking]
            if liars:
                self.fake_seer = self.pick(liars)
        f = self.fake_seer
        if f is not None and self.alive[f] and f in speaking and self.fake_day < self.day:
            self.fake_day = self.day
            t = self.pick([s for s in self.living() if s != f and s not in self.fake_reported])
            if t is not None:
                self.fake_reported.append(t)
        if not self.witch_claimed and self.holder_alive(WITCH) in speaking:
            self.witch_claimed = self.yes()
        if not self.hunter_claimed and self.holder_alive(HUNTER) in speaking:
            self.hunter_claimed = self.yes()

    def self_destruct_point(self):
        """True when a wolf self-destructs (the day ends)."""
        for w in [w for w in self.wolves if self.alive[w]]:
            if self.yes():
                self.kill(w, "self_destruct")
                self.announce(w)
                return True
        return False

    def election(self, night_dead):
        electorate = sorted(self.living() + night_dead)
        runners = [p for p in electorate if self.yes()]
        self.claims(set(runners))
        if self.self_destruct_point():
            self.badge_gone = True   # SHERIFF-09: the badge is lost
            return True
        cands = [p for p in runners if not self.yes()]
        if len(cands) == 1:
            self.sheriff = cands[0]
        elif len(cands) > 1:
            voters = [v for v in electorate if v not in runners]
            for rnd in (1, 2):
                tally = {}
                for _ in voters:
                    c = self.pick(cands)
                    if c is not None:
                        tally[c] = tally.get(c, 0) + 1
                top = top_of(tally)
                if len(top) == 1:
                    self.sheriff = top[0]
                    break
                if len(top) < 2:
                    break
                cands = top
        return False

    def exile(self):
        cands = self.living()
        voters = cands
        for rnd in (1, 2):
            tally = {}
            for v in voters:
                c = self.pick(cands)
                if c is not None:
                    tally[c] = tally.get(c, 0) + (SHERIFF_WEIGHT if v == self.sheriff else 1)
            top = top_of(tally)
            if len(top) == 1:
                self.kill(top[0], "exile")
                self.announce(top[0])
                return
            if len(top) < 2:
                return
            voters = [v for v in self.living() if v not in top]
            cands = top

    def daytime(self, night_dead):
        cut = False
        if self.day == 1:
            cut = self.election(night_dead)
        for s in night_dead:
            self.announce(s)
        if not cut:
            self.claims(set(self.living()))
            s = self.sheriff
            if s is not None and self.alive[s]:
                self.pick([q for q in self.living() if q != s])   # the recommendation
            cut = self.self_destruct_point()
        if not cut:
            self.exile()

    def play(self):
        try:
            while True:
                if self.day > MAX_DAYS:
                    self.day = MAX_DAYS
                    raise GameOver(None)
                dead = self.night()
                self.check_win()
                self.daytime(dead)
                self.check_win()
                self.day += 1
        except GameOver as over:
            return over.winner, self.day, self.decisions


def top_of(tally):
    """The seats with the most votes, in seat order (empty when nobody voted)."""
    if not tally:
        return []
    best = max(tally.values())
    return sorted(s for s, n in tally.items() if n == best)


def play(rng: random.Random):
    """One game: ``(winner, days, decisions)``; ``winner`` is ``"village"``,
    ``"werewolves"`` or ``None`` (a draw at the day bound)."""
    return Game(rng).play()


def simulate(games: int, seed: int = 1) -> dict:
    """``games`` games from one generator seeded with ``seed``: wins per faction,
    draws, and the mean and sample standard deviation of days and decisions a game."""
    rng = random.Random(seed)
    wins = {"village": 0, "werewolves": 0}
    draws = 0
    days = []
    decisions = []
    for _ in range(games):
        winner, d, k = play(rng)
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
        days.append(d)
        decisions.append(k)
    return {"games": games, "wins": wins, "draws": draws,
            "days": _moments(days), "decisions": _moments(decisions)}


def _moments(xs):
    n = len(xs)
    m = sum(xs) / n if n else 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return {"mean": m, "stdev": sd}


def games_per_second(games: int, seed: int = 1) -> float:
    """Games per second of :func:`play` over ``games`` games, in this process."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    for _ in range(games):
        play(rng)
    return games / (time.perf_counter() - t0)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    result = simulate(args.games, args.seed)
    result["games_per_second"] = round(args.games / (time.perf_counter() - t0), 1)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    n = args.games
    for f, w in result["wins"].items():
        print(f"  {f:<11} {w / n:7.2%}")
    print(f"  draws       {result['draws'] / n:7.2%}")
    print(f"  days        {result['days']['mean']:7.3f} (sd {result['days']['stdev']:.3f})")
    print(f"  decisions   {result['decisions']['mean']:7.2f} a game")
    print(f"  {result['games_per_second']:.0f} games/s")


if __name__ == "__main__":
    sys.exit(main())
