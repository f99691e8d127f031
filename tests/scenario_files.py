"""Shared helpers for the scenario-file tests: header comments, rule IDs, parameters."""
from pathlib import Path

import pytest


def header(path: Path) -> dict[str, str]:
    """The ``# error: ...`` / ``# xfail: ...`` lines of a file's leading comment block."""
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].strip().partition(":")
        if sep and key in ("error", "xfail") and key not in out:
            out[key] = value.strip()
    return out


def rule_id(stem: str) -> str:
    """``ROLE-WITCH-05-a`` -> ``ROLE-WITCH-05``; ``NEWMOON-05-a`` -> ``NEWMOON-05``."""
    parts = stem.split("-")
    if len(parts) > 2 and not parts[-1].isdigit():
        parts = parts[:-1]
    return "-".join(parts)


def params(folder: Path) -> list:
    """One pytest parameter per YAML file of ``folder``; ``# xfail: reason`` marks it."""
    out = []
    for path in sorted(folder.glob("*.yaml")):
        reason = header(path).get("xfail")
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out
