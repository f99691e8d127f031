"""One analysis of a ``.wolf`` document for an editor: its modules (imports first, the
bundled prelude included), every declaration's name and where it stands, and what each
name of an expression means (the resolver's symbol table, :mod:`wolfdsl.lang.symbols`).

``Analysis.of(path, overlay) -> Analysis`` raises :class:`~wolfdsl.diagnostics.WolfError`
when a file does not parse or an import is missing; the editor then keeps its last good
analysis. Files are named as diagnostics name them (``<bundled>/prelude.wolf`` or the
path given); :func:`file_path` turns such a name back into a path.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..lang import syntax as A
from ..lang.apidoc import describe
from ..lang.link import key_of, link
from ..lang.options import fix_options
from ..lang.symbols import Binding
from .tokens import Token, scan

BINDERS = {"let", "for", "choose", "voters", "candidates", "->"}
"""The words after which a name is a new local variable."""

_DECL_KINDS = {A.RoleDecl: "role", A.StepDecl: "step", A.ProcDecl: "proc", A.FuncDecl: "func",
               A.WinDecl: "win", A.OptionDecl: "option", A.CardDecl: "card", A.AttributeDecl: "attribute",
               A.GlobalDecl: "global", A.PropertyDecl: "property", A.DeciderDecl: "decider",
               A.EventDecl: "event", A.WordDecl: "word", A.ExtendDecl: "extension"}


def file_path(shown: str) -> Path:
    """The file behind a displayed name (``<bundled>/x.wolf`` is in the bundled rulesets)."""
    if shown.startswith("<bundled>/"):
        from ..lang.load import rulesets_dir
        return rulesets_dir() / shown[len("<bundled>/"):]
    return Path(shown)


def decl_kind(d: A.Node) -> str | None:
    """The kind of a declaration as an editor names it (``role``, ``status``, ``trigger``
    …), ``None`` for a declaration without a name of its own (deck, set, import…)."""
    if isinstance(d, (A.SymbolDecl, A.TriggerDecl)):
        return d.kind
    return _DECL_KINDS.get(type(d))


@dataclass(frozen=True)
class Def:
    """Where a name is declared: ``kind`` (a :func:`decl_kind`, or ``counter``, ``prop``,
    ``option value``, ``attribute value``), the ``file`` it is in (as displayed), the
    name's 1-based ``line``/``col``, the declaration ``decl`` it belongs to, and whether
    that declaration is the one in force after ``replace``/``remove``."""
    name: str
    kind: str
    file: str
    line: int
    col: int
    decl: Any = field(compare=False, repr=False)
    in_force: bool = True

    @property
    def end_col(self) -> int:
        return self.col + len(self.name)


@dataclass
class FileInfo:
    """One module's text, lines and tokens (tokens sorted by position)."""
    shown: str
    module: A.Module
    text: str
    lines: list[str]
    tokens: list[Token]
    starts: list[tuple[int, int]]

    @classmethod
    def of(cls, module: A.Module) -> "FileInfo":
        text = next((d.span.text for d in module.decls if d.span is not None and d.span.text is not None), "")
        toks = scan(text)
        return cls(module.path, module, text, text.splitlines(), toks, [(t.line, t.col) for t in toks])

    def token_at(self, line: int, col: int) -> int | None:
        """Index of the name token the cursor touches (``None``: none)."""
        i = bisect.bisect_right(self.starts, (line, col)) - 1
        for j in (i, i - 1):
            if 0 <= j < len(self.tokens) and self.tokens[j].kind == "name" and self.tokens[j].covers(line, col):
                return j
        return None

    def tokens_in(self, span) -> range:
        """Indices of the tokens inside a span."""
        lo = bisect.bisect_left(self.starts, (span.line, span.col))
        hi = bisect.bisect_left(self.starts, (span.end_line, span.end_col))
        return range(lo, hi)

    def before(self, i: int, n: int = 1) -> str:
        """The text of the token ``n`` places before token ``i`` (``""`` at the start)."""
        return self.tokens[i - n].text if i - n >= 0 else ""

    def decl_at(self, line: int, col: int) -> A.Decl | None:
        """The top-level declaration containing a position."""
        for d in self.module.decls:
            s = d.span
            if s is not None and (s.line, s.col) <= (line, col) <= (s.end_line, s.end_col):
                return d
        return None


class Analysis:
    """A document with its imports: files, declarations (:class:`Def`), the merged
    program, the option values in force and the symbol table."""

    def __init__(self, modules: list[A.Module]):
        from ..lang.resolve import Resolver

        self.modules = modules
        self.files: dict[str, FileInfo] = {m.path: FileInfo.of(m) for m in modules}
        self.prog, _ = link(modules)
        self.options, _ = fix_options(self.prog)
        try:
            self.bindings = Resolver(self.prog, self.options).run()
        except Exception:  # a program the resolver cannot walk: navigation by name only
            self.bindings = None
        self.defs: list[Def] = []
        for m in modules:
            self.defs += _defs(self.files[m.path], self.prog)
        self.by_name: dict[str, list[Def]] = {}
        for d in self.defs:
            self.by_name.setdefault(d.name, []).append(d)
        self.names: dict[tuple[str, int, int], Binding] = {}
        if self.bindings is not None:
            for m in modules:
                for node in _walk_decls(m.decls):
                    if isinstance(node, (A.Name, A.Assign)) and node.span is not None:
                        b = self.bindings.of.get(id(node))
                        if isinstance(b, tuple):  # p.counter = ...: the seat's binding
                            b = b[0]
                        if isinstance(b, Binding):
                            self.names[(m.path, node.span.line, node.span.col)] = b

    @classmethod
    def of(cls, path: str | Path, overlay: dict[str, str] | None = None) -> "Analysis":
        """Analyse the file at ``path`` (``overlay``: unsaved text by resolved path)."""
        from ..lang.load import modules
        path = Path(path)
        return cls(modules(path, str(path), overlay))

    @property
    def own(self) -> FileInfo:
        """The document itself (the last module)."""
        return self.files[self.modules[-1].path]

    def binding(self, file: str, tok: Token) -> Binding | None:
        return self.names.get((file, tok.line, tok.col))

    def is_local(self, info: FileInfo, i: int) -> bool:
        """Token ``i`` of a file names a local variable (a use or where it is bound)."""
        tok = info.tokens[i]
        b = self.binding(info.shown, tok)
        if b is not None:
            return b.kind == "local"
        return info.before(i) in BINDERS or (info.before(i) == "," and info.before(i, 3) == "->")

    def doc(self, d: Def) -> tuple[str, str]:
        """``(description, rule IDs)`` of a declaration (see :func:`~wolfdsl.lang.apidoc.describe`)."""
        if d.decl is None or d.kind in ("counter", "prop", "option value", "attribute value"):
            return "", "—"
        return describe(self.files[d.file].lines, d.decl)


def _walk_decls(decls):
    for d in decls:
        yield from A.walk(d)


def _in_force(prog, d: A.Node) -> bool:
    if isinstance(d, A.SymbolDecl):
        return prog.symbols[d.kind].get(d.name) is d
    key = key_of(d) if isinstance(d, A.Decl) else None
    return key is None or prog.decls.get(key) is d


def _defs(info: FileInfo, prog) -> list[Def]:
    """The declarations of one file, each at its name token."""
    out: list[Def] = []
    toks = info.tokens
    for d in info.module.decls:
        kind = decl_kind(d)
        if kind is None or d.span is None:
            continue
        idx = info.tokens_in(d.span)
        force = _in_force(prog, d)
        name_i = next((i for i in idx if i > idx.start and toks[i].kind == "name" and toks[i].text == d.name), None)
        if name_i is None:
            continue
        if kind != "extension":
            out.append(Def(d.name, kind, info.shown, toks[name_i].line, toks[name_i].col, d, force))
        if isinstance(d, A.RoleDecl):
            for i in idx:
                if toks[i].kind == "name" and info.before(i) in ("counter", "prop") and i - 1 > name_i:
                    out.append(Def(toks[i].text, info.before(i), info.shown, toks[i].line, toks[i].col, d, force))
        elif isinstance(d, (A.OptionDecl, A.AttributeDecl)):
            label = "option value" if isinstance(d, A.OptionDecl) else "attribute value"
            needs = False   # inside `needs role R, S` (roles, not values) until the next `|`
            for i in idx:
                if i > name_i + 1 and toks[i].text == "=":
                    break
                if toks[i].text in ("needs", "|"):
                    needs = toks[i].text == "needs"
                elif i > name_i + 1 and toks[i].kind == "name" and not needs:
                    out.append(Def(toks[i].text, label, info.shown, toks[i].line, toks[i].col, d, force))
    return out
