"""``wolfdsl narrate LOG``: one game of an event log (``--log FILE``) told again.

``read_game(path, game)`` reads the JSON Lines and returns the events of game ``game``
(the first in the file when ``None``); ``ruleset_of(events, ref, log)`` loads the ruleset
the game was played on — the one given, else the file of one's own or the bundled
ruleset the ``game_start`` event names — for its display names, or ``None`` when it
cannot be had (the narration then uses the log's ids), with a note when what it took may
not be what was played. A log named ``-`` is read from standard input
(``wolfdsl run X --log - | wolfdsl narrate -``). ``agents_of(events, ruleset)`` names the
bots that played it, as the narration of the live game does.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..diagnostics import Span, WolfError


STDIN = "-"
"""The log name that means standard input."""


def from_stdin(path: str | Path | None) -> bool:
    """Whether the log ``path`` is ``-``, standard input."""
    return path is not None and str(path) == STDIN


def shown(path: str | Path) -> str:
    """How a message names the log: its path, or ``standard input``."""
    return "standard input" if from_stdin(path) else str(path)


def _read_text(path: str | Path) -> str:
    """The text of the log ``path`` (standard input for ``-``), read as UTF-8."""
    if from_stdin(path):
        raw = getattr(sys.stdin, "buffer", None)
        return raw.read().decode("utf-8") if raw is not None else sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def read_game(path: str | Path, game: int | None = None) -> list[dict]:
    """The events of one game of a log; raises ``WolfError`` for a bad file or game."""
    return read_log(path, game)[0]


def which_game(path: str | Path, events: list[dict], games: list[int]) -> str | None:
    """A note saying which game of a several-game log a command took by default
    (``None`` for a one-game log): "game.jsonl holds 5 games (0 to 4); this is game 0 …"."""
    if len(games) < 2:
        return None
    span = f"{min(games)} to {max(games)}" if sorted(games) == list(range(min(games), max(games) + 1)) \
        else ", ".join(map(str, games[:10])) + (" …" if len(games) > 10 else "")
    return (f"note: {shown(path)} holds {len(games)} games ({span}); this is game {events[0].get('game', 0)}, "
            "the first: give --game G for another")


def read_log(path: str | Path, game: int | None = None) -> tuple[list[dict], list[int]]:
    """``(events of one game, every game index in the log in order)``; ``game`` ``None``:
    the first. Raises ``WolfError`` for a bad file or game."""
    try:
        text = _read_text(path)
    except OSError as err:
        raise WolfError(f"cannot read {shown(path)}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise WolfError(f"{shown(path)} is not " + ("UTF-8 text" if from_stdin(path) else "a UTF-8 text file")) from None
    where = "<stdin>" if from_stdin(path) else str(path)
    if not from_stdin(path):
        from ..filekind import file_kind, not_a_log

        kind = file_kind(path)
        if kind is not None and not text.lstrip().startswith("{"):
            raise WolfError(not_a_log(shown(path), kind))
    events, games, lines = [], [], []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError as err:
            raise WolfError(f"not a JSON object: {err.msg}: line {n} column {err.colno}",
                            Span(where, n, err.colno, text=text)) from None
        if not isinstance(ev, dict) or "type" not in ev:
            raise WolfError("not an event (a JSON object with a type)", Span(where, n, 1, text=text))
        g = ev.get("game", 0)
        if g.__class__ is not int:
            raise WolfError(f"an event's game is its number in the run, from 0: not {json.dumps(g)}",
                            Span(where, n, _column(line, "game"), text=text))
        if g not in games:
            games.append(g)
        if game is None:
            game = g
        if g == game:
            events.append(ev)
            lines.append((n, line))
    for ev, (n, line) in zip(events, lines):  # after every line is known to be JSON
        _check_event(ev, line, Span(where, n, 1, text=text))
    if not events:
        listed = ", ".join(map(str, games[:20])) + (" …" if len(games) > 20 else "")
        if not games:
            raise WolfError(f"{shown(path)} is empty: it holds no event (an event log is written by wolfdsl run --log FILE.jsonl)")
        raise WolfError(f"{shown(path)} has no game {game}; games: {listed}")
    return events, games


def _check_event(event: dict, line: str, where: Span) -> None:
    """Raise ``WolfError`` at ``where`` (the event's line; the column of the field at
    fault when it can be found in ``line``) when a field of the event has another shape
    than the event log's schema gives it (``wolfdsl/schemas/events.schema.json``,
    docs/eventlog.md): ``"targets": 3`` for ``[3]``, say. Narrating or explaining such an
    event would fail half-way. A missing field is let through (a log written by hand
    may leave out what its story does not need: ``seq``, say)."""
    from ..play.eventlog import first_problem

    problem = first_problem(event, required=False)
    if problem is None:
        return
    field, message = problem
    raise WolfError(f"this {event.get('type')!s} event is not as an event log writes it: {message} "
                    "(docs/eventlog.md lists each type's fields; wolfdsl run --log FILE writes them)",
                    Span(where.file, where.line, _column(line, field), text=where.text))


def _column(line: str, field: str | None) -> int:
    """The column (from 1) of ``"field"`` in an event's JSON line; 1 when it is not there."""
    return line.find(f'"{field}"') + 1 if field and f'"{field}"' in line else 1


def ruleset_of(events: list[dict], ref: str | None = None,
               log: str | Path | None = None) -> tuple[Any, str | None]:
    """``(ruleset, note)``: the compiled ruleset for the display names, or ``None`` when
    none can be had (the log's ids are shown then), and a note for stderr saying what
    was taken when it may not be what was played (``None`` when all is well).

    ``ref`` when given (one that does not load raises ``WolfError``). Else the one the
    ``game_start`` event names: a game played on a file of one's own records its
    ``ruleset_sha256`` (:func:`wolfdsl.lang.load.own_sha256`), and the ``NAME.wolf`` in
    the current folder or beside the log file ``log`` with those contents is taken, never
    a bundled ruleset of the same name (with a note when the bundled files it imports
    differ from those played: ``ruleset_text_sha256``); without it (a bundled ruleset, or a log written
    before logs recorded it) the bundled one, else ``NAME.wolf`` here or beside the log.
    A log read from standard input has no folder to look beside."""
    from ..lang.load import bundled_path, file_sha256, load

    start = next((e for e in events if e.get("type") == "game_start"), {})
    played = start.get("ruleset_sha256")
    whole = start.get("ruleset_text_sha256")

    def same_text(rs: Any, what: str) -> tuple[Any, str | None]:
        """``rs``, with a note when its own file is the one played but the bundled files
        it imports are not (the log's ``ruleset_text_sha256`` differs)."""
        if whole and rs.text_sha256 and rs.text_sha256 != whole:
            return rs, (f"note: {what} is the file {shown(log)} was played on, but the bundled files it imports "
                        f"have changed since (the log's ruleset_text_sha256 is {whole[:12]}…): rules may differ "
                        "from those of the game")
        return rs, None

    if ref is not None:
        rs = load(ref)
        if played and rs.source_sha256 != played:
            return rs, (f"note: {ref} is not the ruleset {shown(log)} was played on (the log's ruleset_sha256 is "
                        f"{played[:12]}…): names and rules may differ from those of the game")
        return same_text(rs, ref)
    name = _named(events)
    if not name:
        return None, missing_ruleset_note(events, log)
    beside = None if log is None or from_stdin(log) else Path(log).parent / f"{name}.wolf"
    here = [p for p in dict.fromkeys([Path(f"{name}.wolf"), beside]) if p is not None and p.is_file()]
    if played:
        for p in here:
            try:
                if file_sha256(str(p)) == played:
                    return same_text(load(str(p)), str(p))
            except WolfError:
                continue
        where = "in this folder" + ("" if beside is None else " or beside the log")
        for p in here:
            try:
                rs = load(str(p))
            except WolfError:
                continue
            return rs, (f"note: {p} is not the file {shown(log)} was played on: its contents differ (the log's "
                        f"ruleset_sha256 is {played[:12]}…); names may differ: give --ruleset FILE for the one played")
        if bundled_path(name) is not None:
            return load(name), (f"note: {shown(log)} was played on a {name}.wolf of its own, not the bundled {name}, "
                                f"and no {name}.wolf is {where}: shown with the bundled {name}'s names, which may "
                                f"differ; give --ruleset path/to/{name}.wolf")
        return None, missing_ruleset_note(events, log)
    for ref in [name] + [str(p) for p in here if p == beside]:
        try:
            return load(ref), None
        except WolfError:
            continue
    return None, missing_ruleset_note(events, log)


def _named(events: list[dict]) -> str | None:
    start = next((e for e in events if e.get("type") == "game_start"), {})
    return str(start["ruleset"]) if start.get("ruleset") else None


def missing_ruleset_note(events: list[dict], log: str | Path) -> str:
    """Why the names are the log's ids when :func:`ruleset_of` found no ruleset."""
    name = _named(events)
    if name is None:
        return f"note: {shown(log)} names no ruleset (no game_start event): roles and steps are shown by their ids; " \
               "give --ruleset FILE for their names"
    if from_stdin(log):  # no folder to look beside
        return (f"note: the ruleset '{name}' of the log on standard input is not bundled, and no {name}.wolf is "
                "in this folder (a log read from standard input has no folder to look beside): roles and steps "
                f"are shown by their ids; give --ruleset FILE for their names (--ruleset path/to/{name}.wolf)")
    return (f"note: the ruleset '{name}' of {log} is not bundled, and no {name}.wolf is in this folder or "
            f"beside the log: roles and steps are shown by their ids; give --ruleset FILE for their names")


REPLAYED = ("table", "random", "heuristic")
"""The ``--agents`` specs :func:`agents_of` tries, in order (``table``: the default)."""


def agents_of(events: list[dict], ruleset: Any) -> str | None:
    """The ``--agents`` spec that played a logged game, for the narration's title, so that
    ``wolfdsl narrate LOG`` says "table bots" as ``wolfdsl run`` did: the log's own
    ``agents`` (a game with seats of people or programs records it), else the first of
    :data:`REPLAYED` whose replay of the game on ``ruleset`` (its seed, number and player
    count) gives exactly the logged events — the same seed, ruleset and agents give the
    same log, so the match is the proof; a game played with options the ruleset does not
    set, a scenario's or mixed bots matches none: ``None``, and the title names no bots."""
    from ..play import game_log, make_agent, play
    from ..play.seeding import agent_seed

    start = next((e for e in events if e.get("type") == "game_start"), None)
    if start is None:
        return None
    if start.get("agents"):
        return str(start["agents"])
    seed, game, seats = start.get("seed"), start.get("game", 0), start.get("seats")
    if ruleset is None or type(seed) is not int or type(game) is not int or not isinstance(seats, list):
        return None
    logged = [json.dumps(e, sort_keys=True) for e in events]
    for spec in REPLAYED:
        try:
            result = play(ruleset, seed=seed, agent=make_agent(spec, agent_seed(seed), ruleset), game=game,
                          players=len(seats))
        except (WolfError, ValueError, KeyError, TypeError):  # a log this ruleset cannot replay
            return None
        replayed = [json.dumps(json.loads(line), sort_keys=True) for line in game_log(result.events).splitlines()]
        if replayed == logged:
            return spec
    return None
