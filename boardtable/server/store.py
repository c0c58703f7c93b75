"""Where matches are kept: the :class:`Store` interface, and the records it keeps.

A store keeps each match's game, options and seats (a human seat's token only
as its SHA-256 hash) and its entries in order. Every entry has a ``seq``, the
number of entries before it: ``seq`` only grows, and the store alone decides
whether an entry is accepted. :meth:`Store.append` stores the entry of ``seq`` N
only if the match's last stored entry is N-1, in one statement inside one
transaction (a unique match-and-seq key refuses a second N), and returns only
once it is committed; the server acknowledges nothing before.

A store is game-agnostic: options and moves are the game's own JSON text
(:class:`~boardtable.games.Game` writes and reads them), each move stored
with the digest of the position it reached, so that a match that does not
replay to its digests is found out: it is :class:`Damaged`, for good, where any
other :class:`StoreError` is the store failing now (asked again later, it may
answer). Beside them a match keeps its server's
settings (JSON text the store does not read) and two flags the server sets:
``listed`` (the lobby shows it: :meth:`Store.listed`) and ``driven`` (the
driver follows it, moving its bots, clocks and away seats: :meth:`Store.driven`).

Clocks charge only the time a server was running: every server process beats
(:meth:`Store.beat`) while it runs, and one that starts after no process beat
recently records the time since the last beat as a pause
(:meth:`Store.resumed`). The implementations: SQLite
(:mod:`~boardtable.server.sqlite`, one process) and PostgreSQL
(:mod:`~boardtable.server.postgres`, several processes).
"""

from __future__ import annotations

import json
from typing import Protocol

from attrs import field, frozen

from ..games import GameError

__all__ = [
    "BEATS_KEPT",
    "Damaged",
    "Entry",
    "Exists",
    "SeatEntry",
    "Store",
    "StoreError",
    "StoredMatch",
    "counted",
    "entry_row",
    "read_seats",
    "seats_text",
]


class StoreError(GameError):
    """A store that cannot be opened or read, or holds what no server wrote."""


class Exists(StoreError):
    """A new match whose id another match has already."""


class Damaged(StoreError):
    """A match whose stored rows no server wrote, or whose entries do not replay to their
    digests: never served at all. Not a failure of the store (asked again, it reads the same):
    ``match`` names it, and ``sound`` says how many of its entries replay to their digests
    (it was sound up to that ``seq``), None where that is not known."""

    def __init__(self, match: str, why: str, sound: int | None = None) -> None:
        super().__init__(f"match {match}: {why}")
        self.match = match
        self.sound = sound


#: Seconds a process's last beat is remembered (:meth:`Store.resumed`).
BEATS_KEPT = 86_400.0


@frozen
class SeatEntry:
    """A seat of a match as stored: who plays it, and a human seat's token hash."""

    seat: int
    #: ``"human"``, or the name of the bot playing it (:meth:`~boardtable.games.Game.bot_names`).
    kind: str
    name: str
    #: The SHA-256 of a human seat's token, in hex; None for a bot's seat.
    token_hash: str | None = None


@frozen
class Entry:
    """An entry of a match's log as stored."""

    #: The number of entries before it.
    seq: int
    #: What it does: one of the kinds of :mod:`~boardtable.server.entries` (``"move"``…).
    kind: str
    #: What it holds: a move as its game writes it.
    data: str
    #: The digest of the position reached after it.
    digest: str
    #: When it was stored, in seconds since the epoch.
    at: float


@frozen
class StoredMatch:
    """A match as stored: its id, game, options (the game's JSON), seats, entries in order
    and the server's settings of it."""

    match: str
    game: str
    options: str
    seats: tuple[SeatEntry, ...]
    entries: tuple[Entry, ...]
    #: The server's settings of the match, as JSON text (the store does not read it).
    settings: str = "{}"
    #: How many entries the match's own row counts (each append counts one, in the same
    #: transaction): entries lost from the end are found out. None where it is not known (not
    #: part of what the match is: two loads of one match are equal whatever they counted).
    length: int | None = field(default=None, eq=False)

    @property
    def bots(self) -> bool:
        """Whether a bot plays a seat (its bots must be moved while the game goes on)."""
        return any(seat.token_hash is None for seat in self.seats)


def counted(limit: int) -> int:
    """``limit`` for :meth:`Store.listed`; a one-line :class:`StoreError` for a negative one."""
    if limit < 0:
        raise StoreError(f"a limit of 0 matches or more, not {limit}")
    return limit


def entry_row(match: str, entry: Entry) -> dict[str, object]:
    """An entry as a row of a store's table, by column, with its match."""
    return {
        "match": match,
        "seq": entry.seq,
        "kind": entry.kind,
        "data": entry.data,
        "digest": entry.digest,
        "at": entry.at,
    }


def seats_text(seats: tuple[SeatEntry, ...]) -> str:
    """The seats as a store keeps them (JSON)."""
    return json.dumps([[s.seat, s.kind, s.name, s.token_hash] for s in seats])


def read_seats(text: str) -> tuple[SeatEntry, ...]:
    """The seats :func:`seats_text` wrote; :class:`StoreError` for anything else."""
    try:
        return tuple(SeatEntry(*seat) for seat in json.loads(text))
    except (TypeError, ValueError) as exc:
        raise StoreError(f"seats that no server wrote ({exc})") from None


class Store(Protocol):
    """What the server keeps matches in."""

    async def create(self, match: StoredMatch, *, listed: bool, driven: bool) -> None:
        """Store a new match (its ``entries`` empty) with its flags, committed before it returns;
        :class:`Exists`, storing nothing, when its id is taken."""
        ...

    async def append(
        self, match: str, entry: Entry, over: bool, *, listed: bool | None = None, driven: bool | None = None
    ) -> bool:
        """Store ``entry`` if the last stored entry of ``match`` is ``entry.seq - 1``,
        committed before it returns; False, storing nothing, otherwise. ``over``: the game
        ends with it; ``listed`` and ``driven``, where given, set the match's flags in the
        same transaction (None leaves them)."""
        ...

    async def load(self, match: str, limit: int | None = None) -> StoredMatch | None:
        """The match with every stored entry (at most its first ``limit`` where it is given,
        read with its row in one snapshot), or None when there is none of that id;
        :class:`Damaged` for rows of it that no server wrote."""
        ...

    async def entries(self, match: str, since: int, limit: int | None = None) -> tuple[Entry, ...]:
        """The stored entries of ``match`` from ``since`` on, in order (a match being caught up),
        at most ``limit`` of them (None: every one; a page of its log)."""
        ...

    async def driven(self) -> tuple[str, ...]:
        """The ids of the unfinished matches whose ``driven`` flag is set, oldest first
        (the driver follows them: their bots, clocks and away seats)."""
        ...

    async def listed(self, limit: int) -> tuple[str, ...]:
        """The ids of the unfinished matches whose ``listed`` flag is set, newest first,
        at most ``limit`` of them (the lobby)."""
        ...

    async def live_by(self, creator: str) -> int:
        """How many unfinished matches ``creator`` (their settings' ``creator``) made."""
        ...

    async def untouched(self, before: float, limit: int) -> tuple[str, ...]:
        """The ids of the unfinished matches with nothing stored since ``before`` (their last
        entry, or their making where they have none, earlier: the time their settings'
        ``created`` says), oldest first, at most ``limit`` (to be abandoned). A match whose
        times are unknown (stored before entries had times) is never among them."""
        ...

    async def resumed(self, process: str, now: float, within: float) -> tuple[tuple[float, float], ...]:
        """Server ``process`` starts at ``now``: if no process beat within ``within`` seconds
        before ``now``, the time from the latest beat of any process to ``now`` is recorded as
        a pause (none on a store never beaten). Records the process's beat at ``now``, forgets
        beats older than :data:`BEATS_KEPT`, and returns every pause recorded, oldest first,
        as ``(start, end)`` pairs."""
        ...

    async def beat(self, process: str, now: float) -> None:
        """Server ``process`` is alive at ``now``."""
        ...

    async def close(self) -> None:
        """Finish the jobs under way and release the store."""
        ...
