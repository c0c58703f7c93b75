"""What a seat, or a spectator, is sent: every answer about a match is made here, from its game.

Everything is made from what the receiver may see (INFO-1): the position from
the game's view of the seat (the spectator's view for none), the legal moves
and their previews from that view, the events as the game tells them to that
seat. The game record, which holds every hidden component, is given only once
the game is over.

Views and WebSocket messages are JSON text, and each part of them is made once
and kept by :class:`Presenter`, in bounded tables outside the matches, by match,
seat and ``seq``: a seat's position with its legal moves once per ``seq``; the
events of each entry once per seat; the entries of a seat's legal moves while
its options stay as they are (a seat's options stay while another seat chooses
in a simultaneous round); each event's JSON once for every seat and match. A
view or a message is then those parts put together: byte for byte the JSON of
the whole document, as orjson writes it (compact, UTF-8, the keys in their
order, as ``json.dumps`` would).

The tables are kept small on purpose: every object that outlives a garbage
collection is looked through again by the next ones, and a table of thousands
of previews once made the collector's pauses the longest waits of a loaded
server (``benchmarks/server.py``). Their bytes are not looked through.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import partial
from typing import Generic, TypeVar

import orjson

from ..games import AnyGame
from .match import Match

__all__ = ["KEPT", "Presenter"]

Body = dict[str, object]
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The most parts each of the presenter's tables keeps (of the seats' legal moves, a tenth).
KEPT = 4096


class _Table(Generic[K, V]):
    """At most ``bound`` values by key, the least recently used dropped first."""

    def __init__(self, bound: int = KEPT) -> None:
        self._values: OrderedDict[K, V] = OrderedDict()
        self._bound = bound

    def made(self, key: K, make: Callable[[], V]) -> V:
        """The value kept under ``key``, made by ``make`` and kept the first time."""
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = make()
            if len(self._values) > self._bound:
                self._values.popitem(last=False)
        else:
            self._values.move_to_end(key)
        return found

    def __len__(self) -> int:
        return len(self._values)


def _event(played: AnyGame, event: Hashable) -> bytes:
    return _encode(played.event_data(event))


def _encode(document: object) -> bytes:
    """``document`` as the server writes JSON: UTF-8, no spaces, keys in their order (byte for
    byte what ``json.dumps(document, ensure_ascii=False, separators=(",", ":"))`` writes)."""
    return orjson.dumps(document)


class Presenter:
    """The views, messages and other answers of every match, their parts kept (see the module)."""

    def __init__(self) -> None:
        #: A viewer's position with its legal moves, by match, viewer and seq.
        self._positions: _Table[tuple[str, int | None, int], bytes] = _Table()
        #: The events of an entry as a viewer sees them (the items of a JSON list), by match,
        #: viewer and the entry's seq.
        self._told: _Table[tuple[str, int | None, int], bytes] = _Table()
        #: The entries of the legal moves a seat was last shown, by match and seat.
        self._options: _Table[tuple[str, int], dict[Hashable, bytes]] = _Table(KEPT // 10)
        #: An event's JSON, by the event (what it says being all it is made of).
        self._events: _Table[Hashable, bytes] = _Table()

    # ------------------------------------------------------------------ views and messages

    def view(self, match: Match, seat: int | None, since: int) -> bytes:
        """The seat's position, its legal moves with notation and preview, and the events of the
        entries from ``since`` on, as JSON (see the module)."""
        position = self._positions.made((match.id, seat, match.seq), partial(self._position, match, seat))
        return self._with_events(position, match, seat, since)

    def update(self, match: Match, seat: int | None, since: int) -> bytes:
        """A WebSocket message: the match's seq and ply, who is to act, and the events since ``since``."""
        head = _encode({"seq": match.seq, "ply": match.ply, "to_act": list(match.to_act)})
        return self._with_events(head, match, seat, since)

    def _position(self, match: Match, seat: int | None) -> bytes:
        """The view without its events: the seat, seq and ply, who is to act, the position, the legal moves."""
        played = match.game
        seen = played.view(match.state, seat)
        to_act = match.to_act
        legal: list[orjson.Fragment] = []
        if seat is not None and seat in to_act:
            legal = [orjson.Fragment(entry) for entry in self._legal(match, seat, played.legal(seen, seat))]
        return _encode(
            {
                "seat": seat,
                "seq": match.seq,
                "ply": match.ply,
                "to_act": list(to_act),
                "position": played.position_data(seen),
                "legal": legal,
            }
        )

    def _legal(self, match: Match, seat: int, options: tuple[Hashable, ...]) -> list[bytes]:
        """The entries of the seat's legal moves, in order: those it was last shown kept as they
        were, the others made; they become the ones the seat was last shown."""
        shown = self._options.made((match.id, seat), dict)
        entries = {option: shown.get(option) or _encode(match.game.legal_entry(option)) for option in options}
        shown.clear()
        shown.update(entries)
        return list(entries.values())

    def _with_events(self, document: bytes, match: Match, seat: int | None, since: int) -> bytes:
        """The encoded object ``document`` with a last field, ``events``: those of the entries
        from ``since`` on, as ``seat`` sees them, each with its entry's seq and the ply of its move."""
        told = [
            self._told.made((match.id, seat, seq), partial(self._entry, match, seat, seq))
            for seq in range(since, match.seq)
        ]
        events = b",".join(part for part in told if part)
        return b"".join((document[:-1], b',"events":[', events, b"]}"))

    def _entry(self, match: Match, seat: int | None, seq: int) -> bytes:
        played = match.game
        head = _encode({"seq": seq, "ply": seq})[:-1] + b","
        seen = played.events_seen(match.events[seq], seat, match.state)
        return b",".join(
            head + self._events.made(event, partial(_event, played, event))[1:] for event in seen
        )

    # ------------------------------------------------------------------ other answers

    @staticmethod
    def created(match: Match, tokens: dict[int, str]) -> Body:
        """The answer to a new match: its id, and each seat's kind (a human seat's token with it)."""
        seats: list[Body] = []
        for entry in match.seats:
            seat: Body = {"seat": entry.seat, "kind": entry.kind}
            if entry.seat in tokens:
                seat["token"] = tokens[entry.seat]
            seats.append(seat)
        return {"match": match.id, "seats": seats}

    @staticmethod
    def summary(match: Match) -> Body:
        """What anyone may know of a match: its game and options, its seats and names, whose turn
        it is, the winners."""
        played = match.game
        over = match.over
        return {
            "match": match.id,
            "game": played.name,
            "players": len(match.seats),
            **played.options_data(match.options),
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in match.seats],
            "seq": match.seq,
            "ply": match.ply,
            "to_act": list(match.to_act),
            "over": over,
            "winners": list(played.winners(match.state)) if over else [],
        }

    @staticmethod
    def picture(match: Match, seat: int | None) -> str:
        """The table as ``seat`` sees it, as SVG (every component drawn carries ``data-id``)."""
        return match.game.picture(match.game.view(match.state, seat))

    @staticmethod
    def record(match: Match) -> str:
        """The game record of a finished match, with its result block and the seats' names."""
        names = [seat.name for seat in match.seats]
        return match.game.record(match.options, match.moves, match.state, names)
