"""JSON Schema (draft 2020-12) of every Stone Age document kind, made as Hadara's are.

Made by the schema maker of :mod:`boardtable.schema` from the ``attrs`` records
the documents are structured into (:mod:`stone_age_rules.records`), so they say
exactly what the strict reader takes. Shipped as
``stone_age_rules/schemas/KIND.schema.json``; ``python -m stone_age_rules.schema``
writes them again, and a test fails when a shipped file differs from :func:`make_schema`.

The bodies of the web table that carry a Stone Age match's documents (a seat's view, a
move request: :data:`boardtable.wire_schemas.GAME_WIRE_KINDS`) are Stone Age kinds too, made by
the same :func:`boardtable.wire_schemas.wire_schema` as Hadara's from Stone Age's documents.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from boardtable.schema import DocumentRecords, SchemaMaker, Schemas, envelope
from boardtable.wire_schemas import GAME_WIRE_KINDS, Maker, WireDocuments, wire_schema

from ._components import Building, Card
from ._config import GameConfig
from ._events import Event, EventType
from ._goods import Kind
from ._model import SLOTS, GameState
from ._moves import Move
from ._rules.scoring import ScoreSheet
from .previews import Preview
from .records import MOVE_TAGS, GameRecord

__all__ = ["KINDS", "SCHEMAS", "make_schema", "schema_text", "write_schemas"]

#: Every Stone Age document kind with a schema, and what it describes.
KINDS: Mapping[str, str] = {
    "game_state": "A Stone Age position as to_json writes it (a whole position or a seat's view).",
    "game_config": "A Stone Age game's configuration as to_json writes it.",
    "game_record": "A Stone Age game record: its configuration, its moves, optionally its result and headers.",
    "move": "One Stone Age move as to_json writes it, told apart by its type.",
    "event": "One Stone Age event of apply_move_with_events as to_json writes it, told apart by its type.",
    "score_sheet": "One player's final score, line by line, as to_json writes it.",
    "preview": "What a legal Stone Age move will do to its mover, as far as it is certain.",
    "seat_view": "The web table's view of a Stone Age match (GET /api/matches/ID/view, the answer to a move, a take-back, a leave or a return, and every WebSocket message): the match as one seat (or a spectator) sees it.",
    "move_request": "POST /api/matches/ID/moves of a Stone Age match: the seq the move was chosen at and the move.",
    "catalogue": "GET /api/games/stone-age/catalogue: every building tile with its points and civilization card by id, the card slots with their prices, the values, and the catalogue's digest, which every position names.",
}
#: The records of Stone Age's documents of the kinds every game has.
_DOCUMENTS = DocumentRecords(GameState, GameConfig, GameRecord, Move, Event, ScoreSheet, Preview)


def _catalogue(maker: Maker) -> dict[str, Any]:
    """Stone Age's catalogue as the web table gives it (:func:`stone_age_rules.catalogue.catalogue`):
    its components' records, by id, with what they score and cost."""
    building_ref, card_ref = maker.of(Building), maker.of(Card)
    whole = {"type": "integer", "minimum": 0}
    building = maker.defs["Building"]
    building["properties"] = {
        **building["properties"],
        "points": {
            "description": "BUILD-2: the points a tile of fixed cost scores (its resources' values); null for a tile whose payment the builder chooses (BUILD-3, BUILD-4), which scores the values paid (values).",
            "anyOf": [whole, {"type": "null"}],
        },
        "points_range": {
            "description": "The fewest and the most points the tile can score, over the payments it takes.",
            "type": "array",
            "prefixItems": [whole, whole],
            "items": False,
            "minItems": 2,
        },
        "text": {"description": "What the tile takes, in words.", "type": "string"},
    }
    building["required"] = [*building["required"], "points", "points_range", "text"]
    card = maker.defs["Card"]
    card["properties"] = {
        **card["properties"],
        "text": {"description": "The card's two halves in words (top · bottom).", "type": "string"},
    }
    card["required"] = [*card["required"], "text"]
    slot = {
        "description": "A card slot of the display (CIV-1).",
        "type": "object",
        "properties": {
            "slot": {"description": "Its number, 1 to 4: a view's display[slot - 1].", "type": "integer"},
            "location": {
                "description": "The location a person placed there stands at (placed's row of it).",
                "enum": [location.value for location in SLOTS],
            },
            "price": {"description": "CIV-1: the resources of any kinds the card costs.", "type": "integer"},
        },
        "required": ["slot", "location", "price"],
        "additionalProperties": False,
    }
    values = {
        "description": "What one of each is worth on a die total (ACT-3) and, for a resource, in points (BUILD-3, BUILD-4).",
        "type": "object",
        "properties": {
            name: {**whole, "description": f"The value of one {name}."}
            for name in ("food", *(kind.value for kind in Kind))
        },
        "required": ["food", *(kind.value for kind in Kind)],
        "additionalProperties": False,
    }
    return {
        "description": "Every building tile (BUILD-2 to BUILD-4), civilization card (CIV-4 to CIV-14) and card slot (CIV-1).",
        "type": "object",
        "properties": {
            "digest": {
                "description": "The SHA-256 of the catalogue's content (all but the digest, keys sorted): every position document names it (catalogue.digest).",
                "type": "string",
                "pattern": "^[0-9a-f]{64}$",
            },
            "buildings": {
                "description": "Every building tile, in id order.",
                "type": "array",
                "items": building_ref,
            },
            "cards": {
                "description": "Every civilization card, in id order.",
                "type": "array",
                "items": card_ref,
            },
            "slots": {"description": "The four card slots, slot 1 first.", "type": "array", "items": slot},
            "values": values,
        },
        "required": ["digest", "buildings", "cards", "slots", "values"],
        "additionalProperties": False,
    }


#: An enumeration's member with its ``#:`` comment, as its class body declares it.
_MEMBER = re.compile(r"#: (.+?)\n\s+[A-Z_]+ = \"(\w+)\"", re.DOTALL)


def _type_docs() -> dict[str, str]:
    """Each event type's ``#:`` comment (the text Sphinx documents it with), by value."""
    found = {
        value: " ".join(text.replace("#:", " ").split())
        for text, value in _MEMBER.findall(inspect.getsource(EventType))
    }
    return {value: found[value].replace("``", "") for value in EventType}


def _event(maker: SchemaMaker) -> None:
    """An event's record in the maker's ``$defs``, with its ``type`` and ``count``
    (:func:`stone_age_rules.records.converter` writes them)."""
    maker.of(Event)
    event = maker.defs["Event"]
    kinds = {
        "description": "What the event tells, in a word (each what has one type).",
        "oneOf": [{"const": value, "description": text} for value, text in _type_docs().items()],
    }
    count = {
        "description": "The number in what: the people placed (placed), the round that begins (round_began); null for the others.",
        "anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}],
    }
    event["properties"] = {"type": kinds, **event["properties"], "count": count}
    event["required"] = ["type", *event["required"], "count"]


def _position(maker: SchemaMaker) -> None:
    """A position's record in the maker's ``$defs``, with the ``catalogue`` it names
    (:func:`stone_age_rules.records.catalogue_named`)."""
    maker.of(GameState)
    state = maker.defs["GameState"]
    named = {
        "description": "The catalogue the position is played with: GET /api/games/stone-age/catalogue gives the components of the digest it names (every Stone Age position names the bundled one; a position written without it reads too).",
        "type": "object",
        "properties": {
            "source": {"description": "Where the catalogue came from: bundled.", "const": "bundled"},
            "digest": {
                "description": "The catalogue's digest (the catalogue's own digest).",
                "type": "string",
                "pattern": "^[0-9a-f]{64}$",
            },
        },
        "required": ["source", "digest"],
        "additionalProperties": False,
    }
    state["properties"] = {**state["properties"], "catalogue": named}
    state["required"] = [*state["required"], "catalogue"]


#: Where the shipped schema files are.
FOLDER = Path(__file__).resolve().parent / "schemas"


def _stone_age(kind: str) -> tuple[dict[str, Any], SchemaMaker]:
    """A Stone Age document's schema (a key of :data:`KINDS`), and the maker holding its ``$defs``."""
    special: dict[object, dict[str, Any]] = {
        float: {"type": "number"},
        int | Literal["random"]: {
            "anyOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"const": "random"}]
        },
    }
    maker = SchemaMaker(special, {move: tag for tag, move in MOVE_TAGS.items()})
    if kind in ("event", "seat_view"):  # the documents that hold events
        _event(maker)
    if kind in ("game_state", "seat_view"):  # the documents that hold positions
        _position(maker)
    if kind in ("move", "game_record", "preview", *GAME_WIRE_KINDS):  # the documents that hold moves
        special[Move] = maker.tagged(tuple(MOVE_TAGS.values()))
    if kind in GAME_WIRE_KINDS:
        position = lambda: envelope("game_state", maker.of(GameState))  # noqa: E731
        documents = WireDocuments(Move, Preview, (Event,), _catalogue)
        return wire_schema(kind, maker, position, documents), maker
    return _DOCUMENTS.schema(kind, maker), maker


#: Stone Age's document schemas, made, written and read as Hadara's are.
SCHEMAS = Schemas(KINDS, _stone_age, FOLDER, "urn:hadara-rules:schema:stone-age:", "Stone Age")


#: One kind's schema, its shipped file's text, and every kind's file written (by the names
#: :mod:`hadara_rules.schema` gives Hadara's).
make_schema, schema_text, write_schemas = SCHEMAS.make, SCHEMAS.text, SCHEMAS.write


if __name__ == "__main__":  # pragma: no cover
    for path in SCHEMAS.write():
        print(path)
