"""A real LSP session: pygls' client talks JSON-RPC over pipes to a ``wolfdsl lsp``
subprocess, as an editor does — diagnostics on open and as you type (the codes `wolfdsl
lint` prints), hover, definition and references across imports into the bundled files,
completion and document symbols."""
from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as T  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from clitools import invoke  # noqa: E402
from wolfdsl.lang.load import rulesets_dir  # noqa: E402

ROLE = '''import "roles"
title "Watchman"

status watched "watched tonight" temporary
status unused_mark
role watchman "Night watchman" "守夜人" { faction village; class god; counter oil = 2 }
step watchman in night after werewolves before witch {
    decide watchman.watch by watchman may pass choose t from alive
        requires me.oil > 0 else "the lantern is out of oil"
        unless t == me because "the watchman watches another player"
    { if t != none { add watched to t; me.oil -= 1 } }
}
trigger watchman_sees on death(p) when p has watched and cause == wolf and living(watchman) != none {
    tell living(watchman) { saw_wolf: pick(members(werewolves)) } }

deck 12: werewolf*4, seer, witch, hunter, watchman, villager*4
'''


def _pos(text: str, needle: str, nth: int = 0, offset: int = 0) -> T.Position:
    """The 0-based position of the ``nth`` occurrence of ``needle`` (plus ``offset``)."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += offset
    line = text.count("\n", 0, at)
    return T.Position(line, at - (text.rfind("\n", 0, at) + 1))


class Session:
    """A client with the diagnostics it was sent, by URI."""

    def __init__(self):
        self.client = LanguageClient("wolfdsl-test", "1")
        self.diags: dict[str, asyncio.Queue] = {}
        self.versions: list[int | None] = []

        @self.client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def publish(ls, params: T.PublishDiagnosticsParams):
            self.versions.append(params.version)
            self.queue(params.uri).put_nowait(params.diagnostics)

    def queue(self, uri: str) -> asyncio.Queue:
        return self.diags.setdefault(uri, asyncio.Queue())

    async def diagnostics(self, uri: str) -> list[T.Diagnostic]:
        return await asyncio.wait_for(self.queue(uri).get(), 60)

    def doc(self, uri):
        return T.TextDocumentIdentifier(uri)


async def _session(tmp_path: Path) -> dict:
    out: dict = {}
    s = Session()
    c = s.client
    await c.start_io(sys.executable, "-m", "wolfdsl", "lsp")
    try:
        init = await c.initialize_async(T.InitializeParams(
            capabilities=T.ClientCapabilities(), root_uri=tmp_path.as_uri(), process_id=None))
        out["capabilities"] = init.capabilities
        c.initialized(T.InitializedParams())
        path = tmp_path / "watch.wolf"
        path.write_text(ROLE, encoding="utf-8")
        uri = path.as_uri()
        c.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(uri, "wolf", 1, ROLE)))
        out["open"] = await s.diagnostics(uri)

        # a typo as you type (not saved): E201 at the typo
        typo = ROLE.replace("living(watchman) != none", "living(watchmn) != none")
        c.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(uri=uri, version=2),
            [T.TextDocumentContentChangeWholeDocument(typo)]))
        out["typo"] = (await s.diagnostics(uri), _pos(typo, "watchmn"))
        c.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(uri=uri, version=3),
            [T.TextDocumentContentChangeWholeDocument(ROLE)]))
        out["fixed"] = await s.diagnostics(uri)

        async def hover(needle, nth=0, offset=1):
            h = await c.text_document_hover_async(T.HoverParams(s.doc(uri), _pos(ROLE, needle, nth, offset)))
            return h.contents.value if h else None

        async def definition(needle, nth=0, offset=1):
            return await c.text_document_definition_async(
                T.DefinitionParams(s.doc(uri), _pos(ROLE, needle, nth, offset)))

        async def references(needle, nth=0, offset=1):
            return await c.text_document_references_async(T.ReferenceParams(
                T.ReferenceContext(include_declaration=True), s.doc(uri), _pos(ROLE, needle, nth, offset)))

        out["hover_witch"] = await hover("before witch", offset=8)
        out["hover_pick"] = await hover("pick(")
        out["hover_option"] = None
        out["def_werewolves"] = await definition("after werewolves", offset=7)
        out["def_watched"] = await definition("has watched", offset=5)
        out["def_oil"] = await definition("me.oil", offset=4)
        out["def_t"] = await definition("t != none")
        out["refs_watched"] = await references("watched", nth=0)
        out["refs_werewolves"] = await references("members(werewolves)", offset=9)

        # completion on a line being typed
        typing = ROLE.replace("    { if t != none {", "    { add wat\n      if t != none {")
        c.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(uri=uri, version=4),
            [T.TextDocumentContentChangeWholeDocument(typing)]))
        out["typing"] = await s.diagnostics(uri)
        comp = await c.text_document_completion_async(T.CompletionParams(
            s.doc(uri), _pos(typing, "add wat", offset=7)))
        out["complete_status"] = [i.label for i in comp.items]
        dotted = ROLE.replace("me.oil -= 1", "me.o")
        c.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(uri=uri, version=5),
            [T.TextDocumentContentChangeWholeDocument(dotted)]))
        await s.diagnostics(uri)
        comp = await c.text_document_completion_async(T.CompletionParams(
            s.doc(uri), _pos(dotted, "me.o ", offset=4)))
        out["complete_field"] = [i.label for i in comp.items]
        # two edits in a row: only the latest text is checked and published
        for version, text in ((6, typo), (7, ROLE)):
            c.text_document_did_change(T.DidChangeTextDocumentParams(
                T.VersionedTextDocumentIdentifier(uri=uri, version=version),
                [T.TextDocumentContentChangeWholeDocument(text)]))
        out["latest"] = await s.diagnostics(uri)
        comp = await c.text_document_completion_async(T.CompletionParams(s.doc(uri), _pos(ROLE, "cause == wolf",
                                                                                           offset=0)))
        out["complete_any"] = {i.label: i.kind for i in comp.items}
        out["versions"] = list(s.versions)
        out["symbols"] = await c.text_document_document_symbol_async(T.DocumentSymbolParams(s.doc(uri)))
        # a bundled ruleset, opened from where the package keeps it
        bundled = rulesets_dir() / "standard-12.wolf"
        text = bundled.read_text(encoding="utf-8")
        b_uri = bundled.resolve().as_uri()
        c.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(b_uri, "wolf", 1, text)))
        out["bundled_open"] = await s.diagnostics(b_uri)
        guard = _pos(text, "guard, villager", offset=1)
        h = await c.text_document_hover_async(T.HoverParams(s.doc(b_uri), guard))
        out["bundled_hover"] = h.contents.value
        out["bundled_def"] = await c.text_document_definition_async(T.DefinitionParams(s.doc(b_uri), guard))
        where = _pos(text, "seer, witch, hunter, guard, villager", offset=2)
        comp = await c.text_document_completion_async(T.CompletionParams(s.doc(b_uri), where))
        out["bundled_complete"] = [i.label for i in comp.items]
        await c.shutdown_async(None)
        c.exit(None)
    finally:
        await asyncio.wait_for(c.stop(), 30)
    return out


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lsp")
    return tmp, asyncio.run(_session(tmp))


def test_the_server_says_what_it_offers(session):
    caps = session[1]["capabilities"]
    assert caps.hover_provider and caps.definition_provider and caps.references_provider
    assert caps.document_symbol_provider and "." in caps.completion_provider.trigger_characters


def test_diagnostics_on_open_are_those_of_wolfdsl_lint(session):
    tmp, out = session
    lint = invoke("lint", tmp / "watch.wolf", "--format", "json")
    want = [(d["code"], d["location"]["line"], d["location"]["col"], d["location"]["end_col"], d["message"])
            for d in json.loads(lint.stdout)]
    got = [(d.code, d.range.start.line + 1, d.range.start.character + 1, d.range.end.character + 1, d.message)
           for d in out["open"]]
    assert got == want == [("W301", 5, 1, 19, "status 'unused_mark' is declared but never used")]
    assert out["open"][0].severity == T.DiagnosticSeverity.Warning


def test_a_typo_is_reported_as_you_type_and_goes_when_fixed(session):
    diags, at = session[1]["typo"]
    e201 = [d for d in diags if d.code == "E201"]
    assert len(e201) == 1 and "unknown name 'watchmn'" in e201[0].message and "did you mean 'watchman'" in e201[0].message
    assert (e201[0].range.start.line, e201[0].range.start.character) == (at.line, at.character)
    assert e201[0].range.end.character == at.character + len("watchmn")
    assert e201[0].severity == T.DiagnosticSeverity.Error and e201[0].source == "wolfdsl"
    assert [d.code for d in session[1]["fixed"]] == ["W301"]


def test_after_edits_in_a_row_only_the_latest_text_is_published(session):
    out = session[1]
    assert [d.code for d in out["latest"]] == ["W301"]
    assert out["versions"] == [1, 2, 3, 4, 5, 7]


def test_hover_shows_the_declaration_its_description_and_rule_id(session):
    out = session[1]
    assert out["hover_witch"].startswith("**step** `witch` — roles.wolf:")
    assert "step witch in night after werewolves" in out["hover_witch"]
    assert "Rule: ROLE-WITCH-01, ROLE-ELDER-02" in out["hover_witch"]
    assert out["hover_pick"].startswith("**builtin function** `pick` (1 argument)")
    assert "seeded random generator" in out["hover_pick"]


def _where(loc: T.Location) -> tuple[str, int, int]:
    return Path(loc.uri.removeprefix("file://")).name, loc.range.start.line + 1, loc.range.start.character + 1


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_definition_across_imports_into_the_bundled_files(session):
    out = session[1]
    roles = rulesets_dir() / "roles.wolf"
    (loc,) = out["def_werewolves"]
    assert Path(loc.uri.removeprefix("file://")) == roles.resolve()
    assert _where(loc) == ("roles.wolf", _line_of(roles, "step werewolves in night"), 6)
    assert [_where(x) for x in out["def_watched"]] == [("watch.wolf", 4, 8)]
    assert [_where(x) for x in out["def_oil"]] == [("watch.wolf", 6, 76)]
    assert [_where(x) for x in out["def_t"]] == [("watch.wolf", 8, 55)]


def test_references_in_the_document_and_its_imports(session):
    out = session[1]
    assert sorted(_where(x) for x in out["refs_watched"]) == [
        ("watch.wolf", 4, 8), ("watch.wolf", 11, 26), ("watch.wolf", 13, 46)]
    files = {_where(x)[0] for x in out["refs_werewolves"]}
    assert {"watch.wolf", "roles.wolf", "prelude.wolf"} <= files
    assert ("watch.wolf", 7, 30) in [_where(x) for x in out["refs_werewolves"]]


def test_completion_of_names_in_scope(session):
    out = session[1]
    assert out["complete_status"] == ["watched"]
    assert "oil" in out["complete_field"] and "watch" not in out["complete_field"]
    anywhere = out["complete_any"]
    assert anywhere["watched"] == T.CompletionItemKind.EnumMember
    assert anywhere["witch_self_save"] == T.CompletionItemKind.Property
    assert anywhere["count"] == T.CompletionItemKind.Function
    assert anywhere["p"] == T.CompletionItemKind.Variable and "t" not in anywhere  # t is another scope's


def test_document_symbols(session):
    syms = session[1]["symbols"]
    names = [(s.name, s.detail) for s in syms]
    assert names == [('import "roles"', "import"), ("watched", "status"), ("unused_mark", "status"), ("watchman", "role"),
                     ("watchman", "step"), ("watchman_sees", "trigger"), ("deck 12", "deck")]
    role = syms[3]
    assert [(c.name, c.detail) for c in role.children] == [("oil", "counter")]
    assert (role.range.start.line, role.selection_range.start.character) == (5, 5)


def test_without_pygls_the_command_says_how_to_get_it(monkeypatch):
    from wolfdsl.editor import server  # noqa: F401  (imported before pygls is hidden)
    monkeypatch.setitem(sys.modules, "pygls", None)
    r = invoke("lsp")
    assert r.exit_code == 2
    assert "pip install 'wolfdsl[lsp]'" in r.stderr


def test_a_bundled_ruleset_in_the_session(session):
    out = session[1]
    assert list(out["bundled_open"]) == []
    assert out["bundled_hover"].startswith("**role** `guard` — roles.wolf:")
    assert "Rule: ROLE-GUARD" in out["bundled_hover"]
    assert [_where(x) for x in out["bundled_def"]] == [("roles.wolf", _line_of(rulesets_dir() / "roles.wolf",
                                                                                "role guard "), 6)]
    assert out["bundled_complete"] == ["seer"]
