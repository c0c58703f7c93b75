"""Why a move of the action phase is refused: the rule it breaks, in words (placeholder)."""

from __future__ import annotations

from boardtable.errors import IllegalMove

from .._model import GameState
from .._moves import Move

__all__ = ["why"]


def why(state: GameState, move: Move) -> IllegalMove | None:
    """The first rule ``move`` breaks in ``state``, or None where none is named here."""
    return None
