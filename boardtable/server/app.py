"""The HTTP and WebSocket routes of ``hadara serve`` (the contract is in ``docs/server.md``).

The application is Starlette's own: its router, and its exception handlers for
every refusal. Every answer is JSON; every error is ``{"error": KIND, "message":
ONE-LINE}`` (with ``game``, ``rule``, ``reason`` and ``rule_text`` for an illegal move,
``seq`` and ``ply`` for a stale one, ``retry_after`` for too many, ``match`` and ``seq``
for a damaged match, which is ``410`` for good where a store that fails now is ``503``),
whatever went wrong: a body over
:data:`~boardtable.server.bodies.MAX_BODY` is refused before it is read whole,
and an unexpected failure is answered with a ``500`` of the same shape, never a
traceback. Values from a request appear in messages only through the bounded
renderer of :mod:`boardtable.reader`.

:func:`create_app` puts the server together, one part per concern: the store;
the :class:`~boardtable.server.registry.Registry` of the matches this process
follows; the :class:`~boardtable.server.referee.Referee` that makes matches
and plays moves; the :class:`~boardtable.server.driver.Driver` that moves
bots; the :class:`~boardtable.server.hub.Hub` of WebSockets; the
:class:`~boardtable.server.present.Presenter` of what each seat is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from functools import partial
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ..games import GameError
from ..reader import clip, label, shown
from .analysis import Unreadable, analyse, picture
from .bodies import (
    MAX_BODY,
    Malformed,
    analysis_request,
    move_request,
    name_request,
    new_match,
    nothing_request,
    picture_request,
    read_json,
    seq_request,
)
from .catalogue import catalogue_routes, named_game
from .claims import Claims, LocalClaims
from .driver import Driver
from .engines import EngineSeats
from .entries import ABORT, CANCEL, RESIGN
from .game_files import GameFiles
from .guard import API_HEADERS, Buckets, Guard
from .hub import Hub, Notifier
from .limits import BOUNDS, Bounds
from .match import Forbidden, Match
from .pictures import match_picture
from .present import Body, Presenter
from .referee import Illegal, Referee, Refused, Stale, TooFast
from .registry import KEEP_SECONDS, NotFound, Registry
from .replays import MAX_RECORD, Cursors, match_replay, record_replay
from .store import Damaged, Store, StoreError
from .sweeper import Sweeper
from .updates import CLOSE_FORBIDDEN, CLOSE_MALFORMED, CLOSE_NOT_FOUND, send_updates

__all__ = ["STATIC", "create_app"]

#: The web table's shell: plain HTML, CSS and JavaScript modules, served at ``/`` (each game's
#: own part at ``/games/GAME/``: :mod:`~boardtable.server.game_files`).
STATIC = Path(__file__).with_name("static")
#: A match id as the server makes them (:func:`secrets.token_urlsafe`).
_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: A size or a seq as a request writes it (ASCII digits only: ``str.isdigit`` takes "²" too).
_DIGITS = re.compile(r"[0-9]{1,18}")
#: The most matches a lobby list gives, and the most ids one request asks for.
LISTED = 50
#: The entries a page of a match's log gives by default, and at most.
LOG_PAGE = 100
LOG_PAGE_MOST = 500
#: Seconds a client is asked to wait before trying again while the store cannot be reached.
RETRY_AFTER = 2

_log = logging.getLogger("hadara.server")


class TooLarge(GameError):
    """A request body over the limit."""


class TooMany(GameError):
    """A new match from an address that has as many unfinished ones as it may."""


class NotJson(GameError):
    """A write whose body is not declared as JSON (``Content-Type: application/json``)."""


def _error(status: int, kind: str, message: str, **more: object) -> JSONResponse:
    return JSONResponse({"error": kind, "message": clip(message, 300), **more}, status_code=status)


def _json(body: bytes) -> Response:
    """An answer of JSON made already."""
    return Response(body, media_type="application/json")


#: The refusals, by the error that says so: status and kind.
_REFUSALS: tuple[tuple[type[GameError], int, str], ...] = (
    (Malformed, 400, "malformed"),
    (Forbidden, 403, "forbidden"),
    (NotFound, 404, "not_found"),
    (TooLarge, 413, "too_large"),
    (TooMany, 429, "too_many"),
    (NotJson, 415, "unsupported_media_type"),
)


async def _refused(request: HTTPConnection, exc: Exception) -> Response:
    """The answer to a request the server refuses on purpose (any of the library's errors)."""
    if isinstance(exc, Stale):
        return _error(409, "stale", str(exc), seq=exc.seq, ply=exc.ply)
    if isinstance(exc, Illegal):
        return _error(
            422, "illegal", str(exc), game=exc.game, rule=exc.rule, reason=exc.reason, rule_text=exc.rule_text
        )
    if isinstance(exc, Unreadable):
        return _error(422, "inconsistent", str(exc), field=clip(exc.field, 200), rule=exc.rule)
    if isinstance(exc, Refused):
        more = {} if exc.reason is None else {"reason": exc.reason}
        return _error(exc.status, exc.kind, str(exc), **more)
    for kind, status, name in _REFUSALS:
        if isinstance(exc, kind):
            return _error(status, name, str(exc))
    if isinstance(exc, TooFast):
        answer = _error(429, "too_many", str(exc), retry_after=exc.seconds)
        answer.headers["Retry-After"] = str(exc.seconds)
        return answer
    if isinstance(exc, Damaged):  # for good (logged once, when found: the registry)
        return _damaged(exc)
    if isinstance(exc, StoreError):  # for now
        _log.warning("the store failed: %s", exc)
        answer = _error(503, "unavailable", "the match store cannot be reached now: try again shortly")
        answer.headers["Retry-After"] = str(RETRY_AFTER)
        return answer
    _log.error("request failed", exc_info=exc)
    return _failed()


def _damaged(exc: Damaged) -> JSONResponse:
    """A match that is not served, for good: ``410 damaged``, with its id and, where it is known,
    how many of its entries replay to their digests (``seq``: it was sound up to there)."""
    sound = "" if exc.sound is None else f" (sound up to seq {exc.sound})"
    message = f"match {exc.match} is damaged: what is stored of it does not replay{sound}; it is not served"
    more = {} if exc.sound is None else {"seq": exc.sound}
    return _error(410, "damaged", message, match=exc.match, **more)


def _failed() -> JSONResponse:
    """A 500 of the contract's shape, with the headers of every API answer (an unexpected
    failure is answered outside the guard's middleware)."""
    answer = _error(500, "internal", "the server failed to answer; the failure is logged")
    answer.headers.update({name.decode(): value.decode() for name, value in API_HEADERS})
    return answer


#: The kinds of the router's and the web table's files' refusals, by status.
_HTTP_KINDS = {404: "not_found", 405: "method_not_allowed"}


async def _http_error(request: HTTPConnection, exc: Exception) -> Response:
    """The router's and the files' refusals (404, 405); any other is a failure of the server
    (a file of the web table it may not read), logged and answered ``500 internal``."""
    assert isinstance(exc, HTTPException)
    kind = _HTTP_KINDS.get(exc.status_code)
    if kind is None:
        _log.error("request failed: %s %s", exc.status_code, clip(str(exc.detail), 120))
        return _failed()
    answer = _error(exc.status_code, kind, str(exc.detail))
    answer.headers.update(exc.headers or {})  # a 405's Allow: the methods the path takes
    return answer


async def _last_resort(request: HTTPConnection, exc: Exception) -> Response:
    """An unexpected failure: a 500 of the contract's shape (the server logs the failure)."""
    return _failed()


async def _body(request: Request, most: int = MAX_BODY) -> bytes:
    """The body of a write: declared as JSON (so that no page of another site can post one
    without asking first, CORS), and refused as soon as it is known to exceed ``most`` bytes."""
    declared = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if declared != "application/json":
        raise NotJson(
            f"a write's body is JSON, sent as Content-Type: application/json, not {shown(declared)}"
        )
    length = request.headers.get("content-length")
    if length is not None and not _DIGITS.fullmatch(length):
        raise Malformed(f"content-length: {shown(length)} is no size")
    if length is not None and int(length) > most:
        raise TooLarge(f"the body has {length} bytes; at most {most} are read")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > most:
            raise TooLarge(f"the body has more than {most} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _no_token_in_address(request: Request) -> None:
    """An HTTP request's token goes in its header: one in its address is refused, never read
    as the spectator's (nor logged with the address)."""
    if "token" in request.query_params:
        raise Malformed(
            "a request's token goes in its Authorization header (Bearer TOKEN), not in its address"
        )


def _bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``; None without the header."""
    _no_token_in_address(request)
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Forbidden("the Authorization header is 'Bearer TOKEN'")
    return token.strip()


def _since(connection: HTTPConnection, match: Match, default: int | None = None) -> int:
    """The ``since`` of the query (a ``seq``); ``default`` when there is none (None: the match's ``seq``)."""
    text = connection.query_params.get("since")
    if text is None:
        return match.seq if default is None else default
    if not (_DIGITS.fullmatch(text) and int(text) <= match.seq):
        raise Malformed(f"since: expected a seq from 0 to {match.seq}, found {shown(text)}")
    return int(text)


def _limit(request: Request) -> int:
    """The ``limit`` of the query: how many entries of a log to give, :data:`LOG_PAGE` when
    there is none, at most :data:`LOG_PAGE_MOST`."""
    text = request.query_params.get("limit")
    if text is None:
        return LOG_PAGE
    if not (_DIGITS.fullmatch(text) and 1 <= int(text) <= LOG_PAGE_MOST):
        raise Malformed(f"limit: expected a number of entries from 1 to {LOG_PAGE_MOST}, found {shown(text)}")
    return int(text)


def _socket_token(socket: WebSocket) -> str | None:
    """A WebSocket's token, in its address (``?token=TOKEN``: a browser sends no header with
    it); one in a header, or two, is refused, never read as the spectator."""
    if "authorization" in socket.headers:
        raise Malformed("a WebSocket's token goes in its address (?token=TOKEN), not in a header")
    tokens = socket.query_params.getlist("token")
    if len(tokens) > 1:
        raise Malformed("a WebSocket names one token")
    return tokens[0] if tokens else None


def _player(request: Request, match: Match) -> tuple[int, str]:
    """The seat a request's token opens, and the token: a write needs one."""
    token = _bearer(request)
    seat = match.seat_of(token)
    if seat is None or token is None:
        raise Forbidden("this needs the seat's token (Authorization: Bearer TOKEN)")
    return seat, token


def _own_seat(request: Request, match: Match) -> tuple[int, str]:
    """The seat named by the address, which the request's token must open, and the token."""
    seat = _seat(request, match)
    mine, token = _player(request, match)
    if mine != seat:
        raise Forbidden(f"this token is seat {mine}'s, not seat {seat}'s")
    return seat, token


def _seat(request: Request, match: Match) -> int:
    """The seat named by the address (``…/seats/N/…``)."""
    text: str = request.path_params["seat"]
    if not (_DIGITS.fullmatch(text) and int(text) < len(match.seats)):
        raise NotFound(f"there is no seat {label(text)} (the seats are 0 to {len(match.seats) - 1})")
    return int(text)


def _creator(request: Request) -> str:
    """Who makes a match: a digest of the client's address (the proxy's client behind a trusted
    proxy), never the address itself."""
    address = request.client.host if request.client is not None else ""
    return hashlib.sha256(address.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _match_id(connection: HTTPConnection) -> str:
    match_id: str = connection.path_params["match"]
    if not _MATCH_ID.fullmatch(match_id):
        raise NotFound(f"there is no match {label(match_id)}")
    return match_id


class _Api:
    """The routes, over the parts of one server."""

    def __init__(
        self,
        registry: Registry,
        referee: Referee,
        hub: Hub,
        presenter: Presenter,
        engines: tuple[str, ...],
        live_per_address: int,
        searching_by: Callable[[str], int],
        searching_per_address: int,
        analysis_per_minute: int,
    ) -> None:
        #: How many unfinished matches one client address may have made.
        self.live_per_address = live_per_address
        #: How many of them a client address has made with a searching bot's seat
        #: (:meth:`~boardtable.server.driver.Driver.searching_by`), and how many it may.
        self.searching_by = searching_by
        self.searching_per_address = searching_per_address
        #: The operator's engines, seat kinds of every game beside its bots.
        self.engines = engines
        self.registry = registry
        self.referee = referee
        self.hub = hub
        self.presenter = presenter
        #: Each client address's analyses and replays (a bucket of ``analysis_per_minute``).
        self.analysis_per_minute = analysis_per_minute
        self.looks = Buckets(analysis_per_minute)
        #: Where the matches replayed last stand, to go on from.
        self.cursors = Cursors()

    async def create(self, request: Request) -> Response:
        """A new match, unless its client's address has made as many unfinished ones as it may
        (of those with a searching bot's seat too, where it has one)."""
        creator = _creator(request)
        new = new_match(read_json(await _body(request)), self.engines, creator)
        live = await self.registry.store.live_by(creator)
        if live >= self.live_per_address:
            raise TooMany(f"this address has {live} unfinished matches, as many as one address may make")
        if set(new.kinds) & set(new.game.searching):
            searching = self.searching_by(creator)
            if searching >= self.searching_per_address:
                raise TooMany(
                    f"this address has {searching} unfinished matches with a searching bot,"
                    " as many as one address may make"
                )
        match, tokens = await self.referee.create(new)
        return JSONResponse(self.presenter.created(match, dict(tokens)), status_code=201)

    async def listing(self, request: Request) -> Response:
        """The lobby's public matches with an open seat (``?open=1``), or the matches asked for
        by id (``?ids=A,B``, a browser's own), as summaries."""
        _no_token_in_address(request)
        query = request.query_params
        if set(query) == {"open"} and query["open"] == "1":
            ids: list[str] = list(await self.registry.store.listed(LISTED))
        elif set(query) == {"ids"}:
            ids = [part for part in query["ids"].split(",") if part]
            if len(ids) > LISTED:
                raise Malformed(f"ids: at most {LISTED} matches at once")
        else:
            raise Malformed("ask for ?open=1 (the lobby) or ?ids=A,B,... (matches by id)")
        found: list[Body] = []
        for match_id in ids:
            if not _MATCH_ID.fullmatch(match_id):
                continue
            try:
                async with self.registry.using(match_id) as match:
                    found.append(self.presenter.summary(match, self.hub.connected(match.id)))
            except (NotFound, Damaged):  # a damaged match is told of when asked for alone
                continue
        return JSONResponse({"matches": found})

    async def summary(self, request: Request) -> Response:
        """What anyone may know of a match."""
        _no_token_in_address(request)
        async with self.registry.using(_match_id(request)) as match:
            return JSONResponse(self.presenter.summary(match, self.hub.connected(match.id)))

    async def _view(self, match: Match, seat: int | None, token: str | None, since: int) -> Response:
        """The seat's view, with what it is told of the rematch."""
        told = await self._rematch_told(match, seat, token)
        return _json(self.presenter.view(match, seat, since, self.hub.connected(match.id), told))

    async def _rematch_told(self, match: Match, seat: int | None, token: str | None) -> Body | None:
        """What a seat is told of the rematch: its match, and its own token in it for a person's
        seat (the seat taken at once), nothing before there is one."""
        if match.rematch is None:
            return None
        if seat is not None and token is not None:
            mine = await self.referee.rematch_token(match, seat, token)
            if mine is not None:
                return {"match": mine[0], "token": mine[1]}
        return {"match": match.rematch.match}

    async def view(self, request: Request) -> Response:
        async with self.registry.using(_match_id(request)) as match:
            token = _bearer(request)
            seat = match.seat_of(token)
            return await self._view(match, seat, token, _since(request, match))

    async def move(self, request: Request) -> Response:
        async with self.registry.using(_match_id(request)) as match:
            seat, token = _player(request, match)
            seq, move = move_request(read_json(await _body(request)), match.game)
            await self.referee.play(match, seat, seq, move)
            return await self._view(match, seat, token, seq)

    async def take_back(self, request: Request) -> Response:
        async with self.registry.using(_match_id(request)) as match:
            seat, token = _player(request, match)
            seq = seq_request(read_json(await _body(request)))
            await self.referee.take_back(match, seat, seq)
            return await self._view(match, seat, token, seq)

    async def join(self, request: Request) -> Response:
        async with self.registry.using(_match_id(request)) as match:
            seat = _seat(request, match)
            if "authorization" in request.headers:
                raise Malformed("a seat is joined without a token: the answer gives its token")
            name = name_request(read_json(await _body(request)))
            token = await self.referee.join(match, seat, name)
            return JSONResponse({"match": match.id, "seat": seat, "token": token})

    async def leave(self, request: Request) -> Response:
        return await self._seat_change(request, self.referee.leave)

    async def come_back(self, request: Request) -> Response:
        return await self._seat_change(request, self.referee.come_back)

    async def _seat_change(
        self, request: Request, change: Callable[[Match, int], Awaitable[None]]
    ) -> Response:
        async with self.registry.using(_match_id(request)) as match:
            seat, token = _own_seat(request, match)
            nothing_request(read_json(await _body(request)))
            before = match.seq
            await change(match, seat)
            return await self._view(match, seat, token, before)

    async def resign(self, request: Request) -> Response:
        return await self._end(request, RESIGN)

    async def abort(self, request: Request) -> Response:
        return await self._end(request, ABORT)

    async def _end(self, request: Request, kind: str) -> Response:
        """A seat ends the match (resigns, or aborts it) at the ``seq`` it saw: the seat's view."""
        async with self.registry.using(_match_id(request)) as match:
            seat, token = _own_seat(request, match)
            seq = seq_request(read_json(await _body(request)))
            await self.referee.end(match, kind, seat, seq)
            return await self._view(match, seat, token, seq)

    async def cancel(self, request: Request) -> Response:
        """The creator cancels a match before it starts: the view of the seat its token opens."""
        async with self.registry.using(_match_id(request)) as match:
            seat, token = _player(request, match)
            nothing_request(read_json(await _body(request)))
            before = match.seq
            await self.referee.end(match, CANCEL, seat)
            return await self._view(match, seat, token, before)

    async def rematch(self, request: Request) -> Response:
        async with self.registry.using(_match_id(request)) as match:
            seat, token = _player(request, match)
            nothing_request(read_json(await _body(request)))
            new, mine = await self.referee.rematch(match, seat, token)
            return JSONResponse({"match": new, "token": mine})

    async def log(self, request: Request) -> Response:
        """A page of the match's log: ``limit`` entries from ``since`` on (see :func:`_limit`),
        read from the store, as far as this process has played them."""
        _no_token_in_address(request)
        async with self.registry.using(_match_id(request)) as match:
            since, limit = _since(request, match, 0), _limit(request)
            entries = await self.registry.store.entries(match.id, since, limit)
            return _json(self.presenter.log(match, [entry for entry in entries if entry.seq < match.seq]))

    async def record(self, request: Request) -> Response:
        _no_token_in_address(request)
        async with self.registry.using(_match_id(request)) as match:
            if not match.decided:
                raise Forbidden("the record is given once the game is over (or a seat resigned)")
            return Response(self.presenter.record(match), media_type="application/json")

    def _paced(self, request: Request) -> None:
        """Take one analysis or replay from the client address's bucket; :class:`TooFast` when empty."""
        wait = self.looks.take(request.client.host if request.client is not None else "")
        if wait > 0:
            raise TooFast(math.ceil(wait), self.analysis_per_minute, "analyses and replays from this address")

    async def replay(self, request: Request) -> Response:
        """The match as it stood after one of its entries (:mod:`~boardtable.server.replays`)."""
        self._paced(request)
        async with self.registry.using(_match_id(request)) as match:
            mine = match.seat_of(_bearer(request))
            replay = await match_replay(self.registry, self.cursors, match, mine, request.query_params)
            return JSONResponse(replay)

    async def record_replay(self, request: Request) -> Response:
        """A record posted, as it stood after some of its moves (:mod:`~boardtable.server.replays`)."""
        self._paced(request)
        played = named_game(request)
        _no_token_in_address(request)
        body = await _body(request, MAX_RECORD)
        return JSONResponse(await record_replay(played, body, request.query_params))

    async def analysis(self, request: Request) -> Response:
        """A position posted, its legal moves and a move tried (:mod:`~boardtable.server.analysis`)."""
        self._paced(request)
        played = named_game(request)
        _no_token_in_address(request)
        position, seat, move = analysis_request(read_json(await _body(request)))
        return JSONResponse(analyse(played, position, seat, move))

    async def picture(self, request: Request) -> Response:
        """The table as the token's seat sees it now; with ``at`` or ``seat``, as it stood after
        an entry, as a replay shows it (:mod:`~boardtable.server.pictures`, paced with ``at``)."""
        query = request.query_params
        if "at" in query:
            self._paced(request)
        async with self.registry.using(_match_id(request)) as match:
            mine = match.seat_of(_bearer(request))
            if "at" in query or "seat" in query:
                drawn = await match_picture(self.registry, self.cursors, self.presenter, match, mine, query)
            else:
                drawn = self.presenter.picture(match, mine)
            return Response(drawn, media_type="image/svg+xml")

    async def position_picture(self, request: Request) -> Response:
        """A position posted, drawn (:func:`~boardtable.server.analysis.picture`)."""
        self._paced(request)
        played = named_game(request)
        _no_token_in_address(request)
        position, seat = picture_request(read_json(await _body(request)))
        return Response(picture(played, position, seat), media_type="image/svg+xml")

    async def updates(self, socket: WebSocket) -> None:
        """The seat's WebSocket (:mod:`~boardtable.server.updates`), its match followed while it is open."""
        await socket.accept()
        try:
            async with self.registry.using(_match_id(socket)) as match:
                token = _socket_token(socket)
                seat = match.seat_of(token)
                since = _since(socket, match)
                told = partial(self._rematch_told, match, seat, token)
                await send_updates(socket, self.hub, self.presenter, match, seat, since, told)
        except GameError as exc:
            code = {NotFound: CLOSE_NOT_FOUND, Malformed: CLOSE_MALFORMED}.get(type(exc), CLOSE_FORBIDDEN)
            await socket.close(code, clip(str(exc), 120))


async def _no_such_socket(socket: WebSocket) -> None:
    """A WebSocket to an address that has none: closed with 4404."""
    await socket.accept()
    await socket.close(CLOSE_NOT_FOUND, "there is no WebSocket at this address")


def _cross_origin(origins: Sequence[str]) -> list[Middleware]:
    """CORS for ``origins`` (pages of other sites that may call the API): none by default."""
    if not origins:
        return []
    return [
        Middleware(
            CORSMiddleware,
            allow_origins=list(origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type"],
            max_age=600,
        )
    ]


def create_app(
    store: Store,
    notifier: Notifier | None = None,
    claims: Claims | None = None,
    keep: float = KEEP_SECONDS,
    allow_origins: Sequence[str] = (),
    bounds: Bounds = BOUNDS,
    engines: Mapping[str, str] = {},
) -> Starlette:
    """The ASGI application over ``store``: the API under ``/api`` and the web table at ``/``.

    ``notifier`` hears of other server processes' moves (one process: None); ``claims``
    says which process moves a match's bots (one process: :class:`~boardtable.server.claims.LocalClaims`);
    ``keep``: the seconds a match nothing uses stays followed; ``allow_origins``: the origins
    (``https://table.example``) whose pages may call the API (CORS), none by default;
    ``bounds``: what strangers may make the server spend (:class:`~boardtable.server.guard.Guard`
    keeps those of one client; the driver the bots' thinking; the sweeper the matches left);
    ``engines``: the operator's outside engines, ``{name: command}``, seat kinds of every
    game (:class:`~boardtable.server.engines.EngineSeats`), stopped with the server.
    """
    seats = EngineSeats(engines)
    registry = Registry(store, keep)
    referee = Referee(store, registry, bounds.changes_per_minute)
    driver = Driver(
        registry,
        referee,
        LocalClaims(store) if claims is None else claims,
        bounds.search_seconds,
        bounds.search_processes,
        seats,
    )
    sweeper = Sweeper(registry, referee, bounds.abandon_hours * 3600)
    hub = Hub()
    registry.on_moved(hub.moved)
    registry.on_moved(driver.wake)
    if notifier is not None:
        notifier.listen(registry.heard)
    api = _Api(
        registry,
        referee,
        hub,
        Presenter(),
        seats.names(),
        bounds.live_per_address,
        driver.searching_by,
        bounds.searching_per_address,
        bounds.analysis_per_minute,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await registry.start()
        driver.start()
        sweeper.start()
        try:
            yield
        finally:
            await sweeper.close()
            await driver.close()
            await asyncio.to_thread(seats.close_all)
            await registry.close()
            await store.close()

    # The API is a mount of its own, so that a path of it asked with another method is
    # refused as such (405), never looked for among the web table's files.
    api_routes = [
        Route("/matches", api.create, methods=["POST"]),
        Route("/matches", api.listing, methods=["GET"]),
        Route("/matches/{match}", api.summary, methods=["GET"]),
        Route("/matches/{match}/view", api.view, methods=["GET"]),
        Route("/matches/{match}/moves", api.move, methods=["POST"]),
        Route("/matches/{match}/takeback", api.take_back, methods=["POST"]),
        Route("/matches/{match}/seats/{seat}/join", api.join, methods=["POST"]),
        Route("/matches/{match}/seats/{seat}/leave", api.leave, methods=["POST"]),
        Route("/matches/{match}/seats/{seat}/return", api.come_back, methods=["POST"]),
        Route("/matches/{match}/seats/{seat}/resign", api.resign, methods=["POST"]),
        Route("/matches/{match}/seats/{seat}/abort", api.abort, methods=["POST"]),
        Route("/matches/{match}/cancel", api.cancel, methods=["POST"]),
        Route("/matches/{match}/rematch", api.rematch, methods=["POST"]),
        Route("/matches/{match}/log", api.log, methods=["GET"]),
        Route("/matches/{match}/record", api.record, methods=["GET"]),
        Route("/matches/{match}/picture", api.picture, methods=["GET"]),
        Route("/matches/{match}/replay", api.replay, methods=["GET"]),
        Route("/games/{game}/replay", api.record_replay, methods=["POST"]),
        Route("/games/{game}/analysis", api.analysis, methods=["POST"]),
        Route("/games/{game}/picture", api.position_picture, methods=["POST"]),
        *catalogue_routes(seats.names()),
        WebSocketRoute("/matches/{match}/updates", api.updates),
        WebSocketRoute("/{path:path}", _no_such_socket),
    ]
    app = Starlette(
        routes=[
            Mount("/api", routes=api_routes),
            WebSocketRoute("/{path:path}", _no_such_socket),
            Mount("/games/{game}", GameFiles()),
            Mount("/", StaticFiles(directory=STATIC, html=True, check_dir=False)),
        ],
        middleware=[
            *_cross_origin(allow_origins),
            Middleware(Guard, bounds=bounds),
        ],
        lifespan=lifespan,
        exception_handlers={GameError: _refused, HTTPException: _http_error, Exception: _last_resort},
    )
    app.state.registry = registry
    app.state.sweeper = sweeper
    app.state.engines = seats
    return app
