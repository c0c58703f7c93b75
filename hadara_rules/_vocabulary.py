"""The names of the game: colours, tracks, crests, phases, sections, sides, tiers and
epochs, and a value on each of the four tracks.

The lowest layer of the package: every other module may use these names, and this
module uses none of the others.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType

from attrs import frozen

from boardtable.build import maker


class Color(enum.StrEnum):
    """Card colours, in the order of the player board."""

    YELLOW = "yellow"
    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    PURPLE = "purple"


class Track(enum.StrEnum):
    """The four tracks of a player board (TRACK-1)."""

    INCOME = "income"
    MILITARY = "military"
    CULTURE = "culture"
    FOOD = "food"


class Crest(enum.StrEnum):
    """The crest animals of the player boards (SETUP-1): each player chooses one, and the
    wheel carries all five (WHEEL-3); their order on the wheel is component data."""

    MONKEY = "monkey"
    DRAGON = "dragon"
    LION = "lion"
    PEGASUS = "pegasus"
    SCARAB = "scarab"


class Phase(enum.StrEnum):
    """The two phases of an epoch (EPOCH-1)."""

    A = "A"
    B = "B"


class Section(enum.StrEnum):
    """What the game is waiting for (EPOCH-1); ``over`` after final scoring."""

    SETUP = "setup"
    WHEEL = "wheel"
    DRAFT = "draft"
    PICK = "pick"
    INCOME = "income"
    COLONY = "colony"
    STATUE = "statue"
    FEEDING = "feeding"
    MEDALS = "medals"
    OVER = "over"


class Side(enum.StrEnum):
    """The two sides of a start card (SETUP-6)."""

    A = "A"
    B = "B"


#: The five colours in their fixed order: the order of a position's decks and outer piles.
COLORS: tuple[Color, ...] = tuple(Color)
#: The four tracks in the player board's order.
TRACKS: tuple[Track, ...] = tuple(Track)
#: The coloured card whose values mostly feed each track (yellow → income …).
TRACK_OF_COLOR: Mapping[Color, Track] = {
    Color.YELLOW: Track.INCOME,
    Color.RED: Track.MILITARY,
    Color.BLUE: Track.CULTURE,
    Color.GREEN: Track.FOOD,
}
#: Colony tiers by military requirement (SETUP-4).
TIERS: tuple[int, ...] = (3, 9, 15, 21, 30)
#: Where each colour's deck and outer pile stand in a position's tuples.
COLOR_INDEX: Mapping[Color, int] = {c: i for i, c in enumerate(COLORS)}
#: Where each track stands in the board's order (bonus tiles are kept in it, TILE-1).
TRACK_INDEX: Mapping[Track, int] = {t: i for i, t in enumerate(TRACKS)}
#: Where each tier's colony stack stands in ``GameState.colony_stacks``.
TIER_INDEX: Mapping[int, int] = {t: i for i, t in enumerate(TIERS)}
EPOCHS: tuple[int, ...] = (1, 2, 3)
#: Epochs as the rulebook writes them.
ROMAN: Mapping[int, str] = MappingProxyType({1: "I", 2: "II", 3: "III"})
#: A game has 2 to 5 players (SETUP-1).
MIN_PLAYERS, MAX_PLAYERS = 2, 5


@frozen(weakref_slot=False)
class Tracks:
    """A value on each of the four tracks (TRACK-1: integers ≥ 0 on a board)."""

    #: Income: coins at each income phase (INCOME-1).
    income: int = 0
    #: Military: what colonies a player may take (COLONY-2).
    military: int = 0
    #: Culture: what statues a player may carve (STATUE-2).
    culture: int = 0
    #: Food: how many cards a player feeds (FEED-1).
    food: int = 0

    def get(self, track: Track) -> int:
        """The value of one track."""
        value: int = getattr(self, track._value_)  # the member's value, without enum's descriptor
        return value

    def plus(self, other: Tracks) -> Tracks:
        """These values with ``other``'s (never negative) added."""
        return _tracks(
            self.income + other.income,
            self.military + other.military,
            self.culture + other.culture,
            self.food + other.food,
        )

    def minus(self, other: Tracks) -> Tracks:
        """These values with ``other``'s taken back, never below 0 (TRACK-1)."""
        return _tracks(
            max(0, self.income - other.income),
            max(0, self.military - other.military),
            max(0, self.culture - other.culture),
            max(0, self.food - other.food),
        )

    def step(self, track: Track, steps: int) -> Tracks:
        """These values with ``steps`` added on one track (never below 0, TRACK-1)."""
        if steps == 0:
            return self
        values = [self.income, self.military, self.culture, self.food]
        i = TRACK_INDEX[track]
        values[i] = max(0, values[i] + steps)
        return _tracks(*values)

    def items(self) -> tuple[tuple[Track, int], ...]:
        """``(track, value)`` pairs in board order."""
        return (
            (Track.INCOME, self.income),
            (Track.MILITARY, self.military),
            (Track.CULTURE, self.culture),
            (Track.FOOD, self.food),
        )


#: ``Tracks(income, military, culture, food)``, made without the frozen initializer's cost.
_tracks: Callable[[int, int, int, int], Tracks] = maker(Tracks)

NO_TRACKS = Tracks()
