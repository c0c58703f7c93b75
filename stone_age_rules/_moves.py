"""The moves a player makes: frozen records, checked and applied by the engine; ``str(move)``
is a move's one-line notation (its form in :mod:`stone_age_rules._notation`)."""

from __future__ import annotations

from attrs import field, frozen

from boardtable.build import exactly
from boardtable.notation import written

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


@frozen(weakref_slot=False)
class Place:
    """PLACE-1: put ``people`` of one's unplaced people on ``location``."""

    __str__ = written

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: Where: a location's name (placed's rows name the locations in their order).
    location: Location = field(validator=_location)
    #: How many of the seat's people at home go there.
    people: int = field(validator=_whole)


@frozen(weakref_slot=False)
class Act:
    """ACT-1: resolve one's people at ``location``: gather (ACT-3), use the village (ACT-4 to
    ACT-6), build paying ``pay`` (BUILD-1) or buy the card paying ``pay`` (CIV-2)."""

    __str__ = written

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The location resolved (one where the seat's people stand).
    location: Location = field(validator=_location)
    #: The resources paid for the building (BUILD-1) or the card (CIV-2) at the location;
    #: null for any other location.
    pay: Resources | None = field(
        default=None, validator=exactly(Resources, type(None), what="resources or None")
    )


@frozen(weakref_slot=False)
class TakeBack:
    """ACT-2: take one's people back from ``location`` without the action."""

    __str__ = written

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The location the seat's people leave without the action.
    location: Location = field(validator=_location)


@frozen(weakref_slot=False)
class UseTools:
    """TOOL-2, TOOL-5: add the permanent tools at ``tools`` (their places in the player's
    tools) and the one-time tools of ``one_time`` (their values) to the roll; both may be empty."""

    __str__ = written

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The permanent tools added, by their indexes in the player's tools.
    tools: tuple[int, ...] = field(default=(), converter=_numbers)
    #: The one-time tools added, by their values.
    one_time: tuple[int, ...] = field(default=(), converter=_numbers)


@frozen(weakref_slot=False)
class ChooseDie:
    """CIV-8: take the die showing ``face`` and its reward."""

    __str__ = written

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The face of the die taken, 1 to 6 (one of the choice's dice).
    face: int = field(validator=_whole)


@frozen(weakref_slot=False)
class TakeResources:
    """CIV-12: take two resources of one's choice."""

    __str__ = written

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The two resources taken.
    take: Resources = field(validator=_resources)


@frozen(weakref_slot=False)
class Feed:
    """FEED-4: cover the whole shortfall of food with the resources ``pay``."""

    __str__ = written

    #: The seat making the move.
    player: int = field(validator=_seat)
    #: The resources paid, one per food missing.
    pay: Resources = field(validator=_resources)


@frozen(weakref_slot=False)
class GoHungry:
    """FEED-5: do not cover the shortfall; lose all food and 10 points."""

    __str__ = written

    #: The seat making the move.
    player: int = field(validator=_seat)


Move = Place | Act | TakeBack | UseTools | ChooseDie | TakeResources | Feed | GoHungry
