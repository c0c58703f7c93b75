"""A game at the terminal: the log ``hadara play`` prints, and people playing seats.

:class:`GameLog` turns events into the lines of a game's log: a header where
each section begins (EPOCH-1), the events in the words of ``str(event)`` (a
player's coins and track steps joined to the action that caused them), and
every player's coins at the end of each section. :func:`provisional_note` is
the line at the top of the log saying which component numbers are this
project's provisional ones.

:func:`play_at_terminal` lets people play seats against the bots, or each other
(hot seat), typing moves; see ``docs/cli.md`` for what a player sees and types.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ._components import Card, Colony, StartCard, Statue
from ._errors import CatalogueError
from ._model import GameState
from ._reader import parse_yaml, read_text
from ._resources import components_dir
from ._text import event_lines, player_name
from ._vocabulary import ROMAN
from .catalogue import Catalogue, load_catalogue
from .events import CoinsChanged, EpochStarted, Event, GameOver, SectionStarted

__all__ = ["GameLog", "provisional_note"]


def _provisional_reference_keys() -> list[str]:
    """The bundled reference sheet's entries its ``source:`` block does not list as verified."""
    sheet = parse_yaml(read_text(components_dir() / "reference.yaml", CatalogueError), CatalogueError)
    assert isinstance(sheet, dict)  # the bundled catalogue loaded, so the file is a mapping
    verified = {entry["id"] for entry in sheet["source"].get("verified", ())}
    return [key for key in sheet if key != "source" and key not in verified]


def provisional_note(catalogue: Catalogue) -> str:
    """One line: which of ``catalogue``'s numbers are provisional (the entries' ``provenance``,
    and for the bundled catalogue the reference sheet's ``source:`` block)."""
    kinds: tuple[tuple[str, Iterable[Card | Colony | StartCard | Statue]], ...] = (
        ("cards", catalogue.cards.values()),
        ("colonies", catalogue.colonies.values()),
        ("start cards", catalogue.start_cards.values()),
        ("statues", catalogue.statues.values()),
    )
    parts = []
    for name, records in kinds:
        listed = list(records)
        provisional = sum(record.provenance == "provisional" for record in listed)
        if provisional:
            parts.append(f"{provisional} of {len(listed)} {name}")
    if catalogue == load_catalogue():
        parts.extend(f"the {key.replace('_', ' ')} (reference.yaml)" for key in _provisional_reference_keys())
    if not parts:
        return "Component numbers: all verified against the printed game."
    return (
        "Component numbers: provisional (this project's choice, not the printed game's) for "
        + ", ".join(parts)
        + "; see the components page."
    )


class GameLog:
    """The log of a game for players, made from its events as they happen.

    Feed it the events of each move in order (:meth:`lines`); it remembers the
    section the game is in and every player's coins (the events' coins add up to
    the positions', so the coins it prints are the players' coins).
    """

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._coins = [player.coins for player in state.players]
        self._open = True  # the current section has not ended yet
        self._carried: list[Event] = []  # an epoch's beginning, told under its first section

    def opening(self) -> list[str]:
        """The first lines: the provisional numbers, and the header of the first section."""
        state = self._state
        return [
            provisional_note(state.catalogue),
            *self._header(state.epoch, str(state.phase), state.section),
        ]

    def lines(self, events: Iterable[Event]) -> list[str]:
        """The lines of ``events`` (the events of one or more moves, in order)."""
        out: list[str] = []
        segment: list[Event] = []

        def end_section() -> None:
            out.extend(f"  {line}" for line in event_lines(segment))
            segment.clear()
            if self._open:
                out.append(f"  {self.coins()}")
                self._open = False

        for event in events:
            if isinstance(event, CoinsChanged) and event.player is not None:
                self._coins[event.player] += event.amount
            if isinstance(event, EpochStarted | GameOver):
                end_section()
                (self._carried if isinstance(event, EpochStarted) else segment).append(event)
            elif isinstance(event, SectionStarted):
                end_section()
                out.extend(self._header(event.epoch, str(event.phase), event.section))
                segment.extend(self._carried)
                self._carried.clear()
                self._open = True
            else:
                segment.append(event)
        out.extend(f"  {line}" for line in event_lines(segment))
        return out

    def coins(self) -> str:
        """Every player's coins now."""
        state = self._state
        return "coins: " + ", ".join(
            f"{player_name(state, seat)} {coins}" for seat, coins in enumerate(self._coins)
        )

    @staticmethod
    def _header(epoch: int, phase: str, section: str) -> Sequence[str]:
        return ["", f"== Epoch {ROMAN[epoch]}, phase {phase}: {section}"]
