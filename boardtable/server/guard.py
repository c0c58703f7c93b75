"""The server's edges, as ASGI middleware around the routes (``docs/server.md``, "Running it
on the internet").

:class:`Guard` puts the security headers on every HTTP answer (and ``Cache-Control:
no-store`` on every answer of the API, whose answers carry tokens and hidden cards); refuses
a client address that creates matches or takes seats faster than its bound (``429
too_many``, :class:`Buckets`); refuses a body that takes longer than its bound to arrive
(``408 too_slow``); closes a WebSocket whose client sends more messages than its bound
(a bucket of twice :attr:`~boardtable.server.limits.Bounds.messages_per_second` per
socket, filling again at that many a second) with 1008, in one line at INFO; refuses a
WebSocket of a client address that opens them faster than
:attr:`~boardtable.server.limits.Bounds.sockets_per_minute` (its handshake is answered 403
before anything is read or sent; a client that reconnects at once after its 1008 would
otherwise cost the server a handshake and a first view many times a second); and logs a
request whose client left before its body arrived in one line at INFO, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import time
from collections import OrderedDict
from collections.abc import Callable

from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .limits import Bounds

__all__ = [
    "ADDRESSES",
    "API_HEADERS",
    "CLOSE_TOO_MANY",
    "CONTENT_SECURITY_POLICY",
    "HEADERS",
    "Buckets",
    "Guard",
]

#: What a page of the web table may load and do: its own scripts, styles and API only (no
#: inline script or style), images of its own or ``data:`` (the page's empty icon), never
#: framed by another page; ``default-src 'self'`` takes the table's WebSocket
#: (``ws:``/``wss:`` to its own host) in every browser of CSP level 3.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
#: The headers of every HTTP answer.
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
#: The headers of every answer under ``/api`` (never kept by a browser or a proxy: a new
#: match's answer carries its seats' tokens, a view the seat's hidden cards).
API_HEADERS = (*HEADERS, (b"cache-control", b"no-store"))
#: The client addresses whose creations are counted at once (the least recently seen is
#: forgotten first: the memory they take stays flat however many addresses call).
ADDRESSES = 10_000
#: The close code of a WebSocket whose client sent too many messages (policy violation).
CLOSE_TOO_MANY = 1008
#: The requests that create something: a new match, a seat taken.
_CREATES = re.compile(r"/api/matches(/[^/]+/seats/[^/]+/join)?/?")

_log = logging.getLogger("hadara.server")


class Buckets:
    """A token bucket per client address: each holds up to ``per_minute`` requests (creations,
    sockets opened …) and fills again at ``per_minute`` a minute; the ``addresses`` seen most
    recently are kept."""

    def __init__(
        self, per_minute: int, addresses: int = ADDRESSES, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if per_minute < 1 or addresses < 1:
            raise ValueError("a bucket holds at least one creation, for at least one address")
        self._size = float(per_minute)
        self._rate = per_minute / 60.0
        self._addresses = addresses
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, address: str) -> float:
        """Take one creation from ``address``'s bucket: 0 when it had one, else the seconds
        until it has one again (nothing is taken)."""
        now = self._clock()
        held, since = self._buckets.pop(address, (self._size, now))
        held, wait = _take(held, now - since, self._size, self._rate)
        self._buckets[address] = (held, now)
        if len(self._buckets) > self._addresses:
            self._buckets.popitem(last=False)
        return wait


def _take(held: float, elapsed: float, size: float, rate: float) -> tuple[float, float]:
    """Take one from a bucket of ``size`` filling at ``rate`` a second that held ``held``
    ``elapsed`` seconds ago: what it holds now, and 0 when it had one, else the seconds until
    it has one again (nothing is taken)."""
    held = min(size, held + elapsed * rate)
    if held >= 1.0:
        return held - 1.0, 0.0
    return held, (1.0 - held) / rate


class _TooSlow(Exception):
    """A request's body did not arrive whole in time."""


def _answer(status: int, kind: str, message: str, headers: dict[str, str], **more: object) -> JSONResponse:
    """An error of the contract's shape, ``{"error": KIND, "message": ONE-LINE, ...}``."""
    return JSONResponse({"error": kind, "message": message, **more}, status_code=status, headers=headers)


class Guard:
    """The edges of the server around ``app`` (this module's docstring), within ``bounds``
    (its ``create_per_minute`` and ``body_seconds``)."""

    def __init__(self, app: ASGIApp, bounds: Bounds, clock: Callable[[], float] = time.monotonic) -> None:
        if not bounds.body_seconds > 0:
            raise ValueError(f"a body's time is over 0 seconds, not {bounds.body_seconds}")
        if bounds.messages_per_second < 1:
            raise ValueError(
                f"a socket may send at least 1 message a second, not {bounds.messages_per_second}"
            )
        self.app = app
        self.buckets = Buckets(bounds.create_per_minute, clock=clock)
        self.sockets = Buckets(bounds.sockets_per_minute, clock=clock)
        self.body_seconds = bounds.body_seconds
        self.messages_per_second = bounds.messages_per_second
        self._clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            client = scope.get("client")
            if self.sockets.take(client[0] if client else "") > 0:  # refused unlogged, as creations are
                await send({"type": "websocket.close", "code": CLOSE_TOO_MANY})
                return
            await self.app(scope, *self._metered(receive, send))
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        extra = API_HEADERS if path.startswith("/api/") else HEADERS
        started = False

        async def send_guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {name for name, _ in extra}
                kept = [(n, v) for n, v in message.get("headers", ()) if n.lower() not in names]
                message = {**message, "headers": [*kept, *extra]}
            await send(message)

        if scope["method"] == "POST" and _CREATES.fullmatch(path):
            client = scope.get("client")
            wait = self.buckets.take(client[0] if client else "")
            if wait > 0:
                seconds = math.ceil(wait)
                message = (
                    f"too many matches created or seats taken from this address: try again in {seconds} s"
                )
                refused = _answer(
                    429, "too_many", message, {"retry-after": str(seconds)}, retry_after=seconds
                )
                await refused(scope, receive, send_guarded)
                return
        try:
            await self.app(scope, self._timed(receive), send_guarded)
        except ClientDisconnect:
            _log.info("a client left before its request's body arrived (%s %s)", scope["method"], path)
        except _TooSlow:
            _log.info(
                "a request's body took over %g s to arrive (%s %s)", self.body_seconds, scope["method"], path
            )
            if not started:
                message = f"the request's body took over {self.body_seconds:g} s to arrive"
                await _answer(408, "too_slow", message, {"connection": "close"})(scope, receive, send_guarded)

    def _metered(self, receive: Receive, send: Send) -> tuple[Receive, Send]:
        """``receive`` and ``send`` of a WebSocket whose client may send
        :attr:`messages_per_second` (a bucket of twice as many): past it the socket is closed
        with :data:`CLOSE_TOO_MANY`, the app is told the client left, and what it sends
        after is dropped."""
        rate = float(self.messages_per_second)
        held, since = 2 * rate, self._clock()
        closed = False

        async def receive_metered() -> Message:
            nonlocal held, since, closed
            message = await receive()
            if message["type"] != "websocket.receive":
                return message
            now = self._clock()
            held, wait = _take(held, now - since, 2 * rate, rate)
            since = now
            if wait == 0.0:
                return message
            closed = True
            _log.info(
                "a WebSocket client sent over %d messages a second: closed (1008)", self.messages_per_second
            )
            reason = f"over {self.messages_per_second} messages a second"
            await send({"type": "websocket.close", "code": CLOSE_TOO_MANY, "reason": reason})
            return {"type": "websocket.disconnect", "code": CLOSE_TOO_MANY, "reason": reason}

        async def send_metered(message: Message) -> None:
            if not closed:
                await send(message)

        return receive_metered, send_metered

    def _timed(self, receive: Receive) -> Receive:
        """``receive``, the body's parts bounded to arrive within :attr:`body_seconds` of the
        request (what comes after the body, a disconnection, is waited for as long as it takes)."""
        deadline = asyncio.get_running_loop().time() + self.body_seconds
        whole = False

        async def receive_timed() -> Message:
            nonlocal whole
            if whole:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise _TooSlow from None
            whole = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        return receive_timed
