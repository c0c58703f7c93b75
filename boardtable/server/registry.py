"""The matches this process follows: loaded when used, kept in step with the store, forgotten when not.

A process follows a match (keeps it in memory, and catches it up when it hears
that the store has more of it) only while something of its own uses it: a
request being answered, a WebSocket open on it, its bots being moved here
(:meth:`Registry.using`), and for :data:`KEEP_SECONDS` after the last of them, so
that a client's next request finds it still there. Then it is forgotten: a
process that follows nothing of a match pays nothing for its moves but reading
the notice of each (:meth:`Registry.heard`).

A match not followed is loaded from the store by replaying its entries, each of
which must reach the position digest stored with it, read :data:`LOAD_PAGE` at a
time and replayed :data:`REPLAY_SLICE` at a time: the event loop serves other
requests between two pages and two slices, so that a long match delays none of
them for long (a worker thread would not do: it holds the interpreter's lock
while it replays, and the loop waits for it at every turn); after each slice the
load waits as long as the slice took, so that it never takes more than half of
the loop's time (a stranger asking for one forgotten long match after another
doubled the honest players' move p99: ``benchmarks/attack.py --attack reload``);
the entries stored meanwhile are read last. A match that does not replay, or
whose rows no server wrote, is :class:`~boardtable.server.store.Damaged`
(never served at an earlier point, and remembered as such). Whenever a followed
match advances, its listeners (the WebSocket hub, the bots' driver) are told
once (:meth:`Registry.told`).

The registry also gives the store this process's sign of life every
:data:`BEAT_SECONDS`; when a process starts after a time no server ran, the store
records that pause, and clocks do not charge it
(:mod:`~boardtable.server.clock`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Coroutine

from ..games import GameError, game
from .clock import Pause
from .match import Match
from .settings import Settings
from .store import Damaged, Entry, Store, StoredMatch, StoreError

__all__ = [
    "BEAT_SECONDS",
    "DAMAGED_KEPT",
    "KEEP_SECONDS",
    "LOAD_PAGE",
    "REPLAY_SLICE",
    "NotFound",
    "Registry",
    "replayed",
    "unplayed",
]

#: Seconds a match nothing uses stays followed.
KEEP_SECONDS = 30.0
#: How many damaged matches a process remembers, so as not to read them again at each request.
DAMAGED_KEPT = 1024
#: The entries a match being loaded replays at a time, the event loop serving other requests
#: between two slices (a slice takes about a millisecond: 25 µs an entry, measured).
REPLAY_SLICE = 40
#: The entries a match being loaded reads from the store at a time, in one turn of the event
#: loop (on SQLite a page took 0.6 to 1 ms to read, where a long match's 5,000 entries took 16
#: to 23 ms in one piece, every other request waiting).
LOAD_PAGE = 500
#: Seconds between two signs of life of a server process; a start with none from any process
#: in twice that long follows a pause, which no clock charges.
BEAT_SECONDS = 1.0

_log = logging.getLogger("hadara.server")


class NotFound(GameError):
    """No match of that id."""


class Registry:
    """The matches this process follows (see the module)."""

    def __init__(self, store: Store, keep: float = KEEP_SECONDS) -> None:
        self.store = store
        self._keep = keep
        self._matches: dict[str, Match] = {}
        #: How many requests, WebSockets and drivers use each followed match now.
        self._users: dict[str, int] = {}
        #: When each followed match nothing uses was last used (``time.monotonic``).
        self._unused_since: dict[str, float] = {}
        self._loading: dict[str, asyncio.Task[Match | None]] = {}
        self._listeners: list[Callable[[Match], None]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        #: This process, as its signs of life name it.
        self._process = secrets.token_hex(8)
        #: The times no server ran (read when the process starts).
        self.pauses: tuple[Pause, ...] = ()
        #: The matches found damaged, oldest first (at most :data:`DAMAGED_KEPT`).
        self._damaged: dict[str, Damaged] = {}

    def followed(self, match_id: str) -> Match | None:
        """The match of that id if this process follows it now."""
        return self._matches.get(match_id)

    def on_moved(self, listener: Callable[[Match], None]) -> None:
        """Call ``listener(match)`` once whenever a followed match advances (and once it is made)."""
        self._listeners.append(listener)

    def told(self, match: Match) -> None:
        """Tell the listeners that ``match`` advanced (or was made)."""
        for listener in self._listeners:
            listener(match)

    async def start(self) -> None:
        """Read the pauses (recording the one that ends now, if no server ran), then give signs
        of life and forget unused matches from now on, every few seconds."""
        self.pauses = await self.store.resumed(self._process, time.time(), 2 * BEAT_SECONDS)
        self._spawn(self._forgetting())
        self._spawn(self._beating())

    async def _beating(self) -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self.store.beat(self._process, time.time())
            except StoreError:
                _log.warning("cannot tell the store this server is running")

    async def close(self) -> None:
        """Stop catching up and forgetting, with a last sign of life (a pause starts now)."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(StoreError):
            await self.store.beat(self._process, time.time())

    # ------------------------------------------------------------------ using a match

    @contextlib.asynccontextmanager
    async def using(self, match_id: str) -> AsyncIterator[Match]:
        """The match of that id, followed for the time of the ``with`` block (loaded first if it
        is not); :class:`NotFound` when the store has none."""
        match = self._matches.get(match_id)
        if match is None:
            match = await self._load(match_id)
        self._users[match_id] = self._users.get(match_id, 0) + 1
        self._unused_since.pop(match_id, None)
        try:
            yield match
        finally:
            users = self._users[match_id] - 1
            if users:
                self._users[match_id] = users
            else:
                del self._users[match_id]
                self._unused_since[match_id] = time.monotonic()

    def add(self, match: Match) -> None:
        """Follow a match just made here."""
        self._matches[match.id] = match
        self._unused_since[match.id] = time.monotonic()

    async def _load(self, match_id: str) -> Match:
        damage = self._damaged.get(match_id)
        if damage is not None:
            raise damage
        loading = self._loading.get(match_id)
        if loading is None:  # one load, however many ask for it at once
            loading = asyncio.ensure_future(self._rebuild(match_id))
            self._loading[match_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(match_id, None))
        found = await asyncio.shield(loading)
        if found is None:
            raise NotFound(f"there is no match {match_id}")
        return found

    async def _rebuild(self, match_id: str) -> Match | None:
        try:
            return await self._replayed(match_id)
        except Damaged as exc:
            _log.error("%s", exc)  # once: the match is refused from now on without reading it again
            self._damaged[match_id] = exc
            while len(self._damaged) > DAMAGED_KEPT:
                del self._damaged[next(iter(self._damaged))]
            raise

    async def _replayed(self, match_id: str) -> Match | None:
        stored = await self.store.load(match_id, LOAD_PAGE)
        if stored is None:
            return None
        match = unplayed(stored, self.pauses)
        entries, length = stored.entries, stored.length
        # With its row, in one snapshot: the whole match where it fits a page (then it must
        # hold as many entries as its row counts), else its first page.
        whole = len(entries) < LOAD_PAGE
        while True:
            await replayed(match, entries)
            if len(entries) < LOAD_PAGE:
                break
            entries = await self.store.entries(match_id, match.seq, LOAD_PAGE)  # and those stored meanwhile
        held = match.seq
        if length is not None and (held < length or (whole and held != length)):
            why = f"the store holds {held} of its entries, its row counts {length}"
            raise Damaged(match_id, why, min(held, length))
        _replay(match, await self.store.entries(match_id, held))  # stored meanwhile: heard of by nobody
        found = self._matches.get(match_id)  # made here meanwhile
        if found is not None:
            return found
        self._matches[match_id] = match
        self._unused_since[match_id] = time.monotonic()
        return match

    # ------------------------------------------------------------------ keeping in step

    def heard(self, match_id: str, seq: int, last: Entry | None = None) -> None:
        """The store holds ``seq`` entries of ``match_id`` (stored in this process or another),
        ``last`` the last of them where the notice carried it: a followed match one entry behind
        plays it at once, one further behind catches up from the store, and any other match
        costs nothing."""
        match = self._matches.get(match_id)
        if match is None or match.seq >= seq:
            return
        if last is None or last.seq != match.seq or match.lock.locked():
            self._spawn(self._catch_up_and_tell(match, seq))
            return
        try:
            _replay(match, (last,))
        except StoreError:
            self._forget(match.id)
            _log.exception("match %s cannot be followed", match.id)
            return
        self.told(match)

    async def _catch_up_and_tell(self, match: Match, seq: int) -> None:
        """Catch ``match`` up to ``seq`` entries, unless it got there while this waited for its
        lock (the move this process was storing, heard of before its store answered)."""
        try:
            async with match.lock:
                advanced = match.seq < seq and await self.catch_up(match)
        except StoreError:  # forgotten (see catch_up): asked for again, it is loaded anew
            _log.exception("match %s cannot be caught up", match.id)
            return
        if advanced:
            self.told(match)

    async def catch_up(self, match: Match) -> bool:
        """Bring ``match`` (its lock held) up to the store; whether it advanced. A match whose
        new entries cannot be read or do not replay is forgotten at once, never served behind
        (asked for again, it is loaded anew, or its load fails)."""
        before = match.seq
        try:
            _replay(match, await self.store.entries(match.id, before))
        except StoreError:
            self._forget(match.id)
            raise
        return match.seq > before

    # ------------------------------------------------------------------ forgetting

    async def _forgetting(self) -> None:
        while True:
            await asyncio.sleep(max(self._keep / 4, 0.05))
            self.forget_unused()

    def forget_unused(self) -> None:
        """Forget the matches nothing has used for :data:`KEEP_SECONDS`."""
        gone = time.monotonic() - self._keep
        for match_id, since in list(self._unused_since.items()):
            match = self._matches.get(match_id)  # None: forgotten already, while in use
            if since <= gone and (match is None or not match.lock.locked()):
                del self._unused_since[match_id]
                self._matches.pop(match_id, None)

    def _forget(self, match_id: str) -> None:
        self._matches.pop(match_id, None)
        self._unused_since.pop(match_id, None)

    def _spawn(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def unplayed(stored: StoredMatch, pauses: tuple[Pause, ...]) -> Match:
    """The match ``stored`` holds, before its first entry; :class:`~boardtable.server.store.Damaged`
    where its game, options or settings are none that this server wrote."""
    try:
        played = game(stored.game)
        options = played.read_stored_options(stored.options)
        settings = Settings.read(stored.settings)
    except GameError as exc:
        raise Damaged(stored.match, str(exc)) from None
    return Match(stored.match, played, options, settings, stored.seats, played.new(options), pauses)


async def replayed(match: Match, entries: tuple[Entry, ...]) -> None:
    """Apply the stored ``entries`` to ``match`` (one not followed yet), :data:`REPLAY_SLICE` at a
    time, the event loop serving other requests after each slice as long as the slice took (so
    a replay takes at most half of it); each entry must reach the digest stored with it
    (:class:`~boardtable.server.store.Damaged` otherwise)."""
    for start in range(0, len(entries), REPLAY_SLICE):
        began = time.perf_counter()
        _replay(match, entries[start : start + REPLAY_SLICE])
        await asyncio.sleep(time.perf_counter() - began)  # the other requests' turn, as long


def _replay(match: Match, entries: tuple[Entry, ...]) -> None:
    """Apply the stored entries ``match`` lacks; each must reach the digest stored with it."""
    for entry in entries:
        if entry.seq >= match.seq:  # else applied here already
            match.replay(entry)
