"""``wolfdsl explain``: why a seat died or survived, from the provenance in the event log.

Golden files on two bundled rulesets: standard-12 (同守同救: guard and witch on the same
target, who dies by rule 'dawn'; a seat the guard alone saved, then killed; a hunter's
shot set off by his death) and cupid-8 (a lover dying of heartbreak after an exile); in
Chinese (``--lang zh``), the same game's 同守同救 and guarded seat, and a hunter exiled on
day 1 who shoots at once (tests/scenarios/ROLE-HUNTER-07-b.yaml).
"""
import json
import re
from pathlib import Path

import pytest

from clitools import invoke
from golden import check

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    out = tmp_path_factory.mktemp("explain")
    made = {}
    for name, script in [("guard-witch", "docs/examples/guard-witch-same-target.yaml"),
                         ("cupid-8", "docs/examples/cupid-8-mixed-lovers.yaml"),
                         ("hunter-exiled", "tests/scenarios/ROLE-HUNTER-07-b.yaml")]:
        log = out / f"{name}.jsonl"
        r = invoke("run", "--script", ROOT / script, "--log", log, "-q")
        assert r.exit_code == 0, r.output
        made[name] = log
    return made


@pytest.mark.parametrize("log,seat,lang,golden", [
    ("guard-witch", 9, "en", "explain-standard-12-guard-witch-seat9.txt"),
    ("guard-witch", 5, "en", "explain-standard-12-spared-seat5.txt"),
    ("guard-witch", 1, "en", "explain-standard-12-hunter-shot-seat1.txt"),
    ("cupid-8", 6, "en", "explain-cupid-8-heartbreak-seat6.txt"),
    ("guard-witch", 9, "zh", "explain-standard-12-guard-witch-seat9-zh.txt"),
    ("guard-witch", 5, "zh", "explain-standard-12-spared-seat5-zh.txt"),
    ("hunter-exiled", 7, "zh", "explain-standard-12-exiled-hunter-seat7-zh.txt"),
    ("hunter-exiled", 1, "zh", "explain-standard-12-hunter-shot-seat1-zh.txt"),
])
def test_explain_matches_its_golden_file(logs, log, seat, lang, golden):
    r = invoke("explain", logs[log], "--seat", seat, *(["--lang", lang] if lang != "en" else []))
    assert r.exit_code == 0, r.output
    # Line numbers are left out of the golden files, so that an edit of the bundled
    # rulesets does not change them; the next test checks them against the source.
    check(golden, re.sub(r"\.wolf:\d+", ".wolf:N", r.stdout))


def test_guard_and_witch_on_the_same_target_names_the_rule_that_killed(logs):
    out = invoke("explain", logs["guard-witch"], "--seat", 9).stdout
    prelude = (ROOT / "rulesets" / "prelude.wolf").read_text(encoding="utf-8").splitlines()
    step = prelude.index("step dawn in night last") + 1
    kill = next(i for i, line in enumerate(prelude, 1) if line.strip() == "kill target cause wolf")
    assert f"    step 'dawn' (<bundled>/prelude.wolf:{step})\n" in out
    assert f"    <bundled>/prelude.wolf:{kill}: kill target cause wolf\n" in out
    assert "ROLE-GUARD-03" in out and "exactly one of guard protection and the antidote" in out
    assert "Statuses when killed: protected (protected tonight), saved (saved by the antidote tonight)" in out


def test_death_events_carry_provenance_and_a_prevented_death_is_logged(logs):
    events = [json.loads(line) for line in logs["guard-witch"].read_text(encoding="utf-8").splitlines()]
    nine = next(e for e in events if e["type"] == "death" and e["seat"] == 9)
    assert (nine["rule"], nine["statuses"]) == ("dawn", ["protected", "saved"])
    assert "at" not in nine  # no source line: a log does not change when a rule moves
    spared = [e for e in events if e["type"] == "spared"]
    assert [(e["seat"], e["rule"], e["guarded"], e["saved"]) for e in spared] == [(5, "dawn", True, False)]
    shot = next(e for e in events if e["type"] == "death" and e["cause"] == "shot")
    hunter = next(e for e in events if e["type"] == "death" and e["seat"] == shot["after"])
    assert (shot["rule"], hunter["role"]) == ("hunter_shot", "hunter")


def test_a_replacement_that_does_not_proceed_is_a_spared_event(tmp_path):
    log = tmp_path / "elder.jsonl"
    hits = []
    for seed in range(40):
        r = invoke("run", "standard-12-elder", "--seed", seed, "--log", log, "-q")
        assert r.exit_code == 0, r.output
        hits = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if '"spared"' in line]
        hits = [e for e in hits if e.get("stopped")]
        if hits:
            break
    assert hits, "no elder survived a wolf kill in 40 seeds"
    assert (hits[0]["rule"], hits[0]["stopped"], hits[0]["cause"]) == ("elder_life", "dawn", "wolf")
    out = invoke("explain", log, "--seat", hits[0]["seat"]).stdout
    assert "prevented by rule 'elder_life' (the kill of rule 'dawn')" in out


def test_a_log_without_provenance_is_still_explained(logs, tmp_path):
    old = tmp_path / "old.jsonl"
    lines = []
    for line in logs["guard-witch"].read_text(encoding="utf-8").splitlines():
        e = json.loads(line)
        if e["type"] == "spared":
            continue
        for k in ("rule", "at", "statuses", "after"):
            e.pop(k, None) if e["type"] == "death" else None
        lines.append(json.dumps(e))
    old.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = invoke("explain", old, "--seat", 9)
    assert r.exit_code == 0, r.output
    assert "it was written before deaths carried their provenance" in r.stdout


def test_explain_bad_input_exits_2(logs, tmp_path):
    r = invoke("explain", logs["guard-witch"], "--seat", 13)
    assert r.exit_code == 2 and "has no seat 13; seats: 1 to 12" in r.output
    assert invoke("explain", logs["guard-witch"], "--seat", 1, "--game", 4).exit_code == 2
    assert invoke("explain", tmp_path / "missing.jsonl", "--seat", 1).exit_code == 2


@pytest.mark.parametrize("command", ["explain", "narrate"])
def test_a_several_game_log_says_which_game_it_took(tmp_path, command):
    log = tmp_path / "three.jsonl"
    assert invoke("run", "classic-9", "--games", "3", "--seed", "2", "--log", log, "--json").exit_code == 0
    more = ["--seat", 2] if command == "explain" else []
    r = invoke(command, log, *more)
    assert r.exit_code == 0, r.output
    assert r.stderr == f"note: {log} holds 3 games (0 to 2); this is game 0, the first: give --game G for another\n"
    r = invoke(command, log, *more, "--game", 1)
    assert r.exit_code == 0 and r.stderr == ""
    if command == "explain":
        assert ": game 1 of classic-9" in r.stdout.splitlines()[0]


@pytest.mark.parametrize("seat,more", [(9, ()), (5, ()), (5, ("--lang", "zh"))])
def test_the_toolbox_page_shows_the_real_output(logs, seat, more):
    # docs/toolbox.md's examples, made from docs/examples/guard-witch-same-target.yaml
    doc = (ROOT / "docs" / "toolbox.md").read_text(encoding="utf-8")
    head = " ".join(["$ wolfdsl explain game.jsonl --seat", str(seat), *more]) + "\n"
    start = doc.index(head) + len(head)
    assert doc[start:doc.index("```", start)] == invoke("explain", logs["guard-witch"], "--seat", seat, *more).stdout


def test_seat_takes_a_role_one_seat_held(logs):
    # `--seat witch` was a pydantic message ("Input should be a valid integer, …")
    r = invoke("explain", logs["guard-witch"], "--seat", "witch")
    assert r.exit_code == 0, r.output
    assert r.stderr == "note: seat 6 holds the witch\n"
    assert r.stdout == invoke("explain", logs["guard-witch"], "--seat", 6).stdout
    assert invoke("explain", logs["guard-witch"], "--seat", "女巫").stderr == "note: seat 6 holds the witch\n"
    assert invoke("explain", logs["guard-witch"], "--seat", "Witch").stderr == "note: seat 6 holds the witch\n"
    r = invoke("explain", logs["guard-witch"], "--seat", "6号")
    assert (r.exit_code, r.stderr) == (0, "")


def test_seat_says_what_it_takes_for_a_role_of_several_seats_or_none(logs):
    wolves = sorted(e["seat"] for e in json.loads(logs["guard-witch"].read_text(encoding="utf-8").splitlines()[0])["seats"]
                    if e["role"] == "werewolf")
    r = invoke("explain", logs["guard-witch"], "--seat", "werewolf")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == ("error: --seat takes a seat number or a role held by one seat; in game 0 seats "
                        f"{', '.join(map(str, wolves[:-1]))} and {wolves[-1]} held 'werewolf': give one of them\n")
    r = invoke("explain", logs["guard-witch"], "--seat", "cupid")
    assert r.exit_code == 2
    assert r.stderr == ("error: --seat takes a seat number or a role held by one seat; no seat of game 0 held "
                        "'cupid' (roles in this game: guard, hunter, seer, villager, werewolf, witch)\n")
    r = invoke("explain", logs["guard-witch"], "--seat", "seeer")
    assert r.exit_code == 2
    assert r.stderr == ("error: --seat takes a seat number or a role held by one seat; no seat of game 0 held "
                        "'seeer' (did you mean 'seer'?) (roles in this game: guard, hunter, seer, villager, "
                        "werewolf, witch)\n")
    r = invoke("explain", logs["guard-witch"], "--seat", 0)
    assert (r.exit_code, r.stderr) == (2, "error: --seat takes a seat number or a role held by one seat; "
                                          "seats are numbered from 1, got 0\n")


def test_a_player_exiled_after_the_election_did_not_die_a_candidate(tmp_path):
    # seed 7: seat 3 ran for sheriff, then was exiled on day 1 once the election was over;
    # explain said "Statuses when killed: candidate (runs for sheriff)"
    log = tmp_path / "g7.jsonl"
    assert invoke("run", "standard-12", "--seed", 7, "--log", log, "-q").exit_code == 0
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    sheriff = next(e for e in events if e["type"] == "sheriff")
    ended = [(e["seat"], e["remove"]) for e in events if e["type"] == "status" and "remove" in e]
    assert ended == [(3, "candidate"), (4, "candidate"), (6, "candidate"), (8, "candidate"), (10, "candidate")]
    assert next(e for e in events if e["type"] == "status" and "remove" in e)["seq"] == sheriff["seq"] + 1
    death = next(e for e in events if e["type"] == "death" and e["seat"] == 3)
    assert (death["day"], death["phase"], death["cause"], death["statuses"]) == (1, "day", "exile", [])
    out = invoke("explain", log, "--seat", 3).stdout.splitlines()
    assert "  Statuses when killed: none" in out
    assert f"  day 1     #{sheriff['seq'] + 1:<4} seat 3 (werewolf) loses candidate (runs for sheriff)" in out


@pytest.mark.parametrize("scenario, ended", [
    # seat 6 withdraws: 5 is sheriff unopposed; both stop being candidates, 6 withdrawn
    ("SHERIFF-04-a.yaml", [(5, "candidate"), (6, "candidate"), (6, "withdrawn")]),
    # wolf 4, a candidate, self-destructs: the badge is lost and the election over
    ("LASTWORDS-04.yaml", [(4, "candidate"), (9, "candidate")]),
])
def test_the_election_s_statuses_end_with_it(tmp_path, scenario, ended):
    log = tmp_path / "log.jsonl"
    r = invoke("run", "-q", "--script", ROOT / "tests" / "scenarios" / scenario, "--log", log)
    assert r.exit_code == 0, r.output
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    sheriff = next(i for i, e in enumerate(events) if e["type"] == "sheriff")
    assert [(e["seat"], e["remove"]) for e in events[sheriff + 1:sheriff + 1 + len(ended)]] == ended
    assert not [e for e in events if e["type"] == "status" and "remove" in e and e not in events[sheriff:]]
    after = [(e["seat"], e["statuses"]) for e in events[sheriff:] if e["type"] == "death"]
    assert after == ([] if scenario.startswith("SHERIFF") else [(10, []), (3, ["poisoned"])])


def test_an_empty_log_is_said_to_be_empty(tmp_path):
    # it said "has no game None (it is empty)"
    log = tmp_path / "empty.jsonl"
    log.write_text("", encoding="utf-8")
    for command in (["explain", log, "--seat", 1], ["narrate", log]):
        r = invoke(*command)
        assert r.exit_code == 2 and r.stderr == (f"error: {log} is empty: it holds no event (an event log is "
                                                 "written by wolfdsl run --log FILE.jsonl)\n")


def test_explain_in_chinese(logs):
    # every line in Chinese: the seats as 9号, the ruleset's Chinese names of the roles,
    # causes, statuses and win rule, its Chinese event texts for the decisions and its
    # moderator's call for the rule; the rule's comment is quoted as written (English)
    out = invoke("explain", logs["guard-witch"], "--seat", 9, "--lang", "zh").stdout
    assert "  9号普通村民死于第1夜，死因：狼刀（wolf），有遗言。\n" in out
    assert "9号普通村民获得状态：被解药救起（saved），起因：6号女巫使用解药\n" in out
    assert "    主持词：天亮了，请大家睁眼。\n" in out
    assert "    规则注释（英文原文）：NIGHT-06: resolution at dawn." in out
    assert "  死亡时的状态：被守护（protected）、被解药救起（saved）\n" in out
    assert out.endswith("胜利条件「village_wins」：狼人（及第三方）全部出局；胜者：好人（village）。\n  9号普通村民获胜。\n")
    assert not [line for line in out.splitlines() if re.search(r"\b(seat|by|the|dies|gains|won)\b", line)
                and not line.startswith(("    规则注释", "    <bundled>"))]


def test_explain_takes_the_lang_of_the_other_commands(logs):
    r = invoke("explain", logs["guard-witch"], "--seat", 9, "--lang", "fr")
    assert r.exit_code == 2 and r.stdout == ""
    assert "Invalid value for '--lang': unknown language 'fr'; use en or zh" in r.stderr
    assert r.stderr.splitlines()[-1] == invoke("narrate", logs["guard-witch"], "--lang", "fr").stderr.splitlines()[-1]
    assert invoke("explain", logs["guard-witch"], "--seat", 9, "--lang", "en").stdout == \
        invoke("explain", logs["guard-witch"], "--seat", 9).stdout


def test_seat_takes_a_chinese_role_name_and_says_so_in_chinese(logs):
    r = invoke("explain", logs["guard-witch"], "--seat", "女巫", "--lang", "zh")
    assert r.exit_code == 0, r.output
    assert r.stderr == "注：6号是女巫\n"
    assert r.stdout == invoke("explain", logs["guard-witch"], "--seat", "6号", "--lang", "zh").stdout
    assert r.stdout.startswith("6号（身份牌：女巫）：standard-12 第0局，种子 72\n")
    assert invoke("explain", logs["guard-witch"], "--seat", "witch", "--lang", "zh").stderr == "注：6号是女巫\n"


def test_the_timeline_shows_what_the_table_was_told_of_the_seat(tmp_path):
    # standard-12 seed 3, the seer (7): his own claims and the wolf's counter-claim naming
    # him (悍跳, 查杀), which explained the vote and were missing from the timeline
    log = tmp_path / "s3.jsonl"
    assert invoke("run", "standard-12", "--seed", 3, "--log", log, "-q").exit_code == 0
    en = invoke("explain", log, "--seat", 7).stdout.splitlines()
    assert [line for line in en if "claims" in line] == [
        "  day 1     #63   7号 Seer claims to be Seer: seat 9号, result wolf",
        "  day 1     #66   9号 Werewolf claims to be Seer: seat 7号, result wolf",
        "  day 2     #91   7号 Seer claims to be Seer: seat 11号, result good"]
    zh = invoke("explain", log, "--seat", 7, "--lang", "zh").stdout.splitlines()
    assert "  第1天     #66   9号狼人声称是预言家：7号是狼人" in zh


def test_decisions_are_named_as_the_narration_names_them_never_by_their_ids(tmp_path):
    # a reader saw `werewolves.fake_check by the werewolves -> seat 7 (seer)` and
    # `guard.protect by seat 2 (guard)`: internal ids; now the narration's name, or the
    # question of the decision's `ask` where the narration tells none (a speech act)
    log = tmp_path / "g.jsonl"
    assert invoke("run", "standard-12", "--seed", 3, "--log", log, "-q").exit_code == 0
    actions = {json.loads(line).get("action") for line in log.read_text(encoding="utf-8").splitlines()} - {None}
    assert {"werewolves.fake_check", "guard.protect", "werewolves.kill", "run_for_sheriff"} <= actions
    en = invoke("explain", log, "--seat", 7).stdout.splitlines()
    zh = invoke("explain", log, "--seat", 7, "--lang", "zh").stdout.splitlines()
    assert en[8] == ("  day 1     #65   the werewolves, asked \u201cYour fake seer's result: whom does he name as a "
                     "wolf (\u67e5\u6740) today?\u201d -> seat 7 (seer)")
    assert zh[8] == "  第1天     #65   狼人被问\u201c假预言家报验人：今天说谁是狼人（发查杀）？\u201d → 7号预言家"
    assert en[10:12] == ["  night 2   #79   protect by seat 2 (guard) -> seat 7 (seer)",
                         "  night 2   #80   seat 7 (seer) gains protected (protected tonight), after protect by seat 2 "
                         "(guard)"]
    for seat in range(1, 13):
        for lang in ("en", "zh"):
            told = invoke("explain", log, "--seat", seat, "--lang", lang).stdout
            # (a vote's id, `exile_vote`, is also the name of the rule that exiles: a rule is named)
            assert not any(a in told for a in actions if "." in a or a == "run_for_sheriff"), (seat, lang)


def test_the_timeline_has_the_seats_own_decisions_and_what_it_was_told(tmp_path):
    # new-user trial: `explain --seat 2` left out the seat's own actions and what it learnt
    log = tmp_path / "g.jsonl"
    assert invoke("run", "standard-12", "--seed", 3, "--log", log, "-q").exit_code == 0
    en = invoke("explain", log, "--seat", 7).stdout.splitlines()
    assert en[3:7] == [
        "  night 1   #11   check by seat 7 (seer) -> seat 9 (werewolf)",
        "  night 1   #12   seat 7 (seer) is told: seat 9, result wolf",
        "  day 1     #61   its speech heard as +1.09 suspect (rank 1 of 5, 1: the most)",
        "  day 1     #62   seat 7 (seer), asked \u201cClaim the seer (\u8df3\u9884\u8a00\u5bb6) in your speech and "
        "tell your new results?\u201d -> yes"]
    zh = invoke("explain", log, "--seat", 7, "--lang", "zh").stdout.splitlines()
    assert zh[3:5] == ["  第1夜     #11   7号预言家查验9号狼人", "  第1夜     #12   7号预言家得知：座位：9号狼人；结果：狼人"]
    # a yes/no question it answered no changed nothing: not listed
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    said_no = [e["seq"] for e in events if e.get("type") == "action" and e.get("seat") == 7 and e.get("choice") is False]
    assert said_no and not any(f"#{q} " in line for q in said_no for line in en)


def test_a_choice_that_is_no_seat_is_told_as_the_answer_not_nobody(tmp_path):
    # a trial: a yes/no decision read "-> nobody (yes)"; a card chosen "-> nobody (werewolf)"
    log = tmp_path / "g.jsonl"
    assert invoke("run", "standard-12", "--seed", 3, "--log", log, "-q").exit_code == 0
    en = invoke("explain", log, "--seat", "witch").stdout.splitlines()
    assert en[4:6] == ["  night 1   #9    save by seat 8 (witch) -> yes",
                       "  day 1     #26   run for sheriff by seat 8 (witch) -> yes"]
    assert en[9] == "  night 2   #82   poison by seat 8 (witch) -> nobody"   # a pass: no seat
    log = tmp_path / "t.jsonl"
    assert invoke("run", "cupid-thief-12", "--seed", 2, "--log", log, "-q").exit_code == 0
    assert invoke("explain", log, "--seat", "thief").stdout.splitlines()[4] == (
        "  night 1   #3    choose by seat 7 (thief) -> werewolf")


def test_a_claim_with_no_event_text_of_its_own_is_in_the_timeline(tmp_path):
    # a trial: the hunter's own claim (a claim event with nothing told) was left out of
    # his timeline, between the question he answered yes and the sheriff's recommendation
    log = tmp_path / "game.jsonl"
    assert invoke("run", "standard-12", "--seed", 7, "--log", log).exit_code == 0
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    [claim] = [e for e in events if e["type"] == "claim" and e["role"] == "hunter" and e["seat"] == 10]
    out = invoke("explain", log, "--seat", "hunter").stdout
    assert re.search(rf"#{claim['seq']} +10号 Hunter claims to be Hunter\n", out)
    # and a wolf's counter-claim of the same card (对跳), before or after his own
    [counter] = [e for e in events if e["type"] == "claim" and e["role"] == "hunter" and e["seat"] != 10]
    assert re.search(rf"#{counter['seq']} +{counter['seat']}号 Werewolf claims to be Hunter\n", out)
    zh = invoke("explain", log, "--seat", "hunter", "--lang", "zh").stdout
    assert re.search(rf"#{claim['seq']} +10号猎人声称是猎人\n", zh)
