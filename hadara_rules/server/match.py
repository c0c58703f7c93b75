"""One match being played: its game and options, its seats, its confirmed position and its lock.

A :class:`Match` holds only what the store has confirmed: its position is the
one reached by the entries stored, ``seq`` their number, and every move of the
line with what it made happen. Moves of one match are played one at a time,
under its ``lock``. A human seat is played through a secret token
(:func:`secrets.token_urlsafe`) of which only the SHA-256 is kept, compared in
constant time (:meth:`Match.seat_of`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from typing import Any

from attrs import define, field

from ..games import AnyGame, Decider, HadaraError
from .store import SeatEntry

__all__ = ["HUMAN", "Forbidden", "Match", "token_hash"]

#: The kind of a seat a person plays.
HUMAN = "human"


class Forbidden(HadaraError):
    """A token that opens no seat of the match, or a move for another seat."""


def token_hash(token: str) -> str:
    """How a seat's token is kept: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@define(eq=False)
class Match:
    """A live match (see the module). Its options, position, moves and events are its game's own
    values, as opaque to the server as :data:`~hadara_rules.games.AnyGame` says."""

    id: str
    game: AnyGame
    options: Any
    seats: tuple[SeatEntry, ...]
    state: Any
    #: The number of entries stored: the ``seq`` the next one takes.
    seq: int = 0
    #: The moves of the line, in order: ``moves[n]`` was played at ply ``n``.
    moves: list[Any] = field(factory=list)
    #: What each entry made happen: ``events[n]`` are the events of the entry of seq ``n``.
    events: list[tuple[Any, ...]] = field(factory=list)
    #: The bots playing seats, by seat.
    bots: dict[int, Decider[Any, Any]] = field(factory=dict)
    lock: asyncio.Lock = field(factory=asyncio.Lock)

    @property
    def ply(self) -> int:
        """The number of moves of the line."""
        return len(self.moves)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats to act."""
        return self.game.to_act(self.state)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over(self.state)

    def advance(self, move: Any, after: Any, events: tuple[Any, ...]) -> None:
        """The store confirmed ``move`` as the next entry: ``after`` is the match's position."""
        self.moves.append(move)
        self.events.append(events)
        self.state = after
        self.seq += 1

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
