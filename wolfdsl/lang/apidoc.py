"""docs/prelude.md: the prelude's public API, generated from the bundled base files.

``render() -> str`` reads ``prelude.wolf`` and ``roles.wolf`` (the files every bundled
ruleset builds on) and lists every name a role file may use or hook into — options,
kernel settings and deciders, globals, properties, statuses, causes, steps, procs (with
the hook points), funcs,
triggers, win rules and roles — each with the ``#`` comment above it (or beside it) and
the rule IDs that comment cites. Nothing here knows any role: it only reads declarations.

Regenerate with ``python -m wolfdsl.lang.apidoc > docs/prelude.md``;
tests/test_prelude_doc.py checks that the page is up to date.
"""
from __future__ import annotations

import re

from . import syntax as A
from .load import bundled_path
from .options import value_text
from .parse import parse
from .transform import to_ast

FILES = ("prelude", "roles")
"""The base files, in import order."""

RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z_]+)*-\d+(?:\.\d+)?\b")
SECTION_ID = re.compile(r"\b[A-Z]+(?:-[A-Z_]+)+\b")
"""A ``# ---- ROLE-X`` section header names the rule family of what follows it."""


def _module(name: str) -> tuple[A.Module, list[str]]:
    path = bundled_path(name)
    text = path.read_text(encoding="utf-8")
    shown = f"{name}.wolf"
    return to_ast(parse(text, shown), shown, text), text.splitlines()


def _comment_at(line: str) -> int:
    """Where the ``#`` comment of a source line starts, outside strings (-1: none)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return i
    return -1


def _trailing_comment(line: str) -> str:
    i = _comment_at(line)
    return line[i + 1:].strip() if i >= 0 else ""


def _comment(lines: list[str], decl: A.Decl) -> str:
    """The comment block right above a declaration (no blank line between), else the
    comment at the end of its first line."""
    i = decl.span.line - 2
    block: list[str] = []
    while i >= 0 and lines[i].lstrip().startswith("#"):
        text = lines[i].strip()[1:].strip()
        if set(text) <= set("- ") or text.startswith("---"):
            break
        block.insert(0, text)
        i -= 1
    own = _trailing_comment(lines[decl.span.line - 1])
    text = " ".join(block) if block else own
    return text


def _source(lines: list[str], decl: A.Decl) -> str:
    """The declaration's first line, without its trailing comment or opening brace."""
    line = lines[decl.span.line - 1]
    i = _comment_at(line)
    line = (line[:i] if i >= 0 else line).rstrip()
    if line.endswith("{"):
        line = line[:-1].rstrip()
    return line.strip()


def _ids(*texts: str | None) -> str:
    seen: list[str] = []
    for t in texts:
        for m in RULE_ID.findall(t or ""):
            if m not in seen:
                seen.append(m)
    return ", ".join(seen) if seen else "—"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    return "`" + text.replace("`", "'").replace("|", "\\|") + "`"


SECTIONS = (
    ("option", "Options", "Set with `set NAME = VALUE`, `--set NAME=VALUE` or a scenario's `options:`. "
     "A `true | false` option (as `wolfdsl show` lists it) also takes `yes` and `no` "
     "(`set NAME = no`, `--set NAME=yes`, `options: {NAME: no}`)."),
    ("engine", "Kernel settings and deciders", "What the game kernel asks of the ruleset (`engine NAME = ...`: the "
                                               "day bound, who leaves last words, the rule the dead break), and the "
                                               "deciders that are no seat (`decide ... by moderator`)."),
    ("event", "Event texts", "How the narration tells the events the prelude logs (`log TYPE { ... }`); a "
                            "ruleset declares its own with `event TYPE[(FIELD = VALUE, …)] \"English\" \"中文\"`; a type is "
                            "shown to every seat unless a declaration says `secret` (the moderator's record)."),
    ("word", "Words", "How the narration shows a name the rules use as a field or a value (a `tell`'s fields, "
                      "a check's result, a rule's name); a ruleset adds its own with `word NAME \"English\" \"中文\"`."),
    ("global", "Globals", "Game-wide state: read and assigned by any statement."),
    ("property", "Properties", "A default every role has; a role overrides it with `prop NAME = ...`; read as `p.NAME`."),
    ("status", "Statuses", "`add STATUS to p`, `remove STATUS from p`, `p has STATUS`; temporary ones are cleared when a phase starts."),
    ("cause", "Causes", "`kill p cause CAUSE`; a cause's own `last_words` setting comes before the last-words policy."),
    ("symbol", "Factions, classes and teams", ""),
    ("step", "Steps", "Order a role's step against these with `after` / `before`."),
    ("hook", "Hook points", "Empty procs the prelude calls at a fixed moment, there to be extended: "
                            "`extend proc NAME(params) { ... }` (see the [language reference](language.md#extending-shared-procedure))."),
    ("proc", "Procs", "`call NAME(args)`; any proc may be extended with `extend proc` or replaced with `replace proc`."),
    ("func", "Funcs", "Used in expressions; `replace func` to change one, `extend func` to add a term to its "
                      "value (several role files may add votes to `extra_votes`: see the "
                      "[language reference](language.md#extending-shared-procedure))."),
    ("trigger", "Triggers and replacements", "They run on every death or announcement; their `order` places a role's own triggers."),
    ("win", "Win rules", ""),
    ("role", "Roles", "Deal them in a `deck`; `replace role` to change one."),
)


def _section(lines: list[str], decl: A.Decl) -> str:
    """The rule IDs of the nearest ``# ----`` section header above a declaration."""
    for i in range(decl.span.line - 2, -1, -1):
        text = lines[i].strip()
        if text.startswith("# ---"):
            return ", ".join(dict.fromkeys(RULE_ID.findall(text) or SECTION_ID.findall(text)))
    return ""


def describe(lines: list[str], decl: A.Decl) -> tuple[str, str]:
    """``(description, rule IDs)`` of a declaration in a file of ``lines``: the comment
    above it (or beside it; an option's own string if it has none) and the rule IDs it
    cites, else those of its ``# ----`` section (``—`` when there are none). Editors'
    hover shows the same text as docs/prelude.md."""
    doc = _comment(lines, decl)
    extra = decl.doc if isinstance(decl, A.OptionDecl) else None
    if not doc and extra:
        doc = extra
    if isinstance(decl, A.OptionDecl) and decl.value_docs:
        doc = "; ".join([doc] * bool(doc) + [f"`{value_text(v)}`: {en}" for v, en, _ in decl.value_docs])
    ids = _ids(doc, extra)
    if ids == "—":
        ids = _section(lines, decl) or "—"
    return doc, ids


def _word(value) -> str:
    """An event case's value as written: ``yes``/``no`` for a boolean (``choice = yes``;
    an option's is ``true``/``false``, as ``wolfdsl show`` says: :func:`value_text`)."""
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _kind(d: A.Decl) -> tuple[str, str, str | None] | None:
    """(section, name, declaration text or None for the source line) of a declaration."""
    if isinstance(d, A.OptionDecl):  # the values, without their texts (in the description)
        needs = dict(d.needs)
        values = " | ".join(value_text(v) + (f" needs role {', '.join(needs[v])}" if needs.get(v) else "")
                            for v in d.values)
        return "option", d.name, f"option {d.name}: {values} = {value_text(d.default)}"
    if isinstance(d, (A.EngineDecl, A.DeciderDecl)):
        return "engine", d.name, None
    if isinstance(d, A.EventDecl):
        case = ", ".join(f"{k} = {_word(v)}" for k, v in d.case or ())
        return "event", d.name + (f"({case})" if case else ""), None
    if isinstance(d, A.WordDecl):
        return "word", d.name, None
    if isinstance(d, A.GlobalDecl):
        return "global", d.name, None
    if isinstance(d, A.PropertyDecl):
        return "property", d.name, None
    if isinstance(d, A.SymbolDecl):
        return (d.kind if d.kind in ("status", "cause") else "symbol"), d.name, None
    if isinstance(d, A.StepDecl):
        return "step", d.name, None
    if isinstance(d, A.ProcDecl):
        return ("proc" if d.body.stmts else "hook"), d.name, f"proc {d.name}({', '.join(d.params)})"
    if isinstance(d, A.FuncDecl):
        return "func", d.name, f"func {d.name}({', '.join(d.params)})"
    if isinstance(d, A.TriggerDecl):
        return "trigger", d.name, None
    if isinstance(d, A.WinDecl):
        return "win", d.name, f"win {d.name} for {', '.join(d.factions)}"
    if isinstance(d, A.RoleDecl):
        return "role", d.name, None
    return None


def _rows(files) -> dict[str, list[list[str]]]:
    """section -> rows of [name, declaration, rule IDs, where, description]."""
    rows: dict[str, list] = {k: [] for k, _, _ in SECTIONS}
    seen: dict[tuple[str, str], list[str]] = {}
    for name in files:
        mod, lines = _module(name)
        for d in mod.decls:
            k = _kind(d) if d.span is not None else None
            if k is None:
                continue
            section, ident, src = k
            doc, ids = describe(lines, d)
            loc = f"{name}.wolf:{d.span.line}"
            if getattr(d, "replace", False) and (type(d).__name__, ident) in seen:
                # a later base file replaces it: one row, the text of the one in force
                row = seen[(type(d).__name__, ident)]
                row[2] = ids if ids != "—" else row[2]
                row[3] += f", replaced at {loc}"
                row[4] = doc or row[4]
                continue
            row = [f"`{ident}`", _code(src or _source(lines, d)), ids, loc, _cell(doc)]
            rows[section].append(row)
            seen[(type(d).__name__, ident)] = row
    return rows


def render(files=FILES) -> str:
    rows = _rows(files)
    out = [
        "# The prelude's API",
        "",
        "<!-- generated by `python -m wolfdsl.lang.apidoc > docs/prelude.md`; "
        "tests/test_prelude_doc.py checks it -->",
        "",
        "Every bundled ruleset builds on two files: `rulesets/prelude.wolf` (the table "
        "procedure) and `rulesets/roles.wolf` (the standard roles). A role file imports "
        "`roles` (which imports the prelude) and uses the names below; it adds to shared "
        "procedure with `extend proc` and never copies it. Rule IDs are those of "
        "[rules.md](rules.md); the description is the comment above the declaration.",
        "",
        "Contents: " + ", ".join(f"[{title}](#{title.lower().replace(' ', '-').replace(',', '')})"
                                 for kind, title, _ in SECTIONS if rows[kind]) + ".",
        "",
    ]
    for kind, title, intro in SECTIONS:
        if not rows[kind]:
            continue
        out += [f"## {title}", ""]
        if intro:
            out += [intro, ""]
        out += ["| name | declaration | rule | where | what it is |", "|---|---|---|---|---|"]
        for row in rows[kind]:
            out.append("| " + " | ".join(row) + " |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(render(), end="")
