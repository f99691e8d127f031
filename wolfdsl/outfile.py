"""Output files written safely: ``--log``, ``--output-file``, ``--junit``, ``-o``.

``output(path, option, inputs)`` is a context manager giving a text file to write:

- it refuses (a :class:`WolfError`, exit 2) a path that is one of the run's ``inputs``
  (the ruleset, a file it imports, the scenario: the same file by any name, symlinks and
  hard links included) or a folder;
- it writes to a temporary file beside the target and renames it over the target at the
  end, so the target is never left half written and an earlier file survives a run that
  fails; on ^C the whole lines written so far are kept (a ``--log`` then ends with the
  last whole game);
- a full disk, a missing folder or a file that cannot be written is a one-line error
  naming the option, never a traceback. Special files (``/dev/null``, ``/dev/stdout``, a
  pipe) are written directly;
- ``-`` is standard output (:func:`is_stdout`; so is ``./-``, which a path option reads as
  ``-``; ``out/-`` is a file of that name). A command
  writes there instead of what it prints on standard output, and refuses two things for
  it (:func:`one_on_stdout`).
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterable, Iterator

from .diagnostics import WolfError


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


STDOUT = "-"
"""The file name that means standard output."""


def is_stdout(path: str | os.PathLike | None) -> bool:
    """Whether ``path`` is ``-``, standard output."""
    return path is not None and os.fspath(path) == STDOUT


def not_on_stdout(path: str | os.PathLike | None, option: str, why: str) -> None:
    """Raise a :class:`WolfError` when ``path`` is ``-`` for an ``option`` whose output
    cannot go to standard output; ``why`` says what to give instead."""
    if is_stdout(path):
        raise WolfError(f"{option} -: {why}")


def one_on_stdout(*claims: tuple[str, bool, str]) -> None:
    """Raise a :class:`WolfError` when more than one of ``claims`` writes to standard
    output: each is ``(what, writes there, how to write it elsewhere)``, such as
    ``("--log -", log == "-", "give --log a file name")``."""
    on = [(what, fix) for what, used, fix in claims if used]
    if len(on) > 1:
        (a, fix_a), (b, fix_b) = on[:2]
        raise WolfError(f"{a} and {b} both write to standard output: {fix_a}, or {fix_b}")


def refuse_inputs(path: str | os.PathLike, option: str, inputs: Iterable[str | os.PathLike]) -> None:
    """Raise a :class:`WolfError` when ``path`` is a folder or one of ``inputs``."""
    if is_stdout(path):
        return
    target = Path(path)
    if target.is_dir():
        raise WolfError(f"{option} {path}: this is a folder; give a file name such as {target / 'game.jsonl'}")
    if not target.exists():
        return
    for given in inputs:
        if given is not None and _same(target, Path(given)):
            raise WolfError(f"{option} {path}: this is an input of the run ({given}); writing there would "
                            "destroy it: give another file name")


def _failed(path, option: str, err: OSError) -> WolfError:
    return WolfError(f"{option}: cannot write {path}: {err.strerror or err}")


@contextmanager
def output(path: str | os.PathLike, option: str = "--log",
           inputs: Iterable[str | os.PathLike] = ()) -> Iterator[IO[str]]:
    """A text file (UTF-8, ``\\n`` line ends) that becomes ``path`` when the block ends;
    see the module's docstring for what is refused and how errors are reported."""
    if is_stdout(path):  # a closed pipe is the command's to handle (terminal.quiet_broken_pipe)
        yield sys.stdout
        sys.stdout.flush()
        return
    refuse_inputs(path, option, inputs)
    target = Path(path)
    direct = target.exists() and not target.is_file()  # /dev/null, a pipe, a terminal
    tmp = None if direct else target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        fh = open(target if tmp is None else tmp, "w", encoding="utf-8", newline="\n")
    except OSError as err:
        if tmp is None:
            raise _failed(path, option, err) from None
        try:  # a folder we may not create files in, but a file we may write
            fh, tmp = open(target, "w", encoding="utf-8", newline="\n"), None
        except OSError as err2:
            raise _failed(path, option, err2) from None
    try:
        try:
            yield fh
            fh.flush()
        except KeyboardInterrupt:
            _keep_whole_lines(fh)
            fh.close()
            if tmp is not None:
                os.replace(tmp, target)
            raise
        fh.close()
        if tmp is not None:
            os.replace(tmp, target)
            tmp = None
    except OSError as err:
        raise _failed(path, option, err) from None
    finally:
        if not fh.closed:
            try:
                fh.close()
            except OSError:
                pass
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _keep_whole_lines(fh: IO[str]) -> None:
    """Cut a file being written back to its last complete line."""
    try:
        fh.flush()
        with open(fh.name, "rb+") as raw:
            data = raw.read()
            raw.truncate(data.rfind(b"\n") + 1)
    except (OSError, TypeError):
        pass


def files_under(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The files of ``paths``, each folder's ``.wolf`` and YAML files included: what a
    command reading them must not write over."""
    out: list[Path] = []
    for given in paths:
        p = Path(given)
        if p.is_dir():
            out += [f for pattern in ("*.wolf", "*.yaml", "*.yml") for f in p.rglob(pattern)]
        elif p.exists():
            out.append(p)
    return out


def write_text(path: str | os.PathLike, text: str, option: str,
               inputs: Iterable[str | os.PathLike] = ()) -> None:
    """Write ``text`` to ``path`` through :func:`output`."""
    with output(path, option, inputs) as fh:
        fh.write(text)
