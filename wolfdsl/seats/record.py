"""``--record FILE.yaml``: a moderated game (:mod:`wolfdsl.seats.moderator`) written as a
scenario file (docs/scenarios.md) that ``wolfdsl run --script FILE.yaml`` replays.

The file holds the ruleset, the seed, the cards as dealt, ``otherwise: abstain`` and
every answer given, in the order asked — but the passes, which ``abstain`` gives back
(``no`` to a yes/no question, no target, an abstention) — each vote as one ``votes:``
line; and ``expect:``, every death and the winner as they happened, and the badge.

A game the moderator stopped (Ctrl-C, the end of input) ends with ``stop_after:`` its
last phase with an answer; what that phase had not yet asked is passed, and ``expect:``
is what the replay of the file gives (a night's victim not yet announced is logged at
the stop, as ``stop_after`` does, without ``last_words``: the rules decide them at the
announcement). When the rest of that phase cannot be passed (a
choice the rules require), the file stops at the phase before, and the answers of the
last one are kept as comments.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..diagnostics import WolfError
from ..play.agents import Request
from ..scenario.agent import yaml_text

Phase = tuple[str, int]
"""``("night", 1)``: a phase as ``stop_after`` takes it."""


@dataclass(frozen=True)
class Recording:
    """What a record writes before ``expect:``: ``ruleset`` as the file names it,
    ``decisions``: ``(phase asked, YAML line)`` in the order asked; ``command``: the
    command that played it, for the header."""

    ruleset: str
    seed: int
    seats: tuple[str, ...]
    options: dict[str, str]
    decisions: tuple[tuple[Phase, str], ...]
    command: str


def ruleset_field(ref: str, record_path: str) -> str:
    """``ruleset:`` of a record: a bundled name as it is; a path relative to the record's
    folder (the scenario loader reads it from there)."""
    if ref.endswith(".wolf") or "/" in ref or os.sep in ref:
        return os.path.relpath(os.path.abspath(ref), os.path.dirname(os.path.abspath(record_path)))
    return ref


def _passed(req: Request, answer: Any) -> bool:
    """Whether ``otherwise: abstain`` gives ``answer`` back: a pass where the rules allow
    one (a yes/no question's pass is its no)."""
    if not req.can_pass:
        return False
    return answer is None or (req.kind == "yes_no" and answer is False)


def _do(req: Request, actions) -> str:
    """``do:``: the action's short name, or its id when another action has that name."""
    same = [a for a in actions if a.rsplit(".", 1)[-1] == req.short]
    return req.short if len(same) <= 1 else req.action


def decision_lines(answers: list[tuple[Request, Any]], actions) -> tuple[tuple[Phase, str], ...]:
    """The ``decisions:`` lines of ``answers`` (``(request, answer)`` in the order asked):
    one per answer that is not a pass, the seats of one yes to the same question in a row
    on one line (``by: [5, 6]``), each vote's ballots on one ``votes:`` line at the place
    of its first ballot."""
    items: list[dict] = []
    votes: dict[tuple, dict] = {}
    for req, answer in answers:
        phase = (req.phase, req.day)
        rnd = f", round: {req.round}" if req.round > 1 else ""
        do = _do(req, actions)
        if req.kind == "ballot" and req.actor is not None:
            key = (req.at, do, req.round)
            if key not in votes:
                votes[key] = {"phase": phase, "at": req.at, "do": do, "rnd": rnd, "votes": {}}
                items.append(votes[key])
            if not _passed(req, answer):
                votes[key]["votes"][req.actor] = answer
            continue
        if _passed(req, answer):
            continue
        by = req.actor if req.actor is not None else req.by
        role = [req.by] if req.actor is not None and req.by else []  # the seat's card, for a comment
        last = items[-1] if items else None
        if (last is not None and "by" in last and isinstance(by, int) and answer is True and last["choose"] is True
                and (last["at"], last["do"], last["rnd"]) == (req.at, do, rnd) and all(isinstance(b, int) for b in last["by"])):
            last["by"].append(by)
            last["roles"] += role
            continue
        items.append({"phase": phase, "at": req.at, "do": do, "rnd": rnd, "by": [by], "choose": answer, "roles": role})
    lines = []
    for item in items:
        if "votes" in item:
            if item["votes"]:
                ballots = ", ".join(f"{v}: {yaml_text(t)}" for v, t in item["votes"].items())
                lines.append((item["phase"], f"{{at: {item['at']}, do: {item['do']}, votes: {{{ballots}}}{item['rnd']}}}"))
            continue
        by = item["by"][0] if len(item["by"]) == 1 else yaml_text(item["by"])
        note = f"   # {', '.join(item['roles'])}" if item["roles"] else ""
        lines.append((item["phase"], f"{{at: {item['at']}, by: {by}, do: {item['do']}, "
                                     f"choose: {yaml_text(item['choose'])}{item['rnd']}}}{note}"))
    return tuple(lines)


def expect_lines(events: list[dict], unannounced: tuple[int, ...] = ()) -> list[str]:
    """``expect:`` of a game's log: every death in order (its time as the rules give it,
    its last words), the badge at the end, the winner (``none``: the game goes on,
    ``draw``: it ended with no winner). ``unannounced``: the seats whose deaths the run
    stopped before announcing: their last words are not decided yet, and left out (the
    file then holds when ``stop_after`` moves on to the announcement)."""
    deaths = [e for e in events if e["type"] == "death"]
    sheriff = None
    for e in events:
        if e["type"] == "sheriff":
            sheriff = e.get("seat")
    over = next((e for e in events if e["type"] == "game_over"), None)
    if over is None:
        winner = "none"
    elif not over.get("winners"):
        winner = "draw"
    else:
        winner = over["winners"][0] if len(over["winners"]) == 1 else yaml_text(list(over["winners"]))
    out = ["expect:"]
    if deaths:
        out.append("  deaths:")
        out += [f"    - {{seat: {e['seat']}, cause: {e['cause']}, at: {e['phase']} {e['day']}"
                + ("" if e["seat"] in unannounced else f", last_words: {yaml_text(bool(e.get('last_words')))}")
                + "}" for e in deaths]
    else:
        out.append("  deaths: []")
    out.append(f"  sheriff: {yaml_text(sheriff)}")
    out.append(f"  winner: {winner}")
    return out


def scenario_text(rec: Recording, stop_after: Phase | None, expect: list[str] | None,
                  held_back: tuple[tuple[Phase, str], ...] = (), note: str = "") -> str:
    """The scenario file of ``rec``; ``held_back``: decisions written as comments (of a
    phase the file does not play); ``note``: comment lines after the header."""
    lines = [f"# A game recorded at the table: {rec.command}",
             "# `wolfdsl run --script` replays it: the cards as dealt, every answer but the passes",
             "# (otherwise: abstain gives them back), the deaths and the winner as they happened."]
    lines += [f"# {line}" for line in note.splitlines()]
    lines.append(f"ruleset: {rec.ruleset}")
    lines.append(f"seed: {rec.seed}")
    lines.append(f"seats: [{', '.join(rec.seats)}]")
    if rec.options:
        lines.append("options: {" + ", ".join(f"{k}: {v}" for k, v in rec.options.items()) + "}")
    lines.append("otherwise: abstain")
    if stop_after is not None:
        lines.append(f"stop_after: {stop_after[0]} {stop_after[1]}")
    if rec.decisions:
        lines.append("decisions:")
        lines += [f"  - {line}" for _, line in rec.decisions]
    else:
        lines.append("decisions: []")
    if held_back:
        lines.append("  # answered before the moderator stopped, in a phase this file does not play:")
        lines += [f"  # - {line}" for _, line in held_back]
    lines += expect or []
    return "\n".join(lines) + "\n"


def _order(p: Phase) -> tuple[int, int]:
    return (p[1], 0 if p[0] == "night" else 1)


def previous(p: Phase, first: Phase) -> Phase | None:
    """The phase before ``p`` (night N comes after day N-1, day N after night N), or
    ``None`` before ``first``, the game's first phase."""
    before = ("day", p[1] - 1) if p[0] == "night" else ("night", p[1])
    return None if _order(before) < _order(first) or before[1] < 1 else before


def save(rec: Recording, events: list[dict], now: Phase | None, asked_now: bool, first: Phase,
         write: Callable[[str], None], replay: Callable[[], Any]) -> Phase | None:
    """Write the record of a game (``write(text)``) and return the phase it stops after
    (``None``: the game ended, its ``expect:`` is the log's, ``events``).

    ``now``: the phase the moderator stopped in (``None``: the game ended); the file then
    stops after it when something was asked in it (``asked_now``), else after the phase
    before, which was played to its end; ``expect:`` is what ``replay()`` (the file
    played as ``wolfdsl run --script`` plays it) gives. When the file does not play (the
    rest of the phase cannot be passed), it stops a phase earlier, the answers after that
    kept as comments."""
    if now is None:
        write(scenario_text(rec, None, expect_lines(events)))
        return None
    stop: Phase | None = now if asked_now else previous(now, first) or first
    while stop is not None:
        kept = tuple(d for d in rec.decisions if _order(d[0]) <= _order(stop))
        held = tuple(d for d in rec.decisions if _order(d[0]) > _order(stop))
        shown = rec if not held else replace(rec, decisions=kept)
        when = f"{stop[0]} {stop[1]}"
        if stop == now:
            note = (f"The moderator stopped in {when}: the record ends after it (stop_after); what {when} had not "
                    f"yet asked\nis passed, and expect: is what this file plays.")
        else:
            note = (f"The moderator stopped in {now[0]} {now[1]}: the record ends after {when} (stop_after), the last "
                    f"phase played\n{'to its end' if not held else 'that this file can play: the rest cannot be passed'}"
                    f"; expect: is what this file plays.")
        write(scenario_text(shown, stop, None, held, note))
        try:
            outcome = replay()
        except WolfError:
            stop = previous(stop, first)
            continue
        result = outcome.result
        write(scenario_text(shown, stop, expect_lines(result.events, getattr(result, "unannounced", ())), held, note))
        return stop
    write(scenario_text(replace(rec, decisions=()), first, None, rec.decisions,
                        f"The moderator stopped in {now[0]} {now[1]}; the rules require a choice nobody made."))
    return first
