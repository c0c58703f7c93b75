"""``hadara connect``: one seat of a match on a ``hadara serve`` played by a local engine,
in a match of any game the server and this library know.

The seat's token opens its view (``GET …/view``: its position, INFO-1, and its legal
moves); when the seat is to act, the :class:`~boardtable.engines.EngineBot` host asks
the engine and posts its move with the view's ``seq`` (a ``409 stale`` answer: someone
moved meanwhile, so the view is read again and the engine asked again). Between its turns
it waits on the seat's WebSocket (``…/updates?token=TOKEN&since=SEQ``): a message that
carries the whole view is used as it is, any other makes it read the view.

A lost connection (the server restarting, the network) is tried again after a pause that
doubles from :data:`RETRY_SECONDS`'s first to its second, at most :data:`RETRIES` times
in a row; the WebSocket opens again ``since`` the last ``seq`` seen, so nothing is missed.
It stops when the match is over and gives the result, from the match's record replayed
here (every move checked): who resigned, if a seat did, the winners and each seat's points;
a match ended with no result (aborted, cancelled, abandoned) is said to be so. An answer
of the server is
read up to :data:`MOST_BYTES` (a WebSocket message up to the client's 1 MiB): a server
that sends more is refused, never read whole.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from functools import partial
from typing import IO, TypeVar

from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as open_socket

from ..errors import GameError
from ..games import AnyGame, UnknownGame, game
from ..reader import clip, label, shown
from .builtin import read_turn
from .host import DEFAULT_MS, EngineBot

__all__ = ["MOST_BYTES", "RETRIES", "RETRY_SECONDS", "ConnectError", "connect"]

#: Tries in a row to reach a server that does not answer, before giving up.
RETRIES = 20
#: Seconds before trying again: the first pause, doubled at each failure in a row up to the second.
RETRY_SECONDS = (0.25, 5.0)
#: Seconds to wait for an answer of the server, and on the WebSocket before reading the view anyway.
WAIT_SECONDS = 10.0
#: The most bytes of an answer read from the server (a view or a record is far less).
MOST_BYTES = 16 << 20
#: The most bytes of a refusal read from the server (its one line of message is far less).
MOST_REFUSAL_BYTES = 64 << 10
#: The WebSocket close codes that say the match cannot be followed (not found, forbidden, malformed).
_REFUSED = (4400, 4403, 4404)

_T = TypeVar("_T")
Document = dict[str, object]


class ConnectError(GameError):
    """A match that cannot be played from here: a refused token, an unknown match, or a
    server that stays unreachable."""


class _Lost(Exception):
    """The connection to the server was lost (it may come back)."""


class _Table:
    """One seat's side of a match on a server: its HTTP calls and its WebSocket."""

    def __init__(self, url: str, match: str, token: str) -> None:
        parts = urllib.parse.urlsplit(url.rstrip("/"))
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConnectError(f"expected the server's address, http://HOST:PORT, found {shown(url)}")
        self.base = f"{url.rstrip('/')}/api/matches/{urllib.parse.quote(match, safe='')}"
        self.socket_base = ("ws" if parts.scheme == "http" else "wss") + self.base[len(parts.scheme) :]
        self.token = token

    def call(self, path: str = "", body: Document | None = None, *, secret: bool = True) -> Document | None:
        """The server's JSON answer (None for ``409 stale``); :class:`ConnectError` for any
        other refusal, :class:`_Lost` when the server cannot be reached."""
        request = urllib.request.Request(
            self.base + path,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json"} if body is not None else {},
            method="GET" if body is None else "POST",
        )
        if secret:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as answer:
                answered = answer.read(MOST_BYTES + 1)
            if len(answered) > MOST_BYTES:
                raise ConnectError(f"the server answered more than {MOST_BYTES} bytes")
            return _document(answered)
        except urllib.error.HTTPError as exc:
            refusal = _document(exc.read(MOST_REFUSAL_BYTES))
            if exc.code == 409 and refusal.get("error") == "stale":
                return None
            if exc.code >= 500:
                raise _Lost(f"the server answered {exc.code}") from None
            raise ConnectError(
                f"the server refused: {clip(str(refusal.get('message', exc.reason)))}"
            ) from None
        except (OSError, ValueError) as exc:  # refused, reset, timed out, a half-read answer
            raise _Lost(clip(str(getattr(exc, "reason", exc)))) from None

    def view(self) -> Document:
        """The seat's view."""
        found = self.call("/view")
        assert found is not None  # a GET is never stale
        return found

    def summary(self) -> Document:
        """What anyone may know of the match (no token sent)."""
        found = self.call(secret=False)
        assert found is not None
        return found


def _document(body: bytes) -> Document:
    try:
        found = json.loads(body)
    except ValueError:
        found = None
    if not isinstance(found, dict):
        raise _Lost(f"the server answered {shown(body[:80].decode('utf-8', 'replace'))}, not a JSON object")
    return found


class _Updates:
    """The seat's WebSocket, opened when first waited on and again after it is lost."""

    def __init__(self, table: _Table) -> None:
        self._table = table
        self._socket: ClientConnection | None = None
        self._open = contextlib.ExitStack()

    def after(self, seq: object) -> Document:
        """The view once the match advanced past ``seq`` (or after :data:`WAIT_SECONDS` anyway):
        the message itself when it carries the whole view, read otherwise."""
        try:
            if self._socket is None:
                query = urllib.parse.urlencode({"token": self._table.token, "since": seq})
                address = f"{self._table.socket_base}/updates?{query}"
                self._socket = self._open.enter_context(
                    open_socket(address, open_timeout=WAIT_SECONDS, compression=None)
                )
            message = json.loads(self._socket.recv(timeout=WAIT_SECONDS))
        except TimeoutError:
            return self._table.view()
        except ConnectionClosed as exc:
            self.close()
            if exc.rcvd is not None and exc.rcvd.code in _REFUSED:
                raise ConnectError(f"the server closed the updates: {clip(exc.rcvd.reason)}") from None
            raise _Lost("the updates were closed") from None
        except (OSError, WebSocketException, ValueError) as exc:
            self.close()
            raise _Lost(clip(str(exc))) from None
        if isinstance(message, dict) and {"seat", "position", "legal"} <= message.keys():
            return message
        return self._table.view()

    def close(self) -> None:
        """Close the WebSocket (it opens again when next waited on)."""
        self._socket = None
        self._open.close()


def connect(url: str, match: str, token: str, command: str, out: IO[str], *, ms: int = DEFAULT_MS) -> int:
    """Play the seat that ``token`` opens in ``match`` on the server at ``url`` with the
    engine ``command`` (``ms`` milliseconds per decision) until the game is over, then write
    the result on ``out``. Returns 0; :class:`ConnectError` (one line) when it cannot."""
    table = _Table(url, match, token)
    view = _again(table.view)
    seat = view.get("seat")
    if type(seat) is not int:
        raise ConnectError("the token opens no seat of the match")
    name = _again(table.summary).get("game")
    try:
        played = game(name if isinstance(name, str) else shown(name))
    except UnknownGame as exc:
        raise ConnectError(f"the match's game: {exc}") from None
    updates = _Updates(table)
    with EngineBot(command, seat, f"{match}:{seat}", game=played, name="engine", ms=ms) as bot:
        try:
            while True:
                to_act = _seats(view.get("to_act"))
                if seat in to_act and view.get("legal"):
                    _, position, moves = read_turn(
                        played, {"seat": seat, "view": view.get("position"), "legal": view["legal"]}
                    )
                    body: Document = {"seq": view.get("seq"), "move": str(bot.choose(position, seat, moves))}
                    answer = _again(partial(table.call, "/moves", body))
                    view = answer if answer is not None else _again(table.view)  # None: stale, look again
                elif not to_act and _again(table.summary).get("over"):
                    break
                else:
                    view = _again(partial(updates.after, view.get("seq")))
        finally:
            updates.close()
    _say_result(played, table, seat, out)
    return 0


def _again(call: Callable[[], _T]) -> _T:
    """``call()``, tried again after a lost connection (see the module)."""
    pause = RETRY_SECONDS[0]
    for tries in range(1, RETRIES + 1):
        try:
            return call()
        except _Lost as exc:
            if tries == RETRIES:
                raise ConnectError(
                    f"the server cannot be reached ({exc}); gave up after {RETRIES} tries"
                ) from None
            time.sleep(pause)
            pause = min(pause * 2, RETRY_SECONDS[1])
    raise AssertionError("unreachable")  # pragma: no cover


def _seats(to_act: object) -> list[int]:
    return [seat for seat in to_act if type(seat) is int] if isinstance(to_act, list) else []


#: The states of a match that ended with no result (no record).
_NO_RESULT = ("aborted", "cancelled", "abandoned")


def _say_result(played: AnyGame, table: _Table, seat: int, out: IO[str]) -> None:
    """The winners and each seat's points, from the match's record replayed (every move
    checked, so a server cannot claim a result its moves do not give); who resigned, if a
    seat did. A match ended with no result has no record: its state is said."""
    summary = _again(table.summary)
    if summary.get("state") in _NO_RESULT:
        out.write(f"match {label(summary.get('match'))}: {summary['state']}, with no result\n")
        out.flush()
        return
    seats = summary.get("seats")
    names = {
        entry.get("seat"): entry.get("name")
        for entry in (seats if isinstance(seats, list) else ())
        if isinstance(entry, dict)
    }
    text = json.dumps(_again(partial(table.call, "/record", secret=False)))
    options, moves, _ = played.read_record(text)
    resigned = played.record_resigned(text)
    state = played.new(options)
    for move in moves:
        state = played.play(state, move)[0]
    if resigned is None and not played.is_over(state):
        raise ConnectError(f"the match's record ends after {len(moves)} moves, before the game's end")
    scores = played.totals(state)
    others = [player for player in range(len(scores)) if player != resigned]
    winners = set(played.winners(state) if resigned is None else played.winners_among(state, others))
    ended = "" if resigned is None else f", player {resigned} resigned"
    out.write(f"match {summary.get('match')}: over after {len(moves)} moves{ended}\n")
    for player, total in enumerate(scores):
        you = " (you)" if player == seat else ""
        won = ", winner" if player in winners else ""
        out.write(f"player {player} {names.get(player, '')}{you}: {total} points{won}\n")
    out.flush()
