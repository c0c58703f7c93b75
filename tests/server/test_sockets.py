"""The WebSocket protocol of ``hadara serve`` (boardtable.server.sockets): what a client sends
is parsed only as far as the app reads it, and hardly at all once the app has closed the socket."""

from __future__ import annotations

import asyncio

from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from boardtable.server.sockets import BACKLOG, CLOSING_BYTES, SLICE, Sockets

_UPGRADE = (
    b"GET /api/matches/m/updates HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
    b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


class _Transport(asyncio.Transport):
    """A transport that keeps what is written and whether reading is paused."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.paused = False
        self.closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False

    def get_extra_info(self, name: str, default: object = None) -> object:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8000)}.get(name, default)


class _Counted(Sockets):
    """The protocol, counting the messages it parsed."""

    parsed = 0

    def handle_text(self, event: Frame) -> None:
        self.parsed += 1
        super().handle_text(event)


def _messages(count: int) -> bytes:
    """``count`` one-byte text messages as a client sends them (masked)."""
    frame = Frame(Opcode.TEXT, b"x")
    return b"".join(frame.serialize(mask=True, extensions=[]) for _ in range(count))


async def _idle(scope: object, receive: object, send: object) -> None:
    """An app that waits (the test plays the app's part)."""
    await asyncio.Event().wait()


async def _accepted() -> tuple[_Counted, _Transport]:
    """A protocol whose app accepted the socket (and reads nothing yet)."""
    config = Config(app=_idle, ws_per_message_deflate=False)
    config.load()
    protocol = _Counted(config, ServerState(), {})
    transport = _Transport()
    protocol.connection_made(transport)
    protocol.data_received(_UPGRADE)
    assert (await protocol.receive())["type"] == "websocket.connect"
    await protocol.send({"type": "websocket.accept"})
    return protocol, transport


async def _flood_then_close() -> tuple[int, int, int, bool]:
    protocol, transport = await _accepted()
    protocol.data_received(_messages(20_000))  # 140 KB at once, as one read of a flood brings
    queued, parsed_before = protocol.queue.qsize(), protocol.parsed
    for _ in range(3):  # the app reads three, then closes the socket
        assert (await protocol.receive())["type"] == "websocket.receive"
    await protocol.send({"type": "websocket.close", "code": 1008, "reason": "too many"})
    parsed = protocol.parsed
    for _ in range(100):  # a megabyte more, the client not having seen the close yet
        protocol.data_received(_messages(1_500))
    if protocol.close_timer is not None:
        protocol.close_timer.cancel()
    return queued, parsed_before, protocol.parsed - parsed, transport.paused


def test_a_flood_is_parsed_only_as_far_as_the_app_reads_and_little_once_it_closed() -> None:
    queued, parsed_before, parsed_after, paused = asyncio.run(_flood_then_close())
    # Before the app reads: a backlog's worth, and no more than a slice (uvicorn parsed 20,000).
    assert queued <= BACKLOG + SLICE // 7 and parsed_before <= BACKLOG + SLICE // 7
    # Once it closed: what fits in CLOSING_BYTES (7 bytes a message), then nothing is read.
    assert parsed_after <= (CLOSING_BYTES + SLICE) // 7 and paused


async def _sent_slowly() -> list[str]:
    protocol, _ = await _accepted()
    protocol.data_received(_messages(BACKLOG * 3))
    got = []
    while not protocol.queue.empty():
        message = await protocol.receive()
        got.append(str(message.get("text", "")))
    return got


def test_every_message_reaches_an_app_that_reads() -> None:
    """What waits unparsed is parsed as the app reads: nothing is lost."""
    assert asyncio.run(_sent_slowly()) == ["x"] * (BACKLOG * 3)
