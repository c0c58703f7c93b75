"""The embedded store: :class:`SQLiteStore`, one SQLite file served by one process.

:class:`SQLiteStore` keeps a file in WAL mode, used by the event loop's thread
only. It commits every job that asked during one turn of the loop in one
transaction (group commit), so that entries that arrive together cost one disk
flush. The loop waits for that flush: 0.1 to 0.4 ms on the machine the project
is measured on, far less than a writer thread cost there (4 to 5 ms a commit
under load, mostly waiting for the interpreter's lock behind the busy loop); on
a slow disk, serve from PostgreSQL or pass ``durable=False``. With
``durable=True`` (the default) ``synchronous=FULL`` flushes the log at every
commit: an acknowledged move survives ``kill -9`` and a power loss alike.
``durable=False`` (``synchronous=NORMAL``) survives a killed process, not a
crashed machine.

The tables (version 3): ``matches`` (a match's game, options, seats and
settings; ``listed`` and ``driven``, its flags; ``created``, its place in the
order of creation, for "newest first" and "oldest first"; ``over``, once its
game has ended), ``entries`` (each match's entries by seq), ``beats`` (each
server process's last beat) and ``pauses`` (the times no server ran, from the
last beat before each to the start after it). Partial indexes on ``created``
keep the listed and the driven unfinished matches cheap to find.

A file of an earlier version is brought to this one when it is opened, in one
transaction: version 1 (moves by ply, Hadara's only) becomes version 2, each
move the entry of the same number; version 2's ``bots`` flag becomes
``driven`` (the column renamed), and its matches get the settings ``{}``, are
not listed, and keep their order. A file of this version whose tables are
missing is refused, never made anew over the matches it held.

One server at a time: a store holds an exclusive lock (``flock``) on the file
itself, its device and inode, from its opening to its closing, and a second store
on the same file is refused with one line however it names the file (a symbolic
link, a hard link, a relative path), so that two servers can never both accept
moves of one match from positions of their own. The store opens the file by its
resolved path, so that SQLite's write-ahead log is beside the file, not beside a
link to it (``exclusive=False`` opens it without the lock, to read it beside a
server).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, NoReturn, TypeVar

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

__all__ = ["SCHEMA", "SQLiteStore"]

_T = TypeVar("_T")

#: The version of the store's tables, kept in SQLite's ``user_version``.
SCHEMA = 3

_ENTRIES_COLUMNS = """
    match TEXT NOT NULL REFERENCES matches (id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    digest TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (match, seq)
"""

_TABLES = f"""
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    driven INTEGER NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    settings TEXT NOT NULL DEFAULT '{{}}',
    listed INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL DEFAULT 0,
    entries INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS entries ({_ENTRIES_COLUMNS}) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS beats (process TEXT PRIMARY KEY, at REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pauses (began REAL NOT NULL, ended REAL NOT NULL);
CREATE INDEX IF NOT EXISTS matches_created ON matches (created);
CREATE INDEX IF NOT EXISTS matches_driven ON matches (created) WHERE driven AND over = 0;
CREATE INDEX IF NOT EXISTS matches_listed ON matches (created) WHERE listed AND over = 0;
CREATE INDEX IF NOT EXISTS matches_creator ON matches (json_extract(settings, '$.creator')) WHERE over = 0;
"""

# Version 1 kept Hadara's moves by ply; each becomes the entry of the same number. A match
# whose seats name no bot has none to move (a human seat has a token hash).
_FROM_VERSION_1 = f"""
ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'hadara';
ALTER TABLE matches ADD COLUMN bots INTEGER NOT NULL DEFAULT 1;
CREATE TABLE entries ({_ENTRIES_COLUMNS}) WITHOUT ROWID;
INSERT INTO entries (match, seq, kind, data, digest, at) SELECT match, ply, 'move', move, digest, 0 FROM moves;
DROP TABLE moves;
"""

# Version 2 had no settings, listing or order of its own: its matches keep the order of their rows.
_FROM_VERSION_2 = """
ALTER TABLE matches RENAME COLUMN bots TO driven;
ALTER TABLE matches ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE matches ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN created INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN entries INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET created = rowid;
UPDATE matches SET entries = (SELECT count(*) FROM entries WHERE match = matches.id);
"""

# A new match comes after every other; a taken id stores nothing.
_CREATE = """
INSERT INTO matches (id, game, config, seats, settings, listed, driven, created)
SELECT :id, :game, :config, :seats, :settings, :listed, :driven, coalesce(max(created), 0) + 1 FROM matches
WHERE true ON CONFLICT (id) DO NOTHING
"""

# The entry of seq N goes in only after N-1 (or as the first); the key refuses a second N.
_APPEND = """
INSERT OR IGNORE INTO entries (match, seq, kind, data, digest, at)
SELECT :match, :seq, :kind, :data, :digest, :at
WHERE :seq = coalesce((SELECT max(seq) FROM entries WHERE match = :match), -1) + 1
"""


# The time of a match's last entry (one probe of the key), or of its making.
_UNTOUCHED = """
SELECT id FROM matches WHERE over = 0 AND coalesce(
    (SELECT at FROM entries WHERE match = matches.id ORDER BY seq DESC LIMIT 1),
    json_extract(settings, '$.created'), 0
) BETWEEN 1 AND ? ORDER BY created LIMIT ?
"""


#: The files this process serves, by device and inode.
_SERVED: set[tuple[int, int]] = set()
_SERVED_LOCK = threading.Lock()


def _inode(found: os.stat_result) -> tuple[int, int]:
    return found.st_dev, found.st_ino


def _hold(path: str, real: str) -> tuple[int, tuple[int, int]]:
    """An exclusive lock on the file ``path`` names, at ``real`` (its resolved path; made empty
    if need be, which SQLite takes for a new database): the descriptor that holds it until it
    is closed, and the file's device and inode; :class:`StoreError` when another store, of
    this process or another, holds it.

    A second descriptor of a file this process serves is never opened: closing any descriptor
    of a file gives up every lock the process holds on it with ``fcntl``, SQLite's included."""
    taken = StoreError(f"{path}: another server is serving this match store (one server a file)")
    known = False
    with _SERVED_LOCK:
        with contextlib.suppress(OSError):
            known = _inode(Path(real).stat()) in _SERVED
        if known:
            raise taken
        try:
            held = os.open(real, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise StoreError(f"{path}: cannot open the match store ({exc.strerror})") from None
        inode = _inode(os.fstat(held))
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(held)
            raise taken from None
        _SERVED.add(inode)
    return held, inode


def _missing(db: sqlite3.Connection) -> list[str]:
    """The tables of this version the file lacks."""
    found = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return [table for table in ("matches", "entries", "beats", "pauses") if table not in found]


def _each(db: sqlite3.Connection, statements: str) -> None:
    """Run each statement of ``statements`` in the transaction under way (``executescript``
    would commit it first)."""
    for statement in statements.split(";"):
        if statement.strip():
            db.execute(statement)


# What an accepted entry changes of its match: its count of entries, and it ends the game or
# sets a flag.
_FLAGS = """
UPDATE matches SET entries = :seq + 1, over = over OR :over, listed = coalesce(:listed, listed),
    driven = coalesce(:driven, driven)
WHERE id = :match
"""

# A negative limit is none.
_ENTRIES = "SELECT seq, kind, data, digest, at FROM entries WHERE match = ? AND seq >= ? ORDER BY seq LIMIT ?"


def _beat(db: sqlite3.Connection, process: str, now: float) -> None:
    """Record ``process``'s beat at ``now``."""
    db.execute(
        "INSERT INTO beats (process, at) VALUES (?, ?) ON CONFLICT (process) DO UPDATE SET at = excluded.at",
        (process, now),
    )


class _Job(Generic[_T]):
    """Work for the next commit: ``run`` on the connection, its result set on ``done`` once committed."""

    def __init__(self, run: Callable[[sqlite3.Connection], _T], done: asyncio.Future[_T]) -> None:
        self.run = run
        self.done = done


class SQLiteStore:
    """The embedded store: one SQLite file, written in group commits by the event loop (see the module)."""

    def __init__(self, path: str | os.PathLike[str], *, durable: bool = True, exclusive: bool = True) -> None:
        self.path = os.fspath(path)
        self._real = os.path.realpath(self.path)
        self._held = _hold(self.path, self._real) if exclusive else None
        try:
            self._connection = self._open(durable)
        except StoreError:
            self._release()
            raise
        #: The jobs asked for since the last commit, committed at the loop's next turn.
        self._waiting: list[_Job[Any]] = []

    def _open(self, durable: bool) -> sqlite3.Connection:
        try:
            # check_same_thread: an ASGI server may make the app in one thread and run it in another
            connection = sqlite3.connect(self._real, isolation_level=None, check_same_thread=False)
            try:
                connection.execute("PRAGMA busy_timeout = 5000")
                if connection.execute("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
                    self._refuse("cannot keep the matches in WAL mode")
                connection.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
                self._tables(connection)
            except BaseException:
                connection.close()  # before the lock's descriptor is closed (see _hold)
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: not a match store ({exc})") from None
        return connection

    def _tables(self, db: sqlite3.Connection) -> None:
        """Make the tables of a new file, or bring those of an earlier version to this one."""
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version == 1:
                _each(db, _FROM_VERSION_1)
                db.execute(
                    "UPDATE matches SET bots = 0 WHERE NOT EXISTS "
                    "(SELECT 1 FROM json_each(matches.seats) WHERE json_extract(value, '$[3]') IS NULL)"
                )
            if version in (1, 2):
                _each(db, _FROM_VERSION_2)
            elif version == SCHEMA and _missing(db):
                self._refuse(f"a damaged match store: its table {_missing(db)[0]} is missing")
            elif version not in (0, SCHEMA):
                self._refuse(f"a match store of another version ({version}, not {SCHEMA})")
            _each(db, _TABLES)
            db.execute(f"PRAGMA user_version = {SCHEMA}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def _refuse(self, why: str) -> NoReturn:
        raise StoreError(f"{self.path}: {why}")

    def _release(self) -> None:
        """Give up the lock, once SQLite's connection is closed (see :func:`_hold`)."""
        if self._held is not None:
            held, inode = self._held
            self._held = None
            os.close(held)
            with _SERVED_LOCK:
                _SERVED.discard(inode)

    # ------------------------------------------------------------------ group commit

    async def _run(self, run: Callable[[sqlite3.Connection], _T]) -> _T:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[_T] = loop.create_future()
        self._waiting.append(_Job(run, done))
        if len(self._waiting) == 1:  # the first since the last commit: the next turn commits them all
            loop.call_soon(self._commit_waiting)
        return await done

    def _commit_waiting(self) -> None:
        batch, self._waiting = self._waiting, []
        self._commit(batch)

    def _commit(self, batch: list[_Job[Any]]) -> None:
        """One transaction: each job in its own savepoint (one job's failure undoes only it).

        A job whose caller stopped waiting before the commit began is left out.
        """
        batch = [job for job in batch if not job.done.cancelled()]
        if not batch:
            return
        db = self._connection
        results: list[tuple[_Job[Any], object, Exception | None]] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for job in batch:
                db.execute("SAVEPOINT job")
                try:
                    results.append((job, job.run(db), None))
                except Exception as exc:  # handed to the job's caller
                    db.execute("ROLLBACK TO job")
                    failure = StoreError(f"{self.path}: {exc}") if isinstance(exc, sqlite3.Error) else exc
                    results.append((job, None, failure))
                db.execute("RELEASE job")
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            failure = StoreError(f"{self.path}: {exc}")
            for job in batch:
                job.done.set_exception(failure)
            return
        for job, result, error in results:  # nobody can cancel a job while the loop commits
            if error is not None:
                job.done.set_exception(error)
            else:
                job.done.set_result(result)

    # ------------------------------------------------------------------ the interface

    async def create(self, match: StoredMatch, *, listed: bool, driven: bool) -> None:
        """Store a new match (see :meth:`~boardtable.server.store.Store.create`)."""
        row = {
            "id": match.match,
            "game": match.game,
            "config": match.options,
            "seats": seats_text(match.seats),
            "settings": match.settings,
            "listed": listed,
            "driven": driven,
        }

        def insert(db: sqlite3.Connection) -> None:
            if db.execute(_CREATE, row).rowcount != 1:
                raise Exists(f"there is a match {match.match} already")

        await self._run(insert)

    async def append(
        self, match: str, entry: Entry, over: bool, *, listed: bool | None = None, driven: bool | None = None
    ) -> bool:
        """Store an entry at its seq, or refuse it (see :meth:`~boardtable.server.store.Store.append`)."""
        row = entry_row(match, entry)
        flags = {"match": match, "seq": entry.seq, "over": over, "listed": listed, "driven": driven}

        def insert(db: sqlite3.Connection) -> bool:
            if db.execute(_APPEND, row).rowcount != 1:
                return False
            db.execute(_FLAGS, flags)
            return True

        return await self._run(insert)

    async def load(self, match: str, limit: int | None = None) -> StoredMatch | None:
        """The stored match (see :meth:`~boardtable.server.store.Store.load`)."""

        def select(db: sqlite3.Connection) -> tuple[tuple[str, str, str, str, int], list[Any]] | None:
            head = db.execute(
                "SELECT game, config, seats, settings, entries FROM matches WHERE id = ?", (match,)
            ).fetchone()
            if head is None:
                return None
            return head, db.execute(_ENTRIES, (match, 0, -1 if limit is None else limit)).fetchall()

        rows = await self._run(select)
        if rows is None:
            return None
        (game, config, seats, settings, length), entries = rows
        try:
            entered = tuple(Entry(*row) for row in entries)
            return StoredMatch(match, game, config, read_seats(seats), entered, settings, length)
        except StoreError as exc:
            raise Damaged(match, str(exc)) from None

    async def entries(self, match: str, since: int, limit: int | None = None) -> tuple[Entry, ...]:
        """The entries from ``since`` on (see :meth:`~boardtable.server.store.Store.entries`)."""
        query = (match, since, -1 if limit is None else limit)
        rows = await self._run(lambda db: db.execute(_ENTRIES, query).fetchall())
        return tuple(Entry(*row) for row in rows)

    async def driven(self) -> tuple[str, ...]:
        """The matches the driver follows (see :meth:`~boardtable.server.store.Store.driven`)."""
        return await self._ids("SELECT id FROM matches WHERE driven AND over = 0 ORDER BY created", ())

    async def listed(self, limit: int) -> tuple[str, ...]:
        """The lobby's matches (see :meth:`~boardtable.server.store.Store.listed`)."""
        query = "SELECT id FROM matches WHERE listed AND over = 0 ORDER BY created DESC LIMIT ?"
        return await self._ids(query, (counted(limit),))

    async def live_by(self, creator: str) -> int:
        """The unfinished matches of a creator (see :meth:`~boardtable.server.store.Store.live_by`)."""
        query = "SELECT count(*) FROM matches WHERE json_extract(settings, '$.creator') = ? AND over = 0"
        found: int = await self._run(lambda db: db.execute(query, (creator,)).fetchone()[0])
        return found

    async def untouched(self, before: float, limit: int) -> tuple[str, ...]:
        """The matches nobody played lately (see :meth:`~boardtable.server.store.Store.untouched`)."""
        return await self._ids(_UNTOUCHED, (before, counted(limit)))

    async def _ids(self, query: str, parameters: tuple[object, ...]) -> tuple[str, ...]:
        return await self._run(lambda db: tuple(row[0] for row in db.execute(query, parameters)))

    async def resumed(self, process: str, now: float, within: float) -> tuple[tuple[float, float], ...]:
        """A server process starts (see :meth:`~boardtable.server.store.Store.resumed`)."""

        def start(db: sqlite3.Connection) -> tuple[tuple[float, float], ...]:
            if db.execute("SELECT 1 FROM beats WHERE at >= ?", (now - within,)).fetchone() is None:
                db.execute(
                    "INSERT INTO pauses (began, ended) SELECT max(at), ? FROM beats HAVING count(*)", (now,)
                )
            _beat(db, process, now)
            db.execute("DELETE FROM beats WHERE at < ?", (now - BEATS_KEPT,))
            rows = db.execute("SELECT began, ended FROM pauses ORDER BY began, ended")
            return tuple((began, ended) for began, ended in rows)

        return await self._run(start)

    async def beat(self, process: str, now: float) -> None:
        """A server process is alive (see :meth:`~boardtable.server.store.Store.beat`)."""
        await self._run(lambda db: _beat(db, process, now))

    async def close(self) -> None:
        """Commit the jobs given before, then close the file and give up its lock."""
        if self._waiting:
            self._commit_waiting()
        self._connection.close()
        self._release()
