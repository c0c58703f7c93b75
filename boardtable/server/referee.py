"""Every change to a match, and a new match: checked, stored, then the match advances once and is told once.

:class:`Referee` makes matches and makes every change to them: moves,
take-backs, seats joined, left, returned or timed out, rematches, and the ends
a person asks for: a resignation, an abort, a cancellation
(:mod:`~boardtable.server.entries`). A move or a take-back names the ``seq``
it was chosen at; one chosen at any other is :class:`Stale`, so two clicks or
two tabs cannot play twice. Under the match's lock, the change is checked
against the match as it stands, stored as the match's next entry (the store
refuses it when another process stored that entry first: the match then
catches up and the change is checked again), and only then does the match
advance and its listeners hear of it
(:meth:`~boardtable.server.registry.Registry.told`): once, in this process;
other processes hear it from the store.

What one seat can make a match store is bounded: its leaves, returns and
take-backs by a bucket of ``changes_per_minute`` (``429 too_many`` past it; by default
:attr:`~boardtable.server.limits.Bounds.changes_per_minute`),
and a match holds at most :data:`~boardtable.server.match.MAX_ENTRIES` entries
of its persons' asking (``422 full`` past it; bots, timeouts and the stand-in
go on storing, so that the game can end).
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable, Mapping

from attrs import field, frozen

from ..games import MAX_SEED, AnyGame, GameError, IllegalMove
from .entries import (
    CANCEL,
    JOIN,
    LEAVE,
    RETURN,
    TIMEOUT,
    Abandoned,
    Change,
    Ended,
    Played,
    Rematched,
    SeatChanged,
    TakenBack,
    entry_data,
)
from .guard import Buckets
from .limits import BOUNDS
from .match import (
    AWAY,
    END_REFUSALS,
    HUMAN,
    OPEN,
    TAKE_BACK_REFUSALS,
    Forbidden,
    Match,
    rematch_token,
    token_hash,
)
from .registry import Registry
from .settings import Settings
from .store import Entry, Exists, SeatEntry, Store, StoredMatch

__all__ = [
    "SEATS_PACED",
    "Illegal",
    "NewMatch",
    "Referee",
    "Refused",
    "Stale",
    "TooFast",
]

#: How many times a change is checked again after another process stored an entry first.
_TRIES = 3
#: The seats whose buckets are kept at once (the least recently used is forgotten first, and
#: starts again with a full bucket).
SEATS_PACED = 10_000


class Stale(GameError):
    """A move chosen at a ``seq`` that is no longer the match's."""

    def __init__(self, seq: int, ply: int) -> None:
        super().__init__(f"the match is at entry {seq}: reload the position and choose again")
        self.seq = seq
        self.ply = ply


class Illegal(GameError):
    """A move its game's rules refuse: the game, the rule's ID, the reason, and the rule's text.

    A rule ID means something only within its game (two games may both have a FLOW-1), so
    the message names the game too: ``"TITLE FLOW-1: P1 is not to act"``."""

    def __init__(self, played: AnyGame, refused: IllegalMove) -> None:
        super().__init__(f"{played.title} {refused}")
        self.game = played.name
        self.rule = refused.rule
        self.reason = refused.reason
        self.rule_text = played.rule_text(refused.rule)


class Refused(GameError):
    """A request the match as it stands refuses: ``409`` while it may yet be granted (a seat
    taken, a game not over), ``422`` when it never will be; ``kind`` names it, ``reason`` says
    more where there are several."""

    def __init__(self, status: int, kind: str, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.reason = reason


class TooFast(GameError):
    """A seat that asks for leaves, returns or take-backs faster than its bound (``per_minute``),
    or ``what`` else is paced so: ``seconds`` until it may again."""

    def __init__(
        self, seconds: int, per_minute: int, what: str = "leaves, returns and take-backs from this seat"
    ) -> None:
        super().__init__(f"too many {what}: try again in {seconds} s (at most {per_minute} a minute)")
        self.seconds = seconds


@frozen
class NewMatch:
    """A match to make: its game and options, each seat's kind and name in seat order, and
    its settings at the table."""

    game: AnyGame
    options: object
    kinds: tuple[str, ...]
    names: tuple[str, ...]
    settings: Settings = field(factory=Settings)


class Referee:
    """Makes matches and every change to them (see the module)."""

    def __init__(
        self, store: Store, registry: Registry, changes_per_minute: int = BOUNDS.changes_per_minute
    ) -> None:
        self._store = store
        self._registry = registry
        #: Each seat's bucket of leaves, returns and take-backs, by match and seat.
        self._changes_per_minute = changes_per_minute
        self._paced = Buckets(changes_per_minute, SEATS_PACED)

    async def create(self, new: NewMatch) -> tuple[Match, Mapping[int, str]]:
        """A new match, stored before it is returned, with the token of each human seat."""
        match_id = secrets.token_urlsafe(9)
        tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(new.kinds) if kind == HUMAN}
        seats = tuple(
            SeatEntry(seat, kind, name, token_hash(tokens[seat]) if seat in tokens else None)
            for seat, (kind, name) in enumerate(zip(new.kinds, new.names, strict=True))
        )
        match = await self._made(match_id, new.game, new.options, seats, new.settings)
        self._registry.told(match)
        return match, tokens

    async def _made(
        self,
        match_id: str,
        played: AnyGame,
        options: object,
        seats: tuple[SeatEntry, ...],
        settings: Settings,
    ) -> Match:
        """A match stored and followed (:class:`~boardtable.server.store.Exists` for a taken id)."""
        match = Match(match_id, played, options, settings, seats, played.new(options), self._registry.pauses)
        stored = StoredMatch(match_id, played.name, played.options_text(options), seats, (), settings.text())
        await self._store.create(
            stored, listed=match.listed(seats, False), driven=match.driven(seats, match.over)
        )
        self._registry.add(match)
        return match

    # ------------------------------------------------------------------ moves

    async def play(self, match: Match, seat: int, seq: int, move: object, *, person: bool = True) -> None:
        """Play ``move`` for ``seat`` if ``seq`` is the match's; returns once it is stored.

        ``person``: the seat's person plays it (else the bot that plays the seat now).
        :class:`~boardtable.server.match.Forbidden` for a move of another seat,
        :class:`Stale` for another ``seq``, :class:`Refused` before the match has started or
        for a person whose seat the stand-in plays, :class:`Illegal` for a move the rules
        refuse; nothing changes then.
        """
        played = match.game
        mover = played.mover(move)
        if mover != seat:
            raise Forbidden(f"seat {seat} moves only for itself, not for seat {mover}")

        def decide() -> Change:
            _at(match, seq)
            _going_on(match, ended_only=True)
            if not match.started:
                raise Refused(409, "not_started", "the match waits for a person at each seat")
            if match.by_bot(seat) == person:
                if person:
                    raise Refused(409, "away", "the stand-in bot plays this seat: return to play it")
                raise Stale(match.seq, match.ply)  # its person is back
            if person:
                _room(match)
            try:
                after, events = played.play(match.state, move)
            except IllegalMove as exc:
                raise Illegal(played, exc) from None
            return Played(move, after, events)

        await self._commit(match, decide)

    async def take_back(self, match: Match, seat: int, seq: int) -> None:
        """Take back ``seat``'s last move if ``seq`` is the match's, no seat has moved since and
        the move showed no one anything new (its game decides); :class:`Refused` otherwise."""

        def decide() -> Change:
            _at(match, seq)
            reason = match.take_back_refusal(seat)
            if reason is not None:
                status, why = TAKE_BACK_REFUSALS[reason]
                raise Refused(status, "cannot_take_back", why, reason)
            _room(match)
            self._pace(match, seat)
            return TakenBack(seat, match.before_last_move())

        await self._commit(match, decide)

    # ------------------------------------------------------------------ seats

    async def join(self, match: Match, seat: int, name: str) -> str:
        """A person named ``name`` takes the open ``seat``: the seat's new token."""
        token = secrets.token_urlsafe(24)

        def decide() -> Change:
            _going_on(match)
            if match.seats[seat].kind != OPEN:
                raise Refused(409, "taken", f"seat {seat} is not open")
            return SeatChanged(JOIN, seat, name, token_hash(token))

        await self._commit(match, decide)
        return token

    async def leave(self, match: Match, seat: int) -> None:
        """``seat``'s person leaves it to the stand-in bot (in a full match too: for good then)."""

        def decide() -> Change:
            _going_on(match, ended_only=True)
            if match.seats[seat].kind != HUMAN:
                raise Refused(409, "not_playing", f"seat {seat} is played by the stand-in bot already")
            self._pace(match, seat)
            return SeatChanged(LEAVE, seat)

        await self._commit(match, decide)

    async def come_back(self, match: Match, seat: int) -> None:
        """``seat``'s person takes it back from the stand-in bot (a move the bot was thinking of
        for it is dropped: it would be stale)."""

        def decide() -> Change:
            _going_on(match, ended_only=True)
            if match.seats[seat].kind != AWAY:
                raise Refused(409, "not_away", f"seat {seat} is not away")
            _room(match)
            self._pace(match, seat)
            return SeatChanged(RETURN, seat)

        await self._commit(match, decide)

    async def time_out(self, match: Match, seat: int, seq: int) -> None:
        """``seat`` ran out of time at ``seq``: it is away from now on."""

        def decide() -> Change:
            _at(match, seq)
            if seat not in match.running():
                raise Stale(match.seq, match.ply)
            return SeatChanged(TIMEOUT, seat)

        await self._commit(match, decide)

    async def abandon(self, match: Match, untouched_since: float) -> None:
        """End ``match`` unfinished if nothing was stored of it since ``untouched_since``."""

        def decide() -> Change | None:
            if match.over or match.touched > untouched_since:
                return None
            return Abandoned()

        await self._commit(match, decide)

    # ------------------------------------------------------------------ ending

    async def end(self, match: Match, kind: str, seat: int, seq: int | None = None) -> None:
        """``seat``'s person ends the match (``kind``, one of
        :data:`~boardtable.server.entries.ENDINGS`) at ``seq`` where it is given: resigns (the
        others ranked as the position stands, ``seat`` last:
        :meth:`~boardtable.server.match.Match.winners`), aborts it before every seat has moved
        (no result), or cancels it before it starts (no result; the creator's seats only).
        :class:`Refused` as :meth:`~boardtable.server.match.Match.end_refusal` says."""

        def decide() -> Change:
            if seq is not None:
                _at(match, seq)
            refusal = match.end_refusal(kind, seat)
            if refusal is not None:
                status, error, why = END_REFUSALS[refusal]
                raise Refused(status, error, why, refusal if error == "cannot_abort" else None)
            return Ended(kind, None if kind == CANCEL else seat)

        await self._commit(match, decide)

    # ------------------------------------------------------------------ rematches

    async def rematch(self, match: Match, seat: int, token: str) -> tuple[str, str]:
        """The match's rematch (asked for now if no seat did before) and ``seat``'s token in it."""

        def decide() -> Change | None:
            if not match.decided:
                raise Refused(409, "not_over", "a rematch is asked for once the game is over (or resigned)")
            if match.rematch is not None:
                return None
            return Rematched(secrets.token_urlsafe(9), secrets.randbelow(MAX_SEED + 1))

        await self._commit(match, decide)
        found = await self.rematch_token(match, seat, token)
        assert found is not None
        return found

    async def rematch_token(self, match: Match, seat: int, token: str) -> tuple[str, str] | None:
        """The rematch of ``match`` and ``seat``'s token in it, the seat taken by its person if it
        was not yet; None before a rematch, or for a bot's seat."""
        rematch = match.rematch
        if rematch is None or match.seats[seat].kind not in (HUMAN, AWAY):
            return None
        new = self._registry.followed(rematch.match)
        if new is None:
            await self._make_rematch(match, rematch)
        mine = rematch_token(token, rematch.match)
        async with self._registry.using(rematch.match) as new:

            def decide() -> Change | None:
                if new.seats[seat].token_hash is not None:
                    return None
                return SeatChanged(JOIN, seat, new.seats[seat].name, token_hash(mine))

            await self._commit(new, decide)
        return rematch.match, mine

    async def _make_rematch(self, match: Match, rematch: Rematched) -> None:
        """Store the rematch (once: it may be made already, here or by another process). A
        person's seat has no token until its person takes it (:meth:`rematch_token`)."""
        played = match.game
        seats = tuple(
            SeatEntry(s.seat, HUMAN if s.kind in (HUMAN, AWAY) else s.kind, s.name) for s in match.seats
        )
        settings = Settings(
            clock=match.settings.clock,
            takeback=match.settings.takeback,
            created=time.time(),
            creator=match.settings.creator,  # counted against the same address's bounds
        )
        try:
            made = await self._made(
                rematch.match, played, played.reseeded(match.options, rematch.seed), seats, settings
            )
        except Exists:
            return
        self._registry.told(made)

    def _pace(self, match: Match, seat: int) -> None:
        """Take a leave, return or take-back from ``seat``'s bucket; :class:`TooFast` when it is empty."""
        wait = self._paced.take(f"{match.id}/{seat}")
        if wait > 0:
            raise TooFast(math.ceil(wait), self._changes_per_minute)

    # ------------------------------------------------------------------ storing

    async def _commit(self, match: Match, decide: Callable[[], Change | None]) -> None:
        """Store the change ``decide`` makes of the match as it stands (None: nothing to store),
        and advance the match; decided again if another process stored an entry first."""
        told = False
        try:
            for _ in range(_TRIES):
                async with match.lock:
                    change = decide()
                    if change is None:
                        return
                    if await self._store_change(match, change):
                        told = True
                        return
                    told = await self._registry.catch_up(match) or told
            raise Stale(match.seq, match.ply)
        finally:
            if told:
                self._registry.told(match)

    async def _store_change(self, match: Match, change: Change) -> bool:
        """Store ``change`` as the match's next entry and apply it; False if another process
        stored that entry first."""
        played = match.game
        kind, data = entry_data(played, change)
        after = change.after if isinstance(change, Played) else match.state
        if isinstance(change, TakenBack):
            after = change.before
        seats = match.seats_after(change) if isinstance(change, SeatChanged) else match.seats
        over = isinstance(change, Abandoned | Ended) or match.over or played.is_over(after)
        listed, driven = match.listed(seats, over), match.driven(seats, over)
        at = time.time()
        stored = await self._store.append(
            match.id,
            Entry(match.seq, kind, data, match.digest(after), at),
            over,
            listed=None if listed == match.listed(match.seats, match.over) else listed,
            driven=None if driven == match.driven(match.seats, match.over) else driven,
        )
        if stored:
            match.apply(change, at)
        return stored


def _room(match: Match) -> None:
    """``422 full`` once the match holds :data:`~boardtable.server.match.MAX_ENTRIES` entries."""
    if match.full:
        raise Refused(
            422,
            "full",
            f"the match holds {match.seq} entries, as many as a person's moves, take-backs and returns"
            " may make: leave the seat, and the stand-in bot plays it to the end",
        )


def _going_on(match: Match, ended_only: bool = False) -> None:
    """``409 abandoned`` or ``409 over`` once the match has ended (``ended_only``: by a person,
    or abandoned: a move in a game over by its rules is the rules' to refuse)."""
    if match.abandoned:
        raise Refused(409, "abandoned", "the match was abandoned: nobody played it for too long")
    if match.ended is not None or (match.over and not ended_only):
        raise Refused(409, "over", "the match is over")


def _at(match: Match, seq: int) -> None:
    """:class:`Stale` unless the match is at ``seq``."""
    if seq != match.seq:
        raise Stale(match.seq, match.ply)
