"""``wolfdsl show RULESET``: a ruleset as a whole, as the engine will play it.

``ruleset_view(ref, options)`` compiles the ruleset and returns plain values (the
``--json`` output): title, players, the deck per player count, every option with its
value, allowed values, source rule and who set it, the night and day steps in the
order the engine walks them (which run every night, only the first, or never with these
options, and which depend on the game), the event cards and the win rules in precedence
order; a step about roles no deck deals (the guard's on a board without a guard) lists
them in ``undealt``, and never happens at that table. ``render(view, lang)`` writes it as text in English or Chinese (each text the
ruleset gives in Chinese, in Chinese: the title, the options' rules, the win rules'
titles, the summary).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from rich.cells import cell_len

from ..lang.options import values_text
from ..lang.partial import UNKNOWN, evaluate, options_read, source_text

RUNS = ("always", "first", "later", "never", "depends")
"""When a step runs: every time, only on day (night) 1, from day 2 on, never with these
options, or as the game decides (its ``when`` is printed)."""


def compile_ref(ref: str, options: dict[str, str] | None = None):
    """The :class:`~wolfdsl.lang.compile.Compilation` of a bundled name or a path, with
    ``--set`` values; raises ``WolfError`` on any problem."""
    from ..lang.compile import compile_program
    from ..lang.load import modules, resolve

    path, name = resolve(ref)
    shown = ref if Path(ref).is_file() else str(path)
    return compile_program(modules(path, shown), name, str(path), overrides=options or None)


def _label(symbol_or_role, lang: str) -> str:
    zh = getattr(symbol_or_role, "name_zh", "")
    return zh if lang == "zh" and zh else symbol_or_role.name


def when_runs(when, bindings, known=None) -> str:
    """One of :data:`RUNS` for a step's ``when`` (``None``: always); ``known``: what
    holds in every game beyond the options (:func:`wolfdsl.lang.reach.reach`)."""
    if when is None:
        return "always"
    first, later = evaluate(when, bindings, 1, known), evaluate(when, bindings, 2, known)
    if first is UNKNOWN or later is UNKNOWN or evaluate(when, bindings, 3, known) != later:
        return "depends"
    return {(True, True): "always", (True, False): "first", (False, True): "later",
            (False, False): "never"}[(bool(first), bool(later))]


def _steps(comp, phase: str) -> list[dict]:
    from ..lang.inplay import about_roles, in_play

    decls = comp.program.named("step")
    dealt = {r for deck in comp.ruleset.decks for r in deck.cards}
    roles = comp.ruleset.roles
    out = []
    for step in comp.ruleset.steps.get(phase, ()):
        d = decls[step.name]
        runs = when_runs(d.when, comp.bindings)
        undealt = [{"role": r, "name": roles[r].name, "name_zh": roles[r].name_zh}
                   for r in sorted(about_roles(d, comp))] if comp.ruleset.decks and not in_play(d, comp, dealt) else []
        out.append({
            "step": step.name,
            "runs": runs,
            "when": source_text(d.when.span) if d.when is not None else None,
            "options": {n: values_text((comp.options[n].value,))
                        for n in options_read(d.when, comp.bindings)},
            "always": d.always,
            "undealt": undealt,
            "calls": [{"en": c.en, "zh": c.zh} | ({"if": source_text(c.cond.span)} if c.cond is not None else {})
                      for c in d.calls],
        })
    return out


def _set_by(comp, name: str, overrides: dict) -> str:
    if name in overrides:
        return "--set"
    return "ruleset" if any(s.name == name for s in comp.program.sets) else "default"


def ruleset_view(ref: str, options: dict[str, str] | None = None) -> dict[str, Any]:
    """Everything ``wolfdsl show`` prints, as plain values (see the module's doc)."""
    return view_of(compile_ref(ref, options), options or {})


def view_of(comp, overrides: dict[str, str]) -> dict[str, Any]:
    """:func:`ruleset_view` of a compilation made with the ``--set`` values ``overrides``."""
    rs = comp.ruleset
    roles = rs.roles
    decks = [{"players": [d.low, d.high], "extra": d.extra,
              "cards": [{"role": r, "count": n, "name": roles[r].name, "name_zh": roles[r].name_zh}
                        for r, n in Counter(d.cards).items()]} for d in rs.decks]
    opts = [{"name": o.name, "value": values_text((o.value,)), "default": values_text((o.default,)),
             "values": [values_text((v,)) for v in o.values], "rule": o.doc, "rule_zh": o.doc_zh,
             "set_by": _set_by(comp, o.name, overrides)} for o in rs.options.values()]
    wins = sorted(rs.wins, key=lambda w: -w.priority)  # stable: declaration order in a priority
    win_decls = comp.program.named("win")
    factions = rs.factions
    return {
        "ruleset": rs.name, "title": rs.title, "title_zh": rs.title_zh, "summary": rs.summary,
        "summary_zh": rs.summary_zh,
        "players": list(rs.players), "default_players": rs.default_players, "first_phase": rs.first_phase,
        "decks": decks, "options": opts,
        "night": _steps(comp, "night"), "day": _steps(comp, "day"),
        "cards": [{"card": c.id, "name": c.name, "name_zh": c.name_zh, "tags": {k: str(v) for k, v in c.tags}}
                  for c in rs.cards.values()],
        "wins": [{"win": w.name, "factions": list(w.factions), "priority": w.priority, "title": w.title,
                  "title_zh": w.title_zh,
                  "faction_names": [factions[f].name if f in factions else f for f in w.factions],
                  "faction_names_zh": [_label(factions[f], "zh") if f in factions else f
                                       for f in w.factions],
                  "in_force": {"always": True, "never": False}.get(
                      when_runs(win_decls[w.name].when, comp.bindings))}
                 for w in wins],
    }


# ----------------------------------------------------------------------------- text

WORDS = {
    "en": {"default": "{n} unless --players says otherwise",
           "players": "Players", "deck": "Deck", "extra": "{n} face down", "options": "Options",
           "option": "option", "value": "value", "set_by": "set by", "allowed": "allowed", "rule": "rule",
           "night": "Night (the steps in wake order)", "day": "Day (the steps in order)", "cards": "Event cards",
           "wins": "Win rules (the first that holds; same priority: together)",
           "always": "every {phase}", "first": "{phase} 1 only", "later": "from {phase} 2 on",
           "never": "skipped: {opts}", "depends": "when {when}", "even": " (even after a day ends early)",
           "undealt": " (no {roles} dealt)", "or": " or ",
           "set": {"--set": "--set", "ruleset": "set", "default": ""}, "off": "(off with these options)",
           "priority": "priority {p}", "for": "for", "count": "{n} players",
           "night_word": "night", "day_word": "day", "colon": ": ", "aside": " ({})", "then": "; "},
    "zh": {"default": "默认{n}人，--players 可改",
           "players": "人数", "deck": "牌组", "extra": "{n}张底牌", "options": "选项",
           "option": "选项", "value": "取值", "set_by": "来源", "allowed": "可选值", "rule": "规则",
           "night": "夜晚（按睁眼顺序）", "day": "白天（按顺序）", "cards": "事件牌",
           "wins": "胜利条件（先满足者胜；同优先级同时获胜）",
           "always": "每{phase}", "first": "仅第1{phase}", "later": "第2{phase}起",
           "never": "不进行：{opts}", "depends": "条件：{when}", "even": "（白天提前结束也进行）",
           "undealt": "（未发{roles}牌）", "or": "或",
           "set": {"--set": "--set", "ruleset": "规则集设定", "default": ""}, "off": "（当前选项下不生效）",
           "priority": "优先级 {p}", "for": "", "count": "{n}人",
           "night_word": "夜", "day_word": "天", "colon": "：", "aside": "（{}）", "then": "；"},
}


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - cell_len(text))


def _table(rows: list[list[str]], indent: str = "  ") -> list[str]:
    widths = [max(cell_len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return [(indent + "  ".join(_pad(c, w) for c, w in zip(r, widths)) + "  " + r[-1]).rstrip()
            for r in rows]


def _players(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def card_list(deck: dict, lang: str) -> str:
    """``Werewolf ×4, Seer, …`` (Chinese names with ``zh``)."""
    sep = "、" if lang == "zh" else ", "
    names = [((c["name_zh"] or c["name"]) if lang == "zh" else c["name"])
             + (f" ×{c['count']}" if c["count"] > 1 else "") for c in deck["cards"]]
    return sep.join(names)


def step_when(step: dict, lang: str, phase: str) -> str:
    """How a step's schedule reads: ``every night``, ``skipped: night_order = order_a``…"""
    w = WORDS[lang]
    word = w[f"{phase}_word"]
    opts = ", ".join(f"{k} = {v}" for k, v in step["options"].items())
    text = w[step["runs"]].format(phase=word, opts=opts, when=step["when"])
    names = [(lang == "zh" and r["name_zh"]) or r["name"] for r in step.get("undealt") or ()]
    return text + (w["even"] if step["always"] else "") + (
        w["undealt"].format(roles=w["or"].join(names)) if names else "")


def render(view: dict, lang: str = "en") -> str:
    """The text of ``wolfdsl show``."""
    w = WORDS[lang]
    summary = _zh(view, lang, "summary")
    out = [f"{_zh(view, lang, 'title')} ({view['ruleset']})"] + ([summary] if summary else []) + [""]
    default = view.get("default_players")
    shown = "" if default in (None, view["players"][0]) else w["aside"].format(w["default"].format(n=default))
    out.append(f"{w['players']}{w['colon']}{_players(*view['players'])}{shown}")
    out += ["", w["deck"]]
    for d in view["decks"]:
        extra = (w["then"] + w["extra"].format(n=d["extra"])) if d["extra"] else ""
        out.append(f"  {w['count'].format(n=_players(*d['players']))}{w['colon']}{card_list(d, lang)}{extra}")
    if view["options"]:
        out += ["", w["options"]]
        rows = [[w["option"], w["value"], w["set_by"], w["allowed"], w["rule"]]]
        rows += [[o["name"], o["value"], w["set"][o["set_by"]], " | ".join(o["values"]), _zh(o, lang, "rule")]
                 for o in view["options"]]
        out += _table(rows)
    for phase in ("night", "day"):
        out += ["", w[phase]]
        rows = [[f"{i}.", s["step"], step_when(s, lang, phase)] for i, s in enumerate(view[phase], 1)]
        out += _table(rows) if rows else []
    if view["cards"]:
        out += ["", w["cards"]]
        out += [f"  {(c['name_zh'] or c['name']) if lang == 'zh' else c['name']} ({c['card']})"
                for c in view["cards"]]
    out += ["", w["wins"]]
    rows = []
    for i, win in enumerate(view["wins"], 1):
        names = win["faction_names_zh" if lang == "zh" else "faction_names"]
        state = "" if win["in_force"] is not False else "  " + w["off"]
        rows.append([f"{i}.", win["win"], ", ".join(names), w["priority"].format(p=_num(win["priority"])),
                     _zh(win, lang, "title") + state])
    out += _table(rows)
    return "\n".join(out) + "\n"


def _zh(item: dict, lang: str, key: str) -> str:
    """``item[key]``, or in ``zh`` its Chinese ``item[key + "_zh"]`` where there is one."""
    return (lang == "zh" and item.get(key + "_zh")) or item[key] or ""


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)
