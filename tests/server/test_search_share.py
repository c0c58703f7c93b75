"""The search processes are shared by creating address, and an address's searching matches are bounded.

The turns are checked as data (:class:`~boardtable.server.turns.RoundRobin`) and on an
event loop (:class:`~boardtable.server.turns.Turns`), in the order served, never by the
clock; the bound, through the API, on matches whose bots never get to think (a seat is open).
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from boardtable.server import command
from boardtable.server.app import create_app
from boardtable.server.driver import SEARCH_NICENESS, search_pool
from boardtable.server.limits import BOUNDS, Bounds
from boardtable.server.sqlite import SQLiteStore
from boardtable.server.turns import RoundRobin, Turns
from hadara_rules.cli import main

from .serving import create


def test_an_address_with_one_decision_is_served_after_at_most_one_of_an_address_with_many() -> None:
    turns: RoundRobin[str] = RoundRobin()
    for n in range(200):
        turns.push("A", f"a{n}")
    turns.push("B", "b0")
    assert [turns.pop(), turns.pop()] == ["a0", "b0"]
    # B comes again while A's turn goes on: behind one more of A's at most
    turns.push("B", "b1")
    assert [turns.pop(), turns.pop()] == ["a1", "b1"]
    assert len(turns) == 1 and turns.pop() == "a2"


def test_the_addresses_are_served_in_turn_and_a_newcomer_after_each_waiting_address_once() -> None:
    turns: RoundRobin[str] = RoundRobin()
    for key in "ABC":
        for n in range(3):
            turns.push(key, f"{key}{n}")
    assert [turns.pop() for _ in range(4)] == ["A0", "B0", "C0", "A1"]
    turns.push("D", "D0")  # waits behind each waiting address once, then it is served
    assert [turns.pop() for _ in range(4)] == ["B1", "C1", "A2", "D0"]
    turns.discard("C", "C2")
    turns.discard("C", "C2")  # no longer waiting: nothing happens
    assert len(turns) == 1 and turns.pop() == "B2"
    with pytest.raises(IndexError):
        turns.pop()


def test_turns_serve_the_waiting_addresses_in_turn_on_the_event_loop() -> None:
    """One slot: while a decision holds it, address A queues five and B one; B's is served
    after one of A's. A wait cancelled gives up its place, and no slot is lost."""
    served: list[str] = []

    async def decide(turns: Turns, key: str, name: str, release: asyncio.Event | None = None) -> None:
        async with turns.turn(key):
            served.append(name)
            if release is not None:
                await release.wait()

    async def run() -> None:
        turns = Turns(1)
        release = asyncio.Event()
        holder = asyncio.create_task(decide(turns, "A", "first", release))
        await asyncio.sleep(0)
        waiting = [asyncio.create_task(decide(turns, "A", f"a{n}")) for n in range(5)]
        await asyncio.sleep(0)
        cancelled = asyncio.create_task(decide(turns, "C", "never"))
        waiting.append(asyncio.create_task(decide(turns, "B", "b0")))
        await asyncio.sleep(0)
        cancelled.cancel()
        release.set()
        await asyncio.gather(holder, *waiting)
        assert cancelled.cancelled()
        both = [asyncio.create_task(decide(turns, key, f"{key} again")) for key in "AB"]
        await asyncio.gather(*both)  # the one slot is free again

    asyncio.run(run())
    assert served == ["first", "a0", "b0", "a1", "a2", "a3", "a4", "A again", "B again"]


def test_a_wait_cancelled_as_its_slot_comes_hands_the_slot_on() -> None:
    served: list[str] = []

    async def run() -> None:
        turns = Turns(1)
        release = asyncio.Event()
        waiting: list[asyncio.Task[None]] = []

        async def hold() -> None:
            async with turns.turn("A"):
                await release.wait()
            waiting[0].cancel()  # its slot was granted as the block ended: it never runs

        async def decide(key: str) -> None:
            async with turns.turn(key):
                served.append(key)

        holder = asyncio.create_task(hold())
        await asyncio.sleep(0)
        waiting += [asyncio.create_task(decide(key)) for key in "BC"]
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(holder, *waiting, return_exceptions=True)
        assert waiting[0].cancelled()

    asyncio.run(run())
    assert served == ["C"]


def test_turns_need_a_slot() -> None:
    with pytest.raises(ValueError, match="at least one slot"):
        Turns(0)


# --------------------------------------------------------------------------- the bound


def test_an_address_keeps_at_most_its_bound_of_matches_with_a_searching_bot(tmp_path: Path) -> None:
    """``searching_per_address`` matches with a searching bot's seat from one address; the next
    is refused with the contract's body (nothing stored), a match without one is not, and once
    one of them ends there is room for another."""
    app = create_app(
        SQLiteStore(tmp_path / "searching.sqlite"),
        bounds=Bounds(create_per_minute=1000, searching_per_address=2, abandon_hours=1e-9),
    )
    with TestClient(app) as client:
        first = create(client, seats=["open", "ismcts"])["match"]
        create(client, game="stone-age", seats=["ismcts", "open"])
        refused = client.post("/api/matches", json={"players": 2, "seats": ["ismcts", "open"], "seed": 1})
        assert refused.status_code == 429
        body = refused.json()
        assert set(body) == {"error", "message"} and body["error"] == "too_many"
        assert body["message"] == (
            "this address has 2 unfinished matches with a searching bot, as many as one address may make"
        )
        create(client, seats=["open", "greedy"])  # no searching bot: only the other bounds count
        assert client.portal is not None
        assert client.portal.call(app.state.sweeper.sweep) == 3  # every match ends, abandoned
        assert client.get(f"/api/matches/{first}").json()["over"]
        _until_created(client, {"players": 2, "seats": ["open", "ismcts"], "seed": 1})


def _until_created(client: TestClient, body: dict[str, object]) -> None:
    """Create the match as soon as the driver has let the ended ones go (it hears of their end
    on the event loop, a moment after the sweep's answer)."""
    for _ in range(500):
        answer = client.post("/api/matches", json=body)
        if answer.status_code == 201:
            return
        assert answer.status_code == 429, answer.text
        time.sleep(0.01)
    raise AssertionError("the matches that ended still count")


def test_the_option_reaches_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[Bounds] = []

    def serve(host: str, port: int, db: str, origins: list[str], bounds: Bounds, engines: object) -> int:
        served.append(bounds)
        return 0

    monkeypatch.setattr(command, "serve", serve)
    assert main(["serve", "--searching-per-address", "3"]) == 0
    assert served == [Bounds(searching_per_address=3)] and BOUNDS.searching_per_address == 5


def test_the_search_processes_think_at_a_lower_priority_than_the_server() -> None:
    """On a machine with as many cores as search processes, the server's requests come first."""
    pool = search_pool(1)
    try:
        niceness = pool.submit(os.nice, 0).result(timeout=60)
    finally:
        pool.shutdown()
    assert niceness == min(19, os.nice(0) + SEARCH_NICENESS)
