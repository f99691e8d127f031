"""Checking a scenario against the ruleset it plays, before the game starts.

:func:`load_scenario` checks what a scenario says on its own; :func:`ruleset_problems`
checks the names and numbers that only the loaded ruleset can judge, so that a typo is
reported at its YAML node (exit 2) instead of playing a game that cannot match:

- ``seats:`` and ``extra_cards:``: role ids (a role's English or Chinese name suggests
  its id), the player count, and the deck they must add up to;
- ``players:``: the seat attributes the ruleset declares and their values;
- ``cards:``: event card ids;
- ``decisions:``: a ``by:`` role, team or declared decider (``moderator``), a ``do:`` action, seat numbers;
- ``expect:``: causes of death, winning factions, seat numbers.

The rules of the deal are :mod:`wolfdsl.play.deal`'s: which attribute values are
allowed (:func:`~wolfdsl.play.deal.attribute_problem`), which cards the seats and extra
cards leave over (:func:`~wolfdsl.play.deal.unmatched_cards`). Here they are worded for
the YAML node at fault, with suggestions. What only dealing can tell (a redeal rule, no
deck at all) comes from the engine as :class:`~wolfdsl.play.deal.Problem` values, which
:func:`wolfdsl.scenario.run.run_scenario` places on their nodes.
"""
from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import replace
from typing import Any, Iterable

from ..diagnostics import Diagnostic, Related, did_you_mean
from ..play.deal import attribute_problem, unmatched_cards
from .load import NO_WINNER, Scenario, seat_problems
from .yamlspans import Path, format_path


RECORD_FIELDS = frozenset({("claim", "told"), ("inform", "what")})
"""The event fields that hold a record of what a ``tell`` writes (docs/eventlog.md)."""


def ruleset_problems(sc: Scenario, rs) -> list[Diagnostic]:
    """Every problem of ``sc`` against the compiled ruleset ``rs``, in source order."""
    check = _Check(sc, rs)
    counted = check.seats()
    check.players()
    check.cards()
    check.decisions()
    check.expect()
    if sc.seats is None:  # load_scenario checked the seat numbers against the seats
        check.out.extend(seat_problems(sc, rs.default_players))
    elif not sc.seat_numbers_checked and counted:  # a wrong count alone: the seat numbers follow from it
        check.out.extend(seat_problems(sc, len(sc.seats)))
    check.out.sort(key=lambda d: (d.span.line, d.span.col))
    return check.out


def suggest(name: str, symbols: dict[str, Any]) -> str:
    """`` (did you mean 'ID'?)`` for a misspelt id, or for a name given where the id goes.

    ``symbols`` maps ids to objects with ``name`` and ``name_zh`` (roles, factions, teams,
    causes): ``狼人`` or ``Werewolf`` suggest ``werewolf``.
    """
    folded = name.casefold()
    for sid, sym in symbols.items():
        names = (sid, getattr(sym, "name", "") or "", getattr(sym, "name_zh", "") or "")
        if any(folded == n.casefold() for n in names if n):
            return f" (did you mean '{sid}'?)"
    hint = did_you_mean(name, symbols)
    if hint:
        return hint
    by_name = {(getattr(sym, "name", "") or "").casefold(): sid for sid, sym in symbols.items()}
    close = difflib.get_close_matches(folded, [k for k in by_name if k], n=1, cutoff=0.6)
    return f" (did you mean '{by_name[close[0]]}'?)" if close else ""


def _listing(ids: Iterable[str]) -> str:
    return ", ".join(sorted(ids))


def _named_listing(symbols: dict[str, Any]) -> str:
    """``guard (守卫), hunter (猎人)``: each id with its Chinese name, the spellings a
    ``by:`` takes (the English name, which is the id's word, too)."""
    return ", ".join(sid + (f" ({sym.name_zh})" if getattr(sym, "name_zh", "") else "")
                     for sid, sym in sorted(symbols.items()))


def deciders_of(rs) -> list[tuple[str, dict[str, Any]]]:
    """``(kind, {id: symbol})`` of what a ``by:`` may name: roles, teams, declared deciders."""
    return [("role", dict(rs.roles)), ("team", dict(rs.symbols.get("team", {}))), ("decider", dict(rs.deciders))]


def decider_named(name: str, do: str | None, rs) -> tuple[str | None, list[tuple[str, str]]]:
    """The role, team or decider id that ``by: NAME`` stands for, and what the name
    names: ``(id, [])`` for an id; for a display name, English or Chinese (``女巫``,
    ``Witch``), the id it names, with every ``(kind, id)`` of that name. A name of
    several (``狼人``: the role werewolf and the team werewolves) is the one the action
    ``do`` belongs to (``werewolves.kill``: the team), else the role (``self_destruct``
    is asked of the role); ``(None, names)`` when that leaves none or several, and
    ``(None, [])`` for no name at all."""
    kinds = deciders_of(rs)
    if any(name in symbols for _, symbols in kinds):
        return name, []
    folded = name.casefold()
    found = [(kind, sid) for kind, symbols in kinds for sid, sym in symbols.items()
             if folded in {(getattr(sym, "name", "") or "").casefold(), (getattr(sym, "name_zh", "") or "").casefold()}
             - {""}]
    ids = list(dict.fromkeys(sid for _, sid in found))
    if len(ids) == 1:
        return ids[0], found
    if do is not None:
        actions = [do] if do in rs.actions else [a for a in rs.actions if a.rsplit(".", 1)[-1] == do]
        owners = {a.split(".", 1)[0] for a in actions if "." in a}
        hits = [sid for sid in ids if sid in owners]
        if len(hits) == 1:
            return hits[0], found
    roles = [sid for kind, sid in found if kind == "role"]
    return (roles[0], found) if len(roles) == 1 else (None, found)


def with_ids(sc: Scenario, rs) -> Scenario:
    """``sc`` with each ``by:`` written as a name (``女巫``, ``狼人``) replaced by the id it
    stands for (:func:`decider_named`), as the scripted agent matches requests by id;
    :func:`ruleset_problems` has reported the names that stand for none."""
    def named(by, do):
        if not isinstance(by, str):
            return by
        sid, _ = decider_named(by, do, rs)
        return by if sid is None else sid

    decisions = tuple(replace(d, by=named(d.by, d.do)) for d in sc.decisions)
    expect = sc.expect
    if expect is not None and expect.refused is not None and isinstance(expect.refused.by, str):
        r = expect.refused
        expect = replace(expect, refused=replace(r, by=named(r.by, r.do)))
    return replace(sc, decisions=decisions, expect=expect)


class _Check:
    def __init__(self, sc: Scenario, rs):
        self.sc, self.rs = sc, rs
        self.loc = sc.located
        self.data = sc.located.data or {}
        self.out: list[Diagnostic] = []

    def error(self, path: Path, message: str, *, key: bool = False, related=()) -> None:
        span = self.loc.key_span(path) if key else self.loc.span(path)
        self.out.append(Diagnostic(span, "error", f"{format_path(path)}: {message}", related=tuple(related)))

    # -- seats and extra cards -------------------------------------------------------

    def unknown_roles(self, key: str, roles: tuple[str, ...]) -> bool:
        ok = True
        for i, r in enumerate(roles):
            if r not in self.rs.roles:
                ok = False
                hint = suggest(r, self.rs.roles) or f"; roles of {self.rs.name}: {_listing(self.rs.roles)}"
                self.error((key, i), f"unknown role '{r}'{hint}")
        return ok

    def seats(self) -> bool:
        """Checks ``seats:`` and ``extra_cards:``; False when the seat count does not fit."""
        sc, rs = self.sc, self.rs
        known = True
        if sc.seats is not None:
            known = self.unknown_roles("seats", sc.seats)
        if sc.extra_cards is not None:
            known = self.unknown_roles("extra_cards", sc.extra_cards) and known
        if sc.seats is None:
            return True
        n = len(sc.seats)
        lo, hi = rs.players
        deck = rs.deck_for(n)
        if not lo <= n <= hi or deck is None:
            self.error(("seats",), f"{rs.name} is for {lo if lo == hi else f'{lo} to {hi}'} players; "
                                  f"seats lists {n}", key=True)
            return False
        if known:
            self.deck(deck)
        return True

    def deck(self, deck) -> None:
        """Seats (and extra cards, when given) against the deck: surplus and missing cards.

        The caret goes on the first card too many; with only cards missing, on
        ``extra_cards:``. Without ``extra_cards:`` the cards not dealt go face down.
        """
        sc, rs = self.sc, self.rs
        extra = sc.extra_cards
        have = Counter(deck.cards)
        given = [(("seats", i), r) for i, r in enumerate(sc.seats)]
        given += [(("extra_cards", i), r) for i, r in enumerate(extra or ())]
        used: Counter = Counter()
        first_surplus: Path | None = None
        for path, r in given:
            used[r] += 1
            if used[r] > have[r] and first_surplus is None:
                first_surplus = path
        listed = "the seats and extra cards list" if extra else "the seats list"
        parts = [f"{r} is not in the deck of {rs.name}" if not have[r] else
                 f"the deck of {rs.name} has {have[r]} {r}, {listed} {used[r]}"
                 for r in dict.fromkeys(r for _, r in given) if used[r] > have[r]]
        missing = +unmatched_cards(deck.cards, sc.seats, extra)  # the cards not given
        if missing and (extra is not None or (parts and not deck.extra)):
            parts.append(f"{_and(missing)} {'is' if sum(missing.values()) == 1 else 'are'} missing")
        elif missing and parts:
            parts.append(f"not dealt: {_and(missing)} (only {deck.extra} go face down)")
        if not parts:
            return
        note = f"the {'seats and extra cards' if extra else 'seats'} do not match the deck of {rs.name} " \
               f"for {len(sc.seats)} players"
        if deck.extra:
            note += f" ({len(deck.cards)} cards: {len(sc.seats)} seats and {deck.extra} face down)"
        if deck.span is None:
            parts.append(note)
        related = (Related(deck.span, note),) if deck.span is not None else ()
        self.error(first_surplus or ("extra_cards",), "; ".join(parts), key=first_surplus is None,
                   related=related)

    # -- players: seat attributes ----------------------------------------------------

    def players(self) -> None:
        attrs = self.rs.attributes
        for i, entry in enumerate(self.data.get("players", [])):
            for name, value in entry.items():
                if name == "seat":
                    continue
                path = ("players", i, name)
                a = attrs.get(name)
                if a is None:
                    hint = did_you_mean(name, attrs) or (
                        f" (it declares: {_listing(attrs)})" if attrs else " (it declares none)")
                    self.error(path, f"{self.rs.name} declares no seat attribute '{name}'{hint}", key=True)
                    continue
                got = f" (got `{self.loc.raw.get(path, value)}`)"
                why = attribute_problem(a, value)
                if why == "range":
                    lo, hi = a.range
                    self.error(path, f"expected a whole number from {lo} to {hi}{got}")
                elif why == "values":
                    shown = [str(v) for v in a.values]
                    either = ", ".join(shown[:-1]) + f" or {shown[-1]}" if len(shown) > 1 else shown[0]
                    self.error(path, f"expected {either}{got}" + did_you_mean(str(value), shown))

    # -- cards -------------------------------------------------------------------------

    def cards(self) -> None:
        if not self.rs.cards:
            return  # the engine warns that a fixed card is not used
        for i, c in enumerate(self.data.get("cards", [])):
            if c["card"] not in self.rs.cards:
                self.error(("cards", i, "card"), f"unknown card '{c['card']}'" + suggest(c["card"], self.rs.cards)
                           + f"; cards of {self.rs.name}: {_listing(self.rs.cards)}")

    # -- decisions -----------------------------------------------------------------------

    def decisions(self) -> None:
        rs = self.rs
        shorts = {a.rsplit(".", 1)[-1] for a in rs.actions}
        for d in self.sc.decisions:
            if isinstance(d.by, str):
                self.decider(d.path + ("by",), d.by, d.do)
            if d.do not in rs.actions and d.do not in shorts:
                hint = did_you_mean(d.do, sorted(shorts | set(rs.actions)))
                if not hint:
                    hint = f"; actions of {rs.name}: {_listing(shorts)}"
                self.error(d.path + ("do",), f"unknown action '{d.do}'{hint}")

    def decider(self, path: Path, by: str, do: str | None) -> None:
        """``by`` at ``path`` must name a role, team or declared decider: its id, or its
        English or Chinese name (:func:`decider_named`); else the spellings it takes."""
        sid, found = decider_named(by, do, self.rs)
        if sid is not None:
            return
        rs = self.rs
        if found:  # a name of several, and the action does not say which
            named = " and ".join(f"the {kind} {i}" for kind, i in found)
            ids = " or ".join(dict.fromkeys(i for _, i in found))
            self.error(path, f"'{by}' is the name of {named}: write {ids}")
            return
        deciders = {**rs.symbols.get("team", {}), **rs.roles, **rs.deciders}
        hint = suggest(by, deciders)
        if not hint:
            hint = (f"; write the id or the name of a role: {_named_listing(rs.roles)}; or of a team: "
                    f"{_named_listing(rs.symbols.get('team', {}))}"
                    + (f"; or {_named_listing(rs.deciders)}" if rs.deciders else ""))
        self.error(path, f"unknown role or team '{by}'{hint}")

    # -- expect ----------------------------------------------------------------------------

    def expect(self) -> None:
        e = self.data.get("expect")
        if not isinstance(e, dict):
            return
        causes = self.rs.symbols.get("cause", {})
        for i, death in enumerate(e.get("deaths", [])):
            cause = death["cause"]
            if cause not in causes:
                hint = suggest(cause, causes) or f"; causes of {self.rs.name}: {_listing(causes)}"
                self.error(("expect", "deaths", i, "cause"), f"unknown cause '{cause}'{hint}")
        self.expect_more(e)
        winner = e.get("winner")
        if winner in NO_WINNER:
            return
        factions = self.rs.factions
        named = [(("expect", "winner"), winner)] if isinstance(winner, str) else [
            (("expect", "winner", j), w) for j, w in enumerate(winner) if w not in NO_WINNER]
        for path, w in named:
            if w not in factions:
                hint = suggest(w, factions) or (f"; factions of {self.rs.name}: {_listing(factions)}, "
                                                f"or none (the game goes on) or draw (the day bound)")
                self.error(path, f"unknown faction '{w}'{hint}")


    def role(self, path: Path, name: str, what: str = "role", *, key: bool = False) -> None:
        """``name`` at ``path`` must be a role id of the ruleset (a seat number passes)."""
        if isinstance(name, int) or name.isdigit() or name in self.rs.roles:
            return
        hint = suggest(name, self.rs.roles) or f"; roles of {self.rs.name}: {_listing(self.rs.roles)}"
        self.error(path, f"unknown {what} '{name}'{hint}", key=key)

    def _event_fields(self) -> dict[str, frozenset]:
        """``{event type: its field names}``: the engine's and those the ruleset's ``log``
        statements write; every ``log`` type of the ruleset's texts too (no field known)."""
        from ..play.eventlog import ENGINE_FIELDS
        rs = self.rs
        tags = frozenset(k for c in rs.cards.values() for k, _v in c.tags)
        out = {t: f | tags if t == "card" else f for t, f in ENGINE_FIELDS.items()}
        for t in rs.events or ():
            out.setdefault(t, frozenset())
        for t, f in rs.logged.items():
            out[t] = out.get(t, frozenset()) | f
        return out

    def _fields(self, path: Path, entry: dict, known: frozenset, what: str, skip: tuple = ()) -> None:
        """Each key of ``entry`` (but ``skip``) must be a field in ``known``: a misspelt
        field would never match, and under ``count: 0`` hold for ever."""
        for name in entry:
            if name in skip or name in known:
                continue
            head, dot, rest = name.partition(".")
            if dot and head in known:  # told.result: a field of a record in a field
                hint = f"; a field inside '{head}' is written as a mapping: {head}: {{{rest}: ...}}"
            else:
                hint = did_you_mean(name, sorted(known)) or \
                    (f"; its fields: {_listing(known)}" if known else "; it has no field to compare")
            self.error((*path, name), f"{what} has no field '{name}'{hint}", key=True)

    def _records(self, path: Path, t: str, entry: dict) -> None:
        """A mapping is compared only with a field that holds a record (a claim's
        ``told``, an inform's ``what``: their keys are what a ``tell`` writes), and such a
        field only with a mapping: anything else would never match, and under
        ``count: 0`` hold for ever."""
        for name, value in entry.items():
            record = (t, name) in RECORD_FIELDS
            if isinstance(value, dict) and record:
                self._fields((*path, name), value, self.rs.told_fields, f"what {self.rs.name} tells")
            elif isinstance(value, dict) and name not in ("type", "at", "seat", "count"):
                self.error((*path, name), f"a {t} event's '{name}' holds a value, not a record: "
                                          f"write {name}: VALUE", key=True)
            elif record and value is not None:
                self.error((*path, name), f"a {t} event's '{name}' is a record of fields: write "
                                          f"{name}: {{FIELD: VALUE}}, such as {name}: {{result: wolf}}", key=True)

    def expect_more(self, e: dict) -> None:
        """``told:``, ``events:``, ``roles:``, ``factions:`` and ``refused:``: the role,
        faction, team and action ids they name."""
        for key in ("told", "events"):
            for i, entry in enumerate(e.get(key, [])):
                if isinstance(entry.get("seat"), str):
                    self.role(("expect", key, i, "seat"), entry["seat"], "role (or seat number)")
        fields = self._event_fields()
        for i, entry in enumerate(e.get("events", [])):
            t = entry.get("type")
            if isinstance(t, str) and t not in fields:
                # a count: 0 of a misspelt type would hold for ever
                hint = did_you_mean(t, sorted(fields)) or f"; event types of {self.rs.name}: {_listing(fields)}"
                self.error(("expect", "events", i, "type"), f"no event of type '{t}' is ever logged by "
                                                            f"{self.rs.name}{hint}")
            elif isinstance(t, str):
                self._fields(("expect", "events", i), entry, fields[t], f"a {t} event",
                             skip=("type", "at", "seat", "count"))
                self._records(("expect", "events", i), t, entry)
        for i, entry in enumerate(e.get("told", [])):
            if isinstance(entry.get("what"), dict):
                self._fields(("expect", "told", i, "what"), entry["what"], self.rs.told_fields,
                             f"what {self.rs.name} tells")
        for name, value in e.get("roles", {}).items():
            self.role(("expect", "roles", name), name, "role (or seat number)", key=True)
            self.role(("expect", "roles", name), value)
        factions = self.rs.factions
        for name, value in e.get("factions", {}).items():
            self.role(("expect", "factions", name), name, "role (or seat number)", key=True)
            if value not in factions:
                hint = suggest(value, factions) or f"; factions of {self.rs.name}: {_listing(factions)}"
                self.error(("expect", "factions", name), f"unknown faction '{value}'{hint}")
        refused = e.get("refused") or {}
        by = refused.get("by")
        if isinstance(by, str):
            self.decider(("expect", "refused", "by"), by, refused.get("do"))
        do = refused.get("do")
        shorts = {a.rsplit(".", 1)[-1] for a in self.rs.actions}
        if do is not None and do not in self.rs.actions and do not in shorts:
            hint = did_you_mean(do, sorted(shorts | set(self.rs.actions))) or \
                f"; actions of {self.rs.name}: {_listing(shorts)}"
            self.error(("expect", "refused", "do"), f"unknown action '{do}'{hint}")


def _and(cards: Counter) -> str:
    """``guard``, ``idiot and villager*2``, ``a, b and c``."""
    items = [f"{r}*{k}" if k > 1 else r for r, k in cards.items()]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
