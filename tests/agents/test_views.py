"""What the engine shows a bot that keeps beliefs (play/views.py), checked over whole games."""
import pytest

from wolfdsl.agents.table import TableAgent
from wolfdsl.lang.load import load
from wolfdsl.play import play, play_game


class Spy(TableAgent):
    def __init__(self, seed):
        super().__init__(seed)
        self.seen: list = []
        self.cards: dict = {}

    def observe(self, seat, event):
        self.seen.append((seat, dict(event)))
        super().observe(seat, event)


@pytest.mark.parametrize("name,seed", [("standard-12", 1), ("standard-12", 2), ("cupid-thief-12", 3),
                                       ("wolf-king-12", 4), ("piper-10", 5)])
def test_public_events_carry_no_hidden_card(name, seed):
    rs = load(name)
    spy = Spy(seed)
    result = play(rs, seed=seed, agent=spy)
    teams = {}
    for e in result.events:
        if e["type"] == "game_start":
            teams = {s["seat"]: s["role"] for s in e["seats"]}
    assert spy.seen, "the view showed nothing"
    for seat, e in spy.seen:
        if seat is None:
            assert "seats" not in e and "extra_cards" not in e
            if e["type"] == "death":
                assert set(e) == {"seq", "game", "day", "phase", "type", "seat"} | ({"cause"} if e["phase"] == "day" else set())
            assert e["type"] not in ("inform", "action", "status", "role_change")
        elif e["type"] == "inform":
            assert e["seat"] == seat            # a tell reaches its seat only
        elif e["type"] == "action":
            assert e["seat"] in (seat, None)    # one's own action, or one's team's
    # the seer's results reach the seer, and no one else
    seer = next((s for s, r in teams.items() if r == "seer"), None)
    told = {seat for seat, e in spy.seen if e["type"] == "inform" and "result" in e.get("what", {})}
    assert told <= {seer}


def test_claims_are_public_and_narrated():
    result = play_game(load("standard-12"), 3)     # as `wolfdsl run standard-12 --seed 3`
    claims = [e for e in result.events if e["type"] == "claim"]
    seats = {s["seat"]: s["role"] for s in result.events[0]["seats"]}
    # seed 3: the seer (7) names 9 a wolf; wolf 9 counter-claims (悍跳) naming 7; on day 3
    # the wolf 4, about to be exiled, claims the hunter, and the hunter 5 answers (对跳)
    assert [(c["day"], c["seat"], c["role"], c["told"]) for c in claims] == [
        (1, 7, "seer", {"seat": 9, "result": "wolf"}), (1, 9, "seer", {"seat": 7, "result": "wolf"}),
        (2, 7, "seer", {"seat": 11, "result": "good"}), (3, 4, "hunter", {}), (3, 5, "hunter", {})]
    assert seats[7] == "seer" and seats[9] == "werewolf"
    assert seats[4] == "werewolf" and seats[5] == "hunter"
    from wolfdsl.present.narrate import narrate
    text = "\n".join(narrate(result.events, load("standard-12")))
    assert "7号 Seer claims to be Seer: seat 9号, result wolf" in text
    assert "9号 Werewolf claims to be Seer: seat 7号, result wolf" in text
    assert "4号 Werewolf claims to be Hunter" in text


@pytest.mark.parametrize("seed", [7, 12])
def test_no_seat_is_shown_whom_the_wolves_attacked_or_who_saved_him(seed):
    # seed 7: the witch saves 5号 on night 1, the guard protects 6号 on night 2; seed 12:
    # the guard alone. The prelude's `spared` is `secret`: the moderator's record.
    rs = load("standard-12")
    spy = Spy(seed)
    spy.watches = None    # shown every event a seat may see, not only those the table bot reads
    result = play(rs, seed=seed, agent=spy)
    spared = [e for e in result.events if e["type"] == "spared"]
    assert spared and any(e["guarded"] for e in spared)
    assert seed != 7 or any(e["saved"] for e in spared)
    assert "spared" in rs.secret_events and "spared" in rs.events   # narrated, not shown
    assert not [e for _, e in spy.seen if e["type"] == "spared"]
    assert [e for _, e in spy.seen if e["type"] == "speeches"], "public events are still shown"


def test_a_night_death_s_cause_is_shown_only_when_the_table_saw_what_caused_it():
    # seed 20: the wolves kill the hunter (7号) in night 5; at the announcement he shoots
    # 3号 in the open, and 3号's death, dated night 5, showed "cause: ?" though the
    # table had just seen the shot. The other night deaths keep their cause hidden.
    # (Seed 11 showed it before the wolves faked gods.)
    rs = load("standard-12")
    spy = Spy(20)
    spy.watches = None
    result = play(rs, seed=20, agent=spy)
    logged = {e["seq"]: e for e in result.events}
    night = [(e["seat"], e.get("cause"), logged[e["seq"]]["cause"]) for s, e in spy.seen
             if s is None and e["type"] == "death" and e["phase"] == "night"]
    assert night == [(9, None, "wolf"), (1, None, "wolf"), (5, None, "poison"), (7, None, "wolf"),
                     (3, "shot", "shot")]
    shot = next(i for i, (_, e) in enumerate(spy.seen) if e["type"] == "death" and e["seat"] == 3)
    assert spy.seen[shot - 1:shot + 1] == [
        (None, {"seq": 152, "game": 0, "day": 5, "phase": "day", "type": "action", "seat": 7,
                "action": "hunter.shoot", "targets": [3], "choice": None}),
        (None, {"seq": 153, "game": 0, "day": 5, "phase": "night", "type": "death", "seat": 3, "cause": "shot"})]
    from wolfdsl.present.narrate import teller
    tell = teller(rs)
    lines = [str(line) for _, e in spy.seen for line in tell.tell(e)]
    assert lines[lines.index("  7号: shoot → 3号") + 1] == "  † 3号 died in night 5 (cause: shot)"
    assert "  † 7号 died in night 5 (cause not told)" in lines and "  † 5号 died in night 4 (cause not told)" in lines


def test_the_table_agent_which_reads_no_decision_still_sees_the_shot_s_cause():
    # the table agent is routed only the event types it reads, decisions not among them:
    # the shot's death reached its minds without its cause, read as a hidden night kill
    # (the victim more likely a villager). Its view now follows the open decisions too,
    # without passing them on, and clears them on the events any seat would see.
    rs = load("standard-12")
    spy = Spy(20)
    assert "action" not in spy.watches
    play(rs, seed=20, agent=spy)
    night = [(e["seat"], e.get("cause")) for s, e in spy.seen
             if s is None and e["type"] == "death" and e["phase"] == "night"]
    assert night == [(9, None), (1, None), (5, None), (7, None), (3, "shot")]
    assert not [e for _, e in spy.seen if e["type"] == "action"]


def test_a_tell_stays_private_whatever_texts_the_ruleset_gives_it():
    """standard-12 narrates the hunter's nightly inform (``event inform(what.can_shoot =
    …)``): a narration text must not make informs public, as it does not make actions
    public. Seed 1: the hunter's notices reach the hunter's seat only."""
    rs = load("standard-12")
    assert "inform" in rs.events
    spy = Spy(1)
    result = play(rs, seed=1, agent=spy)
    hunter = next(s["seat"] for s in result.events[0]["seats"] if s["role"] == "hunter")
    notices = [(seat, e["seat"]) for seat, e in spy.seen if e["type"] == "inform" and "can_shoot" in e["what"]]
    assert notices and set(notices) == {(hunter, hunter)}
