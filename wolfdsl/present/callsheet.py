"""``wolfdsl script RULESET``: the moderator's call sheet for a real table.

The words come from the ruleset: each step, trigger or ``extend proc`` may declare what
the moderator says (``call "English" "中文"``), and ``{option}`` in a call is replaced
by that option's value. ``call_sheet(ref, options, lang, players)`` gathers, as plain
values: the deck for that player count (the ruleset's default count when not given), the
first night and the other nights as numbered calls in wake order (a step the options
switch off, that cannot run with them (:func:`wolfdsl.lang.reach.reach`: the Harvest
step while the variant is off), or whose roles are not in that deck, is left out; a step
only the game decides says so in words, after which event card where a card decides it,
and is left off the first night when no card can be played before it ends;
a call with ``if day == 1`` goes under the first night only), the
day's procedure (a call said on day 1 only, or from day 2 on, says so; a call whose
``if`` the options make false is left out, so the sheet follows the options in force),
the reminders for what may happen at any time (the calls of triggers, replacements,
procs and ``extend proc``), the house rules in force that can change something at
this table (none of the sheriff's without an election, nor the engine's day bound, nor an
option only bots' hints or the odds of a random draw read: :func:`wolfdsl.lang.reach.reach`'s
``read``) and, for a ruleset with event
cards, the card list; under the heading, the ruleset's summary (in Chinese in ``zh``
where it gives one). A step with no call still gets a line (see ``_undeclared``). In
``zh``, ``untranslated`` lists each shown call, title, summary or win title that has no
Chinese text and is printed in English (``FILE:LINE: call "…"``), for a warning.
``markdown(sheet)`` and ``html(sheet)`` write it.
"""
from __future__ import annotations

import html as _html
import re
from dataclasses import replace
from typing import Any

from ..lang import syntax as A
from ..lang.partial import UNKNOWN, Known, evaluate
from ..lang.inplay import in_play as _in_play
from ..lang.reach import Reach, reach
from .show import card_list, compile_ref, view_of, when_runs

WORDS = {
    "en": {"sheet": "moderator's call sheet", "deck": "Cards", "first": "First night",
           "for": ", {n} players", "day1": " (day 1 only)", "day2": " (from day 2 on)",
           "default": "This sheet is for {n} players, the ruleset's default; it deals {counts} players: "
                      "`wolfdsl script {ruleset} --players N` for another count.",
           "other": "Other nights", "day": "Day", "any": "At any time",
           "rules": "House rules in force", "cards": "Event cards", "players": "{n} players",
           "wins": "How the game is won (checked after every death; the first listed that holds wins, rules of the same priority together)",
           "win": "{factions}: {title}",
           "dark": "Night falls: everybody, close your eyes.",
           "only": " (only when the game calls for it)",
           "after_card": " (only after the event card {cards} is drawn)", "card": "{name}", "or": " or ",
           "extra": "; {n} face down", "moon": "{moon} moon",
           "undeclared": "{role}, open your eyes: {actions}. {role}, close your eyes. "
                         "[step {step} declares no call: write `call \"...\" \"...\"` in it]",
           "announce": "Announce: {text} [step {step} declares no call: write `call \"...\" \"...\"` in it]",
           "effects": "Step {step} changes the game ({effects}): do it. "
                      "[step {step} declares no call: write `call \"...\" \"...\"` in it]",
           "rule_effects": "When {event}{conds}{instead}: {effects}. "
                           "[{kind} {rule} declares no call: write `call \"...\" \"...\"` in it]",
           "events": {"death": "a player dies", "announce": "a death is announced", "claim": "a player claims a role"},
           "would": {"death": "a player would die", "announce": "a death would be announced",
                     "claim": "a player would claim a role"},
           "instead": ", instead", "conds": " ({conds})", "and": ", ",
           "dies": "{who} dies ({cause})", "a_player": "a player", "that_player": "that player", "the_role": "the {role}",
           "do": {"status": "add or remove the status {names}", "tell": "tell a player something privately",
                  "field": "change a player's {names}", "revive": "revive a player", "play": "play an event card"},
           "trigger": "trigger", "replacement": "replacement",
           "kill": "kills", "status": "adds or removes the status {names}", "tell": "tells a player something",
           "field": "changes a player's {names}", "revive": "revives a player", "play": "plays an event card"},
    "zh": {"sheet": "法官台本", "deck": "牌组", "first": "第一夜", "other": "之后的夜晚",
           "for": "（{n}人）", "day1": "（仅第1天）", "day2": "（第2天起）",
           "default": "本台本按默认的{n}人局；此规则集可供{counts}人：其他人数请用 "
                      "`wolfdsl script {ruleset} --players N`。",
           "day": "白天", "any": "随时提醒", "rules": "本局规则", "cards": "事件牌",
           "wins": "胜利条件（每次有人死亡后检查；按所列顺序，先满足者胜，同优先级同时满足则一起获胜）",
           "win": "{factions}获胜：{title}",
           "players": "{n}人", "dark": "天黑请闭眼。",
           "only": "（仅在对局需要时）",
           "after_card": "（仅在抽到事件牌{cards}之后）", "card": "“{name}”", "or": "或",
           "extra": "；{n}张底牌", "moon": "{moon}",
           "undeclared": "{role}请睁眼：{actions}。{role}请闭眼。"
                         "［步骤 {step} 没有写台词：请在其中写 `call \"...\" \"...\"`］",
           "announce": "宣布：{text}［步骤 {step} 没有写台词：请在其中写 `call \"...\" \"...\"`］",
           "effects": "步骤 {step} 会改变局面（{effects}）：请执行。"
                      "［步骤 {step} 没有写台词：请在其中写 `call \"...\" \"...\"`］",
           "rule_effects": "{event}时{conds}{instead}：{effects}。"
                           "［{kind} {rule} 没有写台词：请在其中写 `call \"...\" \"...\"`］",
           "events": {"death": "有玩家死亡", "announce": "宣布死亡", "claim": "有玩家声明身份"},
           "would": {"death": "有玩家将要死亡", "announce": "将要宣布死亡", "claim": "有玩家将要声明身份"},
           "instead": "，改为", "conds": "（{conds}）", "and": "、",
           "dies": "{who}死亡（{cause}）", "a_player": "一名玩家", "that_player": "该玩家", "the_role": "{role}",
           "do": {"status": "添加或移除状态：{names}", "tell": "私下告知玩家", "field": "改变玩家的{names}",
                  "revive": "复活玩家", "play": "打出事件牌"},
           "trigger": "触发规则", "replacement": "替换规则",
           "kill": "击杀玩家", "status": "添加或移除状态：{names}", "tell": "私下告知玩家",
           "field": "改变玩家的{names}", "revive": "复活玩家", "play": "打出事件牌"},
}
MOONS_ZH = {"full": "满月", "new": "新月", "black": "黑月"}


def default_lang(title: str, summary: str) -> str:
    """``zh`` for a ruleset whose title or summary is written in Chinese (more Chinese
    characters than Latin letters); an English summary that quotes a Chinese term
    ("side kill (屠边)") stays ``en``."""
    for text in (title, summary):
        if len(re.findall(r"[\u4e00-\u9fff]", text)) > len(re.findall(r"[A-Za-z]", text)):
            return "zh"
    return "en"


def _words(call: A.ModeratorCall, lang: str, options: dict, untranslated: list[str] | None = None) -> str:
    """A call's words in ``lang`` with ``{option}`` filled in; a call with no Chinese text
    is said in English, and in ``zh`` noted in ``untranslated`` (the sheet's list of texts with no Chinese)."""
    if lang == "zh" and not call.zh and untranslated is not None:
        untranslated.append(_where(call, "call", call.en))
    text = call.zh if lang == "zh" and call.zh else call.en
    return re.sub(r"\{(\w+)\}", lambda m: options.get(m.group(1), m.group(0)), text)


def _where(node: A.Node, what: str, text: str) -> str:
    """``FILE:LINE: what "text"`` for the list of texts with no Chinese."""
    span = node.span
    at = f"{span.file}:{span.line}: " if span is not None else ""
    return f'{at}{what} "{text}"'


def _untranslated_heading(comp) -> list[str]:
    """The ruleset's title and summary when they are shown and have no Chinese text."""
    prog, out = comp.program, []
    for kind, text, zh in ((A.Title, prog.title, prog.title_zh), (A.Summary, prog.summary, prog.summary_zh)):
        if text and not zh:
            decl = next((d for m in reversed(prog.modules) for d in m.decls
                         if isinstance(d, kind) and d.text == text), None)
            word = "title" if kind is A.Title else "summary"
            out.append(_where(decl, word, text) if decl is not None else f'{word} "{text}"')
    return out


def _undeclared(step, comp, dealt: set[str], lang: str) -> list[str]:
    """A stand-in call for a step that declares no ``call``: one that wakes a dealt role
    names it and its actions; one that only announces says the event; one that otherwise
    changes the game says what it does (:func:`_effects`). So a designer's new step is
    never silently missing from the sheet (a moderator would skip it), and the sheet says
    how to write the real call. A reminder on the sheet rather than a lint warning: the
    sheet is what the moderator reads, and this is how it already treats the other two."""
    from ..lang.symbols import DecideSlots

    roles = comp.ruleset.roles
    actions: dict[str, list[str]] = {}
    for n in A.walk(step):
        bd = comp.bindings.of.get(id(n))
        if isinstance(bd, DecideSlots) and bd.by.name in roles and bd.by.name in dealt:
            actions.setdefault(bd.by.name, []).append(getattr(n, "action", "") or "")
    out = []
    if not actions:  # a step that only announces (logs an event every seat is shown)
        texts = {}
        for d in comp.program.events:
            texts.setdefault(d.name, []).append(d)
        for n in A.walk(step):
            decls = texts.get(n.type, ()) if isinstance(n, A.Log) else ()
            if decls and not any(d.secret for d in decls):
                d = next((d for d in decls if not d.case), decls[0])
                text = (d.zh if lang == "zh" and d.zh else d.en) or ""
                if text:
                    out.append(WORDS[lang]["announce"].format(text=text, step=step.name))
    for rid, acts in actions.items():
        r = roles[rid]
        name = r.name_zh if lang == "zh" and r.name_zh else r.name
        out.append(WORDS[lang]["undeclared"].format(
            role=name, step=step.name, actions=", ".join(dict.fromkeys(a for a in acts if a)) or "?"))
    effects = _effects(step, comp, lang) if not out else []
    if effects:
        out.append(WORDS[lang]["effects"].format(step=step.name, effects="; ".join(effects)))
    return out


def _effects(step, comp, lang: str) -> list[str]:
    """What a step does to the table that the moderator must carry out (a death, a
    status, a player's field, a private word, a revival, a card), through the procs it
    calls, worded for the sheet: a step with no decision, no announcement and no ``call``
    is still on the sheet (a role file's swap of statuses). Setting a global is the
    engine's bookkeeping, nothing to do at the table."""
    w = WORDS[lang]
    return [w[k].format(names=", ".join(dict.fromkeys(v))) for k, v in _effect_kinds(step, comp, lang).items()]


def _effect_kinds(node, comp, lang: str, kills: list | None = None) -> dict[str, list[str]]:
    """The kinds of :func:`_effects` a declaration has (``kill``, ``status``, ``field``,
    ``tell``, ``revive``, ``play``), in the order met, each with the names it touches (a
    status by its label in ``lang``, a field by its name); ``kills`` gets each ``kill``
    statement met."""
    procs, seen = comp.program.named("proc"), set()
    statuses = comp.ruleset.symbols.get("status", {})
    kinds: dict[str, list[str]] = {}

    def walk(node) -> None:
        for n in A.walk(node):
            if isinstance(n, A.Kill):
                kinds.setdefault("kill", [])
                if kills is not None:
                    kills.append(n)
            elif isinstance(n, (A.AddStatus, A.RemoveStatus)):
                sym = statuses.get(n.status)
                kinds.setdefault("status", []).append(
                    n.status if sym is None else (lang == "zh" and sym.name_zh) or sym.name)
            elif isinstance(n, A.Assign) and n.attr is not None:
                kinds.setdefault("field", []).append(n.attr)
            elif isinstance(n, A.Tell):
                kinds.setdefault("tell", [])
            elif isinstance(n, A.Revive):
                kinds.setdefault("revive", [])
            elif isinstance(n, A.Play):
                kinds.setdefault("play", [])
            elif isinstance(n, A.CallProc) and n.name in procs and n.name not in seen:
                seen.add(n.name)
                walk(procs[n.name])
    walk(node)
    return kinds


def _rule_words(rule, comp, lang: str) -> str:
    """A trigger's or replacement's line with no ``call``, in the ruleset's words: its
    event, what its ``when`` asks (the statuses, causes and roles it names: ``shielded by
    the bodyguard, killed by the werewolves``) and what the moderator does (``the
    Bodyguard dies (died in place of another)``), with the reminder to write its call;
    ``""`` for one that changes nothing at the table (it only sets globals)."""
    w = WORDS[lang]
    symbols, roles = comp.ruleset.symbols, comp.ruleset.roles

    def label(x) -> str:
        return (lang == "zh" and x.name_zh) or x.name

    def name_of(kind: str, name: str) -> str:
        sym = symbols.get(kind, {}).get(name)
        return name if sym is None else label(sym)

    negated = {id(x) for n in A.walk(rule.when) if isinstance(n, A.Not) for x in A.walk(n)} if rule.when else set()
    conds: list[str] = []
    for n in A.walk(rule.when) if rule.when is not None else ():
        if id(n) in negated or not isinstance(n, A.BinOp) or not isinstance(n.right, A.Name):
            continue
        if n.op == "has":
            conds.append(name_of("status", n.right.id))
        elif n.op == "==" and isinstance(n.left, A.Name) and n.left.id == "cause":
            conds.append(name_of("cause", n.right.id))
        elif n.op == "==" and isinstance(n.left, A.Attr) and n.left.name == "role" and n.right.id in roles:
            conds.append(label(roles[n.right.id]))
    effects, kills = [], []
    kinds = _effect_kinds(rule, comp, lang, kills)
    for k in kills:
        t = k.target
        if isinstance(t, A.Call) and t.name in ("living", "holder") and len(t.args) == 1 \
                and isinstance(t.args[0], A.Name) and t.args[0].id in roles:
            who = w["the_role"].format(role=label(roles[t.args[0].id]))
        else:
            who = w["that_player"] if isinstance(t, A.Name) and t.id == rule.var else w["a_player"]
        effects.append(w["dies"].format(who=who, cause=name_of("cause", k.cause)))
    effects += [w["do"][kind].format(names=", ".join(dict.fromkeys(names)))
                for kind, names in kinds.items() if kind != "kill"]
    if not effects:
        return ""
    event = (w["would"] if rule.kind == "replacement" else w["events"]).get(rule.event, f"{rule.event}({rule.var})")
    return w["rule_effects"].format(
        event=event, conds=w["conds"].format(conds=w["and"].join(dict.fromkeys(conds))) if conds else "",
        instead=w["instead"] if rule.kind == "replacement" else "", kind=w[rule.kind], rule=rule.name,
        effects="; ".join(dict.fromkeys(effects)))


def _reminders(comp, lang: str, options: dict, dealt: set[str], can: Reach,
               untranslated: list[str] | None = None) -> list[str]:
    """The calls of what may happen at any time: replacements, triggers, procs and
    ``extend proc``s (the wolves' self-destruct, a role's claim) that can run with the
    options in force (``can``), each call whose ``if`` the options do not make false."""
    decls = comp.program.of_kind("replacement") + comp.program.of_kind("trigger") + comp.program.of_kind("proc")
    decls += [d for mod in comp.program.modules for d in mod.decls
              if isinstance(d, A.ExtendDecl) and ("proc", d.name) in comp.program.decls]
    procs = comp.program.named("proc")

    def runs(d) -> bool:
        return can.can_run(procs[d.name] if isinstance(d, A.ExtendDecl) else d)

    out = [_words(c, lang, options, untranslated) for d in decls
           if d.calls and _in_play(d, comp, dealt) and runs(d)
           for c in d.calls if any(when_said((getattr(d, "when", None), c.cond), comp.bindings, can.known))]
    for d in comp.program.of_kind("trigger") + comp.program.of_kind("replacement"):
        # a trigger that changes the game and says nothing: a reminder, as for a step
        if d.calls or not _in_play(d, comp, dealt) or not runs(d):
            continue
        line = _rule_words(d, comp, lang)
        if line:
            out.append(line)
    return list(dict.fromkeys(out))


def _by_cards(step, comp, can: Reach) -> set[str]:
    """The globals a step's ``when`` reads that only event cards set (``flood``)."""
    read = {n.id for n in A.walk(step.when) if isinstance(n, A.Name)
            and getattr(comp.bindings.of.get(id(n)), "kind", None) == "global" and n.id not in can.fixed}
    return {g for g in read if can.setters.get(g) and g in can.first
            and all(isinstance(d, A.CardDecl) for d in can.setters[g])}


def _before_cards(can: Reach, by_cards: set[str]) -> Known:
    """What is known while no card has set the globals ``by_cards``: their first values."""
    return replace(can.known, fixed={**can.fixed, **{g: can.first[g] for g in by_cards}})


def _no_card_on_night_1(comp, can: Reach) -> bool:
    """Whether no event card can be played before the first night is over: the game
    starts at night and every rule able to run that plays a card (``play``, itself or in
    a proc it calls) is a day step (New Moon draws its card by day), so a step a card
    brings cannot run on night 1."""
    if comp.ruleset.first_phase != "night":
        return False
    procs = comp.program.named("proc")

    def plays(node, seen: set[str]) -> bool:
        for n in A.walk(node):
            if isinstance(n, A.Play):
                return True
            if isinstance(n, A.CallProc) and n.name in procs and n.name not in seen:
                seen.add(n.name)
                if plays(procs[n.name], seen):
                    return True
        return False

    rules = comp.program.of_kind("step") + comp.program.of_kind("trigger") + comp.program.of_kind("replacement")
    return not any(can.can_run(d) and plays(d, set()) for d in rules
                   if not (isinstance(d, A.StepDecl) and d.phase == "day"))


def _only(step, comp, can: Reach, lang: str, reads_options: bool) -> str:
    """What a step only the game decides says of when it runs: after which event card,
    for a step that cannot run until a card sets a global it reads (`` (only after the
    event card Flood is drawn)``); for one whose ``when`` also reads options, nothing
    (its calls' ``if``s follow them: the election's ``(day 1 only)``); otherwise, in
    words, that the game decides (its ``when`` is the ruleset's words, not the table's:
    its ``call`` may say when)."""
    w = WORDS[lang]
    by_cards = _by_cards(step, comp, can)
    if by_cards and evaluate(step.when, comp.bindings, None, _before_cards(can, by_cards)) is False:
        cards = comp.ruleset.cards
        names = dict.fromkeys(w["card"].format(name=(lang == "zh" and cards[d.name].name_zh) or cards[d.name].name)
                              for g in sorted(by_cards) for d in can.setters[g])
        return w["after_card"].format(cards=w["or"].join(names))
    return "" if reads_options else w["only"]


def when_said(exprs, bindings, known: Known | None = None) -> tuple[bool, bool]:
    """Whether a call may be said on day (night) 1 and on a later one: none of ``exprs``
    (the step's ``when``, the call's ``if``; ``None`` holds always) is known to be false
    then, with the options in force (and ``known``: :func:`wolfdsl.lang.reach.reach`)."""
    def may(day: int) -> bool:
        for e in exprs:
            if e is not None:
                v = evaluate(e, bindings, day, known)
                if v is not UNKNOWN and not v:
                    return False
        return True
    return may(1), may(2) or may(3)


def call_sheet(ref: str, options: dict[str, str] | None = None, lang: str | None = None,
               players: int | None = None) -> dict[str, Any]:
    """The call sheet of a ruleset for ``players`` players (default: the ruleset's
    default count) as plain values (see the module's doc)."""
    from ..lang.load import check_players

    comp = compile_ref(ref, options)
    rs = comp.ruleset
    count = rs.default_players if players is None else players
    if rs.decks or players is not None:  # a shared base (the prelude) deals nobody
        check_players(rs, rs.name, count, bool(options))
    deck = rs.deck_for(count)
    view = view_of(comp, options or {})
    lang = lang or default_lang(view["title"], view["summary"])
    w = WORDS[lang]
    values = {o["name"]: o["value"] for o in view["options"]}
    decls = comp.program.named("step")
    dealt = set(deck.cards) if deck is not None else set()  # face-down cards too: the thief may take one
    can = reach(comp, dealt if deck is not None else None, deck.extra if deck is not None else None)
    cardless_night_1 = _no_card_on_night_1(comp, can)
    untranslated: list[str] = _untranslated_heading(comp) if lang == "zh" else []
    bounds = _engine_bounds(comp)

    def calls(phase: str, night: str = "") -> list[str]:
        """The calls of a phase's steps; ``night``: ``first`` or ``other`` nights."""
        out = []
        for step in view[phase]:
            decl = decls[step["step"]]
            runs = when_runs(decl.when, comp.bindings, can.known)
            if runs == "never" or not _in_play(decl, comp, dealt):
                continue
            if night == "first" and runs == "depends" and cardless_night_1 and (by_cards := _by_cards(decl, comp, can)) \
                    and evaluate(decl.when, comp.bindings, 1, _before_cards(can, by_cards)) is False:
                continue  # a step only a card brings, and no card is drawn before day 1
            note = _only(decl, comp, can, lang, bool(step["options"])) if runs == "depends" else ""
            for c in decl.calls or (None,):
                first, later = when_said((decl.when, c.cond if c is not None else None), comp.bindings, can.known)
                if not (first if night == "first" else later if night == "other" else first or later):
                    continue
                days = w["day1"] if not later else w["day2"] if not first else ""
                text = _words(c, lang, values, untranslated) if c is not None else None
                for t in [text] if text is not None else _undeclared(decl, comp, dealt, lang):
                    out.append(t + note + ("" if night else days))
        return out

    title = (lang == "zh" and view["title_zh"]) or view["title"]
    summary = (lang == "zh" and view["summary_zh"]) or view["summary"]
    ranged = rs.players[0] != rs.players[1]
    cards = next((d["cards"] for d in view["decks"] if d["players"][0] <= count <= d["players"][1]), [])
    return {
        "ruleset": view["ruleset"], "title": title, "lang": lang, "players": count if deck is not None else None,
        "heading": f"{title} — {w['sheet']}" + (w["for"].format(n=count) if ranged else ""),
        "summary": summary,
        "deck": ([w["players"].format(n=count) + ("：" if lang == "zh" else ": ") + card_list({"cards": cards}, lang)
                  + (w["extra"].format(n=deck.extra) if deck.extra else "")] if deck is not None else [])
        + ([w["default"].format(n=count, ruleset=view["ruleset"], counts=_counts(rs, lang))]
           if ranged and players is None else []),
        "first_night": [w["dark"]] + calls("night", "first"),
        "other_nights": [w["dark"]] + calls("night", "other"),
        "day": calls("day"),
        "any_time": _reminders(comp, lang, values, dealt, can, untranslated),
        "wins": _wins(view, lang, comp, can, untranslated),
        "house_rules": [_house_rule(o, lang, rs.options.get(o["name"])) for o in view["options"]
                        if o["name"] in can.read and o["name"] not in bounds
                        and _bears(comp.program.named("option").get(o["name"]), o, dealt)],
        "cards": [_card(c, lang) for c in view["cards"]],
        "untranslated": list(dict.fromkeys(untranslated)),
    }



_RULE_ID = re.compile(r"[A-Z][A-Z_]*-[A-Z0-9_-]+( \(.*\))?$")


def _house_rule(o: dict, lang: str, option=None) -> str:
    """One option in force (``o``: its ``show`` view; ``option``: the ruleset's), in the
    words the ruleset declares: its text, then what its value does (``SHERIFF-08: a tie
    for sheriff: the tied candidates speak again …``); a yes/no option's text says what
    ``true`` does, so its value reads as yes or no (``a hunter who has revealed himself
    must shoot: no``); a value with no text of its own is the value itself (``SHERIFF-10:
    the votes the sheriff's ballot counts for (the seeds give 2 and 1.5): 2``). The option's id is shown only
    where no text says what it decides: none, or only a rule ID (``SHERIFF-10 (the
    seeds give 2 and 1.5): sheriff_vote_weight = 2``)."""
    colon = "：" if lang == "zh" else ": "
    rule = (lang == "zh" and o["rule_zh"]) or o["rule"]
    said = option.value_doc(option.value, lang) if option is not None else None
    says = bool(o["rule"]) and not _RULE_ID.match(o["rule"])  # more than a rule ID: what it decides
    if not says:
        label = f"{rule}{colon}{o['name']}" if rule else o["name"]
        return f"{label}{colon}{said}" if said else f"{rule + colon if rule else ''}{o['name']} = {o['value']}"
    if not said and sorted(o["values"]) == ["false", "true"] and o["value"] in ("true", "false"):
        yes = o["value"] == "true"
        said = ("是" if yes else "否") if lang == "zh" else ("yes" if yes else "no")
    return f"{rule}{colon}{said or o['value']}"


def _engine_bounds(comp) -> set[str]:
    """The options only the engine's ``day_bound`` reads (a game still going after that
    day is a draw): a limit for bots' games that no table reaches, not a house rule."""
    read: dict[str, bool] = {}
    names = set(comp.ruleset.options)
    for d in comp.program.declarations():
        if isinstance(d, A.OptionDecl):
            continue
        bound = isinstance(d, A.EngineDecl) and d.name == "day_bound"
        for n in A.walk(d):
            if isinstance(n, A.Name) and n.id in names:
                read[n.id] = read.get(n.id, True) and bound
    return {n for n, only in read.items() if only}


def _bears(decl, option: dict, dealt: set) -> bool:
    """Whether the option ``option`` (its ``show`` view; ``decl`` its declaration) can
    matter at this table: not when it is at its default and every other value ``needs
    role`` a role not dealt (``guard_repeat`` without a guard, the lovers' options
    without Cupid). With no deal (a shared base), every option bears."""
    if decl is None or not dealt or option["value"] != option["default"]:
        return True
    needs = dict(decl.needs)
    others = [v for v in decl.values if v != decl.default]
    return not others or any(all(r in dealt for r in needs.get(v, ())) for v in others)

def _wins(view: dict, lang: str, comp, can: Reach, untranslated: list[str] | None = None) -> list[str]:
    """The win rules that can hold with these options (``can``: a win that reads a global
    no rule able to run sets, such as an off variant's, cannot), highest priority first,
    each as "Werewolves: side kill (屠边): all gods or all plain villagers are dead" (in
    ``zh`` by its Chinese title where there is one)."""
    w = WORDS[lang]
    decls = comp.program.named("win")
    out = []
    for win in view["wins"]:
        if win["in_force"] is False or when_runs(decls[win["win"]].when, comp.bindings, can.known) == "never":
            continue
        names = ", ".join(win["faction_names_zh" if lang == "zh" else "faction_names"])
        title = (lang == "zh" and win["title_zh"]) or win["title"] or win["win"]
        if lang == "zh" and not win["title_zh"] and win["title"] and untranslated is not None:
            untranslated.append(_where(decls[win["win"]], "win title", win["title"]))
        out.append(w["win"].format(factions=names, title=title))
    return out


def _counts(rs, lang: str) -> str:
    """The player counts a ruleset deals: ``8 to 18`` (``8至18`` in ``zh``)."""
    from ..lang.load import _ranges

    text = _ranges(sorted({n for d in rs.decks for n in range(d.low, d.high + 1)}))
    return text.replace(" to ", "至").replace(", ", "、") if lang == "zh" else text


def _card(card: dict, lang: str) -> str:
    moon = card["tags"].get("moon")
    name = f"{card['name_zh']} ({card['name']})" if lang == "zh" and card["name_zh"] else card["name"]
    if moon is None:
        return name
    return f"{name} — {MOONS_ZH.get(moon, moon) if lang == 'zh' else WORDS['en']['moon'].format(moon=moon)}"


def _sections(sheet: dict) -> list[tuple[str, list[str], bool]]:
    """``(heading, items, numbered)`` in print order; empty sections left out."""
    w = WORDS[sheet["lang"]]
    parts = [(w["deck"], sheet["deck"], False), (w["first"], sheet["first_night"], True),
             (w["other"], sheet["other_nights"], True), (w["day"], sheet["day"], True),
             (w["any"], sheet["any_time"], False), (w["wins"], sheet.get("wins", []), False),
             (w["rules"], sheet["house_rules"], False),
             (w["cards"], sheet["cards"], False)]
    return [p for p in parts if p[1]]


def markdown(sheet: dict) -> str:
    """The sheet as Markdown."""
    out = [f"# {sheet['heading']}"] + (["", sheet["summary"]] if sheet.get("summary") else [])
    for heading, items, numbered in _sections(sheet):
        out += ["", f"## {heading}", ""]
        out += [(f"{i}. " if numbered else "- ") + item for i, item in enumerate(items, 1)]
    return "\n".join(out) + "\n"


CSS = """body { font-family: "Noto Sans", "Noto Sans CJK SC", sans-serif; max-width: 46em; margin: 2em auto; line-height: 1.5; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; border-bottom: 1px solid #999; margin-top: 1.5em; }
li { margin: 0.3em 0; }
@media print { body { margin: 0; font-size: 11pt; } h2 { break-after: avoid; } li { break-inside: avoid; } }"""


def html(sheet: dict) -> str:
    """The sheet as a printable HTML page."""
    e = _html.escape
    out = ["<!DOCTYPE html>", f'<html lang="{sheet["lang"]}">', "<head>", '<meta charset="utf-8">',
           f"<title>{e(sheet['heading'])}</title>", f"<style>\n{CSS}\n</style>", "</head>", "<body>",
           f"<h1>{e(sheet['heading'])}</h1>"] + ([f"<p>{e(sheet['summary'])}</p>"] if sheet.get("summary") else [])
    for heading, items, numbered in _sections(sheet):
        tag = "ol" if numbered else "ul"
        out += [f"<h2>{e(heading)}</h2>", f"<{tag}>"] + [f"<li>{e(i)}</li>" for i in items] + [f"</{tag}>"]
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"

