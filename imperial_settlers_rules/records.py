"""Imperial Settlers' documents: configurations, positions and moves as JSON, read strictly.

Every document is the platform's envelope ``{"schema_version": 1, "kind": …, "data": …}``
read by its strict reader (:mod:`boardtable.reader`): unknown keys and tags are refused,
and every problem is a :class:`~boardtable.errors.RecordError` naming the path of the bad
field. Moves are tagged by their ``type`` (``pick``, ``build``, …), and so are the steps
waiting on a position's agenda (``owed``, ``choice``, …). A position's digest is the
SHA-256 of its canonical document (:func:`boardtable.documents.digest`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypeVar

import cattrs
from attrs import frozen

from boardtable import documents, reader
from boardtable.documents import SCHEMA_VERSION, GameInfo
from boardtable.errors import RecordError
from boardtable.reader import Refusal, shown

from ._config import GameConfig
from ._engine import apply_move, check_move
from ._model import (
    Apply,
    Choice,
    Convert,
    DiscardFor,
    FollowUp,
    Gain,
    GameState,
    Guard,
    KeepOne,
    Owed,
    Produce,
    RepeatFor,
    Step,
)
from ._moves import (
    MOVE_TAGS,
    Move,
)
from ._rules.flow import new_game
from ._rules.scoring import ScoreSheet, score, winners
from .wellformed import check_position

__all__ = [
    "MOVE_TAGS",
    "STEP_TAGS",
    "GameRecord",
    "GameResult",
    "from_data",
    "from_json",
    "game_result",
    "position_digest",
    "record_digest",
    "replay",
    "to_data",
    "to_json",
]

T = TypeVar("T")

#: Each kind of step of a position's agenda by its ``type`` tag.
STEP_TAGS: Mapping[str, type[Step]] = {
    "produce": Produce,
    "apply": Apply,
    "gain": Gain,
    "owed": Owed,
    "choice": Choice,
    "repeat_for": RepeatFor,
    "keep_one": KeepOne,
    "convert": Convert,
    "discard_for": DiscardFor,
    "guard": Guard,
    "follow_up": FollowUp,
}


@frozen
class GameResult:
    """A record's result block, the platform's :class:`~boardtable.documents.Result`: how
    many ``moves`` were played, the ``digest`` of the position they reach, its ``scores``
    (END-2 to END-4) and ``winners`` (END-4), the :func:`record_digest` the block vouches
    for (``record``), and the seat that ``resigned`` after the last move, if one did (the
    game then unfinished; that seat never wins)."""

    moves: int
    digest: str
    scores: tuple[ScoreSheet, ...]
    winners: tuple[int, ...]
    record: str
    resigned: int | None = None


@frozen
class GameRecord:
    """A game: its configuration, its moves in order, a result block and headers (both
    optional; :class:`~boardtable.documents.GameInfo`)."""

    config: GameConfig
    moves: tuple[Move, ...] = ()
    result: GameResult | None = None
    info: GameInfo | None = None


#: The ``kind`` of each document's envelope.
_KIND: Mapping[type[Any], str] = {
    GameRecord: "game_record",
    GameResult: "game_result",
    GameConfig: "game_config",
    GameState: "game_state",
    **dict.fromkeys(MOVE_TAGS.values(), "move"),
}


def _first_player(value: object, _: object) -> int | Literal["random"]:
    """SETUP-6: a seat or ``"random"``."""
    if value == "random" or type(value) is int:
        return value
    raise Refusal(f"expected a seat or 'random', found {shown(value)}")


def _target(value: object, _: object) -> str | int | None:
    """What an action acts on: a card by its printed id, a deal by its place, or nothing."""
    if value is None or type(value) in (str, int):
        return value  # type: ignore[return-value]
    raise Refusal(f"expected a card's printed id, a deal's place or null, found {shown(value)}")


def _tagged(conv: cattrs.Converter, tags: Mapping[str, type[Any]], base: type[Any], what: str) -> None:
    """A value of ``base`` (a move, a step) is written with its class's tag and read by it."""
    for tag, kind in tags.items():
        reader.register_tagged(conv, kind, tag, what)

    def unstructure(value: object) -> object:
        return conv.unstructure(value, type(value))

    def structure(value: object, _: object) -> object:
        tag = value.get("type") if isinstance(value, Mapping) else None
        if tag not in tags:
            raise Refusal(f"expected a {what} of type {', '.join(tags)}, found {shown(tag)}")
        return conv.structure(value, tags[str(tag)])

    conv.register_unstructure_hook(base, unstructure)
    conv.register_structure_hook(base, structure)


@functools.cache
def converter() -> cattrs.Converter:
    """The strict converter of every document."""
    conv = reader.converter()
    conv.register_structure_hook(int | Literal["random"], _first_player)
    conv.register_structure_hook(str | int | None, _target)
    _tagged(conv, MOVE_TAGS, Move, "move")
    _tagged(conv, STEP_TAGS, Step, "step")
    return conv


def _kind(thing: object) -> str:
    kind = _KIND.get(type(thing))
    if kind is None:
        raise TypeError(f"not an Imperial Settlers document: {type(thing).__name__}")
    return kind


def to_data(thing: object) -> dict[str, object]:
    """The document of a configuration, a position or a move, as plain data in its envelope."""
    kind = _kind(thing)
    data = converter().unstructure(thing, Move if kind == "move" else type(thing))
    return {"schema_version": SCHEMA_VERSION, "kind": kind, "data": data}


def to_json(thing: object) -> str:
    """:func:`to_data` as JSON text (keys in the classes' order)."""
    return json.dumps(to_data(thing), ensure_ascii=False)


def from_data(document: object, kind: type[T]) -> T:
    """The ``kind`` (:class:`GameConfig`, :class:`GameState`, :class:`Move` or one move class)
    a document holds; :class:`~boardtable.errors.RecordError` naming the first bad field
    (:class:`~boardtable.errors.Inconsistent` for a position no game could be in)."""
    name = "move" if kind is Move else _KIND.get(kind)
    if name is None:
        raise TypeError(f"not an Imperial Settlers document kind: {kind.__name__}")
    data = reader.envelope_data(document, name, SCHEMA_VERSION, RecordError)
    found: T = reader.structure(converter(), data, kind, RecordError, "$.data")
    if isinstance(found, GameState):
        check_position(found)
    return found


def from_json(text: str | bytes, kind: type[T]) -> T:
    """:func:`from_data` of a JSON text (read strictly: duplicate keys, NaN and huge numbers
    are refused)."""
    return from_data(reader.parse_json(text, RecordError), kind)


def record_digest(config: GameConfig, moves: Iterable[Move]) -> str:
    """The SHA-256 of a configuration and its moves, as a result block vouches for them."""
    conv = converter()
    data = {"config": conv.unstructure(config), "moves": [conv.unstructure(m, Move) for m in moves]}
    return documents.digest("game_moves", data)


def game_result(
    state: GameState, config: GameConfig, moves: tuple[Move, ...], resigned: int | None = None
) -> GameResult:
    """The result block of ``moves`` played from ``config`` to ``state``: the scores as the
    position stands, the winners (among the others when a seat resigned)."""
    among = documents.others(len(state.players), resigned)
    return GameResult(
        len(moves),
        position_digest(state),
        score(state),
        winners(state, among),
        record_digest(config, moves),
        resigned,
    )


def replay(record: GameRecord) -> GameState:
    """The position after a record's moves, each checked; its result block, where it has
    one, held to what the moves give (:class:`~boardtable.errors.RecordError` at the first
    difference)."""
    documents.check_info(record.info, record.config.players)
    result = record.result
    state = documents.replay_moves(
        record.config,
        record.moves,
        None if result is None else result.moves,
        new_game,
        check_move,
        apply_move,
        str,
    )
    if result is not None:
        documents.check_resigned(result.resigned, record.config.players, state.is_over)
        documents.check_result(result, game_result(state, record.config, record.moves, result.resigned))
    return state


def position_digest(state: GameState) -> str:
    """The SHA-256 of the position's canonical document: equal positions, equal digests."""
    return documents.digest("game_state", to_data(state)["data"])
