"""The SQLite store's own refusals (the contract every store keeps is in ``test_store_suite.py``)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from boardtable.server.sqlite import SQLiteStore
from boardtable.server.store import BEATS_KEPT, Store, StoredMatch, StoreError, seats_text

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
    run(lambda: SQLiteStore(path), lambda store: store.create(_match("m1"), listed=False, driven=True))
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
        await asyncio.gather(*(store.create(match, listed=False, driven=True) for match in matches))
        first = [store.append(match.match, _move(0), False) for match in matches]
        again = store.append("m0", _move(0), False)  # a second entry 0 of m0, in the same commit
        return list(await asyncio.gather(*first, again))

    assert run(lambda: SQLiteStore(tmp_path / "matches.sqlite"), work) == [True, True, True, True, False]
    assert commits == [4, 5]


def test_a_file_of_the_first_version_is_brought_to_the_third(tmp_path: Path) -> None:
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
        return (await store.load("m1"), await store.driven())

    loaded, driven = run(lambda: SQLiteStore(path), work)
    assert isinstance(loaded, StoredMatch) and loaded.game == "hadara"
    assert [(e.seq, e.kind, e.data, e.digest) for e in loaded.entries] == [
        (e.seq, e.kind, e.data, e.digest) for e in (_move(0), _move(1))
    ]
    assert driven == ("m1",) and loaded.settings == "{}"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 3


def test_a_file_of_the_second_version_is_brought_to_the_third(tmp_path: Path) -> None:
    """The bots flag becomes the driven flag; the matches keep their order, get no settings
    and are not listed; a match created after comes after them."""
    path = tmp_path / "matches.sqlite"
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,
                                  seats TEXT NOT NULL, bots INTEGER NOT NULL, over INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE entries (match TEXT NOT NULL REFERENCES matches (id), seq INTEGER NOT NULL,
                                  kind TEXT NOT NULL, data TEXT NOT NULL, digest TEXT NOT NULL, at REAL NOT NULL,
                                  PRIMARY KEY (match, seq)) WITHOUT ROWID;
            PRAGMA user_version = 2;
            """
        )
        for name, bots, over in (("z", 1, 0), ("y", 0, 0), ("x", 1, 1), ("w", 1, 0)):
            db.execute(
                "INSERT INTO matches VALUES (?, 'hadara', ?, ?, ?, ?)",
                (name, _match(name).options, _seats(), bots, over),
            )
        entry = _move(0)
        db.execute(
            "INSERT INTO entries VALUES ('z', 0, ?, ?, ?, ?)",
            (entry.kind, entry.data, entry.digest, entry.at),
        )

    async def work(store: Store) -> tuple[object, ...]:
        loaded = await store.load("z")
        before = await store.driven(), await store.listed(10)
        await store.create(_match("v"), listed=True, driven=True)
        return loaded, before, await store.driven(), await store.listed(10)

    loaded, before, driven, listed = run(lambda: SQLiteStore(path), work)
    assert loaded == StoredMatch("z", "hadara", _match("z").options, _match("z").seats, (_move(0),), "{}")
    assert before == (("z", "w"), ()) and driven == ("z", "w", "v") and listed == ("v",)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 3
        columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
    assert {"driven", "listed", "settings", "created"} <= columns and "bots" not in columns


def test_beats_older_than_a_day_are_forgotten_when_a_process_starts(tmp_path: Path) -> None:
    path = tmp_path / "matches.sqlite"

    async def work(store: Store) -> tuple[tuple[float, float], ...]:
        await store.beat("old", 1000.0)
        await store.beat("recent", 50_000.0)
        return await store.resumed("new", 1000.0 + BEATS_KEPT + 1, 5.0)

    assert run(lambda: SQLiteStore(path), work) == ((50_000.0, 1000.0 + BEATS_KEPT + 1),)
    with sqlite3.connect(path) as db:
        assert sorted(db.execute("SELECT process FROM beats")) == [("new",), ("recent",)]


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
    run(lambda: SQLiteStore(path), lambda store: store.driven())  # the first closed: free again


def test_a_file_whose_tables_are_missing_is_refused_not_made_anew(tmp_path: Path) -> None:
    path = tmp_path / "matches.sqlite"
    run(lambda: SQLiteStore(path), lambda store: store.create(_match("m1"), listed=False, driven=True))
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE entries")
    with pytest.raises(StoreError, match="its table entries is missing"):
        SQLiteStore(path)
    with sqlite3.connect(path) as connection:  # nothing was made over the matches it held
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == {"matches", "beats", "pauses"}  # entries not made anew
    with pytest.raises(StoreError, match="missing"):  # refused again, not "another server": the lock went
        SQLiteStore(path)
