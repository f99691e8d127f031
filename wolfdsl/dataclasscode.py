"""``dataclass``, with the code of its generated methods compiled once per machine.

:func:`dataclasses.dataclass` writes the source of each class's ``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``... and compiles it with ``exec``
every time the class is defined, that is at every start of a process: for the AST and
IR classes a one-game ``wolfdsl run`` needs, about 420 functions and a fifth of its
start-up. :func:`dataclass` here is the same decorator, with the same arguments and the
same classes as a result, but the source it compiles is looked up first in a table of
code objects kept in the per-user cache folder (``$XDG_CACHE_HOME/wolfdsl``, else
``~/.cache/wolfdsl``; one file per Python build, like ``__pycache__``). The table is
keyed by the source itself, so an edited class simply compiles anew, and it is written
when the process exits if it learnt anything. Without a writable cache folder, or when
the file is unreadable, everything is compiled as usual.
"""
from __future__ import annotations

import atexit
import dataclasses
import hashlib
import marshal
import os
import sys
import threading
from types import CodeType
from typing import Any

from .cachedir import cache_dir

KEPT = 5000
"""Most methods the table holds; past that, only those the last process used are kept."""

_LOCK = threading.RLock()
_codes: dict[str, CodeType] | None = None
_used: set[str] = set()
_learnt = False


def dataclass(cls: type | None = None, /, **kwargs: Any) -> Any:
    """:func:`dataclasses.dataclass` (``@dataclass``, ``@dataclass(frozen=True, ...)``),
    its methods compiled from the code table (module docstring)."""
    def wrap(c: type) -> type:
        with _LOCK:
            dataclasses.exec = _exec  # type: ignore[attr-defined]  # shadows the builtin there
            try:
                return dataclasses.dataclass(c, **kwargs)
            finally:
                del dataclasses.exec  # type: ignore[attr-defined]
    return wrap if cls is None else wrap(cls)


def _exec(source: Any, globals_: Any = None, locals_: Any = None) -> None:
    """``exec`` as :mod:`dataclasses` calls it, from a cached code object for a source."""
    if not isinstance(source, str):
        exec(source, globals_, locals_)
        return
    global _learnt
    codes = _table()
    code = codes.get(source)
    if code is None:
        # what exec(source) compiles in dataclasses, which has no __future__ imports
        code = codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
        _learnt = True
    _used.add(source)
    exec(code, globals_, locals_)


def _path() -> str | None:
    folder = cache_dir()
    if folder is None:
        return None
    build = hashlib.sha256(f"{sys.version} {sys.implementation.cache_tag}".encode()).hexdigest()[:16]
    return os.path.join(folder, f"dataclass-code-{build}.marshal")


def _table() -> dict[str, CodeType]:
    """The code table, read from disk on first use (empty when there is none)."""
    global _codes
    if _codes is None:
        _codes = {}
        path = _path()
        if path is not None:
            try:
                with open(path, "rb") as fh:
                    table = marshal.loads(fh.read())  # marshal.load(fh) reads in small pieces: 10x slower
                if isinstance(table, dict) and all(isinstance(k, str) and isinstance(v, CodeType)
                                                   for k, v in table.items()):
                    _codes = table
            except Exception:  # missing, truncated, another build's: compile instead
                pass
        atexit.register(_save)
    return _codes


def _save() -> None:
    """Write the table back if this process compiled anything new (atomically)."""
    if not _learnt or _codes is None:
        return
    path = _path()
    if path is None:
        return
    table = _codes if len(_codes) <= KEPT else {k: v for k, v in _codes.items() if k in _used}
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as fh:
            fh.write(marshal.dumps(table))
        os.replace(tmp, path)
    except Exception:  # a full disk, a read-only folder: compile again next time
        try:
            os.unlink(tmp)
        except OSError:
            pass


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order (:func:`dataclasses.fields`, kept per class)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def fast_reduce(self: Any) -> tuple:
    """``__reduce__`` for a frozen dataclass with slots, for a class body
    (``__reduce__ = fast_reduce``; subclasses inherit it): pickling and unpickling
    without the per-object :func:`dataclasses.fields` calls of the methods
    ``slots=True`` adds, three times faster for a cached AST."""
    cls = type(self)
    return _rebuild, (cls, tuple([getattr(self, name) for name in field_names(cls)]))


_set = object.__setattr__


def _rebuild(cls: type, values: tuple) -> Any:
    obj = object.__new__(cls)
    for name, value in zip(field_names(cls), values):
        _set(obj, name, value)
    return obj
