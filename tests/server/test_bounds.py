"""``hadara serve``'s bounds against a real process on a loopback port: malformed and oversized
heads answered in JSON, WebSocket messages bounded and compressed, tokens kept out of the log
(however spelled), the options reaching the server,
and slow clients that do not stop honest ones."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from boardtable.server import command
from boardtable.server.command import _NoTokens
from boardtable.server.limits import BOUNDS, Bounds
from hadara_rules.cli import main

from .serving import ServerProcess, served

_GAME = {"players": 2, "seats": ["human", "human"], "seed": 1}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with served(tmp_path_factory.mktemp("bounds")) as process:
        yield process


def _raw(server: ServerProcess, request: bytes) -> bytes:
    """What the server answers ``request`` sent whole on a connection of its own."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def _json_error(answer: bytes, status: bytes) -> dict[str, str]:
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 " + status), head
    assert b"content-type: application/json" in head.lower()
    error: dict[str, str] = json.loads(body)
    return error


def test_malformed_framing_is_answered_in_the_contracts_json(server: ServerProcess) -> None:
    answer = _raw(server, b"GET /api/rules/x HTTP/1.1\r\nHost: a\r\nno colon here\r\n\r\n")
    assert _json_error(answer, b"400")["error"] == "malformed"


def test_a_head_over_its_size_is_refused_and_the_server_goes_on(server: ServerProcess) -> None:
    big = b"GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + b"a" * 32 * 1024 + b"\r\n\r\n"
    assert _json_error(_raw(server, big), b"431")["error"] == "too_large"
    in_parts = b"GET / HTTP/1.1\r\nHost: a\r\n" + b"X-Big: a\r\n" * 4096  # never ended
    assert _json_error(_raw(server, in_parts), b"431")["error"] == "too_large"
    assert httpx.get(f"{server.base}/", timeout=5).status_code == 200


def test_a_websocket_client_offering_compression_gets_it(server: ServerProcess) -> None:
    match = httpx.post(f"{server.base}/api/matches", json=_GAME, timeout=5).json()["match"]
    with connect(f"ws://127.0.0.1:{server.port}/api/matches/{match}/updates") as updates:
        assert updates.response is not None
        assert "permessage-deflate" in updates.response.headers.get("Sec-WebSocket-Extensions", "")
        assert isinstance(json.loads(updates.recv(timeout=5)), dict)  # the first message, inflated


def test_a_websocket_message_over_its_size_closes_the_socket(server: ServerProcess) -> None:
    match = httpx.post(f"{server.base}/api/matches", json=_GAME, timeout=5).json()["match"]
    with connect(f"ws://127.0.0.1:{server.port}/api/matches/{match}/updates") as updates:
        updates.recv(timeout=5)
        updates.send("x" * 16 * 1024)
        with pytest.raises(ConnectionClosed) as closed:
            updates.recv(timeout=5)  # nothing moves: the next thing is the close
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big


def test_a_websocket_flooding_one_byte_messages_is_closed_with_1008(server: ServerProcess) -> None:
    match = httpx.post(f"{server.base}/api/matches", json=_GAME, timeout=5).json()["match"]
    with connect(f"ws://127.0.0.1:{server.port}/api/matches/{match}/updates") as updates:
        updates.recv(timeout=5)
        with pytest.raises(ConnectionClosed) as closed:
            _send_for_ever(updates)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008  # policy violation


def _send_for_ever(updates: ClientConnection) -> None:
    """One-byte messages, 1,000 (far more than a burst and a second's worth), then wait for
    the next thing: the close, when the server closed the socket on the way."""
    for _ in range(1000):
        updates.send("x")
    updates.recv(timeout=5)


def _frames(connection: socket.socket) -> Iterator[tuple[int, bytes]]:
    """The frames the server sends on a raw WebSocket (never masked, never compressed here):
    their opcode and payload, until the connection ends."""
    buffer = b""

    def take(count: int) -> bytes:
        nonlocal buffer
        while len(buffer) < count:
            chunk = connection.recv(65536)
            if not chunk:
                raise EOFError
            buffer += chunk
        taken, buffer = buffer[:count], buffer[count:]
        return taken

    with contextlib.suppress(EOFError):
        while True:
            first, second = take(2)
            size = second & 0x7F
            if size >= 126:
                size = int.from_bytes(take(2 if size == 126 else 8))
            yield first & 0x0F, take(size)


def test_text_that_is_not_utf_8_closes_the_socket_with_1007_and_logs_no_traceback(
    server: ServerProcess,
) -> None:
    match = httpx.post(f"{server.base}/api/matches", json=_GAME, timeout=5).json()["match"]
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
        connection.sendall(
            f"GET /api/matches/{match}/updates HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += connection.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        mask = b"\x01\x02\x03\x04"
        payload = bytes(byte ^ mask[i % 4] for i, byte in enumerate(b"\xff\xfe not UTF-8"))
        connection.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + payload)  # a masked text frame
        frames = _frames(connection)
        code = next(int.from_bytes(data[:2]) for opcode, data in frames if opcode == 0x8)
    assert code == 1007  # invalid frame payload data
    log = server.log_path.read_text()
    assert "Traceback" not in log and "UnicodeDecodeError" not in log
    assert "not UTF-8" in log


def test_a_token_spelled_otherwise_is_masked_in_the_log(server: ServerProcess, tmp_path: Path) -> None:
    created = httpx.post(f"{server.base}/api/matches", json=_GAME, timeout=5).json()
    secret = created["seats"][0]["token"]
    address = f"ws://127.0.0.1:{server.port}/api/matches/{created['match']}/updates?%74oken={secret}&since=0"
    with connect(address) as updates:
        updates.recv(timeout=5)
    time.sleep(0.2)
    log = server.log_path.read_text()
    assert "updates?%74oken=…&since=0" in log and secret not in log


@pytest.mark.parametrize("trusted", [False, True])
def test_x_forwarded_for_names_the_client_only_from_a_proxy_named_by_the_option(
    trusted: bool, tmp_path: Path
) -> None:
    """By default no proxy is trusted: a local process naming its own address in
    ``X-Forwarded-For`` is counted as its peer address; with ``--forwarded-allow-ips``
    naming the peer, as the address its header names."""
    options = ["--create-per-minute", "1", *(["--forwarded-allow-ips", "127.0.0.1"] if trusted else [])]
    with served(tmp_path, options) as server:
        statuses = [
            httpx.post(
                f"{server.base}/api/matches", json=_GAME, headers={"X-Forwarded-For": address}, timeout=5
            ).status_code
            for address in ("198.51.100.1", "198.51.100.2", "198.51.100.1")
        ]
    assert statuses == ([201, 201, 429] if trusted else [201, 429, 429])


class _Slow:
    """``count`` connections, each sending ``start`` then one byte of ``trickle`` every half
    second, until the server closes it or :meth:`stop`; :attr:`closed_at` says when each was closed."""

    def __init__(self, port: int, start: bytes, trickle: bytes, count: int) -> None:
        self.sockets = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(count)]
        self.closed_at: list[float | None] = [None] * count
        self.answers: list[bytes] = [b""] * count
        for connection in self.sockets:
            connection.sendall(start)
            connection.setblocking(False)
        self._trickle = trickle
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            for i, connection in enumerate(self.sockets):
                if self.closed_at[i] is None:
                    self._step(i, connection)

    def _step(self, i: int, connection: socket.socket) -> None:
        try:
            while chunk := connection.recv(4096):
                self.answers[i] += chunk
            self.closed_at[i] = time.monotonic()  # an empty read: the server closed it
        except BlockingIOError:
            try:
                connection.send(self._trickle)
            except OSError:
                self.closed_at[i] = time.monotonic()
        except OSError:
            self.closed_at[i] = time.monotonic()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        for connection in self.sockets:
            connection.close()


@pytest.mark.slow
def test_two_hundred_slow_heads_and_bodies_do_not_stop_honest_requests(tmp_path: Path) -> None:
    options = ["--header-timeout", "3", "--body-timeout", "3", "--create-per-minute", "1000"]
    options += ["--live-per-address", "1000"]  # the honest client creates a match a round
    server = ServerProcess(tmp_path / "matches.sqlite", tmp_path / "server.log", options)
    try:
        began = time.monotonic()
        heads = _Slow(server.port, b"GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ", b"a", 200)
        bodies = _Slow(
            server.port,
            b"POST /api/matches HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n",
            b" ",
            200,
        )
        try:
            honest: list[int] = []
            slowest = 0.0
            with httpx.Client(base_url=server.base, timeout=5) as http:
                while time.monotonic() - began < 6:
                    asked = time.monotonic()
                    created = http.post("/api/matches", json=_GAME)
                    honest.append(created.status_code)
                    honest.append(http.get(f"/api/matches/{created.json()['match']}").status_code)
                    slowest = max(slowest, time.monotonic() - asked)
                    time.sleep(0.1)
            time.sleep(1.5)  # a last round of the trickle sees the last closings
        finally:
            heads.stop()
            bodies.stop()
        assert len(honest) >= 20 and set(honest) == {200, 201}, honest
        assert slowest < 1.0, f"an honest creation and read took {slowest:.2f} s"
        for slow in (heads, bodies):
            assert None not in slow.closed_at, "a slow connection outlived its bound"
            assert max(t for t in slow.closed_at if t is not None) - began < 6
        assert all(b"HTTP/1.1 408" in answer and b'"too_slow"' in answer for answer in bodies.answers)
        assert "Traceback" not in server.log_path.read_text()
    finally:
        server.stop()


def test_the_options_reach_the_server_and_a_bound_of_zero_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    served: list[Bounds] = []

    def serve(host: str, port: int, db: str, origins: list[str], bounds: Bounds, engines: object) -> int:
        served.append(bounds)
        return 0

    monkeypatch.setattr(command, "serve", serve)
    options = [
        "--limit-connections",
        "7",
        "--keep-alive",
        "2",
        "--header-timeout",
        "3",
        "--body-timeout",
        "4",
    ]
    options += ["--max-header-bytes", "5000", "--max-message-bytes", "600", "--create-per-minute", "9"]
    options += ["--live-per-address", "8", "--search-seconds", "3", "--search-processes", "4"]
    options += ["--abandon-after", "5", "--messages-per-second", "6", "--sockets-per-minute", "14"]
    options += ["--searching-per-address", "2", "--changes-per-minute", "12", "--analysis-per-minute", "13"]
    assert main(["serve", *options, "--forwarded-allow-ips", "10.0.0.1"]) == 0
    assert served == [Bounds(7, 2, 3, 4, 5000, 600, 9, 8, 3, 4, 5, "10.0.0.1", 6, 14, 2, 12, 13)]
    assert main(["serve"]) == 0 and served[-1] == BOUNDS
    for bound in ("--create-per-minute", "--analysis-per-minute", "--sockets-per-minute"):
        with pytest.raises(SystemExit) as exit_:
            main(["serve", bound, "0"])
        assert exit_.value.code == 2 and capsys.readouterr().err.count("\n") == 1


# --------------------------------------------------------------------------- logs


@pytest.mark.parametrize(
    "logged",
    [
        '"WebSocket /api/matches/m/updates?token=SECRET" [accepted]',
        '"WebSocket /api/matches/m/updates?%74oken=SECRET&since=3" [accepted]',
        '"WebSocket /api/matches/m/updates?since=0&TOKEN=SECRET" 403',
        "/api/matches/m/updates?tok%65n=SECRET&token=SECRET&%54%4F%4B%45%4E=SECRET",
        "/api/matches/m/updates?since=1;token=SECRET",
    ],
)
def test_every_spelling_of_the_token_is_masked_in_the_log(logged: str) -> None:
    for record in (
        logging.LogRecord("uvicorn.error", logging.INFO, "", 0, logged, None, None),
        logging.LogRecord("uvicorn.error", logging.INFO, "", 0, "%s - %s", ("1.2.3.4", logged), None),
    ):
        assert _NoTokens().filter(record)
        line = record.getMessage()
        assert "SECRET" not in line and "=…" in line
        assert "/api/matches/m/updates?" in line


def test_other_parameters_are_logged_as_they_are() -> None:
    record = logging.LogRecord(
        "uvicorn.error", logging.INFO, "", 0, "/x?tokens=a&since=2&mytoken=b", None, None
    )
    assert _NoTokens().filter(record)
    assert record.getMessage() == "/x?tokens=a&since=2&mytoken=b"
