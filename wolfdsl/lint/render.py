"""Rendering findings: text (compiler style), JSON, GitHub workflow annotations, SARIF
2.1.0 (for GitHub code scanning: URIs relative to ``%SRCROOT%`` or to the bundled
rulesets' folder, help text and a help link per rule), and one rule explained
(``wolfdsl lint --explain CODE``)."""
from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path, PurePath
from typing import Iterable
from urllib.parse import quote

from ..diagnostics import Diagnostic
from .registry import REGISTRY, RUNTIME, doc_sections, rules

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def text(diags: Iterable[Diagnostic]) -> str:
    """``path:line:col: CODE severity: message``, the source line, carets, notes."""
    return "\n".join(d.render() for d in diags)


def summary(diags: list[Diagnostic], files: int) -> str:
    errors = sum(d.severity == "error" for d in diags)
    warnings = sum(d.severity == "warning" for d in diags)
    return (f"{files} file{'s' if files != 1 else ''} checked: {errors} error{'s' if errors != 1 else ''}, "
            f"{warnings} warning{'s' if warnings != 1 else ''}")


def _loc(span) -> dict | None:
    if span is None:
        return None
    return {"file": span.file, "line": span.line, "col": span.col,
            "end_line": span.end_line or span.line, "end_col": span.end_col or span.col + 1}


def as_json(diags: Iterable[Diagnostic]) -> str:
    out = []
    for d in diags:
        rule = REGISTRY.get(d.code)
        out.append({"code": d.code, "name": rule.name if rule else None, "severity": d.severity,
                    "message": d.message, "location": _loc(d.span),
                    "related": [{"message": r.message, "location": _loc(r.span)} for r in d.related],
                    "reproducer": getattr(d, "reproducer", None)})
    return json.dumps(out, ensure_ascii=False, indent=2)


def help_uri(code: str, name: str) -> str:
    """The rule's section of docs/lint.md (GitHub's heading anchor)."""
    from .. import DOCS

    return f"{DOCS}/lint.md#{code.lower()}-{name}"


def _plain(text: str) -> str:
    """Docstring text as Markdown: dedented, RST ````x```` as ```x```."""
    return re.sub(r"``(.+?)``", r"`\1`", textwrap.dedent(text)).strip("\n")


def explain(code: str) -> str:
    """What ``wolfdsl lint --explain CODE`` prints: the rule's documentation."""
    cls = REGISTRY.get(code) or RUNTIME[code]
    doc = (cls.__doc__ or "").strip().splitlines()
    out = [f"{cls.code} {cls.name} ({cls.severity})", ""]
    if doc:
        out += [_plain(doc[0].strip()), ""]
    for heading, body in doc_sections(cls).items():
        out += [f"{heading}:", textwrap.indent(_plain(body), "    "), ""]
    out.append(f"Documentation: {help_uri(cls.code, cls.name)}")
    return "\n".join(out)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB = {"error": "error", "warning": "warning", "info": "notice"}


def github(diags: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands: ``::error file=…,line=…,col=…,title=CODE::message``."""
    lines = []
    for d in diags:
        props = []
        if d.span is not None:
            s = d.span
            props += [f"file={_escape_property(s.file)}", f"line={s.line}", f"col={s.col}"]
            if s.end_line:
                props.append(f"endLine={s.end_line}")
            if s.end_col and (s.end_line or s.line) == s.line:
                props.append(f"endColumn={s.end_col}")
        if d.code:
            rule = REGISTRY.get(d.code)
            props.append("title=" + _escape_property(f"{d.code} {rule.name}" if rule else d.code))
        lines.append(f"::{_GITHUB.get(d.severity, 'warning')} {','.join(props)}::{_escape_data(d.message)}")
    return "\n".join(lines)


BUNDLED_BASE = "WOLFDSL_BUNDLED"
"""The ``uriBaseId`` of the rulesets bundled with wolfdsl in SARIF."""


def _artifact(path: str, root: Path) -> dict:
    """A SARIF ``artifactLocation``: relative to ``%SRCROOT%`` (the folder lint ran in)
    when it can be, relative to the bundled rulesets for ``<bundled>/…``, else a
    ``file://`` URI."""
    if path.startswith("<bundled>/"):
        return {"uri": quote(path[len("<bundled>/"):], safe="/"), "uriBaseId": BUNDLED_BASE}
    p = Path(path)
    if p.is_absolute():
        try:
            p = p.resolve().relative_to(root.resolve())
        except ValueError:
            return {"uri": p.as_uri()}
    return {"uri": quote(PurePath(p).as_posix(), safe="/"), "uriBaseId": "%SRCROOT%"}


def _sarif_location(span, message: str | None = None, root: Path | None = None) -> dict:
    region = {"startLine": span.line, "startColumn": span.col}
    if span.end_line:
        region["endLine"] = span.end_line
    if span.end_col:
        region["endColumn"] = span.end_col
    loc = {"physicalLocation": {"artifactLocation": _artifact(span.file, root or Path.cwd()), "region": region}}
    if message:
        loc["message"] = {"text": message}
    return loc


_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def sarif(diags: Iterable[Diagnostic], root: Path | None = None) -> str:
    """A SARIF 2.1.0 log with one run, every registered rule and the findings; paths
    relative to ``root`` (default: the current folder), the ``%SRCROOT%`` of the run."""
    from .. import DOCS, __version__
    from ..lang.load import rulesets_dir

    root = root or Path.cwd()
    all_rules = list(rules())
    index = {r.code: i for i, r in enumerate(all_rules)}
    descriptors = []
    for r in all_rules:
        secs = doc_sections(type(r))
        descriptors.append({
            "id": r.code, "name": r.name,
            "shortDescription": {"text": _plain((type(r).__doc__ or "").strip().splitlines()[0])},
            "fullDescription": {"text": _plain(secs.get("What it finds", ""))},
            "help": {"text": "\n\n".join(f"{k}:\n{_plain(v)}" for k, v in secs.items()),
                     "markdown": "\n\n".join(f"**{k}**\n\n{_plain(v)}" for k, v in secs.items())},
            "helpUri": help_uri(r.code, r.name),
            "defaultConfiguration": {"level": _LEVEL[r.severity]},
            "properties": {"family": r.family, "kind": r.kind},
        })
    results = []
    for d in diags:
        res = {"ruleId": d.code or "wolfdsl", "level": _LEVEL.get(d.severity, "warning"),
               "message": {"text": d.message}}
        if d.code in index:
            res["ruleIndex"] = index[d.code]
        if d.span is not None:
            res["locations"] = [_sarif_location(d.span, root=root)]
        rel = [r for r in d.related if r.span is not None]
        if rel:
            res["relatedLocations"] = [dict(_sarif_location(r.span, r.message, root), id=i)
                                       for i, r in enumerate(rel)]
        if getattr(d, "reproducer", None):
            res["properties"] = {"reproducer": d.reproducer}
        results.append(res)
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "wolfdsl", "version": __version__,
                                         "informationUri": f"{DOCS}/lint.md",
                                         "rules": descriptors}},
                     "originalUriBaseIds": {
                         "%SRCROOT%": {"uri": root.resolve().as_uri() + "/"},
                         BUNDLED_BASE: {"uri": rulesets_dir().resolve().as_uri() + "/",
                                        "description": {"text": "the rulesets bundled with wolfdsl"}}},
                     "invocations": [{"executionSuccessful": True}],
                     "results": results}]}
    return json.dumps(log, ensure_ascii=False, indent=2)
