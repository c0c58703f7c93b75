"""The benchmark's clients: pairs of seats playing random legal moves, as a web table does.

Each client keeps its seat's WebSocket open, and when its seat is to act asks
for its view and posts a move; a finished match is replaced by a new one. The
clients of a round run on one event loop, with a minimal HTTP/1.1 client over
asyncio streams (keep-alive) and orjson to read the answers, so that they cost
as little CPU as they can. Every time is read from ``time.monotonic()``, the
machine's one monotonic clock, so that the client processes of a round start
and stop together.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import connect


def counter(document: Mapping[str, object]) -> str:
    """The name of the match's counter in ``document`` (a view, an answer, a message): ``seq``
    where the server sends it, which a move's post must then name, else ``ply`` (a build from
    before ``seq``, as ``--compare`` may run)."""
    return "seq" if "seq" in document else "ply"


def move_post(view: Mapping[str, Any], move: str) -> dict[str, object]:
    """The body of the post of ``move`` chosen at ``view``: it names the count the view was at."""
    name = counter(view)
    return {name: view[name], "move": move}


def placement(pair: int, match: int, processes: int, split: bool) -> tuple[int, int]:
    """The processes (numbered from 0) of seat 0 and seat 1 of the ``match``-th match of the
    ``pair``-th pair of clients; the match is created on seat 0's. New matches go to every
    process in turn; with ``split`` seat 1 plays on the next process, else on seat 0's."""
    first = (pair + match) % processes
    return first, (first + 1) % processes if split else first


@dataclass
class Tally:
    """What the clients measured in one round."""

    acknowledged: int = 0
    #: Posts refused as stale (``409``: another seat moved first in a draft round).
    stale: int = 0
    #: Seconds from a move's post until its answer.
    latencies: list[float] = field(default_factory=list)
    #: Seconds from a move's post until the other seat's WebSocket message that reaches it.
    delays: list[float] = field(default_factory=list)
    #: Seconds from the round's start until its last client stopped.
    elapsed: float = 0.0
    #: CPU seconds the clients used.
    cpu: float = 0.0

    def add(self, other: Tally) -> None:
        """Count ``other`` in: the same round played by other clients at the same time."""
        self.acknowledged += other.acknowledged
        self.stale += other.stale
        self.latencies += other.latencies
        self.delays += other.delays
        self.elapsed = max(self.elapsed, other.elapsed)
        self.cpu += other.cpu


@dataclass(frozen=True)
class Plan:
    """A round for some of the clients: which pairs they are, where and until when they play."""

    #: The ports of the server processes, in order.
    ports: tuple[int, ...]
    #: The numbers of the pairs of clients to play, among all the round's pairs.
    pairs: tuple[int, ...]
    #: When play begins (``time.monotonic()``).
    start: float
    seconds: float
    seed: int
    #: Each match's seats on two processes, else on one.
    split: bool


class Http:
    """One keep-alive HTTP/1.1 connection: JSON in, status and JSON out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Http:
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


class _Seat:
    """One client playing one seat: a WebSocket reader and a mover."""

    def __init__(
        self,
        match: str,
        seat: int,
        token: str,
        tally: Tally,
        posted: dict[tuple[str, int], tuple[int, float]],
    ) -> None:
        self.match, self.seat, self.token, self.tally = match, seat, token, tally
        #: When each move was posted, by (match, the count it reached), for the other seat's delay.
        self.posted = posted
        #: The match's count (its ``seq``, or its ply on a build from before) last heard of.
        self.count = 0
        self.to_act: list[int] = []
        self.over = False
        self.woken = asyncio.Event()
        #: The seat's view the last message carried (a message is the whole view; a build
        #: from before sent only the events, then this stays None and each move asks for it).
        self.view: dict[str, Any] | None = None

    async def read(self, port: int) -> None:
        url = f"ws://127.0.0.1:{port}/api/matches/{self.match}/updates?token={self.token}&since=0"
        async with connect(url) as updates:
            async for text in updates:
                arrived = time.monotonic()
                message = orjson.loads(text)
                count = message[counter(message)]
                for reached in range(self.count + 1, count + 1):
                    mover = self.posted.get((self.match, reached))
                    if mover is not None and mover[0] != self.seat:
                        self.tally.delays.append(arrived - mover[1])
                self.count, self.to_act = count, message["to_act"]
                self.view = message if "legal" in message else None
                self.over = not self.to_act
                self.woken.set()

    async def play(self, port: int, until: float, rng: random.Random) -> None:
        http = await Http.open(port)
        try:
            while time.monotonic() < until and not self.over:
                if self.seat not in self.to_act:
                    self.woken.clear()
                    with contextlib.suppress(TimeoutError):  # never waiting past the round's end
                        await asyncio.wait_for(self.woken.wait(), min(0.5, until - time.monotonic()))
                    continue
                await self._move(http, rng)
        finally:
            http.close()

    async def _move(self, http: Http, rng: random.Random) -> None:
        """Post one of the seat's legal moves at random, from the view its last message carried
        (or, where it carried none up to date, the view asked for)."""
        view = self.view
        if view is None or view[counter(view)] != self.count:
            _, view = await http.request("GET", f"/api/matches/{self.match}/view", self.token)
        count = view[counter(view)]
        if not view["legal"]:
            self.count, self.to_act = count, view["to_act"]
            return
        body = move_post(view, rng.choice(view["legal"])["notation"])
        posted = time.monotonic()
        self.posted[(self.match, count + 1)] = (self.seat, posted)
        status, answer = await http.request("POST", f"/api/matches/{self.match}/moves", self.token, body)
        if status == 200:
            self.tally.latencies.append(time.monotonic() - posted)
            self.tally.acknowledged += 1
            reached = answer[counter(answer)]
            if reached >= self.count:
                self.count, self.to_act = reached, answer["to_act"]
            self.over = not answer["to_act"]
        elif status == 409:
            self.tally.stale += 1
            self.posted.pop((self.match, count + 1), None)
        else:
            raise RuntimeError(f"the server refused a legal move: {status} {answer}")


async def _pair(pair: int, plan: Plan, tally: Tally) -> None:
    """Two clients playing one match after another until the round ends, each match's seats
    where :func:`placement` puts them."""
    posted: dict[tuple[str, int], tuple[int, float]] = {}
    rng = random.Random(plan.seed * 100_003 + pair)
    until = plan.start + plan.seconds
    match = 0
    while time.monotonic() < until:
        on = [plan.ports[process] for process in placement(pair, match, len(plan.ports), plan.split)]
        match += 1
        # A connection of its own for each new match: one left idle for the length of a game
        # would be closed by the server's keep-alive timeout (uvicorn's is 5 s).
        http = await Http.open(on[0])
        try:
            status, created = await http.request(
                "POST", "/api/matches", body={"players": 2, "seats": ["human"] * 2}
            )
            if status != 201:
                raise RuntimeError(f"the server refused a new match: {status} {created}")
            _, view = await http.request("GET", f"/api/matches/{created['match']}/view")
        finally:
            http.close()
        seats = [_Seat(created["match"], s["seat"], s["token"], tally, posted) for s in created["seats"]]
        readers = [asyncio.create_task(seat.read(on[seat.seat])) for seat in seats]
        for seat in seats:
            seat.to_act = view["to_act"]
        await asyncio.gather(
            *(seat.play(on[seat.seat], until, random.Random(rng.random())) for seat in seats)
        )
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)


async def play(plan: Plan) -> Tally:
    """The plan's pairs playing from its start for its seconds, on one event loop."""
    tally = Tally()
    await asyncio.sleep(max(0.0, plan.start - time.monotonic()))
    cpu = time.process_time()
    await asyncio.gather(*(_pair(pair, plan, tally) for pair in plan.pairs))
    tally.elapsed = time.monotonic() - plan.start
    tally.cpu = time.process_time() - cpu
    return tally


async def create_idle(port: int, matches: int) -> None:
    """``matches`` new matches that nobody plays, created over 8 connections."""
    connections = [await Http.open(port) for _ in range(8)]

    async def create(http: Http, count: int) -> None:
        for _ in range(count):
            status, answer = await http.request(
                "POST", "/api/matches", body={"players": 2, "seats": ["human"] * 2}
            )
            if status != 201:
                raise RuntimeError(f"the server refused a new match: {status} {answer}")

    try:
        await asyncio.gather(
            *(create(http, matches // 8 + (n < matches % 8)) for n, http in enumerate(connections))
        )
    finally:
        for http in connections:
            http.close()
