"""Replays and analysis at the table: what one request costs (``docs/server.md``, the bound
``--analysis-per-minute``).

    python benchmarks/oracle.py [--players N] [--seed S] [--rounds R] [--limit SECONDS]

A Stone Age match of ``N`` persons (4 by default) is played to its end through the API, each
seat choosing a random legal move (the longest matches the server meets: about 1,000
entries for 4 seats), on Starlette's test client over a fresh SQLite file. Then, ``R``
rounds of each: a replay of the match's last entry, of its middle entry and of the entry
before its last from its start (every entry replayed but one: a replay of its first entry
asked first, untimed, so that no point kept stands nearer), a step forward (a replay of the
middle entry asked first), its record posted for a replay, and an analysis of a position of
Hadara (5 seats) and of Stone Age, with a move tried; the picture of a point a step forward
(the whole table; a point not drawn before, each round the next: drawn and kept), of the
last entry kept, and of each position analysed, posted. Each figure
is the median of the rounds with their range, in milliseconds of wall time and of the
process's CPU time (the test client's own work included, about a millisecond a request);
and the memory a point kept to go on from takes (tracemalloc).
The run stops after ``--limit`` seconds whatever ``R`` says.
"""

from __future__ import annotations

import argparse
import functools
import gc
import random
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from boardtable.games import game
from boardtable.server.app import create_app
from boardtable.server.limits import Bounds
from boardtable.server.sqlite import SQLiteStore


def _long_match(client: TestClient, players: int, seed: int) -> tuple[str, int]:
    """A match of ``players`` persons played to its end with random legal moves: its id and entries."""
    answer = client.post(
        "/api/matches",
        json={"game": "stone-age", "players": players, "seats": ["human"] * players, "seed": seed},
    )
    created = answer.json()
    match, tokens = created["match"], [seat["token"] for seat in created["seats"]]
    rng = random.Random(seed)
    seq = 0
    while True:
        summary = client.get(f"/api/matches/{match}").json()
        if summary["over"]:
            return match, seq
        seat = summary["to_act"][0]
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        view = client.get(f"/api/matches/{match}/view", headers=headers).json()
        move = rng.choice(view["legal"])["move"]
        answer = client.post(f"/api/matches/{match}/moves", headers=headers, json={"seq": seq, "move": move})
        assert answer.status_code == 200, answer.text
        seq += 1


def _analysis_request(name: str, players: int, plies: int) -> dict[str, object]:
    """A position of ``name`` after ``plies`` moves, and its first seat's first move."""
    played = game(name)
    state = played.new(played.read_options({}, players, 3))
    for _ in range(plies):
        state, _ = played.play(state, played.moves(state, played.to_act(state)[0])[0])
    move = played.moves(state, played.to_act(state)[0])[0]
    return {"position": played.position_data(state), "move": played.move_data(move)}


def _nothing() -> None:
    """No preparation."""


def _timed(
    prepare: Callable[[], Any], call: Callable[[], Any], rounds: int, deadline: float
) -> tuple[list[float], list[float]]:
    """``call``'s wall and CPU milliseconds in each round, ``prepare`` made first (untimed)."""
    walls, cpus = [], []
    for _ in range(rounds):
        if time.monotonic() > deadline:
            break
        prepare()
        wall, cpu = time.perf_counter(), time.process_time()
        answer = call()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        assert answer.status_code == 200, answer.text
    return walls, cpus


def _kept(client: TestClient, match: str, entries: int) -> float:
    """The memory a point kept takes (:class:`~boardtable.server.replays.Cursors`), in MB: what a
    replay of the entry before the last leaves allocated (tracemalloc), its point kept."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    assert client.get(f"/api/matches/{match}/replay?at={entries - 2}").status_code == 200
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    return sum(stat.size_diff for stat in after.compare_to(before, "filename")) / 1e6


def _said(values: list[float]) -> str:
    return f"{statistics.median(values):7.1f} ({min(values):.1f}-{max(values):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--limit", type=float, default=300.0)
    args = parser.parse_args()
    deadline = time.monotonic() + args.limit
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(Path(folder) / "oracle.sqlite")
        with TestClient(create_app(store, bounds=Bounds(analysis_per_minute=1_000_000))) as client:
            match, entries = _long_match(client, args.players, args.seed)
            record = client.get(f"/api/matches/{match}/record").content
            print(
                f"a Stone Age match of {args.players} seats: {entries} entries, its record {len(record)} bytes"
            )
            json_type = {"content-type": "application/json"}
            replay = f"/api/matches/{match}/replay"
            middle, before_last = entries // 2, entries - 2
            calls: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {
                "replay, the last entry": (_nothing, lambda: client.get(f"{replay}?seat=all")),
                "replay, the middle entry, from the start": (
                    lambda: client.get(f"{replay}?at=0"),
                    lambda: client.get(f"{replay}?at={middle}"),
                ),
                "replay, the entry before the last, ditto": (
                    lambda: client.get(f"{replay}?at=0"),
                    lambda: client.get(f"{replay}?at={before_last}"),
                ),
                "replay, a step forward": (
                    lambda: client.get(f"{replay}?at={middle}"),
                    lambda: client.get(f"{replay}?at={middle + 1}"),
                ),
                "the record posted, at 0": (
                    _nothing,
                    lambda: client.post(
                        "/api/games/stone-age/replay?at=0", content=record, headers=json_type
                    ),
                ),
            }
            picture = f"/api/matches/{match}/picture"
            ahead = iter(range(middle, before_last))
            point = [middle]

            def forward() -> None:  # the replay one entry before a point not drawn yet
                point[0] = next(ahead)
                client.get(f"{replay}?at={point[0]}")

            calls["picture, a step forward, whole"] = (
                forward,
                lambda: client.get(f"{picture}?at={point[0] + 1}&seat=all"),
            )
            calls["picture, the last entry, kept"] = (_nothing, lambda: client.get(f"{picture}?seat=all"))
            for name, players in (("hadara", 5), ("stone-age", 4)):
                request = _analysis_request(name, players, 20)
                calls[f"analysis, {name} of {players} seats"] = (
                    _nothing,
                    functools.partial(client.post, f"/api/games/{name}/analysis", json=request),
                )
                calls[f"picture of a position, {name}"] = (
                    _nothing,
                    functools.partial(
                        client.post, f"/api/games/{name}/picture", json={"position": request["position"]}
                    ),
                )
            print(
                f"a point kept to go on from, of the entry before the last: {_kept(client, match, entries):.1f} MB"
            )
            print(f"{'request':40} {'wall ms, median (range)':>26} {'CPU ms, median (range)':>26}")
            for label, (prepare, call) in calls.items():
                walls, cpus = _timed(prepare, call, args.rounds, deadline)
                if walls:
                    print(f"{label:40} {_said(walls):>26} {_said(cpus):>26}")


if __name__ == "__main__":
    main()
