"""The position being worked on during one move, and the events it has produced so far.

Each step's position and board are made by the generated copiers of :mod:`boardtable.build`
(what :func:`attrs.evolve` gives, at a fraction of its cost: the records have no validators or
converters to skip). A move whose events nobody asks for (:func:`~stone_age_rules.apply_move`)
records none, which spares working out each event's amounts."""

from __future__ import annotations

from typing import Any

from boardtable.build import copier

from ._events import Event, changes
from ._model import GameState, Player

_copy_state, copy_player = copier(GameState), copier(Player)


class Table:
    """A move in progress: the latest position (each step replaces it) and its events, or
    None when they are not recorded.

    A table started for a move (``ply`` given) numbers the position with the step that
    first replaces it, which every move makes, instead of copying it once more for that.
    """

    __slots__ = ("events", "ply", "recording", "state")

    def __init__(self, state: GameState, recording: bool = True, ply: int | None = None) -> None:
        self.state = state
        #: Whether events are recorded: the steps made on every move check it before putting
        #: an event's words together.
        self.recording = recording
        self.events: list[Event] | None = [] if recording else None
        #: The move's number, for the position's next replacement (None once it has it).
        self.ply = ply

    def player(self, seat: int) -> Player:
        """``seat``'s board now."""
        return self.state.players[seat]

    def update(self, **fields: Any) -> None:
        """Replace fields of the position."""
        if self.ply is not None:
            fields["ply"] = self.ply
            self.ply = None
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
        before = self.state.players[seat]
        after: Player = copy_player(before, board)
        players = list(self.state.players)
        players[seat] = after
        self.update(players=tuple(players))
        if self.events is not None:
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
        if self.events is not None:
            self.events.append(Event(rule, what, seat, (), dice, item))
