"""Engine protocol benchmark: what a decision costs when an outside engine makes it.

    python benchmarks/engine.py [--game NAME] [--rounds R] [--decisions D]

A trivial engine (a few lines of plain Python that answer the first legal move) plays
``D`` decisions at positions of recorded random games of the game (Hadara by default), through
:class:`~boardtable.engines.EngineBot`: the host makes the seat's view, writes the
``turn`` line (the view document and the legal moves with notation and data), waits for
the answer, reads it and checks it with the rules. The engine's CPU time is read from
``/proc`` (Linux). The figures are CPU time per decision, host and engine together, and
the wall time, as the median of the rounds with their range; the goal is under 1 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from boardtable.engines import EngineBot
from boardtable.games import AnyGame, game, names

#: A decision: the position, the seat to act and its legal moves.
Case = tuple[Any, int, tuple[Any, ...]]

#: The trivial engine: the first legal move, always.
TRIVIAL = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "first"}), flush=True)
    elif message["type"] == "turn":
        print(json.dumps({"type": "move", "move": message["legal"][0]["notation"]}), flush=True)
    elif message["type"] == "quit":
        break
"""


def decisions(played: AnyGame, count: int) -> list[Case]:
    """``count`` decisions from random games of every table size (Hadara's advanced game
    every other game)."""
    found: list[Case] = []
    rng = random.Random(0)
    fewest, most = played.seats
    number = 0
    while len(found) < count:
        options = {"advanced": number % 2 == 1} if played.name == "hadara" else {}
        state = played.new(played.read_options(options, fewest + number % (most - fewest + 1), number))
        while not played.is_over(state) and len(found) < count:
            seat = played.to_act(state)[0]
            moves = played.moves(state, seat)
            found.append((state, seat, moves))
            state = played.play(state, moves[rng.randrange(len(moves))])[0]
        number += 1
    return found


def cpu_of(bot: EngineBot[Any, Any]) -> float:
    """The CPU seconds the engine's process has used so far (Linux: ``/proc``)."""
    assert bot.pid is not None, "the engine is running"
    fields = Path(f"/proc/{bot.pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def one_round(played: AnyGame, cases: list[Case]) -> tuple[float, float, float]:
    """Host CPU, engine CPU and wall seconds per decision, engines started before timing."""
    seats = {seat for _, seat, _ in cases}
    bots = {
        seat: EngineBot([sys.executable, "-c", TRIVIAL], seat, game=played, name="first") for seat in seats
    }
    for seat, bot in bots.items():
        state, _, moves = next(case for case in cases if case[1] == seat)
        bot.choose(state, seat, moves)
    engine = -sum(map(cpu_of, bots.values()))
    start, host = time.perf_counter(), time.process_time()
    for state, seat, moves in cases:
        bots[seat].choose(state, seat, moves)
    host = time.process_time() - host
    wall = time.perf_counter() - start
    engine += sum(map(cpu_of, bots.values()))
    for bot in bots.values():
        assert bot.replaced == 0, "the trivial engine answered every decision"
        bot.close()
    return host / len(cases), engine / len(cases), wall / len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=names(), default="hadara", help="the game (default hadara)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds (default 7)")
    parser.add_argument("--decisions", type=int, default=1000, help="decisions per round (default 1000)")
    args = parser.parse_args()
    played = game(args.game)
    cases = decisions(played, args.decisions)
    hosts, engines, totals, walls = [], [], [], []
    for _ in range(max(1, args.rounds)):
        host, engine, wall = one_round(played, cases)
        hosts.append(host)
        engines.append(engine)
        totals.append(host + engine)
        walls.append(wall)

    def spread(values: list[float]) -> str:
        us = [v * 1e6 for v in values]
        return f"{statistics.median(us):.0f} us ({min(us):.0f} to {max(us):.0f})"

    print(
        f"{played.title}'s engine protocol, {len(cases)} decisions per round, {len(hosts)} rounds (median, range):"
    )
    print(f"{'host CPU per decision':>28}: {spread(hosts)}")
    print(f"{'engine CPU per decision':>28}: {spread(engines)}")
    print(f"{'CPU per decision, both':>28}: {spread(totals)}  (goal: under 1000 us)")
    print(f"{'wall time per decision':>28}: {spread(walls)}")


if __name__ == "__main__":
    main()
