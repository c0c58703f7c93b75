"""Stone Age's documents, records and replay: the platform's (:mod:`boardtable.records`) with
Stone Age's classes and hooks.

Every document is an envelope ``{"schema_version": 1, "kind": …, "data": …}`` as every game's
are, read by the platform's strict reader (:mod:`boardtable.reader`): unknown keys and tags are
refused, and every problem is a :class:`~boardtable.errors.RecordError` naming the path of the
bad field. Moves are tagged by their ``type`` (``place``, ``act``, …). A :class:`GameRecord`
may carry a :class:`GameResult` (the number of moves, the final position's digest, the score
sheets and the winners, and the digest of the configuration and moves it vouches for), which
:func:`replay` checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

import attrs
import cattrs
from attrs import field, frozen
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from boardtable import reader
from boardtable.documents import SCHEMA_VERSION, GameInfo
from boardtable.reader import Refusal, label, shown
from boardtable.records import Documents, ResultBlock, Tagged, omit_defaults, register_tagged, seat_or_random

from ._config import GameConfig
from ._engine import apply_move, check_move
from ._events import Event, event_number, event_type
from ._model import GameState
from ._moves import Act, ChooseDie, Feed, GoHungry, Move, Place, TakeBack, TakeResources, UseTools
from ._rules.scoring import ScoreSheet, score, winners
from ._rules.setup import new_game
from .catalogue import catalogue_digest
from .previews import Preview
from .wellformed import check_position

__all__ = [
    "DOCUMENTS",
    "MOVES",
    "MOVE_TAGS",
    "SCHEMA_VERSION",
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

#: Each kind of move by its ``type`` tag in documents.
MOVE_TAGS: Mapping[str, type[Any]] = {
    "place": Place,
    "act": Act,
    "take_back": TakeBack,
    "use_tools": UseTools,
    "choose_die": ChooseDie,
    "take_resources": TakeResources,
    "feed": Feed,
    "go_hungry": GoHungry,
}
#: Stone Age's moves, told apart by their tags.
MOVES = Tagged("move", Move, MOVE_TAGS)


def _move_tuple(moves: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(moves)


@frozen
class GameResult(ResultBlock[ScoreSheet]):
    """Where a record's moves lead (as :func:`game_result` states it); :func:`replay` checks it.

    The platform's :class:`~boardtable.records.ResultBlock` of Stone Age's score sheets
    (``scores``: SCORE-1 to SCORE-8); ``winners`` are SCORE-8's (among the others where a seat resigned).
    """


@frozen
class GameRecord:
    """A game of Stone Age as its configuration and the moves played, in order, with an
    optional result block and headers (:class:`~boardtable.documents.GameInfo`)."""

    #: The configuration the game was set up from.
    config: GameConfig
    #: The moves played, in order.
    moves: tuple[Move, ...] = field(default=(), converter=_move_tuple)
    #: Where the moves lead, for a finished game (replay checks it); null for none.
    result: GameResult | None = None
    #: The headers: the seats' names, the date, notes; null for none.
    info: GameInfo | None = None


#: The keys of an event's data: its fields, its ``type`` and its ``count`` (see :func:`_register_events`).
_EVENT_KEYS = ("type", *attrs.fields_dict(Event), "count")


def _register_events(conv: cattrs.Converter) -> None:
    """An event is written with its ``type`` (:class:`~stone_age_rules._events.EventType`)
    and its ``count`` (the people placed, the round that begins; null for the others), both
    told by its ``what``: on reading, each must agree with the ``what`` when given (an event
    written before they were, without them, reads too), and the ``what`` must be one an event says."""
    to_dict = make_dict_unstructure_fn(Event, conv)
    from_dict = make_dict_structure_fn(Event, conv, _cattrs_forbid_extra_keys=True)

    def unstructure(event: Event) -> dict[str, object]:
        return {"type": event.type.value, **to_dict(event), "count": event_number(event.what)}

    def structure(value: object, _: object) -> Event:
        if not isinstance(value, Mapping):
            raise Refusal(f"an event is a mapping, not {shown(value)}")
        for key in value:
            if key not in _EVENT_KEYS:
                raise Refusal(f"unknown key {label(key)} (expected {', '.join(_EVENT_KEYS)})")
        event: Event = from_dict({k: v for k, v in value.items() if k not in ("type", "count")}, Event)
        told = event_type(event.what)
        if told is None:
            raise Refusal(f"what: no event says {shown(event.what)}")
        if "type" in value and value["type"] != told.value:
            raise Refusal(f"type: the event that says {shown(event.what)} is of type {told.value}")
        if "count" in value and value["count"] != event_number(event.what):
            raise Refusal(f"count: the event that says {shown(event.what)} counts {event_number(event.what)}")
        return event

    conv.register_unstructure_hook(Event, unstructure)
    conv.register_structure_hook(Event, structure)


def catalogue_named() -> dict[str, str]:
    """How a position document names the catalogue it is played with, as Hadara's do: every
    Stone Age position is played with the bundled components (:mod:`stone_age_rules.catalogue`)."""
    return {"source": "bundled", "digest": catalogue_digest()}


def _register_positions(conv: cattrs.Converter) -> None:
    """A position is written with the ``catalogue`` it is played with (:func:`catalogue_named`),
    after its fields; on reading, a catalogue given must be that one (a position written
    before positions named it, without it, reads too)."""
    to_dict = make_dict_unstructure_fn(GameState, conv)
    from_dict = make_dict_structure_fn(GameState, conv, _cattrs_forbid_extra_keys=True)

    def unstructure(state: GameState) -> dict[str, object]:
        return {**to_dict(state), "catalogue": catalogue_named()}

    def structure(value: object, _: object) -> GameState:
        if not isinstance(value, Mapping):
            raise Refusal(f"expected a mapping, found {shown(value)}")
        if "catalogue" in value:
            named = value["catalogue"]
            if named != catalogue_named():
                raise Refusal(
                    f"catalogue: expected {{source: bundled, digest: {catalogue_digest()}}} (the only "
                    f"catalogue Stone Age is played with), found {shown(named)}"
                )
            value = {key: item for key, item in value.items() if key != "catalogue"}
        state: GameState = from_dict(value, GameState)
        return state

    conv.register_unstructure_hook(GameState, unstructure)
    conv.register_structure_hook(GameState, structure)


def converter() -> cattrs.Converter:
    """The converter of Stone Age's documents: the strict reader's, with tagged moves, typed
    events and positions that name their catalogue."""
    conv = reader.converter()
    conv.register_structure_hook(int | Literal["random"], seat_or_random)  # SETUP-7
    register_tagged(conv, MOVES)
    _register_events(conv)
    _register_positions(conv)  # after the hooks of the fields' types, which its functions take in
    omit_defaults(conv, GameResult, GameRecord)
    return conv


attrs.resolve_types(GameRecord)

#: Stone Age's documents: its classes and hooks on the platform's (:class:`~boardtable.records.Documents`).
DOCUMENTS: Documents[GameConfig, GameState, Move, GameRecord, GameResult] = Documents(
    "Stone Age",
    GameConfig,
    GameState,
    GameRecord,
    GameResult,
    (MOVES,),
    {ScoreSheet: "score_sheet", Event: "event", Preview: "preview"},
    converter(),
    new_game,
    check_move,
    apply_move,
    str,
    score,
    winners,
    check_position,
    position_digested=lambda _, data: {key: value for key, value in data.items() if key != "catalogue"},
)

#: The platform's answers with Stone Age's documents, under this module's names.
to_data, to_json, to_yaml = DOCUMENTS.to_data, DOCUMENTS.to_json, DOCUMENTS.to_yaml
from_data, from_json, from_yaml = DOCUMENTS.from_data, DOCUMENTS.from_json, DOCUMENTS.from_yaml
load_record, replay = DOCUMENTS.load_record, DOCUMENTS.replay
position_digest, record_digest = DOCUMENTS.position_digest, DOCUMENTS.record_digest


def game_result(
    state: GameState, config: GameConfig, moves: Iterable[Move], resigned: int | None = None
) -> GameResult:
    """The result block of a record of ``config`` and ``moves``, which lead to ``state``;
    ``resigned``: the seat that resigned there, the winners then the others' (:attr:`GameResult.resigned`)."""
    return DOCUMENTS.game_result(state, config, moves, resigned)
