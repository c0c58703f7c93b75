"""Fixtures of the server's tests: the app over a fresh SQLite file, driven by Starlette's test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from boardtable.server.app import create_app
from boardtable.server.sqlite import SQLiteStore


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "matches.sqlite"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(SQLiteStore(db))) as test_client:
        yield test_client


# The throw-away PostgreSQL cluster (skipped without PostgreSQL, failed under CI).
from .pg import cluster, postgres_url  # noqa: E402, F401
