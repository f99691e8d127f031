"""A readable account of one game, told from its event log.

:func:`narrate` turns the events of contract section 3 into lines of English: the cast,
a header for each night and day, what each player did, deaths with their cause and last
words, votes with their tallies, and the winner. Seats are named the way
players call them at the table (``3号``), with the role's display name when the ruleset
is at hand.

Like the engine, the narrator knows no role: it prints the ids and names the log and
the ruleset give it. The event types a ruleset logs itself (``log speeches {…}``) are
told with the ruleset's ``event`` texts (:meth:`_Teller.render`); an event type nobody
describes is still shown, generically.

>>> events = [
...     {"seq": 0, "game": 0, "day": 1, "phase": "night", "type": "game_start",
...      "ruleset": "demo", "seed": 7, "seats": [
...          {"seat": 1, "role": "werewolf", "faction": "werewolves"},
...          {"seat": 2, "role": "villager", "faction": "village"}]},
...     {"seq": 1, "game": 0, "day": 1, "phase": "night", "type": "death",
...      "seat": 2, "role": "villager", "cause": "wolf", "last_words": False},
... ]
>>> for line in narrate(events):
...     print(line)
Game of demo, seed 7, 2 players
  1号  werewolf  (werewolves)
  2号  villager  (village)
<BLANKLINE>
── Night 1 ──
  † 2号 villager died (cause: wolf)
<BLANKLINE>
The game stops here, with no winner yet.
"""
from __future__ import annotations

import re
from itertools import groupby
from typing import Any, Iterable, Iterator


class Line(str):
    """One line of narration: a ``str`` with a ``kind`` the terminal may style.

    Kinds: ``title``, ``cast``, ``header``, ``action``, ``death``, ``vote``,
    ``status``, ``info``, ``game_over``, ``blank``, ``other``.
    """

    kind: str

    def __new__(cls, text: str, kind: str = "other") -> "Line":
        self = super().__new__(cls, text)
        self.kind = kind
        return self


def seat_label(seat: Any) -> str:
    """``3号`` for seat 3; ``nobody`` for ``None``."""
    return "nobody" if seat is None else f"{seat}号"


def _seats(seats: Iterable[Any]) -> str:
    return ", ".join(seat_label(s) for s in seats) or "nobody"


def _time_key(day: int, phase: str) -> tuple[int, int]:
    # Night N comes before day N (contract, top).
    return (day, 0 if phase == "night" else 1)


class _Teller:
    """The state a narration needs: who holds which role, how far the story has got."""

    def __init__(self, ruleset: Any = None, numbered: bool | None = None):
        self.ruleset = ruleset
        self.numbered = numbered
        self.roles: dict[int, str] = {}
        self.now: tuple[int, int] | None = None

    # -- names -------------------------------------------------------------------------
    def role_name(self, role: str | None) -> str:
        if role is None:
            return "?"
        roles = getattr(self.ruleset, "roles", None) or {}
        r = roles.get(role)
        name = getattr(r, "name", None) if r is not None else None
        return name or role

    def faction_name(self, faction: str) -> str:
        factions = getattr(self.ruleset, "factions", None) or {}
        f = factions.get(faction)
        name = getattr(f, "name", None) if f is not None else None
        return name or faction

    def who(self, seat: Any, role: str | None = None) -> str:
        """``3号 Seer``: the seat with the role it holds (or held, for a death)."""
        if seat is None:
            return "nobody"
        role = role or self.roles.get(_as_seat(seat))
        return f"{seat_label(seat)} {self.role_name(role)}" if role else seat_label(seat)

    # -- events ------------------------------------------------------------------------
    def tell(self, ev: dict) -> Iterator[Line]:
        yield from self.header(ev)
        text = self.template(ev)
        if text is not None:
            yield Line("  " + self.render(text, ev), "info")
            return
        handler = getattr(self, "on_" + str(ev.get("type")), None)
        if handler is None:
            yield from self.on_other(ev)
        else:
            yield from handler(ev)

    def tell_group(self, evs: list[dict]) -> Iterator[Line]:
        """Several seats doing or learning the same thing: one line (see ``_group_key``)."""
        yield from self.header(evs[0])
        first = evs[0]
        seats = _seats(ev.get("seat") for ev in evs)
        if first["type"] == "inform":
            yield Line(f"  {seats} learn: {_show(first.get('what'))}", "info")
        else:
            verb = str(first.get("action", "?")).rsplit(".", 1)[-1]
            choice = first.get("choice")
            how = "pass" if choice is None else _yes_no(choice)
            yield Line(f"  {verb} — {how}: {seats}", "action")

    def header(self, ev: dict) -> Iterator[Line]:
        day, phase = ev.get("day"), ev.get("phase")
        if not isinstance(day, int) or phase not in ("night", "day") or ev.get("type") == "game_start":
            return
        key = _time_key(day, phase)
        # A death is logged with the time the rules give it (a night kill announced at
        # dawn is still "night"); only moving forward opens a new section.
        if self.now is None or key > self.now:
            self.now = key
            yield Line("", "blank")
            yield Line(f"── {phase.capitalize()} {day} ──", "header")

    def on_game_start(self, ev: dict) -> Iterator[Line]:
        seats = ev.get("seats") or []
        title = getattr(self.ruleset, "title", None)
        name = ev.get("ruleset", "?")
        what = f"{name} — {title}" if title and title != name else name
        game = ev.get("game", 0)
        number = f" {game}" if self.numbered or (self.numbered is None and game) else ""
        yield Line(f"Game{number} of {what}, seed {ev.get('seed')}, {plural(len(seats), 'player')}",
                   "title")
        width = max((len(seat_label(s.get("seat"))) for s in seats), default=0)
        for s in seats:
            seat, role = s.get("seat"), s.get("role")
            self.roles[_as_seat(seat)] = role
            zh = ""
            roles = getattr(self.ruleset, "roles", None) or {}
            if role in roles:
                zh = getattr(roles[role], "name_zh", "") or ""
            name = self.role_name(role) + (f" {zh}" if zh else "")
            yield Line(f"  {seat_label(seat):>{width}}  {name}  ({self.faction_name(s.get('faction', '?'))})",
                       "cast")

    def on_phase(self, ev: dict) -> Iterator[Line]:
        return iter(())  # the header already marks it

    def on_role_change(self, ev: dict) -> Iterator[Line]:
        seat, role = ev.get("seat"), ev.get("role")
        before = self.who(seat)
        self.roles[_as_seat(seat)] = role
        yield Line(f"  {before} is now {self.role_name(role)}", "status")

    def on_revive(self, ev: dict) -> Iterator[Line]:
        seat, role = ev.get("seat"), ev.get("role")
        self.roles[_as_seat(seat)] = role
        yield Line(f"  ✚ {self.who(seat)} returns to the game", "status")

    def on_card(self, ev: dict) -> Iterator[Line]:
        tags = ", ".join(f"{v} {k}" for k, v in ev.items() if k not in _SKIP | {"card", "name"})
        yield Line(f"  ☾ Event card: {ev.get('name', ev.get('card'))}" + (f" ({tags})" if tags else ""), "info")

    def on_action(self, ev: dict) -> Iterator[Line]:
        action = str(ev.get("action", "?"))
        verb = action.rsplit(".", 1)[-1]
        seat = ev.get("seat")
        actor = self.who(seat) if seat is not None else self.team_name(ev.get("by"))
        targets = ev.get("targets") or []
        choice = ev.get("choice")
        parts = []
        if targets:
            parts.append("→ " + ", ".join(self.who(t) for t in targets))
        if choice is not None:
            parts.append(f"— {_yes_no(choice)}")
        if not parts:
            parts.append("— pass")
        yield Line(f"  {actor}: {verb} " + " ".join(parts), "action")

    def team_name(self, by: Any) -> str:
        if by is None:
            return "?"
        name = self.faction_name(by)
        if name == by:
            name = self.role_name(by)
        return name if name != by else str(by).replace("_", " ").capitalize()

    def on_death(self, ev: dict) -> Iterator[Line]:
        seat, role = ev.get("seat"), ev.get("role")
        when = ""
        day, phase = ev.get("day"), ev.get("phase")
        if isinstance(day, int) and self.now is not None and _time_key(day, phase) < self.now:
            when = f" in {phase} {day}"
        words = ", last words" if ev.get("last_words") else ""
        yield Line(f"  † {self.who(seat, role)} died{when} (cause: {ev.get('cause', '?')}){words}", "death")

    def on_vote(self, ev: dict) -> Iterator[Line]:
        kind = str(ev.get("kind", "?")).replace("_", " ")
        rnd = ev.get("round", 1)
        ballots = ev.get("ballots") or {}
        tally = {_as_seat(k): v for k, v in (ev.get("tally") or {}).items()}
        by_target: dict[Any, list[int]] = {}
        for voter, target in ballots.items():
            by_target.setdefault(None if target is None else _as_seat(target), []).append(_as_seat(voter))
        title = f"  {kind.capitalize()} vote" + (f", round {rnd}" if rnd and rnd != 1 else "")
        yield Line(title + ":", "vote")
        order = sorted((t for t in by_target if t is not None), key=lambda t: (-_num(tally.get(t, 0)), t))
        for target in order:
            voters = sorted(by_target[target])
            weight = tally.get(target, len(voters))
            votes = "vote" if weight == 1 else "votes"
            yield Line(f"    {seat_label(target)}: {_fmt_num(weight)} {votes} "
                       f"(from {', '.join(map(str, voters))})", "vote")
        if None in by_target:
            yield Line(f"    abstained: {', '.join(map(str, sorted(by_target[None])))}", "vote")
        result = ev.get("result")
        outcome = self.who(result) if result is not None else "no result"
        yield Line(f"    ⇒ {outcome}", "vote")

    def on_status(self, ev: dict) -> Iterator[Line]:
        seat = ev.get("seat")
        if ev.get("add") is not None:
            yield Line(f"  {self.who(seat)} is now {ev['add']}", "status")
        if ev.get("remove") is not None:
            yield Line(f"  {self.who(seat)} is no longer {ev['remove']}", "status")

    def on_inform(self, ev: dict) -> Iterator[Line]:
        yield Line(f"  {self.who(ev.get('seat'))} learns: {_show(ev.get('what'))}", "info")

    def on_note(self, ev: dict) -> Iterator[Line]:
        yield Line(f"  {ev.get('text', '')}{self.extras(ev, 'text')}", "info")

    def on_claim(self, ev: dict) -> Iterator[Line]:
        """``6号 Seer claims: wolves 8号``; ``3号 Villager claims to be Seer: ...``
        when the claimed role is not the one the seat holds."""
        seat, claimed = ev.get("seat"), ev.get("role")
        held = self.roles.get(_as_seat(seat))
        what = f" to be {self.role_name(claimed)}" if claimed and claimed != held else ""
        told = ev.get("told") if isinstance(ev.get("told"), dict) else {}
        said = "; ".join([f"{k.replace('_', ' ')} {self.value(v, seats=True)}"
                          for k, v in ev.items() if k not in _SKIP | {"seat", "role", "told"}]
                         + [", ".join(f"{k.replace('_', ' ')} {self.value(v, seats=k == 'seat' or 'seat' in k)}"
                                      for k, v in told.items())] * bool(told))
        verb = "claims" if claimed else "says"
        yield Line(f"  {self.who(seat)} {verb}{what}" + (f": {said}" if said else ""), "info")

    # -- the ruleset's own event texts ---------------------------------------------------
    def template(self, ev: dict) -> str | None:
        """The ruleset's ``event`` text for this event (the first whose case holds)."""
        texts = (getattr(self.ruleset, "events", None) or {}).get(ev.get("type"))
        for e in texts or ():
            if e.case is None or ev.get(e.case[0], _ABSENT) == e.case[1] or (
                    e.case[1] == "none" and ev.get(e.case[0]) is None):
                return e.en
        return None

    def render(self, text: str, ev: dict) -> str:
        """Fill a template: ``{field}`` (a seat as ``3号``, seats as ``3号, 5号``, a role
        by its name, ``yes``/``no``, other words with spaces for ``_``), ``{field:who}``
        (a seat with its role), ``{field|text}`` (``text`` when the field is empty or
        none), ``[ … ]`` (left out when a field inside is missing or none).

        >>> _Teller().render("{seat:who} asks {asks}[ about {about}]: {q}? {a}", {"seat": 3, "asks": [1, 2],
        ...     "q": "wolf_man", "a": True})
        '3号 asks 1号, 2号: wolf man? yes'
        """
        def segment(m):
            inner = m.group(1)
            fields = [f for f, _, _ in _PLACEHOLDER.findall(inner)]
            return "" if any(ev.get(f) is None for f in fields) else inner

        def field(m):
            name, how, default = m.group(1), m.group(2), m.group(3)
            v = ev.get(name)
            if default is not None and (v is None or v == [] or v == ""):
                return default
            if how == "who":
                return self.who(v)
            if isinstance(v, int) and not isinstance(v, bool):
                return seat_label(v)
            if isinstance(v, (list, tuple)) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                return _seats(v)
            if isinstance(v, str):
                roles = getattr(self.ruleset, "roles", None) or {}
                return self.role_name(v) if v in roles else v.replace("_", " ")
            return _yes_no(v)

        return _PLACEHOLDER.sub(field, _SEGMENT.sub(segment, text))

    def value(self, v: Any, seats: bool = False) -> str:
        """A field's value: seat numbers as ``3号`` when ``seats``, role ids by name."""
        if seats and isinstance(v, (list, tuple)) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            return _seats(v) if v else "none"
        if seats and isinstance(v, int) and not isinstance(v, bool):
            return seat_label(v)
        return _show(v)

    def extras(self, ev: dict, *known: str) -> str:
        """Fields a handler did not tell, as `` (name value, ...)``; ``seat`` as a seat
        and ``role`` by its display name."""
        rest = []
        for k, v in ev.items():
            if k in _SKIP or k in known:
                continue
            if k == "role":
                rest.append(self.role_name(v))
            else:
                rest.append(f"{k.replace('_', ' ')} {self.value(v, seats=k in _SEAT_FIELDS)}")
        return f" ({', '.join(rest)})" if rest else ""

    def on_game_over(self, ev: dict) -> Iterator[Line]:
        winners = [self.faction_name(w) for w in ev.get("winners") or []]
        label = "Winners" if len(winners) > 1 else "Winner"
        yield Line("", "blank")
        yield Line(f"{label}: {' and '.join(winners) or 'nobody'} (rule: {ev.get('reason')}); "
                   f"winning seats: {_seats(ev.get('winning_seats') or [])}", "game_over")

    def on_other(self, ev: dict) -> Iterator[Line]:
        fields = ", ".join(f"{k}={_show(v)}" for k, v in ev.items() if k not in _SKIP)
        yield Line(f"  [{ev.get('type')}] {fields}".rstrip(), "other")


_SKIP = frozenset({"seq", "game", "day", "phase", "type"})
"""Fields every event has: never part of what a line tells."""

_SEAT_FIELDS = frozenset({"seat", "seats", "target", "targets"})

_ABSENT = object()
_SEGMENT = re.compile(r"\[([^\[\]]*)\]")
_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?(?:\|([^}]*))?\}")


def plural(n: int, word: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _group_key(ev: dict) -> Any:
    """Events that read better as one line when they follow each other — every seat
    declining the same offer, every wolf told the same thing — share a key; others
    get ``None``."""
    when = (ev.get("day"), ev.get("phase"))
    if ev.get("type") == "action" and ev.get("seat") is not None and not ev.get("targets"):
        return ("action", when, ev.get("action"), repr(ev.get("choice")))
    if ev.get("type") == "inform":
        return ("inform", when, repr(ev.get("what")))
    return None


def _as_seat(value: Any) -> Any:
    """Ballot and tally keys are ints in Python and strings once read back from JSON."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def _num(value: Any) -> float:
    return value if isinstance(value, (int, float)) else 0


def _fmt_num(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def _yes_no(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return _show(value)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return "none" if value is None else str(value)


def narrate(events: Iterable[dict], ruleset: Any = None,
            numbered: bool | None = None) -> Iterator[Line]:
    """Narrate one game's events, one :class:`Line` (a ``str``) at a time.

    ``ruleset`` (an ``ir.Ruleset``, optional) supplies display names for roles and
    factions; without it the ids from the log are used. A game that stops without a
    ``game_over`` event ends with a line saying so. The title names the game's number
    (``Game 3 of ...``) when ``numbered``; by default only when it is not game 0, so
    the only game of a run reads ``Game of ...``.
    """
    teller = _Teller(ruleset, numbered)
    over = False
    started = False
    for key, group in groupby(events, key=_group_key):
        evs = list(group)
        started = True
        over = over or any(ev.get("type") == "game_over" for ev in evs)
        if key is None or len(evs) == 1:
            for ev in evs:
                yield from teller.tell(ev)
        else:
            yield from teller.tell_group(evs)
    if started and not over:
        yield Line("", "blank")
        yield Line("The game stops here, with no winner yet.", "game_over")
