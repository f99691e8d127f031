"""Option values in force: declared defaults, then the ruleset's ``set`` lines, then
the caller's overrides (``--set NAME=VALUE``, a scenario's ``options:``).

``fix_options(program, overrides, override_spans) -> (options, diagnostics)``.
Code: E207 bad option value or unknown option.
"""
from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, Span, did_you_mean
from . import ir
from .link import Program


def fix_options(program: Program, overrides: dict[str, Any] | None = None,
                override_spans: dict[str, Span] | None = None) -> tuple[dict[str, ir.Option], list[Diagnostic]]:
    """Every declared option with the value in force (``ir.Option.value``).

    ``overrides`` values may be command-line text (``"2"``, ``"yes"``): they are
    converted to the option's type first. Unknown options and values outside an
    option's list are E207 diagnostics (placed at ``override_spans[name]`` when given).
    """
    diags: list[Diagnostic] = []
    decls = program.named("option")
    chosen: dict[str, Any] = {n: d.default for n, d in decls.items()}
    for n, d in decls.items():
        if d.default not in d.values:
            diags.append(Diagnostic(d.span, "error", f"option '{n}': default {d.default!r} is not one of its values "
                                    f"{values_text(d.values)}", "E207"))
    for s in program.sets:
        _set(decls, chosen, s.name, s.value, s.span, False, diags,
             getattr(s, "name_span", None), getattr(s, "value_span", None))
    spans = override_spans or {}
    for n, v in (overrides or {}).items():
        _set(decls, chosen, n, v, spans.get(n), True, diags)
    return {n: ir.Option(n, d.values, d.default, chosen[n], d.doc, d.span, d.doc_zh,
                          d.value_docs) for n, d in decls.items()}, diags


def _set(decls, chosen, name, value, span, from_text, diags, name_span=None, value_span=None) -> None:
    d = decls.get(name)
    given = f"{name}={value}: " if from_text and span is None else ""
    if d is None:
        diags.append(Diagnostic(name_span or span, "error", f"{given}unknown option '{name}'" + did_you_mean(name, decls)
                                + (f"; options: {', '.join(sorted(decls))}" if decls else ""), "E207"))
        return
    if from_text:
        value = coerce(value, d.values)
    if value not in d.values:
        # a ruleset's ``set`` reads yes/no as an expression does; the command line and a
        # scenario take on/off too (:func:`coerce`)
        words = "yes/no and on/off" if from_text else "yes and no"
        also = f" ({words} also set it)" if all(isinstance(v, bool) for v in d.values) else ""
        near = did_you_mean(str(value), [str(v) for v in d.values if isinstance(v, str)]) if isinstance(value, str) else ""
        diags.append(Diagnostic(value_span or span, "error", f"{given}option '{name}' cannot be {value!r}{near}; "
                                f"allowed values: {values_text(d.values)}{also}", "E207"))
        return
    chosen[name] = value


def value_text(value) -> str:
    """An option's value as a ruleset writes it: ``true``/``false`` for a boolean (which
    ``yes``/``no`` also set, and ``on``/``off`` on the command line), else the value (``1.5``, ``order_a``)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def values_text(values) -> str:
    """``true | false``, ``1 | 1.5 | 2``: an option's values as a ruleset writes them."""
    return " | ".join(map(value_text, values))


_BOOL_WORDS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def coerce(text: Any, values: tuple) -> Any:
    """Command-line text turned into the option's value type.

    A yes/no option takes the words YAML 1.1 reads as booleans, so ``--set NAME=on``
    and a scenario's ``options: {NAME: on}`` agree.

    >>> coerce("2", (1, 1.5, 2))
    2
    >>> coerce("yes", (True, False))
    True
    >>> coerce("off", (True, False))
    False
    """
    if not isinstance(text, str):
        return text
    low = text.strip().lower()
    if low in _BOOL_WORDS and text not in values and any(isinstance(v, bool) for v in values):
        return _BOOL_WORDS[low]
    for v in values:
        if str(v) == text:
            return v
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            try:
                if float(text) == float(v):
                    return v
            except ValueError:
                pass
    return text
