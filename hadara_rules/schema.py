"""JSON Schema (draft 2020-12) of every document kind the library writes and reads.

A frontend in another language validates what it sends and receives against
these schemas. They are made from the ``attrs`` records the documents are
structured into (the same records, field types and defaults the one converter
of :mod:`hadara_rules.records` reads), so they say exactly what the reader
takes: every key the reader knows, no other (``additionalProperties: false``:
the reader forbids unknown keys), the fields without a default required, whole
numbers of at most 64 bits, enum values by name, moves and events told apart by
their ``type``. They state the shape of a document, not the rules: a move of
the right shape may still be illegal, and a position of the right shape is
still checked by :func:`~hadara_rules.wellformed.check_position` on loading.

The bodies ``hadara serve`` sends and takes have schemas too, made from the same records
where they hold a game's documents (:mod:`boardtable.wire_schemas`): every request and
answer of the HTTP API, the error body, and a seat's view, which is also every WebSocket
message. Those that hold a game's documents (:data:`GAME_WIRE_KINDS`) are made for each
game by :func:`wire_schema` (Stone Age's: :mod:`stone_age_rules.schema`); the others cover
every game.

The schemas are shipped in the wheel as ``hadara_rules/schemas/KIND.schema.json``
and printed by ``hadara schema KIND``. ``python -m hadara_rules.schema`` writes
them again from the records; a test fails when a shipped file differs from what
:func:`make_schema` makes.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

import attrs

from boardtable.scenario import Seat
from boardtable.schema import DIALECT, Schema, SchemaMaker, Schemas, envelope
from boardtable.wire_schemas import (
    GAME_WIRE_KINDS,
    WIRE_KINDS,
    Maker,
    WireDocuments,
    wire_schema,
)

from ._catalogue_schema import catalogue_schema
from ._components import Card, Catalogue, Colony, Statue
from ._config import GameConfig
from ._model import SPECTATOR, GameState
from ._moves import MOVE_TYPES, Move
from ._previews import Preview
from ._rules.scoring import ScoreSheet
from ._vocabulary import MAX_PLAYERS, Tracks
from .catalogue import _StartEntry
from .events import EVENT_TYPES, Event
from .records import GameRecord
from .scenario import FORMAT_VERSION, Category, Tier, _Scenario

__all__ = [
    "DIALECT",
    "GAME_WIRE_KINDS",
    "KINDS",
    "SCHEMAS",
    "Maker",
    "SchemaMaker",
    "Schemas",
    "WireDocuments",
    "envelope",
    "make_schema",
    "schema_text",
    "wire_schema",
    "write_schemas",
]

#: Every document kind with a schema, and what it describes; then every body of the
#: table's API (:data:`~boardtable.wire_schemas.WIRE_KINDS`).
KINDS: Mapping[str, str] = {
    "game_state": "A position as to_json writes it (a whole position or a player's view).",
    "view": "A position as one seat sees it, player_view(state, seat) as to_json writes it (seat None: -1).",
    "game_config": "A game's configuration as to_json writes it.",
    "game_record": "A game record: its configuration, its moves, and optionally its result and headers.",
    "move": "One move as to_json writes it, told apart by its type.",
    "event": "One event of apply_move_with_events as to_json writes it, told apart by its type.",
    "score_sheet": "One player's column of the score pad as to_json writes it.",
    "preview": "What a legal move would do to its player: preview(state, move) as to_json writes it.",
    "scenario": "A scenario file (spec/scenarios/*.yaml), read as YAML; keys written as text in JSON.",
    **WIRE_KINDS,
}

#: Where the shipped schema files are.
FOLDER = Path(__file__).resolve().parent / "schemas"


def _common() -> dict[object, Schema]:
    """Types every document writes the same way."""
    return {
        Catalogue: {
            "description": "The catalogue a position is played with, named by its content digest.",
            "type": "object",
            "properties": {
                "source": {
                    "description": "Where the catalogue came from: bundled, a folder, or a scenario.",
                    "type": "string",
                },
                "digest": {
                    "description": "The SHA-256 of the catalogue's records: GET /api/games/hadara/catalogue gives the components of the digest it names.",
                    "type": "string",
                    "pattern": "^[0-9a-f]{64}$",
                },
            },
            "required": ["source", "digest"],
            "additionalProperties": False,
        },
    }


def _view(maker: SchemaMaker) -> Schema:
    """A position whose ``viewer`` is a seat."""
    document = envelope("game_state", maker.of(GameState))
    state = dict(maker.defs.pop("GameState"))
    state["description"] = (
        "A position as one seat, or a spectator (viewer -1), sees it (INFO-1): hidden cards and choices redacted."
    )
    viewer = {
        "description": "The seat the view is shown to; -1 for the spectator's view (what every seat may see).",
        "type": "integer",
        "minimum": SPECTATOR,
        "maximum": MAX_PLAYERS - 1,
    }
    state["properties"] = {**state["properties"], "viewer": viewer}
    state["required"] = [*state["required"], "viewer"]
    maker.defs["View"] = state
    document["properties"]["data"] = {"description": "The view itself.", "$ref": "#/$defs/View"}
    return document


def _scenario(maker: SchemaMaker) -> Schema:
    """A scenario file: moves as documents or in the notation, components as in a catalogue file."""
    entries = {
        "cards": Card,
        "colonies": Colony,
        "start_cards": _StartEntry,
        "statues": Statue,
    }
    components: Schema = {
        "description": "Components to add (cards, colonies) or to replace (start cards, statues).",
        "type": "object",
        "properties": {key: {"type": "array", "items": maker.of(kind)} for key, kind in entries.items()},
        "additionalProperties": False,
    }
    maker.defs["Components"] = components
    # a colony in a file has a back (only a player view's catalogue holds fronts without one)
    colony = maker.defs["Colony"]
    colony["properties"]["back"] = maker.of(Tracks)
    colony["properties"]["back_points"] = maker.of(int)
    schema = maker.of(_Scenario)
    scenario = maker.defs["Scenario"]
    scenario["properties"]["scenario"] = {"const": FORMAT_VERSION}
    scenario["properties"]["components"] = {"anyOf": [{"$ref": "#/$defs/Components"}, {"type": "null"}]}
    return schema


def _scenario_types() -> dict[object, Schema]:
    move_document = {"$ref": "#/$defs/MoveDocument"}
    return {
        Seat: {
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": 99},
                {"type": "string", "pattern": "^[0-9]{1,2}$"},
            ],
            "propertyNames": {"pattern": "^[0-9]{1,2}$"},
        },
        Tier: {"enum": [3, 9, 15, 21, 30], "propertyNames": {"enum": ["3", "9", "15", "21", "30"]}},
        Category: {"$ref": "#/$defs/Category", "propertyNames": {"$ref": "#/$defs/Category"}},
        # a scenario's configuration names no catalogue: its components are under components:
        Catalogue: {"type": "null"},
        Move: {"anyOf": [move_document, {"type": "string", "description": "A move in the notation."}]},
    }


def _hadara(kind: str) -> tuple[Schema, SchemaMaker]:
    """A Hadara document's schema (a key of :data:`KINDS`), and the maker holding its ``$defs``."""
    special = _common()
    if kind == "scenario":
        special.update(_scenario_types())
    maker = SchemaMaker(
        special,
        {kind: kind.type for kind in (*MOVE_TYPES, *EVENT_TYPES)},
        {Move: MOVE_TYPES, Event: EVENT_TYPES},
    )
    body: Schema
    if kind in WIRE_KINDS:
        body = wire_schema(
            kind, maker, lambda: _view(maker), WireDocuments(Move, Preview, EVENT_TYPES, catalogue_schema)
        )
    elif kind == "view":
        body = _view(maker)
    elif kind == "scenario":
        maker.defs["MoveDocument"] = maker.tagged(MOVE_TYPES)
        maker.defs["Category"] = {
            "enum": [name for name in attrs.fields_dict(ScoreSheet) if name != "player"]
        }
        body = _scenario(maker)
    else:
        targets: dict[str, object] = {
            "game_state": GameState,
            "game_config": GameConfig,
            "game_record": GameRecord,
            "move": Move,
            "event": Event,
            "score_sheet": ScoreSheet,
            "preview": Preview,
        }
        body = envelope(kind, maker.of(targets[kind]))
    return body, maker


#: Hadara's document schemas.
SCHEMAS = Schemas(KINDS, _hadara, FOLDER, "urn:hadara-rules:schema:", "hadara-rules")


#: The schema of one document kind (a key of :data:`KINDS`), as a JSON-ready mapping.
make_schema = SCHEMAS.make
#: The shipped schema file of one document kind, as text.
schema_text = SCHEMAS.text
#: Write every kind's schema file into a folder (the shipped files' by default); the paths written.
write_schemas = SCHEMAS.write


if __name__ == "__main__":  # pragma: no cover
    for path in SCHEMAS.write():
        print(path.name)
    sys.exit(0)
