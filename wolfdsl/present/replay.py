"""``wolfdsl narrate LOG``: one game of an event log (``--log FILE``) told again.

``read_game(path, game)`` reads the JSON Lines and returns the events of game ``game``
(the first in the file when ``None``); ``ruleset_of(events, ref)`` loads the ruleset the
game was played on — the one given, else the bundled (or local) ruleset the
``game_start`` event names — for its display names, or ``None`` when it cannot be had
(the narration then uses the log's ids). A log named ``-`` is read from standard input
(``wolfdsl run X --log - | wolfdsl narrate -``).
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
    events, games = [], []
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
        if g not in games:
            games.append(g)
        if game is None:
            game = g
        if g == game:
            events.append(ev)
    if not events:
        listed = ", ".join(map(str, games[:20])) + (" …" if len(games) > 20 else "")
        if not games:
            raise WolfError(f"{shown(path)} is empty: it holds no event (an event log is written by wolfdsl run --log FILE.jsonl)")
        raise WolfError(f"{shown(path)} has no game {game}; games: {listed}")
    return events, games


def ruleset_of(events: list[dict], ref: str | None = None, log: str | Path | None = None) -> Any:
    """The compiled ruleset for the display names: ``ref`` when given (one that does not
    load raises ``WolfError``), else the one the ``game_start`` event names — bundled,
    a ``NAME.wolf`` in the current folder, or one beside the log file ``log`` (a log
    read from standard input has no folder) — or ``None`` when none loads (see
    :func:`missing_ruleset_note`)."""
    from ..lang.load import load

    if ref is not None:
        return load(ref)
    name = _named(events)
    if not name:
        return None
    tries = [name] + ([str(Path(log).parent / f"{name}.wolf")] if log is not None and not from_stdin(log) else [])
    for ref in tries:
        try:
            return load(ref)
        except WolfError:
            continue
    return None


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
