"""The attacks of ``benchmarks/attack.py``: one stranger doing one thing back to back, in a process
of its own, while honest pairs play.

- ``log``: asks for the log of a long match again and again (a page at a time where the server
  gives pages: ``?since=&limit=`` with the largest limit, following ``next``);
- ``seats``: leaves its own seat of a match against a bot and returns to it, again and again (the
  stand-in plays the seat between);
- ``reload``: asks for the summary of a long match nothing uses, a different one each time, so
  that the server replays a forgotten match at each request;
- ``engine``: makes a match against an outside engine of the server's (``--engine``, started by
  the benchmark) that writes short lines without end once it is asked to move, and aborts it
  once the engine has been stopped and the stand-in has moved for it; a new match as often as
  ``--create-per-minute`` allows by default (one an address may make every 2 seconds);
- ``messages``: opens a spectator's WebSocket on a match of its own and sends one-byte messages
  on it as fast as it can until the server closes it (1008), then opens another at once (it
  looks at what came every 100 messages);
- ``search``: makes as many matches against a searching bot (``ismcts``) as
  ``--searching-per-address`` allows by default, and moves its own seat of each as soon as it
  may, so that the search processes always have a decision to make; it resigns them at its
  deadline, so that no search outlives the round.

The long matches are stored before the server starts, with the server's own modules (each
:data:`LONG` entries: a two-seat Hadara game played by random bots, a leave and a return of a
seat between its moves), the most a match holds of its persons' asking. The attacker counts
its answers by status; it stops at its deadline, and with the benchmark however that ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from multiprocessing.connection import Connection
from pathlib import Path

import uvloop
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from boardtable.server.limits import BOUNDS

from .clients import Http
from .lifetime import end_with_parent

#: The attacks, each a scenario of its own (``quiet`` is none).
ATTACKS = ("log", "seats", "reload", "engine", "messages", "search")
#: The outside engine of the ``engine`` attack: ready at once, then short lines without end.
FLOOD = """
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "flood"}), flush=True)
while True:
    sys.stdout.write("x\\n" * 100)
    sys.stdout.flush()
"""
#: One-byte messages the ``messages`` attacker sends between two looks at what came (a close).
_BURST = 100
#: Seconds between two looks of the ``search`` attacker at a match whose bot is thinking.
_POLL = 0.25
#: The entries of each long match: the most a match holds of its persons' asking.
LONG = 5_000


def store_long_matches(path: Path, count: int) -> list[str]:
    """``count`` matches of :data:`LONG` entries each, stored in a new SQLite file at ``path``
    as a server stores them: their ids."""
    from boardtable.games import game
    from boardtable.server.entries import LEAVE, RETURN, Played, SeatChanged, entry_data
    from boardtable.server.settings import Settings
    from boardtable.server.sqlite import SQLiteStore
    from boardtable.server.store import Entry, SeatEntry, StoredMatch

    played = game("hadara")
    options = played.read_options({}, 2, 1)
    state = played.new(options)
    bots = [played.bot("random", f"attack:{seat}", 0.1) for seat in range(2)]
    moves = []
    while not played.is_over(state):
        seat = played.to_act(state)[0]
        move = bots[seat].choose(state, seat)
        state, events = played.play(state, move)
        moves.append((entry_data(played, Played(move, state, events)), played.digest(state)))
    changes = [entry_data(played, SeatChanged(kind, 0)) for kind in (LEAVE, RETURN)]
    per_move = (LONG - len(moves)) // (2 * len(moves)) + 1
    rows: list[tuple[str, str, str]] = []
    for (kind, data), digest in moves:
        rows.append((kind, data, digest))
        rows += [(*change, digest) for _ in range(per_move) for change in changes]
    now = time.time() - LONG
    entries = [
        Entry(seq, kind, data, digest, now + seq) for seq, (kind, data, digest) in enumerate(rows[:LONG])
    ]
    seats = (SeatEntry(0, "human", "Ann", "a" * 64), SeatEntry(1, "human", "Ben", "b" * 64))
    ids = [f"long-{number}" for number in range(count)]

    async def store() -> None:
        stored = SQLiteStore(path, durable=False)
        try:
            for match in ids:
                made = StoredMatch(
                    match, played.name, played.options_text(options), seats, (), Settings(created=now).text()
                )
                await stored.create(made, listed=False, driven=False)

            async def fill(match: str) -> None:
                for entry in entries:
                    assert await stored.append(match, entry, over=False)

            await asyncio.gather(*(fill(match) for match in ids))
        finally:
            await stored.close()

    asyncio.run(store())
    return ids


async def _attack(port: int, attack: str, long: list[str], until: float) -> Counter[int]:
    """One attack, back to back until ``until`` (``time.monotonic()``): the statuses answered."""
    statuses: Counter[int] = Counter()
    http = await Http.open(port)
    try:
        await _ATTACKS[attack](http, port, long, until, statuses)
    finally:
        http.close()
    return statuses


#: How an attack is made: on a connection to the server at a port, with the long matches,
#: until a time, counting the statuses it is answered.
Attack = Callable[[Http, int, list[str], float, Counter[int]], Awaitable[None]]


async def _seats(http: Http, port: int, long: list[str], until: float, statuses: Counter[int]) -> None:
    _, made = await http.request("POST", "/api/matches", body={"players": 2, "seats": ["human", "greedy"]})
    match, token = made["match"], made["seats"][0]["token"]
    asked = 0
    while time.monotonic() < until:
        change = "leave" if asked % 2 == 0 else "return"
        status, _ = await http.request("POST", f"/api/matches/{match}/seats/0/{change}", token, {})
        statuses[status] += 1
        asked += status == 200


async def _log(http: Http, port: int, long: list[str], until: float, statuses: Counter[int]) -> None:
    since: int | None = 0
    while time.monotonic() < until:
        status, page = await http.request("GET", f"/api/matches/{long[0]}/log?since={since or 0}&limit=500")
        statuses[status] += 1
        since = page.get("next") if status == 200 else 0


async def _reload(http: Http, port: int, long: list[str], until: float, statuses: Counter[int]) -> None:
    for match in long:  # each long match once, spread over the time left
        status, _ = await http.request("GET", f"/api/matches/{match}")
        statuses[status] += 1
        await asyncio.sleep(max(0.0, (until - time.monotonic()) / len(long)))
        if time.monotonic() >= until:
            break


async def _engine(http: Http, port: int, long: list[str], until: float, statuses: Counter[int]) -> None:
    pace = 60 / BOUNDS.create_per_minute
    while time.monotonic() < until:
        began = time.monotonic()
        status, made = await http.request(
            "POST", "/api/matches", body={"players": 2, "seats": ["flood", "human"]}
        )
        statuses[status] += 1
        if status == 201:
            match, token = made["match"], made["seats"][1]["token"]
            seq = 0
            while seq == 0 and time.monotonic() < until:  # until the stand-in has moved for the engine
                await asyncio.sleep(0.05)
                _, summary = await http.request("GET", f"/api/matches/{match}")
                seq = summary["seq"]
            status, _ = await http.request("POST", f"/api/matches/{match}/seats/1/abort", token, {"seq": seq})
            statuses[status] += 1
        await asyncio.sleep(max(0.0, min(until, began + pace) - time.monotonic()))


async def _messages(http: Http, port: int, long: list[str], until: float, statuses: Counter[int]) -> None:
    _, made = await http.request("POST", "/api/matches", body={"players": 2, "seats": ["human", "human"]})
    url = f"ws://127.0.0.1:{port}/api/matches/{made['match']}/updates"
    while time.monotonic() < until:
        async with connect(url, close_timeout=0) as socket:
            with contextlib.suppress(ConnectionClosed):
                while time.monotonic() < until:
                    for _ in range(_BURST):
                        await socket.send("x")
                    await asyncio.sleep(0)  # read what came: the close, then open another
        code = socket.close_code
        statuses[1000 if code is None else code] += 1


async def _search(http: Http, port: int, long: list[str], until: float, statuses: Counter[int]) -> None:
    body = {"players": 2, "seats": ["human", "ismcts"]}
    mine: list[tuple[str, str]] = []
    for _ in range(BOUNDS.searching_per_address):
        status, made = await http.request("POST", "/api/matches", body=body)
        statuses[status] += 1
        if status == 201:
            mine.append((made["match"], made["seats"][0]["token"]))
    try:
        await asyncio.gather(*(_moving(port, match, token, until, statuses) for match, token in mine))
    finally:  # on a connection of its own: the first one was idle past the server's keep-alive
        ending = await Http.open(port)
        for match, token in mine:
            _, view = await ending.request("GET", f"/api/matches/{match}/view", token)
            status, _ = await ending.request(
                "POST", f"/api/matches/{match}/seats/0/resign", token, {"seq": view["seq"]}
            )
            statuses[status] += 1
        ending.close()


async def _moving(port: int, match: str, token: str, until: float, statuses: Counter[int]) -> None:
    """Move seat 0 of ``match`` whenever it may, a legal move at random, until ``until``."""
    http = await Http.open(port)
    rng = random.Random(match)
    try:
        while time.monotonic() < until:
            _, view = await http.request("GET", f"/api/matches/{match}/view", token)
            if not view["to_act"]:
                return
            if 0 not in view["to_act"] or not view["legal"]:
                await asyncio.sleep(_POLL)  # the bot thinks for a second
                continue
            move = rng.choice(view["legal"])["notation"]
            status, _ = await http.request(
                "POST", f"/api/matches/{match}/moves", token, {"seq": view["seq"], "move": move}
            )
            statuses[status] += 1
    finally:
        http.close()


_ATTACKS: dict[str, Attack] = {
    "log": _log,
    "seats": _seats,
    "reload": _reload,
    "engine": _engine,
    "messages": _messages,
    "search": _search,
}


def server_options(attack: str, folder: Path) -> list[str]:
    """What the server of ``attack`` is started with besides the benchmark's own options: the
    ``engine`` attack's engine (its program written in ``folder``)."""
    if attack != "engine":
        return []
    script = folder / "flood.py"
    script.write_text(FLOOD)
    return ["--engine", f"flood={sys.executable} {script}"]


def _serve(link: Connection, port: int, attack: str, long: list[str], seconds: float, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    end_with_parent(parent)
    try:
        link.send(dict(uvloop.run(_attack(port, attack, long, time.monotonic() + seconds))))
    except Exception as error:  # told to the parent, which stops the run
        link.send({"failed": f"{type(error).__name__}: {error}"})


@contextlib.contextmanager
def attacking(port: int, attack: str | None, long: list[str], seconds: float) -> Iterator[dict[str, object]]:
    """``attack`` on the server at ``port`` for ``seconds`` from now, in a process of its own
    (None: no attack); once the block ends, what it was answered, by status."""
    answered: dict[str, object] = {}
    if attack is None:
        yield answered
        return
    mine, theirs = multiprocessing.get_context("fork").Pipe()
    process = multiprocessing.get_context("fork").Process(
        target=_serve, args=(theirs, port, attack, long, seconds, os.getpid()), daemon=True
    )
    process.start()
    theirs.close()
    try:
        yield answered
        if mine.poll(seconds + 30):
            answered.update(mine.recv())
    finally:
        process.terminate()
        process.join()
        mine.close()
    if "failed" in answered:
        raise RuntimeError(f"the attacker failed: {answered['failed']}")
