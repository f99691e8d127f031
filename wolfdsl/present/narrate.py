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
from collections import Counter
from itertools import groupby
from typing import Any, Iterable, Iterator

from ..play.views import ranked_factions
from .words import NARRATION, VOTE_KINDS_ZH, cause_label, declared_name


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


def seat_label(seat: Any, lang: str = "en") -> str:
    """``3号`` for seat 3; ``nobody`` (``无人``) for ``None``."""
    return NARRATION[lang]["nobody"] if seat is None else f"{seat}号"


def _seats(seats: Iterable[Any], lang: str = "en") -> str:
    w = NARRATION[lang]
    return w["sep"].join(seat_label(s) for s in seats) or w["nobody"]


def _time_key(day: int, phase: str) -> tuple[int, int]:
    # Night N comes before day N (contract, top).
    return (day, 0 if phase == "night" else 1)


class _Teller:
    """The state a narration needs: who holds which role, how far the story has got."""

    def __init__(self, ruleset: Any = None, numbered: bool | None = None, lang: str = "en",
                 agents: str | None = None):
        self.ruleset = ruleset
        self.numbered = numbered
        self.lang = lang
        self.w = NARRATION[lang]
        self.agents = agents
        self.roles: dict[int, str] = {}
        self.hunted_side: str | None = None  # see on_game_start
        self.now: tuple[int, int] | None = None
        self.told: dict[Any, Any] = {}
        self.acted: set = set()  # seats that made a decision since they were last told something
        self.named: set | None = set()  # see restates()
        self.speakers: list = []  # the last ``speeches`` event's order (on_impressions)
        self.dead: set[int] = set()  # seats dead now (on_death, on_revive): the day limit's line
        self.heard: tuple[Any, set] = (None, set())  # (day, the seats read that day)
        self.nights: set[int] = set()  # the nights the story has reached
        self.dated = False
        """Whether every night death says its night (``died in night 5``), even told in
        that night (a seat told as it happens: the death that ends the game at night);
        else only one told after its night, under a later header."""
        self.peaceful_nights: set[int] = set()
        """The nights that killed nobody, told when their day begins (:func:`narrate`
        finds them in the whole log; a seat told as it happens hears of it when the rules
        announce nobody, :meth:`peaceful`)."""

    # -- names -------------------------------------------------------------------------
    def _name(self, thing: Any) -> str | None:
        if thing is None:
            return None
        zh = getattr(thing, "name_zh", None) if self.lang == "zh" else None
        return zh or getattr(thing, "name", None)

    def role_name(self, role: str | None) -> str:
        if role is None:
            return "?"
        roles = getattr(self.ruleset, "roles", None) or {}
        return self._name(roles.get(role)) or role

    def faction_name(self, faction: str) -> str:
        factions = getattr(self.ruleset, "factions", None) or {}
        return self._name(factions.get(faction)) or faction

    def symbol_name(self, kind: str, name: Any) -> str:
        """A cause or status by its Chinese name (``zh``), else by its id; in English by
        its declared name (``killed by the werewolves``, ``marked by the raven``), else a
        cause by its id with spaces for ``_`` (:func:`~wolfdsl.present.words.cause_label`),
        a status by its id."""
        symbols = (getattr(self.ruleset, "symbols", None) or {}).get(kind) or {}
        sym = symbols.get(name)
        if self.lang == "zh":
            return getattr(sym, "name_zh", "") or str(name)
        if kind == "cause":
            return cause_label(self.ruleset, name)
        return declared_name(self.ruleset, kind, name) or str(name)

    def word(self, name: Any, spaced: bool = True) -> str:
        """A name the rules use as a field or a value, in the ruleset's ``word`` for it
        (``can_shoot`` -> ``can shoot``, 能开枪 in Chinese); undeclared: the name, with
        spaces for ``_`` when ``spaced`` (a rule's name is shown as written)."""
        name = str(name)
        en, zh = (getattr(self.ruleset, "words", None) or {}).get(name, (None, None))
        return (zh if self.lang == "zh" and zh else en) or (name.replace("_", " ") if spaced else name)

    def win_name(self, name: Any) -> tuple[str, bool]:
        """A win rule as the game-over line names it, and whether that is a title: its
        ``title`` (the Chinese one in ``zh``, else the English one), else its name
        (``village_wins``, shown as ``rule: village_wins``)."""
        win = {w.name: w for w in getattr(self.ruleset, "wins", None) or ()}.get(name)
        zh = getattr(win, "title_zh", "") if self.lang == "zh" else ""
        title = zh or getattr(win, "title", "") or ""
        return (title, True) if title and title != name else (str(name), False)

    def is_self(self, ev: dict, value: Any) -> bool:
        """Whether ``value`` is the seat of the decision ``ev`` itself (a guard who
        protects himself): told as ``self`` (自己)."""
        seat = ev.get("seat")
        return (ev.get("type") == "action" and seat is not None and type(value) is int
                and value == _as_seat(seat))

    def who(self, seat: Any, role: str | None = None) -> str:
        """``3号 Seer``: the seat with the role it holds (or held, for a death)."""
        if seat is None:
            return self.w["nobody"]
        role = role or self.roles.get(_as_seat(seat))
        sep = "" if self.lang == "zh" else " "
        return f"{seat_label(seat)}{sep}{self.role_name(role)}" if role else seat_label(seat)

    def private(self, what: Any) -> str:
        """What a seat learns, readable: ``wolves 1号, 5号; victim 6号 Seer`` (fields and
        string values in the ruleset's ``word`` for them)."""
        if not isinstance(what, dict):
            return self.value(what, seats=True)
        colon = self.w["colon"]
        parts = []
        numbers = self.numbers(what)
        for k, v in what.items():
            if k in numbers:
                shown = self.value(v)
            elif isinstance(v, int) and not isinstance(v, bool):
                shown = self.who(v)
            else:
                shown = self.value(v, seats=True)
            parts.append(f"{self.word(k)}{colon if self.lang == 'zh' else ' '}{shown}")
        return self.w["fields"].join(parts)

    def repeated(self, seat: Any, what: Any) -> bool:
        """True when this seat was told exactly this last time and it names no one seat
        (a standing state, "could shoot: yes" or the list of the charmed, is told once,
        then only when it changes); a record that names a seat is news each time (the
        witch shown the same victim two nights running: two attacks), and so is one told
        after the seat made a decision (the answer to it: a check's "a wolf among them:
        yes" two nights running, two checks)."""
        key = repr(what)
        seen = self.told.get(seat) == key
        self.told[seat] = key
        answered = seat in self.acted
        self.acted.discard(seat)
        return seen and not answered and not self.names_a_seat(what)

    def note_decision(self, ev: dict) -> None:
        """Remember that a seat decided (an ``action`` event with a seat): what it is told
        next answers it (:meth:`repeated`)."""
        if ev.get("type") == "action" and ev.get("seat") is not None:
            self.acted.add(ev.get("seat"))

    def numbers(self, what: dict) -> frozenset:
        """The fields of the told record ``what`` that hold a number, not a seat
        (:attr:`Ruleset.told_numbers`, by the record's field names)."""
        return (getattr(self.ruleset, "told_numbers", None) or {}).get(frozenset(what), frozenset())

    def names_a_seat(self, what: Any) -> bool:
        """Whether a told record names one seat: a whole number in a field the ruleset
        does not give a number (:attr:`Ruleset.told_numbers`); a list of seats (a team's
        members) is a standing state."""
        if not isinstance(what, dict):
            return False
        numbers = self.numbers(what)
        return any(isinstance(v, int) and not isinstance(v, bool) and k not in numbers for k, v in what.items())

    def restates(self, ev: dict) -> bool:
        """True for a status event that only says again what the decision told just
        before it said: the first status given, right after it, to a seat that decision
        named (its target; for a yes answer, the first seat given one): ``protect → 4号``
        then ``4号 is now protected``; ``run_for_sheriff — yes`` then ``is now
        candidate``. A second status of the same seat says more (a revealed idiot also
        loses his vote) and is told; so is the status after a decision that gets no
        line (:meth:`says`). Called once per event, in order: it remembers the decision."""
        named, self.named = self.named, set()
        if ev.get("type") == "status" and ev.get("add") is not None and ev.get("remove") is None:
            seat = _as_seat(ev.get("seat"))
            if named is None or seat in named:
                self.named = set() if named is None else named - {seat}  # each seat a decision named
                return True
        if ev.get("type") == "action" and self.says(ev):
            self.named = {_as_seat(t) for t in ev.get("targets") or ()}
            if ev.get("choice") is True and not self.named:
                self.named = None  # None: a yes answer's first status, whichever seat
        return False

    # -- events ------------------------------------------------------------------------
    def tell(self, ev: dict) -> Iterator[Line]:
        """The lines of one event (a section header first when a new night or day
        begins); none for a status that restates the decision before it (:meth:`restates`)."""
        self.note_decision(ev)
        if self.restates(ev):
            return
        if ev.get("type") == "speeches":
            self.speakers = list(ev.get("order") or ())
        yield from self.header(ev)
        text = self.template(ev)
        if text is not None:
            line = self.render(text, ev)
            if line:  # an empty text tells nothing (a declined offer not worth a line)
                yield Line("  " + line, _KINDS.get(ev.get("type"), "info"))
            return
        handler = getattr(self, "on_" + str(ev.get("type")), None)
        if handler is None:
            yield from self.on_other(ev)
        else:
            yield from handler(ev)

    def tell_group(self, evs: list[dict]) -> Iterator[Line]:
        """Several seats doing or learning the same thing: one line (see ``group_key``)."""
        for ev in evs:
            self.note_decision(ev)
            self.restates(ev)  # nothing to leave out in a group; remember its decisions
        yield from self.header(evs[0])
        first = evs[0]
        if first["type"] == "inform":
            fresh = [ev for ev in evs if not self.repeated(ev.get("seat"), ev.get("what"))]
            if fresh:
                seats = _seats((ev.get("seat") for ev in fresh), self.lang)
                yield Line(f"  {seats}{self.w['learn']}{self.w['colon']}{self.private(first.get('what'))}", "info")
        elif self.template(first) is not None:  # the ruleset's text tells each seat's answer
            for ev in evs:
                yield from self.tell(ev)
        else:  # declined offers made to several seats were left out before (see narrate)
            seats = _seats((ev.get("seat") for ev in evs), self.lang)
            verb = str(first.get("action", "?")).rsplit(".", 1)[-1]
            choice = first.get("choice")
            how = self.w["pass"] if choice is None else self.yes_no(choice)
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
            yield Line(self.w["header"].format(phase=self.w[phase], day=day), "header")
            if phase == "night":
                self.nights.add(day)
            elif day in self.peaceful_nights:
                yield from self.peaceful(day)

    def peaceful(self, day: int) -> Iterator[Line]:
        """``☀ A peaceful night: nobody died in night 2`` (平安夜), when the story has
        reached that night (a ruleset that starts by day has no night before day 1)."""
        if day in self.nights:
            yield Line("  " + self.w["peaceful"].format(day=day), "info")

    def on_game_start(self, ev: dict) -> Iterator[Line]:
        seats = ev.get("seats") or []
        title = (getattr(self.ruleset, "title_zh", "") if self.lang == "zh" else "") or getattr(self.ruleset, "title", None)
        name = ev.get("ruleset", "?")
        what = f"{name} — {title}" if title and title != name else name
        game = ev.get("game", 0)
        w = self.w
        number = w["number"].format(n=game) if self.numbered or (self.numbered is None and game) else ""
        agents = self.agents or ev.get("agents")
        one, many = w["players"]
        players = f"{len(seats)}{'' if self.lang == 'zh' else ' '}{one if len(seats) == 1 else many}"
        told = ""
        if agents:
            # "table, seat 3=human, seat 5=cmd:…": the bots, then who else holds a seat
            base, *seated = str(agents).split(", seat ")
            told = w["agents"].format(agents=base)
            if seated:
                if self.lang == "zh":  # 3号：human、5号：cmd:…
                    shown = "、".join(f"{n}号：{a}" for n, _, a in (x.partition("=") for x in seated))
                else:
                    shown = ", ".join(x.replace("=", ": ", 1) for x in seated)
                told += w["seated"].format(seats=shown)
        yield Line(w["game"].format(number=number, what=what, seed=ev.get("seed"), players=players,
                                    agents=told), "title")
        # the side the table agent's public view measures against (the deck's largest
        # faction): named in the vote's view when the deal has a third faction, where
        # "not of it" is no longer "a wolf"
        ranked = ranked_factions(Counter(s.get("faction") for s in seats if s.get("faction") is not None))
        self.hunted_side = ranked[0] if len(ranked) > 2 else None
        width = max((len(seat_label(s.get("seat"))) for s in seats), default=0)
        for s in seats:
            seat, role = s.get("seat"), s.get("role")
            self.roles[_as_seat(seat)] = role
            zh = ""
            roles = getattr(self.ruleset, "roles", None) or {}
            if role in roles:
                zh = getattr(roles[role], "name_zh", "") or ""
            name = self.role_name(role) + (f" {zh}" if zh and self.lang != "zh" else "")
            faction = w["faction"].format(self.faction_name(s.get("faction", "?")))
            yield Line(f"  {seat_label(seat):>{width}}  {name}  {faction}", "cast")
        extra = ev.get("extra_cards")
        if extra:  # a thief's deck: the cards no seat holds (a trial wondered where Cupid was)
            yield Line("  " + w["face_down"].format(cards=w["sep"].join(self.role_name(r) for r in extra)), "cast")

    def on_phase(self, ev: dict) -> Iterator[Line]:
        return iter(())  # the header already marks it

    def on_role_change(self, ev: dict) -> Iterator[Line]:
        seat, role = ev.get("seat"), ev.get("role")
        before = self.who(seat)
        self.roles[_as_seat(seat)] = role
        yield Line("  " + self.w["becomes"].format(who=before, what=self.role_name(role)), "status")

    def on_faction_change(self, ev: dict) -> Iterator[Line]:
        """A seat changes side (Cupid's mixed lovers, a converted player)."""
        yield Line("  " + self.w["joins"].format(who=self.who(ev.get("seat")),
                                                 what=self.faction_name(ev.get("faction", "?"))), "status")

    def on_revive(self, ev: dict) -> Iterator[Line]:
        seat, role = ev.get("seat"), ev.get("role")
        self.roles[_as_seat(seat)] = role
        self.dead.discard(_as_seat(seat))
        yield Line("  " + self.w["returns"].format(who=self.who(seat)), "status")

    def on_card(self, ev: dict) -> Iterator[Line]:
        sep = "" if self.lang == "zh" else " "
        tags = self.w["sep"].join(f"{self.word(v)}{sep}{self.word(k)}" for k, v in ev.items()
                                  if k not in _SKIP | {"card", "name"})
        cards = getattr(self.ruleset, "cards", None) or {}
        name = self._name(cards.get(ev.get("card"))) if self.lang == "zh" else None
        name = name or ev.get("name", ev.get("card"))
        yield Line("  " + self.w["card"].format(name=name) + (self.w["aside"].format(tags) if tags else ""), "info")

    def on_action(self, ev: dict) -> Iterator[Line]:
        action = str(ev.get("action", "?"))
        if action in getattr(self.ruleset, "speech", ()):
            return  # a speech act (``decide … speech``): told by what is said (a claim), if anything
        targets = ev.get("targets") or []
        choice = ev.get("choice")
        verb = action.rsplit(".", 1)[-1]
        seat = ev.get("seat")
        actor = self.who(seat) if seat is not None else self.team_name(ev.get("by"))
        parts = []
        if targets:
            parts.append("→ " + ", ".join(self.w["self"] if self.is_self(ev, t) else self.who(t) for t in targets))
        if choice is not None:
            parts.append(f"— {self.yes_no(choice)}")
        if not parts:
            parts.append(f"— {self.w['pass']}")
        yield Line(f"  {actor}{self.w['colon']}{verb} " + " ".join(parts), "action")

    def team_name(self, by: Any) -> str:
        if by is None:
            return "?"
        name = self.faction_name(by)
        if name == by:
            name = self.role_name(by)
        return name if name != by else str(by).replace("_", " ").capitalize()

    def on_death(self, ev: dict) -> Iterator[Line]:
        seat, role = ev.get("seat"), ev.get("role")
        self.dead.add(_as_seat(seat))
        when = ""
        day, phase = ev.get("day"), ev.get("phase")
        if isinstance(day, int) and self.now is not None and _time_key(day, phase) < self.now:
            when = "earlier"
        elif isinstance(day, int) and phase == "night" and self.dated:
            when = "dated"
        if when:
            when = self.w["in"].format(phase=self.w[phase] if self.lang == "zh" else phase, day=day)
        words = self.w["last_words"] if ev.get("last_words") else ""
        if ev.get("cause") is None:  # not told (a seat's view of a night death): said so, not "?"
            yield Line("  " + self.w["died_unknown"].format(who=self.who(seat, role), when=when, words=words),
                       "death")
            return
        cause = self.symbol_name("cause", ev.get("cause"))
        yield Line("  " + self.w["died"].format(who=self.who(seat, role), when=when, cause=cause, words=words),
                   "death")

    def on_spared(self, ev: dict) -> Iterator[Line]:
        """A prevented death (the engine's provenance; ``wolfdsl explain`` tells more)."""
        cause = self.symbol_name("cause", ev.get("cause", "?"))
        rest = self.rest(ev, "seat", "cause", "rule", "at", "statuses", "stopped")
        extras = "".join(self.w["sep"] + r for r in rest)
        yield Line("  " + self.w["spared"].format(who=self.who(ev.get("seat")), cause=cause,
                                                  rule=self.word(ev.get("rule"), spaced=False), extras=extras), "status")

    def on_vote(self, ev: dict) -> Iterator[Line]:
        w = self.w
        kind = str(ev.get("kind", "?"))
        kind = VOTE_KINDS_ZH.get(kind) or self.word(kind) if self.lang == "zh" else self.word(kind).capitalize()
        rnd = ev.get("round", 1)
        ballots = ev.get("ballots") or {}
        tally = {_as_seat(k): v for k, v in (ev.get("tally") or {}).items()}
        weights = {_as_seat(k): v for k, v in (ev.get("weights") or {}).items()}
        by_target: dict[Any, list[int]] = {}
        for voter, target in ballots.items():
            by_target.setdefault(None if target is None else _as_seat(target), []).append(_as_seat(voter))
        title = "  " + w["vote"].format(kind=kind) + (w["round"].format(n=rnd) if rnd and rnd != 1 else "")
        yield Line(title + w["colon"].rstrip() + ("" if self.lang == "zh" else ""), "vote")
        # votes a vote's bonus added beyond the ballots: {seat: {term: votes}} (the raven's mark)
        bonus = {_as_seat(k): v for k, v in (ev.get("bonus") or {}).items()}
        targets = {t for t in by_target if t is not None} | set(bonus)
        order = sorted(targets, key=lambda t: (-_num(tally.get(t, 0)), t))
        sep = w["sep"]
        for target in order:
            voters = sorted(by_target.get(target, ()))
            weight = tally.get(target, len(voters))
            one, many = w["votes"]
            # a ballot that counts more (or less) than 1: "5×2" (the sheriff's, usually)
            shown = sep.join(f"{v}×{_fmt_num(weights[v])}" if v in weights else str(v) for v in voters)
            votes = one if weight == 1 else many
            if target in bonus:  # "5号: 3 votes (from 1; +2 the raven's mark)"
                parts = ([w["from"].format(voters=shown)] if voters else []) + [
                    f"{'+' if _num(n) > 0 else '-'}{_fmt_num(abs(_num(n)))} {self.word(term)}"
                    for term, n in bonus[target].items()]
                yield Line("    " + w["tally_bonus"].format(seat=seat_label(target), n=_fmt_num(weight), votes=votes,
                                                              parts=w["bonus_sep"].join(parts)), "vote")
                continue
            yield Line("    " + w["tally"].format(seat=seat_label(target), n=_fmt_num(weight),
                                                  votes=votes, voters=shown), "vote")
        if None in by_target:
            # "abstained: 2 seats (3, 7)": how many, and who (a bare "3" read as a count)
            blank = sorted(by_target[None])
            yield Line("    " + w["abstained"].format(n=len(blank), seats=w["seats"][len(blank) != 1],
                                                      voters=sep.join(map(str, blank))), "vote")
        result = ev.get("result")
        outcome = self.who(result) if result is not None else w["no_result"]
        yield Line(f"    ⇒ {outcome}", "vote")

    def on_status(self, ev: dict) -> Iterator[Line]:
        seat = ev.get("seat")
        if ev.get("add") is not None:
            yield Line("  " + self.w["now"].format(who=self.who(seat), what=self.symbol_name("status", ev["add"])),
                       "status")
        if ev.get("remove") is not None:
            yield Line("  " + self.w["no_longer"].format(who=self.who(seat),
                                                          what=self.symbol_name("status", ev["remove"])), "status")

    def on_inform(self, ev: dict) -> Iterator[Line]:
        if not self.repeated(ev.get("seat"), ev.get("what")):
            yield Line(f"  {self.who(ev.get('seat'))}{self.w['learns']}{self.w['colon']}"
                       f"{self.private(ev.get('what'))}", "info")

    def on_note(self, ev: dict) -> Iterator[Line]:
        yield Line(f"  {ev.get('text', '')}{self.extras(ev, 'text')}", "info")

    def on_claim(self, ev: dict) -> Iterator[Line]:
        """``6号 Seer claims to be Seer: wolves 8号``, ``3号 Villager claims to be Seer:
        ...``: the same words for a true claim and a lie (the card before the claim is the
        narrator's, not the table's)."""
        seat, claimed = ev.get("seat"), ev.get("role")
        what = self.w["claims_to_be"].format(role=self.role_name(claimed)) if claimed else ""
        told = ev.get("told") if isinstance(ev.get("told"), dict) else {}
        gap = self.w["colon"] if self.lang == "zh" else " "
        parts = [f"{self.word(k)}{gap}{self.value(v, seats=True)}"
                 for k, v in ev.items() if k not in _SKIP | {"seat", "role", "told"}]
        if told:  # a whole number is a seat unless the ruleset's tells give that field a number
            numbers = self.numbers(told)
            parts.append(self.w["sep"].join(f"{self.word(k)}{gap}{self.value(v, seats=k not in numbers)}"
                                            for k, v in told.items()))
        said = self.w["fields"].join(parts)
        yield Line("  " + self.w["claims"].format(who=self.who(seat), what=what)
                   + (f"{self.w['colon']}{said}" if said else ""), "info")

    def says(self, ev: dict) -> bool:
        """Whether a decision (an ``action`` event) gets a line: not a speech act, nor
        one the ruleset's text leaves untold (``event action(…) ""``)."""
        if str(ev.get("action")) in getattr(self.ruleset, "speech", ()):
            return False
        text = self.template(ev)
        return text is None or self.render(text, ev) != ""

    # -- the ruleset's own event texts ---------------------------------------------------
    def template(self, ev: dict) -> str | None:
        """The ruleset's ``event`` text for this event: the first whose case holds and
        whose fields (outside ``[ … ]``, without ``|text``) the event has."""
        texts = (getattr(self.ruleset, "events", None) or {}).get(ev.get("type"))
        for e in texts or ():
            if all(_matches(self.case_value(ev, k), v) for k, v in e.case or ()):
                text = e.zh if self.lang == "zh" and e.zh is not None else e.en
                if all(_field(ev, f, _ABSENT) is not _ABSENT
                       for f, _, default in _PLACEHOLDER.findall(_SEGMENT.sub("", text)) if not default):
                    return text
        return None

    def case_value(self, ev: dict, name: str) -> Any:
        """The value an ``event`` case compares: the event's field (``what.can_shoot``: a
        field of a field), or for ``self`` (a
        decision's own seat, not a field of the log) whether the decision's only target
        is the seat that decided (``event action(action = "guard.protect", self = yes)``)."""
        if name == "self" and name not in ev:
            targets = ev.get("targets") or []
            return len(targets) == 1 and self.is_self(ev, targets[0])
        if "." in name:  # a field of a field: ``what.can_shoot``
            return _field(ev, name, _ABSENT)
        return ev.get(name, _ABSENT)

    def render(self, text: str, ev: dict) -> str:
        """Fill a template: ``{field}`` (a seat as ``3号``, seats as ``3号, 5号``, a role
        by its name, ``{cause}`` by the cause's name, ``yes``/``no``, other words in the ruleset's ``word`` for them, else
        with spaces for ``_``), ``{field.inner}`` (a field of a field: a claim's
        ``{told.seat}``), ``{field:who}`` (a seat, or each seat of a list, with its
        role), ``{field|text}`` (``text`` when the field is empty or
        none), ``[ … ]`` (left out when a field inside is missing or none).

        >>> _Teller().render("{seat:who} asks {asks}[ about {about}]: {q}? {a}", {"seat": 3, "asks": [1, 2],
        ...     "q": "wolf_man", "a": True})
        '3号 asks 1号, 2号: wolf man? yes'
        """
        def segment(m):
            inner = m.group(1)
            fields = [f for f, _, _ in _PLACEHOLDER.findall(inner)]
            return "" if any(_field(ev, f) is None for f in fields) else inner

        def field(m):
            name, how, default = m.group(1), m.group(2), m.group(3)
            v = _field(ev, name)
            if default is not None and (v is None or v == [] or v == ""):
                return default
            if name != "seat" and (self.is_self(ev, v) or isinstance(v, (list, tuple))
                                   and any(self.is_self(ev, x) for x in v)):
                # a decision's own seat among its targets: "self" (自己), not "1号 Guard"
                many = v if isinstance(v, (list, tuple)) else [v]
                return self.w["sep"].join(self.w["self"] if self.is_self(ev, x) else
                                          self.who(x) if how == "who" else seat_label(x) for x in many)
            if how == "who":
                if isinstance(v, (list, tuple)):
                    return self.w["sep"].join(self.who(x) for x in v) or self.w["nobody"]
                return self.who(v)
            if isinstance(v, int) and not isinstance(v, bool):
                return seat_label(v)
            if isinstance(v, (list, tuple)) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                return _seats(v, self.lang)
            if name == "cause" and isinstance(v, str):
                return self.symbol_name("cause", v)
            if isinstance(v, str):
                roles = getattr(self.ruleset, "roles", None) or {}
                return self.role_name(v) if v in roles else self.word(v)
            return self.yes_no(v)

        return _PLACEHOLDER.sub(field, _SEGMENT.sub(segment, text))

    def value(self, v: Any, seats: bool = False) -> str:
        """A field's value: seat numbers as ``3号`` when ``seats``, role ids (alone or a
        list of them) by name."""
        if seats and isinstance(v, (list, tuple)) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            return _seats(v, self.lang) if v else self.w["none"]
        if seats and isinstance(v, int) and not isinstance(v, bool):
            return seat_label(v)
        if isinstance(v, str):
            roles = getattr(self.ruleset, "roles", None) or {}
            return self.role_name(v) if v in roles else self.word(v)
        if isinstance(v, (list, tuple)) and v and all(isinstance(x, str) for x in v):
            roles = getattr(self.ruleset, "roles", None) or {}
            if all(x in roles for x in v):  # cards: ``Werewolf, Seer``
                return self.w["sep"].join(self.role_name(x) for x in v)
        return self.yes_no(v) if isinstance(v, bool) else _show(v)

    def yes_no(self, v: Any) -> str:
        """``yes``/``no`` (是/否) for booleans, other values as the log has them."""
        if v is True or v is False:
            return self.w["yes" if v else "no"]
        return _show(v)

    def extras(self, ev: dict, *known: str) -> str:
        """Fields a handler did not tell (:meth:`rest`), as `` (name value, ...)``."""
        rest = self.rest(ev, *known)
        return self.w["aside"].format(self.w["sep"].join(rest)) if rest else ""

    def rest(self, ev: dict, *known: str) -> list[str]:
        """Fields a handler did not tell, each as ``name value`` (``seat`` as a seat,
        ``role`` by its display name, names in the ruleset's ``word`` for them)."""
        gap = "" if self.lang == "zh" else " "
        rest = []
        for k, v in ev.items():
            if k in _SKIP or k in known:
                continue
            if k == "role":
                rest.append(self.role_name(v))
            elif k == "cause" and isinstance(v, str):
                rest.append(f"{self.word(k)}{gap}{self.symbol_name('cause', v)}")
            else:
                rest.append(f"{self.word(k)}{gap}{self.value(v, seats=k in _SEAT_FIELDS)}")
        return rest

    def on_game_over(self, ev: dict) -> Iterator[Line]:
        w = self.w
        winners = [self.faction_name(f) for f in ev.get("winners") or []]
        label = w["winner"][len(winners) > 1]
        yield Line("", "blank")
        if ev.get("reason") == "day_limit" and not winners and self.now is not None:
            # the engine's bound on a game's length, not a rule of the ruleset: say so, and who is left
            alive = [self.who(s) for s in sorted(self.roles) if s not in self.dead]
            yield Line(w["day_limit"].format(day=self.now[0], alive=w["sep"].join(alive) or w["nobody"]),
                       "game_over")
            return
        rule, titled = self.win_name(ev.get("reason"))
        yield Line(w["over_titled" if titled else "over"].format(
            label=label, who=w["and"].join(winners) or w["nobody"], rule=rule,
            seats=_seats(ev.get("winning_seats") or [], self.lang)), "game_over")

    def on_agent_replaced(self, ev: dict) -> Iterator[Line]:
        yield Line("  " + self.w["replaced"].format(who=seat_label(ev.get("seat")), agent=ev.get("agent"),
                                                    replacement=ev.get("replacement"), reason=ev.get("reason")),
                   "info")

    def on_impressions(self, ev: dict) -> Iterator[Line]:
        """``The speeches as the table bots heard them (…): 8号 +1.2, 11号 +1.2, 1号 +0.8,
        …``: the reading of each seat heard for the first time that day (``impressions``,
        logged by the table agent), the most suspect first. The speakers read earlier
        that day (the sheriff campaign's candidates, read once a day) are named after
        them, ``(heard earlier today, above: 1号, 2号)``, so that they do not seem to
        have said nothing."""
        reads = ev.get("reads") if isinstance(ev.get("reads"), dict) else {}
        ranked = sorted(((float(x), int(s)) for s, x in reads.items()), key=lambda p: (-p[0], p[1]))
        day, heard = self.heard
        if day != ev.get("day"):
            heard = set()
        read_now = {s for _, s in ranked}
        earlier = sorted(s for s in map(_as_seat, self.speakers) if s in heard and s not in read_now)
        self.heard = (ev.get("day"), heard | read_now)
        if ranked:
            shown = self.w["sep"].join(f"{seat_label(s)} {signed(x)}" for x, s in ranked)
            if earlier:
                shown += self.w["heard_earlier"].format(seats=_seats(earlier, self.lang))
            yield Line("  " + self.w["impressions"].format(reads=shown), "info")

    def on_suspicions(self, ev: dict) -> Iterator[Line]:
        """``Before the vote, from what is public (…): 10号 92%, 3号 41%, …``: the table
        agent's public view of a vote's candidates (``suspicions``), the most suspected
        first."""
        view = ev.get("suspicion") if isinstance(ev.get("suspicion"), dict) else {}
        ranked = sorted(((float(p), int(s)) for s, p in view.items()), key=lambda q: (-q[0], q[1]))
        if ranked:
            shown = self.w["sep"].join(f"{seat_label(s)} {round(100 * p)}%" for p, s in ranked)
            side = self.hunted_side
            text = (self.w["suspicions_side"].format(view=shown, side=self.faction_name(side)) if side
                    else self.w["suspicions"].format(view=shown))
            yield Line("  " + text, "info")

    def on_other(self, ev: dict) -> Iterator[Line]:
        fields = ", ".join(f"{k}={_show(v)}" for k, v in ev.items() if k not in _SKIP)
        yield Line(f"  [{ev.get('type')}] {fields}".rstrip(), "other")


_SKIP = frozenset({"seq", "game", "day", "phase", "type"})
"""Fields every event has: never part of what a line tells."""

_KINDS = {"action": "action", "spared": "status", "status": "status", "death": "death", "vote": "vote"}
"""The :class:`Line` kind of an event told by a ruleset's text (``info`` for the rest)."""

_SEAT_FIELDS = frozenset({"seat", "seats", "target", "targets"})

_ABSENT = object()
_SEGMENT = re.compile(r"\[([^\[\]]*)\]")
_PLACEHOLDER = re.compile(r"\{(\w+(?:\.\w+)*)(?::(\w+))?(?:\|([^}]*))?\}")


def signed(x: float, places: int = 1) -> str:
    """``x`` with its sign and ``places`` decimals, never a negative zero: a score that
    rounds to zero is ``+0.0`` whichever side it was on.

    >>> signed(-0.04), signed(0.04), signed(-0.06), signed(-0.004, 2)
    ('+0.0', '+0.0', '-0.1', '+0.00')
    """
    text = f"{x:+.{places}f}"
    return "+" + text[1:] if text.startswith("-") and not text.strip("-0.") else text


def plural(n: int, word: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def group_key(ev: dict) -> Any:
    """Events that read better as one line when they follow each other — every seat
    declining the same offer, every wolf told the same thing — share a key; others
    get ``None``."""
    offer = _offer(ev)
    if offer is not None:
        return ("action", offer, repr(ev.get("choice")))
    if ev.get("type") == "inform":
        return ("inform", (ev.get("day"), ev.get("phase")), repr(ev.get("what")))
    return None


def _field(ev: dict, name: str, missing: Any = None) -> Any:
    """An event's field; ``told.seat`` reads a field of a field (``missing`` when it
    has none)."""
    value: Any = ev
    for part in name.split("."):
        if not isinstance(value, dict) or part not in value:
            return missing
        value = value[part]
    return value


def _matches(value: Any, want: Any) -> bool:
    """Whether an event field's value is a case's ``want`` (``none`` is also an empty
    list or a missing field; ``yes`` is ``True``, never the seat 1)."""
    if want == "none" and (value is None or value is _ABSENT or value == []):
        return True
    if isinstance(want, bool) or isinstance(value, bool):
        return value is want
    return value == want


def _offer(ev: dict) -> Any:
    """The offer a seat's yes/no action answers: ``(day, phase, action)``; ``None`` for
    other events."""
    if ev.get("type") == "action" and ev.get("seat") is not None and not ev.get("targets"):
        return (ev.get("day"), ev.get("phase"), ev.get("action"))
    return None


def _offered_in_turn(events: list[dict]) -> set:
    """The offers (:func:`_offer`) that several seats answered in the same phase."""
    seen: dict = {}
    for ev in events:
        key = _offer(ev)
        if key is not None:
            seen[key] = seen.get(key, 0) + 1
    return {k for k, n in seen.items() if n > 1}


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
            numbered: bool | None = None, lang: str = "en", agents: str | None = None) -> Iterator[Line]:
    """Narrate one game's events, one :class:`Line` (a ``str``) at a time.

    ``ruleset`` (an ``ir.Ruleset``, optional) supplies display names for roles and
    factions; without it the ids from the log are used. A game that stops without a
    ``game_over`` event ends with a line saying so. The title names the game's number
    (``Game 3 of ...``) when ``numbered``; by default only when it is not game 0, so
    the only game of a run reads ``Game of ...``. ``lang`` ``zh`` tells it in Chinese,
    with the Chinese names the ruleset declares; ``agents`` names the bots in the title.
    Private information is told as fields (``wolves 1号, 5号``), once while it stays
    the same; an offer made to several seats in turn (who runs for sheriff) is told by
    the seats that take it: the ones that decline (``no``) are left out. A status that
    only restates the decision just before it (``protect → 4号``, then ``4号 is now
    protected``) is left out too.
    """
    events = list(events)
    rounds = _offered_in_turn(events)
    events = [ev for ev in events if not (ev.get("choice") is False and _offer(ev) in rounds)]
    teller = _Teller(ruleset, numbered, lang, agents)
    teller.peaceful_nights = _peaceful_nights(events)
    over = False
    started = False
    for key, group in groupby(events, key=group_key):
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
        yield Line(teller.w["stops"], "game_over")


def _peaceful_nights(events: list[dict]) -> set[int]:
    """The nights of a game's log that killed nobody and were followed by their day: no
    ``death`` is dated to them (a night's dead are dated to it, whenever announced)."""
    nights, days, deadly = set(), set(), set()
    for ev in events:
        day, phase = ev.get("day"), ev.get("phase")
        if not isinstance(day, int) or ev.get("type") == "game_start":
            continue
        (nights if phase == "night" else days if phase == "day" else set()).add(day)
        if phase == "night" and ev.get("type") == "death":
            deadly.add(day)
    return (nights & days) - deadly


def teller(ruleset: Any = None, lang: str = "en") -> _Teller:
    """A narrator fed one event at a time: ``teller(rs).tell(event)`` yields the
    :class:`Line` values of that event (a section header first when a new night or day
    begins; none for a status that restates the decision before it). ``wolfdsl play``
    tells a human seat its game this way, as it happens; ``teller(rs).peaceful(day)``
    the line of a peaceful night, when the rules announce that nobody died. Every night
    death says its night (``died in night 5``), the last one of a game too."""
    t = _Teller(ruleset, False, lang)
    t.dated = True
    return t
