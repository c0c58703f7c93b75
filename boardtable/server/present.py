"""What a seat, or a spectator, is sent: every answer about a match is made here, from its game.

Everything is made from what the receiver may see (INFO-1): the position from
the game's view of the seat (the spectator's view for none), the legal moves
and their previews from that view, the events as the game tells them to that
seat, and what the whole table may know: the seats, who is connected, the
clocks. A rematch's token goes only to its own seat. The game record, which
holds every hidden component, is given only once the game is over.

A view and a WebSocket message are the same document: the seat's position with
its legal moves (made once per ``seq``), then what changes without an entry (the
seats' presence, the clocks' time left at ``now``), then the events.

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

import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable, Sequence
from functools import partial
from typing import Generic, TypeVar

import orjson

from ..games import AnyGame
from .entries import ABORT, CANCEL, MOVE, RESIGN
from .match import Match
from .store import Entry

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

    def kept(self, key: K) -> V | None:
        """The value kept under ``key``, None where there is none."""
        found = self._values.get(key)
        if found is not None:
            self._values.move_to_end(key)
        return found

    def __len__(self) -> int:
        return len(self._values)


#: A match's ``state`` once a person ended it, by the kind of its end.
_ENDED = {RESIGN: "over", ABORT: "aborted", CANCEL: "cancelled"}


def _state(match: Match) -> str:
    """Where a match stands: ``waiting`` for a person at a seat, ``playing``, ``over`` (its game
    finished, or a seat resigned), ``aborted`` or ``cancelled`` (a person ended it with no
    result), or ``abandoned`` (nobody played it for too long)."""
    if match.abandoned:
        return "abandoned"
    if match.ended is not None:
        return _ENDED[match.ended.kind]
    return "over" if match.finished else "playing" if match.started else "waiting"


def _seats(match: Match, connected: Collection[int]) -> list[Body]:
    """The seats as anyone may know them: kind, name, and whether a WebSocket of theirs is open."""
    return [
        {"seat": s.seat, "kind": s.kind, "name": s.name, "connected": s.seat in connected}
        for s in match.seats
    ]


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
        #: A viewer's picture, by match, viewer (``all``: the whole table) and seq (a tenth as
        #: many: each is a few dozen KB).
        self._pictures: _Table[tuple[str, int | str | None, int], str] = _Table(KEPT // 10)

    # ------------------------------------------------------------------ views and messages

    def view(
        self,
        match: Match,
        seat: int | None,
        since: int,
        connected: Collection[int] = (),
        rematch: Body | None = None,
    ) -> bytes:
        """The seat's view (and WebSocket message): its position, its legal moves with notation
        and preview, the seats (``connected``: those with a WebSocket open), the clocks, whether
        it may take back its move, the rematch (``rematch``: what this seat is told of it), and
        the events of the entries from ``since`` on, as JSON (see the module)."""
        position = self._positions.made((match.id, seat, match.seq), partial(self._position, match, seat))
        now = time.time()
        table = _encode(
            {
                "seats": _seats(match, connected),
                "clock": None
                if match.clocks is None
                else match.clocks.data(now, match.pauses, match.persons()),
                "rematch": rematch,
            }
        )
        return self._with_events(position[:-1] + b"," + table[1:], match, seat, since)

    def _position(self, match: Match, seat: int | None) -> bytes:
        """The view without its events: the seat, seq and ply, who is to act, whether the seed was
        chosen (whoever chose it may know every hidden card), the position, the legal moves."""
        played = match.game
        seen = played.view(match.state, seat)
        to_act = match.to_act
        legal: list[orjson.Fragment] = []
        if seat is not None and seat in to_act and match.started and not match.by_bot(seat):
            legal = [orjson.Fragment(entry) for entry in self._legal(match, seat, played.legal(seen, seat))]
        return _encode(
            {
                "seat": seat,
                "seq": match.seq,
                "ply": match.ply,
                "to_act": list(to_act),
                "started": match.started,
                "over": match.over,
                "seed_chosen": match.settings.seed_chosen,
                "position": played.position_data(seen),
                "legal": legal,
                "takeback": seat is not None and match.take_back_refusal(seat) is None,
                "endings": list(match.endings(seat)),
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
        told = match.told[seq]
        head = _encode({"seq": seq, "ply": told.ply})[:-1] + b","
        if told.notice is not None:
            return head + _encode(told.notice)[1:]
        seen = played.events_seen(told.events, seat, match.state)
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
    def summary(match: Match, connected: Collection[int] = ()) -> Body:
        """What anyone may know of a match: its game, options and settings, its seats, names and
        who is connected, whose turn it is, the winners, the totals and who resigned, its
        rematch."""
        played = match.game
        over = match.over
        return {
            "match": match.id,
            "state": _state(match),
            "game": played.name,
            "players": len(match.seats),
            **played.options_data(match.options),
            **match.settings.data(),
            "started": match.started,
            "seats": _seats(match, connected),
            "seq": match.seq,
            "ply": match.ply,
            "to_act": list(match.to_act),
            "over": over,
            "winners": list(match.winners()),
            "resigned": match.resigned,
            "totals": list(played.totals(match.state)) if match.decided else None,
            "rematch": None if match.rematch is None else match.rematch.match,
        }

    def picture(self, match: Match, seat: int | None) -> str:
        """The table as ``seat`` sees it, as SVG (every component drawn carries ``data-id``),
        drawn once per seat and ``seq``."""
        return self._pictures.made(
            (match.id, seat, match.seq), lambda: match.game.picture(match.game.view(match.state, seat))
        )

    def kept_picture(self, match_id: str, viewer: int | str | None, seq: int) -> str | None:
        """The picture of ``match_id`` drawn already for ``viewer`` (a seat, None: the spectator,
        ``all``: the whole table) when its ``seq`` was ``seq``; None where none is kept."""
        return self._pictures.kept((match_id, viewer, seq))

    def keep_picture(self, match_id: str, viewer: int | str | None, seq: int, drawn: str) -> str:
        """Keeps ``drawn``, the picture of ``match_id`` for ``viewer`` at ``seq`` (see
        :meth:`kept_picture`), and gives it back."""
        return self._pictures.made((match_id, viewer, seq), lambda: drawn)

    @staticmethod
    def log(match: Match, entries: Sequence[Entry]) -> bytes:
        """A page of the match's log, as JSON: ``entries`` (stored entries of the match, in
        order, from the first of the page on) as :meth:`log_entries` gives them, and ``next``:
        the ``seq`` the next page starts at, None when the page reaches the match's last entry.
        (Written by orjson: the standard library's ``json`` took 3.3 ms of the event loop to
        write a page of 500 entries, orjson 0.05 ms.)"""
        after = entries[-1].seq + 1 if entries else match.seq
        listed = Presenter.log_entries(match, entries)
        return _encode({"match": match.id, "entries": listed, "next": after if after < match.seq else None})

    @staticmethod
    def log_entries(match: Match, entries: Sequence[Entry]) -> list[Body]:
        """Stored entries of the match with their times, as anyone may know them (a move by its
        seat only)."""
        listed: list[Body] = []
        for entry in entries:
            told = match.told[entry.seq]
            item: Body = {"seq": entry.seq, "kind": entry.kind, "at": entry.at, "ply": told.ply}
            notice = told.notice
            if entry.kind == MOVE:
                item["seat"] = match.game.mover(match.game.read_stored_move(entry.data))
            elif notice is not None:
                item.update((key, notice[key]) for key in ("seat", "name", "match") if key in notice)
            listed.append(item)
        return listed

    @staticmethod
    def record(match: Match) -> str:
        """The game record of a finished or resigned match, with its result block (which names
        the seat that resigned) and the seats' names."""
        names = [seat.name for seat in match.seats]
        return match.game.record(
            match.options, match.moves, match.state, names, "hadara serve", resigned=match.resigned
        )
