"""Replays at the table: a match, or a game record dropped on a page, as it stood at one point,
as one seat, the spectator or the whole table sees it (``docs/server.md``, "Replays").

- ``GET /api/matches/ID/replay?at=SEQ&seat=N|all``: the match after its log entry ``at``
  (default: its last). The match is the registry's, so a match whose stored entries do not
  replay to their digests is ``410 damaged`` before anything is shown; an earlier point
  than the last is then made anew from the stored entries up to ``at``, each held to its
  stored digest, :data:`~boardtable.server.registry.REPLAY_SLICE` at a time
  (:func:`~boardtable.server.registry.replayed`), so that a long match delays no other
  request for long; the last entry is the match as it stands. The point each of the
  matches replayed last stands at is kept (:class:`Cursors`): a replay at or after it goes
  on from there, so that stepping forward through a match replays one entry a step.
- ``POST /api/games/GAME/replay?at=K&seat=N|all``: a record (the JSON ``hadara play`` writes
  and ``GET …/record`` gives) after its first ``K`` moves; read by its game, at most
  :data:`~boardtable.server.match.MAX_ENTRIES` moves, checked whole as the game checks it
  (every move legal, its result block held to the moves), and never stored. The record's
  moves are played in a worker thread.

Who may see what (``INFO-1``, as at the table): without ``seat``, the spectator's view; ``seat=N``
seat N's view, which needs seat N's token until the match is decided (its game over, or a
seat resigned: when its record is given), and is anyone's after; ``seat=all`` the whole
position, only once it is decided. A record has no tokens: any seat's view of it may be
asked for, the whole position only of a record whose game is over (or resigned). The events
are those of the entry (the move) at ``at``, as that eye saw them.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Mapping

from ..games import AnyGame, Eye, GameError, check_record, steps
from ..reader import shown
from .bodies import Malformed
from .match import MAX_ENTRIES, Forbidden, Match
from .present import Body, Presenter
from .referee import Refused
from .registry import NotFound, Registry, replayed, unplayed

__all__ = [
    "ALL",
    "CURSORS",
    "MAX_RECORD",
    "Cursors",
    "match_point",
    "match_replay",
    "record_replay",
    "replayed_point",
]

#: The ``seat`` that asks for the whole position.
ALL = "all"
#: The eye of a query that names no seat: the spectator's.
SPECTATOR = Eye()
#: The largest record read, in bytes (a record of 5,000 moves takes about 300 KB).
MAX_RECORD = 512 * 1024
#: How many matches' points replayed last are kept, to go on from (:class:`Cursors`).
CURSORS = 8
#: A number as a query writes it (ASCII digits only).
_NUMBER = re.compile(r"[0-9]{1,18}")


def _eye(query: Mapping[str, str], players: int, default: Eye = SPECTATOR) -> Eye:
    """Who the query asks to be shown (``seat``): ``default`` (the spectator) without one."""
    text = query.get("seat")
    if text is None:
        return default
    if text == ALL:
        return Eye(whole=True)
    if not (_NUMBER.fullmatch(text) and int(text) < players):
        raise Malformed(f"seat: expected a seat from 0 to {players - 1} or {ALL}, found {shown(text)}")
    return Eye(int(text))


def _at(query: Mapping[str, str], last: int, what: str) -> int:
    """The point the query asks for (``at``): ``last`` without one."""
    text = query.get("at")
    if text is None:
        return last
    if not (_NUMBER.fullmatch(text) and int(text) <= last):
        raise Malformed(f"at: expected {what} from 0 to {last}, found {shown(text)}")
    return int(text)


def _allowed(eye: Eye, decided: bool, mine: int | None, why: str) -> None:
    """Refuse what ``eye`` may not be shown: the whole position before the game is ``decided``,
    another seat's view before then without its token (``mine``: the seat the token opens)."""
    if decided or (not eye.whole and eye.seat in (None, mine)):
        return
    if eye.whole:
        raise Forbidden(f"the whole position is shown once {why}")
    raise Forbidden(f"seat {eye.seat}'s view needs its token until {why}")


def _answer(
    played: AnyGame, eye: Eye, state: object, events: list[Body], to_act: tuple[int, ...], over: bool
) -> Body:
    """The fields every replay has about the position: who sees it, its ply, who is to act,
    whether it is over, the position as the eye sees it, and the events."""
    return {
        "seat": ALL if eye.whole else eye.seat,
        "ply": played.ply(state),
        "to_act": list(to_act),
        "over": over,
        "position": played.position_data(eye.sees(played, state)),
        "events": events,
    }


def _told(
    played: AnyGame, eye: Eye, seq: int, ply: int, events: tuple[object, ...], state: object
) -> list[Body]:
    """A move's events as ``eye`` sees them, each with its ``seq`` and ``ply`` (as a view tells them)."""
    return [{"seq": seq, "ply": ply, **played.event_data(event)} for event in eye.seen(played, events, state)]


class Cursors:
    """Where the matches replayed last stand (:data:`CURSORS` of them at most, the least
    recently used forgotten first): a replay at or after that point goes on from it, so that
    stepping forward through a match replays one entry a step."""

    def __init__(self, bound: int = CURSORS) -> None:
        self._kept: OrderedDict[str, Match] = OrderedDict()
        self._bound = bound

    def take(self, match_id: str, at: int) -> Match | None:
        """The point kept of ``match_id`` if it stands at entry ``at`` or before; it is no longer
        kept (it is the taker's to replay further, and to keep again)."""
        found = self._kept.get(match_id)
        if found is None or found.seq > at + 1:
            return None
        del self._kept[match_id]
        return found

    def keep(self, then: Match) -> None:
        """Keep ``then``, a match as it stood at some point, to go on from."""
        self._kept[then.id] = then
        self._kept.move_to_end(then.id)
        while len(self._kept) > self._bound:
            self._kept.popitem(last=False)


async def _replayed_to(registry: Registry, cursors: Cursors, match_id: str, at: int) -> Match:
    """The match ``match_id`` as it stood after its entry ``at``, replayed from its stored
    entries: from the point kept of it where that stands at ``at`` or before, else from its start."""
    then = cursors.take(match_id, at)
    if then is None:
        stored = await registry.store.load(match_id)
        if stored is None:
            raise NotFound(f"there is no match {match_id}")
        then, ahead = unplayed(stored, registry.pauses), stored.entries[: at + 1]
    else:
        ahead = await registry.store.entries(match_id, then.seq, at + 1 - then.seq) if then.seq <= at else ()
    await replayed(then, ahead)
    return then


def match_point(
    match: Match, mine: int | None, query: Mapping[str, str], default: Eye = SPECTATOR
) -> tuple[Eye, int]:
    """Who the query asks to be shown ``match`` (its ``seat``; ``default`` without one) and after
    which entry (``at``: the last without one), refused where that eye may not see it (see the
    module); ``mine``: the seat the request's token opens (None without one)."""
    if not match.seq:
        raise Malformed("at: the match has no entries yet, so nothing to replay")
    eye = _eye(query, len(match.seats), default)
    at = _at(query, match.seq - 1, "an entry's seq")
    _allowed(eye, match.decided, mine, "the game is over (or a seat resigned)")
    return eye, at


async def replayed_point(registry: Registry, cursors: Cursors, match: Match, at: int) -> Match:
    """``match`` as it stood after its entry ``at``, short of its last: replayed from its stored
    entries (from the point kept of it where there is one), and kept to go on from."""
    then = await _replayed_to(registry, cursors, match.id, at)
    cursors.keep(then)
    return then


async def match_replay(
    registry: Registry, cursors: Cursors, match: Match, mine: int | None, query: Mapping[str, str]
) -> Body:
    """``match`` (followed, and so sound) as it stood after its entry ``at``, as the query's
    eye sees it (see the module); ``mine``: the seat the request's token opens (None without one)."""
    eye, at = match_point(match, mine, query)
    last = match.seq - 1
    if at == last:  # the match as it stands, taken before anything is awaited: no replay
        then, shown = match, _shown(match, eye, at)
    else:
        then = await replayed_point(registry, cursors, match, at)
        shown = _shown(then, eye, at)
    entries = await registry.store.entries(match.id, at, 1)
    listed = Presenter.log_entries(then, entries)
    if not listed:
        raise Malformed(f"at: entry {at} is not stored yet")
    return {"match": match.id, "game": match.game.name, "at": at, "last": last, **shown, "entry": listed[0]}


def _shown(match: Match, eye: Eye, at: int) -> Body:
    """What ``eye`` sees of ``match``, whose last entry is ``at``, and of that entry."""
    played, told = match.game, match.told[at]
    if told.notice is not None:
        events: list[Body] = [{"seq": at, "ply": told.ply, **told.notice}]
    else:
        events = _told(played, eye, at, told.ply, told.events, match.state)
    return _answer(played, eye, match.state, events, match.to_act, match.over)


async def record_replay(played: AnyGame, body: bytes, query: Mapping[str, str]) -> Body:
    """The record ``body`` of a game of ``played`` after its first ``at`` moves, as the query's
    eye sees it (see the module); nothing is stored."""
    try:
        text = body.decode("utf-8")
        options, moves, _ = played.read_record(text)
        resigned = played.record_resigned(text)
    except UnicodeDecodeError:
        raise Malformed("the record is not UTF-8 text") from None
    except GameError as exc:
        raise Refused(422, "bad_record", f"the record is no {played.title} record: {exc}") from None
    if len(moves) > MAX_ENTRIES:
        raise Refused(
            422, "bad_record", f"the record has {len(moves)} moves; at most {MAX_ENTRIES} are replayed"
        )
    return await asyncio.to_thread(_replayed_record, played, text, options, moves, resigned, query)


def _replayed_record(
    played: AnyGame,
    text: str,
    options: object,
    moves: tuple[object, ...],
    resigned: int | None,
    query: Mapping[str, str],
) -> Body:
    """A record's replay (see :func:`record_replay`), its moves played here."""
    at = _at(query, len(moves), "a number of moves")
    try:
        check_record(played, text, options, moves)
        for ply, (final, done) in enumerate(steps(played, options, moves, len(moves))):
            if ply == at:
                state, events = final, done
    except GameError as exc:
        raise Refused(422, "bad_record", f"the record does not replay: {exc}") from None
    eye = _eye(query, len(played.totals(final)))
    decided = played.is_over(final) or resigned is not None
    _allowed(eye, decided, eye.seat, "its game is over (or a seat resigned)")
    over = played.is_over(state) or (resigned is not None and at == len(moves))
    told = _told(played, eye, at - 1, at - 1, events, state) if at else []
    return {
        "match": None,
        "game": played.name,
        "at": at,
        "last": len(moves),
        **_answer(played, eye, state, told, () if over else played.to_act(state), over),
        "entry": None,
    }
