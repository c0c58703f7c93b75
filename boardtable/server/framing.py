"""HTTP/1.1 as ``hadara serve`` reads it: uvicorn's h11 protocol, which bounds a request's
head (``h11_max_incomplete_event_size``), with three changes (``docs/server.md``, "Running
it on the internet"): a request's head must arrive whole within :attr:`Framing.header_seconds`
of the connection's opening or of its first byte (uvicorn has no such bound: a connection
that sends its head a byte at a time would be kept for ever); a head over
:attr:`Framing.header_bytes` is refused (``431 too_large``) even when it arrives whole at
once (h11 bounds only a head still incomplete); and malformed framing is answered in the
contract's JSON (``400 malformed``), not in plain text.
"""

from __future__ import annotations

import asyncio
import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .guard import API_HEADERS

__all__ = ["Framing", "framing"]


def _answer(status: int, reason: str, kind: str, message: str) -> bytes:
    """A whole answer of the contract's JSON that closes the connection."""
    body = json.dumps({"error": kind, "message": message}).encode()
    head = [
        f"HTTP/1.1 {status} {reason}".encode(),
        b"content-type: application/json",
        b"content-length: " + str(len(body)).encode(),
        b"connection: close",
        *(name + b": " + value for name, value in API_HEADERS),
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


_MALFORMED = _answer(400, "Bad Request", "malformed", "the request is not well-formed HTTP/1.1")


class Framing(H11Protocol):
    """uvicorn's h11 protocol with a time and a size bound on each request's head, and JSON
    for a malformed one (this module's docstring)."""

    #: Seconds a request's head may take (:func:`framing` makes the protocol of other bounds).
    header_seconds = 10.0
    #: Bytes a request's head may have.
    header_bytes = 16 * 1024

    _head_timer: asyncio.TimerHandle | None = None
    _head = b""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._time_the_head()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            if self._head_timer is None:
                self._time_the_head()  # the first byte of the next request on this connection
            self._head += data
            end = self._head.find(b"\r\n\r\n")
            if (end if end >= 0 else len(self._head)) > self.header_bytes:
                self._refuse(
                    _answer(
                        431,
                        "Request Header Fields Too Large",
                        "too_large",
                        f"a request's head has at most {self.header_bytes} bytes",
                    )
                )
                return
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._stop_timing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timing()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """Malformed framing: ``400 malformed`` in the contract's JSON, then the connection closed."""
        self._refuse(_MALFORMED)

    def _refuse(self, answer: bytes) -> None:
        self._stop_timing()
        if not self.transport.is_closing():
            self.transport.write(answer)
            self.transport.close()

    def _time_the_head(self) -> None:
        self._stop_timing()
        self._head_timer = self.loop.call_later(self.header_seconds, self._head_too_slow)

    def _stop_timing(self) -> None:
        self._head = b""
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        """The head did not arrive in time: the connection is closed (no request to answer)."""
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def framing(header_seconds: float, header_bytes: int) -> type[Framing]:
    """The protocol whose requests' heads may take ``header_seconds`` to arrive and have ``header_bytes``."""

    class Bounded(Framing):
        pass

    Bounded.header_seconds = header_seconds
    Bounded.header_bytes = header_bytes
    return Bounded
