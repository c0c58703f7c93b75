"""The entries of a match's log: each kind, what it holds, and what its seats are told of it.

Every change to a match is one stored entry with the next ``seq``: a move, a
take-back, a seat's change (a person joins an open seat, leaves it to the
stand-in bot, returns, or runs out of time), a rematch, the end of a match
nobody played for too long (abandoned), and the end a person asks for
(:class:`Ended`: a seat resigns, a seat aborts the match before every seat has
moved, the creator cancels it before it starts). :func:`entry_data`
writes a change as the store keeps it and :func:`read_change` reads it back; a
change other than a move is told to every seat as a notice (:func:`notice`).
"""

from __future__ import annotations

import json
from typing import Any

from attrs import frozen

from ..games import AnyGame
from .store import StoreError

__all__ = [
    "ABANDON",
    "ABORT",
    "CANCEL",
    "ENDINGS",
    "JOIN",
    "LEAVE",
    "MOVE",
    "REMATCH",
    "RESIGN",
    "RETURN",
    "TAKEBACK",
    "TIMEOUT",
    "Abandoned",
    "Change",
    "Ended",
    "Played",
    "Rematched",
    "SeatChanged",
    "TakenBack",
    "entry_data",
    "notice",
    "read_change",
]

MOVE, TAKEBACK, JOIN, LEAVE, RETURN, TIMEOUT, REMATCH, ABANDON = (
    "move",
    "takeback",
    "join",
    "leave",
    "return",
    "timeout",
    "rematch",
    "abandon",
)
RESIGN, ABORT, CANCEL = "resign", "abort", "cancel"
#: The kinds of seat change.
SEAT_CHANGES = (JOIN, LEAVE, RETURN, TIMEOUT)
#: The ends a person asks for, by the kind of their entry.
ENDINGS = (RESIGN, ABORT, CANCEL)


@frozen
class Played:
    """A move, the position it reached and what it made happen."""

    move: Any
    after: Any
    events: tuple[Any, ...]


@frozen
class TakenBack:
    """``seat`` took back the line's last move: ``before`` is the position before it."""

    seat: int
    before: Any


@frozen
class SeatChanged:
    """A seat's change (one of :data:`SEAT_CHANGES`); a person who joins brings a name and the
    hash of the token the seat is played with from now on."""

    kind: str
    seat: int
    name: str | None = None
    token_hash: str | None = None


@frozen
class Rematched:
    """The match's rematch: its id and seed."""

    match: str
    seed: int


@frozen
class Abandoned:
    """Nobody played the match for too long: it ends, unfinished (no winner)."""


@frozen
class Ended:
    """A person ended the match (one of :data:`ENDINGS`): ``seat`` resigned (the others rank as
    the position stands, it last), or aborted it before every seat had moved (no result); or
    its creator cancelled it before it started (no seat, no result)."""

    kind: str
    seat: int | None = None


Change = Played | TakenBack | SeatChanged | Rematched | Abandoned | Ended


def entry_data(played: AnyGame, change: Change) -> tuple[str, str]:
    """The entry's kind and data as the store keeps them."""
    if isinstance(change, Played):
        return MOVE, played.move_text(change.move)
    if isinstance(change, TakenBack):
        return TAKEBACK, json.dumps({"seat": change.seat})
    if isinstance(change, SeatChanged):
        data: dict[str, object] = {"seat": change.seat}
        if change.kind == JOIN:
            data.update(name=change.name, token=change.token_hash)
        return change.kind, json.dumps(data)
    if isinstance(change, Rematched):
        return REMATCH, json.dumps({"match": change.match, "seed": change.seed})
    if isinstance(change, Ended):
        return change.kind, json.dumps({} if change.seat is None else {"seat": change.seat})
    return ABANDON, "{}"


def read_change(kind: str, data: str, played: AnyGame) -> Change:
    """An entry's change, as :func:`entry_data` wrote it; a move is read but not played
    (:class:`Played` with no position: the caller plays it), a take-back has no position yet.
    :class:`~boardtable.server.store.StoreError` for what no server wrote."""
    if kind == MOVE:
        return Played(played.read_stored_move(data), None, ())
    try:
        fields = json.loads(data)
        if kind == TAKEBACK:
            return TakenBack(int(fields["seat"]), None)
        if kind in SEAT_CHANGES:
            return SeatChanged(kind, int(fields["seat"]), fields.get("name"), fields.get("token"))
        if kind == REMATCH:
            return Rematched(str(fields["match"]), int(fields["seed"]))
        if kind == ABANDON:
            return Abandoned()
        if kind == CANCEL:
            return Ended(CANCEL)
        if kind in ENDINGS:
            return Ended(kind, int(fields["seat"]))
    except (TypeError, ValueError, KeyError) as exc:
        raise StoreError(f"an entry of kind {kind} that no server wrote ({exc})") from None
    raise StoreError(f"an entry of an unknown kind ({kind[:20]})")


_SAID = {
    JOIN: "{name} joined as seat {seat}",
    LEAVE: "{name} left: the stand-in bot plays seat {seat}",
    RETURN: "{name} is back at seat {seat}",
    TIMEOUT: "{name} ran out of time: the stand-in bot plays seat {seat}",
    TAKEBACK: "{name} took back their last move",
    RESIGN: "{name} resigned: the match is over",
    ABORT: "{name} aborted the match: it ends with no result",
    CANCEL: "the match was cancelled before it started: it ends with no result",
}
_TYPES = {
    JOIN: "joined",
    LEAVE: "left",
    RETURN: "returned",
    TIMEOUT: "timed_out",
    TAKEBACK: "taken_back",
    RESIGN: "resigned",
    ABORT: "aborted",
    CANCEL: "cancelled",
}


def notice(change: TakenBack | SeatChanged | Rematched | Abandoned | Ended, name: str) -> dict[str, object]:
    """What every seat is told of a change other than a move (``name``: the seat's person)."""
    if isinstance(change, Rematched):
        return {"type": "rematch", "match": change.match, "text": "a rematch is ready"}
    if isinstance(change, Abandoned):
        return {"type": "abandoned", "text": "nobody played for too long: the match is abandoned"}
    if change.seat is None:  # a match cancelled
        return {"type": _TYPES[change.kind], "text": _SAID[change.kind]}
    kind = TAKEBACK if isinstance(change, TakenBack) else change.kind
    told: dict[str, object] = {"type": _TYPES[kind], "seat": change.seat}
    if kind == JOIN:
        told["name"] = name
    return {**told, "text": _SAID[kind].format(name=name, seat=change.seat)}
