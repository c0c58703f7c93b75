"""Load benchmark of ``hadara serve``: one server process on SQLite, many clients on loopback.

    python benchmarks/server.py [--clients 64] [--rounds 3] [--seconds 5] [--idle 1000]
                                [--postgres postgresql://USER@HOST:PORT/NAME] [--compare BUILD]

A server process is started on a free port of 127.0.0.1 with a fresh SQLite
file. With ``--postgres`` (a database the benchmark may empty: its match tables
are dropped before each setup), the same clients then play on one server
process and on two processes on that database, side by side in one run; with
two, each match's seat 0 plays on the first process and seat 1 on the second,
so that every update the other seat gets crossed from one process to the other
(through the database's LISTEN/NOTIFY). In each of ``--rounds`` rounds, ``--clients`` clients (two per 2-player
match, every seat human) play random legal moves for ``--seconds`` seconds, as
a web table does: each client keeps its seat's WebSocket open, and when its
seat is to act asks for its view and posts a move (a finished match is
replaced by a new one). The rounds follow a second of the same play that is
not measured, so that what a fresh server process makes once (reading its
components, generating its encoders) is not counted as the cost of its first
moves. Reported per round, then as the median and range of the rounds:

- acknowledged moves per second (``200`` answers to ``POST …/moves``);
- the latency of a move (the post until its answer), p50 and p99;
- the other seat's update delay: from the post of a move until the other
  seat's WebSocket message that reaches its ply, p50 and p99;
- the server's CPU time per acknowledged move (with the view asked before it,
  its answer and the two WebSocket messages), which says what the server
  sustains with a core of its own when the machine is shared;
- the clients' CPU time per acknowledged move (this process), which says how
  much of the machine the clients took from the server.

With ``--compare BUILD`` (the folder of another checkout), a second SQLite server runs
that build's package beside this one's, and their rounds are played in turn (the order
reversed every other round): a machine whose speed drifts from minute to minute then
slows both alike, which separate runs of the script cannot promise. Every server process
runs in a temporary folder, so that a checkout in the current folder never comes first
on its path.

Then a second, fresh server process is given ``--idle`` matches that nobody
plays, and its resident memory (``VmRSS``) is read before and after.

The clients run in this process, on one event loop, with a minimal HTTP/1.1
client over asyncio streams (keep-alive) on uvloop's event loop, and orjson
to read the answers, so that the client costs as little CPU as it can: on a 2-core machine the clients
and the server share the cores. Their garbage collector runs rarely, so that its pauses
are not counted as the server's latency.
Everything stops by itself; nothing listens beyond loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import uvloop
from websockets.asyncio.client import connect

#: Seconds a server process may take to start.
_START = 30.0
#: Seconds of play before the rounds, not measured: what a server makes once (it reads its
#: components, generates the encoders of its records) is not a cost of its moves.
_WARM = 1.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextlib.contextmanager
def _server(folder: Path, db: str | None = None, build: Path | None = None) -> Iterator[tuple[int, int]]:
    """A ``hadara serve`` process on ``db`` (default a fresh SQLite file), of the package this
    script imports or of the one in the folder ``build``: its port and process id. It runs in
    ``folder``, so that no checkout in the current folder comes first on its path."""
    port = _free_port()
    command = [sys.executable, "-m", "hadara_rules.cli", "serve", "--port", str(port)]
    command += ["--db", str(folder / f"bench-{port}.sqlite") if db is None else db]
    env = dict(os.environ)
    if build is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(build), env.get("PYTHONPATH"))))
    with (folder / "server.log").open("ab") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=env)
    try:
        deadline = time.monotonic() + _START
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        yield port, process.pid
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class _Http:
    """One keep-alive HTTP/1.1 connection: JSON in, status and JSON out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> _Http:
        return cls(*await asyncio.open_connection("127.0.0.1", port))

    async def request(self, method: str, path: str, token: str | None = None, body: object = None) -> Any:
        data = b"" if body is None else orjson.dumps(body)
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"Content-Type: application/json\r\n\r\n" + data)
        status_line, *lines = (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        length = 0
        for line in lines:
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return int(status_line.split()[1]), orjson.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        self.writer.close()


class _Round:
    """What one round measured."""

    def __init__(self) -> None:
        self.acknowledged = 0
        #: Posts refused as stale (``409``: another seat moved first in a draft round).
        self.stale = 0
        self.latencies: list[float] = []
        self.delays: list[float] = []
        #: When each move was posted, by (match, the ply it reached), for the other seat's delay.
        self.posted: dict[tuple[str, int], tuple[int, float]] = {}


class _Seat:
    """One client playing one seat: a WebSocket reader and a mover."""

    def __init__(self, match: str, seat: int, token: str, measured: _Round) -> None:
        self.match, self.seat, self.token, self.measured = match, seat, token, measured
        self.ply = 0
        self.to_act: list[int] = []
        self.over = False
        self.woken = asyncio.Event()

    async def read(self, port: int) -> None:
        url = f"ws://127.0.0.1:{port}/api/matches/{self.match}/updates?token={self.token}&since=0"
        async with connect(url) as updates:
            async for text in updates:
                arrived = time.perf_counter()
                message = orjson.loads(text)
                for ply in range(self.ply + 1, message["ply"] + 1):
                    mover = self.measured.posted.get((self.match, ply))
                    if mover is not None and mover[0] != self.seat:
                        self.measured.delays.append(arrived - mover[1])
                self.ply, self.to_act = message["ply"], message["to_act"]
                self.over = not self.to_act
                self.woken.set()

    async def play(self, port: int, until: float, rng: random.Random) -> None:
        http = await _Http.open(port)
        try:
            while time.perf_counter() < until and not self.over:
                if self.seat not in self.to_act:
                    self.woken.clear()
                    with contextlib.suppress(TimeoutError):  # never waiting past the round's end
                        await asyncio.wait_for(self.woken.wait(), min(0.5, until - time.perf_counter()))
                    continue
                _, view = await http.request("GET", f"/api/matches/{self.match}/view", self.token)
                if not view["legal"]:
                    self.ply, self.to_act = view["ply"], view["to_act"]
                    continue
                move = rng.choice(view["legal"])["notation"]
                posted = time.perf_counter()
                self.measured.posted[(self.match, view["ply"] + 1)] = (self.seat, posted)
                status, answer = await http.request(
                    "POST", f"/api/matches/{self.match}/moves", self.token, {"ply": view["ply"], "move": move}
                )
                if status == 200:
                    self.measured.latencies.append(time.perf_counter() - posted)
                    self.measured.acknowledged += 1
                    self.ply = max(self.ply, answer["ply"])
                    self.to_act = answer["to_act"] if answer["ply"] >= self.ply else self.to_act
                    self.over = not answer["to_act"]
                elif status == 409:
                    self.measured.stale += 1
                    self.measured.posted.pop((self.match, view["ply"] + 1), None)
                else:
                    raise RuntimeError(f"the server refused a legal move: {status} {answer}")
        finally:
            http.close()


async def _pair(ports: list[int], until: float, measured: _Round, rng: random.Random) -> None:
    """Two clients playing one match after another until the round ends, seat N on ``ports[N % len]``."""
    while time.perf_counter() < until:
        # A connection of its own for each new match: one left idle for the length of a game
        # would be closed by the server's keep-alive timeout (uvicorn's is 5 s).
        http = await _Http.open(ports[0])
        try:
            _, created = await http.request(
                "POST", "/api/matches", body={"players": 2, "seats": ["human"] * 2}
            )
            _, view = await http.request("GET", f"/api/matches/{created['match']}/view")
        finally:
            http.close()
        seats = [_Seat(created["match"], s["seat"], s["token"], measured) for s in created["seats"]]
        on = [ports[seat.seat % len(ports)] for seat in seats]
        readers = [asyncio.create_task(seat.read(at)) for seat, at in zip(seats, on, strict=True)]
        for seat in seats:
            seat.to_act = view["to_act"]
        await asyncio.gather(
            *(seat.play(at, until, random.Random(rng.random())) for seat, at in zip(seats, on, strict=True))
        )
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)


async def _play_round(ports: list[int], clients: int, seconds: float, seed: int) -> tuple[_Round, float]:
    measured = _Round()
    rng = random.Random(seed)
    start = time.perf_counter()
    until = start + seconds
    await asyncio.gather(
        *(_pair(ports, until, measured, random.Random(rng.random())) for _ in range(clients // 2))
    )
    return measured, time.perf_counter() - start


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


async def _idle(port: int, pid: int, matches: int) -> tuple[float, float]:
    """The server's resident memory before and after ``matches`` new matches nobody plays."""
    before = _rss_mb(pid)
    connections = [await _Http.open(port) for _ in range(8)]

    async def create(http: _Http, count: int) -> None:
        for _ in range(count):
            status, _ = await http.request(
                "POST", "/api/matches", body={"players": 2, "seats": ["human"] * 2}
            )
            assert status == 201

    await asyncio.gather(*(create(http, matches // len(connections)) for http in connections))
    for http in connections:
        http.close()
    await asyncio.sleep(0.5)
    return before, _rss_mb(pid)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _spread(values: list[float], unit: str, digits: int = 1) -> str:
    return f"median {statistics.median(values):.{digits}f}{unit} (range {min(values):.{digits}f}–{max(values):.{digits}f})"


def _empty(url: str) -> None:
    """Drop the match tables of the PostgreSQL database at ``url`` (each setup starts empty)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS moves, matches, hadara_store")


class _Setup:
    """Server processes over ``dbs`` (one process each), of this package or of ``build``, and
    what their rounds measured."""

    def __init__(self, name: str, dbs: list[str | None], build: Path | None = None) -> None:
        self.name, self.dbs, self.build = name, dbs, build
        self.rates: list[float] = []
        self.figures: list[list[float]] = [[], [], [], []]  # move p50, p99; update p50, p99
        self.costs: list[float] = []
        self.clients: list[float] = []

    def play(self, servers: list[tuple[int, int]], number: int, args: argparse.Namespace) -> None:
        """One round, measured."""
        ports = [port for port, _ in servers]
        used = sum(_cpu_seconds(pid) for _, pid in servers)
        mine = time.process_time()
        measured, elapsed = uvloop.run(_play_round(ports, args.clients, args.seconds, number))
        self.rates.append(measured.acknowledged / elapsed)
        self.costs.append(
            1000 * (sum(_cpu_seconds(pid) for _, pid in servers) - used) / measured.acknowledged
        )
        self.clients.append(1000 * (time.process_time() - mine) / measured.acknowledged)
        figures = [1000 * _quantile(v, q) for v in (measured.latencies, measured.delays) for q in (0.5, 0.99)]
        for kept, value in zip(self.figures, figures, strict=True):
            kept.append(value)
        print(
            f"{self.name}, round {number + 1}: {measured.acknowledged} moves in {elapsed:.1f} s = "
            f"{self.rates[-1]:.0f} moves/s ({measured.stale} stale); move p50 {figures[0]:.1f} ms, p99 {figures[1]:.1f} ms; "
            f"update p50 {figures[2]:.1f} ms, p99 {figures[3]:.1f} ms; "
            f"server CPU {self.costs[-1]:.2f} ms per move, clients' CPU {self.clients[-1]:.2f} ms"
        )

    def summary(self) -> list[str]:
        p50s, p99s, d50s, d99s = self.figures
        return [
            f"{self.name}:",
            f"  acknowledged moves per second: {_spread(self.rates, '', 0)}",
            f"  move latency p50: {_spread(p50s, ' ms')}; p99: {_spread(p99s, ' ms')}",
            f"  other seat's update delay p50: {_spread(d50s, ' ms')}; p99: {_spread(d99s, ' ms')}",
            f"  server CPU per acknowledged move (its requests and messages included, every process): "
            f"{_spread(self.costs, ' ms', 2)}, so about {1000 / statistics.median(self.costs):.0f} moves/s per core",
            f"  the clients' CPU per acknowledged move (this process): {_spread(self.clients, ' ms', 2)}",
        ]


def _measure(setups: list[_Setup], folder: Path, args: argparse.Namespace) -> list[str]:
    """Play the rounds of ``setups`` side by side, round by round in turn (the order reversed
    every other round), so that a machine whose speed drifts slows them alike; the summary."""
    with contextlib.ExitStack() as stack:
        servers = [
            [stack.enter_context(_server(folder, db, setup.build)) for db in setup.dbs] for setup in setups
        ]
        for running in servers:  # not measured: see the module
            uvloop.run(_play_round([port for port, _ in running], args.clients, _WARM, -1))
        for number in range(args.rounds):
            turn = list(zip(setups, servers, strict=True))
            for setup, running in turn if number % 2 == 0 else reversed(turn):
                setup.play(running, number, args)
    return [line for setup in setups for line in setup.summary()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=64, help="clients, two per match (default 64)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of play (default 3)")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per round (default 5)")
    parser.add_argument(
        "--idle", type=int, default=1000, help="idle matches for the memory figure (default 1000)"
    )
    parser.add_argument(
        "--postgres", metavar="URL", help="also measure one and two processes on this PostgreSQL database"
    )
    parser.add_argument(
        "--compare",
        metavar="BUILD",
        type=Path,
        help="also play on SQLite with the package in the folder BUILD (another checkout), its rounds "
        "in turn with this one's",
    )
    args = parser.parse_args()
    # The clients' own garbage collections would stop their loop and count as the server's
    # latency: what is loaded is frozen out of them, and the youngest generation is collected
    # every 10,000 allocations (the clients keep little alive).
    gc.set_threshold(10_000, *gc.get_threshold()[1:])
    gc.freeze()
    sqlite = [_Setup("SQLite, 1 process", [None])]
    if args.compare is not None:
        sqlite.append(_Setup(f"SQLite, 1 process, {args.compare}", [None], args.compare.resolve()))
    summary: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        summary += _measure(sqlite, Path(folder), args)
        if args.postgres is not None:
            for name, processes in (("PostgreSQL, 1 process", 1), ("PostgreSQL, 2 processes", 2)):
                _empty(args.postgres)
                summary += _measure([_Setup(name, [args.postgres] * processes)], Path(folder), args)
        print("\n".join(summary))
        with _server(Path(folder)) as (port, pid):
            before, after = uvloop.run(_idle(port, pid, args.idle))
        print(
            f"resident memory (SQLite): {before:.0f} MB at start, {after:.0f} MB with {args.idle} idle matches"
        )


if __name__ == "__main__":
    main()
