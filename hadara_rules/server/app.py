"""The HTTP and WebSocket routes of ``hadara serve`` (the contract is in ``docs/server.md``).

Every answer is JSON; every error is ``{"error": KIND, "message": ONE-LINE}``
(with ``rule``, ``reason`` and ``rule_text`` for an illegal move, ``ply`` for a
stale one), whatever went wrong: a body over :data:`~hadara_rules.server.bodies.MAX_BODY`
is refused before it is read whole, and an unexpected failure is logged and
answered with a ``500`` of the same shape, never a traceback. Values from a
request appear in messages only through the bounded renderer of
:mod:`hadara_rules._reader`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from .._errors import HadaraError, IllegalMove
from .._reader import clip, label, shown
from . import present
from .bodies import MAX_BODY, Malformed, move_request, new_match, read_json
from .claims import Claims
from .hub import Hub, LocalNotifier, Notifier
from .matches import Forbidden, Match, MatchService, NotFound, Stale
from .store import Store

__all__ = ["SEND_SECONDS", "STATIC", "create_app"]

#: The web table: plain HTML, CSS and JavaScript modules, served at ``/``.
STATIC = Path(__file__).with_name("static")
#: Seconds a WebSocket client may take to receive one message before it is closed.
SEND_SECONDS = 10.0
#: A match id as the server makes them (:func:`secrets.token_urlsafe`).
_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: A size or a ply as a request writes it (ASCII digits only: ``str.isdigit`` takes "²" too).
_DIGITS = re.compile(r"[0-9]{1,18}")
#: The two requests of every move, the view asked before it and the move, as their paths go.
_EVERY_MOVE = re.compile(r"/api/matches/(?P<match>[^/]+)/(?P<route>view|moves)")
#: The WebSocket close codes: a malformed request, a wrong token, no such match, too slow a client.
_CLOSE_MALFORMED, _CLOSE_FORBIDDEN, _CLOSE_NOT_FOUND, _CLOSE_TOO_SLOW = 4400, 4403, 4404, 4408

_log = logging.getLogger("hadara.server")

#: A route's handler.
_Handler = Callable[[Request], Awaitable[Response]]


class TooLarge(HadaraError):
    """A request body over the limit."""


def _error(status: int, kind: str, message: str, **more: object) -> JSONResponse:
    return JSONResponse({"error": kind, "message": clip(message, 300), **more}, status_code=status)


def _json(body: bytes) -> Response:
    """An answer of JSON made already."""
    return Response(body, media_type="application/json")


def _refused(exc: Exception) -> JSONResponse:
    """The answer to a request the server refuses on purpose."""
    if isinstance(exc, Stale):
        return _error(409, "stale", str(exc), ply=exc.ply)
    if isinstance(exc, IllegalMove):
        return _error(
            422, "illegal", str(exc), rule=exc.rule, reason=exc.reason, rule_text=present.rule_text(exc.rule)
        )
    for kind, status, name in (
        (Malformed, 400, "malformed"),
        (Forbidden, 403, "forbidden"),
        (NotFound, 404, "not_found"),
        (TooLarge, 413, "too_large"),
    ):
        if isinstance(exc, kind):
            return _error(status, name, str(exc))
    return _failed(exc)


def _failed(exc: Exception) -> JSONResponse:
    _log.error("request failed", exc_info=exc)
    return _error(500, "internal", "the server failed to answer; the failure is logged")


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    kind = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http")
    answer = _error(exc.status_code, kind, str(exc.detail))
    answer.headers.update(exc.headers or {})  # a 405's Allow: the methods the path takes
    return answer


async def _body(request: Request) -> bytes:
    """The body, refused as soon as it is known to exceed :data:`MAX_BODY`."""
    length = request.headers.get("content-length")
    if length is not None and not _DIGITS.fullmatch(length):
        raise Malformed(f"content-length: {shown(length)} is no size")
    if length is not None and int(length) > MAX_BODY:
        raise TooLarge(f"the body has {length} bytes; at most {MAX_BODY} are read")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge(f"the body has more than {MAX_BODY} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _bearer(connection: HTTPConnection) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``; None without the header."""
    header = connection.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Forbidden("the Authorization header is 'Bearer TOKEN'")
    return token.strip()


def _since(connection: HTTPConnection, match: Match) -> int | None:
    text = connection.query_params.get("since")
    if text is None:
        return None
    ply = match.state.ply
    if not (_DIGITS.fullmatch(text) and int(text) <= ply):
        raise Malformed(f"since: expected a ply from 0 to {ply}, found {shown(text)}")
    return int(text)


class _Api:
    """The routes, over one match service and one hub."""

    def __init__(self, service: MatchService, hub: Hub) -> None:
        self.service = service
        self.hub = hub

    async def _match(self, connection: HTTPConnection) -> Match:
        match_id = connection.path_params["match"]
        if not _MATCH_ID.fullmatch(match_id):
            raise NotFound(f"there is no match {label(match_id)}")
        return await self.service.get(match_id)

    async def create(self, request: Request) -> Response:
        new = new_match(read_json(await _body(request)))
        match, tokens = await self.service.create(new)
        return JSONResponse(present.created(match, dict(tokens)), status_code=201)

    async def summary(self, request: Request) -> Response:
        return JSONResponse(present.summary(await self._match(request)))

    async def view(self, request: Request) -> Response:
        match = await self._match(request)
        seat = self.service.seat_of(match, _bearer(request))
        since = _since(request, match)
        return _json(present.view(match, seat, match.state.ply if since is None else since))

    async def move(self, request: Request) -> Response:
        match = await self._match(request)
        seat = self.service.seat_of(match, _bearer(request))
        if seat is None:
            raise Forbidden("a move needs the seat's token (Authorization: Bearer TOKEN)")
        ply, move = move_request(read_json(await _body(request)))
        await self.service.play(match, seat, ply, move)
        return _json(present.view(match, seat, ply))

    async def record(self, request: Request) -> Response:
        match = await self._match(request)
        if not match.state.is_over:
            raise Forbidden("the record is given once the game is over")
        return Response(present.record(match), media_type="application/json")

    async def picture(self, request: Request) -> Response:
        match = await self._match(request)
        seat = self.service.seat_of(match, _bearer(request))
        return Response(present.picture(match, seat), media_type="image/svg+xml")

    async def rule(self, request: Request) -> Response:
        rule = present.rule(request.path_params["rule"])
        if rule is None:
            raise NotFound(f"there is no rule {label(request.path_params['rule'])}")
        return JSONResponse(rule)

    async def updates(self, socket: WebSocket) -> None:
        """Each accepted move: the events since the previous message, as the seat sees them."""
        await socket.accept()
        try:
            match = await self._match(socket)
            seat = self.service.seat_of(match, socket.query_params.get("token"))
            since = _since(socket, match)
        except HadaraError as exc:
            code = {NotFound: _CLOSE_NOT_FOUND, Malformed: _CLOSE_MALFORMED}.get(type(exc), _CLOSE_FORBIDDEN)
            await socket.close(code, clip(str(exc), 120))
            return
        with self.hub.subscribe(match.id) as subscription:
            closed = asyncio.ensure_future(_until_closed(socket, subscription.moved))
            start = match.state.ply if since is None else since
            try:
                await self._push(socket, match, seat, start, subscription.moved, closed)
            except WebSocketDisconnect:
                pass  # the client went away while a message was being sent
            finally:
                closed.cancel()

    @staticmethod
    async def _push(
        socket: WebSocket,
        match: Match,
        seat: int | None,
        sent: int,
        moved: asyncio.Event,
        closed: asyncio.Future[None],
    ) -> None:
        """Send the seat what it has not been sent, whenever ``moved`` is set, until ``closed``
        is done (whoever makes it done sets ``moved`` too)."""
        while not closed.done():
            moved.clear()
            current = match.state.ply
            if current > sent:
                message = present.update(match, seat, sent)
                try:
                    async with asyncio.timeout(SEND_SECONDS):
                        await socket.send_text(message)
                except TimeoutError:
                    await socket.close(
                        _CLOSE_TOO_SLOW, "too slow: reconnect and ask the view since your last ply"
                    )
                    return
                sent = current
                continue
            await moved.wait()


async def _until_closed(socket: WebSocket, moved: asyncio.Event) -> None:
    """Read (and ignore) what the client sends until it goes away; then wake the sender."""
    try:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                await socket.receive_text()
    finally:
        moved.set()


def _answering(handler: _Handler) -> _Handler:
    """``handler`` with every refusal and failure answered in the contract's error shape."""

    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except Exception as exc:
            return _refused(exc)

    return answer


class _Server(Starlette):
    """The application: the requests of every move (``GET …/view`` and ``POST …/moves``) are
    answered by their handlers directly, every other request through Starlette's middleware and
    router. The handlers answer every refusal and failure themselves (:func:`_answering`), so
    the answer is the same either way; only the cost of the way differs."""

    def __init__(self, every_move: dict[tuple[str, str], _Handler], **settings: Any) -> None:
        super().__init__(**settings)
        self._every_move = every_move

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        handler = self._handler_of_every_move(scope)
        if handler is None:
            await super().__call__(scope, receive, send)
            return
        scope["app"] = self
        response = await handler(Request(scope, receive, send))
        await response(scope, receive, send)

    def _handler_of_every_move(self, scope: Scope) -> _Handler | None:
        """The handler of a request of every move, its match put in the scope's path
        parameters as the router would; None for any other request."""
        if scope["type"] != "http" or scope.get("root_path"):
            return None
        found = _EVERY_MOVE.fullmatch(scope["path"])
        if found is None:
            return None
        handler = self._every_move.get((scope["method"], found["route"]))
        if handler is not None:
            scope["path_params"] = {"match": found["match"]}
        return handler


def create_app(store: Store, notifier: Notifier | None = None, claims: Claims | None = None) -> Starlette:
    """The ASGI application over ``store``: the API under ``/api`` and the web table at ``/``.

    ``notifier`` carries updates between server processes (one process: :class:`LocalNotifier`);
    ``claims`` says which process moves a match's bots (one process: :class:`~hadara_rules.server.claims.LocalClaims`).
    """
    notifier = LocalNotifier() if notifier is None else notifier
    service = MatchService(store, notifier, claims)
    hub = Hub()
    service.on_moved(hub.moved)
    api = _Api(service, hub)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.close()

    view, move = _answering(api.view), _answering(api.move)
    # The API is a mount of its own, so that a path of it asked with another method is
    # refused as such (405), never looked for among the web table's files.
    api_routes = [
        Route("/matches", _answering(api.create), methods=["POST"]),
        Route("/matches/{match}", _answering(api.summary), methods=["GET"]),
        Route("/matches/{match}/view", view, methods=["GET"]),
        Route("/matches/{match}/moves", move, methods=["POST"]),
        Route("/matches/{match}/record", _answering(api.record), methods=["GET"]),
        Route("/matches/{match}/picture", _answering(api.picture), methods=["GET"]),
        Route("/rules/{rule}", _answering(api.rule), methods=["GET"]),
        WebSocketRoute("/matches/{match}/updates", api.updates),
    ]
    routes = [
        Mount("/api", routes=api_routes),
        Mount("/", StaticFiles(directory=STATIC, html=True, check_dir=False)),
    ]
    app = _Server(
        {("GET", "view"): view, ("POST", "moves"): move},
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: _http_error, Exception: _last_resort},
    )
    app.state.service = service
    return app


async def _last_resort(request: Request, exc: Exception) -> Response:
    return _failed(exc)
