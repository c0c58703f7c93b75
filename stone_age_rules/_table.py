"""The position being worked on during one move, and the events it has produced so far.

Each step's position and board are made by the generated copiers of :mod:`hadara_rules._build`
(what :func:`attrs.evolve` gives, at a fraction of its cost: the records have no validators or
converters to skip)."""

from __future__ import annotations

from typing import Any

import attrs

from hadara_rules.foundations import copier

from ._events import Event, changes
from ._model import GameState, Player

_copy_state, _copy_player = copier(GameState), copier(Player)


@attrs.define
class Table:
    """A move in progress: the latest position (each step replaces it) and its events."""

    state: GameState
    events: list[Event] = attrs.field(factory=list)

    def player(self, seat: int) -> Player:
        """``seat``'s board now."""
        return self.state.players[seat]

    def update(self, **fields: Any) -> None:
        """Replace fields of the position."""
        self.state = _copy_state(self.state, fields)

    def change(
        self,
        seat: int,
        rule: str,
        what: str,
        *,
        item: str | None = None,
        dice: tuple[int, ...] = (),
        **board: Any,
    ) -> None:
        """Replace fields of ``seat``'s board and record the event with the amounts that changed."""
        before = self.player(seat)
        after: Player = _copy_player(before, board)
        players = list(self.state.players)
        players[seat] = after
        self.update(players=tuple(players))
        self.events.append(Event(rule, what, seat, changes(before, after), dice, item))

    def note(
        self,
        rule: str,
        what: str,
        seat: int | None = None,
        *,
        item: str | None = None,
        dice: tuple[int, ...] = (),
    ) -> None:
        """Record an event that changes no player's counters."""
        self.events.append(Event(rule, what, seat, (), dice, item))
