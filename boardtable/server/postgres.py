"""Matches on PostgreSQL, shared by several server processes (the ``postgres`` extra, psycopg 3).

:class:`PostgresStore` implements :class:`~boardtable.server.store.Store` on a
small pool of connections. The database alone decides whether an entry is
accepted: the entry of seq N is inserted only if the last committed entry of its
match is N-1, and the key ``(match, seq)`` refuses a second N, so two processes
(or two connections of one) can never both accept it. The insert and a
``NOTIFY`` of the match's new number of entries are one transaction: every
listening process hears of an entry exactly when it is committed, even if its
process dies at once.

The tables (version 3): ``hadara_store`` (the version), ``matches`` (a match's
game, options, seats and settings; ``listed`` and ``driven``, its flags;
``created``, its place in the order of creation; ``over``, once its game has
ended), ``entries`` (each match's entries by seq), ``beats`` (each server
process's last beat) and ``pauses`` (the times no server ran). Partial indexes
on ``created`` keep the listed and the driven unfinished matches cheap to find.
Tables of an earlier version are brought to this one when the store is opened,
in one transaction: version 1 (Hadara's moves by ply) through version 2, whose
``bots`` flag becomes ``driven`` (the column renamed) and whose matches get
the settings ``{}`` and are not listed.

:class:`PostgresNotifier` listens on a connection of its own and tells this
process of every entry committed by any process (the hub's
:class:`~boardtable.server.hub.Notifier`); :class:`PostgresClaims` holds a
session-level advisory lock per match whose bots this process moves, so that
exactly one process moves them, and a lock whose process died (its connection
with it) is free for another to take; the orphans (driven matches whose lock
nobody holds) are found by one query.

Messages name the database by host, port and name only: a URL's user name and
password never appear in them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import NoReturn

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import AsyncConnectionPool

from ..reader import clip
from .hub import Heard
from .store import (
    BEATS_KEPT,
    Damaged,
    Entry,
    Exists,
    StoredMatch,
    StoreError,
    counted,
    entry_row,
    read_seats,
    seats_text,
)

__all__ = ["SCHEMA", "PostgresClaims", "PostgresNotifier", "PostgresStore"]

#: The version of the store's tables, kept in the table ``hadara_store``.
SCHEMA = 3
#: The channel a committed entry is announced on, as ``"MATCH SEQ"`` (the number of entries reached).
CHANNEL = "hadara_moves"
#: The first key of the advisory locks of this server (the second is the match's hash).
_LOCKS = 0x4AD4
#: The largest move (bytes of its JSON) a notice carries (a notice holds 8,000 bytes at most):
#: a process following the match then plays it without reading it from the database.
_CARRIED = 7000
#: Connections of a store's pool (the listener and the claims have one each besides).
POOL_SIZE = 8
#: Seconds a connection may take to open.
_CONNECT_SECONDS = 10

_log = logging.getLogger("hadara.server")

# One server at a time makes or upgrades the tables (the lock is held until the transaction ends).
_VERSION = f"""
SELECT pg_advisory_xact_lock({_LOCKS}, 0);
CREATE TABLE IF NOT EXISTS hadara_store (version integer NOT NULL);
"""

_ENTRIES_COLUMNS = """
    match text NOT NULL REFERENCES matches (id),
    seq integer NOT NULL,
    kind text NOT NULL,
    data text NOT NULL,
    digest text NOT NULL,
    at double precision NOT NULL,
    PRIMARY KEY (match, seq)
"""

_TABLES = f"""
CREATE TABLE IF NOT EXISTS matches (
    id text PRIMARY KEY,
    created bigint GENERATED ALWAYS AS IDENTITY,
    game text NOT NULL,
    config text NOT NULL,
    seats text NOT NULL,
    driven boolean NOT NULL,
    over boolean NOT NULL DEFAULT false,
    settings text NOT NULL DEFAULT '{{}}',
    listed boolean NOT NULL DEFAULT false,
    entries integer NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS entries ({_ENTRIES_COLUMNS});
CREATE TABLE IF NOT EXISTS beats (process text PRIMARY KEY, at double precision NOT NULL);
CREATE TABLE IF NOT EXISTS pauses (began double precision NOT NULL, ended double precision NOT NULL);
CREATE INDEX IF NOT EXISTS matches_driven ON matches (created) WHERE driven AND NOT over;
CREATE INDEX IF NOT EXISTS matches_listed ON matches (created) WHERE listed AND NOT over;
CREATE INDEX IF NOT EXISTS matches_creator ON matches ((settings::json ->> 'creator')) WHERE NOT over;
"""

# Version 1 kept Hadara's moves by ply; each becomes the entry of the same number.
_FROM_VERSION_1 = f"""
ALTER TABLE matches ADD COLUMN game text NOT NULL DEFAULT 'hadara';
ALTER TABLE matches ADD COLUMN bots boolean NOT NULL DEFAULT true;
UPDATE matches SET bots = EXISTS (
    SELECT FROM json_array_elements(seats::json) AS seat WHERE seat ->> 3 IS NULL
);
CREATE TABLE entries ({_ENTRIES_COLUMNS});
INSERT INTO entries (match, seq, kind, data, digest, at) SELECT match, ply, 'move', move, digest, 0 FROM moves;
DROP TABLE moves;
DROP INDEX IF EXISTS matches_unfinished;
"""

# Version 2 had no settings or listing; its index of the matches with bots is made anew as the driven's.
_FROM_VERSION_2 = f"""
ALTER TABLE matches RENAME COLUMN bots TO driven;
ALTER TABLE matches ADD COLUMN settings text NOT NULL DEFAULT '{{}}';
ALTER TABLE matches ADD COLUMN listed boolean NOT NULL DEFAULT false;
ALTER TABLE matches ADD COLUMN entries integer NOT NULL DEFAULT 0;
UPDATE matches SET entries = (SELECT count(*) FROM entries WHERE match = matches.id);
DROP INDEX IF EXISTS matches_with_bots;
UPDATE hadara_store SET version = {SCHEMA};
"""

# One statement, so one transaction and one round trip: the entry of seq N goes in only after
# N-1 (or as the first) is committed, and the key refuses a second N, also one committed by
# another transaction meanwhile; an entry that went in ends the game if it does, sets the
# match's flags where they are given, and is
# announced (at commit) as "MATCH SEQ KIND DIGEST AT DATA": the number of entries reached and
# the entry itself (only "MATCH SEQ" for a move too long to carry). A row comes back only for
# an accepted entry.
_APPEND = f"""
WITH added AS (
    INSERT INTO entries (match, seq, kind, data, digest, at)
    SELECT %(match)s, %(seq)s, %(kind)s, %(data)s, %(digest)s, %(at)s
    WHERE %(seq)s = coalesce((SELECT max(seq) FROM entries WHERE match = %(match)s), -1) + 1
    ON CONFLICT DO NOTHING
    RETURNING seq
), changed AS (
    UPDATE matches SET entries = %(seq)s + 1, over = over OR %(over)s,
        listed = coalesce(%(listed)s::boolean, listed), driven = coalesce(%(driven)s::boolean, driven)
    WHERE id = %(match)s AND EXISTS (SELECT FROM added)
)
SELECT pg_notify(
    '{CHANNEL}',
    %(match)s || ' ' || (seq + 1) || CASE WHEN octet_length(%(data)s) <= {_CARRIED}
        THEN ' ' || %(kind)s || ' ' || %(digest)s || ' ' || %(at)s || ' ' || %(data)s ELSE '' END
) FROM added
"""

_BEAT = "INSERT INTO beats (process, at) VALUES (%s, %s) ON CONFLICT (process) DO UPDATE SET at = excluded.at"

# A limit of NULL is none.
_ENTRIES = (
    "SELECT seq, kind, data, digest, at FROM entries WHERE match = %s AND seq >= %s ORDER BY seq LIMIT %s"
)

# The unfinished driven matches whose advisory lock (its first key ours, its second the
# match's hash) no session of this database holds.
_ORPHANS = f"""
SELECT id FROM matches AS m
WHERE driven AND NOT over AND NOT EXISTS (
    SELECT FROM pg_locks AS l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid = {_LOCKS} AND l.objid = hashtext(m.id)::oid
)
ORDER BY created
"""


def _where(url: str) -> str:
    """The database as messages name it: host, port and name, never the user or password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://?"
    return f"postgresql://{parts.get('host', '')}:{parts.get('port', '5432')}/{parts.get('dbname', '')}"


# The time of a match's last entry (one probe of the key), or of its making.
_UNTOUCHED = """
SELECT id FROM matches WHERE NOT over AND coalesce(
    (SELECT at FROM entries WHERE match = matches.id ORDER BY seq DESC LIMIT 1),
    (settings::json ->> 'created')::double precision, 0
) BETWEEN 1 AND %s ORDER BY created LIMIT %s
"""


class PostgresStore:
    """The shared store: the tables of one PostgreSQL database (see the module).

    Made, it has checked the database (reachable, its tables made or of this version);
    the pool is opened on first use, in the event loop of the server.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = _where(url)
        try:
            with psycopg.connect(url, connect_timeout=_CONNECT_SECONDS) as db:
                db.execute(_VERSION)
                versions = [row[0] for row in db.execute("SELECT version FROM hadara_store")]
                if versions == [1]:
                    db.execute(_FROM_VERSION_1)
                if versions in ([1], [2]):
                    db.execute(_FROM_VERSION_2)
                elif versions == [SCHEMA]:
                    self._refuse_missing(db)
                elif versions:
                    self._refuse(f"a match store of another version ({versions[0]}, not {SCHEMA})")
                else:
                    db.execute("INSERT INTO hadara_store (version) VALUES (%s)", (SCHEMA,))
                db.execute(_TABLES)
        except psycopg.Error as exc:
            raise StoreError(f"{self.where}: not a match store ({clip(str(exc), 160)})") from None
        self._pool: AsyncConnectionPool | None = None
        self._opening = asyncio.Lock()
        self.notifier = PostgresNotifier(self)
        self.claims = PostgresClaims(self)

    def _refuse(self, why: str) -> NoReturn:
        raise StoreError(f"{self.where}: {why}")

    def _refuse_missing(self, db: psycopg.Connection[tuple[object, ...]]) -> None:
        """A database of this version whose tables are missing is refused, never made anew
        over the matches it held."""
        for table in ("matches", "entries", "beats", "pauses"):
            row = db.execute("SELECT to_regclass(%s)", (table,)).fetchone()
            if row is None or row[0] is None:
                self._refuse(f"a damaged match store: its table {table} is missing")

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

    async def create(self, match: StoredMatch, *, listed: bool, driven: bool) -> None:
        """Store a new match (see :meth:`~boardtable.server.store.Store.create`)."""
        row = (
            match.match,
            match.game,
            match.options,
            seats_text(match.seats),
            match.settings,
            listed,
            driven,
        )
        async with self._connection() as db:
            cursor = await db.execute(
                "INSERT INTO matches (id, game, config, seats, settings, listed, driven)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                row,
            )
            if cursor.rowcount != 1:
                raise Exists(f"there is a match {match.match} already")

    async def append(
        self, match: str, entry: Entry, over: bool, *, listed: bool | None = None, driven: bool | None = None
    ) -> bool:
        """Store an entry at its seq and announce it, or refuse it (see :meth:`~boardtable.server.store.Store.append`)."""
        row = {**entry_row(match, entry), "over": over, "listed": listed, "driven": driven}
        async with self._connection() as db:
            return (await db.execute(_APPEND, row)).rowcount == 1

    async def load(self, match: str, limit: int | None = None) -> StoredMatch | None:
        """The stored match (see :meth:`~boardtable.server.store.Store.load`), read in one snapshot."""
        async with self._connection() as db, db.transaction():
            await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            head = await (
                await db.execute(
                    "SELECT game, config, seats, settings, entries FROM matches WHERE id = %s", (match,)
                )
            ).fetchone()
            if head is None:
                return None
            rows = await (await db.execute(_ENTRIES, (match, 0, limit))).fetchall()
        game, config, seats, settings = (str(value) for value in head[:4])
        length = head[4]
        assert isinstance(length, int)
        entered = self._entries(match, rows)
        try:
            seated = read_seats(seats)
        except StoreError as exc:
            raise Damaged(match, clip(str(exc), 160)) from None
        return StoredMatch(match, game, config, seated, entered, settings, length)

    async def entries(self, match: str, since: int, limit: int | None = None) -> tuple[Entry, ...]:
        """The entries from ``since`` on (see :meth:`~boardtable.server.store.Store.entries`), in one statement."""
        query = (match, since, limit)
        async with self._connection() as db:
            rows = await (await db.execute(_ENTRIES, query)).fetchall()
        return self._entries(match, rows)

    @staticmethod
    def _entries(match: str, rows: list[tuple[object, ...]]) -> tuple[Entry, ...]:
        """The entries of the rows; :class:`~boardtable.server.store.Damaged` for a row no server wrote."""
        try:
            return tuple(
                Entry(int(str(seq)), str(kind), str(data), str(digest), float(str(at)))
                for seq, kind, data, digest, at in rows
            )
        except ValueError as exc:
            raise Damaged(match, f"an entry that no server wrote ({clip(str(exc), 160)})") from None

    async def driven(self) -> tuple[str, ...]:
        """The matches the driver follows (see :meth:`~boardtable.server.store.Store.driven`)."""
        return await self._ids("SELECT id FROM matches WHERE driven AND NOT over ORDER BY created", ())

    async def listed(self, limit: int) -> tuple[str, ...]:
        """The lobby's matches (see :meth:`~boardtable.server.store.Store.listed`)."""
        query = "SELECT id FROM matches WHERE listed AND NOT over ORDER BY created DESC LIMIT %s"
        return await self._ids(query, (counted(limit),))

    async def live_by(self, creator: str) -> int:
        """The unfinished matches of a creator (see :meth:`~boardtable.server.store.Store.live_by`)."""
        query = "SELECT count(*) FROM matches WHERE settings::json ->> 'creator' = %s AND NOT over"
        async with self._connection() as db:
            row = await (await db.execute(query, (creator,))).fetchone()
        count = None if row is None else row[0]
        if not isinstance(count, int):
            raise StoreError(f"{self.where}: cannot count the matches of one creator")
        return count

    async def untouched(self, before: float, limit: int) -> tuple[str, ...]:
        """The matches nobody played lately (see :meth:`~boardtable.server.store.Store.untouched`)."""
        return await self._ids(_UNTOUCHED, (before, counted(limit)))

    async def _ids(self, query: str, parameters: tuple[object, ...]) -> tuple[str, ...]:
        async with self._connection() as db:
            cursor = await db.execute(query, parameters)
            return tuple(str(row[0]) for row in await cursor.fetchall())

    async def resumed(self, process: str, now: float, within: float) -> tuple[tuple[float, float], ...]:
        """A server process starts (see :meth:`~boardtable.server.store.Store.resumed`); processes
        starting at once take turns, so that one pause is recorded once."""
        async with self._connection() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock(%s, 1)", (_LOCKS,))
            await db.execute(
                "INSERT INTO pauses (began, ended) SELECT max(at), %(now)s::double precision FROM beats"
                " HAVING count(*) > 0 AND max(at) < %(now)s::double precision - %(within)s::double precision",
                {"now": now, "within": within},
            )
            await db.execute(_BEAT, (process, now))
            await db.execute("DELETE FROM beats WHERE at < %s", (now - BEATS_KEPT,))
            cursor = await db.execute("SELECT began, ended FROM pauses ORDER BY began, ended")
            rows = await cursor.fetchall()
        return tuple((float(str(began)), float(str(ended))) for began, ended in rows)

    async def beat(self, process: str, now: float) -> None:
        """A server process is alive (see :meth:`~boardtable.server.store.Store.beat`)."""
        async with self._connection() as db:
            await db.execute(_BEAT, (process, now))

    async def orphans(self) -> tuple[str, ...]:
        """The driven matches whose claim no process holds (see :class:`PostgresClaims`)."""
        async with self._connection() as db:
            cursor = await db.execute(_ORPHANS)
            return tuple(str(row[0]) for row in await cursor.fetchall())

    async def close(self) -> None:
        """Stop listening, give up the claims, and close the pool."""
        await self.notifier.close()
        await self.claims.close()
        if self._pool is not None:
            await self._pool.close()
            self._pool = None


class PostgresNotifier:
    """Every entry committed by any process, heard by this one (LISTEN/NOTIFY).

    The store announces an entry in the transaction that commits it, so every listening
    process hears of it exactly when it is committed (this one too: the registry ignores
    what it has already); the notice carries the entry itself, so that a process following
    the match plays it without reading the database. A lost listening connection is opened again, and the notices sent
    while it was down are made good: once it listens again, every match's number of entries
    is read and told.
    """

    def __init__(self, store: PostgresStore) -> None:
        self._store = store
        self._heard: list[Heard] = []
        self._task: asyncio.Task[None] | None = None
        #: Set once the listening connection listens (again).
        self.listening = asyncio.Event()

    def listen(self, heard: Heard) -> None:
        """Call ``heard(match, seq, entry)`` for every entry committed from now on, by any process."""
        self._heard.append(heard)

    def _tell(self, match: str, seq: int, entry: Entry | None = None) -> None:
        for heard in self._heard:
            heard(match, seq, entry)

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
                        await self._tell_every_last_seq(db)
                    again = True
                    self.listening.set()
                    async for notice in db.notifies():
                        self._heard_of(notice.payload)
            except (StoreError, psycopg.Error) as exc:
                self.listening.clear()
                _log.warning(
                    "no longer hearing of other processes' moves (%s); listening again", clip(str(exc), 160)
                )
                await asyncio.sleep(1.0)

    def _heard_of(self, payload: str) -> None:
        """A notice of :data:`_APPEND`'s: ``MATCH SEQ``, then the entry where it is carried."""
        match, _, rest = payload.partition(" ")
        seq, _, carried = rest.partition(" ")
        if not seq.isdigit():
            return
        entry = None
        with contextlib.suppress(ValueError):
            if carried:
                kind, digest, at, data = carried.split(" ", 3)
                entry = Entry(int(seq) - 1, kind, data, digest, float(at))
        self._tell(match, int(seq), entry)

    async def _tell_every_last_seq(self, db: psycopg.AsyncConnection[tuple[object, ...]]) -> None:
        """Tell the number of entries of every match: what the notices missed while nobody listened."""
        cursor = await db.execute("SELECT match, max(seq) + 1 FROM entries GROUP BY match")
        for match, seq in await cursor.fetchall():
            self._tell(str(match), int(str(seq)))

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

    #: Seconds between two looks for orphans (driven matches whose claim nobody holds).
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

    async def orphans(self) -> tuple[str, ...]:
        """The driven matches whose lock no process holds, oldest first."""
        return await self._store.orphans()

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
