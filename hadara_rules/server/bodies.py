"""Reading request bodies: strict JSON, known fields only, values checked before anything is done.

Every body is read by the library's strict JSON reader (no duplicate keys, no
numbers beyond 64 bits, no deep nesting); a field the request does not know, a
value of the wrong type or out of range is :class:`Malformed`, with a one-line
message that shows request values only through the library's bounded renderer
(:mod:`hadara_rules.reading`). A match's options are read by its game.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from ..games import AnyGame, HadaraError, game, names
from ..reading import label, parse_json, shown
from .match import HUMAN
from .referee import NewMatch

__all__ = ["MAX_BODY", "MAX_NAME", "MAX_SEED", "Malformed", "move_request", "new_match", "read_json"]

#: The largest request body read, in bytes.
MAX_BODY = 64 * 1024
#: The longest seat name.
MAX_NAME = 40
#: The largest seed: every JSON reader keeps the whole numbers up to it exactly (2^53 - 1).
MAX_SEED = (1 << 53) - 1
#: The fields of a new match beside its game's options.
_MATCH_FIELDS = ("game", "players", "seats", "names", "seed")


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


def _game(document: Mapping[str, object]) -> AnyGame:
    name = document.get("game", "hadara")
    if not isinstance(name, str) or name not in names():
        raise Malformed(f"game: {shown(name)} is no game (the games are {', '.join(names())})")
    return game(name)


def new_match(document: Mapping[str, object]) -> NewMatch:
    """``POST /api/matches``: the game (default ``hadara``), players, seats (``human`` or a bot
    of the game), and optionally names, seed and the game's options."""
    played = _game(document)
    schema = played.options_schema().get("properties", {})
    assert isinstance(schema, dict)
    options = tuple(schema)
    _fields(
        document,
        ("players", "seats"),
        tuple(f for f in _MATCH_FIELDS if f not in ("players", "seats")) + options,
    )
    fewest, most = played.seats
    players = _whole(document, "players", fewest, most)
    kinds = _texts(document, "seats", players)
    allowed = (HUMAN, *played.bot_names())
    for kind in kinds:
        if kind not in allowed:
            raise Malformed(f"seats: {shown(kind)} is no kind of seat (the kinds are {', '.join(allowed)})")
    seed = _whole(document, "seed", 0, MAX_SEED) if "seed" in document else secrets.randbelow(MAX_SEED + 1)
    default = [f"Player {seat}" if kind == HUMAN else f"{kind} bot {seat}" for seat, kind in enumerate(kinds)]
    seat_names = _texts(document, "names", players) if "names" in document else default
    for name in seat_names:
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise Malformed(f"names: {shown(name)}: a name is 1 to {MAX_NAME} printable characters")
    try:
        chosen = played.read_options(
            {key: document[key] for key in options if key in document}, players, seed
        )
    except HadaraError as exc:
        raise Malformed(str(exc)) from None
    return NewMatch(played, chosen, tuple(kinds), tuple(seat_names))


def move_request(document: Mapping[str, object], played: AnyGame) -> tuple[int, object]:
    """``POST …/moves``: the ``seq`` the move was chosen at, and the move in notation or as data."""
    _fields(document, ("seq", "move"), ())
    seq = _whole(document, "seq", 0, (1 << 63) - 1)
    try:
        return seq, played.read_move(document["move"])
    except HadaraError as exc:
        raise Malformed(f"move: {exc}") from None
