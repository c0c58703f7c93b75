"""The matches being played: authoritative positions, seats and their tokens, bots.

:class:`MatchService` keeps the current position of every live match, made only
from moves the :class:`~hadara_rules.server.store.Store` has confirmed: a move is
checked, then stored at its ply (the store refuses it when that ply is taken),
and only then does the position advance and the move count as acknowledged. A
match not in memory (after a restart, or one another process created) is
rebuilt by replaying its stored moves, and the position reached is checked
against the digest stored with the last move (:func:`~hadara_rules.position_digest`).
Of the finished matches, the :data:`FINISHED_KEPT` last to finish stay in memory;
an older one is rebuilt the same way when it is asked for again.

Moves of one match are played one at a time (an ``asyncio`` lock per match); a
move names the ply it was chosen at, and one that is not the current ply is
:class:`Stale`, so two clicks or two tabs cannot play twice. A human seat is
played through a secret token (:func:`secrets.token_urlsafe`) of which only the
SHA-256 is kept, compared in constant time; a seat moves only for itself.
A move confirmed by the store is told to the service's listeners (the WebSocket
hub) at once, in the store's own turn of the loop, and published through a
:class:`~hadara_rules.server.hub.Notifier`; the service hears it back (from this
process or, with a notifier across processes, from another on the same store),
catches a match up from the store when it is behind, and only then tells its
listeners that the match moved (the hub wakes a WebSocket once per ply).
Bots to act move by themselves at once, one after another (several may be to
act in a draft round, FLOW-1), thinking in a thread of their own so that the
event loop keeps serving; the search bot has a bounded time per decision.

Several server processes may serve one store (PostgreSQL). The bots of a match
move in the one process holding its claim (:mod:`~hadara_rules.server.claims`); every
``claims.every`` seconds a process looks for unfinished matches whose bots
nobody moves (their process died) and claims them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
from collections.abc import Coroutine, Mapping
from functools import partial

from attrs import define, field, frozen

from .._config import GameConfig
from .._engine import legal_moves, new_game
from .._errors import HadaraError
from .._model import GameState
from .._moves import Move
from .._previews import Preview
from ..bots import BOTS, Bot
from ..events import Event, apply_move_with_events
from ..records import position_digest
from ..search import ISMCTSBot
from .claims import Claims, LocalClaims
from .hub import Listener, Notifier
from .store import SeatEntry, Store, StoredMatch, StoredMove, StoreError

__all__ = ["HUMAN", "Forbidden", "Match", "MatchService", "NewMatch", "NotFound", "Stale"]

#: The kind of a seat a person plays.
HUMAN = "human"
#: Wall-clock seconds the search bot thinks per decision at most.
SEARCH_SECONDS = 1.0
#: Threads the bots think in (the event loop is never one of them).
_THINKERS = 2
#: Finished matches kept in memory at most: beyond, the one that finished first is dropped
#: (asked for again, it is rebuilt from the store), so that a server that runs for months
#: holds the games being played, not every game it ever served.
FINISHED_KEPT = 256

_log = logging.getLogger("hadara.server")


class NotFound(HadaraError):
    """No match of that id."""


class Forbidden(HadaraError):
    """A token that opens no seat of the match, or a move for another seat."""


class Stale(HadaraError):
    """A move chosen at a ply that is no longer the current one."""

    def __init__(self, ply: int) -> None:
        super().__init__(f"the match is at move {ply}: reload the position and choose again")
        self.ply = ply


@frozen
class NewMatch:
    """A match to create: its configuration, and each seat's kind and name in seat order."""

    config: GameConfig
    kinds: tuple[str, ...]
    names: tuple[str, ...]


@define(eq=False)
class Match:
    """A live match: the confirmed position, every move and its events, and who plays each seat."""

    id: str
    config: GameConfig
    seats: tuple[SeatEntry, ...]
    state: GameState
    #: The moves played, in order: ``moves[n]`` was played at ply ``n``.
    moves: list[Move] = field(factory=list)
    #: What each move made happen: ``events[n]`` are the events of ``moves[n]``.
    events: list[tuple[Event, ...]] = field(factory=list)
    #: The events as each viewer (a seat, None for the spectator) is sent them, as JSON, one
    #: text per move, made once (by :mod:`~hadara_rules.server.present`) when first asked for.
    told: dict[int | None, list[bytes]] = field(factory=dict)
    #: Each viewer's view at a ply without its events, as JSON, made (by
    #: :mod:`~hadara_rules.server.present`) when first asked for at that ply: kept by viewer
    #: with its ply, served only at that ply, and all dropped when the match moves.
    positions: dict[int | None, tuple[int, bytes]] = field(factory=dict)
    #: The entries of the legal moves each seat was last shown, as JSON, by their previews
    #: (made by :mod:`~hadara_rules.server.present`): reused while the seat's options stay.
    options: dict[int, dict[Preview, bytes]] = field(factory=dict)
    bots: dict[int, Bot] = field(factory=dict)
    lock: asyncio.Lock = field(factory=asyncio.Lock)
    #: The task moving the bots while any is to act.
    driver: asyncio.Task[None] | None = None

    def advance(self, move: Move, after: GameState, events: tuple[Event, ...]) -> None:
        """The move is confirmed: the position after it becomes the match's position."""
        self.moves.append(move)
        self.events.append(events)
        self.state = after
        self.positions.clear()


def token_hash(token: str) -> str:
    """How a seat's token is kept: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _bot(kind: str, match: str, seat: int) -> Bot:
    rng = random.Random(f"{match}:{seat}")
    if kind == "ismcts":
        return ISMCTSBot(rng, seconds=SEARCH_SECONDS)
    return BOTS[kind](rng)


class MatchService:
    """Every live match of this server, kept in step with the store (see the module)."""

    def __init__(self, store: Store, notifier: Notifier, claims: Claims | None = None) -> None:
        self.store = store
        self._notifier = notifier
        self._claims: Claims = LocalClaims() if claims is None else claims
        #: The tasks of this service besides the bots' drivers: catching up, looking for orphans.
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self._matches: dict[str, Match] = {}
        #: The finished matches in memory, in the order they finished (or were loaded finished).
        self._finished: dict[str, None] = {}
        self._loading: dict[str, asyncio.Task[Match | None]] = {}
        self._thinkers = concurrent.futures.ThreadPoolExecutor(_THINKERS, thread_name_prefix="hadara-bot")
        self._listeners: list[Listener] = []
        notifier.listen(self._heard)

    def on_moved(self, listener: Listener) -> None:
        """Call ``listener(match, ply)`` whenever a live match of this service has reached ``ply``."""
        self._listeners.append(listener)

    def _heard(self, match_id: str, ply: int) -> None:
        """A match reached ``ply`` (moved here, or in another server process on the same store)."""
        match = self._matches.get(match_id)
        if match is None:
            return  # not followed here: it is rebuilt from the store when asked for
        if match.state.ply >= ply:
            self._tell(match)
            return
        self._spawn(self._catch_up_and_tell(match))

    async def _catch_up_and_tell(self, match: Match) -> None:
        async with match.lock:
            await self._refresh(match)
        self._tell(match)

    def _tell(self, match: Match) -> None:
        for listener in self._listeners:
            listener(match.id, match.state.ply)

    async def start(self) -> None:
        """Resume every unfinished match of the store, its bots moving again.

        A match that does not rebuild (its moves do not replay, or do not reach the digest
        stored) is logged and left out; asking for it again tries again.
        """
        for match_id in await self.store.unfinished():
            try:
                match = await self.get(match_id)
            except StoreError:
                _log.exception("match %s cannot be resumed", match_id)
                continue
            self._drive(match)
        if self._claims.every is not None:
            self._spawn(self._look_for_orphans(self._claims.every))

    async def close(self) -> None:
        """Stop the bots and close the store."""
        self._closed = True
        drivers = [m.driver for m in self._matches.values() if m.driver is not None]
        drivers.extend(self._tasks)
        for driver in drivers:
            driver.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        self._thinkers.shutdown(wait=True, cancel_futures=True)
        await self.store.close()

    # ------------------------------------------------------------------ matches

    async def create(self, new: NewMatch) -> tuple[Match, Mapping[int, str]]:
        """A new match, stored before it is returned, with the token of each human seat."""
        match_id = secrets.token_urlsafe(9)
        tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(new.kinds) if kind == HUMAN}
        seats = tuple(
            SeatEntry(seat, kind, name, token_hash(tokens[seat]) if seat in tokens else None)
            for seat, (kind, name) in enumerate(zip(new.kinds, new.names, strict=True))
        )
        state = new_game(new.config)
        await self.store.create(StoredMatch(match_id, new.config, seats, ()))
        match = self._live(match_id, new.config, seats, state)
        self._matches[match_id] = match
        self._drive(match)
        return match, tokens

    async def get(self, match_id: str) -> Match:
        """The live match of that id, rebuilt from the store when it is not in memory."""
        match = self._matches.get(match_id)
        if match is not None:
            return match
        loading = self._loading.get(match_id)
        if loading is None:  # one rebuild, however many requests wait for it
            loading = asyncio.ensure_future(self._load(match_id))
            self._loading[match_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(match_id, None))
        found = await asyncio.shield(loading)
        if found is None:
            raise NotFound(f"there is no match {match_id}")
        return found

    async def _load(self, match_id: str) -> Match | None:
        stored = await self.store.load(match_id)
        if stored is None:
            return None
        match = self._live(match_id, stored.config, stored.seats, new_game(stored.config))
        self._catch_up(match, stored)
        self._matches[match_id] = match
        self._if_finished(match)
        return match

    def _if_finished(self, match: Match) -> None:
        """Once ``match`` is over it joins the finished matches kept in memory, and the first
        to have finished beyond :data:`FINISHED_KEPT` is dropped."""
        if not match.state.is_over or match.id in self._finished:
            return
        self._finished[match.id] = None
        while len(self._finished) > FINISHED_KEPT:
            oldest = next(iter(self._finished))
            del self._finished[oldest]
            self._matches.pop(oldest, None)

    def _live(
        self, match_id: str, config: GameConfig, seats: tuple[SeatEntry, ...], state: GameState
    ) -> Match:
        bots = {s.seat: _bot(s.kind, match_id, s.seat) for s in seats if s.kind != HUMAN}
        return Match(match_id, config, seats, state, bots=bots)

    @staticmethod
    def _catch_up(match: Match, stored: StoredMatch) -> None:
        """Replay the stored moves the match has not played; the last must reach its stored digest."""
        for entry in stored.moves:
            if entry.ply < len(match.moves):
                continue  # played here already
            try:
                after, events = apply_move_with_events(match.state, entry.move)
            except HadaraError as exc:
                raise StoreError(
                    f"match {match.id}: stored move {entry.ply} does not replay: {exc}"
                ) from None
            match.advance(entry.move, after, events)
        if stored.moves and position_digest(match.state) != stored.moves[-1].digest:
            raise StoreError(
                f"match {match.id}: the position after move {stored.moves[-1].ply + 1} is not the one stored"
            )

    # ------------------------------------------------------------------ seats and moves

    @staticmethod
    def seat_of(match: Match, token: str | None) -> int | None:
        """The seat ``token`` opens; None (the spectator) for no token; :class:`Forbidden` for a wrong one."""
        if token is None:
            return None
        given = token_hash(token)
        found = None
        for seat in match.seats:  # every seat compared, in constant time each
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, given):
                found = seat.seat
        if found is None:
            raise Forbidden("this token opens no seat of the match")
        return found

    async def play(self, match: Match, seat: int, ply: int, move: Move) -> None:
        """Play ``move`` for ``seat`` if ``ply`` is the current ply; returns once it is stored.

        :class:`Forbidden` for a move of another seat, :class:`Stale` for another ply,
        :class:`~hadara_rules.IllegalMove` for a move the rules refuse; nothing changes then.
        """
        if move.player != seat:
            raise Forbidden(f"seat {seat} moves only for itself, not for seat {move.player}")
        async with match.lock:
            if ply != match.state.ply:
                raise Stale(match.state.ply)
            after, events = apply_move_with_events(match.state, move)
            stored = StoredMove(ply, move, position_digest(after))
            confirmed = partial(self._confirmed, match, move, after, events)
            if not await self.store.append(match.id, stored, after.is_over, confirmed):
                await self._refresh(match)  # another server process moved first
                raise Stale(match.state.ply)
        await self._notifier.publish(match.id, after.ply)
        self._drive(match)
        self._if_finished(match)

    def _confirmed(self, match: Match, move: Move, after: GameState, events: tuple[Event, ...]) -> None:
        """The store committed ``move``: the match advances, and the listeners of this process
        hear it at once, in the store's own turn of the loop (a group commit answers many
        moves in one turn: at the next, each mover is answered and then its match's
        WebSockets are sent the move, rather than a turn later)."""
        match.advance(move, after, events)
        self._tell(match)

    async def _refresh(self, match: Match) -> None:
        """Bring ``match`` up to date with the store (under its lock); its bots move if it moved."""
        before = match.state.ply
        stored = await self.store.load(match.id, since=len(match.moves))  # the moves it lacks
        if stored is not None:
            self._catch_up(match, stored)
        if match.state.ply > before:
            self._drive(match)
            self._if_finished(match)

    # ------------------------------------------------------------------ other processes

    def _spawn(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _look_for_orphans(self, every: float) -> None:
        """Every ``every`` seconds: the unfinished matches' bots move here if nobody moves them."""
        while True:
            await asyncio.sleep(every)
            try:
                unfinished = await self.store.unfinished()
            except StoreError:
                _log.exception("cannot look for matches whose bots nobody moves")
                continue
            for match_id in unfinished:
                with contextlib.suppress(StoreError):  # one that does not rebuild stays left out
                    self._drive(await self.get(match_id))

    # ------------------------------------------------------------------ bots

    def _drive(self, match: Match) -> None:
        """Start moving the match's bots unless that is already under way; give up its claim once over."""
        if self._closed:
            return
        if match.bots and match.state.is_over:
            self._spawn(self._claims.release(match.id))
        if self._bot_to_act(match) is not None and (match.driver is None or match.driver.done()):
            match.driver = asyncio.get_running_loop().create_task(self._move_bots(match))

    @staticmethod
    def _bot_to_act(match: Match) -> int | None:
        return next((s for s in match.state.to_act if s in match.bots), None)

    async def _move_bots(self, match: Match) -> None:
        """While a bot is to act, it thinks in a thread and its move is played like anyone's;
        only in the process holding the match's claim, which it gives up when the game is over."""
        loop = asyncio.get_running_loop()
        while not match.state.is_over:
            state = match.state
            seat = self._bot_to_act(match)
            if seat is None:
                return
            try:
                if not await self._claims.claim(match.id):
                    return  # another process moves them (a claim lost with its connection, too)
            except StoreError:
                _log.exception("match %s: the bots cannot be claimed", match.id)
                return
            think = partial(match.bots[seat].choose, state, seat, legal_moves(state, seat))
            move = await loop.run_in_executor(self._thinkers, think)
            try:
                await self.play(match, seat, state.ply, move)
            except Stale:
                continue  # someone moved meanwhile: think again about the new position
            except Exception:
                _log.exception("match %s: the bot of seat %d could not move", match.id, seat)
                return
