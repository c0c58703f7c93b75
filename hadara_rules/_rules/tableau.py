"""Counting a tableau by colour (BUY-1, MEDAL-4, PURPLE-11/12)."""

from __future__ import annotations

import functools

from .._vocabulary import COLOR_INDEX, COLORS
from ..catalogue import Catalogue


@functools.lru_cache(maxsize=1 << 15)
def color_counts(cards: tuple[str, ...], catalogue: Catalogue) -> tuple[int, ...]:
    """How many cards of each colour a tableau holds, in ``COLORS`` order (BUY-1, MEDAL-4).

    Cached, and counted from the tableau without its last card (usually cached
    already: a bought card joins the end of the tableau).
    """
    if not cards:
        return _NO_CARDS
    before = color_counts(cards[:-1], catalogue)
    i = COLOR_INDEX[catalogue.cards[cards[-1]].color]
    return (*before[:i], before[i] + 1, *before[i + 1 :])


_NO_CARDS = (0,) * len(COLORS)
