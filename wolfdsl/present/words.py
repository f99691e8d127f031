"""The fixed words of the narration, in English and Chinese (``narrate --lang zh``).

Names of roles, factions, causes, statuses and the texts of ruleset events come from the
ruleset's declarations; this table holds only the narrator's own words.
"""
from __future__ import annotations

from typing import Any

NARRATION = {
    "en": {
        "game": "Game{number} of {what}, seed {seed}, {players}{agents}",
        "number": " {n}", "agents": "; {agents} bots", "seated": "; at seat {seats}", "players": ("player", "players"),
        "header": "── {phase} {day} ──", "night": "Night", "day": "Day",
        "now": "{who}: now {what}", "becomes": "{who} is now {what}",
        "joins": "{who} now plays for {what}", "no_longer": "{who}: no longer {what}",
        "returns": "✚ {who} returns to the game", "card": "☾ Event card: {name}",
        "pass": "pass", "yes": "yes", "no": "no", "nobody": "nobody", "none": "none",
        "died": "† {who} died{when} (cause: {cause}){words}", "in": " in {phase} {day}", "self": "self",
        "peaceful": "☀ A peaceful night: nobody died in night {day}",
        "last_words": ", last words",
        "spared": "✓ {who} is spared (cause: {cause}; rule: {rule}{extras})",
        "vote": "{kind} vote", "round": ", round {n}", "votes": ("vote", "votes"),
        "tally": "{seat}: {n} {votes} (from {voters})", "abstained": "abstained: {n} {seats} ({voters})",
        "tally_bonus": "{seat}: {n} {votes} ({parts})", "from": "from {voters}", "bonus_sep": "; ",
        "seats": ("seat", "seats"),
        "no_result": "no result", "learns": " learns", "learn": " learn",
        "claims": "{who} claims{what}", "claims_to_be": " to be {role}",
        "winner": ("Winner", "Winners"), "rule": "rule", "winning_seats": "winning seats",
        "over": "{label}: {who} (rule: {rule}); winning seats: {seats}",
        "over_titled": "{label}: {who} — {rule}; winning seats: {seats}",
        "day_limit": "No winner: day {day} ended (the game's day limit) with no win rule met; "
                     "left alive: {alive}",
        "and": " and ", "sep": ", ", "colon": ": ", "fields": "; ", "aside": " ({})", "faction": "({})",
        "stops": "The game stops here, with no winner yet.",
        "replaced": "⚠ {who}'s player ({agent}) failed, {replacement} plays on: {reason}",
        "impressions": "The speeches as the table bots heard them (how suspect each sounded; higher: more): {reads}",
        "heard_earlier": " (heard earlier today, above: {seats})",
        "suspicions": "Before the vote, from what is public (how likely each is a wolf): {view}",
        "suspicions_side": "Before the vote, from what is public (how likely each is not on the {side} side): {view}",
    },
    "zh": {
        "game": "{what}{number}，种子 {seed}，{players}{agents}",
        "number": "（第{n}局）", "agents": "；机器人：{agents}", "seated": "；座位 {seats}", "players": ("名玩家", "名玩家"),
        "header": "── 第{day}{phase} ──", "night": "夜", "day": "天",
        "now": "{who}现在{what}", "becomes": "{who}变为{what}", "joins": "{who}现在属于{what}", "no_longer": "{who}不再{what}",
        "returns": "✚ {who}重返游戏", "card": "☾ 事件牌：{name}",
        "pass": "放弃", "yes": "是", "no": "否", "nobody": "无人", "none": "无",
        "died": "† {who}出局（{when}{cause}）{words}", "in": "第{day}{phase}，", "self": "自己",
        "peaceful": "☀ 平安夜：第{day}夜无人出局",
        "last_words": "，有遗言",
        "spared": "✓ {who}幸免（{cause}；规则：{rule}{extras}）",
        "vote": "{kind}投票", "round": "，第{n}轮", "votes": ("票", "票"),
        "tally": "{seat}：{n}{votes}（来自 {voters}）", "abstained": "弃票：{n}{seats}（{voters}）",
        "tally_bonus": "{seat}：{n}{votes}（{parts}）", "from": "来自 {voters}", "bonus_sep": "；",
        "seats": ("人", "人"),
        "no_result": "无结果", "learns": "得知", "learn": "得知",
        "claims": "{who}声称{what}", "claims_to_be": "是{role}",
        "winner": ("胜者", "胜者"), "rule": "规则", "winning_seats": "获胜座位",
        "over": "{label}：{who}（规则：{rule}）；获胜座位：{seats}",
        "over_titled": "{who}获胜——{rule}；获胜座位：{seats}",
        "day_limit": "无人获胜：第{day}天（本局天数上限）结束时，没有任何胜利条件达成；存活：{alive}",
        "and": "、", "sep": "、", "colon": "：", "fields": "；", "aside": "（{}）", "faction": "（{}）",
        "stops": "游戏在此停止，尚无胜者。",
        "replaced": "⚠ {who}的玩家（{agent}）出错，由{replacement}接替：{reason}",
        "impressions": "机器人听到的发言印象（可疑程度，越高越可疑）：{reads}",
        "heard_earlier": "（今天较早已听过，见上文：{seats}）",
        "suspicions": "投票前，按公开信息（是狼的可能）：{view}",
        "suspicions_side": "投票前，按公开信息（不属于{side}阵营的可能）：{view}",
    },
}
"""Per language: the narrator's words (``{…}`` are filled in by the narrator)."""

VOTE_KINDS_ZH = {"exile": "放逐", "sheriff": "警长"}
"""Chinese names of the vote kinds the contract fixes (section 3); others show their id."""


def declared_name(ruleset: Any, kind: str, ident: Any) -> str | None:
    """The English name a ruleset's declaration gives a symbol (``cause wolf "killed by
    the werewolves"``), or ``None`` when it gives none (or the ruleset is not at hand)."""
    sym = ((getattr(ruleset, "symbols", None) or {}).get(kind) or {}).get(ident)
    return sym.name if sym is not None and getattr(sym, "labelled", False) and sym.name else None


def cause_label(ruleset: Any, cause: Any) -> str:
    """A cause of death as English text tells it: its declared name (``killed by the
    werewolves`` for ``wolf``), else its id with spaces for ``_`` (``white wolf claw``).

    >>> cause_label(None, "white_wolf_claw")
    'white wolf claw'
    """
    return declared_name(ruleset, "cause", cause) or str(cause).replace("_", " ")
