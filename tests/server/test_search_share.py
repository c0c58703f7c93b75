"""The search processes are shared by creating address.

The turns are checked as data (:class:`~hadara_rules.server.turns.RoundRobin`) and on an
event loop (:class:`~hadara_rules.server.turns.Turns`), in the order served, never by the
clock.
"""

from __future__ import annotations

import asyncio

import pytest

from hadara_rules.server.turns import RoundRobin, Turns


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
