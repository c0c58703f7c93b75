"""A seat's legal moves as it is offered them: each move's preview with what the move does
in the seat's words (:func:`~stone_age_rules.text.option_text`: what lies where its people
go, what it changes, and a warning before a placement the seat cannot pay for or a last
action after which it goes hungry), the one text a table shows beside the move, and the
move itself in the seat's words (:func:`~stone_age_rules.text.move_text`), the words a table
lists it by: in a browser as at a terminal."""

from __future__ import annotations

from attrs import frozen

from ._model import GameState
from ._moves import Move
from .previews import Preview, previews
from .text import move_text, option_text

__all__ = ["Offer", "offer_text", "offers"]


@frozen
class Offer:
    """A legal move as a seat is offered it: its preview, what it does in words, and the move
    in words."""

    preview: Preview
    text: str
    said: str

    @property
    def move(self) -> Move:
        """The move offered."""
        return self.preview.move


def offers(view: GameState, seat: int) -> tuple[Offer, ...]:
    """Every legal move of ``seat`` in its view, as :func:`~stone_age_rules.previews.previews`
    gives them, each with its words."""
    return tuple(
        Offer(preview, option_text(view, preview), move_text(view, preview.move))
        for preview in previews(view, seat)
    )


def offer_text(view: GameState, offer: Offer) -> str:
    """What an offered move does, in words (a terminal's list of moves says it)."""
    return offer.text
