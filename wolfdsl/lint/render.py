"""Rendering findings: text (compiler style), JSON, SARIF 2.1.0."""
from __future__ import annotations

import json
from pathlib import Path, PurePath
from typing import Iterable
from urllib.parse import quote

from ..diagnostics import Diagnostic
from .registry import REGISTRY, doc_sections, rules

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


def file_uri(path: str) -> str:
    """A path as a SARIF ``artifactLocation.uri``: a percent-encoded relative reference
    (``bad%20one.wolf``), or a ``file://`` URI for an absolute path."""
    p = PurePath(path)
    if p.is_absolute():
        return Path(path).as_uri()
    return quote(p.as_posix(), safe="/")


def _sarif_location(span, message: str | None = None) -> dict:
    region = {"startLine": span.line, "startColumn": span.col}
    if span.end_line:
        region["endLine"] = span.end_line
    if span.end_col:
        region["endColumn"] = span.end_col
    loc = {"physicalLocation": {"artifactLocation": {"uri": file_uri(span.file)}, "region": region}}
    if message:
        loc["message"] = {"text": message}
    return loc


_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def sarif(diags: Iterable[Diagnostic]) -> str:
    """A SARIF 2.1.0 log with one run, every registered rule and the findings."""
    from .. import __version__

    all_rules = list(rules())
    index = {r.code: i for i, r in enumerate(all_rules)}
    descriptors = []
    for r in all_rules:
        secs = doc_sections(type(r))
        descriptors.append({
            "id": r.code, "name": r.name,
            "shortDescription": {"text": (type(r).__doc__ or "").strip().splitlines()[0]},
            "fullDescription": {"text": secs.get("What it finds", "")},
            "help": {"text": "\n\n".join(f"{k}: {v}" for k, v in secs.items())},
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
            res["locations"] = [_sarif_location(d.span)]
        rel = [r for r in d.related if r.span is not None]
        if rel:
            res["relatedLocations"] = [dict(_sarif_location(r.span, r.message), id=i) for i, r in enumerate(rel)]
        if getattr(d, "reproducer", None):
            res["properties"] = {"reproducer": d.reproducer}
        results.append(res)
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "wolfdsl", "version": __version__,
                                         "informationUri": "https://wolfdsl.dev/docs/lint",
                                         "rules": descriptors}},
                     "results": results}]}
    return json.dumps(log, ensure_ascii=False, indent=2)
