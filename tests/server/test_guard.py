"""The server's edges in one process: security headers on every answer, creations bounded per
client address (memory flat), a body's time bounded, aborted uploads quiet."""

from __future__ import annotations

import asyncio
import logging
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from boardtable.server.app import create_app
from boardtable.server.bodies import MAX_BODY
from boardtable.server.guard import CONTENT_SECURITY_POLICY, Buckets, Guard
from boardtable.server.limits import Bounds
from boardtable.server.sqlite import SQLiteStore

from .serving import fits

_GAME = {"players": 2, "seats": ["human", "human"], "seed": 1}


def _from_peer(app: ASGIApp) -> ASGIApp:
    """``app`` as if each request came from the address in its ``X-Peer`` header."""

    async def peer(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            named = dict(scope["headers"]).get(b"x-peer")
            if named is not None:
                scope = {**scope, "client": (named.decode(), 4000)}
        await app(scope, receive, send)

    return peer


@pytest.fixture
def limited(db: Path) -> Iterator[TestClient]:
    """The app over a fresh store, 5 creations per address a minute."""
    app = create_app(SQLiteStore(db), bounds=Bounds(create_per_minute=5))
    with TestClient(_from_peer(app)) as test_client:
        yield test_client


# --------------------------------------------------------------------------- security headers


def _assert_secured(answer: Any, api: bool) -> None:
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers.get("cache-control") == ("no-store" if api else None), answer.request.url


def test_every_answer_carries_the_security_headers_and_the_api_no_store(client: TestClient) -> None:
    created = client.post("/api/matches", json=_GAME)
    assert created.status_code == 201
    _assert_secured(created, api=True)  # the answer with the tokens, above all
    match = created.json()["match"]
    json_header = {"content-type": "application/json"}
    answers = {
        200: client.get(f"/api/matches/{match}"),
        404: client.get("/api/matches/nothing-here"),
        405: client.put("/api/matches"),
        413: client.post("/api/matches", content=b"[" * (MAX_BODY + 1), headers=json_header),
        415: client.post("/api/matches", content=b"{}", headers={"content-type": "text/plain"}),
        400: client.post("/api/matches", content=b"{", headers=json_header),
    }
    for status, answer in answers.items():
        assert answer.status_code == status, answer.text
        _assert_secured(answer, api=True)
    for page in ("/", "/table.css", "/js/main.js", "/games/hadara/game.js", "/games/stone-age/game.js"):
        answer = client.get(page)
        assert answer.status_code == 200
        _assert_secured(answer, api=False)  # the web table may be cached, each game's part too
    for missing in (client.get("/no-such-page.html"), client.get("/games/hadara/no-such-file.js")):
        assert missing.status_code == 404
        _assert_secured(missing, api=False)


def test_the_web_table_has_no_inline_script_or_style_for_its_policy_to_block() -> None:
    page = (Path(__file__).parents[2] / "boardtable/server/static/index.html").read_text()
    assert "<style" not in page and " style=" not in page and "javascript:" not in page
    scripts = page.count("<script")
    assert scripts == page.count('<script type="module" src="/') >= 1
    assert 'href="data:' in page and "img-src 'self' data:" in CONTENT_SECURITY_POLICY  # its icon


# --------------------------------------------------------------------------- creations per address


def test_a_flood_from_one_address_is_refused_beyond_its_bound_while_another_still_creates(
    limited: TestClient,
) -> None:
    flood = {"x-peer": "203.0.113.7"}
    answers = [limited.post("/api/matches", json=_GAME, headers=flood) for _ in range(8)]
    assert [a.status_code for a in answers] == [201] * 5 + [429] * 3
    refused = answers[-1]
    body = refused.json()
    assert body["error"] == "too_many" and "\n" not in body["message"]
    assert 1 <= body["retry_after"] <= 12 and refused.headers["retry-after"] == str(body["retry_after"])
    assert refused.headers["cache-control"] == "no-store"
    # taking a seat is a creation too, refused before the route is looked for
    join = limited.post("/api/matches/abc/seats/1/join", json={}, headers=flood)
    assert join.status_code == 429
    # another address is not touched by the flood
    assert limited.post("/api/matches", json=_GAME, headers={"x-peer": "198.51.100.2"}).status_code == 201
    # reading is never limited
    match = answers[0].json()["match"]
    assert limited.get(f"/api/matches/{match}", headers=flood).status_code == 200


def test_a_bucket_fills_again_at_its_rate() -> None:
    now = [100.0]
    buckets = Buckets(60, clock=lambda: now[0])
    assert [buckets.take("a") for _ in range(60)] == [0.0] * 60
    assert buckets.take("a") == pytest.approx(1.0)
    now[0] += 0.5
    assert buckets.take("a") == pytest.approx(0.5)  # a refusal takes nothing
    now[0] += 0.5
    assert buckets.take("a") == 0.0
    now[0] += 3600
    assert [buckets.take("a") for _ in range(61)].count(0.0) == 60  # never more than a minute's worth


def test_the_table_of_addresses_forgets_the_least_recently_seen() -> None:
    buckets = Buckets(1, addresses=3)
    for address in ("a", "b", "c"):
        buckets.take(address)
    assert buckets.take("a") > 0  # "a" seen again: "b" is now the oldest
    buckets.take("d")
    assert len(buckets) == 3
    assert buckets.take("a") > 0 and buckets.take("b") == 0.0  # "b" was forgotten: a full bucket


async def _post(guard: Guard, address: str) -> int:
    statuses: list[int] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    scope = {"type": "http", "method": "POST", "path": "/api/matches", "headers": [], "client": (address, 1)}
    await guard(scope, receive, send)
    return statuses[0]


async def _created(scope: Scope, receive: Receive, send: Send) -> None:
    await send({"type": "http.response.start", "status": 201, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})


@pytest.mark.slow  # 40,000 requests with tracemalloc on: seconds
def test_memory_stays_flat_over_ten_thousand_refused_creations() -> None:
    guard = Guard(_created, Bounds(create_per_minute=1))

    async def flood(prefix: str) -> list[int]:
        return [await _post(guard, f"{prefix}{i % 10_000}") for i in range(20_000)]

    async def measure() -> tuple[int, int]:
        tracemalloc.start()
        try:
            first = await flood("198.51.")  # 10,000 addresses: one creation each, then refused
            assert first.count(201) == 10_000 and first.count(429) == 10_000
            before = tracemalloc.get_traced_memory()[0]
            second = await flood("203.0.")  # 10,000 new addresses push the first out
            assert second.count(429) == 10_000
            assert [await _post(guard, "192.0.2.1") for _ in range(10_001)].count(429) == 10_000
            return before, tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()

    before, after = asyncio.run(measure())
    assert len(guard.buckets) == 10_000
    assert after - before < 256 * 1024, f"{after - before} bytes more after 20,000 refusals"


# --------------------------------------------------------------------------- bodies


def _call(app: ASGIApp, messages: list[Message], wait: float) -> tuple[list[Message], bool]:
    """``app`` asked to create a match whose body comes as ``messages``, then nothing for
    ``wait`` seconds: what it sent, and whether it raised."""
    sent: list[Message] = []

    async def run() -> bool:
        queue = list(messages)

        async def receive() -> Message:
            if queue:
                return queue.pop(0)
            await asyncio.sleep(wait)
            return {"type": "http.disconnect"}

        async def send(message: Message) -> None:
            sent.append(message)

        scope = {
            "type": "http",
            "method": "POST",
            "path": "/api/matches",
            "headers": [(b"content-type", b"application/json")],
            "query_string": b"",
            "client": ("192.0.2.9", 1),
            "server": ("127.0.0.1", 8000),
            "scheme": "http",
            "root_path": "",
            "http_version": "1.1",
        }
        try:
            await app(scope, receive, send)
        except Exception:
            return True
        return False

    return sent, asyncio.run(run())


def test_a_body_that_takes_too_long_is_answered_408(db: Path, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(SQLiteStore(db), bounds=Bounds(body_seconds=0.2))
    caplog.set_level(logging.INFO)
    sent, raised = _call(app, [{"type": "http.request", "body": b'{"players"', "more_body": True}], 30)
    assert not raised
    assert sent[0]["status"] == 408 and (b"connection", b"close") in sent[0]["headers"]
    body = fits("error", sent[1]["body"])
    assert body["error"] == "too_slow" and "0.2 s" in body["message"]
    assert [r.levelno for r in caplog.records if r.name.startswith("hadara")] == [logging.INFO]


def test_an_aborted_upload_is_one_line_at_info_without_a_traceback(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(SQLiteStore(db))
    caplog.set_level(logging.DEBUG)
    part = {"type": "http.request", "body": b'{"players"', "more_body": True}
    sent, raised = _call(app, [part, {"type": "http.disconnect"}], 0)
    assert not raised and sent == []
    records = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert [r.levelno for r in records] == [logging.INFO] and records[0].exc_info is None
    assert "left before" in records[0].getMessage()


# --------------------------------------------------------------------------- WebSocket messages


async def _reads_for_ever(scope: Scope, receive: Receive, send: Send) -> None:
    """A WebSocket route that reads and ignores what its client sends, as the seats' does, and
    says when it was told the client left."""
    await receive()
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass
    await send({"type": "websocket.send", "text": "told of the close"})  # dropped: closed already


def test_a_socket_sending_faster_than_its_bound_is_closed_with_1008(caplog: pytest.LogCaptureFixture) -> None:
    """A bucket of twice the bound a second per socket: a burst of 40, then 20 a second."""
    now = [100.0]
    guard = Guard(_reads_for_ever, Bounds(messages_per_second=20), clock=lambda: now[0])
    caplog.set_level(logging.INFO)
    with TestClient(guard).websocket_connect("/api/matches/m/updates") as socket:
        for _ in range(40):
            socket.send_text("x")
        now[0] += 1.0  # a second later: 20 more
        for _ in range(21):
            socket.send_text("x")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 1008 and "20 messages a second" in closed.value.reason
    (line,) = [r.getMessage() for r in caplog.records if r.name == "hadara.server"]
    assert "closed (1008)" in line


def test_a_socket_within_its_bound_is_left_open() -> None:
    now = [100.0]
    guard = Guard(_reads_for_ever, Bounds(messages_per_second=20), clock=lambda: now[0])
    with TestClient(guard).websocket_connect("/api/matches/m/updates") as socket:
        for _ in range(200):
            socket.send_text("x")
            now[0] += 0.05  # 20 a second, for ten seconds
        socket.close()


def test_an_address_opening_sockets_faster_than_its_bound_is_refused_at_the_handshake() -> None:
    """A bucket of ``sockets_per_minute`` per address: past it a socket's handshake is refused
    (the route never runs), until the bucket fills again (a client that reconnects at once
    after each 1008 costs the server no more than its bound)."""
    now = [100.0]
    opened: list[int] = []

    async def counts(scope: Scope, receive: Receive, send: Send) -> None:
        opened.append(1)
        await _reads_for_ever(scope, receive, send)

    client = TestClient(Guard(counts, Bounds(sockets_per_minute=3), clock=lambda: now[0]))
    for _ in range(3):
        with client.websocket_connect("/api/matches/m/updates") as socket:
            socket.close()
    with pytest.raises(WebSocketDisconnect) as refused:
        client.websocket_connect("/api/matches/m/updates").__enter__()
    assert refused.value.code == 1008 and len(opened) == 3
    now[0] += 20.0  # 3 a minute: one more in 20 s
    with client.websocket_connect("/api/matches/m/updates") as socket:
        socket.close()
    assert len(opened) == 4
