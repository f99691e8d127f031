"""Command-line values converted without pydantic, for a quick start.

typer 0.29 and later convert every parameter of the command being run — given or not —
through a pydantic ``TypeAdapter``, and importing pydantic to build them costs a one-game
``wolfdsl run`` about a third of its start-up (0.1 to 0.15 s of 0.5 s on this machine).
Every parameter of wolfdsl is a plain ``str``, ``int``, ``float``, ``bool``, ``Path``
or a list of them, so :func:`speed_up` gives each parameter a converter that handles the
plain cases itself, with exactly typer's result (``tests/test_cliparams.py`` holds them
side by side), and hands anything else — a ``Path``, a malformed number, an ``int`` with
bounds — to typer's own converter, built only then. Messages for bad values are
therefore typer's, but for a number it cannot read: ``expected a whole number, got
'abc'`` instead of pydantic's "Input should be a valid integer, unable to parse string
as an integer". With a typer that has no such converters (0.28 and older) this does
nothing (click's own message, "'abc' is not a valid integer", is plain already).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, List, get_args, get_origin

_INT = re.compile(r"[+-]?[0-9]{1,30}", re.ASCII)
"""An ``int`` as typer (pydantic) reads it and ``int()`` reads it the same."""
_FLOAT = re.compile(r"[+-]?[0-9]{1,30}(\.[0-9]{1,30})?", re.ASCII)
"""A ``float`` written plainly (``0.02``, ``10``): ``float()`` and typer agree."""


def _leaf(annotation: Any, value: Any) -> tuple[bool, Any]:
    """``(True, converted)`` when ``value`` is a plain case of ``annotation``, else
    ``(False, None)``."""
    kind = type(value)
    if annotation is str:
        return (kind is str, value)
    if annotation is int:
        if kind is int:
            return True, value
        if kind is str and _INT.fullmatch(value):
            return True, int(value)
    elif annotation is float:
        if kind is float or kind is int:
            return True, float(value)
        if kind is str and _FLOAT.fullmatch(value):
            return True, float(value)
    return False, None


class PlainValues:
    """A parameter's converter (typer's ``RuntimeParam`` interface: ``coerce``) for
    ``str``, ``int``, ``float`` and lists of them; typer's converter for anything else."""

    def __init__(self, param: Any) -> None:
        self.param = param
        self.descriptor = param.type_descriptor
        annotation = self.descriptor.annotation
        self.listed = get_origin(annotation) in (list, List)
        self.annotation = get_args(annotation)[0] if self.listed else annotation
        self._typer: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        """The value the command function receives; raises typer's ``BadParameter``
        (through typer's own converter) for a value it cannot take."""
        multi = param.multiple or param.nargs == -1
        if value is None:  # typer's RuntimeParam.coerce, first lines
            return () if multi else None
        if self.listed and isinstance(value, (list, tuple)):
            out = []
            for item in value:
                ok, item = _leaf(self.annotation, item)
                if not ok:
                    return self.typer().coerce(value, param=param, ctx=ctx)
                out.append(item)
            return out
        if not (multi or self.listed):
            ok, converted = _leaf(self.annotation, value)
            if ok:
                return converted
        try:
            return self.typer().coerce(value, param=param, ctx=ctx)
        except Exception as err:  # typer's BadParameter (typer 0.29 has a click of its own)
            if type(err).__name__ != "BadParameter" or self.annotation not in (int, float) \
                    or not isinstance(value, str):
                raise
            what = "a whole number" if self.annotation is int else "a number"
            raise type(err)(f"expected {what}, got '{value}'", ctx=ctx, param=param) from None

    def typer(self) -> Any:
        """typer's own converter for this parameter (imports pydantic)."""
        if self._typer is None:
            from typer._coercion import build_runtime_param

            self._typer = build_runtime_param(self.descriptor)
        return self._typer


def _plain(param: Any) -> bool:
    """Whether ``param`` is a typer parameter of a kind :class:`PlainValues` knows."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or getattr(param, "_runtime_param", False) is not None:
        return False
    info = descriptor.parameter_info
    if getattr(info, "parser", None) is not None or getattr(info, "click_type", None) is not None \
            or getattr(info, "min", None) is not None or getattr(info, "max", None) is not None:
        return False
    if descriptor.file_annotation is not None:
        return False
    annotation = descriptor.annotation
    if get_origin(annotation) in (list, List):
        args = get_args(annotation)
        annotation = args[0] if len(args) == 1 else None
    return annotation in (str, int, float, bool, Path)


def speed_up(params: list) -> None:
    """Give each plain parameter of a command (:func:`_plain`) a :class:`PlainValues`
    converter; leave the others, and any typer without converters, alone."""
    for param in params:
        if _plain(param):
            param._runtime_param = PlainValues(param)


def player_count(value: Any) -> Any:
    """The callback of ``--players N`` where one count is played (run, play, script,
    compare): the count as an ``int``; ``typer.BadParameter`` for what is not one, in
    the words of ``sweep --players`` (:func:`wolfdsl.sim.sweep.parse_players`)."""
    import typer

    if value is None or isinstance(value, int):
        count = value
    elif _INT.fullmatch(value.strip()):
        count = int(value)
    elif ".." in value or "," in value:
        raise typer.BadParameter(f"plays one player count, such as 12, got '{value}'; "
                                 f"`wolfdsl sweep RULESET --players {value.replace(' ', '')}` plays each")
    else:
        raise typer.BadParameter(f"expected a player count (12), got '{value}'")
    if count is not None and count < 1:
        raise typer.BadParameter(f"must be at least 1, got {count}")
    return count
