"""JSON Schema (draft 2020-12) of every Stone Age document kind, made as Hadara's are.

Made by the schema maker of :mod:`hadara_rules.schema` from the ``attrs`` records
the documents are structured into (:mod:`stone_age_rules.records`), so they say
exactly what the strict reader takes. Shipped as
``stone_age_rules/schemas/KIND.schema.json``; ``python -m stone_age_rules.schema``
writes them again, and a test fails when a shipped file differs from :func:`make_schema`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from hadara_rules.schema import _DIALECT, _envelope, _Maker

from ._config import GameConfig
from ._events import Event
from ._model import GameState
from ._moves import Move
from ._rules.scoring import ScoreSheet
from .previews import Preview
from .records import MOVE_TAGS, SCHEMA_VERSION, GameRecord

__all__ = ["KINDS", "make_schema", "schema_text", "write_schemas"]

#: Every Stone Age document kind with a schema, and what it describes.
KINDS: Mapping[str, str] = {
    "game_state": "A Stone Age position as to_json writes it (a whole position or a seat's view).",
    "game_config": "A Stone Age game's configuration as to_json writes it.",
    "game_record": "A Stone Age game record: its configuration, its moves, optionally its result and headers.",
    "move": "One Stone Age move as to_json writes it, told apart by its type.",
    "event": "One Stone Age event of apply_move_with_events as to_json writes it.",
    "score_sheet": "One player's final score, line by line, as to_json writes it.",
    "preview": "What a legal Stone Age move will do to its mover, as far as it is certain.",
}
_TARGETS: Mapping[str, object] = {
    "game_state": GameState,
    "game_config": GameConfig,
    "game_record": GameRecord,
    "move": Move,
    "event": Event,
    "score_sheet": ScoreSheet,
    "preview": Preview,
}
#: Where the shipped schema files are.
FOLDER = Path(__file__).resolve().parent / "schemas"


def make_schema(kind: str) -> dict[str, Any]:
    """The schema of one document kind (a key of :data:`KINDS`), as a JSON-ready mapping."""
    if kind not in KINDS:
        raise KeyError(kind)
    special: dict[object, dict[str, Any]] = {
        float: {"type": "number"},
        int | Literal["random"]: {
            "anyOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"const": "random"}]
        },
    }
    maker = _Maker(special, {move: tag for tag, move in MOVE_TAGS.items()})
    if kind in ("move", "game_record", "preview"):  # the documents that hold moves
        special[Move] = maker.tagged(tuple(MOVE_TAGS.values()))
    body = _envelope(kind, maker.of(_TARGETS[kind]))
    return {
        "$schema": _DIALECT,
        "$id": f"urn:hadara-rules:schema:stone-age:{kind}:{SCHEMA_VERSION}",
        "title": f"Stone Age {kind}",
        "description": KINDS[kind],
        **body,
        "$defs": dict(sorted(maker.defs.items())),
    }


def schema_text(kind: str) -> str:
    """The shipped schema file of one document kind, as text."""
    return (FOLDER / f"{kind}.schema.json").read_text(encoding="utf-8")


def write_schemas(folder: Path = FOLDER) -> list[Path]:
    """Write every kind's schema file into ``folder``; the paths written."""
    folder.mkdir(exist_ok=True)
    written = []
    for kind in KINDS:
        path = folder / f"{kind}.schema.json"
        path.write_text(json.dumps(make_schema(kind), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover
    for path in write_schemas():
        sys.stdout.write(f"{path}\n")
