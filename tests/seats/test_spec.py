"""--seat values and the agents spec that carries them to every game of a run."""
import pytest

from wolfdsl.agents.registry import PerFaction, build
from wolfdsl.diagnostics import WolfError
from wolfdsl.play.agents import RandomAgent
from wolfdsl.seats.router import PerSeat
from wolfdsl.seats.spec import DEFAULT_TIMEOUT, SeatPlan, compose, humans, parse_seat, split


def test_a_seat_alone_is_a_human_and_specs_keep_their_colons_and_spaces():
    assert parse_seat("3") == (3, "human")
    assert parse_seat(" 5 = cmd:python my bot.py --fast ") == (5, "cmd:python my bot.py --fast")
    assert parse_seat("4=table:skill=0.5;read=1") == (4, "table:skill=0.5;read=1")


def test_compose_and_split_are_inverse():
    spec = compose("village=table,werewolves=random", ["5=cmd:python b.py, x", "3", "9=heuristic"], 2.5)
    assert spec == ("village=table,werewolves=random, seat 3=human, seat 5=cmd:python b.py, x, "
                    "seat 9=heuristic, timeout=2.5")
    assert split(spec) == SeatPlan("village=table,werewolves=random",
                                   {3: "human", 5: "cmd:python b.py, x", 9: "heuristic"}, 2.5)
    assert compose("table", []) == "table" and split("table") is None
    assert split("village=table,werewolves=random") is None
    assert split(compose("table", ["2=random"])).timeout == DEFAULT_TIMEOUT
    assert humans(spec) == [3] and humans("table") == []


def test_build_gives_each_seat_its_player_and_the_rest_to_the_base():
    agent = build(compose("village=table,werewolves=random", ["2=random", "3=cmd:python x.py"]), 7)
    assert isinstance(agent, PerSeat) and isinstance(agent.base, PerFaction)
    assert isinstance(agent.players[2], RandomAgent)
    assert agent.players[3].command == "python x.py" and agent.players[3].bot is None  # started lazily
    assert [agent.seat_label(s) for s in (1, 2, 3)] == ["village=table,werewolves=random", "random",
                                                        "cmd:python x.py"]


@pytest.mark.parametrize("text, message", [
    ("0=human", "--seat '0=human': write SEAT=AGENT"),
    ("3=", "say who plays seat 3"),
    ("3=cmd:  ", "cmd: needs a command"),
])
def test_malformed_seats(text, message):
    with pytest.raises(WolfError, match=message):
        parse_seat(text)
