"""The search processes' turns, shared fairly by the address that created each match.

A searching bot's decision thinks in one of a few processes
(:mod:`~boardtable.server.driver`). At most as many decisions as there are
processes think at once (:class:`Turns`); the others wait, in a queue per
creating address (the digest the store keeps with each match's settings), and
the addresses are served in turn, one decision each (:class:`RoundRobin`). So an
address with two hundred searching matches gets the same share of the processes
as one with a single match: a decision waits behind at most one decision of each
other address with searching work (and the ones thinking already), however many
matches each has.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator
from typing import Generic, TypeVar

__all__ = ["RoundRobin", "Turns"]

T = TypeVar("T")


class RoundRobin(Generic[T]):
    """Items waiting in a queue per key; :meth:`pop` serves the keys in turn, the first item
    of each. A key that comes with its first item waits behind every key waiting already."""

    def __init__(self) -> None:
        #: The queue of each key with an item waiting, in the keys' order of turn.
        self._waiting: dict[str, deque[T]] = {}

    def __len__(self) -> int:
        """How many keys have an item waiting."""
        return len(self._waiting)

    def push(self, key: str, item: T) -> None:
        """``item`` waits behind the others of ``key``."""
        self._waiting.setdefault(key, deque()).append(item)

    def pop(self) -> T:
        """The first item of the key whose turn it is (:class:`IndexError` when none waits);
        that key's turn comes again after every other key's, if it has more."""
        if not self._waiting:
            raise IndexError("no item is waiting")
        key = next(iter(self._waiting))
        queue = self._waiting.pop(key)
        item = queue.popleft()
        if queue:
            self._waiting[key] = queue  # to the end of the turn
        return item

    def discard(self, key: str, item: T) -> None:
        """``item`` of ``key`` waits no more (if it was waiting)."""
        queue = self._waiting.get(key)
        if queue is None or item not in queue:
            return
        queue.remove(item)
        if not queue:
            del self._waiting[key]


class Turns:
    """At most ``slots`` holders at once; the others wait their turn, by key (see the module)."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError("turns need at least one slot")
        #: The slots nobody holds.
        self._free = slots
        #: The holders waiting for a slot, by key.
        self._waiting: RoundRobin[asyncio.Future[None]] = RoundRobin()

    @contextlib.asynccontextmanager
    async def turn(self, key: str) -> AsyncIterator[None]:
        """Hold a slot for the time of the ``with`` block, once ``key``'s turn has come."""
        if self._free and not self._waiting:
            self._free -= 1
        else:
            granted = asyncio.get_running_loop().create_future()
            self._waiting.push(key, granted)
            try:
                await granted
            except asyncio.CancelledError:
                if granted.cancelled():  # (a slot passes over it, should it come first)
                    self._waiting.discard(key, granted)
                else:  # the slot came as the wait was cancelled: it goes to the next one
                    self._release()
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        """A slot is free: the next holder waiting takes it (one whose wait was cancelled
        already is passed over), or it stays free."""
        while self._waiting:
            granted = self._waiting.pop()
            if not granted.done():
                granted.set_result(None)
                return
        self._free += 1
