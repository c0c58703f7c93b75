"""A seat's legal moves as it is offered them (the platform's :class:`~boardtable.games.library.Offer`):
each move's preview (what the move does to its mover) with the move in the seat's words
(:func:`~imperial_settlers_rules.text.move_text`, made from the seat's view: a build's or an
activation's chosen options said by what each gives and from which card, CARD-14), the words
a table lists the move by, in a browser as at a terminal."""

from __future__ import annotations

from boardtable.games.library import Offer, offering

from ._moves import Move
from .previews import Preview, previews
from .text import move_text

__all__ = ["Offer", "Offered", "offers"]

#: A legal move of Imperial Settlers as a seat is offered it.
Offered = Offer[Preview, Move]

#: Every legal move of a seat in its view, as :func:`~imperial_settlers_rules.previews.previews`
#: gives them, each with its words.
offers = offering(previews, move_text)
