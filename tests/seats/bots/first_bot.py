"""Takes the first legal option of every decision (the first `count` for several seats);
with a file name argument, also writes every message it receives to that file."""
import json
import sys

record = open(sys.argv[1], "w", encoding="utf-8") if len(sys.argv) > 1 else None
for line in sys.stdin:
    if record:
        record.write(line)
        record.flush()
    msg = json.loads(line)
    if msg["type"] == "decide":
        options, n = msg["options"], msg["count"]
        if msg["kind"] == "seats":
            choice = options[:n or 1] if len(options) >= (n or 1) else None
        else:
            choice = options[0] if options else None
        print(json.dumps({"choice": choice}), flush=True)
