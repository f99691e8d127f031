"""The bottom cards (底牌) are the thief's secret: he is told both (ROLE-THIEF-01), the one
he may not take too, and no other seat learns them, whoever plays it (a person, a
program, a bot). A person at the thief's seat reads them, the question's pass note only
where he may keep his card, and ``?`` names the rules that removed the other choices."""
import json

import pytest

from clitools import runner
from wolfdsl.cli import app
from wolfdsl.lang.load import load
from wolfdsl.play.game import play
from wolfdsl.seats.router import PerSeat
from wolfdsl.seats.spec import SeatPlan
from wolfdsl.agents.registry import build


class Seat:
    """A seat player that keeps every message the seat is sent and answers with the
    first legal choice (passing where nothing is offered)."""

    seat_player = True

    def __init__(self, seat):
        self.seat, self.seen, self.asked = seat, [], []

    def start(self, hello):
        self.seen.append(hello)

    def observe(self, event):
        self.seen.append(event)

    def card(self, card):
        self.seen.append(card)

    def decide(self, request):
        self.asked.append(request)
        self.seen.append(request)  # in turn with what the seat was shown
        if request.kind == "seats":
            n = request.count or 1
            return tuple(request.options[:n]) if len(request.options) >= n else None
        return request.options[0] if request.options else None

    def end(self, info):
        self.seen.append(info)

    def close(self, failed):
        pass


def every_seat_game(rs, seed):
    seats = {s: Seat(s) for s in range(1, 13)}
    spec = "table, " + ", ".join(f"seat {s}=probe" for s in seats)
    agent = PerSeat(build("table", seed), seats, SeatPlan("table", {s: "probe" for s in seats}, 10.0), spec)
    result = play(rs, seed=seed, agent=agent, players=12, stop_after=("day", 1))
    return result, seats


@pytest.mark.parametrize("name", ["cupid-thief-12", "millers-hollow"])
def test_only_the_thief_is_told_the_bottom_cards(name):
    rs = load(name)
    dealt = 0
    for seed in range(12):
        result, seats = every_seat_game(rs, seed)
        start = result.events[0]
        bottom = start["extra_cards"]
        thief = [s["seat"] for s in start["seats"] if s["role"] == "thief"]
        informs = [e for e in result.events if e["type"] == "inform" and "bottom" in e["what"]]
        # told once, to the thief, before he chooses; nobody when the thief card is in the bottom
        assert [(e["seat"], e["what"]) for e in informs] == [(s, {"bottom": bottom}) for s in thief]
        for s, player in seats.items():
            told = [e for e in player.seen if isinstance(e, dict) and e.get("type") == "inform"
                    and "bottom" in e["what"]]
            assert told == ([informs[0]] if s in thief else []), (seed, s)
            if s not in thief:  # nor through any other message: the hello, game_start, ...
                shown = [json.dumps(e) for e in player.seen if isinstance(e, dict)]
                assert not [m for m in shown if "bottom" in m or "extra_cards" in m], (seed, s)
        for s in thief:
            dealt += 1
            first = seats[s].asked[0]
            assert first.action == "thief.choose"
            assert set(first.candidates) == set(bottom) | {"thief"}  # what `?` explains
            assert seats[s].seen.index(informs[0]) < seats[s].seen.index(first)  # told, then asked
    assert dealt >= 2, dealt  # some deals gave the thief a seat


def play_thief(*args, answers="?\n1\n"):
    """``wolfdsl play cupid-thief-12 --seat 8 --seed 7`` (the thief's seat; the bottom
    cards are a werewolf and the seer) with ``answers``; the output up to the end of input."""
    r = runner.invoke(app, ["play", "cupid-thief-12", "--seat", "8", "--seed", "7", *args], input=answers)
    assert r.exit_code == 130, r.output  # the answers run out
    return r.stdout


def test_the_thief_reads_both_cards_and_why_he_may_take_only_one():
    out = play_thief()
    assert ("── Night 1 ──\n"
            "  8号 learns: bottom cards Werewolf, Seer\n"
            "\n"
            "Night 1 · Thief: which card do you take?\n"  # must_take: no "(0: keep your own card)"
            "  1: Werewolf\n"
            "> "
            "  Seer: ROLE-THIEF-03: a thief shown a werewolf card must take a werewolf\n"
            "  Thief: ROLE-THIEF-02: with must_take the thief must take one of the two bottom cards\n"
            "  pass: ROLE-THIEF-02/03: the thief must take a card (must_take, or a werewolf card forces him)\n"
            "> ") in out
    assert "keep your own" not in out


def test_the_thief_reads_them_in_chinese_and_a_refused_pass_names_the_rulesets_reason():
    out = play_thief("--lang", "zh", answers="?\n0\n1\n")
    assert "  8号得知：底牌：狼人、预言家\n" in out
    assert "  预言家：ROLE-THIEF-03：底牌中有狼人牌时盗贼必须拿狼人牌\n" in out
    assert "> 不允许：ROLE-THIEF-02/03：盗贼必须拿一张牌（must_take，或底牌中有狼人牌）\n" in out.replace(">   ", "> ")


def test_other_seats_read_nothing_of_the_bottom_cards():
    for seat in (1, 2, 3):  # a wolf, a wolf, the hunter of the same deal
        r = runner.invoke(app, ["play", "cupid-thief-12", "--seat", str(seat), "--seed", "7"], input="")
        assert "bottom" not in r.stdout and "Seer" not in r.stdout.split("The deck:")[1].split("\n", 1)[1]


def test_a_thief_who_may_keep_his_card_is_told_so_by_the_pass_note():
    # millers-hollow (may_keep, two_wolves_force) at 12 players, seed 1: seat 8 is the
    # thief, shown a villager and a werewolf; one wolf card does not force him
    r = runner.invoke(app, ["play", "millers-hollow", "--players", "12", "--seat", "8", "--seed", "1"],
                      input="?\n")
    assert ("  8号 learns: bottom cards Villager, Werewolf\n\n"
            "Night 1 · Thief: which card do you take? (0: keep your own card)\n"
            "  1: Villager   2: Werewolf   3: Thief   0: keep your own card\n"
            "> "
            "  every choice is allowed\n") in r.stdout
