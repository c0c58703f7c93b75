"""JSON Schema (draft 2020-12) of every Imperial Settlers document kind, made as the other
games' are.

Made by the schema maker of :mod:`boardtable.schema` from the ``attrs`` records the
documents are structured into (:mod:`imperial_settlers_rules.records`), so they say exactly
what the strict reader takes. Shipped as ``imperial_settlers_rules/schemas/KIND.schema.json``;
``python -m imperial_settlers_rules.schema`` writes them again, and a test fails when a
shipped file differs from :func:`make_schema`.

The bodies of the web table that carry a match's documents (a seat's view, a move request:
:data:`boardtable.wire_schemas.GAME_WIRE_KINDS`) are Imperial Settlers kinds too, made by the
platform's :func:`boardtable.wire_schemas.wire_schema` from Imperial Settlers' documents.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from boardtable.schema import DocumentRecords, SchemaMaker, Schemas, envelope
from boardtable.wire_schemas import GAME_WIRE_KINDS, Maker, WireDocuments, wire_schema

from ._config import GameConfig
from ._events import Event
from ._model import GameState, Step
from ._moves import Move
from ._rules.scoring import ScoreSheet
from .previews import Preview
from .records import MOVE_TAGS, STEP_TAGS, GameRecord

__all__ = ["KINDS", "SCHEMAS", "make_schema", "schema_text", "write_schemas"]

#: Every Imperial Settlers document kind with a schema, and what it describes.
KINDS: Mapping[str, str] = {
    "game_state": "An Imperial Settlers position as to_json writes it (a whole position or a seat's view).",
    "game_config": "An Imperial Settlers game's configuration as to_json writes it.",
    "game_record": "An Imperial Settlers game record: its configuration, its moves, optionally its result and headers.",
    "move": "One Imperial Settlers move as to_json writes it, told apart by its type.",
    "event": "One Imperial Settlers event of apply_move_with_events as to_json writes it.",
    "score_sheet": "One player's final score, line by line, as to_json writes it (END-2 to END-4).",
    "preview": "What a legal Imperial Settlers move will do to its mover, as its view tells it.",
    "seat_view": "The web table's view of an Imperial Settlers match (GET /api/matches/ID/view, the answer to a move, a take-back, a leave or a return, and every WebSocket message): the match as one seat (or a spectator) sees it.",
    "move_request": "POST /api/matches/ID/moves of an Imperial Settlers match: the seq the move was chosen at and the move.",
    "catalogue": "GET /api/games/imperial-settlers/catalogue: every card entry with its words, every printed card with its deal field, every faction board, and the catalogue's digest.",
}
#: The records of Imperial Settlers' documents of the kinds every game has.
_DOCUMENTS = DocumentRecords(GameState, GameConfig, GameRecord, Move, Event, ScoreSheet, Preview)

_DIGEST = {"type": "string", "pattern": "^[0-9a-f]{64}$"}


def _listed(description: str, required: list[str], words: Mapping[str, str]) -> dict[str, Any]:
    """An array of objects each with at least the ``required`` keys (described by ``words``)."""
    return {
        "description": description,
        "type": "array",
        "items": {
            "type": "object",
            "properties": {key: {"description": text} for key, text in words.items()},
            "required": required,
        },
    }


def _catalogue(maker: Maker) -> dict[str, Any]:
    """The catalogue as :func:`imperial_settlers_rules.catalogue.catalogue` gives it."""
    cards = {
        "key": "The entry's stable key (com-statue).",
        "name": "Its English name.",
        "deck": "common, or the faction whose deck holds it.",
        "type": "production, feature or action (CARD-1).",
        "words": "The card in words made from its data: type, cost, ability, bonus, raze field.",
        "provisional": "The fields whose values are provisional (README of the components).",
    }
    copies = {
        "id": "The printed id (com001) a view names.",
        "card": "The key of its entry.",
        "deal": "DEAL-4: the goods of a faction card's deal field; null for a common card.",
    }
    factions = {
        "id": "The faction (romans …).",
        "production": "PROD-2: what the board gives every production phase.",
        "stores": "CLEAN-2: the kind kept at cleanup.",
    }
    return {
        "description": "Every card entry, printed card and faction board (SETUP-3, CARD-1 to CARD-29, DEAL-4).",
        "type": "object",
        "properties": {
            "digest": {
                "description": "The SHA-256 of the catalogue's content (all but the digest).",
                **_DIGEST,
            },
            "factions": _listed("The faction boards.", list(factions), factions),
            "cards": _listed("Every card entry, common first.", list(cards), cards),
            "copies": _listed("Every printed card, in id order.", list(copies), copies),
        },
        "required": ["digest", "factions", "cards", "copies"],
        "additionalProperties": False,
    }


#: Where the shipped schema files are.
FOLDER = Path(__file__).resolve().parent / "schemas"


def _imperial_settlers(kind: str) -> tuple[dict[str, Any], SchemaMaker]:
    """An Imperial Settlers document's schema (a key of :data:`KINDS`), and the maker holding its ``$defs``."""
    special: dict[object, dict[str, Any]] = {
        int | Literal["random"]: {
            "anyOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"const": "random"}]
        },
    }
    tags: dict[type[Any], str] = {move: tag for tag, move in MOVE_TAGS.items()}
    tags.update({step: tag for tag, step in STEP_TAGS.items()})
    maker = SchemaMaker(special, tags)
    if kind in ("game_state", "seat_view"):  # the documents that hold positions, with their agendas
        special[Step] = maker.tagged(tuple(STEP_TAGS.values()))
    if kind in ("move", "game_record", "preview", *GAME_WIRE_KINDS):  # the documents that hold moves
        special[Move] = maker.tagged(tuple(MOVE_TAGS.values()))
    if kind in GAME_WIRE_KINDS:
        position = lambda: envelope("game_state", maker.of(GameState))  # noqa: E731
        documents = WireDocuments(Move, Preview, (Event,), _catalogue)
        return wire_schema(kind, maker, position, documents), maker
    return _DOCUMENTS.schema(kind, maker), maker


#: Imperial Settlers' document schemas, made, written and read as the other games' are.
SCHEMAS = Schemas(
    KINDS, _imperial_settlers, FOLDER, "urn:hadara-rules:schema:imperial-settlers:", "Imperial Settlers"
)

#: One kind's schema, its shipped file's text, and every kind's file written.
make_schema, schema_text, write_schemas = SCHEMAS.make, SCHEMAS.text, SCHEMAS.write


if __name__ == "__main__":  # pragma: no cover
    for path in SCHEMAS.write():
        print(path)
