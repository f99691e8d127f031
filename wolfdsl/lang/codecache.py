"""Compiled generated modules kept on disk, so a ruleset's Python source
(:mod:`wolfdsl.lang.pygen`) is compiled once per machine rather than once per run.

``compiled(source, filename) -> code``: the code object of ``compile(source, filename,
"exec")``, read from the per-user cache folder (``…/wolfdsl/pygen/``, see
:func:`wolfdsl.lang.parse.cache_dir`) when the same source was compiled before by the same
Python, else compiled and written there. Any problem with the folder (none, read-only,
full, a truncated entry) only means compiling again; nothing is raised for it.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
from pathlib import Path

from .parse import cache_dir

KEPT = 200
"""Entries kept: past that, the older half goes (a ruleset edited again and again leaves
one entry per version)."""


def _folder() -> Path | None:
    base = cache_dir()
    if base is None:
        return None
    folder = base / "pygen"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return None
    return folder


def compiled(source: str, filename: str):
    """The code object of ``source`` compiled as a module named ``filename``."""
    key = hashlib.sha256(f"{sys.version}\0{filename}\0{source}".encode()).hexdigest()[:32]
    folder = _folder()
    path = folder / f"{key}.marshal" if folder is not None else None
    if path is not None:
        try:
            return marshal.loads(path.read_bytes())
        except Exception:  # missing, truncated, another Python's: compile instead
            pass
    code = compile(source, filename, "exec")
    if path is not None:
        _put(path, code)
    return code


def _put(path: Path, code) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(marshal.dumps(code))
        os.replace(tmp, path)
        entries = sorted(path.parent.glob("*.marshal"), key=lambda p: p.stat().st_mtime)
        for old in entries[:len(entries) // 2] if len(entries) > KEPT else ():
            old.unlink()
    except OSError:  # a full disk, a read-only folder, an entry removed meanwhile
        try:
            tmp.unlink()
        except OSError:
            pass
