"""The SQLite store's own refusals (the contract every store keeps is in ``test_store_suite.py``)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from hadara_rules.server.sqlite import SQLiteStore
from hadara_rules.server.store import Store, StoredMatch, StoreError, seats_text

from .test_store_suite import _match, _move, run


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


def test_stored_seats_that_no_server_wrote_are_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "matches.sqlite"
    run(lambda: SQLiteStore(path), lambda store: store.create(_match("m1")))
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE matches SET seats = '[[0]]'")
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
    matches = [_match(f"m{n}") for n in range(4)]

    async def work(store: Store) -> list[bool]:
        await asyncio.gather(*(store.create(match) for match in matches))
        first = [store.append(match.match, _move(0), False) for match in matches]
        again = store.append("m0", _move(0), False)  # a second entry 0 of m0, in the same commit
        return list(await asyncio.gather(*first, again))

    assert run(lambda: SQLiteStore(tmp_path / "matches.sqlite"), work) == [True, True, True, True, False]
    assert commits == [4, 5]


def test_a_file_of_the_first_version_is_brought_to_this_one(tmp_path: Path) -> None:
    """Each stored move becomes the entry of the same number; a match of people only has no bots."""
    path = tmp_path / "matches.sqlite"
    people = '[[0, "human", "A", "aa"], [1, "human", "B", "bb"]]'
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE matches (id TEXT PRIMARY KEY, config TEXT NOT NULL, seats TEXT NOT NULL,
                                  over INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE moves (match TEXT NOT NULL REFERENCES matches (id), ply INTEGER NOT NULL,
                                move TEXT NOT NULL, digest TEXT NOT NULL, PRIMARY KEY (match, ply)) WITHOUT ROWID;
            PRAGMA user_version = 1;
            """
        )
        db.execute("INSERT INTO matches VALUES ('m0', ?, ?, 0)", (_match("m0").options, people))
        db.execute("INSERT INTO matches VALUES ('m1', ?, ?, 0)", (_match("m1").options, _seats()))
        for seq in range(2):
            entry = _move(seq)
            db.execute("INSERT INTO moves VALUES ('m1', ?, ?, ?)", (seq, entry.data, entry.digest))

    async def work(store: Store) -> tuple[object, ...]:
        return (await store.load("m1"), await store.with_bots())

    loaded, with_bots = run(lambda: SQLiteStore(path), work)
    assert isinstance(loaded, StoredMatch) and loaded.game == "hadara"
    assert [(e.seq, e.kind, e.data, e.digest) for e in loaded.entries] == [
        (e.seq, e.kind, e.data, e.digest) for e in (_move(0), _move(1))
    ]
    assert with_bots == ("m1",)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2


def _seats() -> str:
    return seats_text(_match("m").seats)


def test_a_second_store_on_one_file_is_refused_until_the_first_closes(tmp_path: Path) -> None:
    """One server a file: two would accept moves of one match from positions of their own."""
    path = tmp_path / "matches.sqlite"

    async def work(store: Store) -> None:
        with pytest.raises(StoreError, match="another server is serving this match store"):
            SQLiteStore(path)
        reader = SQLiteStore(path, exclusive=False)  # a reader beside it, without the lock
        await reader.close()

    run(lambda: SQLiteStore(path), work)
    run(lambda: SQLiteStore(path), lambda store: store.with_bots())  # the first closed: free again


def test_a_file_whose_tables_are_missing_is_refused_not_made_anew(tmp_path: Path) -> None:
    path = tmp_path / "matches.sqlite"
    run(lambda: SQLiteStore(path), lambda store: store.create(_match("m1")))
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE entries")
    with pytest.raises(StoreError, match="its table entries is missing"):
        SQLiteStore(path)
    with sqlite3.connect(path) as connection:  # nothing was made over the matches it held
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"matches"}
    with pytest.raises(StoreError, match="missing"):  # refused again, not "another server": the lock went
        SQLiteStore(path)
