"""Imperial Settlers on the command line: what the ``hadara`` command asks of Imperial
Settlers beside its game interface (:class:`~boardtable.games.commands.Commands`).

Imperial Settlers is played at the platform's terminal (:mod:`boardtable.terminal`) in its own
words (:data:`WORDS`, :mod:`imperial_settlers_rules.text` and :mod:`imperial_settlers_rules.board`:
where the game stands, the seat's own board, the table in one screen of 80x24 and every empire in
full behind ``more``, each legal move and what it does, the score sheet), has no scenario part
of its own (its scenarios start from a
``config:`` or a ``position:``), and has its document schemas
(:mod:`imperial_settlers_rules.schema`); ``--factions`` and ``--first-player`` set its options.
"""

from __future__ import annotations

import argparse

from attrs import evolve

from boardtable.games.commands import CommandOption, Commands, TableWords

from ._components import FACTIONS
from .board import board_lines, own_lines
from .schema import SCHEMAS
from .text import move_text, score_sheet_text, where_text

__all__ = ["OPTIONS", "WORDS", "commands"]


#: What Imperial Settlers' screens say (:mod:`imperial_settlers_rules.text`).
WORDS = TableWords(where_text, own_lines, board_lines, score=score_sheet_text, said=move_text)


def _factions(text: str) -> list[str]:
    """``--factions romans,japanese``: one faction for each seat (SETUP-1)."""
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in FACTIONS]
    if unknown:
        raise argparse.ArgumentTypeError(f"no faction {unknown[0][:20]!r} (they are {', '.join(FACTIONS)})")
    return names


def _first(text: str) -> int | str:
    """``--first-player 2`` or ``--first-player random`` (SETUP-6)."""
    if text == "random":
        return text
    if text.isdigit() and len(text) == 1:
        return int(text)
    raise argparse.ArgumentTypeError(f"a seat from 0 to 3 or 'random', not {text[:20]!r}")


#: The options of a match on the command line.
OPTIONS = (
    CommandOption(
        "factions", "each seat's faction, in seat order (SETUP-1; default: dealt)", _factions, "A,B,..", True
    ),
    CommandOption("first_player", "the first player of round 1: a seat or random (SETUP-6)", _first, "SEAT"),
)


def commands(base: Commands) -> Commands:
    """Imperial Settlers' commands: ``base`` (the library's: its rule index, its records checked
    by :func:`~imperial_settlers_rules.records.replay`) with its words, schemas and options."""
    return evolve(base, words=WORDS, schemas=SCHEMAS, options=OPTIONS)
