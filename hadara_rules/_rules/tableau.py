"""Counting a tableau by colour (BUY-1, MEDAL-4, PURPLE-11/12)."""

from __future__ import annotations

from .._memo import TableauMemo
from .._vocabulary import COLOR_INDEX, COLORS
from ..catalogue import Catalogue

#: Colour counts of the tableaux met so far.
COUNTED: TableauMemo[tuple[int, ...]] = TableauMemo(bound=1 << 15)


def color_counts(cards: tuple[str, ...], catalogue: Catalogue) -> tuple[int, ...]:
    """How many cards of each colour a tableau holds, in ``COLORS`` order (BUY-1, MEDAL-4).

    Kept in :data:`COUNTED`, and counted from the tableau without its last card
    (usually known already: a bought card joins the end of the tableau).
    """
    known, values = COUNTED.entry
    if known is catalogue and (found := values.get(cards)) is not None:
        return found
    if not cards:
        return _NO_CARDS
    before = color_counts(cards[:-1], catalogue)
    i = COLOR_INDEX[catalogue.cards[cards[-1]].color]
    return COUNTED.keep(cards, catalogue, (*before[:i], before[i] + 1, *before[i + 1 :]))


_NO_CARDS = (0,) * len(COLORS)
