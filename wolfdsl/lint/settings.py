"""Project settings for ``wolfdsl lint``: the ``[tool.wolfdsl]`` table of the nearest
``pyproject.toml`` (the current folder or a parent)::

    [tool.wolfdsl]
    select = ["E", "W3"]       # codes, prefixes or names, as --select takes them
    ignore = ["W305"]
    strict = true              # exit 1 on warnings too

The command line wins: ``--select`` replaces ``select``, ``--ignore`` replaces
``ignore``, ``--strict`` turns strict on. ``load_settings(folder)`` returns the table
(empty when there is none) and the file it came from; a malformed table is a
``WolfError``.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..diagnostics import WolfError

KEYS = {"select": "a list of codes, prefixes or names", "ignore": "a list of codes, prefixes or names",
        "strict": "true or false"}
"""The settings ``[tool.wolfdsl]`` may give, with what each takes."""


def find_pyproject(folder: Path) -> Path | None:
    """The nearest ``pyproject.toml`` in ``folder`` or above it."""
    for d in (folder, *folder.parents):
        candidate = d / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def _toml(path: Path) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise WolfError(f"{path}: cannot read the settings: {err}") from None


def load_settings(folder: Path) -> tuple[dict[str, Any], Path | None]:
    """``([tool.wolfdsl] settings, the pyproject.toml)``; ``({}, None)`` without one."""
    path = find_pyproject(folder)
    if path is None:
        return {}, None
    table = _toml(path).get("tool", {}).get("wolfdsl", {})
    if not isinstance(table, dict):
        raise WolfError(f"{path}: [tool.wolfdsl] must be a table")
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key not in KEYS:
            raise WolfError(f"{path}: [tool.wolfdsl] has no setting '{key}'; settings: {', '.join(KEYS)}")
        if key == "strict":
            if not isinstance(value, bool):
                raise WolfError(f"{path}: [tool.wolfdsl] strict must be {KEYS[key]}")
        else:
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise WolfError(f"{path}: [tool.wolfdsl] {key} must be {KEYS[key]}")
        out[key] = value
    return out, path
