"""The store contract, for every implementation of :class:`~hadara_rules.server.store.Store`:
SQLite and PostgreSQL pass the same tests.

A store accepts the move of ply N only when its last stored ply is N-1, however
many ask at once, and a move it accepted is stored when ``append`` returns.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest

from hadara_rules import GameConfig, Pass, SetWheel
from hadara_rules.server.store import SeatEntry, SQLiteStore, Store, StoredMatch, StoredMove, StoreError

_T = TypeVar("_T")

OpenStore = Callable[[], Store]

MATCH = StoredMatch(
    "m1",
    GameConfig(players=2, seed=9, advanced=True),
    (SeatEntry(0, "human", "Ann", "ab" * 32), SeatEntry(1, "greedy", "Bot")),
    (),
)


def _move(ply: int) -> StoredMove:
    return StoredMove(ply, SetWheel(0, ply % 5) if ply % 2 else Pass(1), f"digest-{ply}")


@pytest.fixture(params=["sqlite", "postgresql"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> OpenStore:
    """A function opening the same store again (every implementation the server has)."""
    if request.param == "sqlite":
        return lambda: SQLiteStore(tmp_path / "matches.sqlite")
    from hadara_rules.server.postgres import PostgresStore

    url: str = request.getfixturevalue("postgres_url")
    return lambda: PostgresStore(url)


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


def test_moves_are_accepted_in_order_only(open_store: OpenStore) -> None:
    async def work(store: Store) -> None:
        await store.create(MATCH)
        assert not await store.append("m1", _move(1), over=False)  # no ply 0 yet
        assert await store.append("m1", _move(0), over=False)
        assert not await store.append("m1", _move(0), over=False)  # ply 0 is taken
        assert not await store.append("m1", _move(2), over=False)  # a gap
        assert await store.append("m1", _move(1), over=False)
        loaded = await store.load("m1")
        assert loaded is not None and loaded.moves == (_move(0), _move(1))

    run(open_store, work)


def test_of_many_appends_of_one_ply_at_once_exactly_one_is_accepted(open_store: OpenStore) -> None:
    async def work(store: Store) -> list[bool]:
        await store.create(MATCH)
        await store.append("m1", _move(0), over=False)
        rivals = [StoredMove(1, SetWheel(0, r), f"rival-{r}") for r in range(5)]
        return list(await asyncio.gather(*(store.append("m1", m, over=False) for m in rivals)))

    accepted = run(open_store, work)
    assert accepted.count(True) == 1
    loaded = run(open_store, lambda store: store.load("m1"))
    assert loaded is not None and len(loaded.moves) == 2
    assert loaded.moves[1].digest == f"rival-{accepted.index(True)}"


def test_a_failing_job_undoes_only_itself(open_store: OpenStore) -> None:
    async def work(store: Store) -> list[object]:
        await store.create(MATCH)
        jobs: list[Coroutine[Any, Any, object]] = [
            store.append("m1", _move(0), over=False),
            store.create(MATCH),  # the id is taken
            store.create(StoredMatch("m2", MATCH.config, MATCH.seats, ())),
        ]
        return list(await asyncio.gather(*jobs, return_exceptions=True))

    first, twice, other = run(open_store, work)
    assert first is True and isinstance(twice, StoreError) and other is None
    loaded = run(open_store, lambda store: store.load("m1"))
    assert loaded is not None and len(loaded.moves) == 1
    assert run(open_store, lambda store: store.load("m2")) is not None


def test_committed_is_called_once_a_move_is_stored_and_never_for_a_refused_one(
    open_store: OpenStore, caplog: pytest.LogCaptureFixture
) -> None:
    """``committed()`` runs once the move is committed, before ``append`` returns; an
    exception it raises is logged, and the move stays stored."""

    async def work(store: Store) -> list[str]:
        heard: list[str] = []

        def committed(name: str) -> Callable[[], None]:
            def told() -> None:
                heard.append(name)

            return told

        await store.create(MATCH)
        assert not await store.append("m1", _move(1), False, committed("gap"))
        assert await store.append("m1", _move(0), False, committed("first"))
        assert heard == ["first"]
        assert not await store.append("m1", _move(0), False, committed("again"))

        def failing() -> None:
            raise RuntimeError("a listener failed")

        assert await store.append("m1", _move(1), False, failing)
        loaded = await store.load("m1")
        assert loaded is not None and loaded.moves == (_move(0), _move(1))
        return heard

    assert run(open_store, work) == ["first"]
    assert "match m1: what follows a stored move failed" in caplog.text


def test_the_unfinished_matches_are_listed_to_resume(open_store: OpenStore) -> None:
    async def work(store: Store) -> tuple[str, ...]:
        for name in ("a", "b", "c"):
            await store.create(StoredMatch(name, MATCH.config, MATCH.seats, ()))
        await store.append("b", _move(0), over=True)
        return await store.unfinished()

    assert run(open_store, work) == ("a", "c")


def test_an_accepted_move_is_stored_when_append_returns(open_store: OpenStore) -> None:
    async def work(store: Store) -> StoredMatch | None:
        await store.create(MATCH)
        await store.append("m1", _move(0), over=False)
        other = open_store()  # another connection, while the first is still open
        try:
            return await other.load("m1")
        finally:
            await other.close()

    loaded = run(open_store, work)
    assert loaded is not None and loaded.moves == (_move(0),)


def test_a_match_is_loaded_with_its_moves_from_a_ply_on(open_store: OpenStore) -> None:
    async def work(store: Store) -> None:
        await store.create(MATCH)
        for ply in range(4):
            assert await store.append("m1", _move(ply), over=False)
        since = await store.load("m1", since=2)
        assert since is not None and since.moves == (_move(2), _move(3))
        assert since.config == MATCH.config and since.seats == MATCH.seats
        after = await store.load("m1", since=4)
        assert after is not None and after.moves == ()

    run(open_store, work)
