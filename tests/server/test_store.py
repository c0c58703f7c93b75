"""The SQLite store's own refusals (the contract every store keeps is in ``test_store_suite.py``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hadara_rules.server.store import SQLiteStore, StoreError

from .test_store_suite import MATCH, run


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
