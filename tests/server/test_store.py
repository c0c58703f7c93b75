"""The SQLite store's own refusals (the contract every store keeps is in ``test_store_suite.py``)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from hadara_rules.server.store import SQLiteStore, Store, StoredMatch, StoreError

from .test_store_suite import MATCH, _move, run


def test_a_file_that_is_no_match_store_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database, though long enough to look like one " * 20)
    with pytest.raises(StoreError, match="not a match store"):
        SQLiteStore(text)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("PRAGMA user_version = 7")
    with pytest.raises(StoreError, match="another version"):
        SQLiteStore(other)


def test_a_stored_match_that_does_not_load_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "matches.sqlite"
    run(lambda: SQLiteStore(path), lambda store: store.create(MATCH))
    with sqlite3.connect(path) as connection:
        connection.execute('UPDATE matches SET config = \'{"kind": "nonsense"}\'')
    with pytest.raises(StoreError, match="match m1"):
        run(lambda: SQLiteStore(path), lambda store: store.load("m1"))


def test_the_writes_asked_for_in_one_turn_of_the_loop_are_one_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Group commit: moves that arrive together cost one commit, each told its own answer."""
    commits: list[int] = []
    commit = SQLiteStore._commit

    def counted(store: SQLiteStore, batch: list[Any]) -> None:
        commits.append(len(batch))
        commit(store, batch)

    monkeypatch.setattr(SQLiteStore, "_commit", counted)
    matches = [StoredMatch(f"m{n}", MATCH.config, MATCH.seats, ()) for n in range(4)]

    async def work(store: Store) -> list[bool]:
        await asyncio.gather(*(store.create(match) for match in matches))
        first = [store.append(match.match, _move(0), False) for match in matches]
        again = store.append("m0", _move(0), False)  # a second ply 0 of m0, in the same commit
        return list(await asyncio.gather(*first, again))

    assert run(lambda: SQLiteStore(tmp_path / "matches.sqlite"), work) == [True, True, True, True, False]
    assert commits == [4, 5]


def test_a_group_commit_calls_every_committed_before_any_caller_goes_on(tmp_path: Path) -> None:
    """The moves committed together are each told in the commit's own turn of the loop,
    before any of their callers resumes (the server's WebSocket updates then go out in the
    turn the movers are answered, each after its mover)."""
    matches = [StoredMatch(f"m{n}", MATCH.config, MATCH.seats, ()) for n in range(3)]
    order: list[str] = []

    async def append(store: Store, match: str) -> None:
        def committed() -> None:
            order.append(f"committed {match}")
            # what it sets going, as the hub's wake-up of the match's WebSockets
            asyncio.get_running_loop().call_soon(order.append, f"set going by {match}")

        assert await store.append(match, _move(0), False, committed)
        order.append(f"resumed {match}")

    async def work(store: Store) -> None:
        await asyncio.gather(*(store.create(match) for match in matches))
        await asyncio.gather(*(append(store, match.match) for match in matches))

    run(lambda: SQLiteStore(tmp_path / "matches.sqlite"), work)
    assert order == [f"committed m{n}" for n in range(3)] + [
        f"{what} m{n}" for n in range(3) for what in ("resumed", "set going by")
    ]
