"""Updates pushed to the WebSockets: who is told that a match moved.

A :class:`Notifier` carries "match M is at ply N" to every server process that
may have a client of M (in one process, :class:`LocalNotifier` calls its
listeners directly; a notifier across processes implements the same two
methods). The match service hears it, brings its position of M up to ply N,
and tells the :class:`Hub`, which wakes the WebSockets of M; each then sends
its seat the events since the ply it last sent, as one message. A client never
has more than one message waiting to be built: updates that arrive while it is
being sent to are coalesced into the next message, so a slow client costs no
memory and holds up nobody. A client that takes too long to take a message is
closed, and reconnects asking the view ``since`` the last ply it saw.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

__all__ = ["Hub", "Listener", "LocalNotifier", "Notifier", "Subscription"]

Listener = Callable[[str, int], None]


class Notifier(Protocol):
    """Tells the listening processes that a match reached a ply."""

    async def publish(self, match: str, ply: int) -> None:
        """Every listener (in every process) hears ``(match, ply)``."""
        ...

    def listen(self, listener: Listener) -> None:
        """Call ``listener(match, ply)`` for every update published from now on."""
        ...


class LocalNotifier:
    """A notifier within one process."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    async def publish(self, match: str, ply: int) -> None:
        """Call every listener of this process."""
        for listener in self._listeners:
            listener(match, ply)

    def listen(self, listener: Listener) -> None:
        """Add ``listener``."""
        self._listeners.append(listener)


class Subscription:
    """One WebSocket's interest in a match: set when the match moves, cleared by the sender."""

    def __init__(self) -> None:
        self.moved = asyncio.Event()


class Hub:
    """The subscriptions of this process, by match."""

    def __init__(self) -> None:
        self._by_match: dict[str, set[Subscription]] = {}
        #: The last ply each subscribed match was told to have reached.
        self._reached: dict[str, int] = {}

    def moved(self, match: str, ply: int) -> None:
        """The position of ``match`` in this process reached ``ply``: wake its WebSockets,
        once per ply however many times it is told (a sender woken sends whatever is new)."""
        subscriptions = self._by_match.get(match)
        if not subscriptions or ply <= self._reached.get(match, -1):
            return
        self._reached[match] = ply
        for subscription in subscriptions:
            subscription.moved.set()

    @contextmanager
    def subscribe(self, match: str) -> Iterator[Subscription]:
        """A subscription to ``match`` for the time of the ``with`` block."""
        subscription = Subscription()
        self._by_match.setdefault(match, set()).add(subscription)
        try:
            yield subscription
        finally:
            subscribers = self._by_match[match]
            subscribers.discard(subscription)
            if not subscribers:
                del self._by_match[match]
                self._reached.pop(match, None)
