"""Serialization (one cattrs converter), game records and replay.

Every document is an envelope ``{"schema_version": 1, "kind": …, "data": …}``.
Moves are tagged by their ``type`` (DESIGN "Moves"). A position names its
catalogue (source and content digest) instead of embedding it; loading checks
the digest against the bundled catalogue or the one passed in. Loading forbids
unknown keys and unknown tags, and every problem is a
:class:`~hadara_rules.errors.RecordError` naming the path of the bad field
(``$.data.players[0].coins``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from types import UnionType
from typing import Any, TypeVar, overload

import attrs
import cattrs
import yaml
from attrs import field, frozen
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.v import format_exception

from .catalogue import Catalogue, load_catalogue
from .config import GameConfig
from .engine import apply_move, check_move
from .errors import CatalogueError, ConfigError, RecordError
from .model import Color, GameState, Phase, Section, Side, Track
from .moves import MOVE_TYPES, Draft, Move
from .rules.scoring import ScoreSheet
from .rules.setup import new_game
from .wellformed import check_position
from .yamltext import MalformedYAML, load_yaml

__all__ = [
    "SCHEMA_VERSION",
    "GameRecord",
    "from_data",
    "from_json",
    "from_yaml",
    "replay",
    "to_data",
    "to_json",
    "to_yaml",
]

#: The version of every serialized document's format.
SCHEMA_VERSION = 1
_T = TypeVar("_T")

# The model names these only for type checkers (they would import it back).
attrs.resolve_types(GameState, localns={"Draft": Draft, "Catalogue": Catalogue})


def _move_tuple(moves: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(moves)


@frozen
class GameRecord:
    """A game as its configuration and the moves played, in order."""

    config: GameConfig
    moves: tuple[Move, ...] = field(default=(), converter=_move_tuple)


#: Document kinds by class (the envelope's ``kind``).
_KINDS: dict[type[object], str] = {
    GameState: "game_state",
    GameConfig: "game_config",
    GameRecord: "game_record",
    ScoreSheet: "score_sheet",
    **dict.fromkeys(MOVE_TYPES, "move"),
}
_MOVE_BY_TAG: dict[str, type[Move]] = {kind.type: kind for kind in MOVE_TYPES}


def _converter(catalogue: Catalogue | None) -> cattrs.Converter:
    """A converter that resolves catalogue names against the bundled one and ``catalogue``."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(str, _strict_str)

    def unstructure_catalogue(value: Catalogue) -> dict[str, str]:
        return {"source": value.source, "digest": value.digest}

    def structure_catalogue(value: object, _: object) -> Catalogue:
        if not isinstance(value, Mapping) or set(value) != {"source", "digest"}:
            raise ValueError("a catalogue is named by {source, digest}")
        digest = value["digest"]
        for known in (catalogue, load_catalogue()):
            if known is not None and known.digest == digest:
                return known
        raise ValueError(
            f"the catalogue {value['source']!r} (digest {str(digest)[:12]}…) is neither the bundled one "
            "nor the one passed in; load it with load_catalogue() and pass it as catalogue="
        )

    for enum_type in (Color, Track, Phase, Section, Side):
        conv.register_unstructure_hook(enum_type, lambda value: value.value)
        conv.register_structure_hook(enum_type, _strict_enum)
    conv.register_unstructure_hook(Catalogue, unstructure_catalogue)
    conv.register_structure_hook(Catalogue, structure_catalogue)

    for kind in MOVE_TYPES:
        _register_move(conv, kind)

    def structure_move(value: object, _: object) -> Move:
        if not isinstance(value, Mapping):
            raise ValueError(f"a move is a mapping with a type, not {type(value).__name__}")  # noqa: TRY004  cattrs reports ValueError with its path
        tag = value.get("type")
        kind = _MOVE_BY_TAG.get(str(tag))
        if kind is None:
            raise ValueError(f"unknown move type {tag!r} (known: {', '.join(_MOVE_BY_TAG)})")
        return conv.structure(value, kind)

    def unstructure_move(value: Move) -> object:
        return conv.unstructure(value, type(value))

    conv.register_structure_hook(Move, structure_move)
    conv.register_unstructure_hook(Move, unstructure_move)
    return conv


def _strict_int(value: object, _: object) -> int:
    if type(value) is not int:
        raise ValueError(f"expected a whole number, found {value!r}")
    return value


def _strict_bool(value: object, _: object) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, found {value!r}")
    return value


def _strict_str(value: object, _: object) -> str:
    if type(value) is not str:
        raise ValueError(f"expected a string, found {value!r}")
    return value


def _strict_enum(value: object, kind: type[StrEnum]) -> StrEnum:
    if type(value) is not str or value not in kind._value2member_map_:
        raise ValueError(f"expected one of {', '.join(kind)}, found {value!r}")
    return kind(value)


def _describe(exc: BaseException, _type: type | None) -> str:
    """Our own ValueErrors say what is wrong; cattrs' own messages for the rest."""
    if type(exc) is ValueError:
        return str(exc)
    return format_exception(exc, _type)


def _register_move(conv: cattrs.Converter, kind: type[Move]) -> None:
    """A move's fields plus its ``type`` tag, which must match on loading."""
    to_dict = make_dict_unstructure_fn(kind, conv)
    from_dict = make_dict_structure_fn(kind, conv, _cattrs_forbid_extra_keys=True)

    def unstructure(value: Move) -> dict[str, Any]:
        return {"type": kind.type, **to_dict(value)}

    def structure(value: object, _: object) -> Move:
        if not isinstance(value, Mapping):
            raise ValueError(f"a move is a mapping, not {type(value).__name__}")  # noqa: TRY004  cattrs reports ValueError with its path
        if value.get("type") != kind.type:
            raise ValueError(f"expected a {kind.type} move, found type {value.get('type')!r}")
        return from_dict({k: v for k, v in value.items() if k != "type"}, kind)

    conv.register_unstructure_hook(kind, unstructure)
    conv.register_structure_hook(kind, structure)


_DEFAULT = _converter(None)


def _kind_of(cls: object) -> str:
    if cls == Move:
        return "move"
    try:
        return _KINDS[cls]  # type: ignore[index]
    except (KeyError, TypeError):
        raise TypeError(f"{cls!r} is not a serializable hadara-rules type") from None


def to_data(obj: object) -> dict[str, object]:
    """``obj`` as a plain envelope (``schema_version``, ``kind``, ``data``)."""
    cls = type(obj)
    kind = _kind_of(cls)
    data = _DEFAULT.unstructure(obj, cls)
    return {"schema_version": SCHEMA_VERSION, "kind": kind, "data": data}


@overload
def from_data(document: object, cls: type[_T], catalogue: Catalogue | None = None) -> _T: ...
@overload
def from_data(document: object, cls: UnionType, catalogue: Catalogue | None = None) -> Move: ...
def from_data(document: object, cls: object, catalogue: Catalogue | None = None) -> object:
    """The object of type ``cls`` in an envelope; :class:`RecordError` for anything wrong.

    ``cls`` is a serializable class, or :data:`~hadara_rules.moves.Move` for a move of any type.
    """
    return _load(document, cls, catalogue)


def _load(document: object, cls: object, catalogue: Catalogue | None) -> object:
    kind = _kind_of(cls)
    if not isinstance(document, Mapping):
        raise RecordError(f"$: expected a document (a mapping), found {type(document).__name__}")
    extra = set(document) - {"schema_version", "kind", "data"}
    if extra:
        raise RecordError(f"$: unknown key(s) {sorted(map(str, extra))}")
    if document.get("schema_version") != SCHEMA_VERSION:
        raise RecordError(
            f"$.schema_version: expected {SCHEMA_VERSION}, found {document.get('schema_version')!r}"
        )
    if document.get("kind") != kind:
        raise RecordError(f"$.kind: expected {kind!r}, found {document.get('kind')!r}")
    if "data" not in document:
        raise RecordError("$.data: missing")
    conv = _DEFAULT if catalogue is None else _converter(catalogue)
    target: Any = Move if kind == "move" else cls
    try:
        value: object = conv.structure(document["data"], target)
    except cattrs.BaseValidationError as exc:
        raise RecordError(
            "; ".join(cattrs.transform_error(exc, path="$.data", format_exception=_describe))
        ) from None
    except (ValueError, TypeError, KeyError, AttributeError, CatalogueError, ConfigError) as exc:
        raise RecordError(f"$.data: {exc}") from None
    if cls != Move and not isinstance(value, cls):  # type: ignore[arg-type]
        raise RecordError(f"$.data: expected a {kind}, found a {type(value).__name__}")
    if isinstance(value, GameState):
        check_position(value)
    return value


def _dump(obj: object, dumper: Callable[[object], str]) -> str:
    return dumper(to_data(obj))


def to_json(obj: object) -> str:
    """``obj`` as a JSON document."""
    return _dump(obj, lambda d: json.dumps(d, indent=None, separators=(",", ":")))


def to_yaml(obj: object) -> str:
    """``obj`` as a YAML document."""
    return _dump(obj, lambda d: yaml.safe_dump(d, sort_keys=False))


@overload
def from_json(text: str | bytes, cls: type[_T], catalogue: Catalogue | None = None) -> _T: ...
@overload
def from_json(text: str | bytes, cls: UnionType, catalogue: Catalogue | None = None) -> Move: ...
def from_json(text: str | bytes, cls: object, catalogue: Catalogue | None = None) -> object:
    """Load a JSON document of type ``cls`` (or ``Move``); :class:`RecordError` if it is not one."""
    try:
        document = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"malformed JSON: {exc}") from None
    return _load(document, cls, catalogue)


@overload
def from_yaml(text: str | bytes, cls: type[_T], catalogue: Catalogue | None = None) -> _T: ...
@overload
def from_yaml(text: str | bytes, cls: UnionType, catalogue: Catalogue | None = None) -> Move: ...
def from_yaml(text: str | bytes, cls: object, catalogue: Catalogue | None = None) -> object:
    """Load a YAML document of type ``cls`` (or ``Move``; safe loader only)."""
    try:
        document = load_yaml(text)
    except MalformedYAML as exc:
        raise RecordError(str(exc)) from None
    return _load(document, cls, catalogue)


def replay(record: GameRecord) -> GameState:
    """The position after playing every move of ``record``; an illegal move is a RecordError."""
    try:
        state = new_game(record.config)
    except ConfigError as exc:
        raise RecordError(f"config: {exc}") from None
    for index, move in enumerate(record.moves):
        refusal = check_move(state, move)
        if refusal is not None:
            raise RecordError(
                f"move {index} ({move.type} by player {move.player}) is illegal: {refusal.rule}: {refusal.reason}"
            )
        state = apply_move(state, move, check=False)
    return state
