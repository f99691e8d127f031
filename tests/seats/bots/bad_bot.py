"""Misbehaves the way argv[1] says: illegal (a seat that is not offered), talk (a line
that is not JSON), slow (never answers), type (a string for a seat), chatty (a line for
every message, asked or not), hello (a line after hello, then the last option of each
decision), twice (the last option of each decision, then a second line)."""
import json
import sys

how = sys.argv[1]
for line in sys.stdin:
    msg = json.loads(line)
    if how == "chatty" or (how == "hello" and msg["type"] == "hello"):
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
    elif how in ("hello", "twice"):
        print(json.dumps({"choice": msg["options"][-1] if msg["options"] else None}), flush=True)
        if how == "twice":
            print(json.dumps({"choice": None}), flush=True)
