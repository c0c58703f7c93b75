"""Helpers of the server's tests: creating matches, reading the store, waiting for bots, a server process."""

from __future__ import annotations

import contextlib
import functools
import json
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import jsonschema
from starlette.testclient import TestClient

from hadara_rules.schema import SCHEMAS, Schemas
from imperial_settlers_rules.schema import SCHEMAS as IMPERIAL_SETTLERS_SCHEMAS
from stone_age_rules.schema import SCHEMAS as STONE_AGE_SCHEMAS

#: Each game's published schemas, by the name ``hadara schema --game`` gives.
GAME_SCHEMAS: dict[str, Schemas] = {
    "hadara": SCHEMAS,
    "imperial-settlers": IMPERIAL_SETTLERS_SCHEMAS,
    "stone-age": STONE_AGE_SCHEMAS,
}


@functools.cache
def validator(kind: str, game: str = "hadara") -> jsonschema.Draft202012Validator:
    """The validator of a published schema: ``hadara schema --game GAME KIND`` for a kind the
    game has its own schema of (a body that carries its documents), else the table's
    ``hadara schema KIND`` (one for every game)."""
    schemas = GAME_SCHEMAS[game]
    published = schemas if kind in schemas.kinds else SCHEMAS
    return jsonschema.Draft202012Validator(json.loads(published.text(kind)))


def fits(kind: str, text: str | bytes, game: str = "hadara") -> Any:
    """The body, read from the bytes sent, fitting the published schema of ``kind`` for a match
    of ``game``; an assertion error naming the first misfit."""
    body = json.loads(text)
    errors = sorted(validator(kind, game).iter_errors(body), key=lambda error: len(error.path))
    assert not errors, f"{game} {kind}: {errors[0].json_path}: {errors[0].message[:300]}"
    return body


#: The schema of each answer of the API by its method and path (``ID`` and ``N`` standing for
#: a match's id and a seat), for an answer of 2xx; every other status is an ``error``.
ANSWERS: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (method, re.compile(f"/api{path}".replace("ID", "[^/?]+").replace("N", "[0-9]+")), kind)
    for method, path, kind in (
        ("POST", "/matches", "match_created"),
        ("GET", "/matches[?].*", "match_list"),
        ("GET", "/matches/ID", "match_summary"),
        ("GET", "/matches/ID/view([?].*)?", "seat_view"),
        ("POST", "/matches/ID/moves", "seat_view"),
        ("POST", "/matches/ID/takeback", "seat_view"),
        ("POST", "/matches/ID/seats/N/(leave|return|resign|abort)", "seat_view"),
        ("POST", "/matches/ID/cancel", "seat_view"),
        ("POST", "/matches/ID/seats/N/join", "joined"),
        ("POST", "/matches/ID/rematch", "rematch"),
        ("GET", "/matches/ID/log", "match_log"),
        ("GET", "/games", "games"),
        ("GET", "/games/ID/catalogue", "catalogue"),
        ("GET", "(/games/ID)?/rules/ID", "rule"),
        ("GET", "/matches/ID/replay([?].*)?", "replay"),
        ("POST", "/games/ID/replay([?].*)?", "replay"),
        ("POST", "/games/ID/analysis", "analysis"),
    )
)


def answer_kind(method: str, path: str, status: int) -> str | None:
    """The schema an answer of the API fits (None for one no schema describes: a record, a
    picture)."""
    if status >= 400:
        return "error"
    return next((kind for verb, pattern, kind in ANSWERS if verb == method and pattern.fullmatch(path)), None)


def refused(answer: Any, status: int, kind: str) -> dict[str, Any]:
    """The answer is the contract's error: the status, the kind and a one-line message (its body)."""
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    assert body["error"] == kind, body
    assert isinstance(body["message"], str) and body["message"] and "\n" not in body["message"], body
    assert "Traceback" not in answer.text
    return body


def seat_view(client: TestClient, match: str, seat_token: str | None = None, **params: Any) -> dict[str, Any]:
    """A seat's view (the spectator's without a token), asked for with ``params``."""
    headers = {} if seat_token is None else bearer(seat_token)
    answer = client.get(f"/api/matches/{match}/view", headers=headers, params=params)
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def stored_moves(db: Path) -> int:
    """How many moves the store holds, read from its file."""
    with sqlite3.connect(db) as connection:
        count: int = connection.execute("SELECT count(*) FROM entries").fetchone()[0]
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


def free_port() -> int:
    """A TCP port free on the loopback interface now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class ServerProcess:
    """``hadara serve`` in a process of its own on a free loopback port, its log in a file
    (``db``: a SQLite file or a PostgreSQL URL), with more ``options`` of the command."""

    def __init__(self, db: Path | str, log: Path, options: Sequence[str] = ()) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        self._log = log.open("ab")
        command = [
            sys.executable,
            "-m",
            "hadara_rules.cli",
            "serve",
            "--port",
            str(self.port),
            "--db",
            str(db),
            *options,
        ]
        self.process = subprocess.Popen(command, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{self.base}/api/matches/ready", timeout=1).status_code == 404:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the server did not start (see {log})")
            time.sleep(0.05)

    def kill(self) -> None:
        """``kill -9``: nothing of the server runs after this."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._log.close()


@contextlib.contextmanager
def served(folder: Path, options: Sequence[str] = ()) -> Iterator[ServerProcess]:
    """A server process on a new SQLite file in ``folder`` (its log beside it), stopped when the
    block ends: a module's one server, shared by its tests."""
    process = ServerProcess(folder / "matches.sqlite", folder / "server.log", options)
    try:
        yield process
    finally:
        process.stop()
