"""Where matches and their moves are kept: the :class:`Store` interface and :class:`SQLiteStore`.

A store keeps each match's configuration and seats (a human seat's token only
as its SHA-256 hash) and its moves in order. It alone decides whether a move is
accepted: :meth:`Store.append` stores the move of ply N only if the match's last
stored ply is N-1, inside one transaction, and returns only once the move is
committed; the server acknowledges nothing before. Another store (a database
server shared by several processes) is added by implementing the same five
methods.

:class:`SQLiteStore` keeps a file in WAL mode, used by the event loop's thread
only. It commits every job that asked during one turn of the loop in one
transaction (group commit), so that moves that arrive together cost one disk
flush. The loop waits for that flush: 0.1 to 0.4 ms on the machine the project
is measured on, far less than a writer thread cost there (4 to 5 ms a commit under load,
mostly waiting for the interpreter's lock behind the busy loop, and a window
in which a draft round's second choice went stale);
on a slow disk, serve from PostgreSQL or pass ``durable=False``. With
``durable=True`` (the default) ``synchronous=FULL`` flushes the log at every
commit: an acknowledged move survives ``kill -9`` and a power loss alike.
``durable=False`` (``synchronous=NORMAL``) survives a killed process, not a
crashed machine.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from attrs import frozen

from .._config import GameConfig
from .._errors import HadaraError, RecordError
from .._moves import Move
from ..records import from_json, to_json

__all__ = ["SQLiteStore", "SeatEntry", "Store", "StoreError", "StoredMatch", "StoredMove"]

_T = TypeVar("_T")

#: The version of the store's tables, kept in SQLite's ``user_version``.
SCHEMA = 1


class StoreError(HadaraError):
    """A store that cannot be opened or read, or holds what no server wrote."""


@frozen
class SeatEntry:
    """A seat of a match as stored: who plays it, and a human seat's token hash."""

    seat: int
    #: ``"human"``, or the name of the bot playing it (``hadara_rules.bots.BOTS``).
    kind: str
    name: str
    #: The SHA-256 of a human seat's token, in hex; None for a bot's seat.
    token_hash: str | None = None


@frozen
class StoredMove:
    """A move as stored: its ply (the number of moves before it), and the position's digest after it."""

    ply: int
    move: Move
    digest: str


@frozen
class StoredMatch:
    """A match as stored: its id, configuration, seats and moves in order."""

    match: str
    config: GameConfig
    seats: tuple[SeatEntry, ...]
    moves: tuple[StoredMove, ...]


class Store(Protocol):
    """What the server keeps matches in."""

    async def create(self, match: StoredMatch) -> None:
        """Store a new match (its ``moves`` empty), committed before it returns."""
        ...

    async def append(
        self, match: str, move: StoredMove, over: bool, committed: Callable[[], None] | None = None
    ) -> bool:
        """Store ``move`` if the last stored ply of ``match`` is ``move.ply - 1``, committed
        before it returns; False, storing nothing, otherwise. ``over``: the game ends with it.
        ``committed()`` is called once the move is committed, in the turn of the loop that
        commits it, after its caller is answered (a commit that answers several callers at
        once calls each one's ``committed`` in the order of the moves, before any caller
        goes on); an exception it raises is logged (:func:`call_committed`)."""
        ...

    async def load(self, match: str, since: int = 0) -> StoredMatch | None:
        """The match with its stored moves from ply ``since`` on (every move by default),
        or None when there is none of that id."""
        ...

    async def unfinished(self) -> tuple[str, ...]:
        """The ids of the matches whose game is not over, oldest first (to resume them)."""
        ...

    async def close(self) -> None:
        """Finish the jobs under way and release the store."""
        ...


_TABLES = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    match TEXT NOT NULL REFERENCES matches (id),
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (match, ply)
) WITHOUT ROWID;
"""

# The move of ply N goes in only after ply N-1 (or as the first move); the key refuses a second ply N.
_APPEND = """
INSERT OR IGNORE INTO moves (match, ply, move, digest)
SELECT :match, :ply, :move, :digest
WHERE :ply = coalesce((SELECT max(ply) FROM moves WHERE match = :match), -1) + 1
"""


_log = logging.getLogger("hadara.server")


def call_committed(committed: Callable[[], None] | None, match: str) -> None:
    """Call a store's caller's ``committed`` for a move of ``match`` just committed; a failure
    is logged: the move is stored whatever ``committed`` does."""
    if committed is None:
        return
    try:
        committed()
    except Exception:
        _log.exception("match %s: what follows a stored move failed", match)


class _Job(Generic[_T]):
    """Work for the next commit: ``run`` on the connection, its result set on ``done`` once
    committed, then handed to ``committed`` (when given) in the commit's own turn."""

    def __init__(
        self,
        run: Callable[[sqlite3.Connection], _T],
        done: asyncio.Future[_T],
        committed: Callable[[_T], None] | None = None,
    ) -> None:
        self.run = run
        self.done = done
        self.committed = committed


class SQLiteStore:
    """The embedded store: one SQLite file, written in group commits by the event loop (see the module)."""

    def __init__(self, path: str | os.PathLike[str], *, durable: bool = True) -> None:
        self.path = os.fspath(path)
        try:
            # check_same_thread: an ASGI server may make the app in one thread and run it in another
            connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA busy_timeout = 5000")
            if connection.execute("PRAGMA journal_mode = WAL").fetchone()[0] != "wal":
                raise StoreError(f"{self.path}: cannot keep the matches in WAL mode")
            connection.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA):
                raise StoreError(f"{self.path}: a match store of another version ({version}, not {SCHEMA})")
            connection.executescript(_TABLES + f"PRAGMA user_version = {SCHEMA};")
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: not a match store ({exc})") from None
        self._connection = connection
        #: The jobs asked for since the last commit, committed at the loop's next turn.
        self._waiting: list[_Job[Any]] = []

    # ------------------------------------------------------------------ group commit

    async def _run(
        self, run: Callable[[sqlite3.Connection], _T], committed: Callable[[_T], None] | None = None
    ) -> _T:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[_T] = loop.create_future()
        job = _Job(run, done, committed)
        self._waiting.append(job)
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
                continue
            job.done.set_result(result)  # the caller goes on at the loop's next turn, first,
            if job.committed is not None:  # then what ``committed`` sets going, move by move
                job.committed(result)

    # ------------------------------------------------------------------ the interface

    async def create(self, match: StoredMatch) -> None:
        """Store a new match (see :meth:`Store.create`)."""
        seats = json.dumps([[s.seat, s.kind, s.name, s.token_hash] for s in match.seats])
        config = to_json(match.config)

        def insert(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO matches (id, config, seats) VALUES (?, ?, ?)", (match.match, config, seats)
            )

        await self._run(insert)

    async def append(
        self, match: str, move: StoredMove, over: bool, committed: Callable[[], None] | None = None
    ) -> bool:
        """Store a move at its ply, or refuse it (see :meth:`Store.append`); ``committed`` is
        called in the turn of the loop that commits it."""
        row = {"match": match, "ply": move.ply, "move": to_json(move.move), "digest": move.digest}

        def insert(db: sqlite3.Connection) -> bool:
            if db.execute(_APPEND, row).rowcount != 1:
                return False
            if over:
                db.execute("UPDATE matches SET over = 1 WHERE id = ?", (match,))
            return True

        def accepted(stored: bool) -> None:
            if stored:
                call_committed(committed, match)

        return await self._run(insert, accepted)

    async def load(self, match: str, since: int = 0) -> StoredMatch | None:
        """The stored match (see :meth:`Store.load`)."""

        def select(db: sqlite3.Connection) -> tuple[tuple[str, str], list[tuple[int, str, str]]] | None:
            head = db.execute("SELECT config, seats FROM matches WHERE id = ?", (match,)).fetchone()
            if head is None:
                return None
            moves = db.execute(
                "SELECT ply, move, digest FROM moves WHERE match = ? AND ply >= ? ORDER BY ply",
                (match, since),
            ).fetchall()
            return head, moves

        rows = await self._run(select)
        if rows is None:
            return None
        (config, seats), moves = rows
        try:
            return StoredMatch(
                match,
                from_json(config, GameConfig),
                tuple(SeatEntry(*seat) for seat in json.loads(seats)),
                tuple(StoredMove(ply, from_json(text, Move), digest) for ply, text, digest in moves),
            )
        except (RecordError, TypeError, ValueError) as exc:
            raise StoreError(f"{self.path}: match {match}: {exc}") from None

    async def unfinished(self) -> tuple[str, ...]:
        """The matches to resume (see :meth:`Store.unfinished`)."""

        def select(db: sqlite3.Connection) -> tuple[str, ...]:
            return tuple(row[0] for row in db.execute("SELECT id FROM matches WHERE over = 0 ORDER BY rowid"))

        return await self._run(select)

    async def close(self) -> None:
        """Commit the jobs given before, then close the file."""
        if self._waiting:
            self._commit_waiting()
        self._connection.close()
