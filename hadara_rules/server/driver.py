"""The driver: moves the bots of the matches this process holds the claim of.

Bots to act move by themselves at once, one after another (several may be to
act in a simultaneous round), each thinking in a thread of a small pool so
that the event loop keeps serving, and their moves are played like anyone's
(:meth:`~hadara_rules.server.referee.Referee.play`). A process that claims a
match follows it until its game is over
(:meth:`~hadara_rules.server.registry.Registry.using`): it must hear of every
move to know when a bot is to act. A bot's move the store fails to keep (a full
disk, a database restarting) is played again after a pause, so that the match
goes on once writing works again, without a restart.

The driver is woken whenever a followed match advances; it also looks for
orphans (unfinished matches with bots whose claim nobody holds,
:mod:`~hadara_rules.server.claims`) when the server starts, and every
``claims.every`` seconds where other processes may die.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging

from ..games import HadaraError
from .claims import Claims
from .match import Match
from .referee import Referee, Stale
from .registry import Registry
from .store import StoreError

__all__ = ["RETRY_SECONDS", "SEARCH_SECONDS", "Driver"]

#: Wall-clock seconds the search bot thinks per decision at most.
SEARCH_SECONDS = 1.0
#: Seconds a driver waits before it plays a bot's move again that the store failed to keep:
#: the first wait, doubled at each failure in a row up to the second.
RETRY_SECONDS = (0.5, 30.0)
#: Threads the bots think in (the event loop is never one of them).
_THINKERS = 2

_log = logging.getLogger("hadara.server")


class Driver:
    """Moves bots (see the module)."""

    def __init__(self, registry: Registry, referee: Referee, claims: Claims) -> None:
        self._registry = registry
        self._referee = referee
        self._claims = claims
        self._thinkers = concurrent.futures.ThreadPoolExecutor(_THINKERS, thread_name_prefix="hadara-bot")
        #: The task moving each claimed match's bots, until its game is over.
        self._driving: dict[str, asyncio.Task[None]] = {}
        #: Set whenever a match being driven advances.
        self._woken: dict[str, asyncio.Event] = {}
        self._looking: asyncio.Task[None] | None = None
        self._closed = False

    def start(self) -> None:
        """Look for orphans now (and every ``claims.every`` seconds, where it is set)."""
        self._looking = asyncio.get_running_loop().create_task(self._look_for_orphans())

    async def close(self) -> None:
        """Stop moving bots."""
        self._closed = True
        tasks = list(self._driving.values())
        if self._looking is not None:
            tasks.append(self._looking)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._thinkers.shutdown(wait=True, cancel_futures=True)

    def wake(self, match: Match) -> None:
        """``match`` advanced (or was made): if bots play it, they move here once this process
        holds its claim (the first wake tries to claim it)."""
        if self._closed:
            return
        woken = self._woken.get(match.id)
        if woken is not None:
            woken.set()
        elif not match.over and any(seat.token_hash is None for seat in match.seats):
            self._drive(match.id)

    def _drive(self, match_id: str) -> None:
        self._woken[match_id] = asyncio.Event()
        task = asyncio.get_running_loop().create_task(self._move_bots(match_id))
        self._driving[match_id] = task
        task.add_done_callback(lambda _: self._stopped(match_id))

    def _stopped(self, match_id: str) -> None:
        self._driving.pop(match_id, None)
        self._woken.pop(match_id, None)

    async def _move_bots(self, match_id: str) -> None:
        """Claim the match, and follow it until its game is over: whenever a bot is to act, it
        thinks in a thread and its move is played like anyone's; then give up the claim."""
        loop = asyncio.get_running_loop()
        woken = self._woken[match_id]
        pause = RETRY_SECONDS[0] / 2
        try:
            if not await self._claims.claim(match_id):
                return  # another process moves them
            async with self._registry.using(match_id) as match:
                while not match.over:
                    woken.clear()
                    seat = _bot_to_act(match)
                    if seat is None:
                        await woken.wait()
                        continue
                    if not await self._claims.claim(match_id):
                        return  # the claim was lost with its connection, and taken by another process
                    state, seq = match.state, match.seq
                    bot = match.bots.get(seat)
                    if bot is None:
                        kind = match.seats[seat].kind
                        bot = match.bots[seat] = match.game.bot(kind, f"{match_id}:{seat}", SEARCH_SECONDS)
                    move = await loop.run_in_executor(self._thinkers, bot.choose, state, seat)
                    try:
                        await self._referee.play(match, seat, seq, move)
                    except Stale:
                        continue  # someone moved meanwhile: think again about the new position
                    except StoreError as exc:  # a full disk, a database restarting: try again
                        pause = min(pause * 2, RETRY_SECONDS[1])
                        _log.warning(
                            "match %s: a bot's move was not stored (%s); again in %g s", match_id, exc, pause
                        )
                        await asyncio.sleep(pause)
                        continue
                    pause = RETRY_SECONDS[0] / 2
            await self._claims.release(match_id)
        except HadaraError:
            _log.exception("match %s: its bots cannot move", match_id)

    async def _look_for_orphans(self) -> None:
        """Claim the orphans' bots: once, and every ``claims.every`` seconds where it is set."""
        while True:
            try:
                for match_id in await self._claims.orphans():
                    if match_id not in self._driving and not self._closed:
                        self._drive(match_id)
            except StoreError:
                _log.exception("cannot look for matches whose bots nobody moves")
            if self._claims.every is None:
                return
            await asyncio.sleep(self._claims.every)


def _bot_to_act(match: Match) -> int | None:
    """The first seat to act that a bot plays."""
    return next((seat for seat in match.to_act if match.seats[seat].token_hash is None), None)
