"""Which server process moves a match's bots: :class:`Claims`, and :class:`LocalClaims` for one process.

Exactly one process moves the bots of a match at a time: before its bots move, a
process claims the match, and only the process holding the claim moves them. A
claim is held until the game is over or the process ends; a process whose claim
died with it leaves the match to whichever process claims it next (they look
every :attr:`Claims.every` seconds). One process alone holds every claim
(:class:`LocalClaims`); several processes on PostgreSQL claim through advisory
locks (:class:`~hadara_rules.server.postgres.PostgresClaims`).
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["Claims", "LocalClaims"]


class Claims(Protocol):
    """Which matches' bots this process moves."""

    #: Seconds between two looks for matches whose bots nobody moves; None: no other process moves any.
    @property
    def every(self) -> float | None: ...

    async def claim(self, match: str) -> bool:
        """Whether this process moves the bots of ``match``, claiming it if nobody holds it."""
        ...

    async def release(self, match: str) -> None:
        """Give up the claim of ``match`` (its game is over)."""
        ...


class LocalClaims:
    """The claims of a server that is the only process on its store: it holds them all."""

    every: float | None = None

    async def claim(self, match: str) -> bool:
        """Always: no other process moves a bot."""
        return True

    async def release(self, match: str) -> None:
        """Nothing to give up."""
