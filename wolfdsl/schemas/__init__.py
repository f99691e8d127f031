"""JSON Schemas shipped with the package: ``scenario`` (contract section 2) and
``events`` (the event log, contract section 3)."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def load_schema(name: str) -> dict:
    """The schema ``<name>.schema.json`` of this folder, parsed (read once)."""
    return json.loads(resources.files(__name__).joinpath(f"{name}.schema.json").read_text("utf-8"))
