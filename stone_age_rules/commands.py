"""Stone Age on the command line: what the ``hadara`` command asks of Stone Age beside its
game interface (:class:`~boardtable.games.commands.Commands`).

Stone Age is played at the platform's terminal (:mod:`boardtable.terminal`) in its own
words (:data:`WORDS`: where the game stands, a seat's board, the table, what each legal move
does, the score sheet), and has its scenarios (:mod:`stone_age_rules.scenario`) and its
document schemas (:mod:`stone_age_rules.schema`).
"""

from __future__ import annotations

from attrs import evolve

from boardtable.games.commands import Commands, TableWords

from .scenario import SCENARIO_RULES
from .schema import SCHEMAS
from .text import board_lines, move_text, own_lines, score_sheet_text, where_text

__all__ = ["WORDS", "commands"]

#: What Stone Age's screens say.
WORDS = TableWords(where_text, own_lines, board_lines, score=score_sheet_text, said=move_text)


def commands(base: Commands) -> Commands:
    """Stone Age's commands: ``base`` (the library's: its rule index, its records checked by
    :func:`~stone_age_rules.records.replay`) with its words, its scenarios and its schemas."""
    return evolve(base, words=WORDS, scenario=SCENARIO_RULES, schemas=SCHEMAS)
