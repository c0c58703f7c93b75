"""Reading request bodies: strict JSON, known fields only, values checked before anything is done.

Every body is read by the library's strict JSON reader (no duplicate keys, no
numbers beyond 64 bits, no deep nesting); a field the request does not know, a
value of the wrong type or out of range is :class:`Malformed`, with a one-line
message that shows request values only through the library's bounded renderer
(:mod:`boardtable.reader`). A match's options are read by its game, each
number first checked against the range its game's options schema gives it.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping

from ..games import DEFAULT, MAX_SEED, AnyGame, GameError, game, names
from ..reader import label, parse_json, shown
from .clock import MOST_BANK, MOST_INCREMENT, Clock
from .match import HUMAN, OPEN
from .referee import NewMatch
from .settings import Settings

__all__ = [
    "MAX_BODY",
    "MAX_NAME",
    "Malformed",
    "analysis_request",
    "move_request",
    "name_request",
    "new_match",
    "nothing_request",
    "picture_request",
    "read_json",
    "seq_request",
]

#: The largest request body read, in bytes.
MAX_BODY = 64 * 1024
#: The longest seat name.
MAX_NAME = 40
#: The fields of a new match beside its game's options.
_MATCH_FIELDS = ("game", "players", "seats", "names", "seed", "public", "clock", "takeback")


class Malformed(GameError):
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


def _flag(document: Mapping[str, object], key: str) -> bool:
    value = document.get(key, False)
    if not isinstance(value, bool):
        raise Malformed(f"{key}: expected true or false, found {shown(value)}")
    return value


def _seconds(document: Mapping[str, object], key: str, low: float, high: float, above: bool) -> float:
    value = document[key]
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not low <= value <= high
        or (above and value == low)
    ):
        bound = f"over {low:g}" if above else f"from {low:g}"
        raise Malformed(f"clock: {key}: expected seconds {bound} to {high:g}, found {shown(value)}")
    return float(value)


def _clock(document: Mapping[str, object]) -> Clock | None:
    """``"clock": {"bank": S, "increment": S}`` (seconds), or null: no clock."""
    given = document.get("clock")
    if given is None:
        return None
    if not isinstance(given, dict):
        raise Malformed(f'clock: expected {{"bank": S, "increment": S}} or null, found {shown(given)}')
    _fields(given, ("bank",), ("increment",))
    increment = _seconds(given, "increment", 0, MOST_INCREMENT, False) if "increment" in given else 0.0
    return Clock(_seconds(given, "bank", 0, MOST_BANK, True), increment)


def _in_range(key: str, value: object, schema: object) -> None:
    """:class:`Malformed` for a number outside every range the option's schema gives it (its own
    ``minimum`` and ``maximum``, or those of one of its ``oneOf`` or ``anyOf`` branches); any
    other value is its game's to read."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not isinstance(schema, Mapping):
        return
    branches = [schema, *schema.get("oneOf", ()), *schema.get("anyOf", ())]
    ranges = [
        (branch.get("minimum"), branch.get("maximum"))
        for branch in branches
        if isinstance(branch, Mapping) and ("minimum" in branch or "maximum" in branch)
    ]
    if not ranges or any(
        (low is None or low <= value) and (high is None or value <= high) for low, high in ranges
    ):
        return
    spans = " or ".join(f"from {low} to {high}" for low, high in ranges)
    raise Malformed(f"{key}: expected a number {spans}, found {shown(value)}")


def _game(document: Mapping[str, object]) -> AnyGame:
    name = document.get("game", DEFAULT)
    if not isinstance(name, str) or name not in names():
        raise Malformed(f"game: {shown(name)} is no game (the games are {', '.join(names())})")
    return game(name)


def new_match(document: Mapping[str, object], engines: tuple[str, ...] = (), creator: str = "") -> NewMatch:
    """``POST /api/matches``: the game (default ``hadara``), players, seats (``human``, ``open``
    or a bot of the game), and optionally names, seed, the settings at the table (public,
    clock, takeback) and the game's options. A public match is dealt from a seed nobody chose.
    ``engines``: the operator's engines, seat kinds of every game too; ``creator``:
    who makes it (a digest of the client's address)."""
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
    allowed = (HUMAN, OPEN, *played.bot_names(), *engines)
    for kind in kinds:
        if kind not in allowed:
            raise Malformed(f"seats: {shown(kind)} is no kind of seat (the kinds are {', '.join(allowed)})")
    public = _flag(document, "public")
    chosen_seed = "seed" in document
    if public and chosen_seed:
        raise Malformed("seed: a public match is dealt from a seed nobody chose (leave the seed out)")
    seed = _whole(document, "seed", 0, MAX_SEED) if chosen_seed else secrets.randbelow(MAX_SEED + 1)
    default = [
        f"Player {seat}" if kind in (HUMAN, OPEN) else f"{kind} bot {seat}" for seat, kind in enumerate(kinds)
    ]
    seat_names = _texts(document, "names", players) if "names" in document else default
    for name in seat_names:
        _check_name("names", name)
    given = {key: document[key] for key in options if key in document}
    for key, value in given.items():
        _in_range(key, value, schema[key])
    try:
        chosen = played.read_options(given, players, seed)
    except GameError as exc:
        raise Malformed(str(exc)) from None
    settings = Settings(
        public, _clock(document), _flag(document, "takeback"), chosen_seed, time.time(), creator
    )
    return NewMatch(played, chosen, tuple(kinds), tuple(seat_names), settings)


def _check_name(key: str, name: str) -> None:
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable() or name.strip() != name:
        raise Malformed(
            f"{key}: {shown(name)}: a name is 1 to {MAX_NAME} printable characters, no space at either end"
        )


def name_request(document: Mapping[str, object]) -> str:
    """``POST …/seats/N/join``: the person's name."""
    _fields(document, ("name",), ())
    name = document["name"]
    if not isinstance(name, str):
        raise Malformed(f"name: expected a text, found {shown(name)}")
    _check_name("name", name)
    return name


def seq_request(document: Mapping[str, object]) -> int:
    """``POST …/takeback``, ``…/seats/N/resign`` and ``…/seats/N/abort``: the ``seq`` it was asked at."""
    _fields(document, ("seq",), ())
    return _whole(document, "seq", 0, (1 << 63) - 1)


def nothing_request(document: Mapping[str, object]) -> None:
    """A write that takes no field (``{}``): leave, return, rematch, cancel."""
    _fields(document, (), ())


def move_request(document: Mapping[str, object], played: AnyGame) -> tuple[int, object]:
    """``POST …/moves``: the ``seq`` the move was chosen at, and the move in notation or as data."""
    _fields(document, ("seq", "move"), ())
    seq = seq_request({"seq": document["seq"]})
    try:
        return seq, played.read_move(document["move"])
    except GameError as exc:
        raise Malformed(f"move: {exc}") from None


def analysis_request(document: Mapping[str, object]) -> tuple[object, int | None, object | None]:
    """``POST /api/games/GAME/analysis``: the position (a document, read by its game), the seat
    whose moves are asked for (None: every seat to act) and the move to try (None: none)."""
    _fields(document, ("position",), ("seat", "move"))
    return document["position"], _seat_field(document), document.get("move")


def picture_request(document: Mapping[str, object]) -> tuple[object, int | None]:
    """``POST /api/games/GAME/picture``: the position (a document, read by its game) and the
    seat it is drawn as (None: as it is)."""
    _fields(document, ("position",), ("seat",))
    return document["position"], _seat_field(document)


def _seat_field(document: Mapping[str, object]) -> int | None:
    """A body's ``seat``: a seat, or None (null or absent)."""
    seat = document.get("seat")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise Malformed(f"seat: expected a seat (a whole number from 0) or null, found {shown(seat)}")
    return seat
