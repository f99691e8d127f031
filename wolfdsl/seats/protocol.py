"""A program at a seat: the seat protocol, one JSON object a line (``--seat N=cmd:COMMAND``).

wolfdsl starts ``COMMAND`` (split like a shell would, run in the current folder) and
writes to its standard input; the program answers on its standard output. Messages
(the schema ``wolfdsl/schemas/seat-protocol.schema.json``; ``docs/seats.md``):

- ``{"type": "hello", ...}``: a game starts: ruleset, game, seat, players, role, faction,
  team, teammates, deck (:func:`wolfdsl.seats.router.hello`);
- ``{"type": "observe", "event": {...}}``: an event the seat may see, in the event-log
  format (docs/eventlog.md), trimmed to what the seat may know;
- ``{"type": "card", "role": ..., "faction": ..., "team": ...}``: the seat's card changed;
- ``{"type": "decide", "action": ..., "kind": ..., "options": [...], "can_pass": ...,
  ...}`` (``ask``, ``ask_zh``: the ruleset's question for a person, when it writes one):
  answer with one line, ``{"choice": VALUE}`` (``null``: pass);
- ``{"type": "end", "over": ..., "winners": [...], "winning_seats": [...], "reason": ...}``.

Only ``decide`` is answered, with exactly one line. The same process plays every game of a run at its seat (a
new ``hello`` starts the next game) until its standard input closes. A program that
exits, writes a line that is not such an answer or a line nobody asked for (caught
before the next ``decide``: :meth:`BotProcess.ask`), or takes longer than the time limit
(:data:`wolfdsl.seats.spec.DEFAULT_TIMEOUT`, ``--timeout``) is stopped and replaced
(:mod:`wolfdsl.seats.router`); what it last wrote on standard error is quoted in the
reason.
"""
from __future__ import annotations

import array
import atexit
import json
import os
import select
import shlex
import subprocess
import threading
import time
from collections import deque
from typing import Any

try:  # how much of its input a program has read (Linux)
    import fcntl
    import termios
except ImportError:  # pragma: no cover
    pass

from ..play.agents import Request
from .router import SeatFailure

_KINDS = {
    "seat": "a seat number or null",
    "ballot": "a seat number or null",
    "seats": "a list of seat numbers or null",
    "yes_no": "true, false or null",
    "symbol": "a string or null",
}


def decide_message(req: Request) -> dict:
    """The ``decide`` message of ``req``: ``{type, action, short, by, day, phase, round,
    kind, options, can_pass, count}``; ``options`` are seat numbers, ``true``/``false`` or
    strings; ``count`` is the number of seats a ``seats`` decision takes (0: any). A
    decision with an ``ask`` clause adds the question: ``ask`` (English) and ``ask_zh``
    (Chinese, when the ruleset gives it), as a person reads it (:meth:`Request.question`)."""
    msg = {"type": "decide", "action": req.action, "short": req.short, "by": req.by,
           "day": req.day, "phase": req.phase, "round": req.round, "kind": req.kind,
           "options": list(req.options), "can_pass": req.can_pass, "count": req.count}
    if req.ask is not None and req.ask[0]:  # without its "(0: …)" where no pass is allowed
        msg["ask"] = req.question()
        if req.ask[1]:
            msg["ask_zh"] = req.question(zh=True)
    return msg


def choice_of(kind: str, line: str) -> Any:
    """The answer on ``line`` (``{"choice": VALUE}``) as the engine takes it; raises
    :class:`SeatFailure` for a line that is not such an answer or a value of the wrong
    type for ``kind`` (legality is the referee's to check)."""
    try:
        msg = json.loads(line)
    except ValueError:
        raise SeatFailure(f"wrote {_cut(line)}, which is not JSON; answer with {{\"choice\": ...}}") from None
    if not isinstance(msg, dict) or "choice" not in msg:
        raise SeatFailure(f"wrote {_cut(line)}; answer a decide with {{\"choice\": ...}}")
    value = msg["choice"]
    if value is None:
        return None
    ok = {
        "seat": _is_seat(value), "ballot": _is_seat(value),
        "seats": isinstance(value, list) and all(_is_seat(v) for v in value),
        "yes_no": isinstance(value, bool), "symbol": isinstance(value, str),
    }.get(kind, True)
    if not ok:
        raise SeatFailure(f"answered {_cut(line)}; a {kind} decision takes {_KINDS.get(kind, 'a value')}")
    return tuple(sorted(value)) if kind == "seats" else value


def _is_seat(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _cut(text: str, width: int = 80) -> str:
    text = text.rstrip("\n")
    return repr(text if len(text) <= width else text[:width] + "…")


class BotProcess:
    """A running program: lines in, lines out, the last lines of its standard error kept
    for messages.

    Its standard output is read here, without a thread, so that what it has written is
    known exactly when a decision is asked (:meth:`ask`)."""

    def __init__(self, command: str):
        self.command = command
        try:
            argv = shlex.split(command)
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                         errors="replace", bufsize=1)
        except (OSError, ValueError) as err:
            raise SeatFailure(f"cannot start '{command}': {getattr(err, 'strerror', None) or err}") from None
        self.out = self.proc.stdout.fileno()
        os.set_blocking(self.out, False)
        self.buffer = b""
        self.closed = False  # its standard output reached end of file
        self.errors: deque[str] = deque(maxlen=5)
        self._stderr_reader = threading.Thread(target=self._read_errors, daemon=True)
        self._stderr_reader.start()

    def _read_errors(self) -> None:
        for line in self.proc.stderr:
            if line.strip():
                self.errors.append(line.rstrip("\n"))

    def alive(self) -> bool:
        return self.proc.poll() is None

    def gone(self) -> SeatFailure:
        """Why the program cannot be talked to: its exit code and last error line."""
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        if code is not None:
            # The program has exited: its standard error reaches end of file soon, so
            # wait for the reader to keep the last line (a race otherwise drops it).
            self._stderr_reader.join(timeout=1)
        what = f"exited with code {code}" if code is not None else "closed its output"
        last = self.errors[-1] if self.errors else None
        return SeatFailure(what + (f" ({last.strip()})" if last else ""))

    def send(self, msg: dict) -> None:
        self._write(json.dumps(msg, ensure_ascii=False, separators=(",", ":")) + "\n")

    def _write(self, text: str) -> None:
        try:
            self.proc.stdin.write(text)
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise self.gone() from None

    def _read(self, wait: float) -> None:
        """Add what the program has written to :attr:`buffer`, waiting up to ``wait``
        seconds for something when nothing is there yet."""
        if wait > 0 and b"\n" not in self.buffer and not self.closed:
            select.select([self.out], [], [], wait)
        while not self.closed:
            try:
                chunk = os.read(self.out, 65536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self.closed = True
            self.buffer += chunk

    def _line(self) -> str | None:
        """The next whole line the program wrote, if any."""
        line, nl, rest = self.buffer.partition(b"\n")
        if not nl:
            return None
        self.buffer = rest
        return line.decode("utf-8", errors="replace")

    def _unread(self) -> int:
        """How much of what was sent the program has not read yet (0 where the system
        cannot tell: then :meth:`ask` cannot wait for it)."""
        try:
            size = array.array("i", [0])
            fcntl.ioctl(self.proc.stdin.fileno(), termios.FIONREAD, size)
            return size[0]
        except (NameError, OSError, ValueError):
            return 0

    def _caught_up(self, msg: dict, deadline: float, timeout: float) -> None:
        """Wait until the program has read all it was sent, then raise for any line it
        wrote meanwhile: it was written before the program read the question to come."""
        pause = 0.00005
        while True:
            self._read(0)
            line = self._line()
            if line is not None:
                raise SeatFailure(f"wrote {_cut(line)} when no decision was asked, before {_asked(msg)}; "
                                  "write one line for each decide and nothing else")
            if self.closed or not self.alive():
                raise self.gone()
            if not self._unread():
                return
            if time.monotonic() > deadline:
                raise _late(msg, timeout)
            self._read(pause)
            pause = min(pause * 2, 0.002)

    def ask(self, msg: dict, timeout: float) -> str:
        """Send ``msg`` and wait for one line; raises :class:`SeatFailure`, also for a
        line written before the question (answers would no longer match questions).

        The question is sent in two parts: all but its closing ``}\\n``, once the program
        has read everything before it; then the rest, once it has read that part too.
        A program that handles one line before it reads the next has then handled every
        earlier message, so any line it wrote for them is already here, and is refused
        instead of being taken as the answer (docs/seats.md, Time limits and failures)."""
        deadline = time.monotonic() + timeout
        text = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
        self._caught_up(msg, deadline, timeout)
        self._write(text[:-1])
        self._caught_up(msg, deadline, timeout)
        self._write(text[-1] + "\n")
        while True:
            line = self._line()
            if line is not None:
                return line
            if self.closed:
                raise self.gone()
            left = deadline - time.monotonic()
            if left <= 0:
                raise _late(msg, timeout)
            self._read(left)

    def stop(self, wait: float = 1.0) -> None:
        """Close its input (the end of the run), then end it if it does not exit."""
        try:
            self.proc.stdin.close()
        except (OSError, ValueError):
            pass
        try:
            self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _asked(msg: dict) -> str:
    return f"{msg.get('action')} ({msg.get('phase')} {msg.get('day')})"


def _late(msg: dict, timeout: float) -> SeatFailure:
    return SeatFailure(f"no answer to {_asked(msg)} within {timeout:g} s (the time limit; --timeout sets it)")


_LIVE: dict[tuple[int, str], BotProcess] = {}
"""The programs of this process, by ``(seat, command)``: kept from one game to the next."""


def stop_all(wait: float = 1.0) -> None:
    """Stop every program still running (at exit, and at the end of a worker process),
    giving each ``wait`` seconds to finish reading its input."""
    while _LIVE:
        _, bot = _LIVE.popitem()
        bot.stop(wait)


def _forget() -> None:
    """In a forked child (a Monte Carlo worker): the parent's programs are not ours to
    talk to (their reader threads stayed behind); start our own."""
    _LIVE.clear()


atexit.register(stop_all)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget)
try:  # worker processes of a Monte Carlo run skip atexit; multiprocessing's finalizers run
    from multiprocessing.util import Finalize

    Finalize(None, stop_all, exitpriority=100)
except ImportError:  # pragma: no cover
    pass


class CommandAgent:
    """``cmd:COMMAND`` at ``seat``: a :class:`~wolfdsl.seats.router.SeatPlayer` over the
    protocol. The program is started at the first ``hello`` and kept for the next games."""

    seat_player = True

    def __init__(self, seat: int, command: str, timeout: float):
        self.seat = seat
        self.command = command
        self.timeout = timeout
        self.bot: BotProcess | None = None

    def start(self, hello: dict) -> None:
        key = (self.seat, self.command)
        bot = _LIVE.get(key)
        if bot is None or not bot.alive():
            bot = _LIVE[key] = BotProcess(self.command)
        self.bot = bot
        bot.send(hello)

    def observe(self, event: dict) -> None:
        self.bot.send({"type": "observe", "event": event})

    def card(self, card: dict) -> None:
        self.bot.send({"type": "card", **card})

    def decide(self, request: Request) -> Any:
        return choice_of(request.kind, self.bot.ask(decide_message(request), self.timeout))

    def end(self, info: dict) -> None:
        self.bot.send(info)

    def close(self, failed: bool) -> None:
        if failed and self.bot is not None:
            if _LIVE.get((self.seat, self.command)) is self.bot:
                del _LIVE[(self.seat, self.command)]
            self.bot.stop(wait=0)
