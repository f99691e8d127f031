"""The terminal around every command: errors as diagnostics, ^C and SIGTERM, a reader
that stops early, and the console that prints.

Exit codes (contract section 1): 2 for a :class:`~wolfdsl.diagnostics.WolfError`, 130 on
^C, 143 on SIGTERM, 0 when a reader closes the pipe (``wolfdsl run X | head``).
"""
from __future__ import annotations

import builtins
import os
import signal
import sys
from contextlib import contextmanager
from typing import Iterator

import typer

from wolfdsl.diagnostics import WolfError


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a :class:`WolfError` into its rendered diagnostics on stderr and exit 2."""
    try:
        yield
    except WolfError as err:
        typer.echo(err.render(), err=True)
        raise typer.Exit(err.exit_code) from None


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like ^C so that the same clean-up runs."""


class InputEnded(KeyboardInterrupt):
    """The person at a seat closed the input (^D, or piped answers ran out): the game
    stops as for ^C, and says why."""


_STOPPED = {"en": ("interrupted", "input ended"), "zh": ("已中断", "输入已结束")}


@contextmanager
def interruptible(lang: str = "en") -> Iterator[None]:
    """Stop cleanly on ^C (SIGINT) or SIGTERM: ``interrupted`` on stderr, exit 130 (143);
    on :class:`InputEnded`, ``input ended``, exit 130. ``lang``: ``en`` or ``zh``
    (``已中断``, ``输入已结束``).

    Whatever runs inside (the Monte Carlo pool above all) cleans up on the way out, as
    for any exception; no traceback is shown.
    """
    def on_term(signum, frame):
        raise Terminated()

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    try:
        yield
    except KeyboardInterrupt as err:
        said = _STOPPED.get(lang, _STOPPED["en"])
        typer.echo(said[1] if isinstance(err, InputEnded) else said[0], err=True)
        raise typer.Exit(143 if isinstance(err, Terminated) else 130) from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


@contextmanager
def quiet_broken_pipe() -> Iterator[None]:
    """A reader that stops early (``wolfdsl run X | head``) ends the output quietly, exit 0."""
    try:
        yield
    except BrokenPipeError:
        # Nothing more can be written; point stdout at /dev/null so that the flush at
        # exit does not complain either.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        raise typer.Exit(0) from None


@contextmanager
def guarded(lang: str = "en") -> Iterator[None]:
    """Every command's body: :func:`interruptible` (its words in ``lang``) and
    :func:`quiet_broken_pipe`."""
    with interruptible(lang), quiet_broken_pipe():
        yield


def tolerant_streams() -> None:
    """Let stdout and stderr print on a terminal whose encoding lacks some characters
    (``LANG=C``, ``PYTHONIOENCODING=ascii``): such a character prints as ``?``, never as
    a traceback."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and (stream.encoding or "").lower().replace("-", "") != "utf8":
                stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass


def print_plain(lines: list[str]) -> bool:
    """Print ``lines`` on stdout without rich when rich would print them as plain text,
    and say whether it did (else print nothing: the caller prints them with rich).

    rich prints plain text (no colour, no wrapping with ``soft_wrap``) when stdout is
    not a terminal (``Console.is_terminal``) and nothing forces one (``FORCE_COLOR``,
    ``TTY_COMPATIBLE``, IDLE, Jupyter); importing rich and rendering line by line costs
    a narrated one-game run about a sixth of its start-up. Lines with a control
    character or anything else not printable are left to rich, which strips some."""
    if any(os.environ.get(name) is not None for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")):
        return False
    out = sys.stdout
    try:
        if out is None or out.isatty() or hasattr(builtins, "get_ipython") \
                or getattr(sys.stdin, "__module__", "").startswith("idlelib"):
            return False
    except (AttributeError, ValueError):
        return False
    if not all(line.isprintable() for line in lines):
        return False
    out.write("".join(f"{line}\n" for line in lines))
    out.flush()  # a reader that stopped early is noticed here, inside guarded()
    return True


def stdout():
    from rich.console import Console

    class Stdout(Console):
        def on_broken_pipe(self) -> None:
            # rich exits 1 here; leave it to quiet_broken_pipe (exit 0).
            self.quiet = True
            raise BrokenPipeError()

    # a file or a pipe has no width: a table there is as wide as its cells (rich's 80
    # columns cut a sweep's intervals short, "(88.6–95…"); COLUMNS still sets one
    wide = None if _is_terminal(sys.stdout) or os.environ.get("COLUMNS") else WIDE
    return Stdout(soft_wrap=True, highlight=False, width=wide)


WIDE = 400
"""The width of standard output when it is a file or a pipe (no ``COLUMNS``): wider than
any table wolfdsl prints, so none is cut."""


def _is_terminal(stream) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):  # a closed stream
        return False
