"""``wolfdsl script RULESET``: the moderator's call sheet for a real table.

The words come from the ruleset: each step, trigger or ``extend proc`` may declare what
the moderator says (``call "English" "中文"``), and ``{option}`` in a call is replaced
by that option's value. ``call_sheet(ref, options, lang)`` gathers, as plain values: the
deck, the first night and the other nights as numbered calls in wake order (a step the
options switch off is left out, a step only the game decides is marked), the day's
procedure, the reminders for what may happen at any time (triggers), the house rules in
force and, for a ruleset with event cards, the card list. ``markdown(sheet)`` and
``html(sheet)`` write it.
"""
from __future__ import annotations

import html as _html
import re
from typing import Any

from ..lang import syntax as A
from .show import card_list, compile_ref, view_of, when_runs

WORDS = {
    "en": {"sheet": "moderator's call sheet", "deck": "Cards", "first": "First night",
           "other": "Other nights", "day": "Day", "any": "At any time",
           "rules": "House rules in force", "cards": "Event cards", "players": "{n} players",
           "wins": "How the game is won (checked after every death; the first that holds)",
           "win": "{factions}: {title}",
           "dark": "Night falls: everybody, close your eyes.", "only": " (only when {when})",
           "extra": "; {n} face down", "moon": "{moon} moon",
           "undeclared": "{role}, open your eyes: {actions}. {role}, close your eyes. "
                         "[step {step} declares no call: write `call \"...\" \"...\"` in it]"},
    "zh": {"sheet": "法官台本", "deck": "牌组", "first": "第一夜", "other": "之后的夜晚",
           "day": "白天", "any": "随时提醒", "rules": "本局规则", "cards": "事件牌",
           "wins": "胜利条件（每次有人死亡后检查；先满足者胜）",
           "win": "{factions}获胜：{title}",
           "players": "{n}人", "dark": "天黑请闭眼。", "only": "（仅当 {when}）",
           "extra": "；{n}张底牌", "moon": "{moon}",
           "undeclared": "{role}请睁眼：{actions}。{role}请闭眼。"
                         "［步骤 {step} 没有写台词：请在其中写 `call \"...\" \"...\"`］"},
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


def _words(call: A.ModeratorCall, lang: str, options: dict) -> str:
    text = call.zh if lang == "zh" and call.zh else call.en
    return re.sub(r"\{(\w+)\}", lambda m: options.get(m.group(1), m.group(0)), text)


def roles_named(node: A.Node, comp, seen: set[str] | None = None) -> set[str]:
    """The roles a declaration is about: the roles it names (deciders included), the
    owners of the role counters it reads, through the procs it calls; bots' ``prefer``
    and ``score`` hints left out."""
    from ..lang.symbols import DecideSlots

    roles, procs = comp.ruleset.roles, comp.program.named("proc")
    owners: dict[str, set[str]] = {}
    for r in roles.values():
        for counter, _ in r.counters:
            owners.setdefault(counter, set()).add(r.id)
    seen = set() if seen is None else seen
    found: set[str] = set()
    hints = {id(h) for n in A.walk(node) for h in (getattr(n, "prefer", None), getattr(n, "score", None))
             if isinstance(h, A.Node)}  # a bot's hint names roles the rule is not about
    hinted = {id(x) for n in A.walk(node) if id(n) in hints for x in A.walk(n)}
    for n in A.walk(node):
        if id(n) in hinted:
            continue
        bd = comp.bindings.of.get(id(n))
        if isinstance(n, A.Name) and n.id in roles:
            found.add(n.id)
        elif isinstance(bd, DecideSlots) and bd.by.name in roles:
            found.add(bd.by.name)
        elif isinstance(n, A.Attr):
            found |= owners.get(n.name, set())
        elif isinstance(n, A.CallProc) and n.name in procs and n.name not in seen:
            seen.add(n.name)
            found |= roles_named(procs[n.name], comp, seen)
    return found


def _in_play(node: A.Node, comp, dealt: set[str]) -> bool:
    """False for a declaration about roles none of whose cards is in any deck."""
    named = roles_named(node, comp)
    return not named or bool(named & dealt)


def _undeclared(step, comp, dealt: set[str], lang: str) -> list[str]:
    """A stand-in call for a step that wakes a dealt role but declares no ``call``, so a
    designer's new role is never silently missing from the sheet (and the sheet says how
    to write the real one)."""
    from ..lang.symbols import DecideSlots

    roles = comp.ruleset.roles
    actions: dict[str, list[str]] = {}
    for n in A.walk(step):
        bd = comp.bindings.of.get(id(n))
        if isinstance(bd, DecideSlots) and bd.by.name in roles and bd.by.name in dealt:
            actions.setdefault(bd.by.name, []).append(getattr(n, "action", "") or "")
    out = []
    for rid, acts in actions.items():
        r = roles[rid]
        name = r.name_zh if lang == "zh" and r.name_zh else r.name
        out.append(WORDS[lang]["undeclared"].format(
            role=name, step=step.name, actions=", ".join(dict.fromkeys(a for a in acts if a)) or "?"))
    return out


def _reminders(comp, lang: str, options: dict, dealt: set[str]) -> list[str]:
    decls = comp.program.of_kind("replacement") + comp.program.of_kind("trigger")
    decls += [d for mod in comp.program.modules for d in mod.decls
              if isinstance(d, A.ExtendDecl) and ("proc", d.name) in comp.program.decls]
    out = [_words(c, lang, options) for d in decls
           if d.calls and _in_play(d, comp, dealt) and when_runs(getattr(d, "when", None), comp.bindings) != "never"
           for c in d.calls]
    return list(dict.fromkeys(out))


def call_sheet(ref: str, options: dict[str, str] | None = None, lang: str | None = None) -> dict[str, Any]:
    """The call sheet of a ruleset as plain values (see the module's doc)."""
    comp = compile_ref(ref, options)
    view = view_of(comp, options or {})
    lang = lang or default_lang(view["title"], view["summary"])
    w = WORDS[lang]
    values = {o["name"]: o["value"] for o in view["options"]}
    decls = comp.program.named("step")
    dealt = {c for d in comp.ruleset.decks for c in d.cards}

    def calls(phase: str, skip: str) -> list[str]:
        out = []
        for step in view[phase]:
            if step["runs"] in ("never", skip) or not _in_play(decls[step["step"]], comp, dealt):
                continue
            note = w["only"].format(when=step["when"]) if step["runs"] == "depends" and not step["options"] else ""
            decl = decls[step["step"]]
            out += [_words(c, lang, values) + note for c in decl.calls]
            if not decl.calls:
                out += _undeclared(decl, comp, dealt, lang)
        return out

    title = (comp.ruleset.title_zh if lang == "zh" else "") or view["title"]
    return {
        "ruleset": view["ruleset"], "title": title, "lang": lang,
        "heading": f"{title} — {w['sheet']}",
        "deck": [w["players"].format(n=_count(d["players"])) + ": " + card_list(d, lang)
                 + (w["extra"].format(n=d["extra"]) if d["extra"] else "") for d in view["decks"]],
        "first_night": [w["dark"]] + calls("night", "later"),
        "other_nights": [w["dark"]] + calls("night", "first"),
        "day": calls("day", "never"),
        "any_time": _reminders(comp, lang, values, dealt),
        "wins": _wins(view, lang, {x.name: x.title_zh for x in comp.ruleset.wins}),
        "house_rules": [f"{o['rule'] or o['name']}: {o['name']} = {o['value']}" for o in view["options"]],
        "cards": [_card(c, lang) for c in view["cards"]],
    }


def _wins(view: dict, lang: str, titles_zh: dict[str, str]) -> list[str]:
    """The win rules that can hold with these options, highest priority first, each as
    "Werewolves: side kill (屠边): all gods or all plain villagers are dead" (in ``zh``
    by the Chinese title of ``titles_zh``, win name -> title, where there is one)."""
    w = WORDS[lang]
    out = []
    for win in view["wins"]:
        if win["in_force"] is False:
            continue
        names = ", ".join(win["faction_names_zh" if lang == "zh" else "faction_names"])
        title = (titles_zh.get(win["win"]) if lang == "zh" else "") or win["title"] or win["win"]
        out.append(w["win"].format(factions=names, title=title))
    return out


def _count(players: list[int]) -> str:
    lo, hi = players
    return str(lo) if lo == hi else f"{lo}-{hi}"


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
    out = [f"# {sheet['heading']}"]
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
           f"<h1>{e(sheet['heading'])}</h1>"]
    for heading, items, numbered in _sections(sheet):
        tag = "ol" if numbered else "ul"
        out += [f"<h2>{e(heading)}</h2>", f"<{tag}>"] + [f"<li>{e(i)}</li>" for i in items] + [f"</{tag}>"]
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"

