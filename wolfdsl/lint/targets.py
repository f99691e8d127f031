"""What ``wolfdsl lint`` checks: files, folders (every ``.wolf`` file under them, hidden
folders left out), bundled ruleset names, and ``-`` (the text on stdin).

``expand(names)`` gives :class:`Target` values or raises ``ValueError`` with a message
for the command line; ``stdin_target(text, filename)`` writes the text where its imports
resolve (next to ``filename``) for the duration of a ``with`` block.
"""
from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..diagnostics import did_you_mean
from ..filekind import file_kind, log_not_ruleset, scenario_not_ruleset

SKIPPED_DIRS = {"node_modules", "__pycache__", "venv", "site-packages"}


@dataclass(frozen=True)
class Target:
    """One file to lint: its ``path``, the name findings give it (``shown``) and whether
    it is a bundled ruleset (its reproducers then go to the current folder)."""
    path: str
    shown: str
    bundled: bool = False


def _walk(folder: Path) -> Iterator[Path]:
    for entry in sorted(folder.iterdir()):
        if entry.is_dir():
            if not entry.name.startswith(".") and entry.name not in SKIPPED_DIRS:
                yield from _walk(entry)
        elif entry.suffix == ".wolf":
            yield entry


def expand(names: list[str], skipped: list[str] | None = None) -> list[Target]:
    """The files named, found under the folders named, or bundled under that name.

    A scenario file named is refused (``ValueError``), unless ``skipped`` is given (a
    batch): it is then added there and left out. So are folders that hold no ``.wolf``
    file when nothing else is named (the scenario files in them are named)."""
    from ..lang.load import bundled, bundled_path

    out: list[Target] = []
    empty: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_file():
            if path.suffix.lower() == ".jsonl":
                raise ValueError(log_not_ruleset(name))
            if file_kind(path) == "scenario":
                if skipped is None:
                    raise ValueError(scenario_not_ruleset(name))
                skipped.append(name)
                continue
            out.append(Target(name, name))
        elif path.is_dir():
            found = [Target(str(p), str(p)) for p in _walk(path)]
            out += found
            if not found:
                empty.append(path)
        else:
            found = bundled_path(name[:-5] if name.endswith(".wolf") else name)
            if found is None or path.is_absolute():
                raise ValueError(f"file '{name}' does not exist and is not a bundled ruleset"
                                 f"{did_you_mean(name, bundled())}")
            out.append(Target(str(found), str(found), True))
    if empty and not out and (skipped is None or not skipped):
        raise ValueError(_no_rulesets(empty))
    return out


def _no_rulesets(folders: list[Path]) -> str:
    """``no .wolf file in DIR``, and the scenario files there (``wolfdsl test`` runs them)."""
    scenarios = sorted(str(p) for f in folders for p in f.rglob("*")
                       if p.suffix in (".yaml", ".yml") and p.is_file() and file_kind(p) == "scenario")
    where = ", ".join(str(f) for f in folders)
    if not scenarios:
        return f"no .wolf file in {where}"
    shown = ", ".join(scenarios[:3]) + (f", and {len(scenarios) - 3} more" if len(scenarios) > 3 else "")
    return (f"no .wolf file in {where}, only scenario file{'s' if len(scenarios) > 1 else ''} ({shown}): "
            f"run {'them' if len(scenarios) > 1 else 'it'} with wolfdsl test {where.split(', ')[0]}")


@contextmanager
def stdin_target(text: str, filename: str | None) -> Iterator[Target]:
    """A file holding ``text`` beside ``filename`` (so that relative imports resolve),
    named ``filename`` in findings; removed afterwards."""
    shown = filename or "<stdin>.wolf"
    folder = Path(filename).resolve().parent if filename else Path.cwd()
    try:
        fd, tmp = tempfile.mkstemp(prefix=".wolfdsl-stdin-", suffix=".wolf", dir=folder)
    except OSError:
        fd, tmp = tempfile.mkstemp(prefix="wolfdsl-stdin-", suffix=".wolf")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        yield Target(tmp, shown)
    finally:
        os.unlink(tmp)
