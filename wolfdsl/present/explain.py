"""``wolfdsl explain LOG --seat N``: why a seat died, or why it survived, from the log.

:func:`explain` reads one game's events (:func:`wolfdsl.present.replay.read_game`) and
returns plain lines in three parts:

- **what happened to seat N**: every event that names the seat — its own decisions (not
  a yes/no question it answered no: nothing happened; not its team's, which name no
  seat) and those that target it, what it was told (``inform``), statuses it gained or
  lost (each with the decision just before it, which set it, unless a vote, the badge,
  speeches or a new phase came between),
  what others were told about it, how suspect its speech sounded to the table bots
  (``impressions``), the vote that exiled it, its death or the deaths a replacement
  prevented (``spared``), the deaths its own death set off;
- **why**: for its death, the rule that killed (the ``rule`` and ``at`` fields the engine
  writes on each ``death`` event), the source line of the ``kill`` and the ``#`` comment
  above that rule with its rule IDs, the statuses the seat had when killed and what
  each means, and the death that set this one off (``after``); for each ``spared``
  event, the rule that spared the seat and its comment;
- **the end**: the win rule that ended the game (its title and comment), and whether
  the seat was among the winners.

``lang`` ``zh`` says it all in Chinese (``wolfdsl explain --lang zh``; the words are
:data:`wolfdsl.present.words.EXPLANATION`): seats as ``9号`` with the Chinese name of
their role, the ruleset's Chinese names of causes, statuses and factions (with the id
beside them: ``狼刀（wolf）``), its Chinese ``event`` texts for decisions and other events
(told by the narration's teller), the Chinese ``call`` of a rule and the Chinese title of
a win rule. A rule's ``#`` comment has no Chinese form: it is quoted as written.

Nothing here knows a role: names, titles and comments come from the log and the
ruleset (``ruleset`` may be ``None``: ids are shown instead, with no comments).
Raises :class:`~wolfdsl.diagnostics.WolfError` for a seat the game does not have.

:func:`seat_of` reads what ``--seat`` was given: a seat number, or a role that one seat
of the game held (``--seat witch``: seat 6 holds the witch).
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from rich.cells import cell_len

from ..diagnostics import WolfError, did_you_mean
from ..lang.apidoc import RULE_ID
from ..play.table import show
from .narrate import signed, teller
from .words import EXPLANATION, VOTE_KINDS_ZH, declared_name

_HEAD = frozenset({"seq", "game", "day", "phase", "type"})

_NEW_BUSINESS = frozenset({"phase", "vote", "sheriff", "speeches"})
"""Events after which a status is no longer the work of the last decision (the end of
the sheriff election takes the candidates' statuses away after its ``sheriff`` event)."""

_WHEN_WIDTH = 9
"""The width of the time column of the timeline (``night 12``, ``第12夜``), in cells."""


class _Names:
    """Display names from the ruleset, ids when it is not at hand; in ``zh`` the
    Chinese names the ruleset declares, told as the narration tells them (``9号村民``)."""

    def __init__(self, rs: Any, roles: dict[int, str], lang: str = "en"):
        self.rs = rs
        self.roles = roles
        self.lang = lang
        self.w = EXPLANATION[lang]
        self.teller = teller(rs, lang)
        self.teller.roles = dict(roles)

    @property
    def zh(self) -> bool:
        return self.lang == "zh"

    def symbol(self, kind: str, ident: Any) -> str:
        """``wolf (killed by the werewolves)``: the id, with the name its declaration
        gives when it gives one that differs (``狼刀（wolf）`` in ``zh``)."""
        if self.zh:
            name = self.teller.symbol_name(kind, ident) if kind != "faction" else self.teller.faction_name(ident)
        else:
            name = declared_name(self.rs, kind, ident)
        return self.w["symbol"].format(id=ident, name=name) if name and name != ident else str(ident)

    def seat(self, seat: Any) -> str:
        if seat is None:
            return self.w["nobody"]
        role = self.roles.get(seat)
        if role and self.zh:
            role = self.teller.role_name(role)
        return self.w["seat_role"].format(seat=seat, role=role) if role else self.w["seat"].format(seat=seat)

    def seats(self, seats) -> str:
        return self.w["sep"].join(self.seat(s) for s in seats) or self.w["nobody"]

    def role(self, role: Any) -> str:
        """The role dealt, as the title names it: ``villager (Villager)``, ``村民``."""
        if self.zh:
            return self.teller.role_name(role)
        r = self.rs.roles.get(role) if self.rs is not None else None
        return f"{role} ({r.name})" if r is not None and r.name and r.name != role else str(role)

    def when(self, ev: dict) -> str:
        """``night 1`` (``第1夜``)."""
        phase = ev.get("phase", "?")
        return self.w["when"].format(phase=self.w.get("phases", {}).get(phase, phase), day=ev.get("day", "?"))

    def actor(self, ev: dict) -> str:
        """Who made a decision: a seat, or a team (``the werewolves``)."""
        if ev.get("seat") is not None:
            return self.seat(ev.get("seat"))
        return self.teller.team_name(ev.get("by")) if self.zh else self.w["team"].format(team=ev.get("by"))

    def decision(self, ev: dict) -> str:
        """A decision (an ``action`` event) as the narration tells it in Chinese (the
        ruleset's ``event`` text: ``8号守卫守护9号村民``); in English by the name the
        narration gives it (``protect by seat 8 (guard) -> seat 9 (villager)``). One the
        narration tells no text for (a speech act, told by what is said) is told by its
        ``ask`` question where the ruleset writes one (``the werewolves, asked "Your fake
        seer's result: whom does he name as a wolf today?" -> seat 7 (seer)``), else by
        its name; never by the id (``werewolves.fake_check``)."""
        text = self.teller.template(ev)
        if self.zh:
            said = self.teller.render(text, ev) if text is not None else ""
            if said:
                return said
        choice = "" if ev.get("choice") is None else self.w["choice"].format(self.value(ev.get("choice")))
        targets = self.seats(ev.get("targets") or [])
        if not ev.get("targets") and ev.get("choice") is not None:
            # a choice that is no seat (yes/no, a card): the answer itself, not "nobody (yes)"
            targets, choice = self.value(ev.get("choice")), ""
        ask = _ask(self.rs, ev.get("action"), self.lang) if text is None else None
        if ask:
            return self.w["asked"].format(who=self.actor(ev), ask=ask, targets=targets, choice=choice)
        return self.w["action"].format(action=self.action_name(ev.get("action")), who=self.actor(ev),
                                       targets=targets, choice=choice)

    def action_name(self, action: Any) -> str:
        """A decision's name as the narration gives it: the part after the dot, in words
        (``werewolves.kill``: ``kill``; ``run_for_sheriff``: ``run for sheriff``), or the
        ruleset's ``word`` for it where it declares one."""
        return self.teller.word(str(action).rsplit(".", 1)[-1])

    def value(self, v: Any, seats: bool = False) -> str:
        """A value as rules write it (``yes``, ``none``, ``[1, 2]``); a record as ``key
        value, …``; in ``zh`` as the narration tells it (``是``, ``座位：1号狼人``)."""
        if self.zh:
            return self.teller.private(v) if isinstance(v, dict) else self.teller.value(v, seats=seats)
        return _value(v)

    def fields(self, rest: dict) -> str:
        """An event's other fields: ``guarded yes, saved no``; in ``zh`` each in the
        ruleset's ``word`` for it (``statuses []``: ``状态：无``)."""
        if not self.zh:
            return _value(rest)
        t, w = self.teller, self.w
        shown = []
        for k, v in rest.items():
            if k == "role":
                shown.append(t.role_name(v))
            elif k == "faction":
                shown.append(t.faction_name(v))
            elif k == "statuses" and isinstance(v, list):  # the engine's field: the statuses a seat had
                said = w["sep"].join(self.symbol("status", x) for x in v) or w["none"]
                shown.append(w["field"].format(word=w["statuses_word"], value=said))
            else:
                seats = k in ("seat", "seats", "target", "targets")
                shown.append(w["field"].format(word=t.word(k), value=t.value(v, seats=seats)))
        return w["field_sep"].join(shown)


def _value(v: Any) -> str:
    """A value as rules write it (``yes``, ``none``, ``[1, 2]``); a record as ``key value, …``."""
    if isinstance(v, dict):
        return ", ".join(f"{k} {show(x)}" for k, x in v.items())
    return show(v)


def _mentions(what: Any, seat: int) -> bool:
    """Whether a ``tell`` record names ``seat`` as one of its values (not inside a list:
    a list of seats is news about a group, such as a team's members)."""
    if not isinstance(what, dict):
        return False
    return any(v == seat and not isinstance(v, bool) for v in what.values())


def _source_lines(file: str) -> list[str] | None:
    """The lines of a ruleset file named as in a span (``<bundled>/prelude.wolf``)."""
    path = _module_path(file)
    try:
        return path.read_text(encoding="utf-8").splitlines() if path is not None else None
    except (OSError, UnicodeDecodeError):
        return None


def _kills(lines: list[str], start: int, cause: str) -> list[int]:
    """1-based lines of the ``kill … cause CAUSE`` statements in the block that starts
    at line ``start`` (up to the ``}`` closing its first ``{``; strings and comments are
    not told apart, which is enough for the rules' own text)."""
    pattern = re.compile(r"\bkill\b.*\bcause\s+" + re.escape(cause) + r"\b")
    found, depth, opened = [], 0, False
    for num in range(start, len(lines) + 1):
        text = lines[num - 1].split("#", 1)[0]
        if pattern.search(text):
            found.append(num)
        depth += text.count("{") - text.count("}")
        opened = opened or "{" in text
        if opened and depth <= 0:
            break
    return found


def _comment_above(lines: list[str], line: int) -> str:
    """The ``#`` comment block just above 1-based ``line``, joined into one text."""
    out: list[str] = []
    i = line - 2
    while i >= 0 and lines[i].lstrip().startswith("#"):
        out.append(lines[i].lstrip()[1:].strip())
        i -= 1
    return " ".join(reversed(out))


def _items(rs: Any) -> dict[str, Any]:
    """Every rule a death can name: steps, triggers, replacements, procs, cards."""
    found: dict[str, Any] = {}
    if rs is None:
        return found
    for group in (rs.steps, rs.triggers, rs.replacements):
        for items in group.values():
            for item in items:
                found.setdefault(item.name, item)
    for proc in rs.procs.values():
        found.setdefault(proc.name, proc)
    for card in rs.cards.values():
        found.setdefault(card.id, card)
    return found


def _module_path(file: str) -> Path | None:
    """The path of a ruleset file named as in a span (``<bundled>/prelude.wolf``)."""
    from ..lang.load import bundled_path

    if file.startswith("<bundled>/"):
        name = file[len("<bundled>/"):]
        return bundled_path(name[:-5] if name.endswith(".wolf") else name)
    return Path(file)


class _OptionsInForce:
    """Bindings for :func:`wolfdsl.lang.partial.evaluate` of a ``call``'s ``if`` with the
    options of the compiled ruleset ``rs``: an option's name is its value, a value of an
    option is that symbol; any other name is unknown (the call is kept)."""

    def __init__(self, rs: Any, expr: Any):
        from types import SimpleNamespace

        from ..lang import syntax as A
        options = rs.options if rs is not None else {}
        values = {str(v) for o in options.values() for v in o.values}
        self.seats: frozenset = frozenset()  # no variable is known to hold a seat
        self.of: dict = {}
        for n in A.walk(expr):
            if isinstance(n, A.Name) and n.id in options:
                self.of[id(n)] = SimpleNamespace(kind="option", value=options[n.id].value, name=n.id)
            elif isinstance(n, A.Name) and n.id in values:
                self.of[id(n)] = SimpleNamespace(kind="symbol", name=n.id)


def _said(call: Any, rs: Any) -> bool:
    """Whether a ``call`` is said with the options in force (its ``if`` not known false)."""
    from ..lang.partial import evaluate

    cond = getattr(call, "cond", None)
    return cond is None or evaluate(cond, _OptionsInForce(rs, cond), None) is not False


def _calls(span: Any, lang: str, rs: Any = None) -> list[str]:
    """What the moderator says for the rule declared at ``span`` (its ``call`` texts), in
    ``lang``, only those given in it and said with the options in force of ``rs``;
    empty when the file does not read back."""
    from ..lang.load import read_module

    path = _module_path(span.file)
    try:
        module = read_module(path, span.file) if path is not None else None
    except (OSError, WolfError):
        return []
    for decl in getattr(module, "decls", ()):
        d_span = getattr(decl, "span", None)
        if d_span is not None and d_span.line == span.line and getattr(decl, "calls", None):
            return [text for text in (getattr(c, lang, None) for c in decl.calls if _said(c, rs)) if text]
    return []


def _ask(rs: Any, action: Any, lang: str) -> str | None:
    """The ``ask`` question of the decision ``action`` as the ruleset writes it (in
    Chinese in ``zh`` where it gives one), without its closing note on what ``0`` means;
    ``None`` without one, or when the file does not read back."""
    from ..lang import syntax as A
    from ..lang.load import read_module
    from ..play.agents import PASS_NOTE

    span = (getattr(rs, "actions", None) or {}).get(action) if rs is not None else None
    path = _module_path(span.file) if span is not None and span.file else None
    try:
        module = read_module(path, span.file) if path is not None else None
    except (OSError, WolfError):
        return None
    for decl in getattr(module, "decls", ()):
        for n in A.walk(decl):
            if isinstance(n, (A.Decide, A.Vote)) and n.action == action and n.ask:
                text = n.ask[1] if lang == "zh" and n.ask[1] else n.ask[0]
                return PASS_NOTE.sub("", text) or None
    return None


def _unmarked(text: str) -> str:
    """A narration line without the mark that opens it (``✓ 5号…``: ``5号…``), to be
    part of a sentence."""
    i = 0
    while i < len(text) and (text[i].isspace() or unicodedata.category(text[i]) == "So"):
        i += 1
    return text[i:]


class _Explainer:
    def __init__(self, events: list[dict], rs: Any, seat: int, lang: str = "en"):
        self.events = events
        self.rs = rs
        self.seat = seat
        self.lang = lang
        start = next((e for e in events if e.get("type") == "game_start"), None)
        self.start = start or {}
        seats = self.start.get("seats") or []
        self.roles = {s["seat"]: s.get("role") for s in seats if isinstance(s, dict) and "seat" in s}
        if self.roles and seat not in self.roles:
            raise WolfError(f"game {self.start.get('game', 0)} has no seat {seat}; "
                            f"seats: 1 to {max(self.roles)}")
        self.names = _Names(rs, self.roles, lang)
        self.items = _items(rs)
        self.claimed = {e.get("role") for e in events
                        if e.get("type") == "claim" and e.get("seat") == seat and e.get("role") is not None}
        """The cards this seat claimed: another seat's claim of one of them (对跳, a wolf's
        counter-claim) is part of its story."""

    # ---------------------------------------------------------------- the timeline
    def timeline(self) -> list[str]:
        n = self.seat
        out: list[str] = []
        last_action: dict | None = None
        for ev in self.events:
            t = ev.get("type")
            line = self._line(ev, t, n, last_action)
            if t == "action":
                last_action = ev
            elif t in _NEW_BUSINESS:
                last_action = None  # a status after it was not set by the decision before it
            if line:
                when = self.names.when(ev)
                out.append(f"  {when}{' ' * max(0, _WHEN_WIDTH - cell_len(when))} #{ev.get('seq', '?'):<4} {line}")
        return out

    def _line(self, ev: dict, t: Any, n: int, last_action: dict | None) -> str | None:
        names, w = self.names, self.names.w
        if t == "action":  # those that target it, and its own but a question it said no to (nothing happened)
            own = ev.get("seat") == n and (ev.get("targets") or ev.get("choice") is not False)
            return names.decision(ev) if n in (ev.get("targets") or []) or own else None
        if t == "status" and ev.get("seat") == n:
            gains = "add" in ev
            line = w["gains" if gains else "loses"].format(
                seat=names.seat(n), status=names.symbol("status", ev.get("add") if gains else ev.get("remove")))
            if last_action is not None:
                line += w["after"].format(decision=names.decision(last_action) if names.zh else "",
                                          action=names.action_name(last_action.get("action")),
                                          who=names.actor(last_action))
            return line
        if t == "inform":
            what = ev.get("what")
            if ev.get("seat") == n or _mentions(what, n):  # what it was told, and what others were told of it
                return self._told(ev) or w["told"].format(seat=names.seat(ev.get("seat")), what=names.value(what))
            return None
        if t == "vote" and ev.get("result") == n:
            tally = ev.get("tally") or {}
            kind = str(ev.get("kind"))
            if names.zh:
                kind = VOTE_KINDS_ZH.get(kind) or names.teller.word(kind)
            return w["vote"].format(kind=kind, round=ev.get("round"), n=_value(tally.get(str(n), 0)),
                                    seat=n, who=names.seat(n))
        if t == "death" and (ev.get("seat") == n or ev.get("after") == n):
            line = (w["dies"].format(seat=names.seat(ev.get("seat")), cause=names.symbol("cause", ev.get("cause")))
                    + (w["by_rule"].format(rule=ev["rule"]) if ev.get("rule") else ""))
            if ev.get("seat") != n:
                line += w["set_off"].format(seat=n)
            return line
        if t == "spared" and ev.get("seat") == n:
            return w["is_spared"].format(seat=names.seat(n), cause=names.symbol("cause", ev.get("cause")),
                                         rule=ev.get("rule"))
        if t in ("revive", "role_change", "faction_change") and ev.get("seat") == n:
            rest = {k: v for k, v in ev.items() if k not in _HEAD and k != "seat"}
            return w["changed"].format(type=w.get("changes", {}).get(t, t), what=names.fields(rest))
        if t == "sheriff" and ev.get("seat") == n:
            return self._told(ev) or w["sheriff"].format(how=ev.get("how"))
        if (t == "claim" and (ev.get("seat") == n or _mentions(ev.get("told"), n) or ev.get("role") in self.claimed)) or \
                (t == "recommendation" and ev.get("target") == n):
            # what the table was told of this seat: its own claim, a claim naming it (查杀,
            # 金水), the sheriff's recommendation (归票), as the narration tells them (a
            # claim without an event text of its own as the narration's claim line does:
            # '10号 Hunter claims to be Hunter', which a trial found missing)
            said = self._said(ev)
            if said is None and t == "claim":
                said = next((_unmarked(str(line)) for line in self.names.teller.on_claim(ev)), None)
            return said
        if t == "impressions":  # the table agent's reading of the day's speeches
            reads = ev.get("reads") if isinstance(ev.get("reads"), dict) else {}
            x = reads.get(n, reads.get(str(n)))
            if not isinstance(x, (int, float)):
                return None
            rank = 1 + sum(1 for v in reads.values() if isinstance(v, (int, float)) and v > x)
            return w["heard"].format(x=signed(x, 2), rank=rank, n=len(reads))
        if ev.get("seat") == n:  # a rule's own event about the seat (guarded_and_saved), as the narration tells it
            return self._said(ev)
        return None

    def _said(self, ev: dict) -> str | None:
        """An event as the ruleset's ``event`` text tells it in the story's language,
        without the narration's mark; ``None`` without such a text."""
        told = self.names.teller
        text = told.template(ev)
        return (_unmarked(told.render(text, ev)) or None) if text is not None else None

    def _told(self, ev: dict) -> str | None:
        """In ``zh``, an event as the ruleset's Chinese ``event`` text tells it, without
        the narration's mark (``★ 5号预言家当选警长``: ``5号预言家当选警长``); ``None`` in
        English or without such a text."""
        return self._said(ev) if self.names.zh else None

    # ---------------------------------------------------------------- why
    def rule(self, name: Any, cause: Any = None) -> list[str]:
        """The rule ``name``: where it is, its comment and rule IDs, and (for a death of
        ``cause``) its ``kill … cause CAUSE`` statements; in ``zh`` also what the
        moderator says for it (its ``call`` texts in Chinese)."""
        w = self.names.w
        out: list[str] = []
        item = self.items.get(name)
        span = getattr(item, "span", None) if item is not None else None
        if span is None:
            return [w["rule"].format(rule=name)] if name is not None else []
        lines = span.text.splitlines() if span.text else _source_lines(span.file)
        kind = getattr(item, "kind", None) or ("card" if hasattr(item, "tags") else
                                                "proc" if hasattr(item, "params") else "step")
        out.append(w["item"].format(kind=w.get("kinds", {}).get(kind, kind), rule=name,
                                    where=f"{span.file}:{span.line}"))
        calls = _calls(span, self.lang, self.rs) if "calls" in w else []
        if calls:
            out.append(w["calls"].format(calls=" ".join(calls)))
        if not lines:
            return out
        comment = _comment_above(lines, span.line)
        if comment:
            out.append(w["says"].format(comment=comment))
            ids = list(dict.fromkeys(RULE_ID.findall(comment)))
            if ids:
                out.append(w["ids"].format(ids=w["sep"].join(ids)))
        if cause is not None:
            for num in _kills(lines, span.line, str(cause)):
                out.append(f"    {span.file}:{num}: {lines[num - 1].strip()}")
        return out

    def why(self) -> list[str]:
        n, names, w = self.seat, self.names, self.names.w
        out: list[str] = []
        for ev in self.events:
            t = ev.get("type")
            if t == "death" and ev.get("seat") == n:
                out.append(w["died"].format(seat=names.seat(n), when=names.when(ev),
                                            cause=names.symbol("cause", ev.get("cause")),
                                            words=w["last_words"] if ev.get("last_words") else ""))
                if "rule" not in ev:
                    out.append(w["no_provenance"])
                out.append(w["killer"])
                out.extend(self.rule(ev.get("rule"), ev.get("cause")))
                statuses = ev.get("statuses")
                if statuses is not None:
                    out.append(w["statuses"].format(
                        statuses=w["sep"].join(names.symbol("status", s) for s in statuses) or w["none"]))
                if ev.get("after") is not None:
                    out.append(w["set_off_by"].format(seat=names.seat(ev["after"])))
            elif t == "spared" and ev.get("seat") == n:
                rest = {k: v for k, v in ev.items()
                        if k not in _HEAD and k not in ("seat", "cause", "rule", "at", "stopped")}
                line = w["was_spared"].format(seat=names.seat(n), when=names.when(ev), rule=ev.get("rule"),
                                              cause=names.symbol("cause", ev.get("cause")))
                if ev.get("stopped"):
                    line += w["stopped"].format(rule=ev["stopped"])
                said = self._told(ev) or (names.fields(rest) if rest else "")
                out.append(line + (w["fields"].format(fields=said) if said else "") + w["stop"])
                out.extend(self.rule(ev.get("rule")))
        if not out:
            out.append(w["alive_end" if self._over() else "alive_stop"].format(seat=names.seat(n)))
        return out

    def _over(self) -> dict | None:
        return next((e for e in self.events if e.get("type") == "game_over"), None)

    def end(self) -> list[str]:
        names, w = self.names, self.names.w
        over = self._over()
        if over is None:
            return [w["no_winner"]]
        reason = over.get("reason")
        win = next((x for x in self.rs.wins if x.name == reason), None) if self.rs is not None else None
        title = ((names.zh and getattr(win, "title_zh", "")) or getattr(win, "title", "")) if win is not None else ""
        winners = w["sep"].join(names.symbol("faction", f) for f in over.get("winners") or []) or w["nobody"]
        out = [w["over"].format(when=names.when(over), rule=reason, winners=winners,
                                title=w["titled"].format(title=title) if title else "")]
        if win is not None and win.span is not None and win.span.text:
            comment = _comment_above(win.span.text.splitlines(), win.span.line)
            if comment:
                out.append(w["says"].format(comment=comment))
        won = self.seat in (over.get("winning_seats") or [])
        out.append(w["won" if won else "lost"].format(seat=names.seat(self.seat)))
        return out


_SEAT_OR_ROLE = "--seat takes a seat number or a role held by one seat"


def seat_of(events: list[dict], ruleset: Any, given: str, lang: str = "en") -> tuple[int, str | None]:
    """The seat ``--seat`` names in one game's ``events``, and a note saying which seat a
    role named (``seat 6 holds the witch``, in ``lang``; ``None`` for a number). ``given`` is a seat
    number (``3``, ``3号``) or a role, by its id or its English or Chinese name, in any
    case; the role must have been held by exactly one seat (dealt it, or turned into it
    by a ``role_change``). Raises ``WolfError`` otherwise, saying what ``--seat`` takes."""
    text = given.strip()
    number = text[:-1] if text.endswith("号") else text
    if number.lstrip("+-").isdigit():
        seat = int(number)
        if seat < 1:
            raise WolfError(f"{_SEAT_OR_ROLE}; seats are numbered from 1, got {given}")
        return seat, None
    key = text.casefold()
    roles = getattr(ruleset, "roles", None) or {}

    def means(role: Any) -> bool:
        r = roles.get(role)
        names = (role, getattr(r, "name", None), getattr(r, "name_zh", None))
        return any(isinstance(n, str) and n and n.casefold() == key for n in names)

    held: dict[Any, tuple[str, Any]] = {}  # seat -> ("holds": dealt, or "became", the role id)
    dealt: set[str] = set()
    for ev in events:
        t = ev.get("type")
        if t == "game_start":
            for s in ev.get("seats") or []:
                if isinstance(s, dict):
                    dealt.add(str(s.get("role")))
                    if means(s.get("role")):
                        held.setdefault(s.get("seat"), ("holds", s.get("role")))
        elif t == "role_change":
            dealt.add(str(ev.get("role")))
            if means(ev.get("role")):
                held.setdefault(ev.get("seat"), ("became", ev.get("role")))
    game = next((e.get("game", 0) for e in events if e.get("type") == "game_start"), 0)
    if not held:
        raise WolfError(f"{_SEAT_OR_ROLE}; no seat of game {game} held '{given}'{did_you_mean(given, sorted(dealt))} "
                        f"(roles in this game: {', '.join(sorted(dealt)) or 'none logged'})")
    if len(held) > 1:
        seats = sorted(held)
        listed = ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"
        raise WolfError(f"{_SEAT_OR_ROLE}; in game {game} seats {listed} held '{given}': give one of them")
    (seat, (how, role)), = held.items()
    shown = _Names(ruleset, {}, lang).teller.role_name(role) if lang == "zh" else role
    return seat, EXPLANATION[lang][how].format(seat=seat, role=shown)


def explain(events: list[dict], ruleset: Any, seat: int, lang: str = "en") -> list[str]:
    """Lines telling why ``seat`` died or survived in one game's ``events`` (see the
    module); ``ruleset`` (a compiled ``ir.Ruleset`` or ``None``) gives names and the
    rules' comments; ``lang`` ``zh`` tells it in Chinese, with the Chinese names the
    ruleset declares. Raises ``WolfError`` for a seat the game does not have."""
    x = _Explainer(events, ruleset, seat, lang)
    start, w = x.start, x.names.w
    title = w["title"].format(seat=seat)
    if seat in x.roles:
        title += w["dealt"].format(role=x.names.role(x.roles[seat]))
    head = w["head"].format(title=title, game=start.get("game", 0), ruleset=start.get("ruleset", "?"),
                            seed=start.get("seed", "?"))
    lines = [head, "", w["happened"]]
    lines.extend(x.timeline() or [w["nothing"]])
    lines += ["", w["why"]] + x.why() + ["", w["end"]] + x.end()
    return lines
