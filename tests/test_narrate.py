"""Narration of hand-written event logs: the exact lines a reader sees."""
import doctest
import json
from pathlib import Path

from clitools import invoke
from fakegame import ruleset as fake_ruleset

from wolfdsl.lang.load import load
from wolfdsl.present import narrate as narrate_module
from wolfdsl.present.narrate import Line, narrate, seat_label

ROOT = Path(__file__).resolve().parent.parent


def told_ruleset():
    """The fake ruleset with the event texts the bundled files declare (``event speeches
    "Speeches in order: …"``): the narrator takes them from the ruleset."""
    rs = fake_ruleset()
    rs.events = load("new-moon").events
    return rs


def ev(seq, day, phase, type_, **fields):
    return {"seq": seq, "game": 0, "day": day, "phase": phase, "type": type_, **fields}


START = ev(0, 1, "night", "game_start", ruleset="fake-6", seed=42, seats=[
    {"seat": 1, "role": "werewolf", "faction": "werewolves"},
    {"seat": 2, "role": "villager", "faction": "village"},
    {"seat": 3, "role": "villager", "faction": "village"},
])

GAME = [
    START,
    ev(1, 1, "night", "phase"),
    ev(2, 1, "night", "action", seat=None, by="werewolves", action="werewolves.kill",
       targets=[2], choice=None),
    ev(3, 1, "night", "action", seat=3, by="villager", action="villager.pray", targets=[],
       choice=True),
    ev(4, 1, "night", "action", seat=3, by="villager", action="villager.wait", targets=[],
       choice=None),
    ev(5, 1, "day", "phase"),
    ev(6, 1, "day", "sheriff", seat=3, how="elected"),
    ev(7, 1, "night", "death", seat=2, role="villager", cause="wolf", last_words=True),
    ev(8, 1, "day", "speeches", order=[3, 1]),
    ev(9, 1, "day", "inform", seat=3, what={"seat": 1, "sees": "werewolves"}),
    ev(10, 1, "day", "vote", kind="exile", round=2, ballots={1: 3, 3: 1, 2: None},
       tally={1: 1.5, 3: 1}, result=1),
    ev(11, 1, "day", "status", seat=1, add="revealed"),
    ev(12, 1, "day", "status", seat=1, remove="revealed"),
    ev(13, 1, "day", "death", seat=1, role="werewolf", cause="exile", last_words=False),
    ev(14, 1, "day", "sheriff", seat=None, how="torn"),
    ev(15, 1, "day", "note", text="The judge sighs."),
    ev(16, 1, "day", "card_drawn", card="full_moon", seats=[1, 2]),
    ev(17, 1, "day", "game_over", winners=["village"], winning_seats=[2, 3], reason="no_wolves"),
]

EXPECTED = """\
Game of fake-6 — Fake-6, seed 42, 3 players
  1号  Werewolf 狼人  (Werewolves)
  2号  Villager 平民  (Village)
  3号  Villager 平民  (Village)

── Night 1 ──
  Werewolves: kill → 2号 Villager
  3号 Villager: pray — yes
  3号 Villager: wait — pass

── Day 1 ──
  ★ 3号 Villager is elected sheriff
  † 2号 Villager died in night 1 (cause: wolf), last words
  Speeches in order: 3号, 1号
  3号 Villager learns: seat 1号 Werewolf; sees werewolves
  Exile vote, round 2:
    1号: 1.5 votes (from 3)
    3号: 1 vote (from 1)
    abstained: 1 seat (2)
    ⇒ 1号 Werewolf
  1号 Werewolf: now revealed
  1号 Werewolf: no longer revealed
  † 1号 Werewolf died (cause: exile)
  ★ The badge is torn up
  The judge sighs.
  [card_drawn] card=full_moon, seats=[1, 2]

Winner: Village (rule: no_wolves); winning seats: 2号, 3号"""


def test_full_game_with_ruleset_names():
    assert "\n".join(narrate(GAME, told_ruleset())) == EXPECTED


def test_lines_are_strings_with_kinds():
    lines = list(narrate(GAME, fake_ruleset()))
    assert all(isinstance(line, Line) and isinstance(line, str) for line in lines)
    kinds = {line.kind for line in lines}
    assert {"title", "cast", "header", "action", "death", "vote", "status", "info",
            "game_over", "other", "blank"} == kinds
    assert [line for line in lines if line.kind == "header"] == ["── Night 1 ──", "── Day 1 ──"]


def test_log_read_back_from_json_narrates_the_same():
    # JSON turns the int keys of ballots and tally into strings.
    reread = [json.loads(json.dumps(e)) for e in GAME]
    assert "\n".join(narrate(reread, told_ruleset())) == EXPECTED


def test_without_ruleset_uses_ids_and_title_case_team():
    lines = list(narrate(GAME[:3]))
    assert lines[0] == "Game of fake-6, seed 42, 3 players"
    assert lines[1] == "  1号  werewolf  (werewolves)"
    assert lines[-1] == "The game stops here, with no winner yet."
    assert "  Werewolves: kill → 2号 villager" in lines


def test_sheriff_passed_lost_and_none_from_the_prelude_texts():
    events = [START,
              ev(1, 2, "day", "sheriff", seat=2, how="passed"),
              ev(2, 2, "day", "sheriff", seat=None, how="lost"),
              ev(3, 2, "day", "sheriff", seat=None, how="none")]
    rs = told_ruleset()
    rs.roles = {}
    lines = [l for l in narrate(events, rs) if "★" in l]
    assert lines == ["  ★ The badge passes to 2号 villager", "  ★ The badge is lost",
                     "  ★ No sheriff is elected"]
    assert [l for l in narrate(events) if l.kind == "other"][0] == "  [sheriff] seat=2, how=passed"


def test_an_event_text_case_and_optional_part():
    rs = told_ruleset()
    got = [l for l in narrate([START, ev(1, 1, "day", "recommendation", seat=2, target=None),
                                ev(2, 1, "day", "announcement", text="a card")], rs)][-4:-2]
    assert got == ["  Sheriff 2号 makes no recommendation", "  Announcement: a card"]


def test_vote_with_no_result_and_nobody_voting():
    events = [START, ev(1, 1, "day", "vote", kind="sheriff", round=1, ballots={1: None, 3: None},
                        tally={}, result=None)]
    assert [l for l in narrate(events) if l.kind == "vote"] == [
        "  Sheriff vote:", "    abstained: 2 seats (1, 3)", "    ⇒ no result"]
    # how many abstained, and who: a bare "abstained: 3" read as a count or as seat 3
    assert [l for l in narrate(events[:1] + [ev(1, 1, "day", "vote", kind="sheriff", round=1, ballots={3: None},
                                               tally={}, result=None)], lang="zh") if l.kind == "vote"][1] == \
        "    弃票：1人（3）"


def test_empty_log_narrates_nothing():
    assert list(narrate([])) == []


def test_seat_label():
    assert seat_label(3) == "3号"
    assert seat_label(None) == "nobody"


def test_docstring_example():
    assert doctest.testmod(narrate_module).failed == 0


def test_same_choice_by_several_seats_reads_as_one_line():
    events = [START] + [
        ev(i, 1, "day", "action", seat=s, by=None, action="run_for_sheriff", targets=[],
           choice=False) for i, s in enumerate([1, 2], 1)
    ] + [
        ev(3, 1, "day", "action", seat=3, by=None, action="run_for_sheriff", targets=[],
           choice=True),
        ev(4, 2, "night", "inform", seat=1, what={"wolves": [1, 2], "ok": True}),
        ev(5, 2, "night", "inform", seat=2, what={"wolves": [1, 2], "ok": True}),
        ev(6, 2, "night", "inform", seat=3, what={"wolves": [1]}),
    ]
    lines = list(narrate(events))[4:]
    assert lines == [
        "", "── Day 1 ──",
        "  3号 villager: run_for_sheriff — yes",
        "", "── Night 2 ──",
        "  1号, 2号 learn: wolves 1号, 2号; ok yes",
        "  3号 villager learns: wolves 1号",
        "", "The game stops here, with no winner yet.",
    ]


def test_cast_seats_are_right_aligned():
    seats = [{"seat": s, "role": "villager", "faction": "village"} for s in (1, 10)]
    lines = list(narrate([ev(0, 0, "setup", "game_start", ruleset="r", seed=1, seats=seats)]))
    assert lines[1:3] == ["   1号  villager  (village)", "  10号  villager  (village)"]


def test_only_game_is_not_numbered_and_counts_read_as_english():
    assert next(narrate([START])) == "Game of fake-6, seed 42, 3 players"
    assert next(narrate([START], numbered=True)) == "Game 0 of fake-6, seed 42, 3 players"
    later = dict(START, game=4, seats=START["seats"][:1])
    assert next(narrate([later])) == "Game 4 of fake-6, seed 42, 1 player"


def test_speech_claim_recommendation_reveal_and_moderator_lines():
    events = [START,
              ev(1, 2, "day", "claim", seat=3, role="seer", wolves=[1]),
              ev(2, 2, "day", "claim", seat=1, role="seer", wolves=[2, 3], cleared=[]),
              ev(3, 2, "day", "recommendation", seat=2, target=1),
              ev(4, 2, "day", "reveal", seat=1, role="werewolf"),
              ev(5, 2, "day", "announcement", text="the seer checked a player", role="werewolf"),
              ev(6, 2, "day", "note", text="Burial: the card stays hidden", seat=2),
              ev(7, 2, "day", "spiritualism", medium=3, asks=2, question="wolf_man", answer=True),
              ev(8, 2, "day", "spiritualism", medium=3, asks=2, question="neighbour_wolf",
                 about=1, answer=False),
              ev(9, 2, "day", "speeches", order=[])]
    roles = {"werewolf": fake_ruleset().roles["werewolf"],
             "villager": fake_ruleset().roles["villager"],
             "seer": type("R", (), {"name": "Seer"})()}
    rs = told_ruleset()
    rs.roles = roles
    lines = list(narrate(events, rs))[6:]
    assert lines == [
        "  3号 Villager claims to be Seer: wolves 1号",
        "  1号 Werewolf claims to be Seer: wolves 2号, 3号; cleared none",
        "  Sheriff 2号 recommends exiling 1号",
        "  1号's card is shown: Werewolf",
        "  Announcement: the seer checked a player (Werewolf)",
        "  Burial: the card stays hidden (seat 2号)",
        "  Spiritualism: 3号 asks the spirit of 2号 Villager: wolf man? — yes",
        "  Spiritualism: 3号 asks the spirit of 2号 Villager: neighbour wolf about 1号? — no",
        "", "The game stops here, with no winner yet.",   # nobody speaks: no line
    ]
    assert not [l for l in lines if l.kind == "other"]
    seer = dict(START, seats=[{"seat": 6, "role": "seer", "faction": "village"}])
    claim = ev(1, 1, "day", "claim", seat=6, role="seer", wolves=[8])
    assert list(narrate([seer, claim], rs))[4] == "  6号 Seer claims to be Seer: wolves 8号"


def test_a_seat_told_the_same_again_is_not_told_twice():
    events = [START] + [ev(i, i, "night", "inform", seat=3, what={"can_shoot": True}) for i in (1, 2)] + [
        ev(3, 3, "night", "inform", seat=3, what={"can_shoot": False})]
    told = [l for l in narrate(events) if l.kind == "info"]
    assert told == ["  3号 villager learns: can shoot yes", "  3号 villager learns: can shoot no"]


def test_a_seat_a_claim_names_in_any_field_reads_as_a_seat():
    # a trial's watchman claimed "saw wolf 9": a field not named seat read as a number
    claim = ev(1, 1, "day", "claim", seat=10, role="villager", told={"saw_wolf": 9, "saved": [7]})
    told = [l for l in narrate([START, claim]) if l.kind == "info"]
    assert told == ["  10号 claims to be villager: saw wolf 9号, saved 7号"]


def test_the_same_answer_to_a_new_decision_is_told_again():
    # a check two nights running, the same yes both times: two results, not one
    events = [START]
    for n in (1, 2):
        events += [ev(2 * n, n, "night", "action", seat=3, by="villager", action="villager.gaze", targets=[1, 4]),
                   ev(2 * n + 1, n, "night", "inform", seat=3, what={"wolf_among": True})]
    told = [l for l in narrate(events) if l.kind == "info"]
    assert told == ["  3号 villager learns: wolf among yes"] * 2


def test_a_weighted_ballot_is_shown_with_its_weight():
    vote = ev(1, 1, "day", "vote", kind="exile", round=1, ballots={"1": 3, "2": 3, "3": 1},
              tally={"3": 3, "1": 1}, weights={"2": 2}, result=3)
    assert [l for l in narrate([START, vote]) if l.kind == "vote"][1] == "    3号: 3 votes (from 1, 2×2)"


def test_chinese_narration_uses_the_declared_names():
    lines = list(narrate(GAME, told_ruleset(), lang="zh", agents="random"))
    assert lines[0] == "fake-6 — Fake-6，种子 42，3名玩家；机器人：random"
    assert "  1号  狼人  （Werewolves）" in lines  # the fake ruleset names no faction in Chinese
    assert "── 第1夜 ──" in lines and any(l.startswith("胜者：") for l in lines)


def test_a_change_of_side_is_a_sentence_not_a_raw_event():
    events = [{"seq": 0, "game": 0, "day": 1, "phase": "night", "type": "game_start", "ruleset": "cupid-10",
               "seed": 11, "seats": [{"seat": 1, "role": "cupid", "faction": "village"}]},
              {"seq": 1, "game": 0, "day": 1, "phase": "night", "type": "faction_change", "seat": 1,
               "faction": "lovers"}]
    rs = load("cupid-10")
    lines = list(narrate(events, rs))
    assert "  1号 Cupid now plays for Lovers" in lines
    assert not any("[faction_change]" in line for line in lines)
    assert "  1号丘比特现在属于情侣阵营" in list(narrate(events, rs, lang="zh"))


def test_a_speech_act_is_told_by_what_is_said_not_as_a_decision():
    # `decide … speech` (the ruleset's `speech` set): the decision to claim is no line of
    # its own, whether taken (the claim line tells it) or declined (nothing was said); a
    # decision that is no speech act is told as before, a pass included.
    rs = told_ruleset()
    rs.speech = frozenset({"villager.claim"})
    events = [START,
              ev(1, 1, "day", "phase"),
              ev(2, 1, "day", "action", seat=3, by="villager", action="villager.claim", targets=[], choice=True),
              ev(3, 1, "day", "claim", seat=3, role="villager", told={}),
              ev(4, 1, "day", "action", seat=2, by="villager", action="villager.claim", targets=[], choice=False),
              ev(5, 1, "day", "action", seat=2, by="villager", action="villager.wait", targets=[], choice=None)]
    lines = list(narrate(events, rs))[6:]
    assert lines == ["  3号 Villager claims to be Villager",
                     "  2号 Villager: wait — pass",
                     "", "The game stops here, with no winner yet."]


def test_the_bundled_claim_decisions_are_speech_acts():
    assert load("standard-12").speech == {"seer.claim", "witch.claim", "hunter.claim", "idiot.claim", "elder.claim",
                                          "werewolves.counter_claim", "werewolves.fake_check", "werewolves.fake_god",
                                          "recommend", "seer.last_words"}


def test_an_offer_made_to_several_seats_is_told_by_the_seats_that_take_it():
    # who runs for sheriff: 2 runs, 1 and 3 decline; 3's "no" alone between two "yes"
    # lines is left out like a run of them; an offer made to one seat is told, "no" too
    # (withdraw), unless the ruleset's text for it is empty (a lone self_destruct "no")
    events = [START,
              ev(1, 1, "day", "phase"),
              ev(2, 1, "day", "action", seat=1, by="werewolf", action="run_for_sheriff", targets=[], choice=False),
              ev(3, 1, "day", "action", seat=2, by="villager", action="run_for_sheriff", targets=[], choice=True),
              ev(4, 1, "day", "action", seat=3, by="villager", action="run_for_sheriff", targets=[], choice=False),
              ev(5, 1, "day", "action", seat=2, by="villager", action="withdraw", targets=[], choice=False),
              ev(6, 1, "day", "action", seat=1, by="werewolf", action="self_destruct", targets=[], choice=False)]
    lines = list(narrate(events, told_ruleset()))[6:]
    assert lines == ["  2号 Villager runs for sheriff",
                     "  2号 Villager stays in the election",
                     "", "The game stops here, with no winner yet."]
    zh = list(narrate(events, told_ruleset(), lang="zh"))[6:]
    assert zh == ["  2号平民上警", "  2号平民不退水", "", "游戏在此停止，尚无胜者。"]


def test_the_public_view_before_a_vote_is_one_line_most_suspected_first():
    events = [START,
              ev(1, 1, "day", "suspicions", action="exile_vote", round=1,
                 suspicion={"2": 0.41, "1": 0.92, "3": 0.05})]
    lines = list(narrate(events, told_ruleset()))[5:]
    assert lines[:2] == ["── Day 1 ──",
                         "  Before the vote, from what is public (how likely each is a wolf): 1号 92%, 2号 41%, 3号 5%"]
    zh = list(narrate(events, told_ruleset(), lang="zh"))
    assert "  投票前，按公开信息（是狼的可能）：1号 92%、2号 41%、3号 5%" in zh


def test_standard_12_seed_68_night_1_and_day_1_in_chinese_and_english():
    # the ruleset's words and texts (event action(...), word, win title): no English in
    # the Chinese story; a status that restates the decision before it is left out
    from clitools import invoke
    zh = invoke("run", "standard-12", "--seed", 68, "--lang", "zh").stdout.splitlines()
    start = zh.index("── 第1夜 ──")
    assert zh[start:start + 18] == [
        "── 第1夜 ──",
        "  11号守卫空守",
        "  1号、5号、8号、9号得知：狼队友：1号、5号、8号、9号",
        "  狼人刀7号普通村民",
        "  2号女巫得知：刀口：7号普通村民",
        "  2号女巫使用解药",
        "  4号预言家查验6号猎人",
        "  4号预言家得知：座位：6号猎人；结果：好人",
        "  6号猎人得知今晚可以开枪",
        "  ✓ 7号普通村民被解药救起，躲过狼刀",
        "",
        "── 第1天 ──",
        "  ☀ 平安夜：第1夜无人出局",
        "  5号狼人上警",
        "  6号猎人上警",
        "  8号狼人上警",
        "  12号普通村民上警",
        "  发言顺序：5号、6号、8号、12号",
    ]
    assert "  4号预言家声称是预言家：6号是好人" in zh
    assert "  11号守卫守护4号预言家" in zh and "  4号预言家现在被守护" not in zh
    # (the village won this game before the wolves faked gods, and again since the table
    # stopped doubting a god's answer to a wolf's claim)
    assert zh[-1] == "好人获胜——狼人（及第三方）全部出局；获胜座位：2号、3号、4号、6号、7号、10号、11号、12号"
    en = invoke("run", "standard-12", "--seed", 68).stdout.splitlines()
    start = en.index("── Night 1 ──")
    assert en[start + 1:start + 10] == [
        "  11号 Guard: protect — pass",
        "  1号, 5号, 8号, 9号 learn: wolves 1号, 5号, 8号, 9号",
        "  Werewolves: kill → 7号 Villager",
        "  2号 Witch learns: victim 7号 Villager",
        "  2号 Witch uses the antidote",
        "  4号 Seer: check → 6号 Hunter",
        "  4号 Seer learns: seat 6号 Hunter; result good",
        "  6号 Hunter is told he could shoot tonight",
        # `secret`: narrated, shown to no seat
        "  ✓ 7号 Villager is spared the wolves' attack (rule: dawn, guarded no, saved yes)",
    ]
    assert en[start + 12:start + 17] == ["  ☀ A peaceful night: nobody died in night 1",
                                         "  5号 Werewolf runs for sheriff", "  6号 Hunter runs for sheriff",
                                         "  8号 Werewolf runs for sheriff", "  12号 Villager runs for sheriff"]
    assert "  11号 Guard: protect → 4号 Seer" in en and "  4号 Seer: now protected tonight" not in en
    assert not any("self_destruct" in line or "now runs for sheriff" in line for line in en)
    assert en[-1] == ("Winner: Village — every wolf (and every third-faction player) is dead; "
                      "winning seats: 2号, 3号, 4号, 6号, 7号, 10号, 11号, 12号")


def test_a_status_that_restates_the_decision_before_it_is_left_out():
    # the first status of each named seat right after the decision goes; a second one
    # (a revealed idiot loses his vote) and a status after anything else stay
    events = [START,
              ev(1, 1, "night", "action", seat=3, by="villager", action="x.protect", targets=[2], choice=None),
              ev(2, 1, "night", "status", seat=2, add="protected"),
              ev(3, 1, "night", "status", seat=2, add="voteless"),
              ev(4, 1, "night", "action", seat=3, by="villager", action="x.save", targets=[], choice=True),
              ev(5, 1, "night", "status", seat=1, add="saved"),
              ev(6, 1, "night", "note", text="later"),
              ev(7, 1, "night", "status", seat=1, add="protected")]
    assert list(narrate(events))[6:] == [
        "  3号 villager: protect → 2号 villager", "  2号 villager: now voteless",
        "  3号 villager: save — yes", "  later", "  1号 werewolf: now protected",
        "", "The game stops here, with no winner yet."]


def test_event_texts_with_several_fields_words_seat_lists_and_inner_fields():
    from types import SimpleNamespace as NS
    texts = {"action": (
        NS(case=(("action", "x.link"), ("targets", "none")), en="{seat:who} links nobody", zh="{seat:who}不连"),
        NS(case=(("action", "x.link"),), en="{seat:who} links {targets:who}", zh="{seat:who}连{targets:who}"),
        NS(case=(("action", "x.quiet"),), en="", zh="")),
        "claim": (NS(case=(("role", "villager"),), en="{seat} says {told.seat} is {told.result}", zh=None),)}
    rs = fake_ruleset()
    rs.events = texts
    rs.words = {"result": ("result", "结果"), "good": ("good", "好人"), "no_wolves": ("no_wolves", "无狼")}
    events = [START,
              ev(1, 1, "night", "action", seat=3, by="villager", action="x.link", targets=[1, 2], choice=None),
              ev(2, 1, "night", "action", seat=3, by="villager", action="x.link", targets=[], choice=None),
              ev(3, 1, "night", "action", seat=3, by="villager", action="x.quiet", targets=[], choice=False),
              ev(4, 1, "night", "claim", seat=3, role="villager", told={"seat": 1, "result": "good"}),
              ev(5, 1, "night", "claim", seat=2, role="villager", told={"wolves": [1]}),
              ev(6, 1, "night", "inform", seat=2, what={"result": "good"})]
    assert list(narrate(events, rs))[6:-2] == [
        "  3号 Villager links 1号 Werewolf, 2号 Villager", "  3号 Villager links nobody",
        "  3号 says 1号 is good", "  2号 Villager claims to be Villager: wolves 1号",
        "  2号 Villager learns: result good"]
    assert list(narrate(events, rs, lang="zh"))[6:-2] == [
        "  3号平民连1号狼人、2号平民", "  3号平民不连", "  3号 says 1号 is 好人",
        "  2号平民声称是平民：wolves：1号", "  2号平民得知：结果：好人"]
    # a decision the ruleset leaves untold: the status after it is the line that says it
    untold = [START, ev(1, 1, "night", "action", seat=3, by="villager", action="x.quiet", targets=[2], choice=None),
              ev(2, 1, "night", "status", seat=2, add="protected")]
    assert list(narrate(untold, rs))[6:-2] == ["  2号 Villager: now protected"]


def test_the_live_teller_also_leaves_out_a_status_that_restates_a_decision():
    # wolfdsl play tells a person his game one event at a time, with the same lines
    from wolfdsl.present.narrate import teller
    t = teller(fake_ruleset())
    protect = ev(1, 1, "night", "action", seat=3, by="villager", action="x.protect", targets=[2], choice=None)
    assert list(t.tell(protect)) == ["", "── Night 1 ──", "  3号: protect → 2号"]
    assert list(t.tell(ev(2, 1, "night", "status", seat=2, add="protected"))) == []
    assert list(t.tell(ev(3, 1, "night", "status", seat=2, add="protected"))) == ["  2号: now protected"]


def test_chinese_polish_header_self_target_death_time_and_winner():
    # a Chinese table's words: the bots named in Chinese, 自守 for a guard protecting
    # himself, one bracket for when and why a night death happened, the win rule's title
    # (seed 19; seeds 1 and 4 showed it before the wolves faked gods and before the table
    # stopped doubting a god's answer to a wolf's claim)
    from clitools import invoke
    zh = invoke("run", "white-wolf-king-12", "--seed", 19, "--lang", "zh").stdout.splitlines()
    assert zh[0] == "white-wolf-king-12 — 白狼王12人，种子 19，12名玩家；机器人：table"
    assert zh[1] == "   1号  普通村民  （好人）"
    assert "  7号守卫自守" in zh and not any("守护7号守卫" in line for line in zh)
    assert "  † 10号普通村民出局（第3夜，狼刀）" in zh
    assert "  † 5号预言家出局（白狼王带走），有遗言" in zh
    assert zh[-1] == "好人获胜——狼人（及第三方）全部出局；获胜座位：1号、2号、3号、4号、5号、7号、10号、12号"
    en = invoke("run", "white-wolf-king-12", "--seed", 19).stdout.splitlines()
    assert en[0] == "Game of white-wolf-king-12 — White wolf king 12, seed 19, 12 players; table bots"
    assert "  7号 Guard: protect → self" in en
    assert "  † 10号 Villager died in night 3 (cause: killed by the werewolves)" in en
    assert en[-1] == ("Winner: Village — every wolf (and every third-faction player) is dead; "
                      "winning seats: 1号, 2号, 3号, 4号, 5号, 7号, 10号, 12号")


def test_the_thief_s_choice_is_told_before_the_role_change_it_causes():
    from clitools import invoke
    zh = invoke("run", "cupid-thief-12", "--seed", 2, "--lang", "zh").stdout.splitlines()
    start = zh.index("── 第1夜 ──")
    # first what he is shown, both bottom cards (ROLE-THIEF-01), by their names
    assert zh[start + 1:start + 4] == ["  7号盗贼得知：底牌：狼人、普通村民", "  7号盗贼拿走狼人牌，另一张底牌埋掉",
                                       "  7号盗贼变为狼人"]
    en = invoke("run", "cupid-thief-12", "--seed", 2).stdout.splitlines()
    start = en.index("── Night 1 ──")
    assert en[start + 1:start + 4] == ["  7号 Thief learns: bottom cards Werewolf, Villager",
                                       "  7号 Thief takes the Werewolf card; the other is buried",
                                       "  7号 Thief is now Werewolf"]
    # may_keep: keeping the thief card (or passing) buries both
    rs = load("millers-hollow")
    keep = [ev(0, 1, "night", "game_start", ruleset="millers-hollow", seed=1,
               seats=[{"seat": 1, "role": "thief", "faction": "village"}]),
            ev(1, 1, "night", "action", seat=1, by="thief", action="thief.choose", targets=[], choice="thief"),
            ev(2, 1, "night", "role_change", seat=1, role="villager", faction="village"),
            ev(3, 1, "night", "thief_card", seat=1, card="thief")]
    assert list(narrate(keep, rs, lang="zh"))[4:6] == ["  1号盗贼不换牌，两张底牌都埋掉", "  1号盗贼变为普通村民"]
    assert list(narrate(keep, rs))[4:6] == ["  1号 Thief keeps his card; both bottom cards are buried",
                                            "  1号 Thief is now Villager"]


def test_a_decision_s_own_seat_among_its_targets_is_told_as_self():
    rs = load("cupid-8")
    start = ev(0, 1, "night", "game_start", ruleset="cupid-8", seed=1, seats=[
        {"seat": 1, "role": "cupid", "faction": "village"}, {"seat": 2, "role": "witch", "faction": "village"}])
    link = ev(1, 1, "night", "action", seat=1, by="cupid", action="cupid.link", targets=[1, 2], choice=None)
    assert list(narrate([start, link], rs))[-3] == "  1号 Cupid: link → self, 2号 Witch"
    assert list(narrate([start, link], rs, lang="zh"))[-3] == "  1号丘比特将自己、2号女巫连为情侣"
    plain = ev(1, 1, "night", "action", seat=1, by="villager", action="x.protect", targets=[1], choice=None)
    assert list(narrate([START, plain]))[-3] == "  1号 werewolf: protect → self"
    # a night death told later: when and why in one bracket
    death = ev(2, 1, "night", "death", seat=2, role="villager", cause="wolf", last_words=True)
    day = ev(1, 1, "day", "note", text="dawn")
    assert list(narrate([START, day, death], lang="zh"))[-3] == "  † 2号villager出局（第1夜，wolf），有遗言"


def test_a_card_note_naming_a_seat_has_one_bracket():
    pact = ev(1, 1, "day", "note", seat=8, text="Pact with the Devil: the executed player survives "
              "(and sits out the next game if his side wins)")
    rs = load("new-moon")
    assert list(narrate([START, pact], rs, lang="zh"))[-3] == "  与魔鬼的契约：被处决的8号活下来（若其阵营获胜，下一局他轮空）"
    assert list(narrate([START, pact], rs))[-3] == ("  Pact with the Devil: the executed player, 8号, survives "
                                                    "(and sits out the next game if his side wins)")


def test_english_narration_names_a_cause_by_its_declared_english_name():
    # `cause self_destruct "self-destructed" "自爆"`: the English story says
    # "self-destructed" as the Chinese one says 自爆, never the id
    from clitools import invoke
    # (seed 19; seeds 1 and 4 showed it before the wolves faked gods and before the table
    # stopped doubting a god's answer to a wolf's claim)
    en = invoke("run", "white-wolf-king-12", "--seed", 19).stdout.splitlines()
    assert "  † 8号 White wolf king died (cause: self-destructed), last words" in en
    assert "  † 5号 Seer died (cause: taken by the white wolf king), last words" in en
    assert "  † 11号 Werewolf died in night 3 (cause: poisoned)" in en
    assert "  ✓ 2号 Villager is spared the wolves' attack (rule: dawn, guarded no, saved yes)" in en
    told = [line for line in en if "(cause: " in line]
    assert len(told) == 6 and not [line for line in told if "_" in line]
    zh = invoke("run", "white-wolf-king-12", "--seed", 19, "--lang", "zh").stdout.splitlines()
    assert "  † 8号白狼王出局（自爆），有遗言" in zh


def test_a_cause_declared_without_a_name_is_told_by_its_id_with_spaces(tmp_path):
    from wolfdsl.present.explain import _Names
    from wolfdsl.present.words import cause_label
    path = tmp_path / "acid-12.wolf"
    text = (ROOT / "rulesets" / "standard-12.wolf").read_text(encoding="utf-8")
    path.write_text(text + "cause acid_bath\n", encoding="utf-8")
    rs = load(str(path))
    events = [START,
              ev(1, 1, "night", "death", seat=2, role="villager", cause="acid_bath", last_words=False),
              ev(2, 1, "night", "death", seat=3, role="villager", cause="wolf", last_words=False),
              ev(3, 1, "night", "spared", seat=1, cause="acid_bath", rule="tub")]
    lines = list(narrate(events, rs))
    assert lines[-6:-2] == ["── Night 1 ──",
                            "  † 2号 Villager died (cause: acid bath)",
                            "  † 3号 Villager died (cause: killed by the werewolves)",
                            "  ✓ 1号 Werewolf is spared one death (cause: acid bath; rule: tub)"]
    assert cause_label(rs, "acid_bath") == "acid bath" and cause_label(rs, "exile") == "exiled"
    assert cause_label(None, "wolf") == "wolf"
    # explain keeps the id and adds a declared name only
    names = _Names(rs, {})
    assert names.symbol("cause", "acid_bath") == "acid_bath"
    assert names.symbol("cause", "wolf") == "wolf (killed by the werewolves)"


def test_the_day_speeches_line_names_the_candidates_heard_in_the_campaign():
    # standard-12 seed 3: seven candidates are read in the campaign; the day's speeches
    # then read only the five other seats, and say where the seven are
    from clitools import invoke
    head = "  The speeches as the table bots heard them (how suspect each sounded; higher: more): "
    en = [line for line in invoke("run", "standard-12", "--seed", 3).stdout.splitlines() if line.startswith(head)]
    assert en[:3] == [
        head + "9号 +1.9, 11号 +1.6, 1号 +1.3, 10号 +0.7, 3号 -0.4, 8号 -0.6, 2号 -0.6",
        head + "7号 +1.1, 4号 +0.4, 12号 +0.1, 5号 -0.5, 6号 -1.3 "
               "(heard earlier today, above: 1号, 2号, 3号, 8号, 9号, 10号, 11号)",
        head + "3号 +2.1, 7号 +1.8, 2号 +1.7, 4号 +0.9, 6号 +0.2, 1号 +0.1, 11号 -0.2, 10号 -0.6, 5号 -0.7, "
               "8号 -0.9, 12号 -1.0",  # day 2: no campaign, everyone read anew
    ]
    head = "  机器人听到的发言印象（可疑程度，越高越可疑）："
    zh = [line for line in invoke("run", "standard-12", "--seed", 3, "--lang", "zh").stdout.splitlines()
          if line.startswith(head)]
    assert zh[1] == (head + "7号 +1.1、4号 +0.4、12号 +0.1、5号 -0.5、6号 -1.3"
                     "（今天较早已听过，见上文：1号、2号、3号、8号、9号、10号、11号）")


def test_seats_read_earlier_the_same_day_are_named_from_a_log_read_back():
    events = [START,
              ev(1, 1, "day", "speeches", order=[2, 3], purpose="campaign"),
              ev(2, 1, "day", "impressions", reads={"2": 0.5, "3": -1.0}, read=0.3),
              ev(3, 1, "day", "speeches", order=[1, 2, 3], purpose="day"),
              ev(4, 1, "day", "impressions", reads={"1": 1.3}, read=0.3),
              ev(5, 2, "day", "speeches", order=[1, 2], purpose="day"),
              ev(6, 2, "day", "impressions", reads={"1": 0.0, "2": 0.2}, read=0.3)]
    lines = [line for line in narrate(json.loads(json.dumps(events)), told_ruleset()) if "heard them" in line]
    head = "  The speeches as the table bots heard them (how suspect each sounded; higher: more): "
    assert lines == [head + "2号 +0.5, 3号 -1.0",
                     head + "1号 +1.3 (heard earlier today, above: 2号, 3号)",
                     head + "2号 +0.2, 1号 +0.0"]


def test_a_reading_that_rounds_to_zero_is_never_told_as_minus_zero():
    # the log of an older run holds -0.0 (and -0.04 rounds to -0.0 with one decimal)
    events = [START, ev(1, 1, "day", "speeches", order=[1, 2, 3], purpose="day"),
              ev(2, 1, "day", "impressions", reads={"1": -0.0, "2": -0.04, "3": -0.06}, read=0.3)]
    lines = [line for line in narrate(json.loads(json.dumps(events)), told_ruleset()) if "heard them" in line]
    assert lines == ["  The speeches as the table bots heard them (how suspect each sounded; higher: more): "
                     "1号 +0.0, 2号 +0.0, 3号 -0.1"]
    from wolfdsl.present.explain import explain
    said = [x for x in explain(json.loads(json.dumps(events)), None, 1) if "speech heard" in x]
    assert said == ["  day 1     #2    its speech heard as +0.00 suspect (rank 1 of 3, 1: the most)"]


def test_the_table_agent_logs_a_reading_that_rounds_to_zero_as_0_0():
    # seed 1 of standard-12: seat 12's day-2 speech read -0.002, logged -0.0 before (seed
    # 12 showed it before the speech reading went from 0.32 to 0.28)
    from wolfdsl.play import game_log, play_game
    events = play_game(load("standard-12"), 1).events
    line = game_log([e for e in events if e["seq"] == 80])
    assert line == ('{"seq":80,"game":0,"day":2,"phase":"day","type":"impressions","reads":{"1":0.16,"2":-1.45,'
                    '"3":-0.25,"4":-2.23,"5":-0.04,"6":-0.61,"8":0.64,"9":0.98,"10":0.97,"11":-0.14,"12":0.0},'
                    '"read":0.28}\n')
    assert "-0.0," not in game_log(events) and "-0.0}" not in game_log(events)
    from clitools import invoke
    told = invoke("run", "standard-12", "--seed", 1).stdout
    assert "  The speeches as the table bots heard them (how suspect each sounded; higher: more): " \
           "9号 +1.0, 10号 +1.0, 8号 +0.6, 1号 +0.2, 12号 +0.0, 5号 +0.0, 11号 -0.1, 3号 -0.2, 6号 -0.6, " \
           "2号 -1.4, 4号 -2.2" in told.splitlines() and " -0.0" not in told


def test_the_public_view_names_the_side_it_measures_on_a_deck_of_three_factions():
    """bomb-man-12: the public view is the chance of not being in the deck's largest
    faction, which takes in the bomb man, so it is not "a wolf" there."""
    from wolfdsl.play import play_game
    rs = load("bomb-man-12")
    events = play_game(rs, 4).events
    lines = [str(x) for x in narrate(events, rs)]
    view = [x for x in lines if "Before the vote" in x]
    assert view[0] == ("  Before the vote, from what is public (how likely each is not on the Village side): "
                       "10号 45%, 7号 43%, 4号 40%")
    zh = [str(x) for x in narrate(events, rs, lang="zh") if "投票前" in str(x)]
    assert zh[0] == "  投票前，按公开信息（不属于好人阵营的可能）：10号 45%、7号 43%、4号 40%"


def test_a_night_that_killed_nobody_is_told_a_peaceful_night_when_its_day_begins():
    # no death dated night 1: 平安夜 when day 1 begins; night 2's death (announced by
    # day) makes no such line; night 3 ends the story before its day
    events = [START, ev(1, 1, "night", "phase"), ev(2, 1, "day", "phase"),
              ev(3, 1, "day", "note", text="talk"), ev(4, 2, "night", "phase"), ev(5, 2, "day", "phase"),
              ev(6, 2, "night", "death", seat=2, role="villager", cause="wolf", last_words=False),
              ev(7, 3, "night", "phase")]
    en = list(narrate(events))[4:]
    assert en == ["", "── Night 1 ──", "", "── Day 1 ──", "  ☀ A peaceful night: nobody died in night 1",
                  "  talk", "", "── Night 2 ──", "", "── Day 2 ──", "  † 2号 villager died in night 2 (cause: wolf)",
                  "", "── Night 3 ──", "", "The game stops here, with no winner yet."]
    zh = list(narrate(events, lang="zh"))
    assert zh[zh.index("── 第1天 ──") + 1] == "  ☀ 平安夜：第1夜无人出局"
    assert sum("☀" in line for line in zh) == 1
    # a story that starts by day has no night before day 1
    assert not [line for line in narrate([START, ev(1, 1, "day", "phase"), ev(2, 1, "day", "note", text="x")])
                if "☀" in line]


def test_an_event_case_may_name_a_field_of_a_field():
    """``event inform(what.can_shoot = yes) "…"`` (roles.wolf, ROLE-HUNTER-04): the
    hunter's nightly notice in words, and an inform without that field as before."""
    rs = load("standard-12")
    hunter = dict(START, seats=[{"seat": 5, "role": "hunter", "faction": "village"}])
    events = [hunter, ev(1, 2, "night", "inform", seat=5, what={"can_shoot": False}),
              ev(2, 3, "night", "inform", seat=5, what={"can_shoot": True}),
              ev(3, 3, "night", "inform", seat=5, what={"seat": 3, "result": "good"})]
    told = [line for line in narrate(events, rs) if line.kind == "info"]
    assert told == ["  5号 Hunter is told he could not shoot tonight", "  5号 Hunter is told he could shoot tonight",
                    "  5号 Hunter learns: seat 3号; result good"]
    zh = [line for line in narrate(events, rs, lang="zh") if line.kind == "info"]
    assert zh[:2] == ["  5号猎人得知今晚不能开枪", "  5号猎人得知今晚可以开枪"]


def test_a_game_stopped_by_the_day_limit_says_so_and_who_is_left():
    # a stalemate (Cupid's last lover dead, one villager left: the votes tie for ever)
    # ends at the engine's day limit: said as such, with who is left, not "rule: day_limit"
    events = [START, ev(1, 1, "night", "phase"),
              ev(2, 1, "night", "death", seat=2, role="villager", cause="wolf"),
              ev(3, 40, "day", "phase"),
              ev(4, 40, "day", "game_over", winners=[], winning_seats=[], reason="day_limit")]
    assert list(narrate(events))[-1] == ("No winner: day 40 ended (the game's day limit) with no win rule "
                                         "met; left alive: 1号 werewolf, 3号 villager")
    assert list(narrate(events, lang="zh"))[-1] == \
        "无人获胜：第40天（本局天数上限）结束时，没有任何胜利条件达成；存活：1号werewolf、3号villager"


def test_a_status_is_told_by_its_declared_name_added_and_removed(tmp_path):
    # trial D: "5号 Werewolf is no longer raven_mark"; the name reads after "now" and
    # "no longer" whatever its form ("has no vote"); without a name, the id
    from wolfdsl.lang.load import load
    path = tmp_path / "probe.wolf"
    path.write_text('import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
                    'status raven_mark "marked by the raven" "被乌鸦标记"\nstatus bare\n', encoding="utf-8")
    rs = load(str(path))
    events = [ev(1, 1, "night", "status", seat=5, add="raven_mark"),
              ev(2, 2, "night", "status", seat=5, remove="raven_mark"),
              ev(3, 2, "night", "status", seat=5, add="voteless"),
              ev(4, 2, "night", "status", seat=5, remove="bare")]
    told = [line for line in narrate(events, rs) if line.kind == "status"]
    assert told == ["  5号: now marked by the raven", "  5号: no longer marked by the raven",
                    "  5号: now has no vote", "  5号: no longer bare"]
    told = [line for line in narrate(events, rs, lang="zh") if line.kind == "status"]
    assert told == ["  5号现在被乌鸦标记", "  5号不再被乌鸦标记", "  5号现在无投票权", "  5号不再bare"]


def test_a_logs_ruleset_beside_the_log_is_found_and_a_missing_one_is_said(tmp_path):
    # narrated from another folder, a local ruleset's game lost its names without a word
    from clitools import invoke

    src = Path(__file__).parent / "scenarios" / "rulesets" / "mistaken-seer-12.wolf"
    (tmp_path / "mistaken-seer-12.wolf").write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    log = tmp_path / "g.jsonl"
    assert invoke("run", tmp_path / "mistaken-seer-12.wolf", "--seed", 2, "--log", log, "-q").exit_code == 0
    r = invoke("narrate", log)
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.splitlines()[:2] == ["Game of mistaken-seer-12 — Mistaken seer 12, seed 2, 12 players; table bots",
                                         "   1号  Villager 普通村民  (Village)"]
    (tmp_path / "mistaken-seer-12.wolf").unlink()
    for command in (("narrate", log), ("explain", log, "--seat", 1)):
        r = invoke(*command)
        assert r.exit_code == 0
        assert r.stderr.splitlines()[0] == (
            f"note: the ruleset 'mistaken-seer-12' of {log} is not bundled, and no mistaken-seer-12.wolf is in "
            "this folder or beside the log: roles and steps are shown by their ids; give --ruleset FILE for their names")
    assert "   1号  villager  (village)" in invoke("narrate", log).stdout


def test_a_sheriff_who_makes_no_recommendation_is_told_so():
    # SHERIFF-11: passing (不归票) is said aloud too; it used to leave no line and no event
    from clitools import invoke
    en = [line for line in invoke("run", "standard-12", "--seed", 7).stdout.splitlines() if "Sheriff 10号" in line]
    assert en == ["  Sheriff 10号 recommends exiling 3号", "  Sheriff 10号 recommends exiling 11号",
                  "  Sheriff 10号 makes no recommendation", "  Sheriff 10号 recommends exiling 9号"]
    zh = [line for line in invoke("run", "standard-12", "--seed", 7, "--lang", "zh").stdout.splitlines()
          if "警长10号" in line]
    assert zh == ["  警长10号归票3号", "  警长10号归票11号", "  警长10号不归票", "  警长10号归票9号"]


def test_a_seat_told_the_same_seat_twice_hears_it_twice_and_a_count_is_no_seat(tmp_path):
    # a trial: a role shown the same victim on nights 1 and 2 (two attacks) heard of the
    # second one nowhere in the story, and a count a role is told read as a seat
    from clitools import invoke

    mine = tmp_path / "counter.wolf"
    mine.write_text('import "roles"\ntitle "Counter"\nrole counter "Counter" "计数员" { faction village; class god }\n'
                    'role lookout "Lookout" "瞭望者" { faction village; class god }\n'
                    "deck 12: werewolf*4, seer, witch, hunter, counter, lookout, villager*3\n"
                    "step counting in night after werewolves before witch {\n"
                    "    if living(counter) != none {\n"
                    "        tell living(counter) { wolves_alive: count(members(werewolves)), left: count(alive) - 1 }\n"
                    "    }\n"
                    "    if living(lookout) != none { tell living(lookout) { first_alive: first(alive) } }\n"
                    "}\n", encoding="utf-8")
    lines = [l.strip() for l in invoke("run", mine, "--seed", 7).stdout.splitlines()]
    assert [l for l in lines if "Counter learns" in l][:2] == ["1号 Counter learns: wolves alive 4; left 11",
                                                             "1号 Counter learns: wolves alive 3; left 10"]
    looked = [l for l in lines if "Lookout learns" in l]
    assert looked[:2] == ["5号 Lookout learns: first alive 1号 Counter"] * 2  # nights 1 and 2


def test_the_seats_of_people_and_programs_read_in_the_narrations_language():
    # a trial: the Chinese title read "机器人：table；座位 3: human", half English
    from wolfdsl.play import play_game

    rs = load("standard-12")
    events = [dict(play_game(rs, 8, 0).events[0], agents="table, seat 3=human, seat 5=cmd:bot.py")]
    assert next(iter(narrate(events, rs, lang="zh"))).endswith("；机器人：table；3号：human、5号：cmd:bot.py")
    assert next(iter(narrate(events, rs))).endswith("; table bots; at seat 3: human, 5: cmd:bot.py")


def test_an_election_without_candidates_tells_no_speeches(tmp_path):
    # a trial: "Speeches in order: nobody speaks" came before "No sheriff is elected"
    from clitools import invoke

    scenario = tmp_path / "nobody-runs.yaml"
    scenario.write_text("ruleset: standard-12\nseed: 1\nseats: [werewolf, werewolf, werewolf, werewolf, seer, witch, "
                        "hunter, guard, villager, villager, villager, villager]\notherwise: abstain\n"
                        "stop_after: day 1\n", encoding="utf-8")
    for lang, lines in (("en", ["── Day 1 ──", "  ☀ A peaceful night: nobody died in night 1",
                                "  ★ No sheriff is elected",
                                "  Speeches in order: 2号, 3号, 4号, 5号, 6号, 7号, 8号, 9号, 10号, 11号, 12号, 1号"]),
                        ("zh", ["── 第1天 ──", "  ☀ 平安夜：第1夜无人出局", "  ★ 无人当选警长",
                                "  发言顺序：2号、3号、4号、5号、6号、7号、8号、9号、10号、11号、12号、1号"])):
        out = invoke("run", "--script", scenario, "--lang", lang).stdout.splitlines()
        day = out.index(lines[0])
        assert out[day:day + 4] == lines


def test_a_seat_spared_one_attack_and_dead_of_another_says_what_it_was_spared(tmp_path):
    # a trial: "✓ 1号 Seer is spared (cause: killed by the werewolves; …guarded yes)", then
    # "† 1号 Seer died … (stabbed by the serial killer)": "spared" read as "lived"
    seer = dict(START, seats=[{"seat": 1, "role": "werewolf", "faction": "werewolves"},
                              {"seat": 2, "role": "villager", "faction": "village"},
                              {"seat": 3, "role": "villager", "faction": "village"}])
    events = [seer,
              ev(1, 1, "night", "spared", seat=2, cause="wolf", rule="dawn", guarded=True, saved=False),
              ev(2, 1, "night", "death", seat=2, role="villager", cause="poison", last_words=False),
              ev(3, 1, "night", "spared", seat=3, cause="wolf", rule="elder_life", statuses=[]),
              ev(4, 1, "night", "death", seat=3, role="villager", cause="poison", last_words=False)]
    rs = load("standard-12")
    assert list(narrate(events, rs))[-6:-2] == [
        "  ✓ 2号 Villager is spared the wolves' attack (rule: dawn, guarded yes, saved no)",
        "  † 2号 Villager died (cause: poisoned)",
        "  ✓ 3号 Villager is spared one death (cause: killed by the werewolves; rule: elder_life)",
        "  † 3号 Villager died (cause: poisoned)"]
    assert list(narrate(events, rs, lang="zh"))[-6:-2] == [
        "  ✓ 2号普通村民被守护，躲过狼刀", "  † 2号普通村民出局（毒杀）",
        "  ✓ 3号普通村民幸免（狼刀；规则：长老的第二条命）", "  † 3号普通村民出局（毒杀）"]


def _night_one(tmp_path, ruleset, decisions, death):
    """Night 1 of a standard-12 deal (1-4 werewolves, 5 seer, 6 witch, 7 hunter, 8 guard,
    9-12 villagers) played from ``decisions`` (scenario lines) and stopped there,
    ``death`` its one expected death: ``(the run, its events)``."""
    (tmp_path / "s.yaml").write_text(
        f"ruleset: {ruleset}\nseed: 1\n"
        "seats: [werewolf, werewolf, werewolf, werewolf, seer, witch, hunter, guard, villager, villager, "
        "villager, villager]\notherwise: abstain\nstop_after: night 1\ndecisions:\n"
        + "".join(f"  - {d}\n" for d in decisions) + f"expect:\n  deaths:\n    - {death}\n", encoding="utf-8")
    log = tmp_path / "log.jsonl"
    r = invoke("run", "--script", tmp_path / "s.yaml", "--log", log)
    assert r.exit_code == 0, r.output
    return r, [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def test_the_wolves_target_dead_of_another_cause_before_dawn_is_spared_nothing(tmp_path):
    # helper's note on the trial above: the dawn logged "spared" for a target who had
    # already died that night (stabbed before dawn), guarded or not
    (tmp_path / "stab.wolf").write_text(
        'import "standard-12"\ncause stabbed "stabbed" "被刺"\n'
        'step stab in night after seer before dawn {\n'
        '    if wolf_target != none { kill wolf_target cause stabbed }\n}\n', encoding="utf-8")
    r, events = _night_one(tmp_path, "stab.wolf", ["{at: night 1, by: guard, do: protect, choose: 9}",
                                                  "{at: night 1, by: werewolves, do: kill, choose: 9}"],
                           "{seat: 9, cause: stabbed, at: night 1}")
    types = [e["type"] for e in events]
    assert types.count("death") == 1 and "spared" not in types
    assert "spared" not in r.stdout and "† 9号 Villager died (cause: stabbed)" in r.stdout


def test_a_victim_both_guarded_and_saved_is_told_why_he_died(tmp_path):
    # a moderator's trial: '† 9号 Villager died in night 1 (cause: killed by the werewolves)'
    # after the guard and the witch had both saved him, with no reason (同守同救)
    decisions = ["{at: night 1, by: guard, do: protect, choose: 9}",
                 "{at: night 1, by: werewolves, do: kill, choose: 9}", "{at: night 1, by: witch, do: save, choose: yes}"]
    r, events = _night_one(tmp_path, "standard-12", decisions, "{seat: 9, cause: wolf, at: night 1}")
    [i] = [k for k, e in enumerate(events) if e["type"] == "guarded_and_saved"]
    assert events[i]["seat"] == 9 and [(e["seat"], e["cause"]) for e in events[i:] if e["type"] == "death"] == [(9, "wolf")]
    assert ("  9号 Villager was both guarded and saved: he dies of the wolves' attack (同守同救, ROLE-GUARD-03)\n"
            "  † 9号 Villager died (cause: killed by the werewolves)") in r.stdout
    zh = invoke("run", "--script", tmp_path / "s.yaml", "--lang", "zh").stdout
    assert "  9号普通村民同守同救，死于狼刀（ROLE-GUARD-03）\n  † 9号普通村民出局（狼刀）" in zh


def test_the_cast_names_the_cards_dealt_to_nobody():
    # a trial: cupid-thief-12 seed 11 put Cupid and the thief face down, and the story
    # never said so ("a Cupid and thief game has neither")
    start = dict(START, ruleset="cupid-thief-12", extra_cards=["thief", "cupid"])
    rs = load("cupid-thief-12")
    en, zh = list(narrate([start], rs)), list(narrate([start], rs, lang="zh"))
    assert "  Face down (dealt to nobody): Thief, Cupid" in en
    assert "  底牌（未发给任何人）：盗贼、丘比特" in zh
    assert not any("Face down" in line for line in narrate([START], load("standard-12")))
