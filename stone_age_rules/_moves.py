"""The moves a player makes: frozen records, checked and applied by the engine."""

from __future__ import annotations

from attrs import field, frozen

from boardtable.build import exactly

from ._goods import Resources
from ._model import Location

_seat = exactly(int, what="a seat (a whole number)")
_whole = exactly(int, what="a whole number")
_location = exactly(Location, what="a location")
_resources = exactly(Resources, what="resources")


def _numbers(value: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    numbers = tuple(value)
    if not all(type(n) is int for n in numbers):
        raise TypeError(f"expected whole numbers, not {numbers!r}"[:120])
    return numbers


def _listed(numbers: tuple[int, ...]) -> str:
    """Numbers in the notation: ``0,2``, or ``-`` for none."""
    return ",".join(map(str, numbers)) or "-"


@frozen(weakref_slot=False)
class Place:
    """PLACE-1: put ``people`` of one's unplaced people on ``location``."""

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: Where: a location's name (placed's rows name the locations in their order).
    location: Location = field(validator=_location)
    #: How many of the seat's people at home go there.
    people: int = field(validator=_whole)

    def __str__(self) -> str:
        return f"P{self.player} place {self.location} {self.people}"


@frozen(weakref_slot=False)
class Act:
    """ACT-1: resolve one's people at ``location``: gather (ACT-3), use the village (ACT-4 to
    ACT-6), build paying ``pay`` (BUILD-1) or buy the card paying ``pay`` (CIV-2)."""

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The location resolved (one where the seat's people stand).
    location: Location = field(validator=_location)
    #: The resources paid for the building (BUILD-1) or the card (CIV-2) at the location;
    #: null for any other location.
    pay: Resources | None = field(
        default=None, validator=exactly(Resources, type(None), what="resources or None")
    )

    def __str__(self) -> str:
        paid = "" if self.pay is None else f" pay={self.pay.notation}"
        return f"P{self.player} act {self.location}{paid}"


@frozen(weakref_slot=False)
class TakeBack:
    """ACT-2: take one's people back from ``location`` without the action."""

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The location the seat's people leave without the action.
    location: Location = field(validator=_location)

    def __str__(self) -> str:
        return f"P{self.player} takeback {self.location}"


@frozen(weakref_slot=False)
class UseTools:
    """TOOL-2, TOOL-5: add the permanent tools at ``tools`` (their places in the player's
    tools) and the one-time tools of ``one_time`` (their values) to the roll; both may be empty."""

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The permanent tools added, by their indexes in the player's tools.
    tools: tuple[int, ...] = field(default=(), converter=_numbers)
    #: The one-time tools added, by their values.
    one_time: tuple[int, ...] = field(default=(), converter=_numbers)

    def __str__(self) -> str:
        return f"P{self.player} tools {_listed(self.tools)} {_listed(self.one_time)}"


@frozen(weakref_slot=False)
class ChooseDie:
    """CIV-8: take the die showing ``face`` and its reward."""

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The face of the die taken, 1 to 6 (one of the choice's dice).
    face: int = field(validator=_whole)

    def __str__(self) -> str:
        return f"P{self.player} die {self.face}"


@frozen(weakref_slot=False)
class TakeResources:
    """CIV-12: take two resources of one's choice."""

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The two resources taken.
    take: Resources = field(validator=_resources)

    def __str__(self) -> str:
        return f"P{self.player} take {self.take.notation}"


@frozen(weakref_slot=False)
class Feed:
    """FEED-4: cover the whole shortfall of food with the resources ``pay``."""

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The resources paid, one per food missing.
    pay: Resources = field(validator=_resources)

    def __str__(self) -> str:
        return f"P{self.player} feed {self.pay.notation}"


@frozen(weakref_slot=False)
class GoHungry:
    """FEED-5: do not cover the shortfall; lose all food and 10 points."""

    #: The seat making the move.
    player: int = field(validator=_seat)

    def __str__(self) -> str:
        return f"P{self.player} hungry"


Move = Place | Act | TakeBack | UseTools | ChooseDie | TakeResources | Feed | GoHungry
