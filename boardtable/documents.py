"""What every game's documents share: the envelope, the digests, the headers of a record and
the replay of a record's moves (DESIGN "Documents").

Every game's records module writes
their own positions, moves and score sheets; the envelope they put them in, the canonical
digest taken of them, a record's :class:`GameInfo` and the checks of :func:`replay_moves`
are these, the same for both.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from attrs import AttrsInstance, fields_dict, frozen

from .canonical import canonical
from .errors import ConfigError, IllegalMove, RecordError
from .reader import clip, label, shown

__all__ = [
    "SCHEMA_VERSION",
    "GameInfo",
    "Result",
    "check_info",
    "check_resigned",
    "check_result",
    "check_vouched",
    "digest",
    "others",
    "replay_moves",
]

#: The version of every serialized document's format.
SCHEMA_VERSION = 1


@frozen
class GameInfo:
    """Who played, when and where: a record's headers (not checked by :func:`replay`)."""

    #: The names of the players, in seat order; empty when not recorded.
    players: tuple[str, ...] = ()
    #: When the game was played, as the record's writer put it (``2025-03-14``).
    date: str | None = None
    #: The occasion: a tournament, a club evening.
    event: str | None = None
    #: Free text.
    notes: str | None = None
    #: The game played, by the name it is registered under (``boardtable.games.names``);
    #: None in a record that does not say (one written before records named their game).
    game: str | None = None


def digest(kind: str, data: object) -> str:
    """The SHA-256 (hex) of the canonical encoding of a document of ``kind`` holding ``data``:
    the same in every process, with any hash seed and on any Python version."""
    document = {"schema_version": SCHEMA_VERSION, "kind": kind, "data": data}
    return hashlib.sha256(canonical(document)).hexdigest()


def check_info(info: GameInfo | None, players: int, error: type[RecordError] = RecordError) -> None:
    """A record's headers name no more players than its game has (or none); else ``error``
    (the game's record error)."""
    if info is not None and len(info.players) not in (0, players):
        raise error(f"$.data.info.players: names {len(info.players)} players; the game has {players}")


def check_vouched(recorded: str | None, found: str | None, error: type[RecordError] = RecordError) -> None:
    """``error`` (the game's :class:`RecordError`) when a result block vouches for another configuration or other
    moves (its record digest, ``recorded``, is not the one ``found`` from the record)."""
    if recorded is not None and recorded != found:
        raise error(
            f"result: the configuration or the moves differ from those the result vouches for "
            f"(recorded digest {label(recorded[:16])}…, found {str(found)[:16]}…)"
        )


class Result(Protocol):
    """A record's result block, as each game's ``GameResult`` holds it."""

    @property
    def record(self) -> str | None: ...
    @property
    def scores(self) -> Sequence[AttrsInstance]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def digest(self) -> str: ...
    @property
    def resigned(self) -> int | None: ...


def others(players: int, resigned: int | None) -> tuple[int, ...] | None:
    """The seats a resignation leaves in a game of ``players`` seats, which rank among themselves
    as the position stands (DESIGN "Ending a match": the resigner is last, never a winner);
    None when nobody resigned (every seat ranks)."""
    return None if resigned is None else tuple(seat for seat in range(players) if seat != resigned)


def check_resigned(
    resigned: int | None, players: int, over: bool, error: type[RecordError] = RecordError
) -> None:
    """``error`` (the game's :class:`RecordError`) when a result block says that a seat resigned
    and that seat is none of the game's, or the moves end the game by its rules (a resignation
    ends a game the moves leave unfinished)."""
    if resigned is None:
        return
    if not 0 <= resigned < players:
        raise error(f"result: resigned: {shown(resigned)} is no seat of the game (0 to {players - 1})")
    if over:
        raise error(f"result: resigned: seat {resigned} resigned, but the moves end the game")


def check_result(recorded: Result, found: Result, error: type[RecordError] = RecordError) -> None:
    """``error`` (the game's :class:`RecordError`) at the first difference between a recorded result block and the
    one the moves give: what it vouches for, each player's score sheet line by line, the
    winners, then the final position. ``found`` is made with the seat ``recorded`` says
    resigned (:func:`check_resigned` checks that seat)."""
    check_vouched(recorded.record, found.record, error)
    if len(recorded.scores) != len(found.scores):
        raise error(
            f"result: score sheets for {len(recorded.scores)} players; the game has {len(found.scores)}"
        )
    for seat, (wanted, got) in enumerate(zip(recorded.scores, found.scores, strict=True)):
        for name in fields_dict(type(got)):
            if getattr(wanted, name) != getattr(got, name):
                raise error(
                    f"result: player {seat}'s {name}: the record says {shown(getattr(wanted, name))}, "
                    f"the moves give {getattr(got, name)}"
                )
    if recorded.winners != found.winners:
        raise error(
            f"result: winners: the record says {shown(recorded.winners)}, the moves give {shown(found.winners)}"
        )
    if recorded.digest != found.digest:
        raise error(
            f"result: the final position differs from the recorded one (recorded digest "
            f"{label(recorded.digest[:16])}…, reached {found.digest[:16]}…)"
        )


C = TypeVar("C")
S = TypeVar("S")
M = TypeVar("M")


def replay_moves(
    config: C,
    moves: Sequence[M],
    counted: int | None,
    new_game: Callable[[C], S],
    check_move: Callable[[S, M], IllegalMove | None],
    apply_move: Callable[[S, M], S],
    said: Callable[[M], str],
    error: type[RecordError] = RecordError,
) -> S:
    """The position after every move of a record from a new game of ``config``: a
    ``error`` (the game's :class:`RecordError`) when its result block counts another number of moves (``counted``),
    for a configuration the game refuses, and for an illegal move (named as ``said`` names
    it, with the rule it breaks)."""
    if counted is not None and counted != len(moves):
        raise error(
            f"result: the record has {len(moves)} moves, its result was reached after {shown(counted)}"
        )
    try:
        state = new_game(config)
    except ConfigError as exc:
        raise error(f"config: {exc}") from None
    for index, move in enumerate(moves):
        refusal = check_move(state, move)
        if refusal is not None:
            raise error(f"move {index} ({said(move)}) is illegal: {refusal.rule}: {clip(refusal.reason)}")
        state = apply_move(state, move)
    return state
