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
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
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


class _Builder:
    def __init__(self, loader: yaml.SafeLoader, located: Located):
        self.loader = loader
        self.loc = located

    def span(self, node: yaml.Node) -> Span:
        start, end = node.start_mark, node.end_mark
        return Span(self.loc.file, start.line + 1, start.column + 1, end.line + 1, end.column + 1,
                    text=self.loc.text)

    def build(self, node: yaml.Node, path: Path) -> Any:
        self.loc.spans[path] = self.span(node)
        if isinstance(node, yaml.ScalarNode):
            self.loc.raw[path] = node.value
            return self.loader.construct_object(node)
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
