"""The driver: moves the bots and runs the clocks of the matches this process holds the claim of.

Bots to act move by themselves at once, one after another (several may be to
act in a simultaneous round), never on the event loop: a searching bot
(:attr:`~boardtable.games.Game.searching`) thinks in a small pool of
processes at a lower priority than the server's (:data:`SEARCH_NICENESS`), for
at most ``search_seconds`` a decision, every other bot in a thread of its own,
so that no search delays a quick bot's answer or the server's.
The search processes are shared fairly by the address that created each match
(:mod:`~boardtable.server.turns`): a decision waits behind at most one decision
of each other address with searching work, however many matches it made; and
:meth:`Driver.searching_by` counts the matches with a searching bot that each
address made, for the bound of a new one. The bots' moves are played like
anyone's (:meth:`~boardtable.server.referee.Referee.play`). A person's seat that is
away (its person left, or ran out of time) is played by its game's stand-in bot.
When a running clock's bank runs out, the driver stores the timeout, and the
stand-in plays the seat from then on: deadlines are kept here, never by a client. A process that claims a
match follows it until its game is over
(:meth:`~boardtable.server.registry.Registry.using`): it must hear of every
move to know when a bot is to act. A bot's move the store fails to keep (a full
disk, a database restarting) is played again after a pause, so that the match
goes on once writing works again, without a restart.

The driver is woken whenever a followed match advances; it also looks for
orphans (unfinished matches with bots whose claim nobody holds,
:mod:`~boardtable.server.claims`) when the server starts, and every
``claims.every`` seconds where other processes may die.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import time
from collections import Counter
from functools import partial
from typing import Any

from ..games import Decider, GameError, game
from .claims import Claims
from .engines import EngineSeat, EngineSeats
from .limits import BOUNDS
from .match import AWAY, Match
from .referee import Referee, Stale
from .registry import Registry
from .store import StoreError
from .turns import Turns

__all__ = ["RETRY_SECONDS", "SEARCH_NICENESS", "Driver", "search_pool"]

#: How much lower the search processes' priority is than the server's (``nice``): a search
#: thinks for its second on whatever CPU the server leaves, so that on a machine with as many
#: cores as search processes the players' requests are not kept waiting behind the searches
#: (``benchmarks/attack.py --attack search``).
SEARCH_NICENESS = 10
#: Seconds a driver waits before it plays a bot's move again that the store failed to keep:
#: the first wait, doubled at each failure in a row up to the second.
RETRY_SECONDS = (0.5, 30.0)

_log = logging.getLogger("hadara.server")


class Driver:
    """Moves bots (see the module)."""

    def __init__(
        self,
        registry: Registry,
        referee: Referee,
        claims: Claims,
        search_seconds: float = BOUNDS.search_seconds,
        search_processes: int = BOUNDS.search_processes,
        engines: EngineSeats | None = None,
    ) -> None:
        #: The operator's outside engines (``hadara serve --engine``), seat kinds of every game.
        self._engines = EngineSeats({}) if engines is None else engines
        self._registry = registry
        self._referee = referee
        self._claims = claims
        self._search_seconds = search_seconds
        self._search_processes = search_processes
        self._searching = search_pool(search_processes)
        #: Who thinks next in the search processes: the creating addresses in turn.
        self._turns = Turns(search_processes)
        #: The creator of each match driven here with a searching bot's seat, and how many
        #: such matches each creator has.
        self._creators: dict[str, str] = {}
        self._searchers: Counter[str] = Counter()
        self._quick = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="hadara-bot")
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
        for pool in (self._searching, self._quick):
            pool.shutdown(wait=True, cancel_futures=True)

    def wake(self, match: Match) -> None:
        """``match`` advanced (or was made): if bots play it, they move here once this process
        holds its claim (the first wake tries to claim it)."""
        if self._closed:
            return
        woken = self._woken.get(match.id)
        if woken is not None:
            woken.set()
        elif match.driven(match.seats, match.over):
            self._drive(match.id)
            self._note(match)

    def searching_by(self, creator: str) -> int:
        """How many of the matches whose bots move here, ``creator`` made with a seat of a
        searching bot (a new match is counted as soon as it is made here)."""
        return self._searchers[creator]

    def _note(self, match: Match) -> None:
        """Count ``match`` by its creator while it is driven here, if a searching bot plays a seat."""
        if match.id not in self._creators and any(s.kind in match.game.searching for s in match.seats):
            self._creators[match.id] = match.settings.creator
            self._searchers[match.settings.creator] += 1

    def _drive(self, match_id: str) -> None:
        self._woken[match_id] = asyncio.Event()
        task = asyncio.get_running_loop().create_task(self._move_bots(match_id))
        self._driving[match_id] = task
        task.add_done_callback(lambda _: self._stopped(match_id))

    def _stopped(self, match_id: str) -> None:
        self._driving.pop(match_id, None)
        self._woken.pop(match_id, None)
        creator = self._creators.pop(match_id, None)
        if creator is not None:
            self._searchers[creator] -= 1
            if not self._searchers[creator]:
                del self._searchers[creator]

    async def _move_bots(self, match_id: str) -> None:
        """Claim the match, and follow it while it needs a driver (until its game is over, or
        no bot plays it and no clock runs): whenever a bot is to act, it thinks off the loop and
        its move is played like anyone's; a clock that runs out is stored as a timeout. Then
        give up the claim."""
        woken = self._woken[match_id]
        try:
            if not await self._claims.claim(match_id):
                return  # another process moves them
            async with self._registry.using(match_id) as match:
                self._note(match)  # an orphan, known from now on
                try:
                    held = await self._follow(match, woken)
                finally:
                    await self._close_engines(match)
            if held:
                await self._claims.release(match_id)
        except GameError:
            _log.exception("match %s: its bots cannot move", match_id)

    async def _follow(self, match: Match, woken: asyncio.Event) -> bool:
        """Move the bots of ``match`` and keep its clocks while it needs a driver and this process
        holds its claim: whether it still holds it."""
        pause = RETRY_SECONDS[0] / 2
        while match.driven(match.seats, match.over):
            woken.clear()
            seat = _bot_to_act(match)
            if seat is None:
                await self._until_woken_or_out(match, woken)
                continue
            if not await self._claims.claim(match.id):
                return False  # the claim was lost with its connection, and taken by another process
            state, seq = match.state, match.seq
            move = await self._decide(match, seat, state, seq)
            try:
                await self._referee.play(match, seat, seq, move, person=False)
            except Stale:
                continue  # someone moved meanwhile, or the seat's person is back
            except StoreError as exc:  # a full disk, a database restarting: try again
                pause = min(pause * 2, RETRY_SECONDS[1])
                _log.warning(
                    "match %s: a bot's move was not stored (%s); again in %g s", match.id, exc, pause
                )
                await asyncio.sleep(pause)
                continue
            pause = RETRY_SECONDS[0] / 2
        return True

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

    async def _decide(self, match: Match, seat: int, state: object, seq: int) -> object:
        """The move of the bot that plays ``seat`` in ``state``: a search in the pool of processes
        in its creator's turn (the stand-in decides instead if the pool fails), any other bot in
        the quick thread."""
        loop = asyncio.get_running_loop()
        name = self._bot_name(match, seat)
        if name in match.game.searching:
            seed = f"{match.id}:{seat}:{seq}"
            search = partial(_search, match.game.name, name, seed, self._search_seconds, state, seat)
            try:
                async with self._turns.turn(match.settings.creator):
                    return await loop.run_in_executor(self._searching, search)
            except concurrent.futures.BrokenExecutor:
                _log.error("match %s: the search processes failed; the stand-in decides", match.id)
                self._searching = search_pool(self._search_processes)
                name = match.game.stand_in
        bot = self._bot(match, seat, name)
        if isinstance(bot, EngineSeat):  # waits on its engine's pipe for up to its time: a thread of its own
            return await asyncio.to_thread(bot.choose, state, seat)
        return await loop.run_in_executor(self._quick, bot.choose, state, seat)

    @staticmethod
    def _bot_name(match: Match, seat: int) -> str:
        """The bot that plays ``seat`` now: the seat's own, or its game's stand-in for an away person."""
        kind = match.seats[seat].kind
        return match.game.stand_in if kind == AWAY else kind

    def _bot(self, match: Match, seat: int, name: str) -> Decider[Any, Any]:
        """The bot ``name`` of ``seat``, made once (a quick bot keeps its generator from move to
        move), or the operator's engine of that name."""
        made = match.bots.get(seat)
        if made is None or made[0] != name:
            seed = f"{match.id}:{seat}"
            if name in self._engines.names():
                decider: Decider[Any, Any] = self._engines.decider(
                    match.game, name, seat, seed, self._search_seconds
                )
            else:
                decider = match.game.bot(name, seed, self._search_seconds)
            made = match.bots[seat] = (name, decider)
        return made[1]

    async def _close_engines(self, match: Match) -> None:
        """Stop the engines of ``match``'s seats (its game is over, or it is no longer driven here)."""
        for seat, (_, decider) in list(match.bots.items()):
            if isinstance(decider, EngineSeat):
                del match.bots[seat]
                await asyncio.to_thread(self._engines.close, decider)

    async def _until_woken_or_out(self, match: Match, woken: asyncio.Event) -> None:
        """Wait until the match advances, or a running clock runs out (then store the timeout)."""
        out = None if match.clocks is None else match.clocks.first_out(match.pauses)
        if out is None:
            await woken.wait()
            return
        seat, at = out
        seq = match.seq
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(at - time.time(), 0.0)):
                await woken.wait()
        if woken.is_set():
            return
        try:
            await self._referee.time_out(match, seat, seq)
        except Stale:
            pass  # the seat moved meanwhile
        except StoreError as exc:
            _log.warning("match %s: a timeout was not stored (%s); again soon", match.id, exc)
            await asyncio.sleep(RETRY_SECONDS[0])


def search_pool(processes: int) -> concurrent.futures.ProcessPoolExecutor:
    """The processes searching bots think in (started afresh: never a fork of a running server),
    at :data:`SEARCH_NICENESS` below the server's priority."""
    return concurrent.futures.ProcessPoolExecutor(
        processes,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=os.nice,
        initargs=(SEARCH_NICENESS,),
    )


def _search(played: str, name: str, seed: str, seconds: float, state: object, seat: int) -> object:
    """A searching bot's decision, in a process of the pool (the position is sent there pickled)."""
    return game(played).bot(name, seed, seconds).choose(state, seat)


def _bot_to_act(match: Match) -> int | None:
    """The first seat to act that a bot plays, once the match has started."""
    if not match.started:
        return None
    return next((seat for seat in match.to_act if match.by_bot(seat)), None)
