"""Search-process memory benchmark: whether a search process of ``hadara serve`` stays flat.

    python benchmarks/search_memory.py [--game NAME] [--decisions D] [--every K] [--seconds S]
                                       [--limit SECONDS]

One search process is started as the server starts its own (``spawn``, the pool of
:mod:`boardtable.server.driver`), and makes ``D`` decisions of the game's ``ismcts``
bot there, one after another, exactly as the server sends them (the whole position
pickled, ``S`` seconds at most a decision): each at a position of its own, a random
game of a random number of players and seed played to a random ply, as many different
matches would send. Every ``K`` decisions the process's resident memory is read from
``/proc`` (Linux). The run stops after ``--limit`` seconds whatever ``D`` says.

The figures: the resident memory after the first decision, after every ``K``, and the
growth over each half of the run; a process whose memory is flat grows by about
nothing in the second half (what it keeps is bounded and filled in the first).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path
from typing import Any

from boardtable.games import game, names
from boardtable.server.driver import _search, search_pool


def positions(name: str, count: int, rng: random.Random) -> list[tuple[Any, int]]:
    """``count`` positions of random games, each with a seat to act that has a choice."""
    played = game(name)
    fewest, most = played.seats
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        options = played.read_options({}, rng.randint(fewest, most), rng.randrange(1 << 31))
        state = played.new(options)
        stop = rng.randrange(150)
        ply = 0
        while not played.is_over(state):
            seat = played.to_act(state)[0]
            moves = played.moves(state, seat)
            if ply >= stop and len(moves) > 1:
                found.append((state, seat))
                break
            state, _ = played.play(state, rng.choice(moves))
            ply += 1
    return found


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=names(), default="stone-age")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=1.0, help="the most a decision thinks")
    parser.add_argument("--limit", type=float, default=120.0, help="the most the run takes, in seconds")
    args = parser.parse_args()
    cases = positions(args.game, args.decisions, random.Random(1))
    pool = search_pool(1)
    try:
        pid = pool.submit(os.getpid).result()  # the one process
        started = time.monotonic()
        readings: list[tuple[int, float]] = []
        for done, (state, seat) in enumerate(cases, start=1):
            pool.submit(_search, args.game, "ismcts", f"m{done}:{seat}", args.seconds, state, seat).result()
            if done == 1 or done % args.every == 0 or done == len(cases):
                readings.append((done, resident_mb(pid)))
                print(f"{done:6d} decisions  {readings[-1][1]:7.1f} MB  {time.monotonic() - started:6.1f} s")
            if time.monotonic() - started > args.limit:
                readings.append((done, resident_mb(pid)))
                print(f"stopped at the limit, after {done} decisions")
                break
    finally:
        pool.shutdown()
    first, last = readings[0], readings[-1]
    middle = min(readings, key=lambda reading: abs(reading[0] - last[0] / 2))
    print(
        f"{args.game}: {first[1]:.1f} MB after the first decision, {last[1]:.1f} MB after {last[0]};"
        f" first half +{middle[1] - first[1]:.1f} MB, second half +{last[1] - middle[1]:.1f} MB"
    )


if __name__ == "__main__":
    main()
