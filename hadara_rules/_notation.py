"""Hadara's move notation (docs/notation.md): its forms, read and written by the platform.

Each kind of move is written by the form of its row of :data:`hadara_rules._moves.MOVE_KINDS`:
``P<player> <word>`` followed by its fields, separated by spaces (the fields every move of
the kind has, in a fixed order, then the optional one as ``field=value``, left out at its
default). :class:`boardtable.notation.Notation` writes it as ``str(move)`` and reads it back,
so ``parse_move(str(move)) == move`` for every move; it also takes extra spaces between
words and ``pay=0``.
"""

from __future__ import annotations

from boardtable.notation import Notation

from ._errors import NotationError
from ._moves import NOTATION, Move

__all__ = ["MAX_LENGTH", "parse_move"]

#: The longest text read as a move (moves with the bundled catalogue's ids are shorter than 40).
MAX_LENGTH = 1000

_NOTATION = Notation(NOTATION.values(), error=NotationError, max_length=MAX_LENGTH)


def parse_move(text: str) -> Move:
    """The move ``text`` writes in the notation: ``parse_move(str(move)) == move``.

    A text that is no move raises :class:`~hadara_rules._errors.NotationError`
    naming the word that is wrong and what was expected there. Whether the move
    is legal in a position is for :func:`~hadara_rules.check_move` to say.
    """
    move: Move = _NOTATION.read(text)
    return move
