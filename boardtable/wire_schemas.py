"""The JSON Schemas of what ``hadara serve`` sends and takes (see :mod:`boardtable.schema`).

One schema per body of the HTTP API (the requests and the answers) and one for the error
body; a seat's view is also every WebSocket message. The bodies that carry a game's
documents (:data:`GAME_WIRE_KINDS`: a seat's view, a move request; and its catalogue)
have one schema per game, made from that game's documents (:class:`WireDocuments`): its
position, moves, previews and events are the game's document schemas' own, written as the
server writes them (a legal move's preview without the move, which its entry holds once,
and with its text; an event with the ``seq`` of its entry, the ``ply`` of its move and its
text). Every other body has one schema for every game: a match's options, its number of
seats and the bots that may sit in them are told apart by its ``game``.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from attrs import frozen

from .games import MAX_SEED, game, names
from .schema import array, closed, envelope, flag, nullable, text, whole

__all__ = [
    "ERROR_KINDS",
    "GAME_WIRE_KINDS",
    "TAKE_BACK_REASONS",
    "WIRE_KINDS",
    "Maker",
    "WireDocuments",
    "wire_schema",
]

_Schema = dict[str, Any]


class Maker(Protocol):
    """What makes the schemas of a game's records (:class:`boardtable.schema.SchemaMaker`)."""

    #: The records' and enums' schemas made so far, by name (the schema's ``$defs``).
    defs: dict[str, _Schema]

    def of(self, kind: object) -> _Schema:
        """The schema of a type, its records' put in :attr:`defs`."""
        ...


#: Every body of the table's API with a schema, and what it describes.
WIRE_KINDS: Mapping[str, str] = {
    "match_request": "POST /api/matches: a new match (its game, seats, names, seed, options, lobby, clock, take-backs).",
    "match_created": "The answer to POST /api/matches: the match's id and each seat's kind, a human seat's token with it.",
    "match_summary": "GET /api/matches/ID: what anyone may know of a match (no secret).",
    "match_list": "GET /api/matches?open=1 and ?ids=A,B: the lobby's summaries.",
    "join_request": "POST /api/matches/ID/seats/N/join: the name of the person taking an open seat.",
    "joined": "The answer to a join: the seat taken and its token.",
    "empty_request": "The body of a write that asks nothing else (leave, return, rematch, cancel): {}.",
    "end_request": "POST /api/matches/ID/seats/N/resign and …/abort: the seq the seat saw when it asked.",
    "seat_view": "GET /api/matches/ID/view, the answer to a move, a take-back, a leave, a return, a resignation, an abort or a cancellation, and every WebSocket message: the match as one seat (or a spectator) sees it.",
    "move_request": "POST /api/matches/ID/moves: the seq the move was chosen at and the move.",
    "takeback_request": "POST /api/matches/ID/takeback: the seq the take-back was asked at.",
    "rematch": "The answer to POST /api/matches/ID/rematch: the new match and the asking seat's token there.",
    "match_log": "GET /api/matches/ID/log?since=SEQ&limit=N: a page of the match's entries, what kind and when (a move shows only its seat), and where the next page starts.",
    "games": "GET /api/games: every game the server plays, its seats, options and bots, every kind of seat with what it is, and the lines of its score sheet.",
    "catalogue": "GET /api/games/GAME/catalogue: every component of the game as data, with the catalogue's digest (and, where a game has them, which numbers are provisional).",
    "rule": "GET /api/games/GAME/rules/RULE-ID (the default game's also GET /api/rules/RULE-ID): a rule of the game's digest, one shape for every game, with where it comes from.",
    "replay": "GET /api/matches/ID/replay?at=SEQ&seat=N|all and POST /api/games/GAME/replay?at=K&seat=N|all (a record): the table as it stood at one point, as one seat, the spectator or the whole table saw it.",
    "analysis_request": "POST /api/games/GAME/analysis: a position, the seat whose moves are asked for, and a move to try.",
    "analysis": "The answer to POST /api/games/GAME/analysis: the position's legal moves for the seats to act, and the move tried, played or refused by a rule.",
    "picture_request": "POST /api/games/GAME/picture: a position to draw as SVG, and the seat it is drawn as.",
    "error": "Every refusal and failure: its kind, one line of message, and the kind's own fields.",
}

#: The bodies that carry a game's documents or components: each game has its own schema of them.
GAME_WIRE_KINDS = ("seat_view", "move_request", "catalogue")


@frozen
class WireDocuments:
    """A game's documents as the bodies of :data:`GAME_WIRE_KINDS` carry them."""

    #: The type of a move (a union of the move records, told apart by their ``type``).
    move: object
    #: The record of a legal move's preview (the entry holds it without its move, with its text).
    preview: type[Any]
    #: The records of the game's events (a view tells each with its ``seq``, ``ply`` and text).
    events: tuple[type[Any], ...]
    #: The schema of the game's catalogue, its records' in the maker's ``$defs``
    #: (each game's own).
    catalogue: Callable[[Maker], _Schema]


#: The match's notices among a view's events.
_NOTICES = (
    "joined",
    "left",
    "returned",
    "timed_out",
    "taken_back",
    "resigned",
    "aborted",
    "rematch",
    "abandoned",
    "cancelled",
)
#: The notices of one seat.
_SEAT_NOTICES = ("joined", "left", "returned", "timed_out", "taken_back", "resigned", "aborted")
#: The notices of the whole match, of no seat.
_MATCH_NOTICES = ("abandoned", "cancelled")
#: The kinds of a match log's entries.
_LOG_KINDS = (
    "move",
    "takeback",
    "join",
    "leave",
    "return",
    "timeout",
    "rematch",
    "abandon",
    "resign",
    "abort",
    "cancel",
)


def _most_seats() -> int:
    """The most seats a match of any registered game has."""
    return max(game(name).seats[1] for name in names())


@functools.cache
def _seat() -> _Schema:
    """A seat of a match of any registered game (asked of the games when first made, not when
    this module is imported)."""
    return whole("A seat, 0 to players - 1.", 0, _most_seats() - 1)


_MATCH_ID = {"description": "A match's id.", "type": "string", "pattern": "^[A-Za-z0-9_-]{1,40}$"}
_TOKEN = text("A seat's secret token: Authorization: Bearer TOKEN on HTTP, ?token=TOKEN on the WebSocket.")
_SEQ = whole("The number of entries of the match so far (moves and the match's notices).")
_PLY = whole("The number of moves played.")
_NAME = {
    "description": "A person's or a bot's name at the table: 1 to 40 printable characters.",
    "type": "string",
    "minLength": 1,
    "maxLength": 40,
}


def _bots() -> list[str]:
    """Every game's bots: seat kinds of a match (of the game that has the bot)."""
    return sorted({bot for name in names() for bot in game(name).bot_names()})


def _seat_range() -> range:
    """The numbers of seats some game's match has (each game's own are its rule, :func:`_by_game`)."""
    return range(
        min(game(name).seats[0] for name in names()), max(game(name).seats[1] for name in names()) + 1
    )


def _seat_counts() -> _Schema:
    counts = _seat_range()
    return whole("The number of seats.", counts[0], counts[-1])


def _seated(name: str, seat: Callable[[list[str]], _Schema], *people: str) -> dict[str, _Schema]:
    """What a match of the game ``name`` holds by seat: as many seats as the game has, each
    seat's kind one of ``people`` or a bot of that game (``seat`` makes a seat's schema of
    the kinds it may be)."""
    fewest, most = game(name).seats
    return {
        "players": {"minimum": fewest, "maximum": most},
        "seats": {"minItems": fewest, "maxItems": most, "items": seat([*people, *game(name).bot_names()])},
    }


def _one_seat_a_player() -> list[_Schema]:
    """The rule that a match has as many seats as players, one per number of players."""
    return [
        {
            "if": {"properties": {"players": {"const": count}}, "required": ["players"]},
            "then": {"properties": {"seats": {"minItems": count, "maxItems": count}}},
        }
        for count in _seat_range()
    ]


def _request_seats(name: str) -> dict[str, _Schema]:
    return _seated(name, lambda kinds: {"enum": kinds}, "human", "open")


def _summary_seats(name: str) -> dict[str, _Schema]:
    return _seated(name, lambda kinds: {"properties": {"kind": {"enum": kinds}}}, "human", "open", "away")


def _seat_kind() -> _Schema:
    return {
        "description": "human (a person), open (a person joins later), away (a person's seat played by the stand-in bot), or the name of a bot of the match's game.",
        "enum": ["human", "open", "away", *_bots()],
    }


_SECONDS = {"description": "Seconds.", "type": "number", "minimum": 0}
_CLOCK_SETTING = closed(
    "A chess clock: each seat's bank of seconds, and the seconds added after each of its moves.",
    {
        "bank": {
            **_SECONDS,
            "description": "Seconds each seat starts with.",
            "exclusiveMinimum": 0,
            "maximum": 86400,
        },
        "increment": {**_SECONDS, "description": "Seconds added after each move.", "maximum": 3600},
    },
)


def _seat_entry() -> _Schema:
    return closed(
        "One seat of the match.",
        {
            "seat": _seat(),
            "kind": _seat_kind(),
            "name": _NAME,
            "connected": flag("Whether a WebSocket of that seat is open now."),
        },
    )


def _to_act() -> _Schema:
    return array("The seats to act (several in a simultaneous round), none once the game is over.", _seat())


def _summary() -> _Schema:
    options, by_game = _by_game(_summary_options, _summary_seats, required=True)
    properties: dict[str, _Schema] = {
        "match": _MATCH_ID,
        "game": {"description": "The game's name.", "enum": list(names())},
        "players": _seat_counts(),
        **options,
        "public": flag("Listed in the lobby while a seat is open."),
        "takeback": flag("Whether a seat may take back its last move."),
        "clock": nullable(_CLOCK_SETTING),
        "seed_chosen": flag("Whether the seed was given by whoever made the match (not drawn)."),
        "started": flag("Whether every seat is taken: before, nobody moves and no clock runs."),
        "state": {
            "description": "waiting (a seat is open or a rematch's seat not yet claimed), playing, over (the game ended, or a seat resigned), aborted (a seat ended it before every seat had moved), cancelled (its creator ended it before it started), or abandoned (nobody played it for too long); over is true for all but the first two. Aborted, cancelled and abandoned matches have no result.",
            "enum": ["waiting", "playing", "over", "aborted", "cancelled", "abandoned"],
        },
        "seats": array("Every seat, in seat order.", _seat_entry()),
        "seq": _SEQ,
        "ply": _PLY,
        "to_act": _to_act(),
        "over": flag("Whether the game has ended."),
        "winners": array(
            "The seats that won (several for a shared victory): empty until the end, and for a match without a result; after a resignation, the others' best as the position stood.",
            _seat(),
        ),
        "resigned": nullable(
            {**_seat(), "description": "The seat that resigned, ending the match; null if none did."}
        ),
        "totals": nullable(
            array(
                "Each seat's score in seat order (the game's totals as the table stood) once the match has a result; null before, and for a match without one.",
                {"type": "integer"},
            )
        ),
        "rematch": nullable({**_MATCH_ID, "description": "The rematch's id, once a seat asked for one."}),
        "created": {**_SECONDS, "description": "When the match was made, in seconds since 1970 (UTC)."},
    }
    summary = closed("What anyone may know of a match.", properties, *options)
    summary["allOf"] = [*by_game, *_one_seat_a_player()]
    return summary


def _option_schemas(name: str) -> dict[str, _Schema]:
    """The schemas of a game's match options, by option (``GET /api/games`` gives them too)."""
    properties = game(name).options_schema().get("properties", {})
    assert isinstance(properties, dict)
    return dict(properties)


def _summary_options(name: str) -> dict[str, _Schema]:
    """The options a summary of a match of the game shows (those of its default options' data)."""
    found = game(name)
    shown = found.options_data(found.read_options({}, found.seats[0], 0))
    return {option: schema for option, schema in _option_schemas(name).items() if option in shown}


def _by_game(
    options_of: Callable[[str], dict[str, _Schema]],
    seated: Callable[[str], dict[str, _Schema]],
    required: bool,
) -> tuple[dict[str, _Schema], list[_Schema]]:
    """Every game's options (``options_of`` a game's name) as properties of one mapping, and the
    rule of each game: a mapping whose ``game`` is that game (the first game when it names
    none) holds no other game's option, and, if ``required``, every one of its own; and its
    seats are as ``seated`` (a game's name) says: as many as the game has, of its kinds."""
    options = {name: options_of(name) for name in names()}
    merged: dict[str, _Schema] = {}
    rules: list[_Schema] = []
    for index, (name, own) in enumerate(options.items()):
        merged.update(own)
        chosen: _Schema = {"properties": {"game": {"const": name}}}
        if index:
            chosen["required"] = ["game"]
        others = {option: False for other in options.values() for option in other if option not in own}
        then: _Schema = {"properties": {**others, **seated(name)}}
        if required:
            then["required"] = list(own)
        rules.append({"if": chosen, "then": then})
    return merged, rules


def _told_events(maker: Maker, events: tuple[type[Any], ...]) -> list[_Schema]:
    """Each game event as a view sends it: the event's fields with ``seq``, ``ply`` and ``text``."""
    told = []
    for kind in events:
        reference = maker.of(kind)["$ref"]
        name = reference.rsplit("/", 1)[-1]
        event = copy.deepcopy(maker.defs[name])
        extra = {
            "seq": {
                **_SEQ,
                "description": "The seq of the entry that made it (its entry's place in the log).",
            },
            "ply": {**_PLY, "description": "The moves played when it happened (its move's place, from 1)."},
            "text": text("The event as the players read it."),
        }
        event["properties"] = {
            "seq": extra["seq"],
            "ply": extra["ply"],
            **event["properties"],
            "text": extra["text"],
        }
        event["required"] = ["seq", "ply", *event["required"], "text"]
        maker.defs["Told" + name] = event
        told.append({"$ref": f"#/$defs/Told{name}"})
    return told


def _notice() -> _Schema:
    notice = closed(
        "A notice of the match: a seat joined, left, returned or ran out of time, a move was taken back, a seat resigned or aborted the match, a rematch was made, the match was abandoned (nobody played it for too long) or cancelled by its creator.",
        {
            "seq": _SEQ,
            "ply": {**_PLY, "description": "The moves played when it happened."},
            "type": {"description": "What happened.", "enum": list(_NOTICES)},
            "seat": _seat(),
            "name": {**_NAME, "description": "The name of the person who joined."},
            "match": {**_MATCH_ID, "description": "The rematch's id."},
            "text": text("The notice as the players read it."),
        },
        "seat",
        "name",
        "match",
    )
    notice["allOf"] = [
        {
            "if": {"properties": {"type": {"enum": list(_SEAT_NOTICES)}}},
            "then": {"required": ["seat"], "not": {"required": ["match"]}},
        },
        {
            "if": {"properties": {"type": {"const": "rematch"}}},
            "then": {"required": ["match"], "not": {"required": ["seat"]}},
        },
        {
            "if": {"properties": {"type": {"enum": list(_MATCH_NOTICES)}}},
            "then": {"not": {"anyOf": [{"required": ["seat"]}, {"required": ["match"]}]}},
        },
        {
            "if": {"properties": {"type": {"const": "joined"}}},
            "then": {"required": ["name"]},
            "else": {"not": {"required": ["name"]}},
        },
    ]
    return notice


def _legal_entry(maker: Maker, documents: WireDocuments) -> _Schema:
    reference = maker.of(documents.preview)["$ref"]
    preview = copy.deepcopy(maker.defs[reference.rsplit("/", 1)[-1]])
    del preview["properties"]["move"]
    preview["properties"]["text"] = text("What the move would do, in one line for its player.")
    preview["required"] = [name for name in preview["required"] if name != "move"] + ["text"]
    preview["description"] = "What the move would do to its player (the preview document without its move)."
    maker.defs["LegalPreview"] = preview
    return closed(
        "A legal move of the seat.",
        {
            "move": {**maker.of(documents.move), "description": "The move as data: post it as it is."},
            "notation": text("The move in the notation (docs/notation.md)."),
            "preview": {
                "description": "What the move would do to its player.",
                "$ref": "#/$defs/LegalPreview",
            },
            "text": text("The move in one line, as its player would say it, where the game says it."),
        },
        "text",
    )


def _seat_view(maker: Maker, position: _Schema, documents: WireDocuments) -> _Schema:
    maker.defs["Notice"] = _notice()
    events = {"oneOf": [*_told_events(maker, documents.events), {"$ref": "#/$defs/Notice"}]}
    clock = closed(
        "The match's clock at the server's now.",
        {
            "bank": _CLOCK_SETTING["properties"]["bank"],
            "increment": _CLOCK_SETTING["properties"]["increment"],
            "left": array(
                "The seconds each seat had left at now, in seat order; null for a bot's seat (a bot has no clock).",
                nullable(_SECONDS),
            ),
            "running": array("The seats whose clock runs: count them down from now.", _seat()),
            "now": {**_SECONDS, "description": "The server's time of left, in seconds since 1970 (UTC)."},
        },
    )
    rematch = closed(
        "The rematch: its id, and for a human seat its own new token.",
        {"match": _MATCH_ID, "token": _TOKEN},
        "token",
    )
    return closed(
        "The match as one seat, or a spectator (seat null), sees it.",
        {
            "seat": nullable({**_seat(), "description": "The seat it is shown to; null for a spectator."}),
            "seq": _SEQ,
            "ply": _PLY,
            "to_act": _to_act(),
            "started": flag("Whether every seat is taken: before, nobody moves and no clock runs."),
            "over": flag("Whether the game has ended."),
            "seed_chosen": flag(
                "Whether the seed was given by whoever made the match (not drawn): they may know every hidden card."
            ),
            "position": {**position, "description": "The position as this seat sees it: a view document."},
            "legal": array(
                "The seat's legal moves, empty unless it is to act and the match started.",
                _legal_entry(maker, documents),
            ),
            "seats": array("Every seat, in seat order.", _seat_entry()),
            "clock": nullable(clock),
            "takeback": flag("Whether this seat may take back its last move now."),
            "endings": array(
                "How this seat may end the match now: resign (once it has started), abort (until every seat has moved once), cancel (its creator's seats, until it starts); none for a spectator or once it is over.",
                {"enum": ["resign", "abort", "cancel"]},
            ),
            "rematch": nullable(rematch),
            "events": array("What happened since the seq asked for (since=), in order.", events),
        },
    )


def _match_request() -> _Schema:
    options, by_game = _by_game(_option_schemas, _request_seats, required=False)
    properties: dict[str, _Schema] = {
        "game": {"description": f"The game (default {names()[0]}).", "enum": list(names())},
        "players": _seat_counts(),
        "seats": array(
            "Each seat's kind: human, open, or the name of a bot of the game.",
            {"enum": ["human", "open", *_bots()]},
        ),
        "names": array("Each seat's name, in seat order.", _NAME),
        "seed": whole("The game's seed (default: drawn at random).", 0, MAX_SEED),
        **options,
        "public": flag("List the match in the lobby while a seat is open (default false)."),
        "clock": nullable(_CLOCK_SETTING),
        "takeback": flag("Let a seat take back its last move (default false)."),
    }
    request = closed(
        "A new match.", properties, *(name for name in properties if name not in ("players", "seats"))
    )
    request["allOf"] = [*by_game, *_one_seat_a_player()]
    return request


#: Every kind of error the server answers (the error body's ``error``), with its status and when.
ERROR_KINDS: Mapping[str, str] = {
    "malformed": "400: not JSON, duplicate keys, a number beyond 64 bits, an unknown or missing field, a value of the wrong type or range, a token in an HTTP request's address, or malformed HTTP framing.",
    "forbidden": "403: no token, or one that opens no seat of the match, where a seat's token is needed; a move or a seat's change for another seat; a record asked for before the end; a replay of another seat's view without its token, or of the whole position, before the end.",
    "not_found": "404: an unknown match, seat, game, rule, schema or route.",
    "method_not_allowed": "405: a path asked with a method it does not take (the Allow header names those it takes).",
    "too_slow": "408: a body that did not arrive whole in time; the connection is closed.",
    "stale": "409: the move or take-back was chosen at another seq (seq and ply say the match's now): take the new view and choose again.",
    "abandoned": "409: the match was ended unfinished, nobody having played it for too long.",
    "not_started": "409: a seat is still open: nobody moves until every seat is taken.",
    "away": "409: the stand-in bot plays this seat: return to play it.",
    "taken": "409: the seat to join is not open.",
    "not_playing": "409: the seat to leave is away already.",
    "not_away": "409: the seat to return to is not away.",
    "not_over": "409: a rematch asked for before the end.",
    "over": "409: the match has ended (resigned, aborted, cancelled, or its game over): nothing more is played, taken back, joined, left or returned to.",
    "started": "409: a cancel asked for once the match has started (resign or abort it instead).",
    "cannot_abort": "409: an abort refused; reason says why (all_moved: every seat has moved once, so the match can be resigned, no longer aborted).",
    "cannot_take_back": "409 or 422: a take-back refused; reason says why (409: no_move, moved_since, over or away, which may change; 422: off or revealed, which never will).",
    "damaged": "410, for good: what is stored of the match does not replay; match names it, seq says how many of its entries replay where that is known. Do not ask again.",
    "too_large": "413: a body over 64 KiB (a record posted for a replay: over 512 KiB), refused before it is read whole; 431: a request's head over its bound (the connection is closed).",
    "unsupported_media_type": "415: a write not declared as JSON (Content-Type: application/json).",
    "illegal": "422: the game's rules refuse the move: game, rule, reason and rule_text say which rule and why.",
    "full": "422: the match holds as many entries as its persons may make (5,000): a person may only leave.",
    "inconsistent": "422: a position posted for analysis that its game's reader or consistency check refuses: field is the path of the position document that is wrong ($ where the game does not say), rule the rule ID it breaks (null where it breaks only the document's structure).",
    "hidden": "422: an analysis that needs what the posted view hides: another seat's moves, or a move that would turn up a hidden card or a roll. Analyse the whole position.",
    "bad_record": "422: a record posted for a replay that its game does not read, that does not replay (a move refused, its result block not the moves'), or that has over 5,000 moves.",
    "too_many": "429: too many of one request from one address or seat. Where waiting is enough (matches created and seats taken per minute from an address; analyses and replays per minute from an address; a seat's leaves, returns and take-backs per minute), retry_after and the Retry-After header give the seconds to wait; where it is not (an address's unfinished matches, or those with a searching bot), neither is sent: ask again once one of them has ended.",
    "internal": "500: the server failed; the failure is logged.",
    "unavailable": "503: the store cannot be reached now; the Retry-After header says when to ask again.",
}
#: The reasons of a ``cannot_take_back``.
TAKE_BACK_REASONS = ("no_move", "moved_since", "over", "away", "off", "revealed")
#: The fields an error body of some kinds carries beside its kind and message: those it always
#: carries, and those it may.
_ERROR_FIELDS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "stale": (("seq", "ply"), ()),
    "illegal": (("game", "rule", "reason", "rule_text"), ()),
    "cannot_take_back": (("reason",), ()),
    "cannot_abort": (("reason",), ()),
    "damaged": (("match",), ("seq",)),
    "inconsistent": (("field", "rule"), ()),
    "too_many": ((), ("retry_after",)),
}


def _error() -> _Schema:
    """The error body: one of :data:`ERROR_KINDS`, its message, and the fields its kind carries
    (:data:`_ERROR_FIELDS`), no other."""
    fields: dict[str, _Schema] = {
        "seq": {
            **_SEQ,
            "description": "stale: the match's seq now; damaged: how many of its entries replay to their digests (absent where that is not known).",
        },
        "ply": {**_PLY, "description": "stale: the match's ply now."},
        "game": {
            "description": "illegal: the game whose rule refuses the move (a rule ID means something only within its game).",
            "type": "string",
        },
        "reason": {
            "description": "illegal: why, as a word; cannot_take_back: one of "
            + ", ".join(TAKE_BACK_REASONS)
            + "; cannot_abort: all_moved.",
            "type": "string",
        },
        "rule_text": {"description": "illegal: the rule's text.", "type": "string"},
        "match": {**_MATCH_ID, "description": "damaged: the match that is not served."},
        "field": text(
            "inconsistent: the path of the position document that is wrong ($.data.players[1].coins; $ where the game does not say)."
        ),
        "rule": {
            "description": "illegal: the rule that refuses the move; inconsistent: the rule the position breaks, null where it breaks only the document's structure.",
            "type": ["string", "null"],
        },
        "retry_after": whole(
            "too_many, where waiting is enough: the seconds to wait before asking again (as Retry-After says).",
            1,
        ),
    }
    error = closed(
        "A refusal or a failure: its kind, one line of message, and the fields of its kind (none but those).",
        {
            "error": {
                "description": "Its kind, with its HTTP status: "
                + " ".join(f"{kind}: {when}" for kind, when in ERROR_KINDS.items()),
                "enum": list(ERROR_KINDS),
            },
            "message": text("One line saying what was refused and why."),
            **fields,
        },
        *fields,
    )
    rules: list[_Schema] = []
    for kind, (always, maybe) in _ERROR_FIELDS.items():
        then: _Schema = {"properties": {name: False for name in fields if name not in (*always, *maybe)}}
        if kind == "cannot_take_back":
            then["properties"]["reason"] = {"enum": list(TAKE_BACK_REASONS)}
        if kind == "cannot_abort":
            then["properties"]["reason"] = {"const": "all_moved"}
        if kind == "illegal":
            then["properties"]["rule"] = {"type": "string"}
        if always:
            then["required"] = list(always)
        rules.append({"if": {"properties": {"error": {"const": kind}}}, "then": then})
    others = {"not": {"enum": list(_ERROR_FIELDS)}}
    rules.append(
        {"if": {"properties": {"error": others}}, "then": {"properties": dict.fromkeys(fields, False)}}
    )
    error["allOf"] = rules
    return error


def _rule() -> _Schema:
    """A rule as :meth:`boardtable.rulebook.RuleEntry.data` tells it, with the field each game
    gave before the citation said it."""
    return closed(
        "A rule of a game's digest.",
        {
            "id": text(
                "The rule's ID within its game (COLONY-3); another game may have a rule of the same ID."
            ),
            "area": text("The rule's area (colony), the page of the game's rules it is on."),
            "summary": text("The rule in one line."),
            "text": text("The rule in full, in this project's words."),
            "ruling": flag(
                "Whether the rule is a ruling: the game's sources leave the point open, and this project decided it."
            ),
            "why": nullable(text("Why a ruling was decided so; null for any other rule.")),
            "game": text("The title of the game whose rule it is."),
            "name": text(
                "The rule named with its game (its title, then its ID), as a refusal's message names it."
            ),
            "citation": closed(
                "Where the rule comes from.",
                {
                    "source": text(
                        "The game's sources it comes from, in words, several separated by commas: such as rulebook, rules summary, card sheet, components, project ruling."
                    ),
                    "page": nullable(
                        whole(
                            "The page of the rulebook it is on; null where the sources are not cited by page.",
                            1,
                        )
                    ),
                },
            ),
            "page": whole(
                "The page of a game whose rules are cited by page, as before the citation: citation.page.", 1
            ),
            "source": text(
                "The sources of a game whose rules are cited by source, as before the citation: citation.source."
            ),
        },
        "page",
        "source",
    )


def _log_entry() -> _Schema:
    return closed(
        "One entry.",
        {
            "seq": _SEQ,
            "kind": {"description": "What the entry is.", "enum": list(_LOG_KINDS)},
            "at": {**_SECONDS, "description": "When, in seconds since 1970 (UTC)."},
            "ply": _PLY,
            "seat": _seat(),
            "name": _NAME,
            "match": _MATCH_ID,
        },
        "seat",
        "name",
        "match",
    )


def _document(description: str, kind: str) -> _Schema:
    """A game's document of ``kind`` in its envelope, its data the game's own (``hadara schema
    --game GAME KIND`` has its schema; a game's position: ``GET /api/games/GAME/schemas/position``)."""
    document = envelope(kind, {"type": "object", "additionalProperties": True})
    document["properties"]["schema_version"] = {
        **document["properties"]["schema_version"],
        "type": "integer",
    }
    return {"description": description, **document}


def _data(description: str, *required: str) -> _Schema:
    """A game's data (a move, a preview, an event): its own fields, told by its game's schemas."""
    return {
        "description": description,
        "type": "object",
        "required": list(required),
        "additionalProperties": True,
    }


def _told() -> _Schema:
    return {
        "description": "An event of the game as the seat saw it (its fields the game's event document's, with seq, ply and text), or a notice of the match (as a view's events have them).",
        "type": "object",
        "properties": {
            "seq": {
                **_SEQ,
                "description": "The seq of the entry that made it (a record's: its move's number, from 0).",
            },
            "ply": {**_PLY, "description": "The moves played before it happened."},
            "type": text("What happened: the event's or the notice's type."),
            "text": text("What happened, in one line for the players."),
        },
        "required": ["seq", "ply", "type", "text"],
        "additionalProperties": True,
    }


def _replay() -> _Schema:
    return closed(
        "A match, or a record, as it stood at one point, as one seat, the spectator or the whole table saw it.",
        {
            "match": nullable({**_MATCH_ID, "description": "The match; null for a record posted."}),
            "game": text("The game's name."),
            "at": whole(
                "A match's entry (its seq) after which the table is shown; a record's number of moves (0: its start)."
            ),
            "last": whole("A match's last entry (its seq); a record's number of moves."),
            "over": flag("Whether the match (or the record's game) had ended at that point."),
            "seat": {
                "description": "Who it is shown to: a seat, null for the spectator, all for the whole position (once the game is over).",
                "anyOf": [_seat(), {"const": "all"}, {"type": "null"}],
            },
            "ply": _PLY,
            "to_act": _to_act(),
            "position": _document(
                "The position as that seat (or the spectator) saw it, or the whole position (seat all): the game's position document.",
                "game_state",
            ),
            "events": array("The events of the entry (or the move) at, as that seat saw them.", _told()),
            "entry": nullable(
                {
                    **_log_entry(),
                    "description": "The log's entry at (as GET /api/matches/ID/log gives it); null for a record posted.",
                }
            ),
        },
    )


def _analysis() -> _Schema:
    legal = closed(
        "A legal move of the seat.",
        {
            "move": _data("The move as data (the game's move document's data): post it as it is.", "type"),
            "notation": text("The move in the game's notation."),
            "preview": _data(
                "What the move would do to its player (the game's preview, without its move, with its text).",
                "text",
            ),
            "text": text("The move in one line, as its player would say it, where the game says it."),
        },
        "text",
    )
    return closed(
        "A position analysed: its legal moves, and the move tried.",
        {
            "game": text("The game's name."),
            "position": _document("The position as the game read it.", "game_state"),
            "digest": text("The position's digest."),
            "to_act": _to_act(),
            "over": flag("Whether the game has ended in that position."),
            "legal": {
                "description": "The legal moves of each seat to act (of the seat asked for alone, where one was; of a view's own seat alone), by seat.",
                "type": "object",
                "propertyNames": {"pattern": "^[0-9]+$"},
                "additionalProperties": array("The seat's legal moves.", legal),
            },
            "played": nullable(
                closed(
                    "The move tried, played.",
                    {
                        "position": _document(
                            "The position after the move (and every automatic step after it).", "game_state"
                        ),
                        "digest": text("The digest of the position after the move."),
                        "events": array(
                            "What the move made happen, as the position's seat saw it (every event, for a whole position).",
                            _data(
                                "An event (the game's event document's data, with its text).", "type", "text"
                            ),
                        ),
                        "notation": nullable(text("The move in the game's notation.")),
                    },
                )
            ),
            "refusal": nullable(
                closed(
                    "Why the rules refuse the move tried.",
                    {
                        "rule": text(
                            "The rule's ID in the game's rules (GET /api/games/GAME/rules/RULE-ID)."
                        ),
                        "reason": text("Why, in one line."),
                        "rule_text": text(
                            "The rule's text (empty for a rule the game's digest does not have)."
                        ),
                        "citation": nullable(
                            {
                                "description": "Where the rule comes from: as the rule's citation (source, page).",
                                "type": "object",
                                "additionalProperties": True,
                            }
                        ),
                    },
                )
            ),
        },
    )


def _simple(kind: str) -> _Schema:
    """The schemas made of nothing but the wire's own shapes."""
    summary = _summary()
    makers: dict[str, Callable[[], _Schema]] = {
        "match_request": _match_request,
        "match_created": lambda: closed(
            "A new match: its id and each seat's kind, a human seat's token with it.",
            {
                "match": _MATCH_ID,
                "seats": array(
                    "Every seat, in seat order.",
                    closed(
                        "A seat of the new match.",
                        {"seat": _seat(), "kind": _seat_kind(), "token": _TOKEN},
                        "token",
                    ),
                ),
            },
        ),
        "match_summary": lambda: summary,
        "match_list": lambda: closed(
            "Summaries of matches.",
            {"matches": array("The matches, newest first or in the order asked.", summary)},
        ),
        "join_request": lambda: closed("The name of the person taking the seat.", {"name": _NAME}),
        "joined": lambda: closed("The seat taken.", {"match": _MATCH_ID, "seat": _seat(), "token": _TOKEN}),
        "empty_request": lambda: closed("Nothing asked.", {}),
        "takeback_request": lambda: closed(
            "A take-back.", {"seq": {**_SEQ, "description": "The seq the seat last saw."}}
        ),
        "end_request": lambda: closed(
            "A resignation or an abort.", {"seq": {**_SEQ, "description": "The seq the seat last saw."}}
        ),
        "rematch": lambda: closed(
            "The rematch and the asking seat's token there.", {"match": _MATCH_ID, "token": _TOKEN}
        ),
        "match_log": lambda: closed(
            "A page of the match's log.",
            {
                "match": _MATCH_ID,
                "entries": array(
                    "The page's entries, in order, from the seq asked for (since=, default 0), at most the limit asked for (limit=, default 100, at most 500).",
                    _log_entry(),
                ),
                "next": nullable(
                    {
                        **_SEQ,
                        "description": "The seq the next page starts at (since=); null: this page ends the log.",
                    }
                ),
            },
        ),
        "games": lambda: closed(
            "The games.",
            {
                "games": array(
                    "Every game, the default game first.",
                    closed(
                        "A game.",
                        {
                            "game": text("Its name, in URLs and requests."),
                            "title": text("The name players know it by."),
                            "seats": {
                                "description": "The fewest and the most seats.",
                                "type": "array",
                                "items": {"type": "integer"},
                                "minItems": 2,
                                "maxItems": 2,
                            },
                            "options": {
                                "description": "The JSON Schema of a new match's options.",
                                "type": "object",
                                "additionalProperties": True,
                            },
                            "bots": array("Its bots' names: seat kinds of a new match.", {"type": "string"}),
                            "web": flag(
                                "Whether it has a part of its own at the web table: a JavaScript module"
                                " at /games/GAME/game.js (else the table shows its picture and its legal"
                                " moves as a list)."
                            ),
                            "kinds": array(
                                "Every kind a seat of its matches may be, each once: human, open, away, its bots, then the operator's engines.",
                                closed(
                                    "A kind of seat.",
                                    {
                                        "kind": {
                                            "description": "Its name, as a new match's seats and a summary's seats give it.",
                                            "type": "string",
                                            "minLength": 1,
                                        },
                                        "description": text("What plays such a seat, in one line."),
                                        "requestable": flag(
                                            "Whether a new match may ask for it (every kind but away, which the server makes of a person's seat)."
                                        ),
                                    },
                                ),
                            ),
                            "score": {
                                **array(
                                    "The lines of a seat's score sheet, in the sheet's order, the total's (total)"
                                    " among them: what a table draws a finished match's sheet by.",
                                    closed(
                                        "A line of the score sheet.",
                                        {
                                            "line": {
                                                "description": "Its key: the field of each seat's sheet in the result"
                                                " block of the game's record (total: the seat's score).",
                                                "type": "string",
                                                "minLength": 1,
                                            },
                                            "name": text("The line as a player reads it."),
                                        },
                                    ),
                                ),
                                "contains": {
                                    "properties": {
                                        "line": {"description": "The total's line.", "const": "total"}
                                    }
                                },
                            },
                        },
                    ),
                )
            },
        ),
        "rule": _rule,
        "replay": _replay,
        "analysis_request": lambda: closed(
            "A position to analyse, the seat whose moves are asked for, and a move to try.",
            {
                "position": _document(
                    "The position: a whole position, or a seat's view (which shows that seat's moves alone), as the game writes it.",
                    "game_state",
                ),
                "seat": nullable(
                    {
                        **_seat(),
                        "description": "The seat whose legal moves are asked for; null or absent: every seat to act.",
                    }
                ),
                "move": nullable(
                    {
                        "description": "A move to try: as data, as a move document, or in the notation; null or absent: none.",
                        "anyOf": [{"type": "string"}, _data("A move as data, or a move document.")],
                    }
                ),
            },
            "seat",
            "move",
        ),
        "analysis": _analysis,
        "picture_request": lambda: closed(
            "A position to draw as SVG, and the seat it is drawn as.",
            {
                "position": _document(
                    "The position: a whole position, or a seat's view (drawn as its own seat), as the game writes it.",
                    "game_state",
                ),
                "seat": nullable(
                    {
                        **_seat(),
                        "description": "The seat a whole position is drawn as (its view); null or absent: the position as it is.",
                    }
                ),
            },
            "seat",
        ),
        "error": _error,
    }
    return makers[kind]()


def wire_schema(
    kind: str, maker: Maker, position: Callable[[], _Schema], documents: WireDocuments
) -> _Schema:
    """The body of one wire kind's schema (a key of :data:`WIRE_KINDS`): its ``$defs`` go to
    ``maker``; ``position`` makes the view document's schema and ``documents`` names the game's
    other documents (both read only for :data:`GAME_WIRE_KINDS`)."""
    if kind == "seat_view":
        return _seat_view(maker, position(), documents)
    if kind == "catalogue":
        return documents.catalogue(maker)
    if kind == "move_request":
        return closed(
            "A move.",
            {
                "seq": {**_SEQ, "description": "The seq the move was chosen at (a view's seq)."},
                "move": {
                    "description": "The move as data (a legal entry's move), as a move document (that data in its envelope: schema_version, kind move, data), or in the notation.",
                    "anyOf": [
                        maker.of(documents.move),
                        envelope("move", maker.of(documents.move)),
                        {"type": "string"},
                    ],
                },
            },
        )
    return _simple(kind)
