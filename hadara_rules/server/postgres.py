"""Matches on PostgreSQL, shared by several server processes (the ``postgres`` extra, psycopg 3).

:class:`PostgresStore` implements :class:`~hadara_rules.server.store.Store` on a
small pool of connections. The database alone decides whether a move is
accepted: the move of ply N is inserted only if the last committed ply of its
match is N-1, and the key ``(match, ply)`` refuses a second ply N, so two
processes (or two connections of one) can never both accept it. The insert and
a ``NOTIFY`` of the match's new ply are one transaction: every listening process
hears of a move exactly when it is committed, even if its process dies at once.

:class:`PostgresNotifier` listens on a connection of its own and tells this
process's listeners of every move committed by any process (the hub's
:class:`~hadara_rules.server.hub.Notifier`); :class:`PostgresClaims` holds a
session-level advisory lock per match whose bots this process moves, so that
exactly one process moves them, and a lock whose process died (its connection
with it) is free for another to take.

Messages name the database by host, port and name only: a URL's user name and
password never appear in them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import AsyncConnectionPool

from .._config import GameConfig
from .._errors import RecordError
from .._moves import Move
from .._reader import clip
from ..records import from_json, to_json
from .hub import Listener
from .store import SeatEntry, StoredMatch, StoredMove, StoreError, call_committed

__all__ = ["SCHEMA", "PostgresClaims", "PostgresNotifier", "PostgresStore"]

#: The version of the store's tables, kept in the table ``hadara_store``.
SCHEMA = 1
#: The channel a committed move is announced on, as ``"MATCH PLY"`` (the ply reached).
CHANNEL = "hadara_moves"
#: The first key of the advisory locks of this server (the second is the match's hash).
_LOCKS = 0x4AD4
#: Connections of a store's pool (the listener and the claims have one each besides).
POOL_SIZE = 8
#: Seconds a connection may take to open.
_CONNECT_SECONDS = 10

_log = logging.getLogger("hadara.server")

_TABLES = f"""
SELECT pg_advisory_xact_lock({_LOCKS}, 0);
CREATE TABLE IF NOT EXISTS hadara_store (version integer NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id text PRIMARY KEY,
    created bigint GENERATED ALWAYS AS IDENTITY,
    config text NOT NULL,
    seats text NOT NULL,
    over boolean NOT NULL DEFAULT false
);
CREATE TABLE IF NOT EXISTS moves (
    match text NOT NULL REFERENCES matches (id),
    ply integer NOT NULL,
    move text NOT NULL,
    digest text NOT NULL,
    PRIMARY KEY (match, ply)
);
CREATE INDEX IF NOT EXISTS matches_unfinished ON matches (created) WHERE NOT over;
"""

# One statement, so one transaction and one round trip: the move of ply N goes in only after
# ply N-1 (or as the first move) is committed, and the key refuses a second ply N, also one
# committed by another transaction meanwhile; a move that went in ends the game if it does, and
# is announced (at commit) as the ply it reaches. A row comes back only for an accepted move.
_APPEND = f"""
WITH added AS (
    INSERT INTO moves (match, ply, move, digest)
    SELECT %(match)s, %(ply)s, %(move)s, %(digest)s
    WHERE %(ply)s = coalesce((SELECT max(ply) FROM moves WHERE match = %(match)s), -1) + 1
    ON CONFLICT DO NOTHING
    RETURNING ply
), ended AS (
    UPDATE matches SET over = true WHERE id = %(match)s AND %(over)s AND EXISTS (SELECT FROM added)
)
SELECT pg_notify('{CHANNEL}', %(match)s || ' ' || (ply + 1)) FROM added
"""


def _where(url: str) -> str:
    """The database as messages name it: host, port and name, never the user or password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://?"
    return f"postgresql://{parts.get('host', '')}:{parts.get('port', '5432')}/{parts.get('dbname', '')}"


class PostgresStore:
    """The shared store: the tables ``matches`` and ``moves`` of one PostgreSQL database.

    Made, it has checked the database (reachable, its tables made or of this version);
    the pool is opened on first use, in the event loop of the server.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = _where(url)
        try:
            with psycopg.connect(url, connect_timeout=_CONNECT_SECONDS) as db:
                db.execute(_TABLES)
                versions = [row[0] for row in db.execute("SELECT version FROM hadara_store")]
                if not versions:
                    db.execute("INSERT INTO hadara_store (version) VALUES (%s)", (SCHEMA,))
                elif versions != [SCHEMA]:
                    raise StoreError(
                        f"{self.where}: a match store of another version ({versions[0]}, not {SCHEMA})"
                    )
        except psycopg.Error as exc:
            raise StoreError(f"{self.where}: not a match store ({clip(str(exc), 160)})") from None
        self._pool: AsyncConnectionPool | None = None
        self._opening = asyncio.Lock()
        self.notifier = PostgresNotifier(self)
        self.claims = PostgresClaims(self)

    async def connect(self) -> psycopg.AsyncConnection[tuple[object, ...]]:
        """A connection of its own (autocommit), for listening or holding locks."""
        try:
            return await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=_CONNECT_SECONDS
            )
        except psycopg.Error as exc:
            raise StoreError(f"{self.where}: {clip(str(exc), 160)}") from None

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[tuple[object, ...]]]:
        """A connection of the pool, opened on first use; a database failure is a :class:`StoreError`."""
        async with self._opening:
            if self._pool is None:
                pool: AsyncConnectionPool = AsyncConnectionPool(
                    self.url,
                    min_size=1,
                    max_size=POOL_SIZE,
                    open=False,
                    kwargs={"autocommit": True, "connect_timeout": _CONNECT_SECONDS},
                )
                await pool.open()
                self._pool = pool
                self.notifier.start()
        try:
            async with self._pool.connection() as db:
                yield db
        except psycopg.Error as exc:
            raise StoreError(f"{self.where}: {clip(str(exc), 160)}") from None

    async def create(self, match: StoredMatch) -> None:
        """Store a new match (see :meth:`~hadara_rules.server.store.Store.create`)."""
        seats = json.dumps([[s.seat, s.kind, s.name, s.token_hash] for s in match.seats])
        async with self._connection() as db:
            await db.execute(
                "INSERT INTO matches (id, config, seats) VALUES (%s, %s, %s)",
                (match.match, to_json(match.config), seats),
            )

    async def append(
        self, match: str, move: StoredMove, over: bool, committed: Callable[[], None] | None = None
    ) -> bool:
        """Store a move at its ply and announce it, or refuse it (see :meth:`~hadara_rules.server.store.Store.append`)."""
        row = {
            "match": match,
            "ply": move.ply,
            "move": to_json(move.move),
            "digest": move.digest,
            "over": over,
        }
        async with self._connection() as db:
            stored = (await db.execute(_APPEND, row)).rowcount == 1
        if stored:
            call_committed(committed, match)
        return stored

    async def load(self, match: str, since: int = 0) -> StoredMatch | None:
        """The stored match (see :meth:`~hadara_rules.server.store.Store.load`), read in one snapshot."""
        async with self._connection() as db, db.transaction():
            await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            head = await (
                await db.execute("SELECT config, seats FROM matches WHERE id = %s", (match,))
            ).fetchone()
            if head is None:
                return None
            cursor = await db.execute(
                "SELECT ply, move, digest FROM moves WHERE match = %s AND ply >= %s ORDER BY ply",
                (match, since),
            )
            moves = await cursor.fetchall()
        config, seats = head
        try:
            return StoredMatch(
                match,
                from_json(str(config), GameConfig),
                tuple(SeatEntry(*seat) for seat in json.loads(str(seats))),
                tuple(
                    StoredMove(int(str(ply)), from_json(str(text), Move), str(digest))
                    for ply, text, digest in moves
                ),
            )
        except (RecordError, TypeError, ValueError) as exc:
            raise StoreError(f"{self.where}: match {match}: {clip(str(exc), 160)}") from None

    async def unfinished(self) -> tuple[str, ...]:
        """The matches to resume (see :meth:`~hadara_rules.server.store.Store.unfinished`)."""
        async with self._connection() as db:
            cursor = await db.execute("SELECT id FROM matches WHERE NOT over ORDER BY created")
            return tuple(str(row[0]) for row in await cursor.fetchall())

    async def close(self) -> None:
        """Stop listening, give up the claims, and close the pool."""
        await self.notifier.close()
        await self.claims.close()
        if self._pool is not None:
            await self._pool.close()
            self._pool = None


class PostgresNotifier:
    """Every move committed by any process, told to this process's listeners (LISTEN/NOTIFY).

    The store announces a move in the transaction that commits it; :meth:`publish` tells
    this process's listeners at once, and the database's notice of the same move, heard
    later, finds the match there already. A lost listening connection is opened again, and
    the notices sent while it was down are made good: once it listens again, every match's
    last ply is read and told (a listener ignores a ply it has already reached).
    """

    def __init__(self, store: PostgresStore) -> None:
        self._store = store
        self._listeners: list[Listener] = []
        self._task: asyncio.Task[None] | None = None
        #: Set once the listening connection listens (again).
        self.listening = asyncio.Event()

    async def publish(self, match: str, ply: int) -> None:
        """Tell this process's listeners (the other processes are told by the database, at commit)."""
        self._tell(match, ply)

    def listen(self, listener: Listener) -> None:
        """Call ``listener(match, ply)`` for every move committed from now on, by any process."""
        self._listeners.append(listener)

    def _tell(self, match: str, ply: int) -> None:
        for listener in self._listeners:
            listener(match, ply)

    def start(self) -> None:
        """Start listening (the store does when it opens its pool)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        again = False
        while True:
            try:
                async with await self._store.connect() as db:
                    await db.execute(f"LISTEN {CHANNEL}")
                    if again:
                        await self._tell_every_last_ply(db)
                    again = True
                    self.listening.set()
                    async for notice in db.notifies():
                        match, _, ply = notice.payload.partition(" ")
                        if ply.isdigit():
                            self._tell(match, int(ply))
            except (StoreError, psycopg.Error) as exc:
                self.listening.clear()
                _log.warning(
                    "no longer hearing of other processes' moves (%s); listening again", clip(str(exc), 160)
                )
                await asyncio.sleep(1.0)

    async def _tell_every_last_ply(self, db: psycopg.AsyncConnection[tuple[object, ...]]) -> None:
        """Tell the ply every match has reached: what the notices missed while nobody listened."""
        cursor = await db.execute("SELECT match, max(ply) + 1 FROM moves GROUP BY match")
        for match, ply in await cursor.fetchall():
            self._tell(str(match), int(str(ply)))

    async def close(self) -> None:
        """Stop listening."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


class PostgresClaims:
    """Which matches' bots this process moves: one advisory lock per match, held by one connection.

    A lock is held from the match's first bot move here until its game is over (or the
    process ends); another process's claim of it is refused meanwhile. A process that
    dies loses its connection and its locks with it.
    """

    #: Seconds between two looks for matches whose bots nobody moves.
    every = 1.0

    def __init__(self, store: PostgresStore) -> None:
        self._store = store
        self._db: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._held: set[str] = set()
        self._lock = asyncio.Lock()
        self._closed = False

    async def claim(self, match: str) -> bool:
        """Whether this process moves the bots of ``match`` (taking its lock if it is free)."""
        async with self._lock:
            if self._closed:
                return False
            if match in self._held:
                return True
            try:
                if self._db is None or self._db.closed:
                    self._held.clear()  # a lost connection held locks no longer
                    self._db = await self._store.connect()
                cursor = await self._db.execute(
                    "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (_LOCKS, match)
                )
                row = await cursor.fetchone()
            except psycopg.Error as exc:
                raise StoreError(f"{self._store.where}: {clip(str(exc), 160)}") from None
            if row is None or row[0] is not True:
                return False
            self._held.add(match)
            return True

    async def release(self, match: str) -> None:
        """Give up the bots of ``match`` (its game is over)."""
        async with self._lock:
            if match in self._held and self._db is not None and not self._db.closed:
                self._held.discard(match)
                with contextlib.suppress(psycopg.Error):
                    await self._db.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (_LOCKS, match))

    async def close(self) -> None:
        """Give up every claim, claiming none after."""
        async with self._lock:
            self._closed = True
            if self._db is not None:
                await self._db.close()
                self._db = None
            self._held.clear()
