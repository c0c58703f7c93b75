"""The store contract, for every implementation of :class:`~boardtable.server.store.Store`:
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

from boardtable.server.entries import MOVE
from boardtable.server.sqlite import SQLiteStore
from boardtable.server.store import Entry, Exists, SeatEntry, Store, StoredMatch, StoreError
from hadara_rules import GameConfig, Pass, SetWheel, to_json

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
    from boardtable.server.postgres import PostgresStore

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
        await store.create(MATCH, listed=False, driven=True)
        assert await store.load("m1") == MATCH
        assert await store.load("m2") is None

    run(open_store, work)


def test_entries_are_accepted_in_order_only(open_store: OpenStore) -> None:
    async def work(store: Store) -> None:
        await store.create(MATCH, listed=False, driven=True)
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
        await store.create(MATCH, listed=False, driven=True)
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
        await store.create(MATCH, listed=False, driven=True)
        jobs: list[Coroutine[Any, Any, object]] = [
            store.append("m1", _move(0), over=False),
            store.create(MATCH, listed=False, driven=True),  # the id is taken
            store.create(_match("m2"), listed=False, driven=True),
        ]
        return list(await asyncio.gather(*jobs, return_exceptions=True))

    first, twice, other = run(open_store, work)
    assert first is True and isinstance(twice, Exists) and other is None
    loaded = run(open_store, lambda store: store.load("m1"))
    assert loaded is not None and len(loaded.entries) == 1
    assert run(open_store, lambda store: store.load("m2")) is not None


def test_the_unfinished_driven_matches_are_followed_oldest_first(open_store: OpenStore) -> None:
    async def work(store: Store) -> tuple[str, ...]:
        for name, driven in (("a", True), ("b", True), ("c", True), ("d", False), ("e", True)):
            await store.create(_match(name), listed=False, driven=driven)
        await store.append("b", _move(0), over=True)
        return await store.driven()

    assert run(open_store, work) == ("a", "c", "e")


def test_the_unfinished_listed_matches_are_shown_newest_first_up_to_a_limit(open_store: OpenStore) -> None:
    async def work(store: Store) -> tuple[tuple[str, ...], ...]:
        for name, listed in (("a", True), ("b", False), ("c", True), ("d", True), ("e", True)):
            await store.create(_match(name), listed=listed, driven=False)
        await store.append("d", _move(0), over=True)
        return await store.listed(10), await store.listed(2), await store.listed(0)

    assert run(open_store, work) == (("e", "c", "a"), ("e", "c"), ())
    with pytest.raises(StoreError, match="a limit of 0 matches or more, not -1"):
        run(open_store, lambda store: store.listed(-1))


def test_the_untouched_matches_are_those_with_nothing_stored_since_a_time(open_store: OpenStore) -> None:
    """Untouched since ``before``: the last entry earlier, or made earlier with no entry; never a
    finished match, nor one whose times are unknown (settings without ``created``)."""

    def made(name: str, at: float | None) -> StoredMatch:
        settings = "{}" if at is None else f'{{"created": {at}}}'
        return StoredMatch(name, MATCH.game, MATCH.options, MATCH.seats, (), settings)

    async def work(store: Store) -> tuple[tuple[str, ...], ...]:
        for name, at in (("old", 100.0), ("new", 5e9), ("moved", 100.0), ("done", 100.0), ("unknown", None)):
            await store.create(made(name, at), listed=False, driven=False)
        await store.append("moved", _move(0), over=False)  # at 1.7e9
        await store.append("done", _move(0), over=True)
        return await store.untouched(1e9, 10), await store.untouched(2e9, 10), await store.untouched(2e9, 1)

    assert run(open_store, work) == (("old",), ("old", "moved"), ("old",))


def test_the_settings_are_loaded_as_they_were_created(open_store: OpenStore) -> None:
    timed = StoredMatch("m1", MATCH.game, MATCH.options, MATCH.seats, (), '{"clock": 300, "private": true}')

    async def work(store: Store) -> None:
        await store.create(timed, listed=True, driven=True)
        assert await store.load("m1") == timed

    run(open_store, work)


def test_a_taken_id_is_refused_leaving_the_first_match_as_it_was(open_store: OpenStore) -> None:
    other = StoredMatch("m1", "stone-age", "{}", (SeatEntry(0, "human", "Cy", "cd" * 32),), (), '{"x": 1}')

    async def work(store: Store) -> tuple[object, ...]:
        await store.create(MATCH, listed=True, driven=True)
        assert await store.append("m1", _move(0), over=False)
        with pytest.raises(Exists, match="there is a match m1 already"):
            await store.create(other, listed=False, driven=False)
        return await store.load("m1"), await store.listed(5), await store.driven()

    loaded, listed, driven = run(open_store, work)
    assert loaded == StoredMatch(MATCH.match, MATCH.game, MATCH.options, MATCH.seats, (_move(0),))
    assert listed == ("m1",) and driven == ("m1",)


def test_an_accepted_entry_sets_the_flags_it_is_given_and_a_refused_one_none(open_store: OpenStore) -> None:
    async def work(store: Store) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        seen: list[tuple[tuple[str, ...], tuple[str, ...]]] = []

        async def look() -> None:
            seen.append((await store.listed(5), await store.driven()))

        await store.create(MATCH, listed=False, driven=False)
        assert await store.append("m1", _move(0), over=False, listed=True)
        await look()
        assert await store.append("m1", _move(1), over=False, driven=True)  # listed left as it was
        await look()
        assert not await store.append("m1", _move(1), over=False, listed=False, driven=False)  # refused
        await look()
        assert await store.append("m1", _move(2), over=False, listed=False)
        await look()
        assert await store.append("m1", _move(3), over=False)  # no flags given: both left
        await look()
        assert await store.append("m1", _move(4), over=True, listed=True)  # over: neither shows it
        await look()
        return seen

    assert run(open_store, work) == [
        (("m1",), ()),
        (("m1",), ("m1",)),
        (("m1",), ("m1",)),
        ((), ("m1",)),
        ((), ("m1",)),
        ((), ()),
    ]


def test_a_store_never_beaten_records_no_pause(open_store: OpenStore) -> None:
    assert run(open_store, lambda store: store.resumed("p1", 1000.0, 5.0)) == ()


def test_a_pause_is_recorded_only_when_no_process_beat_recently(open_store: OpenStore) -> None:
    async def work(store: Store) -> list[tuple[tuple[float, float], ...]]:
        pauses = [await store.resumed("p1", 1000.0, 5.0)]
        await store.beat("p1", 1010.0)
        pauses.append(await store.resumed("p2", 1014.0, 5.0))  # p1 beat 4 s before: running still
        await store.beat("p2", 1020.0)
        pauses.append(await store.resumed("p3", 1100.0, 5.0))  # nobody since 1020
        await store.beat("p3", 1200.0)
        pauses.append(await store.resumed("p3", 1500.0, 5.0))  # the same process, started again
        return pauses

    assert run(open_store, work) == [
        (),
        (),
        ((1020.0, 1100.0),),
        ((1020.0, 1100.0), (1200.0, 1500.0)),
    ]


def test_the_pauses_outlive_the_store_being_closed(open_store: OpenStore) -> None:
    run(open_store, lambda store: store.resumed("p1", 50.0, 5.0))
    run(open_store, lambda store: store.beat("p1", 60.0))
    assert run(open_store, lambda store: store.resumed("p2", 90.0, 5.0)) == ((60.0, 90.0),)
    assert run(open_store, lambda store: store.resumed("p3", 91.0, 5.0)) == ((60.0, 90.0),)


def test_an_accepted_entry_is_stored_when_append_returns(
    open_store: OpenStore, open_reader: OpenStore
) -> None:
    async def work(store: Store) -> StoredMatch | None:
        await store.create(MATCH, listed=False, driven=True)
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
        await store.create(MATCH, listed=False, driven=True)
        for seq in range(4):
            assert await store.append("m1", _move(seq), over=False)
        assert await store.entries("m1", 2) == (_move(2), _move(3))
        assert await store.entries("m1", 4) == ()
        assert await store.entries("m2", 0) == ()
        loaded = await store.load("m1")
        assert loaded is not None and loaded.entries == tuple(_move(seq) for seq in range(4))

    run(open_store, work)


def test_a_match_s_entries_are_read_a_page_at_a_time(open_store: OpenStore) -> None:
    async def work(store: Store) -> None:
        await store.create(MATCH, listed=False, driven=True)
        for seq in range(5):
            assert await store.append("m1", _move(seq), over=False)
        assert await store.entries("m1", 1, 2) == (_move(1), _move(2))
        assert await store.entries("m1", 3, 10) == (_move(3), _move(4))
        assert await store.entries("m1", 0, 0) == ()

    run(open_store, work)


def test_a_match_is_loaded_with_its_first_entries_up_to_a_limit_and_its_count(open_store: OpenStore) -> None:
    async def work(store: Store) -> tuple[tuple[Entry, ...], int | None]:
        await store.create(MATCH, listed=False, driven=False)
        for seq in range(5):
            assert await store.append("m1", _move(seq), over=False)
        loaded = await store.load("m1", 2)
        assert loaded is not None
        return loaded.entries, loaded.length

    assert run(open_store, work) == ((_move(0), _move(1)), 5)


def test_a_match_s_row_counts_its_entries(open_store: OpenStore) -> None:
    async def work(store: Store) -> tuple[int | None, int | None]:
        await store.create(MATCH, listed=False, driven=False)
        first = await store.load("m1")
        for seq in range(3):
            assert await store.append("m1", _move(seq), over=False)
        assert not await store.append("m1", _move(5), over=False)
        loaded = await store.load("m1")
        assert first is not None and loaded is not None
        return first.length, loaded.length

    assert run(open_store, work) == (0, 3)


def test_the_unfinished_matches_of_one_creator_are_counted(open_store: OpenStore) -> None:
    def made(name: str, creator: str) -> StoredMatch:
        return StoredMatch(name, MATCH.game, MATCH.options, MATCH.seats, (), f'{{"creator": "{creator}"}}')

    async def work(store: Store) -> tuple[int, ...]:
        for name, creator in (("a", "x"), ("b", "x"), ("c", "y"), ("d", "x")):
            await store.create(made(name, creator), listed=False, driven=False)
        await store.append("d", _move(0), over=True)
        return await store.live_by("x"), await store.live_by("y"), await store.live_by("z")

    assert run(open_store, work) == (2, 1, 0)
