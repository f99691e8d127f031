"""Positions in UTF-16, as the server advertises (``positionEncoding``): a real session with
lines that hold characters outside the Basic Multilingual Plane (🦉: two UTF-16 units, one
code point), in the document and in a file it imports that the editor has not opened.
Every position the server reads (hover, definition, references, completion) and sends
(diagnostics and their related places, hover, locations, symbols) counts UTF-16 units."""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as T  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

OWLS = '''# owls.wolf: imported, never opened in the editor
status hooted "🦉🦉 hooted at" temporary; status spotted "🦉 spotted"
'''

OWL = '''import "roles"
import "owls"
title "Owl 🦉"

status watched "watched 🦉 tonight" temporary
role owl "Owl 🦉" "猫头鹰" { faction village; class god; counter oil = 2 }
step owl in night after werewolves before witch
    call "🦉 Owl, open your eyes." "🦉 猫头鹰请睁眼。" {
    decide owl.watch by owl may pass choose t from alive
        unless t == me because "🦉 the owl watches another player"
    { tell me { note: "🦉🦉" }; if t != none { add watched to t; add spotted to t; me.oil -= 1 } }
}

deck 12: werewolf*4, seer, witch, hunter, owl, villager*4
'''


def utf16(text: str, needle: str, nth: int = 0, offset: int = 0) -> T.Position:
    """The protocol's position of the ``nth`` ``needle`` (plus ``offset`` code points):
    its line from 0 and the UTF-16 units before it on that line."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += offset
    start = text.rfind("\n", 0, at) + 1
    return T.Position(text.count("\n", 0, at), len(text[start:at].encode("utf-16-le")) // 2)


def points(text: str, needle: str) -> int:
    """The code points before ``needle`` on its line (what a server that counts them sends)."""
    at = text.index(needle)
    return at - (text.rfind("\n", 0, at) + 1)


async def _session(tmp: Path) -> dict:
    out: dict = {}
    diags: dict[str, asyncio.Queue] = {}
    client = LanguageClient("wolfdsl-test", "1")

    def queue(uri):
        return diags.setdefault(uri, asyncio.Queue())

    @client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def publish(ls, params: T.PublishDiagnosticsParams):
        queue(params.uri).put_nowait(params.diagnostics)

    (tmp / "owls.wolf").write_text(OWLS, encoding="utf-8")
    path = tmp / "owl.wolf"
    path.write_text(OWL, encoding="utf-8")
    uri = path.as_uri()
    doc = T.TextDocumentIdentifier(uri)

    async def diagnostics():
        return await asyncio.wait_for(queue(uri).get(), 60)

    def change(version, text):
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [T.TextDocumentContentChangeWholeDocument(text)]))

    await client.start_io(sys.executable, "-m", "wolfdsl", "lsp")
    try:
        init = await client.initialize_async(T.InitializeParams(
            capabilities=T.ClientCapabilities(), root_uri=tmp.as_uri(), process_id=None))
        out["encoding"] = init.capabilities.position_encoding
        client.initialized(T.InitializedParams())
        client.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(uri, "wolf", 1, OWL)))
        out["open"] = await diagnostics()
        hover = await client.text_document_hover_async(T.HoverParams(doc, utf16(OWL, "watched to t", offset=2)))
        out["hover"] = hover
        out["hover_spotted"] = await client.text_document_hover_async(
            T.HoverParams(doc, utf16(OWL, "spotted to t", offset=2)))
        out["definition"] = await client.text_document_definition_async(
            T.DefinitionParams(doc, utf16(OWL, "oil -= 1", offset=1)))
        out["definition_spotted"] = await client.text_document_definition_async(
            T.DefinitionParams(doc, utf16(OWL, "spotted to t", offset=1)))
        out["references"] = await client.text_document_references_async(T.ReferenceParams(
            T.ReferenceContext(include_declaration=True), doc, utf16(OWL, "oil -= 1", offset=1)))
        out["symbols"] = await client.text_document_document_symbol_async(T.DocumentSymbolParams(doc))
        typo = OWL.replace("add watched to t", "add watchd to t")
        change(2, typo)
        out["typo"] = await diagnostics()
        broken = OWL.replace("me.oil -= 1 } }\n}\n", "me.oil -= 1 } }\n")  # the step's '{' not closed
        change(3, broken)
        out["broken"] = await diagnostics()
        typing = OWL.replace("add watched to t;", "add wat")
        change(4, typing)
        await diagnostics()
        comp = await client.text_document_completion_async(T.CompletionParams(doc, utf16(typing, "add wat", offset=7)))
        out["completion"] = [i.label for i in comp.items]
        await client.shutdown_async(None)
        client.exit(None)
    finally:
        await asyncio.wait_for(client.stop(), 30)
    return out


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lsp16")
    return tmp, asyncio.run(_session(tmp))


def _range(r: T.Range) -> tuple:
    return (r.start.line, r.start.character, r.end.line, r.end.character)


def test_the_server_counts_in_utf16_as_it_says(session):
    assert session[1]["encoding"] == T.PositionEncodingKind.Utf16


def test_diagnostics_after_an_emoji_land_where_the_text_is(session):
    out = session[1]
    (w342,) = [d for d in out["open"] if d.code == "W342"]
    at = utf16(OWL, "me.oil -= 1")
    assert _range(w342.range) == (at.line, at.character, at.line, at.character + len("me.oil -= 1"))
    assert at.character == points(OWL, "me.oil -= 1") + 2  # two units more than code points: 🦉🦉 before
    (e201,) = [d for d in out["typo"] if d.code == "E201"]
    typo = OWL.replace("add watched to t", "add watchd to t")
    at = utf16(typo, "watchd to t")  # the unknown status alone, not the whole `add` (a trial)
    assert _range(e201.range) == (at.line, at.character, at.line, at.character + len("watchd"))
    assert at.character == points(typo, "watchd to t") + 2


def test_a_related_place_counts_utf16_too(session):
    (e101,) = [d for d in session[1]["broken"] if d.code == "E101"]
    (opened,) = e101.related_information
    brace = utf16(OWL, '。" {', offset=3)  # the step's '{', after two owls on its line
    assert opened.message == "this '{' is not closed"
    assert _range(opened.location.range) == (brace.line, brace.character, brace.line, brace.character + 1)


def test_hover_at_a_utf16_column_after_an_emoji(session):
    out = session[1]
    assert out["hover"] is not None and "`watched`" in out["hover"].contents.value
    at = utf16(OWL, "watched to t")
    assert _range(out["hover"].range) == (at.line, at.character, at.line, at.character + len("watched"))
    assert "`spotted`" in out["hover_spotted"].contents.value  # declared after owls in owls.wolf


def test_definition_references_and_symbols_in_utf16(session):
    tmp, out = session
    decl = utf16(OWL, "oil = 2")
    (loc,) = out["definition"]
    assert loc.uri.endswith("/owl.wolf") and (loc.range.start.line, loc.range.start.character) == (
        decl.line, decl.character)
    (loc,) = out["definition_spotted"]  # in a file the editor has not opened: read from disk
    spotted = utf16(OWLS, "spotted")
    assert loc.uri.endswith("/owls.wolf") and _range(loc.range) == (
        spotted.line, spotted.character, spotted.line, spotted.character + len("spotted"))
    use = utf16(OWL, "oil -= 1")
    assert sorted((x.range.start.line, x.range.start.character) for x in out["references"]) == [
        (decl.line, decl.character), (use.line, use.character)]
    role = next(s for s in out["symbols"] if s.name == "owl" and s.detail == "role")
    (oil,) = role.children
    assert (oil.selection_range.start.line, oil.selection_range.start.character) == (decl.line, decl.character)


def test_completion_reads_the_column_in_utf16(session):
    assert session[1]["completion"] == ["watched"]
