"""Linking: the modules of a ruleset (imports first) become one :class:`Program`.

``link(modules) -> (Program, diagnostics)``. Later files override earlier ones:
``replace KIND NAME`` swaps a declaration, ``remove KIND NAME`` drops it, ``extend proc
NAME { … }`` adds statements to the proc in force (``extend func NAME = EXPR``: a term to
the func's value), a file's ``deck`` lines replace the
decks of the files it imports. The title and summary are the ruleset's own, or else those
of the nearest imported board (a file that declares ``players`` or a ``deck``): a shared
base such as the prelude, which deals nobody, never names the ruleset. Nothing is
resolved or compiled here.

Codes: E202 duplicate declaration (or a role setting given twice with two values), E203 ``replace``/``remove``/``extend`` of something not
declared, E206 an ``extend`` whose parameters differ from the declaration's.
"""
from __future__ import annotations

import dataclasses
from dataclasses import field
from ..dataclasscode import dataclass  # methods compiled once per machine
from typing import Any

from ..diagnostics import Diagnostic, Related, Span, did_you_mean
from . import syntax as A

SYMBOL_KINDS = ("faction", "class", "status", "cause", "team")
"""The kinds of declared symbol (``faction village``, ``status protected``...)."""

_KEYED = {A.RoleDecl: "role", A.StepDecl: "step", A.ProcDecl: "proc", A.FuncDecl: "func",
          A.WinDecl: "win", A.OptionDecl: "option", A.CardDecl: "card"}


def key_of(decl: A.Decl) -> tuple[str, str] | None:
    """``(kind, name)`` of a named declaration that ``replace``/``remove`` can address
    (a trigger's kind is ``trigger`` or ``replacement``); ``None`` for the others."""
    if isinstance(decl, A.TriggerDecl):
        return (decl.kind, decl.name)
    kind = _KEYED.get(type(decl))
    return (kind, decl.name) if kind is not None else None


@dataclass
class Program:
    """Every declaration in force after imports, ``replace`` and ``remove``.

    ``decls`` maps ``(kind, name)`` to the declaration; ``order`` is their first
    declaration order. The other tables hold the unnamed or symbol declarations.
    """
    modules: list[A.Module]
    title: str = ""
    title_zh: str = ""
    summary: str = ""
    summary_zh: str = ""
    players: tuple[int, int] | None = None
    players_span: Span | None = None
    players_default: int | None = None
    decls: dict[tuple[str, str], Any] = field(default_factory=dict)
    order: list[tuple[str, str]] = field(default_factory=list)
    symbols: dict[str, dict[str, A.SymbolDecl]] = field(default_factory=lambda: {k: {} for k in SYMBOL_KINDS})
    attributes: dict[str, A.AttributeDecl] = field(default_factory=dict)
    globals: dict[str, A.GlobalDecl] = field(default_factory=dict)
    properties: dict[str, A.PropertyDecl] = field(default_factory=dict)
    decks: list[A.DeckDecl] = field(default_factory=list)
    sets: list[A.SetDecl] = field(default_factory=list)
    orders: dict[str, A.OrderDecl] = field(default_factory=dict)
    redeals: list[A.Redeal] = field(default_factory=list)
    deciders: dict[str, A.DeciderDecl] = field(default_factory=dict)
    engine: dict[str, A.EngineDecl] = field(default_factory=dict)
    events: list[A.EventDecl] = field(default_factory=list)
    words: dict[str, A.WordDecl] = field(default_factory=dict)

    def of_kind(self, kind: str) -> list:
        """The declarations of one kind (``role``, ``step``, ``proc``...), in order."""
        return [self.decls[k] for k in self.order if k[0] == kind]

    def named(self, kind: str) -> dict[str, Any]:
        """``name -> declaration`` for one kind."""
        return {d.name: d for d in self.of_kind(kind)}

    def names(self, kind: str) -> list[str]:
        return [k[1] for k in self.order if k[0] == kind]

    def declarations(self):
        """Every declaration in force: the named ones, then symbols, attributes,
        globals, properties, decks, sets, orders and redeal rules."""
        for key in self.order:
            yield self.decls[key]
        for table in self.symbols.values():
            yield from table.values()
        yield from self.attributes.values()
        yield from self.globals.values()
        yield from self.properties.values()
        yield from self.decks
        yield from self.sets
        yield from self.orders.values()
        yield from self.redeals
        yield from self.deciders.values()
        yield from self.engine.values()
        yield from self.events
        yield from self.words.values()


def _is_board(mod: A.Module) -> bool:
    """Whether a file deals a table: it declares ``players`` or a ``deck``."""
    return any(isinstance(d, (A.Players, A.DeckDecl)) for d in mod.decls)


def _name_from_boards(prog: Program, modules: list[A.Module]) -> None:
    """Set ``prog``'s title and summary: each from the last file, or else from the
    nearest imported board that declares one (never from a shared base that deals
    nobody, such as the prelude or the roles file)."""
    for i in range(len(modules) - 1, -1, -1):
        mod = modules[i]
        if i != len(modules) - 1 and not _is_board(mod):
            continue
        for d in mod.decls:
            if isinstance(d, A.Title) and not prog.title:
                prog.title, prog.title_zh = d.text, d.zh or ""
            elif isinstance(d, A.Summary) and not prog.summary:
                prog.summary, prog.summary_zh = d.text, d.zh or ""


def link(modules: list[A.Module]) -> tuple[Program, list[Diagnostic]]:
    """Merge ``modules`` (imports first, the ruleset's own file last) into a
    :class:`Program`; returns it with the E202/E203 diagnostics found."""
    prog = Program(modules=list(modules))
    diags: list[Diagnostic] = []
    extensions: list[A.ExtendDecl] = []
    _name_from_boards(prog, modules)
    for mod in modules:
        for d in mod.decls:
            if isinstance(d, (A.Title, A.Summary)):
                pass
            elif isinstance(d, A.Players):
                prog.players = (d.low, d.high)
                prog.players_span = d.span
                prog.players_default = d.default
                if d.default is not None and not d.low <= d.default <= d.high:
                    diags.append(Diagnostic(d.span, "error", f"players {d.low}..{d.high} default {d.default}: the "
                                            f"default must be one of the counts, {d.low} to {d.high}", "E208"))
            elif isinstance(d, A.Import):
                pass
            elif isinstance(d, A.SymbolDecl):
                table = prog.symbols[d.kind]
                if d.name in table and table[d.name].span != d.span:
                    diags.append(Diagnostic(d.span, "error", f"{d.kind} '{d.name}' is declared twice", "E202",
                                            related=(Related(table[d.name].span, "first declared here"),)))
                table[d.name] = d
            elif isinstance(d, A.AttributeDecl):
                prog.attributes[d.name] = d
            elif isinstance(d, A.GlobalDecl):
                prog.globals[d.name] = d
            elif isinstance(d, A.PropertyDecl):
                prog.properties[d.name] = d
            elif isinstance(d, A.DeckDecl):
                # a file's decks replace those of the files it imports
                prog.decks = [k for k in prog.decks if k.span is not None and k.span.file == d.span.file] + [d]
            elif isinstance(d, A.SetDecl):
                prog.sets.append(d)
            elif isinstance(d, A.Redeal):
                prog.redeals.append(d)
            elif isinstance(d, A.OrderDecl):
                prog.orders[d.phase] = d
            elif isinstance(d, A.DeciderDecl):
                prog.deciders[d.name] = d
            elif isinstance(d, A.EventDecl):
                prog.events.append(d)
            elif isinstance(d, A.WordDecl):
                prog.words[d.name] = d  # a later file's words replace an imported one's
            elif isinstance(d, A.EngineDecl):
                prog.engine[d.name] = d  # a later file's setting replaces an imported one
            elif isinstance(d, A.RemoveDecl):
                _remove(prog, d, diags)
            elif isinstance(d, A.ExtendDecl):
                extensions.append(d)
            else:
                if isinstance(d, A.RoleDecl):
                    _contradictions(d, diags)
                key = key_of(d)
                if key is not None:
                    _declare(prog, key, d, diags)
    _extend(prog, extensions, diags)
    return prog, diags


def _extend(prog: Program, extensions: list[A.ExtendDecl], diags: list[Diagnostic]) -> None:
    """``extend proc NAME { ... }``: the statements of every extension are spliced into
    the proc in force after all imports, replacements and removals: ``first`` ones
    before its own statements, the others after them, each group in import order.
    ``extend func NAME = EXPR``: the func in force gives the sum of its own expression
    and every extension's, in import order (its ``terms``)."""
    spliced: dict[tuple[str, str], list[A.ExtendDecl]] = {}
    for x in extensions:
        key = (x.what, x.name)
        d = prog.decls.get(key)
        if d is None:
            diags.append(Diagnostic(x.span, "error", f"'extend {x.what} {x.name}': no {x.what} '{x.name}' is declared"
                                    + did_you_mean(x.name, prog.names(x.what)), "E203"))
            continue
        if x.params and tuple(x.params) != tuple(d.params):
            diags.append(Diagnostic(x.span, "error", f"'extend {x.what} {x.name}({', '.join(x.params)})': the "
                                    f"{x.what} is declared as {x.name}({', '.join(d.params)}); write its parameters "
                                    "as declared", "E206"))
            continue
        spliced.setdefault(key, []).append(x)
    for key, xs in spliced.items():
        d = prog.decls[key]
        if key[0] == "func":
            # the func's value is the sum of its own expression and each extension's
            named: dict[str, A.ExtendDecl] = {}
            for x in xs:
                if x.label and x.label in named:
                    # two files that picked one name: their votes would show as one term
                    diags.append(Diagnostic(x.span, "error", f"'extend func {x.name} as {x.label}': the term "
                                            f"'{x.label}' is already added, by the extension at "
                                            f"{named[x.label].span.file.rsplit('/', 1)[-1]}:{named[x.label].span.line}; "
                                            "give this one another name (as NAME)", "E202",
                                            related=(Related(named[x.label].span, "first added here"),)))
                elif x.label:
                    named[x.label] = x
            terms = ((d.name, d.expr),) + tuple((x.label or d.name, x.expr) for x in xs)
            total = d.expr
            for x in xs:
                total = A.BinOp(op="+", left=total, right=x.expr, span=x.expr.span)
            prog.decls[key] = dataclasses.replace(d, expr=total, terms=terms)
            continue
        head = tuple(s for x in xs if x.first for s in x.body.stmts)
        tail = tuple(s for x in xs if not x.first for s in x.body.stmts)
        prog.decls[key] = dataclasses.replace(d, body=dataclasses.replace(d.body, stmts=head + d.body.stmts + tail))


def _contradictions(d: A.RoleDecl, diags: list[Diagnostic]) -> None:
    """E202 for a role setting given twice with two values (``faction village`` then
    ``faction werewolves``): only the last would count, silently. The same value twice is
    lint's W303."""
    for r in d.repeats:
        if r.differs:
            diags.append(Diagnostic(
                r.span, "error", f"role '{d.name}' gives its {r.what} twice: '{r.first_text}', then "
                f"'{r.text}' (only the last would count); keep the one you mean and delete the other", "E202",
                related=(Related(r.first, "first given here"),) if r.first is not None else ()))


def _declare(prog: Program, key: tuple[str, str], d, diags: list[Diagnostic]) -> None:
    replace = getattr(d, "replace", False)
    kind, name = key
    if key in prog.decls:
        prev = prog.decls[key]
        if kind == "option":
            if prev.span != d.span:
                diags.append(Diagnostic(d.span, "error", f"option '{name}' is already declared; use "
                                        f"'set {name} = VALUE' to change its value", "E202"))
        elif not replace:
            diags.append(Diagnostic(
                d.span, "error", f"{kind} '{name}' is already declared; write 'replace {kind} {name}' to override it",
                "E202", related=(Related(prev.span, "first declared here"),)))
        prog.decls[key] = d
        return
    if replace:
        diags.append(Diagnostic(d.span, "error", f"'replace {kind} {name}': no {kind} '{name}' was declared before"
                                + did_you_mean(name, prog.names(kind)), "E203"))
    prog.decls[key] = d
    prog.order.append(key)


def _remove(prog: Program, d: A.RemoveDecl, diags: list[Diagnostic]) -> None:
    if d.what == "deck":
        prog.decks = []
        return
    key = (d.what, d.name)
    if key not in prog.decls:
        diags.append(Diagnostic(d.span, "error", f"'remove {d.what} {d.name}': no {d.what} '{d.name}' is declared"
                                + did_you_mean(d.name, prog.names(d.what)), "E203"))
        return
    del prog.decls[key]
    prog.order.remove(key)
