"""A player for wolfdsl, as a program (docs/seats.md): one JSON message a line on stdin
(hello, observe, decide, end); each decide is answered with one line, {"choice": ...}.

    wolfdsl run standard-12 --seat "5=cmd:python examples/seat_bot.py"

It spares its teammates where it can and otherwise picks at random, seeded by game and
seat so that a run replays exactly. Print debug output to stderr, never to stdout.
"""
import json
import random
import sys

team, rng = set(), random.Random()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":  # a new game: your seat, card and teammates
        team = set(msg["teammates"]) | {msg["seat"]}
        rng = random.Random(f"{msg['game']}/{msg['seat']}")
    elif msg["type"] == "decide":
        options = msg["options"]
        if msg["kind"] in ("seat", "ballot"):  # seat numbers: spare the team
            options = [o for o in options if o not in team] or options
        if msg["kind"] == "seats":  # several seats at once
            n = msg["count"] or 1
            choice = sorted(rng.sample(options, n)) if len(options) >= n else None
        else:
            choice = rng.choice(options) if options else None
        print(json.dumps({"choice": choice}), flush=True)
