"""A seat's legal moves as it is offered them: each move's preview (what the move does to its
mover) with the move in the seat's words (:func:`~hadara_rules._said.move_text`, made from the
seat's view: a pick names the card it takes, PICK-1), the words a table lists the move by, in a
browser as at a terminal."""

from __future__ import annotations

from attrs import frozen

from ._model import GameState
from ._moves import Move
from ._previews import Preview, previews
from ._said import move_text

__all__ = ["Offer", "offers"]


@frozen
class Offer:
    """A legal move as a seat is offered it: its preview, and the move in words."""

    preview: Preview
    said: str

    @property
    def move(self) -> Move:
        """The move offered."""
        return self.preview.move

    def __str__(self) -> str:
        """What the move does, in words: its preview's."""
        return str(self.preview)


def offers(view: GameState, seat: int) -> tuple[Offer, ...]:
    """Every legal move of ``seat`` in its view, as :func:`~hadara_rules._previews.previews`
    gives them, each with its words."""
    return tuple(Offer(preview, move_text(view, preview.move)) for preview in previews(view, seat))
