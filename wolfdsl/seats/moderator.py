"""``wolfdsl play RULESET --moderator``: a game at a real table, entered as it happens by
its moderator (法官) at one terminal.

The moderator deals real cards and types them (``--cards`` or a question per seat,
checked against the ruleset's deck). The engine then runs the rules and asks the
moderator every decision any seat makes, in the order the rules ask them (the call
sheet's), each question naming the seat and its card (``Night 1 · 6号 (Seer) · Seer: whom
do you check tonight?``), with the choices numbered as ``wolfdsl play`` numbers them and
``?`` for what the rules forbid (:class:`ModeratorConsole`, a
:class:`~wolfdsl.seats.human.HumanAgent` that answers for every seat). A vote is one
line: ``5:4 6:4 1 2:9`` (voter:seat; several voters for one seat before the colon); a
voter not typed abstains. Enter on a yes/no question is no (nobody self-destructs,
nobody claims), the answer of most seats most of the time. A yes/no question asked of
seat after seat for the same action is asked once, from the second seat on, as a line of
the seats that answer yes (``00``: no until the phase ends).

Between the questions the moderator reads the whole game as ``wolfdsl run`` narrates it
(every card, every night action, what each seat is told: the seer's result to show) and,
at each death, what to announce (``→ announce: 5号 is out, last words``).

``--seat N=AGENT`` still seats a bot (its decisions are its own); every answer, the
moderator's and the bots', is kept (:class:`ModeratedTable`) for ``--record FILE.yaml``
(:mod:`wolfdsl.seats.record`), a scenario file that replays the game.
"""
from __future__ import annotations

import unicodedata
from collections import Counter
from itertools import groupby
from typing import Any, Callable

import typer

from ..diagnostics import WolfError
from ..play.agents import PASS_NOTE, Request
from ..present.narrate import Line, group_key, seat_label
from ..terminal import InputEnded
from .human import AGAIN, PROMPT, HumanAgent, typed, yes_no_words
from .router import PerSeat
from .spec import SeatPlan

BASE = "moderator"
"""Who plays every seat without a ``--seat`` bot, as the log's ``game_start`` records it."""

WORDS = {
    "en": {
        "deal": "Deal the cards, then type each seat's card: its number in the list, or the role's id or name.",
        "card_q": "{seat}: card?   {left}", "left_sep": "   ",
        "rest": "  {seats}: {card} (the cards left)", "face_down": "Face down: {cards}.",
        "unknown_card": "unknown card '{text}'{hint}; type a number from the list, or a role's id or name",
        "none_left": "no {card} is left (the deck has {k}: {seats})",
        "how": "You answer for every seat. Type the number of a choice; ? shows what the rules forbid; "
               "Enter on a yes/no question is no.",
        "how_vote": "Votes: one line, VOTER:SEAT for each ballot (5:4 6:4), several voters for one seat "
                    "before the colon (5 6 7:4); a voter not typed abstains; 0 alone: nobody votes; "
                    "the line is shown as understood, Enter confirms it.",
        "enter_no": "   Enter: no", "enter_abstain": "   Enter: abstain",
        "voters": "  voters: {voters}   candidates: {candidates}",
        "vote_how": "  type VOTER:SEAT (5:4 6:4 or 5 6:4); a voter not typed abstains; 0: nobody votes",
        "vote_form": "write VOTER:SEAT for each ballot, such as 5:4 6:4 (or 5 6:4)",
        "no_seat": "there is no seat {n}", "twice": "{seat} is typed twice",
        "no_vote": "{seat} has no vote here: {reason}", "no_vote_plain": "{seat} has no vote here",
        "all_vote": "every seat listed votes",
        "understood": "  understood: {ballots}", "abstain_list": "abstain: {seats}", "nobody_votes": "nobody votes",
        "confirm": "  Enter to confirm, or type the line again",
        "ballot_refused": "not allowed: {voter} → {target}: {problem}",
        "must_vote": "{voter} must vote: {problem}",
        "announce": "  → announce: {seat} is out, {words}", "words_yes": "last words", "words_no": "no last words",
        "record": "The record is in {path}: `wolfdsl run --script {path}` replays it.",
        "record_so_far": "The game so far (to {when}) is recorded in {path}: `wolfdsl run --script {path}` replays it.",
        "nothing": "No card was dealt: nothing to record.",
        "night": "night {n}", "day": "day {n}",
        "group": "{when} · {question} — asked of seat after seat, from {seat} on",
        "group_how": "  type the seats that answer yes, space-separated   Enter: nobody   00: nobody for the rest of {phase}",
        "group_form": "type seat numbers separated by spaces (Enter: nobody; 00: nobody for the rest of {phase})",
        "asked_already": "{seat} was asked already", "a_bot": "{seat} is played by a bot",
        "group_refused": "not allowed for {seat}: {problem}",
        "not_asked": "  {seats}: not asked this time (the yes typed for {them} is not used)",
        "no_card": "there is no card {n} in the list: type one of {numbers}, or a role's id or name",
        "blank_seat": "type a seat number{zero}", "blank_seats": "type seat numbers separated by spaces{zero}",
        "blank_other": "type a number from the list{zero}", "zero": ", 0: {meaning}",
        "bots_title": "; bot seats: {seats}", "bot_seat": "{seat} ({agent})", "bot_cast": "   [bot: {agent}]",
    },
    "zh": {
        "deal": "发牌后输入每个座位的身份：列表中的数字，或身份的英文代号或名称。",
        "card_q": "{seat}：身份？   {left}", "left_sep": "   ",
        "rest": "  {seats}：{card}（剩下的牌）", "face_down": "底牌：{cards}。",
        "unknown_card": "没有身份“{text}”{hint}；请输入列表中的数字，或身份的代号或名称",
        "none_left": "已经没有{card}了（本局有{k}张：{seats}）",
        "how": "每个座位的决定都由你输入。输入选项的数字；输入 ? 查看规则不允许的选项；是/否问题直接回车即为否。",
        "how_vote": "投票：一行输入全部选票，每票写作 投票者:目标（5:4 6:4），多人投同一人时写在冒号前（5 6 7:4）；"
                    "未输入的投票者视为弃票；只输入 0：无人投票；输入后显示理解的结果，回车确认。",
        "enter_no": "   回车：否", "enter_abstain": "   回车：弃票",
        "voters": "  投票者：{voters}   候选：{candidates}",
        "vote_how": "  输入 投票者:目标（5:4 6:4 或 5 6:4）；未输入的投票者弃票；0：无人投票",
        "vote_form": "请按 投票者:目标 输入每一票，例如 5:4 6:4（或 5 6:4）",
        "no_seat": "没有{n}号座位", "twice": "{seat}输入了两次",
        "no_vote": "{seat}这次没有投票权：{reason}", "no_vote_plain": "{seat}这次没有投票权",
        "all_vote": "列出的座位都可以投票",
        "understood": "  理解为：{ballots}", "abstain_list": "弃票：{seats}", "nobody_votes": "无人投票",
        "confirm": "  回车确认，或重新输入这一行",
        "ballot_refused": "不允许：{voter} → {target}：{problem}",
        "must_vote": "{voter}必须投票：{problem}",
        "announce": "  → 宣布：{seat}出局，{words}", "words_yes": "有遗言", "words_no": "无遗言",
        "record": "本局记录已写入 {path}：`wolfdsl run --script {path}` 可以重放。",
        "record_so_far": "到此为止的对局（至{when}）已记录在 {path}：`wolfdsl run --script {path}` 可以重放。",
        "nothing": "还没有发牌：没有可记录的内容。",
        "night": "第{n}夜", "day": "第{n}天",
        "group": "{when} · {question}——逐个座位询问，从{seat}起",
        "group_how": "  输入回答“是”的座位，用空格分隔   回车：无人   00：{phase}余下时间都无人",
        "group_form": "请输入座位号，用空格分隔（回车：无人；00：{phase}余下时间都无人）",
        "asked_already": "{seat}已经问过了", "a_bot": "{seat}由机器人操作",
        "group_refused": "{seat}不允许：{problem}",
        "not_asked": "  {seats}：这次没有被询问（为其输入的“是”未被采用）",
        "no_card": "列表中没有{n}号：请输入 {numbers} 之一，或身份的代号或名称",
        "blank_seat": "请输入座位号{zero}", "blank_seats": "请输入座位号，用空格分隔{zero}",
        "blank_other": "请输入列表中的数字{zero}", "zero": "，0：{meaning}",
        "bots_title": "；机器人座位：{seats}", "bot_seat": "{seat}（{agent}）", "bot_cast": "   【机器人：{agent}】",
    },
}
"""Per language (``--lang``): the moderator's words around the narration and the questions."""


def moderator_words(lang: str) -> dict[str, str]:
    return WORDS["zh" if lang == "zh" else "en"]


# ---------------------------------------------------------------------------- the cards

def role_named(text: str, rs) -> str | None:
    """The role id ``text`` names in ``rs``: the id itself, or the role's English or
    Chinese name (``Seer``, ``预言家``), case left aside; ``None`` for none."""
    if text in rs.roles:
        return text
    folded = text.casefold()
    for rid, role in rs.roles.items():
        names = {rid.casefold(), (getattr(role, "name", "") or "").casefold(), (getattr(role, "name_zh", "") or "").casefold()}
        if folded in names - {""}:
            return rid
    return None


CARD_WORDS = {
    "en": {
        "form": "'{item}': write ROLE*K with a number of seats K, such as {name}*4",
        "empty": "card {i} is empty: write a role between the commas",
        "unknown": "'{name}' is no role of {rs}{hint}", "roles": "; the roles of its deck: {roles}",
        "mean": " (did you mean '{role}'?)",
        "count": "{rs} is played with {table}; --cards lists {k} card{s}",
        "players": "{lo} players", "players_range": "{lo} to {hi} players", "players_n": "{n} players (--players {n})",
        "not_in": "{role} is not in the deck of {rs}", "fewer": "the deck of {rs} has {have} {role}, --cards lists {used}",
        "missing_one": "{cards} is missing", "missing": "{cards} are missing", "and": " and ", "sep": ", ",
        "deal": " (the deck for {n} players: {deal}{down})", "down": ", {k} of them face down", "join": "; ",
        "times": "*",
    },
    "zh": {
        "form": "“{item}”：请写作 身份×张数，例如 {name}×4",
        "empty": "第{i}张牌是空的：请在逗号之间写一个身份",
        "unknown": "{rs}没有身份“{name}”{hint}", "roles": "；本局的牌：{roles}",
        "mean": "（是不是“{role}”？）",
        "count": "{rs}需要{table}；--cards 列出了{k}张牌{s}",
        "players": "{lo}名玩家", "players_range": "{lo}到{hi}名玩家", "players_n": "{n}名玩家（--players {n}）",
        "not_in": "{rs}的牌里没有{role}", "fewer": "{rs}的牌里有{have}张{role}，--cards 列出了{used}张",
        "missing_one": "缺少{cards}", "missing": "缺少{cards}", "and": "、", "sep": "、",
        "deal": "（{n}人局的牌：{deal}{down}）", "down": "，其中{k}张为底牌", "join": "；",
        "times": "×",
    },
}
"""Per language: what ``--cards`` and the card prompt say of the cards (role ids in
English, the ruleset's Chinese names under ``--lang zh``)."""


def _card_name(rid: str, rs, lang: str) -> str:
    """A role as the card messages name it: its id, or its Chinese name under ``zh``."""
    role = rs.roles.get(rid)
    return (getattr(role, "name_zh", "") or rid) if lang == "zh" else rid


def _deck_roles(rs, players: int | None) -> list[str]:
    """The roles of the deck played here (the ruleset's default table without
    ``--players``; every deck's when it has none for that size), in deck order."""
    deck = rs.deck_for(table_size(rs, players, None))
    if deck is not None:
        return list(dict.fromkeys(deck.cards))
    lo, hi = rs.players
    out: dict[str, None] = {}
    for n in range(lo, hi + 1):
        d = rs.deck_for(n)
        if d is not None:
            out.update(dict.fromkeys(d.cards))
    return list(out)


def _unknown(text: str, rs, lang: str = "en") -> str:
    """`` (did you mean 'guard'?)`` for a misspelt role id or name (a Chinese name too:
    ``守位`` → ``守卫``), named as :func:`_card_name` names it; else ``""``."""
    import difflib

    from ..scenario.check import suggest

    if text.isascii() and lang != "zh":
        return suggest(text, rs.roles)
    if text.isascii():
        names = {n.casefold(): rid for rid, role in rs.roles.items()
                 for n in (rid, getattr(role, "name", "") or "") if n}
        cutoff = 0.6
    else:
        names = {role.name_zh: rid for rid, role in rs.roles.items() if getattr(role, "name_zh", "")}
        cutoff = 0.5
    close = difflib.get_close_matches(text.casefold() if text.isascii() else text, list(names), n=1, cutoff=cutoff)
    if not close:
        return ""
    return CARD_WORDS["zh" if lang == "zh" else "en"]["mean"].format(role=_card_name(names[close[0]], rs, lang))


def table_size(rs, players: int | None, cards: list[str] | None) -> int:
    """The number of seats: ``--players``, else the number of ``--cards``, else the
    ruleset's default."""
    if players is not None:
        return players
    lo, hi = rs.players
    if cards is not None and lo <= len(cards) <= hi:
        return len(cards)
    return rs.default_players


def cards_given(text: str, rs, players: int | None, lang: str = "en") -> list[str]:
    """The role id of each seat from ``--cards`` (``werewolf,seer,女巫,villager*4``: ids
    or names in seat order, ``ROLE*K`` or ``ROLE×K`` for K seats in a row), checked
    against the deck of ``rs``. Raises ``typer.BadParameter`` (exit 2) saying what is
    wrong, in ``lang``: an unknown name (with the role it resembles, else the deck's
    roles), a count the ruleset is not played with, a card the deck has fewer of, and
    what is missing."""
    c = CARD_WORDS["zh" if lang == "zh" else "en"]

    def name(rid: str) -> str:
        return _card_name(rid, rs, lang)

    def listed(cards: Counter) -> str:
        items = [f"{name(r)}{c['times']}{k}" if k > 1 else name(r) for r, k in cards.items()]
        return items[0] if len(items) == 1 else c["sep"].join(items[:-1]) + c["and"] + items[-1]

    problems: list[str] = []
    seats: list[str] = []
    text = unicodedata.normalize("NFKC", text).replace("、", ",").replace("×", "*")
    items = [x.strip() for x in text.split(",")]
    for i, item in enumerate(items, 1):
        word, star, count = item.partition("*")
        word = word.strip()
        k = 1
        if star:
            if not count.strip().isdigit() or int(count) < 1:
                problems.append(c["form"].format(item=item, name=word or "ROLE"))
                continue
            k = int(count)
        if not word:
            problems.append(c["empty"].format(i=i))
            continue
        rid = role_named(word, rs)
        if rid is None:
            hint = _unknown(word, rs, lang) or c["roles"].format(
                roles=c["sep"].join(name(r) for r in _deck_roles(rs, players)))
            problems.append(c["unknown"].format(name=word, rs=rs.name, hint=hint))
            continue
        seats += [rid] * k
    if problems:
        raise typer.BadParameter(c["join"].join(problems), param_hint="'--cards'")
    n = table_size(rs, players, seats)
    lo, hi = rs.players
    deck = rs.deck_for(n)
    if len(seats) != n or deck is None:
        table = (c["players"].format(lo=lo) if lo == hi else c["players_range"].format(lo=lo, hi=hi)) \
            if players is None or deck is None else c["players_n"].format(n=n)
        raise typer.BadParameter(c["count"].format(rs=rs.name, table=table, k=len(seats),
                                                   s="" if len(seats) == 1 or lang == "zh" else "s"),
                                 param_hint="'--cards'")
    have, used = Counter(deck.cards), Counter(seats)
    parts = [c["not_in"].format(role=name(r), rs=rs.name) if not have[r] else
             c["fewer"].format(rs=rs.name, have=have[r], role=name(r), used=used[r])
             for r in dict.fromkeys(seats) if used[r] > have[r]]
    if parts and not deck.extra:
        missing = have - used
        if missing:
            parts.append(c["missing_one" if sum(missing.values()) == 1 else "missing"].format(cards=listed(missing)))
    if parts:
        deal = c["sep"].join(f"{name(r)}{c['times']}{k}" if k > 1 else name(r) for r, k in have.items())
        down = c["down"].format(k=deck.extra) if deck.extra else ""
        raise typer.BadParameter(c["join"].join(parts) + c["deal"].format(n=n, deal=deal, down=down),
                                 param_hint="'--cards'")
    return seats


def ask_cards(rs, n: int, read: Callable[[str], str], write: Callable[[str], None], lang: str,
              name: Callable[[str], str]) -> list[str]:
    """Ask the moderator each seat's card, from seat 1: a number of the list of the cards
    left, or a role's id or name; the last seats are filled when the cards left are all
    one role (and none goes face down). ``name``: a role's display name. Raises
    :class:`~wolfdsl.terminal.InputEnded` at the end of input."""
    w = moderator_words(lang)
    deck = rs.deck_for(n)
    kinds = list(dict.fromkeys(deck.cards))
    left = Counter(deck.cards)
    seats: list[str] = []
    write(w["deal"])
    while len(seats) < n:
        rest = n - len(seats)
        only = [r for r in kinds if left[r]]
        if not deck.extra and len(only) == 1 and left[only[0]] == rest:
            labels = [seat_label(s) for s in range(len(seats) + 1, n + 1)]
            write(w["rest"].format(seats=("、" if lang == "zh" else ", ").join(labels), card=name(only[0])))
            seats += [only[0]] * rest
            break
        menu = w["left_sep"].join(f"{i} {name(r)}" + (f" ×{left[r]}" if left[r] > 1 else "")
                                  for i, r in enumerate(kinds, 1) if left[r])
        write(w["card_q"].format(seat=seat_label(len(seats) + 1), left=menu))
        while True:
            try:
                text = typed(read(PROMPT))
            except EOFError:
                write("")
                raise InputEnded() from None
            if not text:
                continue
            if text.isdigit() and not 1 <= int(text) <= len(kinds):
                numbers = " ".join(str(i) for i, r in enumerate(kinds, 1) if left[r])
                write("  " + w["no_card"].format(n=int(text), numbers=numbers))
                continue
            rid = kinds[int(text) - 1] if text.isdigit() else role_named(text, rs)
            if rid is None:
                write("  " + w["unknown_card"].format(text=text, hint=_unknown(text, rs, lang)))
                continue
            if not left[rid]:
                holders = [seat_label(s) for s, r in enumerate(seats, 1) if r == rid]
                write("  " + w["none_left"].format(card=name(rid), k=Counter(deck.cards)[rid],
                                                   seats=("、" if lang == "zh" else ", ").join(holders) or "-"))
                continue
            left[rid] -= 1
            seats.append(rid)
            break
    if deck.extra:
        write(w["face_down"].format(cards=("、" if lang == "zh" else ", ").join(name(r) for r in sorted(left.elements()))))
    return seats


# ---------------------------------------------------------------------------- votes

def parse_votes(text: str) -> list[tuple[int, int]] | None:
    """The ballots of a vote line, ``(voter, seat)`` in the order typed (seat ``0``:
    abstains): ``5:4 6:4`` and ``5 6:4`` and ``5,6:4 1:9``; ``None`` when the line is not
    of that form.

    >>> parse_votes("5 6:4 1:9")
    [(5, 4), (6, 4), (1, 9)]
    >>> parse_votes("5 6 4") is None
    True
    """
    parts = text.replace(",", " ").split(":")
    if len(parts) < 2:
        return None
    pairs: list[tuple[str, str]] = []
    voters = parts[0].split()
    for middle in parts[1:-1]:
        words = middle.split()
        if len(words) < 2 or not voters:
            return None
        pairs += [(v, words[0]) for v in voters]
        voters = words[1:]
    last = parts[-1].split()
    if len(last) != 1 or not voters:
        return None
    pairs += [(v, last[0]) for v in voters]
    if not all(x.isdigit() for pair in pairs for x in pair):
        return None
    return [(int(v), int(t)) for v, t in pairs]


# ---------------------------------------------------------------------------- the console

class ModeratorConsole(HumanAgent):
    """The moderator at the terminal, answering for every seat (see the module).

    The base agent of a :class:`ModeratedTable`: it reads the game's log as it grows (the
    game binds it) and tells it before each question; ``bots``: the seats a ``--seat``
    bot plays, left out of the votes typed."""

    seat_player = False
    sees = False
    uses_preferences = False
    uses_scores = False

    def __init__(self, ruleset: Any, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, lang: str = "en", bots=()):
        super().__init__(0, ruleset, read, write, lang)
        self.bots = dict(bots) if isinstance(bots, dict) else {s: "" for s in bots}
        self.game = None
        self.told = 0
        self._absent: dict[str, dict[int, str]] = {}
        self._vote: tuple[tuple, dict[int, int | None]] | None = None
        self._last: tuple[tuple, int] | None = None  # the yes/no question just asked alone
        self._group: dict | None = None  # the line typed for a yes/no question asked seat after seat
        self._grouped: set[str] = set()  # the actions seen asked so
        self._quiet: dict[str, tuple[str, int]] = {}  # action -> the phase it is "no" for, unasked

    @property
    def mw(self) -> dict[str, str]:
        return moderator_words(self.lang)

    # ------------------------------------------------------------ engine hooks
    def bind(self, emit) -> None:
        game = getattr(emit, "__self__", None)
        if game is not None:
            self.game = game
            self.players = game.n

    def observe(self, seat, event) -> None:
        pass  # the whole log is told before each question (tell_events)

    def not_offered(self, action, actor, by, day, phase, reason) -> None:
        """Who is not asked: before a vote, each seat without a ballot (dead, or not a
        voter of this vote), for the line that types it."""
        if actor is not None:
            self._absent.setdefault(action, {})[actor] = reason

    def nobody_announced(self, day, phase) -> None:
        self.tell_events()
        if phase == "day":
            for line in self.teller.peaceful(day):
                self.write(line)

    def phase_end(self, day, phase, cut_short) -> None:
        self._end_group()
        self._last = None

    def game_end(self, over) -> None:
        self._end_group()
        self.tell_events()

    # ------------------------------------------------------------ the story
    def tell_events(self) -> None:
        """Tell the events logged since the last time: the narration of ``wolfdsl run``
        (a declined offer left out: the moderator typed it), and at each death what to
        announce."""
        if self.game is None:
            return
        events = self.game.events
        w = self.mw
        shown = [{k: v for k, v in ev.items() if k != "agents"} if ev["type"] == "game_start" else ev
                 for ev in events[self.told:]  # the title names no "moderator bots"
                 if not (ev["type"] == "action" and ev.get("choice") is False)]
        self.told = len(events)
        for key, group in groupby(shown, key=group_key):  # every wolf told the same: one line
            group = list(group)
            if key is not None and len(group) > 1:
                for line in self.teller.tell_group(group):
                    self.write(line)
                continue
            for ev in group:
                for line in self.teller.tell(ev):
                    self.write(self._bot_named(line, ev))
                if ev["type"] == "death":
                    self.write(w["announce"].format(seat=seat_label(ev["seat"]),
                                                    words=w["words_yes" if ev.get("last_words") else "words_no"]))

    def _bot_named(self, line: str, ev: dict) -> str:
        """The title and cast lines of the game's start with the seats a bot plays: the
        title lists them (``; bots at seat 4: random``), each such seat's cast line says
        it (``[bot: random]``)."""
        if ev["type"] != "game_start" or not self.bots or not isinstance(line, Line):
            return line
        mw, zh = self.mw, self.lang == "zh"
        if line.kind == "title":
            seats = ("、" if zh else ", ").join(mw["bot_seat"].format(seat=seat_label(s), agent=a)
                                               for s, a in sorted(self.bots.items()))
            return line + mw["bots_title"].format(seats=seats)
        if line.kind == "cast":
            words = line.split()
            seat = int(words[0].rstrip("号")) if words and words[0].rstrip("号").isdigit() else None
            if seat in self.bots:
                return line + mw["bot_cast"].format(agent=self.bots[seat])
        return line

    # ------------------------------------------------------------ questions
    def decide(self, request: Request) -> Any:
        self.tell_events()
        absent, self._absent = self._absent, {}
        if request.kind == "ballot" and request.actor is not None:
            self._end_group()
            self._last = None
            return self._ballot(request, absent.get(request.action, {}))
        self._vote = None
        if request.kind != "yes_no" or request.actor is None:
            self._end_group()
            self._last = None
            return super().decide(request)
        answer = self._in_turn(request)
        if answer is not AGAIN:
            return answer
        answer = super().decide(request)
        self._last = (self._turn_key(request), request.actor)
        return answer

    # ------------------------------------------------------------ yes/no, seat after seat
    @staticmethod
    def _turn_key(r: Request) -> tuple:
        return (r.action, r.phase, r.day, r.round)

    def _no(self, r: Request) -> Any:
        """The no of a yes/no question (its pass where the rules allow one), or
        :data:`AGAIN` when the rules refuse it."""
        answer = None if r.can_pass else False
        return answer if r.why_not(answer) is None else AGAIN

    def _in_turn(self, r: Request) -> Any:
        """The answer of a yes/no question asked of seat after seat for the same action
        (the same question, of a different seat, right after it; or an action seen asked
        so before): one line gives the seats that answer yes (asked at the first such
        question), the others no; ``00``: no until the phase ends. :data:`AGAIN`: ask it
        alone."""
        if self._quiet.get(r.action) == (r.phase, r.day):
            answer = self._no(r)
            if answer is not AGAIN:
                return answer
        key = self._turn_key(r)
        g = self._group
        if g is not None and g["key"] == key and r.actor not in g["asked"]:
            return self._from_group(r, g)
        self._end_group()
        last, self._last = self._last, None
        follows = last is not None and last[0] == key and last[1] != r.actor
        if not follows and r.action not in self._grouped:
            return AGAIN
        self._grouped.add(r.action)
        g = self._ask_group(r, {last[1]} if follows else set())
        if g is None:  # 00: no for the rest of the phase
            self._quiet[r.action] = (r.phase, r.day)
            answer = self._no(r)
            return answer if answer is not AGAIN else super().decide(r)
        self._group = g
        return self._from_group(r, g)

    def _from_group(self, r: Request, g: dict) -> Any:
        g["asked"].add(r.actor)
        answer = True if r.actor in g["yes"] else self._no(r)
        problem = r.why_not(answer) if answer is not AGAIN else None
        if answer is AGAIN or problem is not None:
            if problem is not None:
                self.write("  " + self.mw["group_refused"].format(seat=seat_label(r.actor), problem=self._said(problem)))
            return super().decide(r)
        return answer

    def _end_group(self) -> None:
        """The run of questions is over: say the seats typed yes that were not asked."""
        g, self._group = self._group, None
        if g is None:
            return
        left = sorted(g["yes"] - g["asked"])
        if left:
            zh = self.lang == "zh"
            seats = ("、" if zh else ", ").join(seat_label(s) for s in left)
            self.write(self.mw["not_asked"].format(seats=seats, them=("them" if len(left) > 1 else seat_label(left[0]))))

    def _ask_group(self, r: Request, done: set[int]) -> dict | None:
        """Ask the seats that answer yes; ``None`` for ``00``."""
        mw, zh = self.mw, self.lang == "zh"
        when = (f"第{r.day}{self.teller.w.get(r.phase, r.phase)}" if zh else f"{r.phase.capitalize()} {r.day}")
        question = PASS_NOTE.sub("", r.question(zh) or "") or r.short.replace("_", " ")
        phase = mw[r.phase].format(n=r.day)
        self.write("")
        self.write(mw["group"].format(when=when, question=question, seat=seat_label(r.actor)))
        self.write(mw["group_how"].format(phase=phase))
        while True:
            try:
                text = typed(self.read(PROMPT))
            except EOFError:
                self.write("")
                raise InputEnded() from None
            if text == "00":
                return None
            words = text.replace(",", " ").split()
            if not all(x.isdigit() for x in words):
                self.write("  " + mw["group_form"].format(phase=phase))
                continue
            seats = {int(x) for x in words} - {0}
            problem = next((mw["no_seat"].format(n=s) if s > self.players else
                            mw["asked_already"].format(seat=seat_label(s)) if s in done else
                            mw["a_bot"].format(seat=seat_label(s)) if s in self.bots else None
                            for s in sorted(seats) if s > self.players or s in done or s in self.bots), None)
            if problem is not None:
                self.write("  " + problem)
                continue
            return {"key": self._turn_key(r), "yes": seats, "asked": set(done)}

    def _asked(self, req: Request) -> str:
        """``6号 (Seer) · ``; a team: ``Werewolves (3号, 8号) · ``; the moderator's own
        request: its name."""
        zh = self.lang == "zh"
        t = self.teller
        if req.actor is not None:
            role = self.game.players[req.actor].role if self.game is not None else req.by
            name = t.role_name(role)
            return f"{seat_label(req.actor)}（{name}）· " if zh else f"{seat_label(req.actor)} ({name}) · "
        g = self.game
        members = [p.seat for p in g.players[1:] if p.alive and p.team == req.by] if g is not None else []
        name = t.team_name(req.by)
        deciders = getattr(self.ruleset, "deciders", {}) or {}
        if req.by in deciders:
            d = deciders[req.by]
            name = (getattr(d, "name_zh", "") if zh else "") or getattr(d, "name", "") or name
        if not members:
            return f"{name} · "
        seats = ("、" if zh else ", ").join(seat_label(s) for s in members)
        return f"{name}（{seats}）· " if zh else f"{name} ({seats}) · "

    def _choices(self, request: Request) -> str:
        line = super()._choices(request)
        if request.can_pass and request.kind == "yes_no":
            return line + self.mw["enter_no"]
        if request.can_pass and request.kind == "ballot":
            return line + self.mw["enter_abstain"]
        return line

    def _blank(self, request: Request) -> Any:
        """Enter: no on a yes/no question, abstain on a ballot, where the rules allow it;
        else how to answer (``type a seat number, 0: nobody``)."""
        if request.can_pass and request.kind in ("yes_no", "ballot"):
            return None
        mw = self.mw
        meaning = dict(self._menu(request)).get("0") if request.can_pass else None
        zero = mw["zero"].format(meaning=meaning) if meaning else ""
        key = {"seat": "blank_seat", "ballot": "blank_seat", "seats": "blank_seats"}.get(request.kind, "blank_other")
        self.write("  " + mw[key].format(zero=zero))
        return AGAIN

    def _parse(self, req: Request, text: str) -> tuple[Any, str | None, str | None]:
        """As a seat's answer is read, and: ``yes``/``no`` (``y``/``n``, ``是``/``否``, the
        narration's words) on a yes/no question; a seat beyond the table said so."""
        if req.kind == "yes_no":
            word = text.casefold()
            for value, key in ((True, "yes"), (False, "no")):
                if word in yes_no_words(key):
                    return value, None, None
        words = text.replace(",", " ").split()
        if req.kind in ("seat", "seats", "ballot") and self.players and all(x.isdigit() for x in words):
            far = [int(x) for x in words if int(x) > self.players and int(x) not in req.options]
            if far:
                return None, None, self.mw["no_seat"].format(n=far[0])
        return super()._parse(req, text)

    def _echo(self, req: Request, answer: Any) -> None:
        pass  # the moderator typed it; the story tells what the table sees of it

    # ------------------------------------------------------------ votes
    def _ballot(self, r: Request, absent: dict[int, str]) -> Any:
        """Voter ``r.actor``'s ballot, from the line typed for the whole vote (asked at
        its first voter); a ballot the rules refuse, or a voter who must vote and was not
        typed, is asked of that voter alone."""
        key = (r.action, r.at, r.round)
        if self._vote is None or self._vote[0] != key:
            voters = [s for s in range(1, self.players + 1) if s not in absent and s not in self.bots]
            self._vote = (key, self._ask_vote(r, voters, absent))
        ballot = self._vote[1].get(r.actor)
        w = self.mw
        problem = r.why_not(ballot)
        if problem is not None:
            if ballot is None:
                self.write("  " + w["must_vote"].format(voter=seat_label(r.actor), problem=self._said(problem)))
            else:
                self.write("  " + w["ballot_refused"].format(voter=seat_label(r.actor), target=seat_label(ballot),
                                                             problem=self._said(problem)))
            return super().decide(r)
        return ballot

    def _ask_vote(self, r: Request, voters: list[int], absent: dict[int, str]) -> dict[int, int | None]:
        w, mw = self.w, self.mw
        zh = self.lang == "zh"
        when = (f"第{r.day}{self.teller.w.get(r.phase, r.phase)}" if zh else f"{r.phase.capitalize()} {r.day}")
        title = PASS_NOTE.sub("", r.question(zh) or "") or r.short.replace("_", " ")  # 0 is said below
        rnd = "" if r.round == 1 else f"（第{r.round}轮）" if zh else f" (round {r.round})"
        self.write("")
        self.write(f"{when} · {title}{rnd}")
        self.write(mw["voters"].format(voters=" ".join(map(str, voters)), candidates=" ".join(map(str, r.options))))
        self.write(mw["vote_how"])
        pending: dict[int, int | None] | None = None  # the line understood, to confirm
        while True:
            try:
                text = unicodedata.normalize("NFKC", self.read(PROMPT)).replace("号", "").replace("號", "").strip()
            except EOFError:
                self.write("")
                raise InputEnded() from None
            if not text:
                if pending is not None:
                    return pending
                continue
            if text.startswith("?"):
                for s in sorted(absent):
                    self.write(f"  {seat_label(s)}{w['colon']}{self._said(absent[s])}")
                if not absent:
                    self.write("  " + mw["all_vote"])
                continue
            pending = None
            if text == "0":
                pending = {}
            else:
                pairs = parse_votes(text)
                if pairs is None:
                    self.write("  " + mw["vote_form"])
                    continue
                problem = self._vote_problem(pairs, voters, absent)
                if problem is not None:
                    self.write("  " + problem)
                    continue
                pending = {v: (t or None) for v, t in pairs}
            self.write(mw["understood"].format(ballots=self._understood(pending, voters)))
            self.write(mw["confirm"])

    def _understood(self, ballots: dict[int, int | None], voters: list[int]) -> str:
        """A vote line as understood: ``6号 ← 1号, 2号; abstain: 8号`` (each seat voted
        for, its voters; then the voters who abstain)."""
        mw, zh = self.mw, self.lang == "zh"
        sep, gap = ("、", "；") if zh else (", ", "; ")
        if not ballots:
            return mw["nobody_votes"]
        by_seat: dict[int, list[int]] = {}
        for v, t in ballots.items():
            if t is not None:
                by_seat.setdefault(t, []).append(v)
        parts = [f"{seat_label(t)} ← {sep.join(seat_label(v) for v in sorted(vs))}" for t, vs in sorted(by_seat.items())]
        abstain = [v for v in voters if ballots.get(v) is None]
        if abstain:
            parts.append(mw["abstain_list"].format(seats=sep.join(seat_label(v) for v in abstain)))
        return gap.join(parts)

    def _vote_problem(self, pairs: list[tuple[int, int]], voters: list[int], absent: dict[int, str]) -> str | None:
        mw = self.mw
        seen: set[int] = set()
        for v, t in pairs:
            for s in (v, t):
                if s > self.players or s == v == 0:  # a seat 0 votes for nobody: it abstains
                    return mw["no_seat"].format(n=s)
            if v in seen:
                return mw["twice"].format(seat=seat_label(v))
            seen.add(v)
            if v not in voters:
                if v in absent:
                    return mw["no_vote"].format(seat=seat_label(v), reason=self._said(absent[v]))
                return mw["no_vote_plain"].format(seat=seat_label(v))
        return None


class ModeratedTable(PerSeat):
    """The agent of a moderated game: every decision goes to the moderator
    (:class:`ModeratorConsole`, the base) but those of the seats a ``--seat`` bot plays;
    each answer is kept in :attr:`answers` as ``(request, answer)``, in the order asked,
    for the record."""

    def __init__(self, console: ModeratorConsole, players: dict[int, Any], plan: SeatPlan, spec: str):
        super().__init__(console, players, plan, spec)
        self.answers: list[tuple[Request, Any]] = []

    def decide(self, request: Request) -> Any:
        answer = super().decide(request)
        if isinstance(answer, list):
            answer = tuple(sorted(answer))
        self.answers.append((request, answer))
        return answer

    def not_offered(self, action, actor, by, day, phase, reason) -> None:
        self.base.not_offered(action, actor, by, day, phase, reason)

    def _decider(self, request: Request) -> int | None:
        """A team's decision goes to the moderator whenever a living member of the team
        is the moderator's (a bot decides it only when every living member is a bot:
        the lowest seat first, as :class:`PerSeat` routes it)."""
        if request.actor is None and request.by is not None:
            members = [s for s in sorted(self.alive) if self.cards.get(s, {}).get("team") == request.by]
            if any(s not in self.players or s in self.failed for s in members):
                return None
        return super()._decider(request)


# ---------------------------------------------------------------------------- the command

def moderate(ruleset_ref: str, seats: list[str], seed: int | None, players: int | None, options: dict,
             log, record, cards_text: str | None, timeout: float | None, lang: str = "en",
             read: Callable[[str], str] | None = None, write: Callable[[str], None] | None = None) -> None:
    """``wolfdsl play RULESET --moderator``: the cards (``cards_text``, else asked), then
    the game, every decision asked of the moderator but those of the ``--seat`` bots
    (``seats``: ``N=AGENT`` values); ``record``: the scenario file to write
    (:mod:`.record`), ``log``: the event log — both also when the game is interrupted
    (^C, the end of input), said so on stderr, before the interruption goes on up.
    Raises ``typer.BadParameter`` / :class:`~wolfdsl.diagnostics.WolfError` for bad input."""
    from ..lang.load import input_files, load
    from ..outfile import not_on_stdout, refuse_inputs, write_text
    from ..play import game_log
    from ..play.deal import DealError
    from ..play.game import Game, make_agent
    from ..play.seeding import agent_seed, derive
    from .command import seat_spec
    from .human import WORDS as SEAT_WORDS
    from .router import check_seats
    from .spec import COMMAND, HUMAN, parse_seat, split

    read = read or input
    write = write or (lambda text: print(text, flush=True))
    for text in seats:
        try:
            n, spec = parse_seat(text)
        except WolfError:
            break  # seat_spec says what is wrong with it
        if spec == HUMAN:
            raise typer.BadParameter(f"--seat {text}: with --moderator you answer for every seat; give --seat "
                                     f"{n}=AGENT to seat a bot there (random, heuristic, table, cmd:PROGRAM)",
                                     param_hint="'--seat'")
    spec = seat_spec(BASE, seats, timeout)
    plan = split(spec) or SeatPlan(BASE)
    inputs = input_files(ruleset_ref)
    for path, option, what in ((log, "--log", "such as --log game.jsonl"), (record, "--record", "such as --record game.yaml")):
        if path is not None:  # before the game, not after an hour of play
            not_on_stdout(path, option, f"the game is played on standard output; give a file name, {what}")
            refuse_inputs(path, option, inputs)
    rs = load(ruleset_ref, options or None, players)
    w, zh = moderator_words(lang), lang == "zh"
    console = ModeratorConsole(rs, read, write, lang, bots=plan.seats)
    name = console.teller.role_name
    if cards_text is not None:
        cards = cards_given(cards_text, rs, players, lang)
    else:
        n = table_size(rs, players, None)
        if rs.deck_for(n) is None:
            raise typer.BadParameter(f"{rs.name} has no deck for {n} players", param_hint="'--players'")
        try:
            cards = ask_cards(rs, n, read, write, lang, name)
        except KeyboardInterrupt:
            if record is not None:
                typer.echo(w["nothing"], err=True)
            raise
    check_seats(plan.seats, len(cards), ruleset_ref)
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    bots: dict[int, Any] = {}
    for n, s in plan.seats.items():
        if s.startswith(COMMAND):
            from .protocol import CommandAgent
            bots[n] = CommandAgent(n, s[len(COMMAND):].strip(), plan.timeout)
        else:
            bots[n] = make_agent(s, derive(agent_seed(seed), "seat", n), rs)
    table = ModeratedTable(console, bots, plan, spec)
    try:
        g = Game(rs, seed, table, game=0, seats=cards, record=True)
    except DealError as err:
        raise typer.BadParameter("; ".join(d.message.removeprefix("seats: ") for d in err.diagnostics),
                                 param_hint="'--cards'") from None
    write(w["how"])
    write(w["how_vote"])
    from .record import Recording, decision_lines, ruleset_field, save

    def keep(stopped: bool) -> None:
        """Write the log and the record: the game so far when ``stopped``."""
        events = g.events
        now = (g.phase, g.day) if stopped else None
        when = w[g.phase].format(n=g.day)
        if log is not None and events:
            write_text(log, game_log(events), "--log", inputs)
            if stopped:
                last = events[-1]
                typer.echo(SEAT_WORDS["zh" if zh else "en"]["so_far"].format(
                    log=log, n=len(events), when=SEAT_WORDS["zh" if zh else "en"][last["phase"]].format(n=last["day"])),
                    err=True)
        if record is None:
            return
        from ..scenario import run_scenario

        rec = Recording(ruleset_field(ruleset_ref, str(record)), seed, tuple(cards),
                        {k: str(v) for k, v in (options or {}).items()},
                        decision_lines(table.answers, rs.actions), f"wolfdsl play {ruleset_ref} --moderator")
        asked_now = any((r.phase, r.day) == now for r, _ in table.answers)
        stop = save(rec, events, now, asked_now, (rs.first_phase, 1),
                    lambda text: write_text(record, text, "--record", inputs), lambda: run_scenario(str(record)))
        if stopped:
            typer.echo(w["record_so_far"].format(path=record, when=w[stop[0]].format(n=stop[1]) if stop else when),
                       err=True)
            return
        try:
            outcome = run_scenario(str(record))
        except WolfError as err:  # a record that does not replay is a bug: say so, keep the file
            typer.echo(f"warning: {record} does not replay this game: {err}", err=True)
            return
        for line in outcome.warnings:
            typer.echo(line, err=True)
        if not outcome.ok:
            typer.echo(f"warning: {record} does not replay this game:\n{outcome.report}", err=True)
        write("")
        write(w["record"].format(path=record))

    try:
        g.run()
    except KeyboardInterrupt:  # ^C, SIGTERM or the end of input: keep what was played
        keep(True)
        raise
    finally:
        g.release()
    keep(False)
