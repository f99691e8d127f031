"""Misbehaves the way argv[1] says: illegal (a seat that is not offered), talk (a line
that is not JSON), slow (never answers), type (a string for a seat), chatty (a line for
every message, asked or not)."""
import json
import sys

how = sys.argv[1]
for line in sys.stdin:
    msg = json.loads(line)
    if how == "chatty":
        print(json.dumps({"choice": None}), flush=True)
    if msg["type"] != "decide":
        continue
    if how == "illegal":
        print(json.dumps({"choice": 99 if msg["kind"] in ("seat", "ballot") else "maybe"}), flush=True)
    elif how == "talk":
        print("I choose seat three", flush=True)
    elif how == "type":
        print(json.dumps({"choice": "three"}), flush=True)
    # slow: no answer at all
