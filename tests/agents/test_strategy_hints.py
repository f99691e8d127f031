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


STANDARD = load("standard-12")


def test_wolves_vote_out_their_exposed_teammate_with_the_table():
    """Seed 11, day 2: the seer named 1 a wolf, 1 counter-claimed and lost the table
    (96% a wolf on public evidence). His teammates 3 and 8 vote him out with the village
    (倒钩) rather than cast three ballots the table reads against them; before, they voted
    12 with him."""
    r = play_game(STANDARD, 11)
    seats = {s["seat"]: s["role"] for s in r.events[0]["seats"]}
    assert [s for s, role in seats.items() if role == "werewolf"] == [1, 3, 7, 8]
    vote = next(e for e in r.events if e["type"] == "vote" and e["day"] == 2)
    ballots = vote["ballots"]  # voter -> the seat he voted for
    assert ballots[3] == ballots[8] == 1 and ballots[1] == 12
    assert sum(1 for t in ballots.values() if t == 1) == 10


def _day(r, day: int) -> list[tuple]:
    """A day's claims, the table's top suspect before its exile vote and its deaths by day
    (not the night's), in order."""
    out = []
    for e in r.events:
        if e["day"] != day or e["phase"] != "day":
            continue
        if e["type"] == "claim":
            out.append(("claim", e["seat"], e["role"], e.get("told")))
        elif e["type"] == "suspicions" and e["action"] == "exile_vote":
            top = max(e["suspicion"], key=e["suspicion"].get)
            out.append(("top suspect", top))
        elif e["type"] == "death":
            out.append(("death", e["seat"], e["role"], e["cause"]))
    return out


def test_a_witch_about_to_be_exiled_claims_and_is_not_exiled():
    """Seed 6, day 2: the witch (2), who saved 5 on night 1, sounded the most suspect in
    the day's speeches (+1.9) and is the table's likeliest exile, below her own bar (0.7).
    She claims the witch before the vote (跳女巫, 银水 5); the table exiles the wolf 4
    instead, and the wolves kill her that night, when she poisons the wolf 3. Before,
    she said nothing and was exiled (53%, ten votes)."""
    r = play_game(STANDARD, 6)
    seats = {s["seat"]: s["role"] for s in r.events[0]["seats"]}
    assert (seats[2], seats[3], seats[4]) == ("witch", "werewolf", "werewolf")
    assert _day(r, 2) == [("claim", 2, "witch", {"saved": [5]}), ("top suspect", 4),
                          ("death", 4, "werewolf", "exile")]
    assert ("death", 3, "werewolf", "poison") in [
        ("death", e["seat"], e["role"], e["cause"]) for e in r.events if e["type"] == "death" and e["day"] == 3]


def test_a_hunter_about_to_be_exiled_claims_and_is_not_exiled():
    """Seed 1, day 5: four players left; the hunter (6) is the table's top suspect (42%,
    under his bar of 0.5). He claims before the vote (猎人起跳) and the table exiles the
    last wolf (3): the village wins. Before, he was exiled silent and the wolves won."""
    r = play_game(STANDARD, 1)
    seats = {s["seat"]: s["role"] for s in r.events[0]["seats"]}
    assert (seats[6], seats[3]) == ("hunter", "werewolf")
    assert _day(r, 5) == [("claim", 6, "hunter", {}), ("top suspect", 3), ("death", 3, "werewolf", "exile")]
    assert r.events[-1]["winners"] == ["village"]


def test_the_guard_about_to_be_exiled_stays_silent():
    """The guard never claims, about to be exiled or not: seed 1, day 3, the guard (1) is
    the top suspect and is exiled without a word."""
    r = play_game(STANDARD, 1)
    seats = {s["seat"]: s["role"] for s in r.events[0]["seats"]}
    assert seats[1] == "guard"
    assert _day(r, 3) == [("top suspect", 1), ("death", 1, "guard", "exile")]
    assert not any(e["type"] == "claim" and e["seat"] == 1 for e in r.events)


def test_the_witch_does_not_take_her_poison_to_the_grave():
    """200 games of standard-12 (seed 3): the witch poisons in 166 (she used to in about
    one game in seven: only a wolf a seer had named, or a seat she held 60% a wolf), on
    nights 2 to 5, 90 times a wolf. Her bar falls from 0.6 on day 1 by 0.1 a day to 0.35.
    (154 and 81 before a witch about to be exiled claimed: more witches live to use it.)"""
    used, wolves, nights = 0, 0, set()
    for i in range(200):
        r = play_game(STANDARD, 3, i)
        seats = {s["seat"]: s["role"] for s in r.events[0]["seats"]}
        for e in r.events:
            if e["type"] == "action" and e["action"] == "witch.poison" and e["targets"]:
                used += 1
                wolves += seats[e["targets"][0]] == "werewolf"
                nights.add(e["day"])
    assert (used, wolves, nights) == (166, 90, {2, 3, 4, 5})


BOMB = load("bomb-man-12")


def _bomb_games(games: int, seed: int) -> tuple[dict, int]:
    wins: dict = {}
    blast = 0
    for i in range(games):
        r = play_game(BOMB, seed, i)
        blast += sum(1 for e in r.events if e["type"] == "death" and e["cause"] == "bomb")
        over = next(e for e in r.events if e["type"] == "game_over")
        wins[over["winners"][0]] = wins.get(over["winners"][0], 0) + 1
    return wins, blast


def test_the_table_does_not_walk_into_the_bomb_mans_blast():
    """200 games of bomb-man-12 (seed 3): a voter weighs the chance that a suspect is the
    bomb man (his exile kills every voter: ROLE-BOMB_MAN-01) four to one against a wolf's
    exile, and one seat (the sheriff) takes the risk for the table. The blast kills 354
    players, and the bomb man wins no game; before, the whole table voted him out as its
    top suspect: 726 players died in his blast and he won 107 games (WIN-09). The village
    wins when the wolves are out, the bomb man alive or not (ROLE-BOMB_MAN-03)."""
    assert _bomb_games(200, 3) == ({"werewolves": 168, "village": 32}, 354)


def test_the_sheriff_alone_votes_out_the_likely_bomb_man():
    """Seed 4, day 3: the bomb man (3) is the table's top suspect (69%), the last wolf
    (2) its second. The sheriff (4) votes him out alone (单投) and dies in the blast
    alone; the others abstain rather than risk it (before, seven seats voted him out and
    died with him, and he won)."""
    r = play_game(BOMB, 4)
    seats = {s["seat"]: s["role"] for s in r.events[0]["seats"]}
    assert seats[3] == "bomb_man" and seats[4] == "villager" and seats[2] == "werewolf"
    vote = next(e for e in r.events if e["type"] == "vote" and e["day"] == 3 and e.get("kind") == "exile")
    assert vote["ballots"] == {1: None, 2: None, 3: 5, 4: 3, 5: None, 7: None, 8: None}
    blast = [e["seat"] for e in r.events if e["type"] == "death" and e["cause"] == "bomb"]
    assert blast == [4]
