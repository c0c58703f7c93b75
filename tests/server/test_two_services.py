"""Two servers on one store, as two server processes would be: the store decides, a process that
hears of an entry stored elsewhere catches up only the matches it follows, and a process that
follows a match tells its WebSockets once per advance."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from boardtable.server import driver
from boardtable.server.claims import LocalClaims
from boardtable.server.driver import Driver
from boardtable.server.match import Match
from boardtable.server.referee import NewMatch, Referee, Stale
from boardtable.server.registry import Registry
from boardtable.server.sqlite import SQLiteStore
from boardtable.server.store import Entry, StoreError
from hadara_rules import GameConfig, SetWheel
from hadara_rules.game import HADARA


def _two(db: Path) -> tuple[tuple[Registry, Referee], tuple[Registry, Referee]]:
    store = SQLiteStore(db)
    return _server(store), _server(store)


_NEW = NewMatch(HADARA, GameConfig(players=2, seed=1), ("human", "human"), ("A", "B"))


def _server(store: SQLiteStore) -> tuple[Registry, Referee]:
    """What a server process follows and plays, on a store it shares with another (as server
    processes share a PostgreSQL database)."""
    registry = Registry(store)
    return registry, Referee(store, registry)


def test_a_server_hearing_of_an_entry_stored_elsewhere_catches_up_before_it_tells(db: Path) -> None:
    async def work() -> list[int]:
        (first, playing), (second, _) = _two(db)
        told: list[int] = []
        second.on_moved(lambda match: told.append(match.seq))
        match, _ = await playing.create(_NEW)
        async with second.using(match.id) as behind:  # followed by the second at seq 0
            await playing.play(match, 0, 0, SetWheel(0, 2))
            second.heard(match.id, 1)  # as its notifier would, from the store
            second.heard(match.id, 1)  # told twice: it catches up once
            for _ in range(100):
                if told:
                    break
                await asyncio.sleep(0.01)
            assert behind.state == match.state and behind.moves == match.moves
        await asyncio.sleep(0.05)
        await first.store.close()
        return told

    assert asyncio.run(work()) == [1]


def test_a_server_pays_nothing_for_the_moves_of_a_match_it_does_not_follow(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def work() -> None:
        (_, playing), (second, _) = _two(db)
        loads: list[str] = []
        load, entries = second.store.load, second.store.entries

        async def loaded(match: str, limit: int | None = None) -> object:
            loads.append(match)
            return await load(match, limit)

        async def read(match: str, since: int, limit: int | None = None) -> object:
            loads.append(match)
            return await entries(match, since, limit)

        monkeypatch.setattr(second.store, "load", loaded)
        monkeypatch.setattr(second.store, "entries", read)
        match, _ = await playing.create(_NEW)
        await playing.play(match, 0, 0, SetWheel(0, 2))
        second.heard(match.id, 1)
        await asyncio.sleep(0.05)
        assert loads == [] and second.followed(match.id) is None

    asyncio.run(work())


def test_a_followed_match_plays_the_entry_a_notice_carries_without_reading_the_store(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def work() -> None:
        (first, playing), (second, _) = _two(db)
        told: list[int] = []
        second.on_moved(lambda match: told.append(match.seq))
        match, _ = await playing.create(_NEW)
        async with second.using(match.id) as behind:
            await playing.play(match, 0, 0, SetWheel(0, 2))
            (entry,) = await first.store.entries(match.id, 0)

            async def unread(match: str, since: int) -> object:
                raise AssertionError("read from the store")

            monkeypatch.setattr(second.store, "entries", unread)
            second.heard(match.id, 1, entry)
            assert told == [1] and behind.state == match.state  # at once, in the notice's turn

    asyncio.run(work())


def test_the_store_refuses_an_entry_another_server_took_and_the_match_catches_up(db: Path) -> None:
    async def work() -> None:
        (_, playing), (second, late) = _two(db)
        match, _ = await playing.create(_NEW)
        async with second.using(match.id) as behind:
            await playing.play(match, 0, 0, SetWheel(0, 2))
            assert behind.seq == 0  # it heard nothing
            with pytest.raises(Stale) as stale:
                await late.play(behind, 0, 0, SetWheel(0, 3))
            assert (stale.value.seq, stale.value.ply) == (1, 1) and behind.state == match.state

    asyncio.run(work())


def test_an_unused_match_is_forgotten_after_the_time_kept(db: Path) -> None:
    async def work() -> tuple[Match | None, Match | None]:
        store = SQLiteStore(db)
        registry = Registry(store, keep=0.05)
        match, _ = await Referee(store, registry).create(_NEW)
        async with registry.using(match.id):
            await asyncio.sleep(0.1)
            registry.forget_unused()
            kept = registry.followed(match.id)  # in use: kept however long
        await asyncio.sleep(0.1)
        registry.forget_unused()
        return kept, registry.followed(match.id)

    kept, forgotten = asyncio.run(work())
    assert kept is not None and forgotten is None


def test_bots_go_on_once_their_failed_writes_work_again(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk, then freed: the bots' moves are played again, without a restart."""
    monkeypatch.setattr(driver, "RETRY_SECONDS", (0.01, 0.02))

    async def work() -> Match:
        store = SQLiteStore(db)
        registry, referee = _server(store)
        bots = Driver(registry, referee, LocalClaims(store))
        registry.on_moved(bots.wake)
        append, failures = store.append, [3]

        async def full(match: str, entry: Entry, over: bool, **flags: bool | None) -> bool:
            if failures[0]:
                failures[0] -= 1
                raise StoreError("database or disk is full")
            return await append(match, entry, over, **flags)

        monkeypatch.setattr(store, "append", full)
        new = NewMatch(HADARA, GameConfig(players=2, seed=8), ("random", "random"), ("A", "B"))
        match, _ = await referee.create(new)
        for _ in range(2000):
            if match.over:
                break
            await asyncio.sleep(0.01)
        await bots.close()
        await store.close()
        return match

    finished = asyncio.run(work())
    assert finished.over and finished.seq == finished.ply > 0


def test_a_catch_up_that_cannot_read_the_store_forgets_the_match_and_logs_one_line(
    db: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Never served behind, and no task left with an exception nobody retrieves."""

    async def work() -> Match | None:
        (_, playing), (second, _) = _two(db)
        match, _ = await playing.create(_NEW)
        async with second.using(match.id):
            await playing.play(match, 0, 0, SetWheel(0, 2))

            async def down(match: str, since: int) -> object:
                raise StoreError("the database is restarting")

            monkeypatch.setattr(second.store, "entries", down)
            second.heard(match.id, 1)  # no entry carried: read from the store, which fails
            for _ in range(100):
                if second.followed(match.id) is None:
                    break
                await asyncio.sleep(0.01)
            forgotten = second.followed(match.id)
        second.forget_unused()  # what was forgotten while in use is let go of without a fault
        return forgotten

    assert asyncio.run(work()) is None
    assert "cannot be caught up" in caplog.text and "never retrieved" not in caplog.text
