"""What every lint rule reads: one file's modules, merged declarations and IR.

:class:`LintContext` loads a ``.wolf`` file with its imports, runs the compiler (its
``E1xx``/``E2xx`` errors become findings) and keeps the linked
:class:`~wolfdsl.lang.link.Program` (the AST after ``import``/``replace``/``remove``), a
:class:`~wolfdsl.lang.resolve.Resolver` for name questions and the
:class:`~wolfdsl.lang.compile.Compilation` with its :class:`wolfdsl.lang.ir.Ruleset`. Semantic rules only run when the
file compiles. ``variant(options)`` recompiles the same modules with other option
values, so a rule can ask "under any value of the options it reads".
"""
from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any, Iterator

from ..lang import syntax as A
from ..lang.syntax import children, walk  # noqa: F401  (re-exported for the rules)
from ..lang.compile import Compilation, compile_program
from ..lang.link import Program, link
from ..lang.options import fix_options
from ..lang.resolve import Resolver
from ..diagnostics import Diagnostic, Span, WolfError


def show_value(v) -> str:
    """A value as a ruleset or a scenario writes it: yes, no, none, [1, 2], 1.5."""
    from ..play.table import show
    return show(v)


def head_span(span: Span | None) -> Span | None:
    """The first line of a (multi-line) declaration's span, carets to the line's end."""
    if span is None:
        return None
    text = span.text or ""
    lines = text.splitlines()
    end = len(lines[span.line - 1]) + 1 if 0 < span.line <= len(lines) else span.col + 1
    if span.end_line == span.line:
        end = span.end_col
    return Span(span.file, span.line, span.col, span.line, max(end, span.col + 1), text=span.text)


def option_refs(node, option_names: set[str], funcs: dict[str, A.FuncDecl], seen=None) -> set[str]:
    """Options an expression reads, through the funcs it calls."""
    seen = set() if seen is None else seen
    out: set[str] = set()
    for n in walk(node):
        if isinstance(n, A.Name) and n.id in option_names:
            out.add(n.id)
        elif isinstance(n, A.Call) and n.name in funcs and n.name not in seen:
            seen.add(n.name)
            out |= option_refs(funcs[n.name].expr, option_names, funcs, seen)
    return out


class LintContext:
    """One file to lint. ``compiler`` is ``None`` when the file did not parse.
    ``overlay``: unsaved text by resolved path (see :func:`wolfdsl.lang.load.modules`)."""

    def __init__(self, path: str | Path, shown: str | None = None, overlay: dict[str, str] | None = None):
        from ..lang import load as loader

        self.path = Path(path)
        self.shown = shown if shown is not None else str(path)
        self.compile_diags: list[Diagnostic] = []
        self.modules: list[A.Module] = []
        self.compiler: Compilation | None = None
        self.prog: Program | None = None
        self.names: Resolver | None = None
        self.rs = None
        self._variants: dict[tuple, Any] = {}
        try:
            self.modules = loader.modules(self.path, self.shown, overlay)
        except WolfError as err:
            self.compile_diags = [_coded(d, "E201") for d in err.diagnostics]
            return
        self.prog, _ = link(self.modules)
        self.names = Resolver(self.prog, fix_options(self.prog)[0])
        try:
            self.compiler = compile_program(self.modules, self.path.stem, str(self.path))
            self.rs = self.compiler.ruleset
        except WolfError as err:
            self.compile_diags = [_coded(d, "E208") for d in err.diagnostics]
            self.rs = None

    # ------------------------------------------------------------ the file itself
    @property
    def ok(self) -> bool:
        return self.rs is not None

    @property
    def own(self) -> A.Module:
        return self.modules[-1]

    @property
    def own_file(self) -> str:
        return self.own.path

    def is_own(self, node) -> bool:
        return node is not None and node.span is not None and node.span.file == self.own_file

    @property
    def is_library(self) -> bool:
        """A file that declares no deck and no player count: a base others import
        (its declarations are its interface, not unused)."""
        return not any(isinstance(d, (A.DeckDecl, A.Players)) for d in self.own.decls)

    def texts(self) -> dict[str, str]:
        """Source text of every module by displayed path."""
        out = {}
        for m in self.modules:
            for d in m.decls:
                if d.span is not None and d.span.text is not None:
                    out[m.path] = d.span.text
                    break
        return out

    # ------------------------------------------------------------ merged program
    def of_kind(self, kind: str) -> list:
        return self.prog.of_kind(kind) if self.prog else []

    def program(self) -> Iterator[A.Node]:
        """Every declaration in force after imports, replace and remove."""
        return self.prog.declarations()

    @property
    def option_names(self) -> set[str]:
        return set(self.rs.options) if self.rs else set()

    @property
    def funcs(self) -> dict[str, A.FuncDecl]:
        return self.names.funcs if self.names else {}

    def variant(self, options: dict[str, Any]):
        """A :class:`Compilation` with these option values (``None`` if it fails)."""
        key = tuple(sorted(options.items()))
        if key not in self._variants:
            try:
                comp = compile_program(self.modules, self.path.stem, str(self.path), overrides=dict(options))
            except WolfError:
                comp = None
            self._variants[key] = comp
        return self._variants[key]

    def variants(self, option_names: set[str], limit: int = 32) -> Iterator:
        """Compilations for every combination of values of ``option_names`` (the
        current values first; at most ``limit``)."""
        names = sorted(option_names)
        current = {n: self.rs.options[n].value for n in names}
        yield self.variant(current) if names else self.compiler
        if not names:
            return
        values = [self.rs.options[n].values for n in names]
        for i, combo in enumerate(itertools.product(*values)):
            if i >= limit:
                return
            opts = dict(zip(names, combo))
            if opts != current:
                comp = self.variant(opts)
                if comp is not None:
                    yield comp

    def decks(self):
        """The decks to explore: the ruleset's, or for a library one card of every
        role it declares (two of each faction's first role)."""
        if self.rs.decks:
            return list(self.rs.decks)
        from ..lang.ir import Deck
        cards = []
        for r in self.rs.roles:
            cards += [r, r]
        if not cards:
            return []
        return [Deck(len(cards), len(cards), tuple(cards), 0, None)]


def _coded(d: Diagnostic, default: str) -> Diagnostic:
    if d.code:
        return d
    from dataclasses import replace
    return replace(d, code=default)
