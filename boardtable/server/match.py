"""One match being played: its game and settings, its seats, its confirmed position and its lock.

A :class:`Match` holds only what the store has confirmed: its position is the
one reached by the entries stored (:mod:`~boardtable.server.entries`), ``seq``
their number, the moves of the line, what each entry made happen, its seats as
they stand now, and its clocks. Changes of one match are made one at a time,
under its ``lock``. A person's seat is played through a secret token
(:func:`secrets.token_urlsafe`) of which only the SHA-256 is kept, compared in
constant time (:meth:`Match.seat_of`).

A seat is played by a person (``human``), waits for one (``open``), is played by
the stand-in bot while its person is ``away``, or is a bot's (the bot's name).
A match with an open seat has not started: nobody moves and no clock runs. A
rematch's person seats wait the same way until each person takes theirs.

A match ends when its game does, when nobody plays it for too long (abandoned),
or when a person ends it (:class:`~boardtable.server.entries.Ended`): a seat
resigns (the game's result then ranks the others as the position stands, the
resigner last), a seat aborts it before every seat has moved once, or its
creator (who holds a token the creation gave: a seat that was a person's from
the start) cancels it before it starts. The last two have no result.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections.abc import Sequence
from typing import Any

from attrs import define, evolve, field, frozen

from ..games import AnyGame, Decider, GameError
from .clock import Clocks, Pause
from .entries import (
    ABORT,
    CANCEL,
    ENDINGS,
    JOIN,
    RESIGN,
    RETURN,
    TIMEOUT,
    Abandoned,
    Change,
    Ended,
    Played,
    Rematched,
    SeatChanged,
    TakenBack,
    notice,
    read_change,
)
from .settings import Settings
from .store import Damaged, Entry, SeatEntry, StoreError

__all__ = [
    "AWAY",
    "END_REFUSALS",
    "ENGINE_WORDS",
    "HUMAN",
    "KIND_WORDS",
    "MAX_ENTRIES",
    "OPEN",
    "TAKE_BACK_REFUSALS",
    "Damaged",
    "Forbidden",
    "Match",
    "Told",
    "rematch_token",
    "token_hash",
]

#: The kind of a seat a person plays.
HUMAN = "human"
#: The kind of a seat waiting for a person to join.
OPEN = "open"
#: The kind of a person's seat played by the stand-in bot (its person left, or ran out of time).
AWAY = "away"
#: What a seat of each of the server's own kinds is, in a line (``GET /api/games`` says it;
#: a bot's line is its game's).
KIND_WORDS = {
    HUMAN: "A person, who plays the seat with its secret token (the new match's answer gives it).",
    OPEN: "A seat a person takes later by joining the match (POST /api/matches/ID/seats/N/join): "
    "nobody moves until every open seat is taken.",
    AWAY: "A person's seat that the stand-in bot plays while its person is away (left, or out of time); "
    "a new match never asks for it.",
}
#: What a seat of an outside engine the operator named is, in a line.
ENGINE_WORDS = "An outside engine this server's operator runs (hadara serve --engine NAME=COMMAND)."
#: The most entries a match holds of its persons' asking. Once it holds that many, a person's
#: move, take-back or return is refused (``422 full``): a person may still leave, the stand-in
#: bot then playing the seat to the end. What the server stores by itself (the bots' moves,
#: timeouts, the end of an abandoned match) and what is asked at most once a seat (a join, a
#: leave that cannot be undone, a rematch) is stored beyond it, so that every match can end.
MAX_ENTRIES = 5_000


class Forbidden(GameError):
    """A token that opens no seat of the match, or a move for another seat."""


def token_hash(token: str) -> str:
    """How a seat's token is kept: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def rematch_token(token: str, rematch: str) -> str:
    """The token of a seat in the rematch ``rematch``, from the seat's token in this match: only
    who holds that token can work it out (the store keeps neither)."""
    key = token.encode("utf-8", "surrogatepass")
    return hmac.new(key, b"rematch:" + rematch.encode(), hashlib.sha256).hexdigest()[:32]


#: Why a take-back is refused: its status (409 while it may yet be granted, 422 never) and why.
TAKE_BACK_REFUSALS = {
    "off": (422, "this match was made without take-backs"),
    "no_move": (409, "this seat has no move to take back"),
    "moved_since": (409, "another seat has moved since this seat's last move"),
    "over": (409, "the game is over"),
    "away": (409, "the stand-in bot plays this seat"),
    "revealed": (422, "that move showed someone something they had not seen: it stands"),
}


#: Why a person's end of the match is refused: its status, error kind and why (a refused
#: abort's reason is its key).
END_REFUSALS = {
    "abandoned": (409, "abandoned", "the match was abandoned: nobody played it for too long"),
    "over": (409, "over", "the match is over"),
    "not_creator": (
        403,
        "forbidden",
        "only the match's creator (with a token its creation gave) may cancel it",
    ),
    "started": (409, "started", "the match has started: it is aborted or resigned, no longer cancelled"),
    "not_started": (
        409,
        "not_started",
        "the match has not started: it is aborted or cancelled, not resigned",
    ),
    "all_moved": (409, "cannot_abort", "every seat has moved: the match can be resigned, no longer aborted"),
}


def _played_by_bot(seat: SeatEntry) -> bool:
    """Whether a bot plays ``seat``: a bot's seat, or an away person's (neither a person's nor open)."""
    return seat.kind not in (HUMAN, OPEN)


@frozen
class Told:
    """What an entry made happen: the ply of its move (of any other change, the ply the match
    is at after it), and either the game's events of a move or the notice of another change."""

    ply: int
    events: tuple[Any, ...] = ()
    notice: dict[str, object] | None = None


@define(eq=False)
class Match:
    """A live match (see the module). Its options, position, moves and events are its game's own
    values, as opaque to the server as :data:`~boardtable.games.AnyGame` says."""

    id: str
    game: AnyGame
    options: Any
    settings: Settings
    seats: tuple[SeatEntry, ...]
    state: Any
    #: The pauses when no server ran (clocks do not run in them).
    pauses: Sequence[Pause] = ()
    #: The number of entries stored: the ``seq`` the next one takes.
    seq: int = 0
    #: The moves of the line, in order: ``moves[n]`` was played at ply ``n``.
    moves: list[Any] = field(factory=list)
    #: What each entry made happen, by seq.
    told: list[Told] = field(factory=list)
    #: The seats' clocks; None for a match without a clock.
    clocks: Clocks | None = None
    #: The match's rematch, once asked for.
    rematch: Rematched | None = None
    #: Whether it ended unfinished, nobody having played it for too long.
    abandoned: bool = False
    #: How a person ended it, if one did (resigned, aborted, cancelled).
    ended: Ended | None = None
    #: When its last entry was stored (when it was made, before any).
    touched: float = 0.0
    #: The bots playing seats, by seat, with the kind they were made for.
    bots: dict[int, tuple[str, Decider[Any, Any]]] = field(factory=dict)
    lock: asyncio.Lock = field(factory=asyncio.Lock)
    #: The position before the line's last move, while it is known without replaying.
    _previous: Any = None
    #: The last position whose digest was worked out, and that digest.
    _digested: tuple[Any, str] | None = None

    #: The seats a person played from the start (the creation gave their tokens): the
    #: creator's, who may cancel the match before it starts.
    founders: frozenset[int] = field(init=False)

    def __attrs_post_init__(self) -> None:
        self.founders = frozenset(seat.seat for seat in self.seats if seat.kind == HUMAN)
        self.touched = self.touched or self.settings.created
        if self.settings.clock is not None and self.clocks is None:
            self.clocks = Clocks.start(self.settings.clock, len(self.seats), self.settings.created)
            self.clocks.running = self.running()

    @property
    def ply(self) -> int:
        """The number of moves of the line."""
        return len(self.moves)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats to act (none once the match is abandoned, or a person ended it)."""
        return () if self.abandoned or self.ended else self.game.to_act(self.state)

    @property
    def finished(self) -> bool:
        """Whether the game has ended (by its rules)."""
        return self.game.is_over(self.state)

    @property
    def over(self) -> bool:
        """Whether the match has ended: its game finished, the match abandoned, or a person
        ended it."""
        return self.abandoned or self.ended is not None or self.game.is_over(self.state)

    @property
    def resigned(self) -> int | None:
        """The seat that resigned, ending the match; None if none did."""
        return self.ended.seat if self.ended is not None and self.ended.kind == RESIGN else None

    @property
    def decided(self) -> bool:
        """Whether the match ended with a result: its game finished, or a seat resigned."""
        return self.finished or self.resigned is not None

    def winners(self) -> tuple[int, ...]:
        """The seats that won: by the game's rules once it is finished, the others' as the
        position stood once a seat resigned (it never one); none before, nor without a result."""
        played = self.game
        if self.resigned is not None:
            others = [seat.seat for seat in self.seats if seat.seat != self.resigned]
            return played.winners_among(self.state, others)
        return played.winners(self.state) if self.finished else ()

    def end_refusal(self, kind: str, seat: int) -> str | None:
        """Why ``seat``'s person may not end the match now as ``kind`` says (a key of
        :data:`END_REFUSALS`), or None: a match going on may be resigned once it has started,
        aborted until every seat has moved once, and cancelled by its creator (a seat of
        :attr:`founders`) until it starts."""
        if kind == CANCEL and seat not in self.founders:
            return "not_creator"
        if self.abandoned:
            return "abandoned"
        if self.over:
            return "over"
        if kind == CANCEL:
            return "started" if self.started else None
        if kind == ABORT:
            return (
                "all_moved"
                if len({self.game.mover(move) for move in self.moves}) == len(self.seats)
                else None
            )
        return None if self.started else "not_started"

    def endings(self, seat: int | None) -> tuple[str, ...]:
        """The ends ``seat``'s person may ask for now (none for the spectator)."""
        return () if seat is None else tuple(kind for kind in ENDINGS if self.end_refusal(kind, seat) is None)

    @property
    def full(self) -> bool:
        """Whether the match holds :data:`MAX_ENTRIES` entries: its persons may only leave."""
        return self.seq >= MAX_ENTRIES

    @property
    def started(self) -> bool:
        """Whether every seat is taken: none open, and every person's seat of a rematch taken by
        its person (until then it has no token)."""
        return all(seat.kind != OPEN and (seat.kind != HUMAN or seat.token_hash) for seat in self.seats)

    def listed(self, seats: tuple[SeatEntry, ...], over: bool) -> bool:
        """Whether the lobby lists the match with ``seats``: public, unfinished, a seat open."""
        return self.settings.public and not over and any(seat.kind == OPEN for seat in seats)

    def driven(self, seats: tuple[SeatEntry, ...], over: bool) -> bool:
        """Whether a driver must follow the match with ``seats``: unfinished, with a bot to move
        or a clock to watch."""
        return not over and (self.settings.clock is not None or any(_played_by_bot(s) for s in seats))

    def persons(self) -> tuple[int, ...]:
        """The persons' seats (played, away, or open): those with a clock, where the match has one."""
        return tuple(seat.seat for seat in self.seats if seat.kind in (HUMAN, OPEN, AWAY))

    def by_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now (a bot's seat, or an away person's)."""
        return _played_by_bot(self.seats[seat])

    def running(self) -> tuple[int, ...]:
        """The seats whose clocks run: to act, played by a person, in a started match."""
        if self.clocks is None or not self.started or self.over:
            return ()
        return tuple(seat for seat in self.to_act if self.seats[seat].kind == HUMAN)

    def digest(self, state: Any) -> str:
        """The digest of ``state`` (a position of the match's game), worked out once for the
        same position: a change that moves nothing (a seat left or returned, the match ended)
        reaches the digest of the position before it, which a long match of leaves and returns
        would otherwise work out again at each entry (more than half of replaying it)."""
        known = self._digested
        if known is not None and known[0] is state:
            return known[1]
        digest = self.game.digest(state)
        self._digested = (state, digest)
        return digest

    def before_last_move(self) -> Any:
        """The position before the line's last move (worked out again if need be)."""
        if self._previous is None:
            state = self.game.new(self.options)
            for move in self.moves[:-1]:
                state, _ = self.game.play(state, move)
            self._previous = state
        return self._previous

    def apply(self, change: Change, at: float) -> None:
        """The store confirmed ``change`` as the next entry, stored at ``at``."""
        clocks = self.clocks
        if clocks is not None:
            clocks.charge(at, self.pauses)
        told: Told
        if isinstance(change, Played):
            self._previous = self.state
            self.moves.append(change.move)
            self.state = change.after
            if clocks is not None:
                clocks.moved(self.game.mover(change.move))
            told = Told(self.ply - 1, change.events)
        else:
            seat = None if isinstance(change, Rematched | Abandoned) else change.seat
            name = "" if seat is None else self.seats[seat].name
            if isinstance(change, TakenBack):
                self.state = change.before
                self.moves.pop()
                self._previous = None
                if clocks is not None:
                    clocks.taken_back(change.seat)
            elif isinstance(change, SeatChanged):
                self._change_seat(change)
                name = self.seats[change.seat].name
            elif isinstance(change, Rematched):
                self.rematch = change
            elif isinstance(change, Ended):
                self.ended = change
            else:
                self.abandoned = True
            told = Told(self.ply, notice=notice(change, name))
        self.told.append(told)
        self.seq += 1
        self.touched = at
        if clocks is not None:
            clocks.running = self.running()

    def seats_after(self, change: SeatChanged) -> tuple[SeatEntry, ...]:
        """The seats as ``change`` leaves them."""
        seat = self.seats[change.seat]
        if change.kind == JOIN:
            seat = evolve(seat, kind=HUMAN, name=change.name or seat.name, token_hash=change.token_hash)
        else:
            seat = evolve(seat, kind=HUMAN if change.kind == RETURN else AWAY)
        return (*self.seats[: change.seat], seat, *self.seats[change.seat + 1 :])

    def _change_seat(self, change: SeatChanged) -> None:
        self.seats = self.seats_after(change)
        if self.clocks is not None:
            if change.kind == TIMEOUT:
                self.clocks.timed_out(change.seat)
            elif change.kind == RETURN:
                self.clocks.returned(change.seat)

    def replay(self, entry: Entry) -> None:
        """Apply a stored entry (the one that follows), which must reach the digest stored with
        it; :class:`~boardtable.server.store.Damaged` otherwise (sound up to its ``seq``), the
        match unchanged."""
        if entry.seq != self.seq:
            raise Damaged(self.id, f"entry {entry.seq} is not the one that follows {self.seq}", self.seq)
        played = self.game
        try:
            change = read_change(entry.kind, entry.data, played)
            after = self.state
            if isinstance(change, Played):
                after, events = played.play(self.state, change.move)
                change = Played(change.move, after, events)
            elif isinstance(change, TakenBack):
                if not self.moves or played.mover(self.moves[-1]) != change.seat:
                    raise StoreError(f"seat {change.seat} takes back a move it did not make last")
                after = self.before_last_move()
                change = TakenBack(change.seat, after)
            elif isinstance(change, SeatChanged | Ended) and not 0 <= (change.seat or 0) < len(self.seats):
                raise StoreError(f"there is no seat {change.seat}")
        except GameError as exc:
            raise Damaged(self.id, f"stored entry {entry.seq} does not replay: {exc}", self.seq) from None
        if self.digest(after) != entry.digest:
            raise Damaged(self.id, f"the position after entry {entry.seq} is not the one stored", self.seq)
        self.apply(change, entry.at)

    def take_back_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last move now (a key of :data:`TAKE_BACK_REFUSALS`),
        or None: it may while a person plays it, the game goes on, its move is the line's last
        and that move showed no one anything new (its game decides)."""
        if not self.settings.takeback:
            return "off"
        if self.seats[seat].kind != HUMAN:
            return "away"
        if self.over:
            return "over"
        played = self.game
        if not self.moves or played.mover(self.moves[-1]) != seat:
            mine = any(played.mover(move) == seat for move in self.moves)
            return "moved_since" if mine else "no_move"
        if played.reveals(self.before_last_move(), self.state):
            return "revealed"
        return None

    def seat_of(self, token: str | None) -> int | None:
        """The seat ``token`` opens; None (the spectator) for no token; :class:`Forbidden` for a wrong one."""
        if token is None:
            return None
        given = token_hash(token)
        found = None
        for seat in self.seats:  # every seat compared, in constant time each
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, given):
                found = seat.seat
        if found is None:
            raise Forbidden("this token opens no seat of the match")
        return found
