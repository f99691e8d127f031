"""JSON Schemas shipped with the package: ``scenario`` (contract section 2) and
``events`` (the event log, contract section 3) and ``seat-protocol`` (the lines between
wolfdsl and a program playing a seat, docs/seats.md)."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path


@cache
def load_schema(name: str) -> dict:
    """The schema ``<name>.schema.json`` of this folder, parsed (read once)."""
    return json.loads((Path(__file__).parent / f"{name}.schema.json").read_text("utf-8"))


def validator(name: str):
    """A Draft 2020-12 validator of the schema ``name`` that resolves references to the
    other schemas of this folder (``seat-protocol`` refers to ``events``)."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    folder = Path(__file__).parent
    schemas = [load_schema(p.name[:-len(".schema.json")]) for p in folder.iterdir()
               if p.name.endswith(".schema.json")]
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas)
    return Draft202012Validator(load_schema(name), registry=registry)
