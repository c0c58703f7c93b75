"""WebSockets as ``hadara serve`` reads them: uvicorn's sans-I/O protocol (the ``websockets``
library's), which parses what a client sends only as far as the app reads it.

uvicorn parses every frame of what arrives at once (up to 256 KiB a read: some 37,000
one-byte messages) in one turn of the event loop, and queues them all for the app; and once
the app has closed a socket, it goes on parsing whatever the client sends until the client's
close reply comes, for up to 10 seconds. A client sending messages as fast as it can made the
server parse for as long, though the app closes its socket after a burst of
:attr:`~boardtable.server.limits.Bounds.messages_per_second` (1008,
:class:`~boardtable.server.guard.Guard`): the honest players' requests waited behind it
(``benchmarks/attack.py --attack messages``). So :class:`Sockets`:

- parses at most :data:`SLICE` bytes at a time, and only while the app has fewer than
  :data:`BACKLOG` messages waiting; the rest waits unparsed, reading paused, until the app
  reads (so what a client sends costs the server no more than the app reads of it);
- once the app has closed the socket, parses at most :data:`CLOSING_BYTES` more (room for the
  client's close reply); then it reads no more, and the connection is closed by uvicorn's
  close timeout (10 seconds), or when the client closes it.
"""

from __future__ import annotations

from uvicorn._types import ASGIReceiveEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["BACKLOG", "CLOSING_BYTES", "SLICE", "Sockets"]

#: Bytes of a client's data parsed at a time: at most some 35 one-byte messages (a larger
#: message is parsed over several slices).
SLICE = 256
#: Messages the app may have waiting unread before the rest of what arrived waits unparsed.
BACKLOG = 8
#: Bytes parsed after the app closed the socket, for the client's close reply (8 KiB, some
#: 900 messages of a client that floods, was most of what each of its sockets cost when it
#: opened one after another).
CLOSING_BYTES = SLICE


class Sockets(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, parsing no further ahead of the app than this
    module's docstring says."""

    #: What arrived and is not parsed yet, from ``_at`` on.
    _unparsed = b""
    _at = 0
    #: Bytes parsed since the app closed the socket.
    _after_close = 0

    def data_received(self, data: bytes) -> None:
        if self._at < len(self._unparsed):
            self._unparsed = self._unparsed[self._at :] + data
        else:
            self._unparsed = data
        self._at = 0
        self._parse()

    async def receive(self) -> ASGIReceiveEvent:
        message = await self.queue.get()
        self._parse()
        if self.read_paused and self.queue.empty() and self._at >= len(self._unparsed):
            self.read_paused = False
            self.transport.resume_reading()
        return message

    def _parse(self) -> None:
        """Parse what waits, a slice at a time, while the app keeps up and the socket is open
        (or closing, within :data:`CLOSING_BYTES`); pause reading while some is left."""
        while self._at < len(self._unparsed) and not self.transport.is_closing():
            if self.close_sent:
                if self._after_close >= CLOSING_BYTES:
                    self._unparsed, self._at = b"", 0  # read no more: the close timeout ends it
                    self.transport.pause_reading()
                    return
            elif self.queue.qsize() >= BACKLOG:
                break
            piece = self._unparsed[self._at : self._at + SLICE]
            self._at += len(piece)
            if self.close_sent:
                self._after_close += len(piece)
            super().data_received(piece)
        if self._at < len(self._unparsed) and not self.read_paused:
            self.read_paused = True
            self.transport.pause_reading()
