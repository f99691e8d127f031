"""wolfdsl's per-user cache folder, shared by every cache on disk (parser tables, parsed
files, dataclass code)."""
from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path | None:
    """wolfdsl's per-user cache folder (``$XDG_CACHE_HOME/wolfdsl``, else
    ``~/.cache/wolfdsl``), created if need be; ``None`` when it cannot be had or is not
    writable, and then nothing is cached on disk."""
    base = os.environ.get("XDG_CACHE_HOME") or ""
    try:
        root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
        folder = root / "wolfdsl"
        folder.mkdir(parents=True, exist_ok=True)
        return folder if os.access(folder, os.W_OK | os.X_OK) else None
    except (OSError, RuntimeError):  # no home, a file in the way, read-only, ...
        return None
