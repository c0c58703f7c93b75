"""Who is told that a match moved: the :class:`Hub` of this process's WebSockets, and the
:class:`Notifier` that hears of other processes' moves.

A move stored by this process is told to the hub once, by the registry, as its
match advances. A :class:`Notifier` hears the moves other server processes
store on the same database ("match M holds N entries"; PostgreSQL's is
:class:`~boardtable.server.postgres.PostgresNotifier`), and the registry
catches up the matches it follows (:meth:`~boardtable.server.registry.Registry.heard`),
ignoring the rest. The hub wakes the WebSockets of a match whenever it advances; each
then sends its seat what is new as one message (:mod:`~boardtable.server.updates`),
and again when a seat connects or disconnects (presence is this process's: with
several processes, a seat connected to another one shows as not connected here).
A client never has more than one message waiting to be built: updates that
arrive while it is being sent to are coalesced into the next message, so a slow
client costs no memory and holds up nobody.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from .match import Match
from .store import Entry

__all__ = ["Heard", "Hub", "Notifier", "Subscription"]

#: Told that a match (by id) holds a number of entries, and the last of them where the notice
#: carries it.
Heard = Callable[[str, int, Entry | None], None]


class Notifier(Protocol):
    """Hears of the entries other server processes store on the same database."""

    def listen(self, heard: Heard) -> None:
        """Call ``heard(match, seq, entry)`` for every entry stored from now on (by any process):
        the match holds ``seq`` entries, of which ``entry`` (when the notice carries it) is the last."""
        ...


class Subscription:
    """One WebSocket's interest in a match, for a seat (None: a spectator): set when the match
    moves or a seat's presence changes, cleared by the sender."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.moved = asyncio.Event()


class Hub:
    """The subscriptions of this process, by match; a seat is connected while one is open."""

    def __init__(self) -> None:
        self._by_match: dict[str, set[Subscription]] = {}
        #: How many times each match's presence changed, so that senders notice it.
        self._presence: dict[str, int] = {}

    def moved(self, match: Match) -> None:
        """``match`` advanced: wake its WebSockets."""
        self._wake(match.id)

    def _wake(self, match: str) -> None:
        for subscription in self._by_match.get(match, ()):
            subscription.moved.set()

    def connected(self, match: str) -> frozenset[int]:
        """The seats of ``match`` with a WebSocket open on this process."""
        return frozenset(s.seat for s in self._by_match.get(match, ()) if s.seat is not None)

    def presence(self, match: str) -> int:
        """A number that changes whenever a seat of ``match`` connects or disconnects."""
        return self._presence.get(match, 0)

    @contextmanager
    def subscribe(self, match: str, seat: int | None = None) -> Iterator[Subscription]:
        """A subscription to ``match`` for ``seat`` for the time of the ``with`` block; the
        match's other sockets are told when the seat connects and disconnects."""
        subscription = Subscription(seat)
        before = self.connected(match)
        self._by_match.setdefault(match, set()).add(subscription)
        self._presence_changed(match, before)
        try:
            yield subscription
        finally:
            before = self.connected(match)
            subscribers = self._by_match[match]
            subscribers.discard(subscription)
            if not subscribers:
                del self._by_match[match]
                self._presence.pop(match, None)
            else:
                self._presence_changed(match, before)

    def _presence_changed(self, match: str, before: frozenset[int]) -> None:
        if self.connected(match) != before:
            self._presence[match] = self.presence(match) + 1
            self._wake(match)
