"""Hadara on the command line: what the ``hadara`` command asks of Hadara beside its game
interface (:class:`~boardtable.games.commands.Commands`).

Hadara has a terminal of its own (:func:`~hadara_rules.terminal.play_at_terminal`: the
events in its log's words, a seat passed over told why, the score if the game ended now),
the log of a game of bots with a header per section and every player's coins
(:class:`~hadara_rules.terminal.GameLog`), a move's events joined into a line per action
(:func:`~hadara_rules._text.event_lines`), its scenarios (:mod:`hadara_rules.scenario`),
its document schemas (:mod:`hadara_rules.schema`) and two options of its matches on the
command line: ``--advanced`` and ``--crests`` (WHEEL-3).
"""

from __future__ import annotations

import argparse
from collections.abc import Collection, Mapping, Sequence

from attrs import evolve

from boardtable.games import Decider
from boardtable.games.commands import CommandOption, Commands, TableWords
from boardtable.prompt import Reader, Writer
from boardtable.reader import shown
from boardtable.screen import Screen

from ._config import GameConfig
from ._model import GameState
from ._moves import Move
from ._text import event_lines, format_position, format_score_sheet, player_name, where
from ._vocabulary import Crest
from .events import Event
from .scenario import SCENARIO_RULES
from .schema import SCHEMAS
from .terminal import GameLog, TerminalGame, play_at_terminal

__all__ = ["OPTIONS", "WORDS", "commands"]


def _crests(text: str) -> list[str]:
    """WHEEL-3: crest animals by name, one per seat in seat order: ``monkey,lion``."""
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in tuple(Crest)]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"{shown(unknown[0])} is no crest (the crests are {', '.join(Crest)})"
        )
    return names


#: Hadara's options on the command line.
OPTIONS = (
    CommandOption("advanced", "the advanced game: star purple cards, side B"),
    CommandOption(
        "crests",
        "each seat's crest animal in seat order, e.g. monkey,lion (default: the wheel's places 0, 1, …)",
        _crests,
        "CRESTS",
        per_seat=True,
    ),
)


def _terminal(
    options: GameConfig,
    humans: Collection[int],
    bots: Mapping[int, Decider[GameState, Move]],
    read: Reader,
    write: Writer,
    hand_over: bool,
    screen: Screen,
    made: Sequence[Move],
) -> TerminalGame:
    """Hadara's own terminal (:func:`~hadara_rules.terminal.play_at_terminal`)."""
    seats = [bots.get(seat) for seat in range(options.players)]
    return play_at_terminal(options, humans, seats, read, write, hand_over, screen, made)


def _told(events: Sequence[Event]) -> list[str]:
    """A move's events, a line per action (its coins and steps joined to it)."""
    return [str(line) for line in event_lines(events)]


#: What Hadara's screens say outside its own terminal: where the game is, the whole position
#: (``hadara replay``) and the score sheet.
WORDS = TableWords(where=where, board=lambda state, seat: [format_position(state)], score=format_score_sheet)


def commands(base: Commands) -> Commands:
    """Hadara's commands: ``base`` (the library's: its rule index, its records checked by
    :func:`~hadara_rules.records.replay`) with its terminal, its log, its scenarios, its
    schemas and its options."""
    return evolve(
        base,
        words=WORDS,
        terminal=_terminal,
        log=GameLog,
        told=_told,
        seat_name=player_name,
        scenario=SCENARIO_RULES,
        schemas=SCHEMAS,
        options=OPTIONS,
    )
