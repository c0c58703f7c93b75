"""Ending the matches nobody plays: unfinished, with nothing stored for ``abandon_hours``.

A person who walks away from a match without a clock leaves it unfinished for
ever; so does a lobby match nobody joins. Every :data:`SWEEP_SECONDS` the
sweeper asks the store for the unfinished matches untouched for longer than the
server's ``abandon_hours`` (:class:`~boardtable.server.limits.Bounds`) (a few at a time, oldest first) and stores their end:
each is ``abandoned`` (its summary says so, nobody moves in it, its bots stop,
it leaves the lobby), so that what strangers leave behind does not pile up in
the driver or the lobby. With several processes, each sweeps; the store lets
one of them end each match.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from ..games import GameError
from .referee import Referee
from .registry import NotFound, Registry

__all__ = ["SWEEP_SECONDS", "Sweeper"]
#: Seconds between two sweeps.
SWEEP_SECONDS = 60.0
#: The most matches one sweep ends.
_PER_SWEEP = 100

_log = logging.getLogger("hadara.server")


class Sweeper:
    """Abandons the matches nobody plays (see the module)."""

    def __init__(self, registry: Registry, referee: Referee, after: float) -> None:
        self._registry = registry
        self._referee = referee
        self._after = after
        self._task: asyncio.Task[None] | None = None

    def start(self, every: float = SWEEP_SECONDS) -> None:
        """Sweep now, and every ``every`` seconds."""
        self._task = asyncio.get_running_loop().create_task(self._sweeping(every))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def sweep(self) -> int:
        """Abandon the matches untouched for too long now: how many."""
        before = time.time() - self._after
        ended = 0
        for match_id in await self._registry.store.untouched(before, _PER_SWEEP):
            try:
                async with self._registry.using(match_id) as match:
                    await self._referee.abandon(match, before)
                    ended += match.abandoned
            except (NotFound, GameError) as exc:  # a damaged match, a store failing: next time
                _log.warning("match %s cannot be abandoned now: %s", match_id, exc)
        return ended

    async def _sweeping(self, every: float) -> None:
        while True:
            await self.sweep()
            await asyncio.sleep(every)
