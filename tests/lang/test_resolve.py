"""The resolve stage (:mod:`wolfdsl.lang.resolve`): block scopes, slots, diagnostics.

``resolve.wolf`` holds chunks in starlark's ``resolve.star`` style: each is compiled on
top of :data:`HEADER`; ``### CODE "regex"`` marks a line that must be reported.
"""
import re
from pathlib import Path

import pytest
from chunks import split_chunks

from wolfdsl.diagnostics import WolfError
from wolfdsl.lang import syntax as A
from wolfdsl.lang.compile import compile_program
from wolfdsl.lang.link import link
from wolfdsl.lang.load import modules
from wolfdsl.lang.options import fix_options
from wolfdsl.lang.resolve import resolve

HEADER = 'import "roles"\nplayers 12\ndeck 12: werewolf*4, seer, witch, hunter, guard, villager*4\n'
CHUNKS = Path(__file__).with_name("resolve.wolf")
MARK = re.compile(r'###\s*([EW]\d{3})\s*"(.*)"')


def chunks() -> list[tuple[int, str]]:
    return split_chunks(CHUNKS.read_text(encoding="utf-8"))[1:]  # the first chunk is the file's header comment


def _compile(tmp_path, text):
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + text, encoding="utf-8")
    return compile_program(modules(path, str(path)), "probe", str(path))


@pytest.mark.parametrize("index", range(len(chunks())))
def test_chunk(index, tmp_path):
    first, text = chunks()[index]
    offset = HEADER.count("\n")
    want = {(offset + n, m.group(1), m.group(2)) for n, line in enumerate(text.splitlines(), 1)
            for m in [MARK.search(line)] if m}
    try:
        _compile(tmp_path, text)
        got = []
    except WolfError as err:
        got = err.diagnostics
    assert len(got) == len(want), f"chunk at resolve.wolf:{first}: " + "\n".join(d.render() for d in got)
    for line, code, regex in want:
        assert any(d.span.line == line and d.code == code and re.search(regex, d.message) for d in got), (
            f"chunk at resolve.wolf:{first}: expected {code} {regex!r} at line {line - offset}, got "
            + "\n".join(d.render() for d in got))


def test_a_nested_decide_has_its_own_me(tmp_path):
    prog, _ = link(modules(_write(tmp_path, """
step probe in night first {
    decide seer.probe by seer may pass choose t from alive {
        decide witch.probe by witch may pass choose u from alive { log inner { me: me } }
        log outer { me: me }
    }
}"""), None))
    b = resolve(prog, fix_options(prog)[0])
    assert b.diagnostics == []
    step = prog.named("step")["probe"]
    outer = step.body.stmts[0]
    inner = outer.body.stmts[0]
    assert (b[outer].me, b[outer].var) == ("me", "t")
    assert (b[inner].me, b[inner].var) == ("me#1", "u")
    names = [n for n in A.walk(step) if isinstance(n, A.Name) and n.id == "me"]
    assert [b[n].slot for n in names] == ["me#1", "me"]


def test_uses_record_references_to_declarations(tmp_path):
    prog, _ = link(modules(_write(tmp_path, "step probe in night first { log e { s: sheriff } }"), None))
    b = resolve(prog, fix_options(prog)[0])
    spans = [span for kind, name, span in b.uses if (kind, name) == ("global", "sheriff")]
    assert any(s.file.endswith("probe.wolf") and s.line == 4 for s in spans)


def _write(tmp_path, text):
    path = tmp_path / "probe.wolf"
    path.write_text(HEADER + text, encoding="utf-8")
    return path
