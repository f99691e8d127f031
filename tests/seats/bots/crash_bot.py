"""Answers its first decision, then crashes on the second."""
import json
import sys

asked = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        asked += 1
        if asked == 2:
            raise RuntimeError("the bot broke down")
        print(json.dumps({"choice": msg["options"][0] if msg["options"] else None}), flush=True)
