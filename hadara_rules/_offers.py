"""A seat's legal moves as it is offered them (the platform's :class:`~boardtable.games.library.Offer`):
each move's preview with what it does in words, and the move in the seat's words
(:func:`~hadara_rules._said.move_text`, made from the seat's view: a pick names the card it
takes, PICK-1), the words a table lists the move by, in a browser as at a terminal."""

from __future__ import annotations

from boardtable.games.library import Offer, offering

from ._moves import Move
from ._previews import Preview, previews
from ._said import move_text

__all__ = ["Offer", "Offered", "offers"]

#: A legal move of Hadara as a seat is offered it.
Offered = Offer[Preview, Move]

#: Every legal move of a seat in its view, as :func:`~hadara_rules._previews.previews` gives
#: them, each with its words.
offers = offering(previews, move_text)
