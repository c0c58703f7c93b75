#!/usr/bin/env python3
"""A complete Hadara engine in plain Python (no import of hadara_rules): it speaks the
engine protocol (docs/engines.md) on standard input and output and plays, of its legal
moves, one that buys a card if it can, else any, at random.

    hadara arena --engine mine="python3 examples/engines/engine.py" --bots mine,greedy --players 2
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "hello":
            rng.seed(message.get("seed"))  # the same seed, the same game
            answer = {"type": "ready", "name": "buyer"}
        elif message.get("type") == "turn":
            legal = message["legal"]  # [{"notation": "...", "move": {"type": ...}}, ...]
            buys = [m for m in legal if m["move"].get("action") == "buy"]
            answer = {"type": "move", "move": rng.choice(buys or legal)["notation"]}
        elif message.get("type") == "quit":
            return
        else:
            continue  # a message of a later version of the protocol
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
