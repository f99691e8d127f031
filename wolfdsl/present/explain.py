"""``wolfdsl explain LOG --seat N``: why a seat died, or why it survived, from the log.

:func:`explain` reads one game's events (:func:`wolfdsl.present.replay.read_game`) and
returns plain lines in three parts:

- **what happened to seat N**: every event that names the seat — decisions that target
  it, statuses it gained or lost (each with the decision just before it, which set it,
  unless a vote, the badge, speeches or a new phase came between),
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

Nothing here knows a role: names, titles and comments come from the log and the
ruleset (``ruleset`` may be ``None``: ids are shown instead, with no comments).
Raises :class:`~wolfdsl.diagnostics.WolfError` for a seat the game does not have.

:func:`seat_of` reads what ``--seat`` was given: a seat number, or a role that one seat
of the game held (``--seat witch``: seat 6 holds the witch).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..diagnostics import WolfError, did_you_mean
from ..lang.apidoc import RULE_ID
from ..play.table import show
from .words import declared_name

_HEAD = frozenset({"seq", "game", "day", "phase", "type"})

_NEW_BUSINESS = frozenset({"phase", "vote", "sheriff", "speeches"})
"""Events after which a status is no longer the work of the last decision (the end of
the sheriff election takes the candidates' statuses away after its ``sheriff`` event)."""


def _when(ev: dict) -> str:
    return f"{ev.get('phase', '?')} {ev.get('day', '?')}"


class _Names:
    """Display names from the ruleset, ids when it is not at hand."""

    def __init__(self, rs: Any, roles: dict[int, str]):
        self.rs = rs
        self.roles = roles

    def symbol(self, kind: str, ident: Any) -> str:
        """``wolf (killed by the werewolves)``: the id, with the name its declaration
        gives when it gives one that differs."""
        name = declared_name(self.rs, kind, ident)
        return f"{ident} ({name})" if name and name != ident else str(ident)

    def seat(self, seat: Any) -> str:
        if seat is None:
            return "nobody"
        role = self.roles.get(seat)
        return f"seat {seat} ({role})" if role else f"seat {seat}"

    def seats(self, seats) -> str:
        return ", ".join(self.seat(s) for s in seats) or "nobody"


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
    from ..lang.load import bundled_path

    path: Path | None
    if file.startswith("<bundled>/"):
        name = file[len("<bundled>/"):]
        path = bundled_path(name[:-5] if name.endswith(".wolf") else name)
    else:
        path = Path(file)
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


class _Explainer:
    def __init__(self, events: list[dict], rs: Any, seat: int):
        self.events = events
        self.rs = rs
        self.seat = seat
        start = next((e for e in events if e.get("type") == "game_start"), None)
        self.start = start or {}
        seats = self.start.get("seats") or []
        self.roles = {s["seat"]: s.get("role") for s in seats if isinstance(s, dict) and "seat" in s}
        if self.roles and seat not in self.roles:
            raise WolfError(f"game {self.start.get('game', 0)} has no seat {seat}; "
                            f"seats: 1 to {max(self.roles)}")
        self.names = _Names(rs, self.roles)
        self.items = _items(rs)

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
                out.append(f"  {_when(ev):<9} #{ev.get('seq', '?'):<4} {line}")
        return out

    def _line(self, ev: dict, t: Any, n: int, last_action: dict | None) -> str | None:
        names = self.names
        if t == "action":
            targets = ev.get("targets") or []
            if n not in targets:
                return None
            who = f"the {ev.get('by')}" if ev.get("seat") is None else names.seat(ev.get("seat"))
            extra = "" if ev.get("choice") is None else f" ({_value(ev.get('choice'))})"
            return f"{ev.get('action')} by {who} -> {names.seats(targets)}{extra}"
        if t == "status" and ev.get("seat") == n:
            verb, st = ("gains", ev.get("add")) if "add" in ev else ("loses", ev.get("remove"))
            line = f"{names.seat(n)} {verb} {names.symbol('status', st)}"
            if last_action is not None:
                who = f"the {last_action.get('by')}" if last_action.get("seat") is None \
                    else names.seat(last_action.get("seat"))
                line += f", after {last_action.get('action')} by {who}"
            return line
        if t == "inform":
            what = ev.get("what")
            if ev.get("seat") != n and _mentions(what, n):
                return f"{names.seat(ev.get('seat'))} is told: {_value(what)}"
            return None
        if t == "vote" and ev.get("result") == n:
            tally = ev.get("tally") or {}
            return (f"{ev.get('kind')} vote, round {ev.get('round')}: {_value(tally.get(str(n), 0))} "
                    f"for seat {n} -> {names.seat(n)} has the most votes")
        if t == "death" and (ev.get("seat") == n or ev.get("after") == n):
            line = (f"{names.seat(ev.get('seat'))} dies: cause {names.symbol('cause', ev.get('cause'))}"
                    + (f", rule '{ev['rule']}'" if ev.get("rule") else ""))
            if ev.get("seat") != n:
                line += f", set off by the death of seat {n}"
            return line
        if t == "spared" and ev.get("seat") == n:
            return (f"{names.seat(n)} is spared: cause {names.symbol('cause', ev.get('cause'))} "
                    f"prevented by rule '{ev.get('rule')}'")
        if t in ("revive", "role_change", "faction_change") and ev.get("seat") == n:
            rest = {k: v for k, v in ev.items() if k not in _HEAD and k != "seat"}
            return f"{t}: {_value(rest)}"
        if t == "sheriff" and ev.get("seat") == n:
            return f"sheriff: {ev.get('how')}"
        if t == "impressions":  # the table agent's reading of the day's speeches
            reads = ev.get("reads") if isinstance(ev.get("reads"), dict) else {}
            x = reads.get(n, reads.get(str(n)))
            if not isinstance(x, (int, float)):
                return None
            rank = 1 + sum(1 for v in reads.values() if isinstance(v, (int, float)) and v > x)
            return f"its speech heard as {x:+.2f} suspect (rank {rank} of {len(reads)}, 1: the most)"
        return None

    # ---------------------------------------------------------------- why
    def rule(self, name: Any, cause: Any = None) -> list[str]:
        """The rule ``name``: where it is, its comment and rule IDs, and (for a death of
        ``cause``) its ``kill … cause CAUSE`` statements."""
        out: list[str] = []
        item = self.items.get(name)
        span = getattr(item, "span", None) if item is not None else None
        if span is None:
            return [f"    rule '{name}'"] if name is not None else []
        lines = span.text.splitlines() if span.text else _source_lines(span.file)
        kind = getattr(item, "kind", None) or ("card" if hasattr(item, "tags") else
                                                "proc" if hasattr(item, "params") else "step")
        out.append(f"    {kind} '{name}' ({span.file}:{span.line})")
        if not lines:
            return out
        comment = _comment_above(lines, span.line)
        if comment:
            out.append(f"    says: {comment}")
            ids = list(dict.fromkeys(RULE_ID.findall(comment)))
            if ids:
                out.append(f"    rule IDs: {', '.join(ids)}")
        if cause is not None:
            for num in _kills(lines, span.line, str(cause)):
                out.append(f"    {span.file}:{num}: {lines[num - 1].strip()}")
        return out

    def why(self) -> list[str]:
        n, names = self.seat, self.names
        out: list[str] = []
        for ev in self.events:
            t = ev.get("type")
            if t == "death" and ev.get("seat") == n:
                out.append(f"  {names.seat(n)} died in {_when(ev)}, cause "
                           f"{names.symbol('cause', ev.get('cause'))}"
                           + (", with last words" if ev.get("last_words") else "") + ".")
                if "rule" not in ev:
                    out.append("    (this log does not say which rule killed: it was written before "
                               "deaths carried their provenance)")
                out.append("  The rule that killed:")
                out.extend(self.rule(ev.get("rule"), ev.get("cause")))
                statuses = ev.get("statuses")
                if statuses:
                    out.append("  Statuses when killed: "
                               + ", ".join(names.symbol("status", s) for s in statuses))
                elif statuses is not None:
                    out.append("  Statuses when killed: none")
                if ev.get("after") is not None:
                    out.append(f"  Set off by the death of {names.seat(ev['after'])} "
                               f"(a trigger on that death).")
            elif t == "spared" and ev.get("seat") == n:
                rest = {k: v for k, v in ev.items()
                        if k not in _HEAD and k not in ("seat", "cause", "rule", "at", "stopped")}
                line = (f"  {names.seat(n)} was spared in {_when(ev)}: cause "
                        f"{names.symbol('cause', ev.get('cause'))} prevented by rule '{ev.get('rule')}'")
                if ev.get("stopped"):
                    line += f" (the kill of rule '{ev['stopped']}')"
                out.append(line + (f"; {_value(rest)}" if rest else "") + ".")
                out.extend(self.rule(ev.get("rule")))
        if not out:
            alive = "is alive at the end of the log" if self._over() else "is alive where the log stops"
            out.append(f"  {names.seat(n)} {alive}; no rule killed this seat.")
        return out

    def _over(self) -> dict | None:
        return next((e for e in self.events if e.get("type") == "game_over"), None)

    def end(self) -> list[str]:
        over = self._over()
        if over is None:
            return ["  The log stops before any side has won."]
        reason = over.get("reason")
        win = next((w for w in self.rs.wins if w.name == reason), None) if self.rs is not None else None
        title = f": {win.title}" if win is not None and win.title else ""
        winners = ", ".join(self.names.symbol("faction", f) for f in over.get("winners") or []) or "nobody"
        out = [f"  The game ended in {_when(over)} by win rule '{reason}'{title}; winners: {winners}."]
        if win is not None and win.span is not None and win.span.text:
            comment = _comment_above(win.span.text.splitlines(), win.span.line)
            if comment:
                out.append(f"    says: {comment}")
        won = self.seat in (over.get("winning_seats") or [])
        out.append(f"  {self.names.seat(self.seat)} {'won' if won else 'lost'}.")
        return out


_SEAT_OR_ROLE = "--seat takes a seat number or a role held by one seat"


def seat_of(events: list[dict], ruleset: Any, given: str) -> tuple[int, str | None]:
    """The seat ``--seat`` names in one game's ``events``, and a note saying which seat a
    role named (``seat 6 holds the witch``; ``None`` for a number). ``given`` is a seat
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
    return seat, f"seat {seat} {how} the {role}"


def explain(events: list[dict], ruleset: Any, seat: int) -> list[str]:
    """Lines telling why ``seat`` died or survived in one game's ``events`` (see the
    module); ``ruleset`` (a compiled ``ir.Ruleset`` or ``None``) gives names and the
    rules' comments. Raises ``WolfError`` for a seat the game does not have."""
    x = _Explainer(events, ruleset, seat)
    start = x.start
    title = f"Seat {seat}"
    if seat in x.roles:
        title += f", dealt {_role(ruleset, x.roles[seat])}"
    head = f"{title}: game {start.get('game', 0)} of {start.get('ruleset', '?')}, seed {start.get('seed', '?')}"
    lines = [head, "", "What happened to this seat:"]
    lines.extend(x.timeline() or ["  nothing names this seat"])
    lines += ["", "Why:"] + x.why() + ["", "The end:"] + x.end()
    return lines


def _role(rs: Any, role: Any) -> str:
    r = rs.roles.get(role) if rs is not None else None
    return f"{role} ({r.name})" if r is not None and r.name and r.name != role else str(role)
