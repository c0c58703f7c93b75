"""A seat's legal moves as it is offered them (the platform's :class:`~boardtable.games.library.Offer`):
each move's preview with what the move does in the seat's words
(:func:`~stone_age_rules.text.option_text`: what lies where its people go, what it changes,
and a warning before a placement the seat cannot pay for or a last action after which it
goes hungry), the one text a table shows beside the move, and the move itself in the seat's
words (:func:`~stone_age_rules.text.move_text`), the words a table lists it by: in a browser
as at a terminal."""

from __future__ import annotations

from boardtable.games.library import Offer, offering

from ._moves import Move
from .previews import Preview, previews
from .text import move_text, option_text

__all__ = ["Offer", "Offered", "offers"]

#: A legal move of Stone Age as a seat is offered it.
Offered = Offer[Preview, Move]

#: Every legal move of a seat in its view, as :func:`~stone_age_rules.previews.previews` gives
#: them, each with its words.
offers = offering(previews, move_text, option_text)
