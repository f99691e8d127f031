"""Strategy hints of the bundled role files, as the table agent plays them: exact games."""
from wolfdsl.lang.load import load
from wolfdsl.play import play_game

WWK = load("white-wolf-king-12")


def lines(seed):
    r = play_game(WWK, seed)
    seats = {s["seat"]: s["role"] for s in r.events[0]["seats"]}
    out = []
    for e in r.events:
        if e["type"] == "action" and e.get("action") in ("self_destruct", "white_wolf_king.take") \
                and e.get("choice") not in (None, "no"):
            out.append((e["day"], e["seat"], e["action"], e.get("targets")))
        if e["type"] == "death":
            out.append((e["day"], e["seat"], seats[e["seat"]], e["cause"]))
    return seats, out


def test_the_white_wolf_king_about_to_be_exiled_goes_out_taking_the_seer():
    """Seed 1: the white wolf king (7) is the table's top suspect on day 1 (52%); he
    self-destructs before the vote and takes the claimed seer (自爆带人). He used to be
    exiled alone."""
    seats, out = lines(1)
    assert seats[7] == "white_wolf_king" and seats[9] == "seer"
    day1 = [x for x in out if x[0] == 1]
    assert (1, 7, "white_wolf_king", "self_destruct") in day1
    assert (1, 9, "seer", "white_wolf_claw") in day1
    assert not any(x[1] == 7 and x[-1] == "exile" for x in out)


def test_the_last_wolf_does_not_self_destruct():
    """Seed 2: the white wolf king is the last wolf when the table turns on him; his death
    would end the game before his claw, so he does not self-destruct."""
    seats, out = lines(2)
    assert not any(x[-1] == "self_destruct" for x in out)
