"""A person at a seat, in the terminal (``wolfdsl play RULESET --seat 3``).

:class:`HumanAgent` is a :class:`~wolfdsl.seats.router.SeatPlayer`: it prints what the
seat may know as it happens (its card and teammates, what it is told, public events,
its own actions), narrated like ``wolfdsl run`` narrates, and asks each decision — the
ruleset's question (its ``ask`` clause: "Poison someone tonight?"), else the action's verb
— with its legal choices:

- a seat: type its number (``0`` passes or abstains where the rules allow);
- several seats: their numbers, separated by spaces;
- yes/no and other choices: the number in front of the option (``0`` passes where the
  rules allow, listed as such; on a yes/no question the rules take it as no);
- ``?``: each choice the rules forbid, with the rule that forbids it (the seats not
  offered, the choices of the statement's list its ``unless`` clauses removed, a pass the
  rules refuse: the ruleset's own reasons); ``? 5``: that one.

An answer the rules forbid is refused with the rule's reason (``not allowed: …``), one
that is no choice at all (a word, two numbers for one, no seat) with a hint on how to
type one; either way the question is asked again. End of input (Ctrl-D) stops the game like Ctrl-C.
"""
from __future__ import annotations

import unicodedata
from typing import Any, Callable

from ..lang.ir import in_language
from ..play.agents import Request
from ..play.referee import PASS_REQUIRED
from ..present.narrate import seat_label, teller
from ..terminal import InputEnded

PROMPT = "> "
AGAIN = object()
"""What :meth:`HumanAgent._blank` gives for an empty line that answers nothing."""

WORDS = {
    "en": {
        "seed": "Seed {seed}: `--seed {seed}` deals this game again.",
        "hello": "{ruleset}, {players} players. You are seat {seat} ({label}).",
        "card": "Your card: {card}.", "card_now": "Your card is now: {card}.",
        "team": "Your team ({team}): {mates}.", "deck": "The deck: {deck}.",
        "how": "Answer each question with the number of your choice; ? shows the choices the rules forbid, and why.",
        "stops": "The game stops here, with no winner yet.",
        "over": "Game over: {winners} won ({rule}). You {result}.", "won": "won", "lost": "lost",
        "cards": "The cards were: {cards}.",
        "sep": ", ", "and": " and ", "nobody": "nobody", "gap": " ", "colon": ": ",
        "seats": "seats: ", "pass": "pass", "abstain": "abstain", "yes": "yes", "no": "no",
        "several": " (choose {n}, separated by spaces)", "n_seats": "{n} seats", "any_seats": "any number of seats",
        "for_team": " (for team {team})", "vote": "vote for a seat", "or_abstain": ", 0 to abstain",
        "seat": "choose a seat", "or_pass": ", 0 to pass", "seats_n": "choose {n}, separated by spaces",
        "one": "choose one", "answers": "{who} answers: {answer}",
        "not_allowed": "not allowed: {problem}", "allowed": "allowed", "not_offered": "not offered",
        "all_allowed": "every choice is allowed",
        "a_number": "type a number from the list", "numbers": "type a number or numbers from the list",
        "one_number": "type one number", "range": "type a number from {lo} to {n}",
        "no_seat": "there is no seat {n}",
        "impressions": "How the speeches sounded (how suspect; higher: more): {reads}",
        "so_far": "The game so far (to {when}, {n} events) is in {log}: `wolfdsl narrate {log}` tells it.",
        "night": "night {n}", "day": "day {n}",
    },
    "zh": {
        "seed": "种子 {seed}：用 `--seed {seed}` 可以重发这一局。",
        "hello": "{ruleset}，{players}名玩家。你是{label}。",
        "card": "你的身份：{card}。", "card_now": "你现在的身份：{card}。",
        "team": "你的队伍（{team}）：{mates}。", "deck": "本局的牌：{deck}。",
        "how": "回答每个问题时输入所选项的数字；输入 ? 查看规则不允许的选项及原因。",
        "stops": "游戏在此停止，尚无胜者。",
        "over": "游戏结束：{winners}获胜（{rule}）。你{result}。", "won": "赢了", "lost": "输了",
        "cards": "本局身份：{cards}。",
        "sep": "、", "and": "、", "nobody": "无人", "gap": "", "colon": "：",
        "seats": "座位：", "pass": "放弃", "abstain": "弃票", "yes": "是", "no": "否",
        "several": "（选择{n}，用空格分隔）", "n_seats": "{n}个座位", "any_seats": "任意个座位",
        "for_team": "（{team}）", "vote": "投票给一个座位", "or_abstain": "，0 弃票",
        "seat": "选择一个座位", "or_pass": "，0 放弃", "seats_n": "选择{n}，用空格分隔",
        "one": "选择一项", "answers": "{who}回答：{answer}",
        "not_allowed": "不允许：{problem}", "allowed": "允许", "not_offered": "不在选项中",
        "all_allowed": "所有选项都允许",
        "a_number": "请输入列表中的数字", "numbers": "请输入列表中的一个或多个数字",
        "one_number": "请只输入一个数字", "range": "请输入 {lo} 到 {n} 之间的数字",
        "no_seat": "没有{n}号座位",
        "impressions": "发言听起来有多可疑（越高越可疑）：{reads}",
        "so_far": "到此为止的对局（至{when}，{n}个事件）已写入 {log}：`wolfdsl narrate {log}` 可以复述。",
        "night": "第{n}夜", "day": "第{n}天",
    },
}
"""Per language (``--lang``): the words a person at a seat reads around the ruleset's
questions and the narration (which have their own)."""


def yes_no_words(key: str) -> set[str]:
    """The words typed for ``yes`` or ``no`` (``key``): the seat's words in each
    language (``yes``, ``是``), and the English one's first letter, case left aside."""
    words = {WORDS[lang][key].casefold() for lang in WORDS}
    return words | {WORDS["en"][key][0]}


class HumanAgent:
    """The seat ``seat`` played at the terminal; ``ruleset`` (optional) gives display
    names; ``read``/``write``: a line in (without its newline; raises ``EOFError``) and
    a line out; ``lang`` (``en``, ``zh``): the language of everything it writes — the
    narration, the questions, the rules' reasons and its own words (:data:`WORDS`)."""

    seat_player = True

    def __init__(self, seat: int, ruleset: Any = None, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, lang: str = "en"):
        self.seat = seat
        self.ruleset = ruleset
        self.read = read or input
        self.write = write or (lambda text: print(text, flush=True))
        self.lang = lang
        self.teller = self._teller()
        self.table = teller(ruleset)  # what the table is told (the routing's English texts)
        self.players = 0

    @property
    def w(self) -> dict[str, str]:
        return WORDS["zh" if self.lang == "zh" else "en"]

    # ---------------------------------------------------------------- what the seat sees
    def _teller(self):
        """The narrator of this seat's game, in its words: the speeches' impressions in a
        person's words (the narration's are a reader's of the bots' game)."""
        told = teller(self.ruleset, self.lang)
        told.w = {**told.w, "impressions": self.w["impressions"]}
        return told

    def start(self, hello: dict) -> None:
        self.teller = self._teller()
        self.players = hello["players"]
        t, w, say = self.teller, self.w, self.write
        name = hello["ruleset"]
        if self.lang == "zh" and getattr(self.ruleset, "title_zh", ""):
            name = self.ruleset.title_zh  # 标准12人（守卫）
        say(w["hello"].format(ruleset=name, players=hello["players"], seat=self.seat, label=seat_label(self.seat)))
        say(w["card"].format(card=self._card(hello)))
        if hello.get("teammates"):
            team = t.team_name(hello["team"]) if self.lang == "zh" else hello["team"]
            say(w["team"].format(team=team, mates=w["sep"].join(seat_label(s) for s in hello["teammates"])))
        deck = w["sep"].join(f"{t.role_name(r)}" + (f" ×{k}" if k > 1 else "") for r, k in hello["deck"].items())
        say(w["deck"].format(deck=deck))
        say(w["how"])

    def _card(self, card: dict) -> str:
        t = self.teller
        roles = getattr(self.ruleset, "roles", None) or {}
        zh = getattr(roles.get(card.get("role")), "name_zh", "") if self.lang != "zh" else ""
        faction = t.faction_name(card.get("faction") or "?")
        if self.lang == "zh":
            return f"{t.role_name(card.get('role'))}（{faction}）"
        return f"{t.role_name(card.get('role'))}{' ' + zh if zh else ''} ({faction})"

    def observe(self, event: dict) -> None:
        if event["type"] in ("game_start", "game_over"):
            return  # the hello and the end say it
        if event["type"] == "inform":
            self.teller.told.clear()  # a person is told again what he was told before
        for line in self.teller.tell(event):
            self.write(line)

    def nobody_announced(self, day: int, phase: str) -> None:
        """The rules announced nobody dead: by day, a peaceful night (平安夜)."""
        if phase == "day":
            for line in self.teller.peaceful(day):
                self.write(line)

    def card(self, card: dict) -> None:
        self.write(self.w["card_now"].format(card=self._card(card)))

    def end(self, info: dict) -> None:
        t, w = self.teller, self.w
        self.write("")
        if not info["over"]:
            self.write(w["stops"])
            return
        winners = w["and"].join(t.faction_name(f) for f in info["winners"]) or w["nobody"]
        rule = t.win_name(info["reason"])[0]  # its title in the seat's language, as the narration says it
        mine = self.seat in info["winning_seats"]
        self.write(w["over"].format(winners=winners, rule=rule, result=w["won" if mine else "lost"]))

    def close(self, failed: bool) -> None:
        pass

    # ---------------------------------------------------------------- decisions
    def decide(self, request: Request) -> Any:
        self.write("")
        self.write(self._question(request))
        self.write(self._choices(request))
        return self._answer(request)

    def _choices(self, request: Request) -> str:
        """The line under the question: the seats that may be typed, or each choice's number."""
        w = self.w
        options = self._menu(request)
        if request.kind in ("seat", "seats", "ballot"):
            seats = " ".join(k for k, _ in options if k != "0")
            return f"  {w['seats']}{seats}" + (f"   0{w['colon']}{options[-1][1]}" if request.can_pass else "")
        return "  " + "   ".join(f"{k}{w['colon']}{text}" for k, text in options)

    def _blank(self, request: Request) -> Any:
        """The answer of an empty line: :data:`AGAIN` (the question is asked again), after
        how to answer (a trial's Enter was met with the prompt alone)."""
        self.write("  " + self.w["numbers" if request.kind == "seats" else "a_number"])
        return AGAIN

    def _answer(self, request: Request) -> Any:
        """Read lines until one is an answer the rules allow (``?`` explains, a refusal or
        a hint asks again); raises :class:`~wolfdsl.terminal.InputEnded` at the end of input."""
        w = self.w
        while True:
            try:
                text = typed(self.read(PROMPT))
            except EOFError:
                self.write("")
                raise InputEnded() from None
            if not text:
                answer = self._blank(request)
                if answer is AGAIN:
                    continue
                self._echo(request, answer)
                return answer
            if text.startswith("?"):
                self._explain(request, text[1:].strip())
                continue
            answer, problem, hint = self._parse(request, text)
            if hint is not None:  # not an answer at all: how to type one
                self.write("  " + hint)
                continue
            if problem is None:
                problem = request.why_not(answer)
            if problem is None:
                self._echo(request, answer)
                return answer
            self.write("  " + w["not_allowed"].format(problem=self._said(problem)))

    def _echo(self, req: Request, answer: Any) -> None:
        """``5号 answers: no`` (``5号回答：否``): the seat's own answer, to the seat alone,
        when no line will tell it (a speech act — told by the claim it makes, if any — or
        a decision whose ``event`` text is empty: a claim declined, no counter-claim). A vote is told by its tally; other decisions by
        their own line, as the table or the team sees them."""
        if req.kind == "ballot":
            return
        kind = req.kind
        targets = [] if answer is None or kind not in ("seat", "seats") else \
            list(answer) if kind == "seats" else [answer]
        choice = None if kind in ("seat", "seats") else False if answer is None and kind == "yes_no" else answer
        ev = {"seq": 0, "game": 0, "day": req.day, "phase": req.phase, "type": "action", "seat": req.actor,
              "by": req.by, "action": req.action, "targets": targets, "choice": choice}
        if self.table.says(ev):
            return
        w = self.w
        if answer is None:
            shown = dict(self._menu(req)).get("0", w["pass"])
        elif targets:
            shown = w["sep"].join(seat_label(s) for s in targets)
        else:
            shown = self._value(answer)
        self.write("  " + w["answers"].format(who=seat_label(self.seat), answer=shown))

    def _said(self, reason: str) -> str:
        """A rule's reason in the seat's language (its Chinese text where the ruleset or
        the referee gives one, :class:`~wolfdsl.lang.ir.Reason`)."""
        return in_language(reason, self.lang)

    def _question(self, req: Request) -> str:
        """The question's line: the ruleset's ``ask`` text in the seat's language (English
        when it gives no Chinese), else the action's verb and how to answer."""
        w, zh = self.w, self.lang == "zh"
        when = (f"第{req.day}{self.teller.w.get(req.phase, req.phase)}" if zh
                else f"{req.phase.capitalize()} {req.day}")
        asked = self._asked(req)
        team = req.actor is None and req.by and not asked
        n = w["n_seats"].format(n=req.count) if req.count else w["any_seats"]
        text = req.question(zh)
        if text is not None:
            if req.kind == "seats":  # how to type several seats, which the question need not say
                text += w["several"].format(n=n)
            if team:  # the team decides together: named in the seat's language
                when += f"（{self.teller.team_name(req.by)}）" if zh else f", team {req.by}"
            return f"{when} · {asked}{text}"
        who = w["for_team"].format(team=self.teller.team_name(req.by) if zh else req.by) if team else ""
        if req.kind == "ballot":
            what = w["vote"] + (w["or_abstain"] if req.can_pass else "")
        elif req.kind == "seat":
            what = w["seat"] + (w["or_pass"] if req.can_pass else "")
        elif req.kind == "seats":
            what = w["seats_n"].format(n=n) + (w["or_pass"] if req.can_pass else "")
        else:
            what = w["one"]
        verb = req.short.replace("_", " ")  # the action without its role: "check", "run for sheriff"
        return f"{when} · {asked}{verb}{who}{w['colon']}{what}"

    def _asked(self, req: Request) -> str:
        """Who is asked, between the time and the question (``3号 (Seer) · ``): nothing
        for the person at the seat, who knows; a team's decision says ``team …``."""
        return ""

    def _menu(self, req: Request) -> list[tuple[str, str]]:
        """``(key, text)`` for each legal choice; seats are keyed by their number."""
        w = self.w
        meaning = req.pass_meaning(self.lang == "zh")  # the question's own "(0: …)", if any
        if req.kind in ("seat", "seats", "ballot"):
            items = [(str(s), seat_label(s)) for s in req.options]
            if req.can_pass:
                items.append(("0", meaning or (w["pass"] if req.kind != "ballot" else w["abstain"])))
            return items
        items = [(str(i), self._value(o)) for i, o in enumerate(req.options, 1)]
        if req.can_pass:  # listed on a yes/no question too: 0 is taken there (as no)
            items.append(("0", meaning or w["pass"]))
        return items

    def _value(self, v: Any) -> str:
        if v is True:
            return self.w["yes"]
        if v is False:
            return self.w["no"]
        if isinstance(v, str):
            return self.teller.role_name(v)
        return str(v)

    def _parse(self, req: Request, text: str) -> tuple[Any, str | None, str | None]:
        """``(answer, refusal, hint)``: the answer typed, or why the rules refuse it, or
        (``hint``) how to type one when ``text`` is none (a word, two numbers where one
        is wanted, a number that is no seat or no option)."""
        w = self.w
        if req.kind == "yes_no":  # yes / no / y / n / 是 / 否, as well as the choice's number
            word = text.casefold()
            for value, key in ((True, "yes"), (False, "no")):
                if word in yes_no_words(key) and value in req.options:
                    return value, None, None
        words = text.replace(",", " ").split()
        if not all(x.isdigit() for x in words):
            return None, None, w["numbers" if req.kind == "seats" else "a_number"]
        nums = [int(x) for x in words]
        if nums == [0]:
            return None, None if req.can_pass else self._said(self._why_pass(req)), None
        if req.kind in ("seat", "seats", "ballot") and self.players and any(
                n not in req.options and not 1 <= n <= self.players for n in nums):
            far = next(n for n in nums if n not in req.options and not 1 <= n <= self.players)
            return None, None, w["no_seat"].format(n=far)  # no seat at all
        if req.kind == "seats":
            return tuple(sorted(nums)), None, None
        if len(nums) != 1:
            return None, None, w["one_number"]
        if req.kind in ("seat", "ballot"):
            return nums[0], None, None
        if 1 <= nums[0] <= len(req.options):
            return req.options[nums[0] - 1], None, None
        return None, None, w["range"].format(lo=0 if req.can_pass else 1, n=len(req.options))

    @staticmethod
    def _why_seat(req: Request, s: int) -> str | None:
        """Why seat ``s`` cannot be chosen: for several seats, asked with legal ones
        beside it, so that the reason is about ``s``."""
        if req.kind != "seats":
            return req.why_not(s)
        others = [o for o in req.options if o != s][:max(req.count - 1, 0)]
        return req.why_not(tuple(sorted([s, *others])))

    @staticmethod
    def _why_pass(req: Request) -> str:
        """Why this request cannot be passed: the ruleset's own reason where it gives one
        (``may pass when … else "…"``, a ``must`` clause), else :data:`PASS_REQUIRED`."""
        return req.why_not(None) or PASS_REQUIRED

    def _explain(self, req: Request, text: str) -> None:
        w = self.w
        if text:
            answer, problem, hint = self._parse(req, text)
            if hint is None and problem is None:
                problem = req.why_not(answer)
            shown = text
            if req.kind in ("seat", "seats", "ballot") and hint is None and answer is not None:
                # "? 9" names the seat as "?" does: 9号
                shown = w["sep"].join(seat_label(s) for s in (answer if isinstance(answer, tuple) else (answer,)))
            said = hint if hint is not None else self._said(problem) if problem else w["allowed"]
            self.write(f"  {shown}{w['colon']}{said}")
            return
        said = False
        if req.kind in ("seat", "seats", "ballot"):
            for s in range(1, self.players + 1):
                if s not in req.options:
                    why = self._why_seat(req, s)
                    self.write(f"  {seat_label(s)}{w['colon']}{self._said(why) if why else w['not_offered']}")
                    said = True
        else:  # the choices the statement lists and the rules removed (its ``unless``)
            for v in dict.fromkeys(c for c in req.candidates if c not in req.options):
                why = req.why_not(v)
                self.write(f"  {self._value(v)}{w['colon']}{self._said(why) if why else w['not_offered']}")
                said = True
        if not req.can_pass:
            self.write(f"  {w['pass']}{w['colon']}{self._said(self._why_pass(req))}")
            said = True
        if not said:
            self.write("  " + w["all_allowed"])


def typed(line: str) -> str:
    """An answer as typed, made plain: full-width forms as their ASCII ones (a Chinese
    input method's ``？`` and ``，``, ``１``: NFKC) and a seat's ``号`` (``3号``) dropped;
    blanks around it stripped."""
    return unicodedata.normalize("NFKC", line).replace("号", " ").replace("號", " ").strip()
