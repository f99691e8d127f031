"""The compiler's front door: linked, option-fixed, resolved, ordered, generated.

``compile_program(modules, name, path, overrides) -> Compilation`` runs the stages in
order — :func:`~wolfdsl.lang.link.link`, :func:`~wolfdsl.lang.options.fix_options`,
:func:`~wolfdsl.lang.resolve.resolve`, :func:`~wolfdsl.lang.order.order_program`,
:func:`~wolfdsl.lang.codegen.codegen` — and raises one :class:`WolfError` with every
diagnostic of the first stages when any is found (codegen runs only on a clean program).
``compile_ruleset`` returns just the :class:`ir.Ruleset`.

Codes: E201 unknown name, E202 duplicate declaration, E203 replace/remove of something
not declared, E204 unknown field, E205 unknown action, E206 wrong number of arguments,
E207 bad option value, E208 bad declaration (role without faction, deck problems, cyclic
step order), E209 statement in the wrong place, E210 a field compared with a symbol of
another kind; at run time E401 (a rule that fails while a game runs).
"""
from __future__ import annotations

from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import Any

from ..diagnostics import Diagnostic, Span, WolfError
from . import ir
from . import syntax as A
from .codegen import codegen, expression
from .decks import deck_problems
from .link import Program, link
from .missing import fold_missing_import
from .options import fix_options
from .order import order_program, step_edges  # noqa: F401  (step_edges: lint's W310)
from .resolve import Bindings, Resolver, resolve, resolve_expr


@dataclass
class Compilation:
    """The values between the stages of one compilation: the linked ``program``, its
    ``bindings`` (the symbol table), the ``options`` in force and the ``ruleset``."""
    program: Program
    options: dict[str, ir.Option]
    bindings: Bindings
    ruleset: ir.Ruleset

    def expr(self, e: A.Expr, bound=()) -> Any:
        """A closure for one more expression of this program, with the ``bound`` names
        as local slots of the same name (lint evaluates clauses on their own).
        Raises ``WolfError`` if the expression does not resolve."""
        r = Resolver(self.program, self.options)
        r.b = Bindings(self.program, self.options, actions=self.bindings.actions)
        resolve_expr(r, e, bound)
        if r.b.diagnostics:
            raise WolfError(r.b.diagnostics)
        return expression(self.program, r.b, e)


def _where(d: Diagnostic):
    s = d.span
    return (s.file, s.line, s.col) if s is not None else ("", 0, 0)


def check_program(modules: list[A.Module], overrides: dict[str, Any] | None = None,
                  override_spans: dict[str, Span] | None = None):
    """Every stage but codegen: ``(program, options, bindings, ordered steps)``. Raises
    ``WolfError`` with every E2xx diagnostic found, sorted by place."""
    program, diags = link(modules)
    options, found = fix_options(program, overrides, override_spans)
    diags += found
    bindings = resolve(program, options)
    diags += bindings.diagnostics
    ordered, found = order_program(program)
    diags += found + deck_problems(program.decks, options)
    if diags:
        raise WolfError(sorted(fold_missing_import(modules, diags), key=_where))
    return program, options, bindings, ordered


def compile_program(modules: list[A.Module], name: str, path: str, overrides: dict[str, Any] | None = None,
                    override_spans: dict[str, Span] | None = None) -> Compilation:
    """Compile the modules of a ruleset (imports first). Raises ``WolfError`` with every
    E2xx diagnostic found, sorted by place."""
    program, options, bindings, ordered = check_program(modules, overrides, override_spans)
    return Compilation(program, options, bindings, codegen(program, bindings, options, ordered, name, path))


def compile_ruleset(modules: list[A.Module], name: str, path: str, overrides: dict[str, Any] | None = None,
                    override_spans: dict[str, Span] | None = None) -> ir.Ruleset:
    """The :class:`ir.Ruleset` of :func:`compile_program`."""
    return compile_program(modules, name, path, overrides, override_spans).ruleset
