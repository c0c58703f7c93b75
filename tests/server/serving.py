"""Helpers of the server's tests: creating matches, reading the store, waiting for bots."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient


def stored_moves(db: Path) -> int:
    """How many moves the store holds, read from its file."""
    with sqlite3.connect(db) as connection:
        count: int = connection.execute("SELECT count(*) FROM moves").fetchone()[0]
    return count


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new match (201), with the defaults ``players=2``, two human seats and seed 1."""
    body.setdefault("players", 2)
    body.setdefault("seats", ["human"] * body["players"])
    body.setdefault("seed", 1)
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def token(created: dict[str, Any], seat: int) -> str:
    found: str = created["seats"][seat]["token"]
    return found


def wait_over(client: TestClient, match: str, seconds: float = 20.0) -> dict[str, Any]:
    """The match's summary once its game is over (its seats all bots)."""
    deadline = time.monotonic() + seconds
    while True:
        summary: dict[str, Any] = client.get(f"/api/matches/{match}").json()
        if summary["over"] or time.monotonic() > deadline:
            return summary
        time.sleep(0.02)
