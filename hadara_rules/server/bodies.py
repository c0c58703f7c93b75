"""Reading request bodies: strict JSON, known fields only, values checked before anything is done.

Every body is read by the library's strict JSON reader (no duplicate keys, no
numbers beyond 64 bits, no deep nesting); a field the request does not know, a
value of the wrong type or out of range is :class:`Malformed`, with a one-line
message that shows request values only through :func:`~hadara_rules._reader.shown`.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from .._config import GameConfig
from .._errors import HadaraError
from .._moves import Move
from .._notation import parse_move
from .._reader import label, parse_json, shown
from .._vocabulary import Crest
from ..bots import BOTS
from ..records import SCHEMA_VERSION, from_data
from .matches import HUMAN, NewMatch

__all__ = ["MAX_BODY", "Malformed", "move_request", "new_match", "read_json"]

#: The largest request body read, in bytes.
MAX_BODY = 64 * 1024
#: The longest seat name.
MAX_NAME = 40
#: What may play a seat.
KINDS = (HUMAN, *sorted(BOTS))


class Malformed(HadaraError):
    """A request body that is not what the route takes."""


def read_json(body: bytes) -> Mapping[str, object]:
    """The JSON object of a request body."""
    document = parse_json(body, Malformed)
    if not isinstance(document, dict):
        raise Malformed(f"the body is a JSON object, not {shown(document)}")
    return document


def _fields(document: Mapping[str, object], required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    for key in document:
        if key not in required + optional:
            raise Malformed(f"unknown field {label(key)} (the fields are {', '.join(required + optional)})")
    for key in required:
        if key not in document:
            raise Malformed(f"the field {key} is missing")


def _whole(document: Mapping[str, object], key: str, low: int, high: int) -> int:
    value = document[key]
    if type(value) is not int or not low <= value <= high:
        raise Malformed(f"{key}: expected a whole number from {low} to {high}, found {shown(value)}")
    return value


def _texts(document: Mapping[str, object], key: str, players: int) -> list[str]:
    value = document[key]
    if not isinstance(value, list) or len(value) != players or not all(isinstance(v, str) for v in value):
        raise Malformed(f"{key}: expected a list of {players} texts, found {shown(value)}")
    return value


def new_match(document: Mapping[str, object]) -> NewMatch:
    """``POST /api/matches``: players, seats (``human`` or a bot), and optionally advanced, seed, crests, names."""
    _fields(document, ("players", "seats"), ("advanced", "seed", "crests", "names"))
    players = _whole(document, "players", 2, 5)
    kinds = _texts(document, "seats", players)
    for kind in kinds:
        if kind not in KINDS:
            raise Malformed(f"seats: {shown(kind)} is no kind of seat (the kinds are {', '.join(KINDS)})")
    advanced = document.get("advanced", False)
    if not isinstance(advanced, bool):
        raise Malformed(f"advanced: expected true or false, found {shown(advanced)}")
    seed = _whole(document, "seed", 0, (1 << 63) - 1) if "seed" in document else secrets.randbits(63)
    crests = None
    if "crests" in document:
        names = _texts(document, "crests", players)
        unknown = [name for name in names if name not in tuple(Crest)]
        if unknown:
            raise Malformed(f"crests: {shown(unknown[0])} is no crest (the crests are {', '.join(Crest)})")
        crests = tuple(Crest(name) for name in names)
    default = [f"Player {seat}" if kind == HUMAN else f"{kind} bot {seat}" for seat, kind in enumerate(kinds)]
    names = _texts(document, "names", players) if "names" in document else default
    for name in names:
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise Malformed(f"names: {shown(name)}: a name is 1 to {MAX_NAME} printable characters")
    try:
        config = GameConfig(players=players, seed=seed, advanced=advanced, crests=crests)
    except HadaraError as exc:
        raise Malformed(str(exc)) from None
    return NewMatch(config, tuple(kinds), tuple(names))


def move_request(document: Mapping[str, object]) -> tuple[int, Move]:
    """``POST …/moves``: the ply the move was chosen at, and the move in notation or as move data."""
    _fields(document, ("ply", "move"), ())
    ply = _whole(document, "ply", 0, (1 << 63) - 1)
    given = document["move"]
    try:
        if isinstance(given, str):
            return ply, parse_move(given)
        if isinstance(given, dict) and "kind" not in given:  # the move's data, without its envelope
            given = {"schema_version": SCHEMA_VERSION, "kind": "move", "data": given}
        return ply, from_data(given, Move)
    except HadaraError as exc:
        raise Malformed(f"move: {exc}") from None
