"""Food and the four resources, their values, and a bundle of resources (vocabulary; ACT-3)."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from attrs import field, frozen

from boardtable.build import exactly, maker


class Kind(StrEnum):
    """A resource. Food is never a resource (vocabulary)."""

    WOOD = "wood"
    CLAY = "clay"
    STONE = "stone"
    GOLD = "gold"


#: The value of each resource: what one of it is worth on a die total and in points (ACT-3, BUILD-2).
VALUES: dict[Kind, int] = {Kind.WOOD: 3, Kind.CLAY: 4, Kind.STONE: 5, Kind.GOLD: 6}
#: The value of food at the hunting grounds (ACT-3).
FOOD_VALUE = 2

#: The kinds in order (iterating a tuple costs a fraction of iterating the enumeration).
KINDS: tuple[Kind, ...] = tuple(Kind)
#: The field of :class:`Resources` holding each kind.
_FIELDS: dict[Kind, str] = {kind: kind.value for kind in Kind}

_count = exactly(int, what="a whole number of resources")


def _not_negative(_: object, attribute: object, value: int) -> None:
    if value < 0:
        raise ValueError(f"{getattr(attribute, 'name', 'a count')} must not be negative, not {value}")


@frozen(order=True, weakref_slot=False)
class Resources:
    """A bundle of resources: how many of each kind (never food).

    Bundles worked out from others (sums, differences, :func:`bundles`) are made by a
    generated maker (:func:`boardtable.build.maker`), skipping the validators their counts need not pass.
    """

    #: Wood (value 3).
    wood: int = field(default=0, validator=[_count, _not_negative])
    #: Clay (value 4; brick).
    clay: int = field(default=0, validator=[_count, _not_negative])
    #: Stone (value 5).
    stone: int = field(default=0, validator=[_count, _not_negative])
    #: Gold (value 6).
    gold: int = field(default=0, validator=[_count, _not_negative])

    @classmethod
    def of(cls, kind: Kind, amount: int = 1) -> Resources:
        """``amount`` resources of one ``kind``."""
        return cls(**{kind.value: amount})

    def count(self, kind: Kind) -> int:
        """How many of ``kind`` the bundle holds."""
        return int(getattr(self, _FIELDS[kind]))

    @property
    def total(self) -> int:
        """How many resources in all (SCORE-7 scores each one point)."""
        return self.wood + self.clay + self.stone + self.gold

    @property
    def value(self) -> int:
        """The sum of the resources' values (BUILD-3, BUILD-4)."""
        return sum(VALUES[kind] * self.count(kind) for kind in KINDS)

    @property
    def kinds(self) -> int:
        """How many different kinds the bundle uses (BUILD-3)."""
        return sum(1 for kind in KINDS if self.count(kind))

    def covers(self, other: Resources) -> bool:
        """Whether this bundle holds at least every resource of ``other``."""
        return (
            self.wood >= other.wood
            and self.clay >= other.clay
            and self.stone >= other.stone
            and self.gold >= other.gold
        )

    def __add__(self, other: Resources) -> Resources:
        return _bundle(
            self.wood + other.wood, self.clay + other.clay, self.stone + other.stone, self.gold + other.gold
        )

    def __sub__(self, other: Resources) -> Resources:
        counts = (
            self.wood - other.wood,
            self.clay - other.clay,
            self.stone - other.stone,
            self.gold - other.gold,
        )
        if self.covers(other):
            return _bundle(*counts)
        return Resources(*counts)  # a count below 0: the validators refuse it

    def __str__(self) -> str:
        return " ".join(f"{self.count(k)}{k.value}" for k in Kind if self.count(k)) or "nothing"

    @property
    def notation(self) -> str:
        """The bundle in the move notation: ``2wood,1clay``, or ``none``."""
        return ",".join(f"{self.count(k)}{k.value}" for k in Kind if self.count(k)) or "none"


#: A bundle from its four counts, whole numbers not below 0 (unchecked).
_bundle: Callable[[int, int, int, int], Resources] = maker(Resources)


#: The bundles of each size within each holding, by the size and the holding's counts, each
#: at most the size (what more there is makes no other bundles); at most :data:`_BOUND` kept.
_BUNDLES: dict[tuple[int, int, int, int, int], tuple[Resources, ...]] = {}
_BOUND = 8192


def bundles(size: int, within: Resources) -> tuple[Resources, ...]:
    """Every bundle of exactly ``size`` resources that ``within`` holds, kept for the next
    player holding as many of each kind, up to ``size``."""
    key = (
        size,
        min(size, within.wood),
        min(size, within.clay),
        min(size, within.stone),
        min(size, within.gold),
    )
    found = _BUNDLES.get(key)
    if found is None:
        if len(_BUNDLES) >= _BOUND:
            _BUNDLES.clear()
        found = _BUNDLES[key] = _made_bundles(size, within)
    return found


def _made_bundles(size: int, within: Resources) -> tuple[Resources, ...]:
    found: list[Resources] = []
    for wood in range(min(size, within.wood) + 1):
        for clay in range(min(size - wood, within.clay) + 1):
            for stone in range(min(size - wood - clay, within.stone) + 1):
                gold = size - wood - clay - stone
                if gold <= within.gold:
                    found.append(_bundle(wood, clay, stone, gold))
    return tuple(found)
