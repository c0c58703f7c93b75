"""A move's way, and a new match's: checked, stored, then the match advances once and is told once.

:class:`Referee` makes matches and plays moves on them. A move names the ``seq``
it was chosen at; one chosen at any other is :class:`Stale`, so two clicks or
two tabs cannot play twice. Under the match's lock, the move is checked by its
game, stored as the match's next entry (the store refuses it when another
process stored that entry first: the match then catches up and the move is
stale), and only then does the match advance and its listeners hear of it
(:meth:`~hadara_rules.server.registry.Registry.told`): once, in this process;
other processes hear it from the store.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping

from attrs import frozen

from ..games import AnyGame, HadaraError, IllegalMove
from .match import HUMAN, Forbidden, Match, token_hash
from .registry import Registry
from .store import MOVE, Entry, SeatEntry, Store, StoredMatch

__all__ = ["Illegal", "NewMatch", "Referee", "Stale"]


class Stale(HadaraError):
    """A move chosen at a ``seq`` that is no longer the match's."""

    def __init__(self, seq: int, ply: int) -> None:
        super().__init__(f"the match is at entry {seq}: reload the position and choose again")
        self.seq = seq
        self.ply = ply


class Illegal(HadaraError):
    """A move its game's rules refuse: the rule's ID, the reason, and the rule's text."""

    def __init__(self, refused: IllegalMove, rule_text: str) -> None:
        super().__init__(str(refused))
        self.rule = refused.rule
        self.reason = refused.reason
        self.rule_text = rule_text


@frozen
class NewMatch:
    """A match to make: its game and options, and each seat's kind and name in seat order."""

    game: AnyGame
    options: object
    kinds: tuple[str, ...]
    names: tuple[str, ...]


class Referee:
    """Makes matches and plays their moves (see the module)."""

    def __init__(self, store: Store, registry: Registry) -> None:
        self._store = store
        self._registry = registry

    async def create(self, new: NewMatch) -> tuple[Match, Mapping[int, str]]:
        """A new match, stored before it is returned, with the token of each human seat."""
        match_id = secrets.token_urlsafe(9)
        tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(new.kinds) if kind == HUMAN}
        seats = tuple(
            SeatEntry(seat, kind, name, token_hash(tokens[seat]) if seat in tokens else None)
            for seat, (kind, name) in enumerate(zip(new.kinds, new.names, strict=True))
        )
        played = new.game
        stored = StoredMatch(match_id, played.name, played.options_text(new.options), seats, ())
        await self._store.create(stored, listed=False, driven=stored.bots)
        match = Match(match_id, played, new.options, seats, played.new(new.options))
        self._registry.add(match)
        self._registry.told(match)
        return match, tokens

    async def play(self, match: Match, seat: int, seq: int, move: object) -> None:
        """Play ``move`` for ``seat`` if ``seq`` is the match's; returns once it is stored.

        :class:`~hadara_rules.server.match.Forbidden` for a move of another seat,
        :class:`Stale` for another ``seq``, :class:`Illegal` for a move the rules refuse;
        nothing changes then.
        """
        played = match.game
        mover = played.mover(move)
        if mover != seat:
            raise Forbidden(f"seat {seat} moves only for itself, not for seat {mover}")
        async with match.lock:
            if seq != match.seq:
                raise Stale(match.seq, match.ply)
            try:
                after, events = played.play(match.state, move)
            except IllegalMove as exc:
                raise Illegal(exc, played.rule_text(exc.rule)) from None
            entry = Entry(seq, MOVE, played.move_text(move), played.digest(after), time.time())
            stored = await self._store.append(match.id, entry, played.is_over(after))
            if stored:
                match.advance(move, after, events)
                moved = True
            else:  # another process stored this entry first
                moved = await self._registry.catch_up(match)
        if moved:
            self._registry.told(match)
        if not stored:
            raise Stale(match.seq, match.ply)
