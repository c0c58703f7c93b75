"""JSON Schemas of a game's documents, made from its record classes.

:class:`SchemaMaker` turns a record class (``attrs``), an enum or a union of tagged records
into a JSON Schema with one ``$defs`` entry per record, each field described by its ``#:``
comment; :func:`envelope` wraps a document's data in the envelope every document has;
:class:`Schemas` is one game's set of document kinds, made, written and read the same way
for every game.
"""

from __future__ import annotations

import enum
import functools
import inspect
import json
import re
import types
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar, Union, get_args, get_origin

import attrs

from .documents import SCHEMA_VERSION

__all__ = [
    "DIALECT",
    "DocumentRecords",
    "Schema",
    "SchemaMaker",
    "Schemas",
    "array",
    "closed",
    "envelope",
    "field_docs",
    "flag",
    "match_options",
    "nullable",
    "seat_or_random",
    "text",
    "whole",
]

#: The JSON Schema dialect of every schema.
DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: The reader takes whole numbers of at most 64 bits (its sign aside).
_LIMIT = (1 << 63) - 1
Schema = dict[str, Any]


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


@functools.cache
def _own_field_docs(kind: type[Any]) -> Mapping[str, str]:
    """The ``#:`` comments of the fields ``kind``'s own class body declares (read once per class:
    reading a class's source parses its module's)."""
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


def _type_arguments(kind: type[Any]) -> dict[object, object]:
    """The types ``kind`` gives the type variables of the generic classes it derives from
    (``class GameResult(ResultBlock[ScoreSheet])``: the sheet's variable is ``ScoreSheet``)."""
    found: dict[object, object] = {}
    for owner in kind.__mro__:
        for base in getattr(owner, "__orig_bases__", ()):
            variables = getattr(get_origin(base), "__parameters__", ())
            for variable, given in zip(variables, get_args(base), strict=False):
                found.setdefault(variable, given)
    return found


def _bound(kind: object, arguments: Mapping[object, object]) -> object:
    """A field's type with the type variables of ``arguments`` replaced by their types."""
    if isinstance(kind, TypeVar):
        return arguments.get(kind, kind)
    variables = getattr(kind, "__parameters__", ())
    if variables and hasattr(kind, "__getitem__"):
        return kind[tuple(arguments.get(variable, variable) for variable in variables)]
    return kind


def _first_line(kind: type[Any]) -> str:
    return (kind.__doc__ or kind.__name__).strip().splitlines()[0]


class SchemaMaker:
    """Schemas of types, with one ``$defs`` entry per record and enum."""

    def __init__(
        self,
        special: Mapping[object, Schema],
        tags: Mapping[type[Any], str],
        unions: Mapping[object, tuple[type[Any], ...]] | None = None,
    ) -> None:
        self.special = special
        #: The records written with a ``type`` tag.
        self.tags = tags
        #: The unions of tagged records (a game's moves, its events) by their alias.
        self.unions = {} if unions is None else unions
        self.defs: dict[str, Schema] = {}

    def of(self, kind: object) -> Schema:
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
        if kind in self.unions:
            return self.tagged(self.unions[kind])
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

    def key(self, kind: object) -> Schema:
        """The schema of a mapping's keys, as JSON writes them: text."""
        if kind in self.special:
            return self.special[kind]["propertyNames"]  # type: ignore[no-any-return]
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return {"enum": [member.value for member in kind]}
        if kind is str:
            return {"type": "string"}
        raise TypeError(f"no schema for keys of the type {kind!r}")

    def _named(self, kind: type[Any], make: Callable[[], Schema]) -> Schema:
        name = _def_name(kind)
        if name not in self.defs:
            self.defs[name] = {}  # a record may name itself
            self.defs[name] = make()
        return {"$ref": f"#/$defs/{name}"}

    def record(self, kind: type[Any], tag: str | None = None) -> Schema:
        """An ``attrs`` record as a mapping of its fields (those given at creation)."""
        hints = attrs.resolve_types(kind)
        docs = field_docs(kind)
        properties: dict[str, Schema] = {}
        required: list[str] = []
        if tag is not None:
            properties["type"] = {"const": tag, "description": f"The kind of record: {tag}."}
            required.append("type")
        arguments = _type_arguments(kind)
        for field in attrs.fields(hints):
            if not field.init:
                continue
            name = field.alias or field.name
            properties[name] = self.of(_bound(field.type, arguments))
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

    def tagged(self, kinds: tuple[type[Any], ...]) -> Schema:
        """One of several records told apart by their ``type`` tag."""
        return {"oneOf": [self.of(kind) for kind in kinds]}


def envelope(kind: str, data: Schema) -> Schema:
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


@attrs.frozen
class DocumentRecords:
    """The records a game's documents of the kinds every game has are structured into; the
    schema of such a document is its record's in the document envelope (:meth:`schema`)."""

    game_state: object
    game_config: object
    game_record: object
    move: object
    event: object
    score_sheet: object
    preview: object

    def schema(self, kind: str, maker: SchemaMaker) -> Schema:
        """The schema of a document of ``kind`` (a field's name: ``game_state`` …), made by
        ``maker``; ``KeyError`` for any other kind."""
        return envelope(kind, maker.of(attrs.asdict(self, recurse=False)[kind]))


@attrs.frozen
class Schemas:
    """One game's document schemas: its kinds, how each is made, and the shipped files.

    Every game's schemas are made, written and read the same way; only the kinds, the
    bodies and the names differ (each game's ``schema.SCHEMAS``).
    """

    #: Every document kind with a schema, and what it describes.
    kinds: Mapping[str, str]
    #: A kind's schema but its header and ``$defs``, and the maker that holds the ``$defs``.
    body: Callable[[str], tuple[Schema, SchemaMaker]]
    #: Where the shipped files are (``KIND.schema.json``).
    folder: Path
    #: The start of every schema's ``$id`` (the kind and the format version follow).
    urn: str
    #: The start of every schema's title (the kind follows).
    title: str

    def make(self, kind: str) -> Schema:
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


# ----------------------------------------------------------------- hand-made schemas


def closed(description: str, properties: Mapping[str, Schema], *optional: str) -> Schema:
    """A closed mapping: every property required but those named ``optional``."""
    return {
        "description": description,
        "type": "object",
        "properties": dict(properties),
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def match_options(fields: Mapping[str, Schema]) -> Schema:
    """The JSON Schema of a game's match options (:meth:`boardtable.games.Game.options_schema`):
    a mapping of the fields the game declares, each optional, no other."""
    return {"type": "object", "properties": dict(fields), "additionalProperties": False}


def whole(description: str, low: int = 0, high: int | None = None) -> Schema:
    """A whole number from ``low`` (to ``high``)."""
    schema: Schema = {"description": description, "type": "integer", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    return schema


def text(description: str) -> Schema:
    """A text."""
    return {"description": description, "type": "string"}


def flag(description: str) -> Schema:
    """True or false."""
    return {"description": description, "type": "boolean"}


def array(description: str, items: Schema) -> Schema:
    """A list of ``items``."""
    return {"description": description, "type": "array", "items": items}


def seat_or_random(title: str, description: str, seats: int) -> Schema:
    """A match option that is a seat (0 to ``seats - 1``) or ``"random"``, one the game draws
    from its seed (as :func:`boardtable.records.seat_or_random` reads it)."""
    return {
        "oneOf": [
            {"type": "integer", "minimum": 0, "maximum": seats - 1},
            {"const": "random", "title": "Drawn at random"},
        ],
        "title": title,
        "description": description,
    }


def nullable(schema: Schema) -> Schema:
    """``schema``, or null."""
    return {"description": schema.get("description", ""), "anyOf": [schema, {"type": "null"}]}
