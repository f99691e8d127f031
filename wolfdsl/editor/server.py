"""``wolfdsl lsp``: the language server (Language Server Protocol over stdin/stdout).

``serve()`` runs until the client sends ``exit``. It offers diagnostics as you type
(``wolfdsl lint``'s static checks on the unsaved text, a quarter of a second after the
last keystroke), hover, go to definition, find references, completion and document
symbols (:mod:`wolfdsl.editor.features`). Lint runs in a worker process
(:class:`Linter`), one run per document at a time and only the latest text published,
so hover and completion answer while a large ruleset is checked. Needs pygls (``pip install 'wolfdsl[lsp]'``);
:func:`missing` says what to do when it is not installed.

The protocol counts lines and characters from 0; :mod:`.features` from 1, and in code
points (Python's string indices): the conversion happens here and nowhere else. A
position the client sends is in the units the server advertised at ``initialize``
(``positionEncoding``: UTF-16 unless the client offers another, as pygls negotiates it),
and so is every position sent back, diagnostics and their related places in other files
included: a character outside the Basic Multilingual Plane (an emoji 🦉 in a comment or a
string) is two UTF-16 units but one code point, so a column after it differs (pygls's
:class:`~pygls.workspace.PositionCodec` converts, reading the line from the open
document or, for a file the editor has not opened, from disk).
"""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from urllib.parse import unquote, urlparse

from .. import __version__
from ..diagnostics import Diagnostic, WolfError
from . import features as F
from .index import Analysis, file_path

DEBOUNCE = 0.25
"""Seconds without an edit before a document is checked again."""


def missing() -> str | None:
    """The message to print when pygls is not installed (``None``: it is)."""
    try:
        import pygls  # noqa: F401
        import lsprotocol  # noqa: F401
    except ImportError:
        return ("wolfdsl lsp needs the language-server extra: pip install 'wolfdsl[lsp]' "
                "(it installs pygls)")
    return None


def uri_path(uri: str) -> Path:
    """The file of a ``file://`` URI (another scheme: a file of that name in the current folder)."""
    u = urlparse(uri)
    if u.scheme == "file":
        return Path(unquote(u.path))
    return Path.cwd() / (Path(unquote(u.path)).name or "untitled.wolf")


class Linter:
    """Runs :func:`wolfdsl.editor.features.diagnostics` in one worker process, started
    on first use, so that a slow lint (seconds on a large ruleset) never holds up hover
    or completion; in this process when no worker can be started."""

    def __init__(self):
        self.pool = None
        self.broken = False

    async def run(self, path: Path, overlay: dict[str, str]) -> list[Diagnostic]:
        if not self.broken:
            try:
                if self.pool is None:
                    import multiprocessing
                    from concurrent.futures import ProcessPoolExecutor
                    self.pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
                return await asyncio.get_running_loop().run_in_executor(self.pool, F.diagnostics, path, overlay)
            except (OSError, RuntimeError) as exc:  # no processes here, or the worker died
                logging.getLogger(__name__).warning("lint worker unavailable (%s): linting in process", exc)
                self.broken = True
                self.close()
        return F.diagnostics(path, overlay)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None


def build():
    """The pygls server with every feature registered."""
    from lsprotocol import types as T
    from pygls.lsp.server import LanguageServer

    server = LanguageServer("wolfdsl", __version__)
    linter = Linter()
    good: dict[str, Analysis] = {}      # uri -> the last analysis that parsed
    versions: dict[str, int] = {}

    def overlay() -> dict[str, str]:
        out = {}
        for uri, doc in server.workspace.text_documents.items():
            if uri.endswith(".wolf") or getattr(doc, "language_id", None) == "wolf":
                out[str(uri_path(uri).resolve())] = doc.source
        return out

    def analyse(uri: str) -> Analysis | None:
        try:
            good[uri] = Analysis.of(uri_path(uri), overlay())
        except WolfError:
            pass
        except Exception as exc:  # never let a bug take the editor's server down
            logging.getLogger(__name__).exception("analysis of %s failed: %s", uri, exc)
        return good.get(uri)

    def current(uri: str) -> Analysis | None:
        return good.get(uri) or analyse(uri)

    def to_uri(shown: str) -> str:
        return file_path(shown).resolve().as_uri()

    def lines_of(uri: str, read: dict) -> tuple:
        """The lines of ``uri`` as the editor has them (its open document, else the file),
        read once per reply (``read``); none when it cannot be read."""
        if uri not in read:
            try:
                read[uri] = server.workspace.get_text_document(uri).lines
            except (OSError, ValueError):
                read[uri] = ()
        return read[uri]

    def rng(uri: str, line: int, col: int, end_line: int, end_col: int, read: dict | None = None) -> T.Range:
        """The protocol's range (from 0, in the negotiated units) of a place in ``uri``
        given from 1 in code points."""
        if end_line < line or (end_line == line and end_col <= col):
            end_line, end_col = line, col + 1
        lines = lines_of(uri, {} if read is None else read)
        codec = server.workspace.position_codec

        def pos(ln: int, ch: int) -> T.Position:
            if 0 <= ln < len(lines):
                return codec.position_to_client_units(lines, T.Position(ln, ch))
            return T.Position(ln, ch)  # past the text: nothing to count

        return T.Range(pos(line - 1, col - 1), pos(end_line - 1, end_col - 1))

    def at(uri: str, position: T.Position) -> tuple[int, int]:
        """``(line, column)`` from 1 in code points of a position the client sent."""
        lines = lines_of(uri, {})
        if not 0 <= position.line < len(lines):
            return position.line + 1, position.character + 1
        p = server.workspace.position_codec.position_from_client_units(
            lines, T.Position(position.line, position.character))
        return p.line + 1, p.character + 1

    def location(loc: F.Location, read: dict) -> T.Location:
        uri = to_uri(loc.file)
        return T.Location(uri, rng(uri, loc.line, loc.col, loc.end_line, loc.end_col, read))

    severity = {"error": T.DiagnosticSeverity.Error, "warning": T.DiagnosticSeverity.Warning,
                "info": T.DiagnosticSeverity.Information}

    def place(span, read: dict) -> T.Location:
        uri = to_uri(span.file)
        return T.Location(uri, rng(uri, span.line, span.col, span.end_line, span.end_col, read))

    def lsp_diagnostic(d: Diagnostic, uri: str, own: str, anchor: T.Range, read: dict) -> T.Diagnostic:
        s = d.span
        mine = s is not None and s.file == own
        message = d.message if mine or s is None else f"{s}: {d.message}"
        related = [T.DiagnosticRelatedInformation(place(r.span, read), r.message) for r in d.related]
        if s is not None and not mine:
            related.insert(0, T.DiagnosticRelatedInformation(place(s, read), d.message))
        return T.Diagnostic(rng(uri, s.line, s.col, s.end_line, s.end_col, read) if mine else anchor, message,
                            severity=severity.get(d.severity, T.DiagnosticSeverity.Error),
                            code=d.code or None, source="wolfdsl", related_information=related or None)

    def publish(uri: str, a: Analysis | None, found: list[Diagnostic]) -> None:
        own = str(uri_path(uri)) if a is None else a.own.shown
        read: dict = {}
        anchor = rng(uri, 1, 1, 1, 2, read)
        if a is not None:
            imp = next((d for d in a.own.module.decls if d.span is not None and type(d).__name__ == "Import"), None)
            if imp is not None:
                anchor = rng(uri, imp.span.line, imp.span.col, imp.span.end_line, imp.span.end_col, read)
        server.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
            uri, [lsp_diagnostic(d, uri, own, anchor, read) for d in found], versions.get(uri)))

    linting: set[str] = set()     # documents whose lint is running
    again: set[str] = set()       # ... and that changed meanwhile

    async def check(uri: str) -> None:
        """Lint the document in the worker process (the editor stays responsive) and
        publish the findings if the text is still the one linted; one run at a time
        per document, the latest text last."""
        if uri in linting:
            again.add(uri)
            return
        linting.add(uri)
        try:
            version = versions.get(uri)
            a = analyse(uri)
            try:
                found = await linter.run(uri_path(uri), overlay())
            except Exception as exc:  # a lint rule's bug: say so instead of going quiet
                logging.getLogger(__name__).exception("lint of %s failed", uri)
                found = [Diagnostic(None, "error", f"wolfdsl lint failed: {exc}")]
            if versions.get(uri) == version and uri in versions:
                publish(uri, a, found)
        finally:
            linting.discard(uri)
        if uri in again:
            again.discard(uri)
            await check(uri)

    async def later(uri: str, version: int) -> None:
        await asyncio.sleep(DEBOUNCE)
        if versions.get(uri) == version:
            await check(uri)

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls, params: T.DidOpenTextDocumentParams):
        versions[params.text_document.uri] = params.text_document.version
        await check(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls, params: T.DidChangeTextDocumentParams):
        uri = params.text_document.uri
        versions[uri] = params.text_document.version
        await later(uri, params.text_document.version)

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls, params: T.DidSaveTextDocumentParams):
        await check(params.text_document.uri)

    @server.feature(T.SHUTDOWN)
    def shutdown(ls, params):
        linter.close()

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls, params: T.DidCloseTextDocumentParams):
        uri = params.text_document.uri
        good.pop(uri, None)
        versions.pop(uri, None)
        server.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri, []))

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    def hover(ls, params: T.HoverParams):
        uri = params.text_document.uri
        a = current(uri)
        h = a and F.hover(a, *at(uri, params.position))
        if not h:
            return None
        return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, h.markdown),
                       rng(uri, h.where.line, h.where.col, h.where.end_line, h.where.end_col))

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    def definition(ls, params: T.DefinitionParams):
        uri = params.text_document.uri
        a = current(uri)
        read: dict = {}
        return [location(x, read) for x in F.definition(a, *at(uri, params.position))] if a else None

    @server.feature(T.TEXT_DOCUMENT_REFERENCES)
    def references(ls, params: T.ReferenceParams):
        uri = params.text_document.uri
        a = current(uri)
        if not a:
            return None
        others = tuple(x for u, x in good.items() if u != uri)
        read: dict = {}
        return [location(x, read) for x in F.references(a, *at(uri, params.position),
                                                        params.context.include_declaration, others)]

    kinds = {"role": T.CompletionItemKind.Class, "step": T.CompletionItemKind.Event,
             "proc": T.CompletionItemKind.Method, "func": T.CompletionItemKind.Function,
             "builtin": T.CompletionItemKind.Function, "option": T.CompletionItemKind.Property,
             "global": T.CompletionItemKind.Variable, "local": T.CompletionItemKind.Variable,
             "keyword": T.CompletionItemKind.Keyword, "value": T.CompletionItemKind.Constant,
             "field": T.CompletionItemKind.Field, "counter": T.CompletionItemKind.Field,
             "prop": T.CompletionItemKind.Field, "property": T.CompletionItemKind.Field,
             "attribute": T.CompletionItemKind.Field, "action": T.CompletionItemKind.Method,
             "option value": T.CompletionItemKind.EnumMember, "attribute value": T.CompletionItemKind.EnumMember}

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=["."]))
    def completion(ls, params: T.CompletionParams):
        uri = params.text_document.uri
        doc = server.workspace.get_text_document(uri)
        a = current(uri)
        if a is None:
            return T.CompletionList(is_incomplete=False, items=[])
        lines = doc.lines
        line = lines[params.position.line] if params.position.line < len(lines) else ""
        items = F.completion(a, *at(uri, params.position), line.rstrip("\r\n"))
        return T.CompletionList(is_incomplete=False, items=[
            T.CompletionItem(c.label, kind=kinds.get(c.kind, T.CompletionItemKind.EnumMember), detail=c.detail or None)
            for c in items])

    sym_kinds = {"role": T.SymbolKind.Class, "step": T.SymbolKind.Event, "proc": T.SymbolKind.Method,
                 "func": T.SymbolKind.Function, "option": T.SymbolKind.Property, "global": T.SymbolKind.Variable,
                 "counter": T.SymbolKind.Field, "prop": T.SymbolKind.Field, "property": T.SymbolKind.Field,
                 "trigger": T.SymbolKind.Event, "replacement": T.SymbolKind.Event, "win": T.SymbolKind.Boolean,
                 "option value": T.SymbolKind.EnumMember, "extension": T.SymbolKind.Method}

    def symbol(uri: str, s: F.Symbol, read: dict) -> T.DocumentSymbol:
        return T.DocumentSymbol(s.name, sym_kinds.get(s.kind, T.SymbolKind.Constant),
                                rng(uri, s.range.line, s.range.col, s.range.end_line, s.range.end_col, read),
                                rng(uri, s.selection.line, s.selection.col, s.selection.end_line,
                                    s.selection.end_col, read),
                                detail=s.kind, children=[symbol(uri, c, read) for c in s.children] or None)

    @server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbol(ls, params: T.DocumentSymbolParams):
        uri = params.text_document.uri
        a = current(uri)
        read: dict = {}
        return [symbol(uri, s, read) for s in F.symbols(a)] if a else []

    return server


def serve() -> None:
    """Run the server on stdin/stdout until the client says ``exit``."""
    build().start_io()
