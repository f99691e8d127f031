"""The lint rule registry: one class per stable code.

Each rule is a :class:`Rule` subclass decorated with :func:`register`. It has a
``code`` (``E1xx`` syntax, ``E2xx`` names and types, ``W3xx`` semantic checks, ``W39x``
dynamic checks, ``E401`` a rule that fails in a game), a kebab-case ``name``, a ``severity``, a ``message`` template
(``str.format`` fields) and a docstring with four sections — *What it finds*, *Why it
matters*, *Example*, *Fix* — that ``docs/lint.md`` repeats. Codes are never reused: a
retired code goes into :data:`RETIRED` and :func:`register` refuses it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from ..diagnostics import Diagnostic, Related, Span

RETIRED: frozenset[str] = frozenset({"W395"})
"""Codes that once existed and must never name another check."""

RENAMED: dict[str, str] = {"W395": "E401", "runtime-failure": "E401"}
"""A retired code or name -> the code that reports its findings now (``--select``,
``--ignore``, ``--explain`` and ``# lint: ignore`` take the old one): W395, a rule that
failed in an ``--explore`` game, was a W code at error severity; it is the E401 a game
prints."""

REGISTRY: dict[str, type["Rule"]] = {}
"""Every registered rule by code."""

RUNTIME: dict[str, type["Rule"]] = {}
"""The codes a game prints when a rule fails while it runs (E4xx): documented like the
rules, explained by ``--explain``, but no check lint makes (``--select`` does not take them)."""

_CODE = re.compile(r"^[EW][1-9][0-9]{2}$")
_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
SECTIONS = ("What it finds", "Why it matters", "Example", "Fix")


@dataclass(frozen=True, slots=True)
class ReplayableDiagnostic(Diagnostic):
    """A finding of ``--explore`` with the scenario file that replays it."""

    reproducer: str | None = None


class Rule:
    """Base class of a lint rule (see the module docstring)."""

    code: str = ""
    name: str = ""
    severity: str = "warning"
    message: str = "{detail}"
    family: str = ""
    kind: str = "static"
    """``compile`` (reported by the compiler), ``static``, or ``dynamic`` (``--explore``)."""

    def check(self, ctx) -> Iterable[Diagnostic]:
        """Yield the findings of this rule for one lint context."""
        return ()

    @classmethod
    def diag(cls, span: Span | None, related: Iterable[tuple[Span | None, str]] = (), **fields) -> Diagnostic:
        """A finding of this rule: the message template filled with ``fields``."""
        rel = tuple(Related(s, m) for s, m in related if s is not None)
        return Diagnostic(span, cls.severity, cls.message.format(**fields), cls.code, rel)


def register(cls: type[Rule]) -> type[Rule]:
    """Add a rule class to :data:`REGISTRY` (:data:`RUNTIME` for ``kind = "runtime"``),
    checking its code, name and docstring."""
    if not _CODE.match(cls.code):
        raise ValueError(f"{cls.__name__}: bad lint code {cls.code!r}")
    if cls.code in RETIRED:
        raise ValueError(f"{cls.__name__}: code {cls.code} is retired and may not be reused")
    if cls.code in REGISTRY and REGISTRY[cls.code] is not cls:
        raise ValueError(f"{cls.__name__}: code {cls.code} is already {REGISTRY[cls.code].__name__}")
    if not _NAME.match(cls.name):
        raise ValueError(f"{cls.__name__}: name {cls.name!r} is not kebab-case")
    if cls.severity not in ("error", "warning", "info"):
        raise ValueError(f"{cls.__name__}: bad severity {cls.severity!r}")
    doc = cls.__doc__ or ""
    missing = [s for s in SECTIONS if s not in doc]
    if missing:
        raise ValueError(f"{cls.__name__}: docstring lacks {', '.join(missing)}")
    if cls.code in (RUNTIME if cls.kind != "runtime" else REGISTRY):
        raise ValueError(f"{cls.__name__}: code {cls.code} is already registered")
    (RUNTIME if cls.kind == "runtime" else REGISTRY)[cls.code] = cls
    return cls


def rules(kind: str | None = None) -> Iterator[Rule]:
    """Instances of the registered rules, by code, optionally of one kind."""
    _load_families()
    for code in sorted(REGISTRY):
        cls = REGISTRY[code]
        if kind is None or cls.kind == kind:
            yield cls()


def get(code: str) -> type[Rule] | None:
    _load_families()
    return REGISTRY.get(code)


def by_name_or_code(token: str) -> list[str]:
    """Codes matched by a ``--select``/``--ignore`` token: a code, a prefix (``W3``,
    ``W33``) or a rule name."""
    _load_families()
    token = token.strip()
    token = RENAMED.get(token.upper(), RENAMED.get(token.lower(), token))
    if token in REGISTRY:
        return [token]
    hits = [c for c, r in REGISTRY.items() if r.name == token.lower()]
    if hits:
        return hits
    up = token.upper()
    return sorted(c for c in REGISTRY if c.startswith(up)) if up and up[0] in "EW" else []


def explainable(token: str) -> list[str]:
    """Codes ``--explain`` may mean by ``token``: a lint or runtime code, a name, a prefix."""
    _load_families()
    every = {**REGISTRY, **RUNTIME}
    token = token.strip()
    token = RENAMED.get(token.upper(), RENAMED.get(token.lower(), token))
    if token.upper() in every:
        return [token.upper()]
    hits = [c for c, r in every.items() if r.name == token.lower()]
    if hits:
        return hits
    up = token.upper()
    return sorted(c for c in every if c.startswith(up)) if up and up[0] in "EW" else []


def code_ranges() -> str:
    """Every explainable code, runs of consecutive numbers joined: ``E101-E102, E201-E212, ...``."""
    _load_families()
    runs: list[list[str]] = []
    for code in sorted({**REGISTRY, **RUNTIME}):
        last = runs[-1][-1] if runs else ""
        if last[:1] == code[:1] and int(code[1:]) == int(last[1:]) + 1:
            runs[-1].append(code)
        else:
            runs.append([code])
    return ", ".join(r[0] if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _load_families() -> None:
    from . import builtin
    from . import decisions
    from . import dynamic
    from . import names
    from . import order
    from . import setup
    from . import statements
    from . import suppress
    from . import tells
    from . import triggers
    from . import wins  # noqa: F401


def doc_sections(cls: type[Rule]) -> dict[str, str]:
    """The docstring split into its sections (``What it finds`` ... ``Fix``)."""
    doc = (cls.__doc__ or "").expandtabs()
    lines = doc.splitlines()
    indent = min((len(l) - len(l.lstrip()) for l in lines[1:] if l.strip()), default=0)
    text = "\n".join([lines[0].strip()] + [l[indent:] for l in lines[1:]]) if lines else ""
    out: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        head = line.strip().rstrip(":")
        if head in SECTIONS and line.strip().endswith(":"):
            current = head
            out[current] = ""
            continue
        if current:
            out[current] += line + "\n"
    return {k: v.strip("\n") for k, v in out.items()}
