"""What a tableau adds up to, kept for each catalogue: memos, the colour counts, the
printed track values and the printed points.

A tableau's colour counts (BUY-1) and effect totals (PURPLE-16) are asked for
several times per move, its printed values by every check of a position read
(TRACK-1), and its points by every score sheet (SCORE-5: one per legal move's
preview), of tableaux that repeat from position to position. A
:class:`TableauMemo` is a part of what each catalogue keeps
(:mod:`hadara_rules._kept`): the values by the tableau (its tuple of card ids). It
points at the table of the catalogue last used, so that a look-up is one
dictionary access: a memo keyed by the catalogue too (``functools.lru_cache``)
would hash the catalogue, in Python, on every call. Another catalogue coming
through points it at that catalogue's table.

The catalogue and its table are held as one pair (:attr:`TableauMemo.entry`) and
replaced together, so that a thread never reads one catalogue's values for
another's. The look-up is written out where it is used (``known, values =
memo.entry``), a method call being most of its cost.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from ._components import Catalogue
from ._kept import Part
from ._vocabulary import COLOR_INDEX, COLORS, NO_TRACKS, Tracks

V = TypeVar("V")


class TableauMemo(Generic[V]):
    """Values computed from a tableau, kept for each catalogue (at most ``bound`` per catalogue)."""

    __slots__ = ("entry", "part")

    def __init__(self, name: str, bound: int) -> None:
        #: The table each catalogue keeps.
        self.part: Part[tuple[str, ...], V] = Part(name, bound)
        #: The catalogue last used, and its table of values by tableau.
        self.entry: tuple[Catalogue | None, dict[tuple[str, ...], V]] = (None, {})

    def keep(self, cards: tuple[str, ...], catalogue: Catalogue, value: V) -> V:
        """Keep ``value`` for ``cards`` with ``catalogue``; returns ``value``."""
        known, values = self.entry
        if known is not catalogue:
            values = catalogue.kept.table(self.part)
            self.entry = (catalogue, values)
        if len(values) >= self.part.bound:  # as Kept.keep does, written out: a call costs more
            values.clear()
        values[cards] = value
        return value


#: Colour counts of the tableaux met so far.
COUNTED: TableauMemo[tuple[int, ...]] = TableauMemo("colour counts by tableau", bound=1 << 15)


def color_counts(cards: tuple[str, ...], catalogue: Catalogue) -> tuple[int, ...]:
    """How many cards of each colour a tableau holds, in ``COLORS`` order (BUY-1, MEDAL-4,
    PURPLE-3, PURPLE-11/12).

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


#: Printed track values of the tableaux met so far.
PRINTED: TableauMemo[Tracks] = TableauMemo("printed track values by tableau", bound=1 << 15)


def printed_values(cards: tuple[str, ...], catalogue: Catalogue) -> Tracks:
    """The track values printed on a tableau's cards, added up (BUY-3, TRACK-1).

    Kept in :data:`PRINTED`, and added up from the tableau without its last card.
    """
    known, values = PRINTED.entry
    if known is catalogue and (found := values.get(cards)) is not None:
        return found
    if not cards:
        return NO_TRACKS
    before = printed_values(cards[:-1], catalogue)
    return PRINTED.keep(cards, catalogue, before.plus(catalogue.cards[cards[-1]].values))


#: Printed points of the tableaux met so far.
POINTS: TableauMemo[int] = TableauMemo("printed points by tableau", bound=1 << 15)


def card_points(cards: tuple[str, ...], catalogue: Catalogue) -> int:
    """The points printed on a tableau's cards, added up (SCORE-5).

    Kept in :data:`POINTS`, and added up from the tableau without its last card.
    """
    known, values = POINTS.entry
    if known is catalogue and (found := values.get(cards)) is not None:
        return found
    if not cards:
        return 0
    before = card_points(cards[:-1], catalogue)
    return POINTS.keep(cards, catalogue, before + catalogue.cards[cards[-1]].points)
