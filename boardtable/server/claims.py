"""Which server process moves a match's bots: :class:`Claims`, and :class:`LocalClaims` for one process.

Exactly one process moves the bots of a match at a time: before its bots move, a
process claims the match, and only the process holding the claim moves them. A
claim is held until the game is over or the process ends; a process whose claim
died with it leaves the match an orphan, which whichever process looks next
claims (they look every :attr:`Claims.every` seconds, asking the store for the
orphans alone, so that looking costs nothing per match). One process alone
holds every claim (:class:`LocalClaims`: it looks once, when it starts); several
processes on PostgreSQL claim through advisory locks
(:class:`~boardtable.server.postgres.PostgresClaims`).
"""

from __future__ import annotations

from typing import Protocol

from .store import Store

__all__ = ["Claims", "LocalClaims"]


class Claims(Protocol):
    """Which matches' bots this process moves."""

    #: Seconds between two looks for orphans; None: only once, when the server starts.
    @property
    def every(self) -> float | None: ...

    async def claim(self, match: str) -> bool:
        """Whether this process moves the bots of ``match``, claiming it if nobody holds it."""
        ...

    async def release(self, match: str) -> None:
        """Give up the claim of ``match`` (its game is over)."""
        ...

    async def orphans(self) -> tuple[str, ...]:
        """The unfinished driven matches (:meth:`~boardtable.server.store.Store.driven`) whose
        claim nobody holds, oldest first."""
        ...


class LocalClaims:
    """The claims of a server that is the only process on its store: it holds them all."""

    every: float | None = None

    def __init__(self, store: Store) -> None:
        self._store = store

    async def claim(self, match: str) -> bool:
        """Always: no other process moves a bot."""
        return True

    async def release(self, match: str) -> None:
        """Nothing to give up."""

    async def orphans(self) -> tuple[str, ...]:
        """Every unfinished driven match: when the server starts, nobody drives them."""
        return await self._store.driven()
