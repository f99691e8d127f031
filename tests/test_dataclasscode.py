"""wolfdsl.dataclasscode: dataclasses whose methods' code is cached on disk, and a quick
pickle for frozen slotted ones."""
from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import subprocess
import sys

import pytest

from wolfdsl.dataclasscode import dataclass, fast_reduce, field_names
from wolfdsl.diagnostics import Span
from wolfdsl.lang import syntax as A


@dataclass(frozen=True, slots=True, kw_only=True)
class _Point:
    x: int
    y: int = 2
    tags: tuple = dataclasses.field(default=(), compare=False)

    __reduce__ = fast_reduce


def test_the_same_class_as_dataclasses_makes():
    p = _Point(x=1)
    assert (p.x, p.y, repr(p)) == (1, 2, "_Point(x=1, y=2, tags=())")
    assert p == _Point(x=1, tags=("a",)) and hash(p) == hash(_Point(x=1)) and p != _Point(x=1, y=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 5  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(_Point)] == ["x", "y", "tags"] == list(field_names(_Point))
    assert dataclasses.replace(p, y=7) == _Point(x=1, y=7)
    assert not hasattr(dataclasses, "exec")  # the shim is gone once the class is made


def test_fast_reduce_round_trips():
    p = _Point(x=1, y=4, tags=("t",))
    for q in (pickle.loads(pickle.dumps(p, protocol=pickle.HIGHEST_PROTOCOL)), copy.copy(p), copy.deepcopy(p)):
        assert (q, q.tags, type(q)) == (p, ("t",), _Point)
    text = "role x\nrole y\n"
    a, b = A.Name(id="x", span=Span("f.wolf", 1, 6, 1, 7, text=text)), A.Name(id="y", span=Span("f.wolf", 2, 6, text=text))
    got = pickle.loads(pickle.dumps(A.ListExpr(items=(a, b)), protocol=pickle.HIGHEST_PROTOCOL))
    assert got == A.ListExpr(items=(a, b)) and got.items[0].span == a.span
    assert got.items[0].span.text == text and got.items[0].span.text is got.items[1].span.text


_PROBE = """
import wolfdsl.dataclasscode as D
from wolfdsl.dataclasscode import dataclass

@dataclass(frozen=True)
class Probe:
    a: int
    b: str = "b"

assert Probe(1) == Probe(1, "b") and Probe(1).b == "b"
print(D._learnt, len(D._table()))
"""


def _probe(cache) -> tuple[str, int]:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    learnt, size = done.stdout.split()
    return learnt, int(size)


def test_a_second_process_compiles_nothing(tmp_path):
    assert _probe(tmp_path) == ("True", 6)  # __init__, __repr__, __eq__, __hash__, __setattr__, __delattr__
    (table,) = (tmp_path / "wolfdsl").glob("dataclass-code-*.marshal")
    assert _probe(tmp_path) == ("False", 6)
    table.write_bytes(b"not a table")  # unreadable: compiled again, and written anew
    assert _probe(tmp_path) == ("True", 6)
    assert _probe(tmp_path) == ("False", 6)
