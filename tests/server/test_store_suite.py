"""The store contract, for every implementation of :class:`~hadara_rules.server.store.Store`:
SQLite and PostgreSQL pass the same tests.

A store accepts the entry of seq N only when its last stored entry is N-1, however
many ask at once, and an entry it accepted is stored when ``append`` returns.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest

from hadara_rules import GameConfig, Pass, SetWheel, to_json
from hadara_rules.server.sqlite import SQLiteStore
from hadara_rules.server.store import MOVE, Entry, SeatEntry, Store, StoredMatch, StoreError

_T = TypeVar("_T")

OpenStore = Callable[[], Store]

MATCH = StoredMatch(
    "m1",
    "hadara",
    to_json(GameConfig(players=2, seed=9, advanced=True)),
    (SeatEntry(0, "human", "Ann", "ab" * 32), SeatEntry(1, "greedy", "Bot")),
    (),
)


def _match(name: str) -> StoredMatch:
    return StoredMatch(name, MATCH.game, MATCH.options, MATCH.seats, ())


def _move(seq: int) -> Entry:
    move = SetWheel(0, seq % 5) if seq % 2 else Pass(1)
    return Entry(seq, MOVE, to_json(move), f"digest-{seq}", 1_700_000_000.5 + seq)


@pytest.fixture(params=["sqlite", "postgresql"])
def kind(request: pytest.FixtureRequest) -> str:
    """Every implementation of the store the server has."""
    found: str = request.param
    return found


@pytest.fixture
def open_store(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> OpenStore:
    """A function opening the same store again."""
    if kind == "sqlite":
        return lambda: SQLiteStore(tmp_path / "matches.sqlite")
    from hadara_rules.server.postgres import PostgresStore

    url: str = request.getfixturevalue("postgres_url")
    return lambda: PostgresStore(url)


@pytest.fixture
def open_reader(kind: str, open_store: OpenStore, tmp_path: Path) -> OpenStore:
    """A function opening the store beside one open already (SQLite's without its lock)."""
    if kind == "sqlite":
        return lambda: SQLiteStore(tmp_path / "matches.sqlite", exclusive=False)
    return open_store


def run(open_store: OpenStore, work: Callable[[Store], Awaitable[_T]]) -> _T:
    """``work`` on a store opened for it, closed after."""

    async def session() -> _T:
        store = open_store()
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(session())


def test_a_match_is_loaded_as_it_was_created(open_store: OpenStore) -> None:
    async def work(store: Store) -> None:
        await store.create(MATCH)
        assert await store.load("m1") == MATCH
        assert await store.load("m2") is None

    run(open_store, work)


def test_entries_are_accepted_in_order_only(open_store: OpenStore) -> None:
    async def work(store: Store) -> None:
        await store.create(MATCH)
        assert not await store.append("m1", _move(1), over=False)  # no entry 0 yet
        assert await store.append("m1", _move(0), over=False)
        assert not await store.append("m1", _move(0), over=False)  # entry 0 is taken
        assert not await store.append("m1", _move(2), over=False)  # a gap
        assert await store.append("m1", _move(1), over=False)
        loaded = await store.load("m1")
        assert loaded is not None and loaded.entries == (_move(0), _move(1))

    run(open_store, work)


def test_of_many_appends_of_one_seq_at_once_exactly_one_is_accepted(open_store: OpenStore) -> None:
    async def work(store: Store) -> list[bool]:
        await store.create(MATCH)
        await store.append("m1", _move(0), over=False)
        rivals = [Entry(1, MOVE, to_json(SetWheel(0, r)), f"rival-{r}", 0.0) for r in range(5)]
        return list(await asyncio.gather(*(store.append("m1", m, over=False) for m in rivals)))

    accepted = run(open_store, work)
    assert accepted.count(True) == 1
    loaded = run(open_store, lambda store: store.load("m1"))
    assert loaded is not None and len(loaded.entries) == 2
    assert loaded.entries[1].digest == f"rival-{accepted.index(True)}"


def test_a_failing_job_undoes_only_itself(open_store: OpenStore) -> None:
    async def work(store: Store) -> list[object]:
        await store.create(MATCH)
        jobs: list[Coroutine[Any, Any, object]] = [
            store.append("m1", _move(0), over=False),
            store.create(MATCH),  # the id is taken
            store.create(_match("m2")),
        ]
        return list(await asyncio.gather(*jobs, return_exceptions=True))

    first, twice, other = run(open_store, work)
    assert first is True and isinstance(twice, StoreError) and other is None
    loaded = run(open_store, lambda store: store.load("m1"))
    assert loaded is not None and len(loaded.entries) == 1
    assert run(open_store, lambda store: store.load("m2")) is not None


def test_the_unfinished_matches_with_bots_are_listed_to_move_on(open_store: OpenStore) -> None:
    async def work(store: Store) -> tuple[str, ...]:
        for name in ("a", "b", "c"):
            await store.create(_match(name))
        people = (SeatEntry(0, "human", "Ann", "ab" * 32), SeatEntry(1, "human", "Bo", "cd" * 32))
        await store.create(StoredMatch("d", MATCH.game, MATCH.options, people, ()))
        await store.append("b", _move(0), over=True)
        return await store.with_bots()

    assert run(open_store, work) == ("a", "c")


def test_an_accepted_entry_is_stored_when_append_returns(
    open_store: OpenStore, open_reader: OpenStore
) -> None:
    async def work(store: Store) -> StoredMatch | None:
        await store.create(MATCH)
        await store.append("m1", _move(0), over=False)
        other = open_reader()  # another connection, while the first is still open
        try:
            return await other.load("m1")
        finally:
            await other.close()

    loaded = run(open_store, work)
    assert loaded is not None and loaded.entries == (_move(0),)


def test_a_match_s_entries_are_read_from_a_seq_on(open_store: OpenStore) -> None:
    async def work(store: Store) -> None:
        await store.create(MATCH)
        for seq in range(4):
            assert await store.append("m1", _move(seq), over=False)
        assert await store.entries("m1", 2) == (_move(2), _move(3))
        assert await store.entries("m1", 4) == ()
        assert await store.entries("m2", 0) == ()
        loaded = await store.load("m1")
        assert loaded is not None and loaded.entries == tuple(_move(seq) for seq in range(4))

    run(open_store, work)
