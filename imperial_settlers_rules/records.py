"""Imperial Settlers' documents, records and replay: the platform's (:mod:`boardtable.records`)
with Imperial Settlers' classes and hooks.

Every document is the platform's envelope ``{"schema_version": 1, "kind": …, "data": …}``
read by its strict reader (:mod:`boardtable.reader`; a position as :func:`to_json` writes
it is read the quick way first, :mod:`boardtable.quick`, to the same position): unknown
keys and tags are refused, and every problem is a :class:`~boardtable.errors.RecordError`
naming the path of the bad field. Moves are tagged by their ``type`` (``pick``,
``build``, …), and so are the steps waiting on a position's agenda (``owed``, ``choice``,
…). A position read is held to the game's consistency check
(:func:`~imperial_settlers_rules.wellformed.check_position`). A :class:`GameRecord` may
carry a :class:`GameResult` (the number of moves, the final position's digest, the score
sheets and winners of END-2 to END-4, the digest of the configuration and moves it vouches
for), which :func:`replay` checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

import attrs
import cattrs
from attrs import field, frozen

from boardtable import reader
from boardtable.documents import SCHEMA_VERSION, GameInfo
from boardtable.quick import quick_reader
from boardtable.reader import Refusal, shown
from boardtable.records import Documents, ResultBlock, Tagged, omit_defaults, register_tagged, seat_or_random

from ._config import GameConfig
from ._engine import apply_move, check_move
from ._events import Event
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
from ._moves import MOVE_TAGS, Move
from ._rules.flow import new_game
from ._rules.scoring import ScoreSheet, score, winners
from .previews import Preview
from .wellformed import check_position

__all__ = [
    "DOCUMENTS",
    "MOVES",
    "MOVE_TAGS",
    "SCHEMA_VERSION",
    "STEPS",
    "STEP_TAGS",
    "GameInfo",
    "GameRecord",
    "GameResult",
    "converter",
    "from_data",
    "from_json",
    "from_yaml",
    "game_result",
    "load_record",
    "position_digest",
    "record_digest",
    "replay",
    "to_data",
    "to_json",
    "to_yaml",
]

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
#: Imperial Settlers' moves, and the steps of an agenda, told apart by their tags.
MOVES = Tagged("move", Move, MOVE_TAGS)
STEPS = Tagged("step", Step, STEP_TAGS)


def _move_tuple(moves: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(moves)


@frozen
class GameResult(ResultBlock[ScoreSheet]):
    """Where a record's moves lead (as :func:`game_result` states it); :func:`replay` checks it.

    The platform's :class:`~boardtable.records.ResultBlock` of Imperial Settlers' score sheets
    (``scores``: END-2, END-3); ``winners`` are END-4's (among the others where a seat resigned).
    """


@frozen
class GameRecord:
    """A game of Imperial Settlers as its configuration and the moves played, in order, with
    an optional result block and headers (:class:`~boardtable.documents.GameInfo`)."""

    #: The configuration the game was set up from.
    config: GameConfig
    #: The moves played, in order.
    moves: tuple[Move, ...] = field(default=(), converter=_move_tuple)
    #: Where the moves lead, for a finished game (replay checks it); null for none.
    result: GameResult | None = None
    #: The headers: the seats' names, the date, notes; null for none.
    info: GameInfo | None = None


def _target(value: object, _: object) -> str | int | None:
    """What an action acts on: a card by its printed id, a deal by its place, or nothing."""
    if value is None or type(value) in (str, int):
        return value  # type: ignore[return-value]  # one of the three, just tested
    raise Refusal(f"expected a card's printed id, a deal's place or null, found {shown(value)}")


def converter() -> cattrs.Converter:
    """The converter of Imperial Settlers' documents: the strict reader's, with tagged moves
    and steps."""
    conv = reader.converter()
    conv.register_structure_hook(int | Literal["random"], seat_or_random)  # SETUP-6
    conv.register_structure_hook(str | int | None, _target)
    register_tagged(conv, MOVES)
    register_tagged(conv, STEPS)
    omit_defaults(conv, GameResult, GameRecord)
    return conv


attrs.resolve_types(GameRecord)
_CONVERTER = converter()

#: Imperial Settlers' documents: its classes and hooks on the platform's
#: (:class:`~boardtable.records.Documents`).
DOCUMENTS: Documents[GameConfig, GameState, Move, GameRecord, GameResult] = Documents(
    "Imperial Settlers",
    GameConfig,
    GameState,
    GameRecord,
    GameResult,
    (MOVES, STEPS),
    {ScoreSheet: "score_sheet", Event: "event", Preview: "preview"},
    _CONVERTER,
    new_game,
    check_move,
    apply_move,
    str,
    score,
    winners,
    check_position,
    # A position as to_json writes it is read the quick way, to what the strict reader reads.
    quick=quick_reader(GameState, "game_state", _CONVERTER, [(Step, STEP_TAGS)]),
)

#: The platform's answers with Imperial Settlers' documents, under this module's names:
#: ``game_result(state, config, moves, resigned)`` is a record's result block (END-2 to END-4;
#: ``resigned``: the seat that resigned there, the winners then the others').
to_data, to_json, to_yaml = DOCUMENTS.to_data, DOCUMENTS.to_json, DOCUMENTS.to_yaml
from_data, from_json, from_yaml = DOCUMENTS.from_data, DOCUMENTS.from_json, DOCUMENTS.from_yaml
load_record, replay, game_result = DOCUMENTS.load_record, DOCUMENTS.replay, DOCUMENTS.game_result
position_digest, record_digest = DOCUMENTS.position_digest, DOCUMENTS.record_digest
