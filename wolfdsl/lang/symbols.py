"""The symbol table: what :func:`wolfdsl.lang.resolve.resolve` produces and codegen,
lint and editors read — a :class:`Binding` per name, field and call, the frame slots of
local variables, and :class:`Scope`, the block scopes the resolver walks with.
"""
from __future__ import annotations

from dataclasses import field
from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import Any

from ..diagnostics import Diagnostic
from . import ir
from .link import Program


@dataclass(frozen=True, slots=True)
class Binding:
    """What one name, field or call means.

    ``kind``: ``local`` (``slot`` is its frame slot), ``global``, ``option`` (``value`` is
    the value in force), ``value`` (a builtin value: ``value`` is its function),
    ``symbol`` (the name is a symbol, its value the string), ``builtin`` (``value`` is the
    :class:`~wolfdsl.lang.builtins.Builtin`), ``func``, ``proc``, ``field`` (a builtin
    seat field), ``seat_value`` (a counter, property or attribute), ``role``, ``team``,
    ``decider``, ``seat`` (who decides) or ``error`` (a diagnostic was reported).
    """
    kind: str
    name: str
    slot: str | None = None
    value: Any = None


@dataclass(frozen=True, slots=True)
class DecideSlots:
    """A ``decide``'s decider (``by``: a :class:`Binding` of kind role, team, moderator
    or seat) and the slots of ``me`` and its choice variable."""
    by: Binding
    me: str
    var: str


@dataclass(frozen=True, slots=True)
class VoteSlots:
    """The slots of a ``vote``'s voter, candidate, top and ballots variables."""
    voter: str
    cand: str
    top: str
    ballots: str | None


@dataclass
class Bindings:
    """The symbol table of one program: what every name node means.

    ``of`` maps ``id(node)`` to a :class:`Binding` (for ``Name``, ``Attr``, ``Call``,
    ``CallProc``, ``Assign``), a slot (``Let``, ``For``, ``Comprehension``), a
    :class:`DecideSlots` or a :class:`VoteSlots`. ``uses`` lists ``(kind, name, span)``
    for every reference to a declaration (globals, options, symbols, funcs, procs,
    actions). ``diagnostics`` holds every error found.
    """
    program: Program
    options: dict[str, ir.Option]
    of: dict[int, Any] = field(default_factory=dict)
    uses: list[tuple[str, str, Any]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    actions: dict[str, Any] = field(default_factory=dict)
    seats: set[int] = field(default_factory=set)

    def __getitem__(self, node) -> Any:
        return self.of[id(node)]


class Scope:
    """A block scope: ``vars`` maps a name to its slot; ``parent`` is the enclosing
    scope of the same frame (``None`` at the frame's top)."""

    __slots__ = ("parent", "vars", "kinds", "holds", "unbound", "nullable")

    def __init__(self, parent: "Scope | None" = None, names=()):
        self.parent = parent
        self.vars: dict[str, str] = {}
        self.kinds: dict[str, str] = {}
        self.holds: dict[str, Any] = {}
        self.unbound: dict[str, str] | None = None
        """Names not in scope here that a reader may expect (a vote's voter in its
        ``bonus``): name -> why, for the E201 hint."""
        self.nullable: set[str] = set()
        """Variables of a kind that may also hold ``none`` (a decide's choice: a pass)."""
        for n in names:
            self.bind(n)

    def mark(self, name: str, kind: str | None, nullable: bool = False) -> None:
        """Record that the variable ``name`` of this scope always holds a ``kind``
        (``seat``, ``cause``) — what E210 compares symbols against; ``nullable``: or
        ``none``."""
        if kind is not None:
            self.kinds[name] = kind
        if nullable:
            self.nullable.add(name)

    def always_seat(self, name: str) -> bool:
        """Whether the nearest variable ``name`` always holds a seat, never ``none``."""
        s = self.owner(name)
        return s is not None and s.kinds.get(name) == "seat" and name not in s.nullable

    def owner(self, name: str) -> "Scope | None":
        """The nearest scope (this one or an enclosing one) that binds ``name``."""
        s = self
        while s is not None and name not in s.vars:
            s = s.parent
        return s

    def kind_of(self, name: str) -> str | None:
        """What the nearest variable ``name`` always holds (``seat``, ``cause``), or ``None``."""
        s = self.owner(name)
        return s.kinds.get(name) if s is not None else None

    def hold(self, name: str, value) -> None:
        """Record that the variable ``name`` of this scope holds ``value`` for the rest of its
        block (a ``let`` of a name or a string never assigned again), or forget it (``None``)."""
        if value is None:
            self.holds.pop(name, None)
        else:
            self.holds[name] = value

    def held(self, name: str):
        """The literal name or string node the nearest variable ``name`` holds, or ``None``."""
        s = self.owner(name)
        return s.holds.get(name) if s is not None else None

    def why_unbound(self, name: str) -> str | None:
        """Why ``name`` is not in scope here, where a scope says so (:attr:`unbound`)."""
        s = self
        while s is not None:
            if s.unbound and name in s.unbound:
                return s.unbound[name]
            s = s.parent
        return None

    def lookup(self, name: str) -> str | None:
        s = self
        while s is not None:
            slot = s.vars.get(name)
            if slot is not None:
                return slot
            s = s.parent
        return None

    def bind(self, name: str) -> str:
        """Bind ``name`` in this scope (again in the same scope: the same slot)."""
        if name in self.vars:
            return self.vars[name]
        depth, s = 0, self.parent
        while s is not None:
            if name in s.vars:
                depth += 1
            s = s.parent
        slot = name if depth == 0 else f"{name}#{depth}"
        self.vars[name] = slot
        return slot

    def visible(self) -> set[str]:
        out: set[str] = set()
        s = self
        while s is not None:
            out |= set(s.vars)
            s = s.parent
        return out
