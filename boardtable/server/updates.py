"""The WebSocket of a seat (or a spectator): what is new, sent whenever its match moves.

``WS /api/matches/ID/updates?token=TOKEN&since=SEQ``: once open, the socket is
sent a first message at once (the seat's view with the events from ``since``, or
none when it is left out or is the match's ``seq``), then the view again with the
events of the entries it has not been sent whenever the match moves or a seat
connects or disconnects, until the client goes away. The match is followed by
this process for as long as the socket is open. A client that takes more than
:data:`SEND_SECONDS` to take a message is closed (4408), and reconnects asking
``since`` the last ``seq`` it saw. The text a client sends is read and ignored; a
binary frame closes the socket (4400).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..reader import clip
from .hub import Hub
from .match import Match
from .present import Body, Presenter

__all__ = [
    "CLOSE_FORBIDDEN",
    "CLOSE_MALFORMED",
    "CLOSE_NOT_FOUND",
    "CLOSE_TOO_SLOW",
    "SEND_SECONDS",
    "send_updates",
]

#: Seconds a WebSocket client may take to receive one message before it is closed.
SEND_SECONDS = 10.0
#: The close codes: a malformed request, a wrong token, no such match, too slow a client.
CLOSE_MALFORMED, CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_TOO_SLOW = 4400, 4403, 4404, 4408


async def send_updates(
    socket: WebSocket,
    hub: Hub,
    presenter: Presenter,
    match: Match,
    seat: int | None,
    since: int,
    rematch: Callable[[], Awaitable[Body | None]],
) -> None:
    """Send ``seat`` its view with what is new of ``match`` from entry ``since`` on, whenever it
    moves or a seat's presence changes, until the client goes away (the socket accepted
    already); ``rematch`` says what the seat is told of the match's rematch."""
    with hub.subscribe(match.id, seat) as subscription:
        moved = subscription.moved
        closed = asyncio.ensure_future(_until_closed(socket, moved))
        sent = since - 1  # a first message on every open, even with nothing new
        presence = -1
        try:
            while not closed.done():
                moved.clear()
                if match.seq > sent or hub.presence(match.id) != presence:
                    presence = hub.presence(match.id)
                    told = await rematch()
                    current = match.seq  # the message is made now, up to this entry
                    message = presenter.view(match, seat, max(sent, since), hub.connected(match.id), told)
                    try:
                        async with asyncio.timeout(SEND_SECONDS):
                            await socket.send_text(message.decode())
                    except TimeoutError:
                        reason = "too slow: reconnect and ask the view since your last seq"
                        await socket.close(CLOSE_TOO_SLOW, clip(reason, 120))
                        return
                    sent = current
                    continue
                await moved.wait()
        except WebSocketDisconnect:
            pass  # the client went away while a message was being sent
        finally:
            closed.cancel()


async def _until_closed(socket: WebSocket, moved: asyncio.Event) -> None:
    """Read (and ignore) the text the client sends until it goes away; a binary frame, which
    no client of the contract sends, closes the socket (4400). Then wake the sender."""
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("bytes") is not None:
                await socket.close(CLOSE_MALFORMED, "a client sends text only")
                return
    finally:
        moved.set()
