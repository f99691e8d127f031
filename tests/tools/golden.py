"""Golden files for the toolbox commands: the exact output of ``show``, ``script``...

``check(name, text)`` compares ``text`` with ``tests/tools/golden/NAME``. When a change
is intended, regenerate with ``WOLFDSL_REGEN_GOLDEN=1 python -m pytest tests/tools`` and
review the diff of tests/tools/golden/ in the commit.
"""
import difflib
import os
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"


def check(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("WOLFDSL_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {name}: run with WOLFDSL_REGEN_GOLDEN=1 to create it"
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), text.splitlines(True),
                                            f"golden/{name}", "now", n=1))
        pytest.fail(f"output differs from golden/{name} (if intended, rerun with "
                    f"WOLFDSL_REGEN_GOLDEN=1 and review the diff):\n{diff[:4000]}")
