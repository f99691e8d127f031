"""YAML with positions: the data of a document plus the span of every node in it.

PyYAML's constructor forgets where things were; its composer does not. :func:`load_yaml`
composes the node tree and builds the data from it, recording for each path (a tuple of
mapping keys and list indices, ``("decisions", 3, "choose")``) the span of the value and,
for mapping entries, the span of the key, so that an error about any value can quote its
line and put a caret under it.

Mapping keys become strings (``votes: {1: 5}`` gives the key ``"1"``), the way JSON has
them, so the data can be checked against a JSON Schema and every path has one spelling.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from ..diagnostics import Span, WolfError

Path = tuple  # of str (mapping keys) and int (list indices)

MAX_BYTES = 1_000_000
"""Size of a scenario file."""
MAX_DEPTH = 50
"""Lists and mappings inside one another."""
MAX_NODES = 100_000
"""Values a document may stand for, aliases expanded (no billion laughs)."""


@dataclass(slots=True)
class Located:
    """A YAML document's data and where each part of it was written.

    - ``spans[path]``: the value at ``path`` (the whole document at ``()``);
    - ``key_spans[path]``: the key of the mapping entry at ``path``;
    - ``raw[path]``: a scalar's text as written (``yes`` where the data says ``True``).
    """

    data: Any
    file: str
    text: str
    spans: dict[Path, Span] = field(default_factory=dict)
    key_spans: dict[Path, Span] = field(default_factory=dict)
    raw: dict[Path, str] = field(default_factory=dict)

    def span(self, path: Path) -> Span:
        """The span of the value at ``path``, or of its nearest enclosing node."""
        path = tuple(path)
        while path not in self.spans and path:
            path = path[:-1]
        return self.spans.get(path) or Span(self.file, 1, 1, text=self.text)

    def key_span(self, path: Path) -> Span:
        """The span of the key at ``path`` (or of its value when it has no key)."""
        return self.key_spans.get(tuple(path)) or self.span(path)


def format_path(path: Path) -> str:
    """``decisions[3].choose`` for ``("decisions", 3, "choose")``; ``""`` for the root."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def load_yaml(text: str, file: str) -> Located:
    """Parse one YAML document (safe tags only), keeping positions.

    Raises :class:`WolfError` with the position of a YAML syntax error or of a duplicate
    or non-scalar mapping key.
    """
    if len(text) > MAX_BYTES:
        raise WolfError(f"this scenario file has {len(text):,} characters; at most {MAX_BYTES:,} are allowed",
                        Span(file, 1, 1, text=text))
    _check_characters(text, file)
    _check_flow_depth(text, file)
    loader = yaml.SafeLoader(text)
    try:
        try:
            root = loader.get_single_node()
        except RecursionError:
            mark = loader.get_mark()
            raise WolfError(f"invalid YAML: nested more than {MAX_DEPTH} levels deep",
                            Span(file, mark.line + 1, mark.column + 1, text=text)) from None
        located = Located(None, file, text)
        if root is not None:
            located.data = _Builder(loader, located).build(root, ())
        else:
            located.spans[()] = Span(file, 1, 1, text=text)
        return located
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Span(file, mark.line + 1, mark.column + 1, text=text) if mark else None
        problem = exc.problem or exc.context or "cannot read this"
        raise WolfError(f"invalid YAML: {problem}", where) from None
    except yaml.YAMLError as exc:
        raise WolfError(f"invalid YAML: {exc}", Span(file, 1, 1, text=text)) from None
    finally:
        loader.dispose()


_NOT_PRINTABLE = __import__("re").compile(
    "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


def _at(text: str, file: str, i: int, width: int = 1) -> Span:
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return Span(file, line, col, line, col + width, text=text)


def _check_characters(text: str, file: str) -> None:
    """A character YAML refuses (a NUL byte, a control character) is an error at it."""
    m = _NOT_PRINTABLE.search(text)
    if m is not None:
        raise WolfError(f"invalid YAML: character U+{ord(m.group()):04X} is not allowed in a scenario file "
                        "(a binary file?)", _at(text, file, m.start()))


def _check_flow_depth(text: str, file: str) -> None:
    """Brackets (``[[[...``, ``{{{...``) nested deeper than :data:`MAX_DEPTH` are an error
    at the first bracket too many (PyYAML would recurse through every level)."""
    depth, quote, i, n = 0, "", 0, len(text)
    while i < n:
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"" and (i == 0 or text[i - 1] in " \t\n[{,:"):
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t\n"):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise WolfError(f"invalid YAML: brackets nested more than {MAX_DEPTH} deep", _at(text, file, i))
        elif ch in "]}":
            depth = max(depth - 1, 0)
        i += 1


class _Builder:
    def __init__(self, loader: yaml.SafeLoader, located: Located):
        self.loader = loader
        self.loc = located
        self.nodes = 0
        self.open: set = set()   # collections being built: an alias to one of them recurses

    def span(self, node: yaml.Node) -> Span:
        start, end = node.start_mark, node.end_mark
        return Span(self.loc.file, start.line + 1, start.column + 1, end.line + 1, end.column + 1,
                    text=self.loc.text)

    def build(self, node: yaml.Node, path: Path) -> Any:
        self.loc.spans[path] = self.span(node)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise WolfError(f"this document stands for more than {MAX_NODES:,} values (aliases "
                            "repeating aliases?); write the values out", self.span(node))
        if len(path) > MAX_DEPTH:
            raise WolfError(f"nested more than {MAX_DEPTH} levels deep", self.span(node))
        if isinstance(node, yaml.ScalarNode):
            self.loc.raw[path] = node.value
            try:
                return self.loader.construct_object(node)
            except (ValueError, TypeError, AttributeError, OverflowError):
                raise WolfError(f"cannot read {node.value!r} as {node.tag.rsplit(':', 1)[-1]}; remove the "
                                "tag or write a value of that type", self.span(node)) from None
        if node in self.open:
            raise WolfError("this anchor contains an alias to itself (a recursive anchor); "
                            "write the values out", self.span(node))
        self.open.add(node)
        try:
            return self._build(node, path)
        finally:
            self.open.discard(node)

    def _build(self, node: yaml.Node, path: Path) -> Any:
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        self.loader.flatten_mapping(node)  # merge keys (<<: *anchor)
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = self.key(key_node)
            if key in out:
                first = self.loc.key_spans[path + (key,)]
                raise WolfError(f"duplicate key '{key}' (first given on line {first.line})",
                                self.span(key_node))
            self.loc.key_spans[path + (key,)] = self.span(key_node)
            out[key] = self.build(value_node, path + (key,))
        return out

    def key(self, node: yaml.Node) -> str:
        if not isinstance(node, yaml.ScalarNode):
            raise WolfError("a key must be a word or a number", self.span(node))
        value = self.loader.construct_object(node)
        if isinstance(value, str):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return node.value
