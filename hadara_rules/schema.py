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
where they hold a game's documents (:mod:`hadara_rules._wire_schemas`): every request and
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

import enum
import inspect
import json
import re
import sys
import types
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Union, get_args, get_origin

import attrs

from ._components import Card, Catalogue, Colony, Statue
from ._config import GameConfig
from ._model import SPECTATOR, GameState
from ._moves import MOVE_TYPES, Move
from ._previews import Preview
from ._rules.scoring import ScoreSheet
from ._vocabulary import MAX_PLAYERS, Tracks
from ._wire_schemas import GAME_WIRE_KINDS, WIRE_KINDS, Maker, WireDocuments, catalogue_schema, wire_schema
from .catalogue import _StartEntry
from .events import EVENT_TYPES, Event
from .records import SCHEMA_VERSION, GameRecord
from .scenario import FORMAT_VERSION, Category, Seat, Tier, _Scenario

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
#: table's API (:data:`~hadara_rules._wire_schemas.WIRE_KINDS`).
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
#: The JSON Schema dialect of every schema.
DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: The reader takes whole numbers of at most 64 bits (its sign aside).
_LIMIT = (1 << 63) - 1
_Schema = dict[str, Any]
#: Records written with their ``type`` tag wherever they appear.
_TAGGED: frozenset[type[Any]] = frozenset((*MOVE_TYPES, *EVENT_TYPES))


def _def_name(kind: type[Any]) -> str:
    """A record's or enum's name in ``$defs``: its class name; a private record of a module
    is named after the module (``scenario._Given``: ``ScenarioGiven``)."""
    name = kind.__name__
    if not name.startswith("_"):
        return name
    module = kind.__module__.rsplit(".", 1)[-1].title()
    return module if name[1:] == module else module + name[1:]


#: A field of a record, as its class body declares it.
_FIELD = re.compile(r"^\s+(\w+)\s*:")
#: Sphinx's cross-references and literals, as plain text: ``:data:`~a.B``` is ``B``.
_ROLE = re.compile(r":\w+:`~?(?:[\w.]*\.)?([^`]+)`")


def _plain(text: str) -> str:
    return _ROLE.sub(r"\1", text).replace("``", "")


def field_docs(kind: type[Any]) -> dict[str, str]:
    """Each field's ``#:`` comment in the class body of ``kind`` or of the class it inherits the
    field from (the text Sphinx documents it with), as plain text, by field name; a field
    without one is left out."""
    docs: dict[str, str] = {}
    for owner in kind.__mro__:
        if owner is not object:
            for name, text in _own_field_docs(owner).items():
                docs.setdefault(name, text)
    return docs


def _own_field_docs(kind: type[Any]) -> dict[str, str]:
    """The ``#:`` comments of the fields ``kind``'s own class body declares."""
    try:
        lines = inspect.getsource(kind).splitlines()
    except (OSError, TypeError):  # pragma: no cover - a class made at run time
        return {}
    docs: dict[str, str] = {}
    comment: list[str] = []
    for line in lines[1:]:
        stripped = line.strip()
        if stripped.startswith("#:"):
            comment.append(stripped[2:].strip())
            continue
        declared = _FIELD.match(line)
        if declared and comment:
            docs.setdefault(declared.group(1), _plain(" ".join(comment)))
        comment = []
    return docs


def _first_line(kind: type[Any]) -> str:
    return (kind.__doc__ or kind.__name__).strip().splitlines()[0]


class SchemaMaker:
    """Schemas of types, with one ``$defs`` entry per record and enum."""

    def __init__(
        self, special: Mapping[object, _Schema], tags: Mapping[type[Any], str] | None = None
    ) -> None:
        self.special = special
        #: The records written with a ``type`` tag (Hadara's moves and events by default).
        self.tags = {kind: kind.type for kind in _TAGGED} if tags is None else tags
        self.defs: dict[str, _Schema] = {}

    def of(self, kind: object) -> _Schema:
        """The schema of a field's type."""
        if kind in self.special:
            return self.special[kind]
        origin, args = get_origin(kind), get_args(kind)
        if kind is type(None):
            return {"type": "null"}
        if kind is bool:
            return {"type": "boolean"}
        if kind is int:
            self.defs.setdefault(
                "Whole",
                {
                    "description": "A whole number of at most 64 bits.",
                    "type": "integer",
                    "minimum": -_LIMIT,
                    "maximum": _LIMIT,
                },
            )
            return {"$ref": "#/$defs/Whole"}
        if kind is str:
            return {"type": "string"}
        if kind is Any:
            return {}
        if kind is Move:
            return self.tagged(MOVE_TYPES)
        if kind is Event:
            return self.tagged(EVENT_TYPES)
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return self._named(kind, lambda: {"enum": [member.value for member in kind]})
        if origin in (Union, types.UnionType):
            return {"anyOf": [self.of(arg) for arg in args]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            items = [self.of(arg) for arg in args]
            return {"type": "array", "prefixItems": items, "items": False, "minItems": len(items)}
        if origin is dict:
            return {
                "type": "object",
                "propertyNames": self.key(args[0]),
                "additionalProperties": self.of(args[1]),
            }
        if isinstance(kind, type) and attrs.has(kind):
            tag = self.tags.get(kind)
            return self._named(kind, lambda: self.record(kind, tag))
        raise TypeError(f"no schema for the type {kind!r}")

    def key(self, kind: object) -> _Schema:
        """The schema of a mapping's keys, as JSON writes them: text."""
        if kind in self.special:
            return self.special[kind]["propertyNames"]  # type: ignore[no-any-return]
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return {"enum": [member.value for member in kind]}
        if kind is str:
            return {"type": "string"}
        raise TypeError(f"no schema for keys of the type {kind!r}")

    def _named(self, kind: type[Any], make: Callable[[], _Schema]) -> _Schema:
        name = _def_name(kind)
        if name not in self.defs:
            self.defs[name] = {}  # a record may name itself
            self.defs[name] = make()
        return {"$ref": f"#/$defs/{name}"}

    def record(self, kind: type[Any], tag: str | None = None) -> _Schema:
        """An ``attrs`` record as a mapping of its fields (those given at creation)."""
        hints = attrs.resolve_types(kind)
        docs = field_docs(kind)
        properties: dict[str, _Schema] = {}
        required: list[str] = []
        if tag is not None:
            properties["type"] = {"const": tag, "description": f"The kind of record: {tag}."}
            required.append("type")
        for field in attrs.fields(hints):
            if not field.init:
                continue
            name = field.alias or field.name
            properties[name] = self.of(field.type)
            if field.name in docs:
                properties[name] = {"description": docs[field.name], **properties[name]}
            if field.default is attrs.NOTHING:
                required.append(name)
        return {
            "description": _first_line(kind),
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }

    def tagged(self, kinds: tuple[type[Any], ...]) -> _Schema:
        """One of several records told apart by their ``type`` tag."""
        return {"oneOf": [self.of(kind) for kind in kinds]}


def _common() -> dict[object, _Schema]:
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


def envelope(kind: str, data: _Schema) -> _Schema:
    """The schema of a document of ``kind`` whose ``data`` has the schema ``data`` (DESIGN "Documents")."""
    return {
        "type": "object",
        "properties": {
            "schema_version": {"description": "The version of the document format.", "const": SCHEMA_VERSION},
            "kind": {"description": "What the document holds.", "const": kind},
            "data": {"description": "The document itself.", **data},
        },
        "required": ["schema_version", "kind", "data"],
        "additionalProperties": False,
    }


def _view(maker: SchemaMaker) -> _Schema:
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


def _scenario(maker: SchemaMaker) -> _Schema:
    """A scenario file: moves as documents or in the notation, components as in a catalogue file."""
    entries = {
        "cards": Card,
        "colonies": Colony,
        "start_cards": _StartEntry,
        "statues": Statue,
    }
    components: _Schema = {
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


def _scenario_types() -> dict[object, _Schema]:
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


def _hadara(kind: str) -> tuple[_Schema, SchemaMaker]:
    """A Hadara document's schema (a key of :data:`KINDS`), and the maker holding its ``$defs``."""
    special = _common()
    if kind == "scenario":
        special.update(_scenario_types())
    maker = SchemaMaker(special)
    body: _Schema
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


@attrs.frozen
class Schemas:
    """One game's document schemas: its kinds, how each is made, and the shipped files.

    Every game's schemas are made, written and read the same way; only the kinds, the
    bodies and the names differ (Hadara's :data:`SCHEMAS`, Stone Age's
    :data:`stone_age_rules.schema.SCHEMAS`).
    """

    #: Every document kind with a schema, and what it describes.
    kinds: Mapping[str, str]
    #: A kind's schema but its header and ``$defs``, and the maker that holds the ``$defs``.
    body: Callable[[str], tuple[_Schema, SchemaMaker]]
    #: Where the shipped files are (``KIND.schema.json``).
    folder: Path
    #: The start of every schema's ``$id`` (the kind and the format version follow).
    urn: str
    #: The start of every schema's title (the kind follows).
    title: str

    def make(self, kind: str) -> _Schema:
        """The schema of one document kind (a key of :attr:`kinds`), as a JSON-ready mapping;
        ``KeyError`` for any other kind."""
        if kind not in self.kinds:
            raise KeyError(kind)
        body, maker = self.body(kind)
        return {
            "$schema": DIALECT,
            "$id": f"{self.urn}{kind}:{SCHEMA_VERSION}",
            "title": f"{self.title} {kind}",
            "description": self.kinds[kind],
            **body,
            "$defs": dict(sorted(maker.defs.items())),
        }

    def text(self, kind: str) -> str:
        """The shipped schema file of one document kind, as text."""
        return (self.folder / f"{kind}.schema.json").read_text(encoding="utf-8")

    def write(self, folder: Path | None = None) -> list[Path]:
        """Write every kind's schema file into ``folder`` (the shipped files' by default);
        the paths written."""
        into = self.folder if folder is None else folder
        into.mkdir(exist_ok=True)
        written = []
        for kind in self.kinds:
            path = into / f"{kind}.schema.json"
            path.write_text(
                json.dumps(self.make(kind), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
            written.append(path)
        return written


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
