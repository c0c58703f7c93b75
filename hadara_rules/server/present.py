"""What a seat, or a spectator, is sent: the one place every answer about a match is made.

Everything here is made from what the receiver may see (INFO-1): the position
from :func:`~hadara_rules.player_view` of the seat (the spectator's view for
none), the legal moves and their previews from that view, the events through
:func:`~hadara_rules.events.events_seen_by` (a plundered colony
shown by its front, as the views show it). The game record, which holds every
hidden card, is given only once the game is over.

The view and the WebSocket messages are made as JSON text, and each part once:
a viewer's position with its legal moves and their previews once per ply (kept
in the match for that viewer and that ply only, dropped when the match moves
on), each move's events once per viewer; a legal move's entry once while the seat's
options stay as they are (kept in the match by its preview, which is all it says, for
the options the seat was last shown only), and an event's JSON once for every seat and
match (kept by the event). A view or a message is then those
parts put together: byte for byte the JSON of the whole document, as orjson
writes it (compact, UTF-8, the keys in their order, as ``json.dumps`` would).

What is kept is kept small on purpose: every object that outlives a garbage collection
is looked through again by the next ones, and a table of thousands of previews made the
collector's pauses the longest waits of a loaded server (``benchmarks/server.py``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TypeVar

import orjson

from .._model import SPECTATOR, GameState
from .._previews import Preview, previews
from .._render import render_svg
from .._rulebook import rules
from .._rules.scoring import winners
from ..events import Event, events_seen_by
from ..records import GameInfo, GameRecord, game_result, to_data, to_json
from ..view import player_view
from .matches import Match

__all__ = ["created", "picture", "record", "rule", "rule_text", "summary", "update", "view"]

Body = dict[str, object]
K = TypeVar("K")
V = TypeVar("V")


def _encode(document: object) -> bytes:
    """``document`` as the server writes JSON: UTF-8, no spaces, keys in their order (byte for
    byte what ``json.dumps(document, ensure_ascii=False, separators=(",", ":"))`` writes)."""
    return orjson.dumps(document)


def _seen(state: GameState, seat: int | None) -> GameState:
    return player_view(state, seat)


def _told(match: Match, seat: int | None) -> list[bytes]:
    """Every move's events as ``seat`` sees them, each with its text: the items of a JSON list,
    one text per move (empty for a move that told it nothing), each encoded once."""
    told = match.told.setdefault(seat, [])
    for events in match.events[len(told) :]:
        seen = events_seen_by(events, SPECTATOR if seat is None else seat, match.state.catalogue)
        told.append(b",".join(_kept(_EVENTS, event, _event) for event in seen))
    return told


def _with_events(document: bytes, match: Match, seat: int | None, since: int) -> bytes:
    """The encoded object ``document`` with a last field, ``events``: those of the moves played
    since ply ``since``, as ``seat`` sees them."""
    events = b",".join(told for told in _told(match, seat)[since:] if told)
    return b"".join((document[:-1], b',"events":[', events, b"]}"))


def _data(thing: object) -> Body:
    data = to_data(thing)["data"]
    assert isinstance(data, dict)
    return data


def _legal(told: Preview) -> bytes:
    """A legal move as JSON: its data, its notation, and its preview as the mover's view gives
    it, with its text (the move's data is the one the preview holds: the move is written once)."""
    data = _data(told)
    return _encode(
        {"move": data.pop("move"), "notation": str(told.move), "preview": {**data, "text": str(told)}}
    )


def _event(event: Event) -> bytes:
    """An event as JSON, with its text."""
    return _encode({**_data(event), "text": str(event)})


#: Each event's JSON by the event: made once and kept (at most :data:`_KEPT`, then emptied),
#: what it says being all it is made of; most events of a move are told alike to every seat.
_EVENTS: dict[Event, bytes] = {}
_KEPT = 1 << 14


def _kept(table: dict[K, V], key: K, make: Callable[[K], V]) -> V:
    found = table.get(key)
    if found is None:
        if len(table) >= _KEPT:
            table.clear()
        found = table[key] = make(key)
    return found


def created(match: Match, tokens: dict[int, str]) -> Body:
    """The answer to a new match: its id, and each seat's kind (a human seat's token with it)."""
    seats: list[Body] = []
    for entry in match.seats:
        seat: Body = {"seat": entry.seat, "kind": entry.kind}
        if entry.seat in tokens:
            seat["token"] = tokens[entry.seat]
        seats.append(seat)
    return {"match": match.id, "seats": seats}


def summary(match: Match) -> Body:
    """What anyone may know of a match: its seats and names, whose turn it is, the winners."""
    state = match.state
    return {
        "match": match.id,
        "players": match.config.players,
        "advanced": match.config.advanced,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in match.seats],
        "ply": state.ply,
        "to_act": list(state.to_act),
        "over": state.is_over,
        "winners": list(winners(state)) if state.is_over else [],
    }


def view(match: Match, seat: int | None, since: int) -> bytes:
    """The seat's position, its legal moves with notation and preview, and the events since
    ``since``, as JSON; all but the events made once per ply (see the module)."""
    ply = match.state.ply
    kept = match.positions.get(seat)
    if kept is None or kept[0] != ply:
        kept = (ply, _position(match, seat))
        match.positions[seat] = kept
    return _with_events(kept[1], match, seat, since)


def _position(match: Match, seat: int | None) -> bytes:
    """The view without its events: the seat, the ply, who is to act, the position, the legal moves."""
    state = match.state
    seen = _seen(state, seat)
    legal: list[orjson.Fragment] = []
    if seat is not None and seat in state.to_act:
        legal = [orjson.Fragment(entry) for entry in _options(match, seat, previews(seen, seat))]
    return _encode(
        {
            "seat": seat,
            "ply": state.ply,
            "to_act": list(state.to_act),
            "position": to_data(seen),
            "legal": legal,
        }
    )


def _options(match: Match, seat: int, told: tuple[Preview, ...]) -> list[bytes]:
    """The entries of the seat's legal moves, in order: those it was last shown kept as they
    were (a seat's options stay as they are while another seat chooses in a draft round,
    DRAFT-3), the others made; they become the ones the seat was last shown."""
    shown = match.options.get(seat, {})
    entries: dict[Preview, bytes] = {}
    for preview in told:
        entry = shown.get(preview)
        entries[preview] = _legal(preview) if entry is None else entry
    match.options[seat] = entries
    return list(entries.values())


def update(match: Match, seat: int | None, since: int) -> str:
    """A WebSocket message, as JSON: the current ply, who is to act, and the events since ``since``."""
    state = match.state
    head = _encode({"ply": state.ply, "to_act": list(state.to_act)})
    return _with_events(head, match, seat, since).decode()


def picture(match: Match, seat: int | None) -> str:
    """The table as ``seat`` sees it, as SVG (every component drawn carries ``data-id``)."""
    return render_svg(_seen(match.state, seat))


def record(match: Match) -> str:
    """The game record of a finished match, with its result block and the seats' names."""
    info = GameInfo(
        players=tuple(s.name for s in match.seats),
        date=datetime.date.today().isoformat(),
        notes="hadara serve",
    )
    document = GameRecord(
        match.config,
        tuple(match.moves),
        result=game_result(match.state, match.config, tuple(match.moves)),
        info=info,
    )
    return to_json(document)


def rule(rule_id: str) -> Body | None:
    """A rule of the digest by ID (any case): its area, rulebook page, summary, text and ruling."""
    found = rules().get(rule_id.upper())
    if found is None:
        return None
    return {
        "id": found.id,
        "area": found.area,
        "page": found.page,
        "summary": found.summary,
        "text": found.text,
        "ruling": found.ruling,
        "why": found.why,
    }


def rule_text(rule_id: str) -> str:
    """The full text of a rule of the digest, for a refusal ("" for an ID the digest lacks)."""
    found = rules().get(rule_id)
    return "" if found is None else found.text
