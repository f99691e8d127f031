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
        "face_down": "Face down (dealt to nobody): {cards}",
        "header": "── {phase} {day} ──", "night": "Night", "day": "Day",
        "now": "{who}: now {what}", "becomes": "{who} is now {what}",
        "joins": "{who} now plays for {what}", "no_longer": "{who}: no longer {what}",
        "returns": "✚ {who} returns to the game", "card": "☾ Event card: {name}",
        "pass": "pass", "yes": "yes", "no": "no", "nobody": "nobody", "none": "none",
        "died": "† {who} died{when} (cause: {cause}){words}", "in": " in {phase} {day}", "self": "self",
        "died_unknown": "† {who} died{when} (cause not told){words}",
        "peaceful": "☀ A peaceful night: nobody died in night {day}",
        "last_words": ", last words",
        "spared": "✓ {who} is spared one death (cause: {cause}; rule: {rule}{extras})",
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
        "number": "（第{n}局）", "agents": "；机器人：{agents}", "seated": "；{seats}", "players": ("名玩家", "名玩家"),
        "face_down": "底牌（未发给任何人）：{cards}",
        "header": "── 第{day}{phase} ──", "night": "夜", "day": "天",
        "now": "{who}现在{what}", "becomes": "{who}变为{what}", "joins": "{who}现在属于{what}", "no_longer": "{who}不再{what}",
        "returns": "✚ {who}重返游戏", "card": "☾ 事件牌：{name}",
        "pass": "放弃", "yes": "是", "no": "否", "nobody": "无人", "none": "无",
        "died": "† {who}出局（{when}{cause}）{words}", "in": "第{day}{phase}，", "self": "自己",
        "died_unknown": "† {who}出局（{when}死因不明）{words}",
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


_EXPLAINER = {
    "head": ("{title}: game {game} of {ruleset}, seed {seed}", "{title}：{ruleset} 第{game}局，种子 {seed}"),
    "title": ("Seat {seat}", "{seat}号"),
    "dealt": (", dealt {role}", "（身份牌：{role}）"),
    "happened": ("What happened to this seat:", "这个座位经历了什么："),
    "nothing": ("  nothing names this seat", "  没有事件提到这个座位"),
    "why": ("Why:", "原因："),
    "end": ("The end:", "结局："),
    "when": ("{phase} {day}", "第{day}{phase}"),
    "seat": ("seat {seat}", "{seat}号"),
    "seat_role": ("seat {seat} ({role})", "{seat}号{role}"),
    "symbol": ("{id} ({name})", "{name}（{id}）"),
    "team": ("the {team}", None),
    "nobody": ("nobody", "无人"),
    "none": ("none", "无"),
    "sep": (", ", "、"),
    "action": ("{action} by {who} -> {targets}{choice}", "{who}：{action} → {targets}{choice}"),
    "asked": ("{who}, asked \u201c{ask}\u201d -> {targets}{choice}", "{who}被问\u201c{ask}\u201d → {targets}{choice}"),
    "choice": (" ({})", "（{}）"),
    "gains": ("{seat} gains {status}", "{seat}获得状态：{status}"),
    "loses": ("{seat} loses {status}", "{seat}失去状态：{status}"),
    "after": (", after {action} by {who}", "，起因：{decision}"),
    "told": ("{seat} is told: {what}", "{seat}得知：{what}"),
    "vote": ("{kind} vote, round {round}: {n} for seat {seat} -> {who} has the most votes",
             "{kind}投票第{round}轮：{seat}号得{n}票，{who}票数最多"),
    "dies": ("{seat} dies: cause {cause}", "{seat}出局：死因{cause}"),
    "by_rule": (", rule '{rule}'", "，规则「{rule}」"),
    "set_off": (", set off by the death of seat {seat}", "，由{seat}号的死亡引发"),
    "is_spared": ("{seat} is spared: cause {cause} prevented by rule '{rule}'", "{seat}幸免：规则「{rule}」阻止了{cause}"),
    "changed": ("{type}: {what}", "{type}：{what}"),
    "sheriff": ("sheriff: {how}", "警长：{how}"),
    "heard": ("its speech heard as {x} suspect (rank {rank} of {n}, 1: the most)",
              "机器人听其发言的可疑度：{x}（{n}人中排第{rank}，第1最可疑）"),
    "died": ("  {seat} died in {when}, cause {cause}{words}.", "  {seat}死于{when}，死因：{cause}{words}。"),
    "last_words": (", with last words", "，有遗言"),
    "no_provenance": ("    (this log does not say which rule killed: it was written before deaths carried their provenance)",
                      "    （此日志没有记录致死的规则：它写于死亡事件记录来源之前）"),
    "killer": ("  The rule that killed:", "  致死的规则："),
    "statuses": ("  Statuses when killed: {statuses}", "  死亡时的状态：{statuses}"),
    "set_off_by": ("  Set off by the death of {seat} (a trigger on that death).", "  由{seat}的死亡引发（该死亡触发的规则所致）。"),
    "was_spared": ("  {seat} was spared in {when}: cause {cause} prevented by rule '{rule}'",
                   "  {seat}在{when}幸免：规则「{rule}」阻止了{cause}"),
    "stopped": (" (the kill of rule '{rule}')", "（阻止的是规则「{rule}」的击杀）"),
    "fields": ("; {fields}", "；{fields}"),
    "stop": (".", "。"),
    "alive_end": ("  {seat} is alive at the end of the log; no rule killed this seat.",
                  "  {seat}在日志结束时仍存活；没有规则杀死这个座位。"),
    "alive_stop": ("  {seat} is alive where the log stops; no rule killed this seat.",
                   "  {seat}在日志中断处仍存活；没有规则杀死这个座位。"),
    "rule": ("    rule '{rule}'", "    规则「{rule}」"),
    "item": ("    {kind} '{rule}' ({where})", "    {kind}「{rule}」（{where}）"),
    "says": ("    says: {comment}", "    规则注释（英文原文）：{comment}"),
    "ids": ("    rule IDs: {ids}", "    规则编号：{ids}"),
    "no_winner": ("  The log stops before any side has won.", "  日志在任何一方获胜之前就结束了。"),
    "over": ("  The game ended in {when} by win rule '{rule}'{title}; winners: {winners}.",
             "  游戏在{when}结束，胜利条件「{rule}」{title}；胜者：{winners}。"),
    "titled": (": {title}", "：{title}"),
    "won": ("  {seat} won.", "  {seat}获胜。"),
    "lost": ("  {seat} lost.", "  {seat}落败。"),
    "holds": ("seat {seat} holds the {role}", "{seat}号是{role}"),
    "became": ("seat {seat} became the {role}", "{seat}号变成了{role}"),
    "note": ("note: {}", "注：{}"),
    "phases": (None, {"night": "夜", "day": "天"}),
    "changes": (None, {"revive": "复活", "role_change": "身份变化", "faction_change": "阵营变化"}),
    "field": (None, "{word}：{value}"),
    "field_sep": (None, "，"),
    "statuses_word": (None, "状态"),
    "kinds": (None, {"step": "步骤", "trigger": "触发规则", "replacement": "替换规则", "proc": "过程", "card": "事件牌"}),
    "calls": (None, "    主持词：{calls}"),
}
"""The words of ``wolfdsl explain`` (:mod:`wolfdsl.present.explain`), each as (English,
Chinese); ``None``: the language does without it. The names of roles, factions, causes,
statuses and decisions come from the ruleset."""

EXPLANATION = {lang: {k: pair[i] for k, pair in _EXPLAINER.items() if pair[i] is not None}
               for i, lang in enumerate(("en", "zh"))}
"""Per language (``en``, ``zh``): the words of :data:`_EXPLAINER`."""
