"""The printed components as records: cards, colonies, start cards, statues, the
reference sheet, and the :class:`Catalogue` that holds them all.

Loading and checking component files is :mod:`hadara_rules.catalogue`'s job; this
module only says what a component is.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from types import MappingProxyType

import attrs
from attrs import Factory, field, frozen

from boardtable.catalogue import digest

from ._errors import IllegalMove
from ._kept import Kept
from ._vocabulary import Color, Crest, Side, Tracks

# A value made from a component's printed fields is an attribute made with the record
# (``init=False``), not a ``cached_property``: attrs gives a slotted class with one a
# ``__getattr__`` hook, which makes reading any of its attributes several times slower.
# The digest and the checks of a catalogue read the printed fields only.


def _values_of(printed: Card | StartSide) -> Tracks:
    return Tracks(printed.income, printed.military, printed.culture, printed.food)


@frozen
class Card:
    """An epoch card as printed: price, track values, points, and a purple effect."""

    #: Stable id, e.g. ``I-blue-01`` (epoch, colour, number).
    id: str
    #: The epoch (1–3) whose decks the card belongs to.
    epoch: int
    #: Its colour: the outer pile and tableau column it goes to.
    color: Color
    #: The printed price, before the discount of BUY-1.
    cost: int
    #: Points at final scoring (SCORE-5).
    points: int
    #: Income steps it gives while in the tableau.
    income: int = 0
    #: Military steps it gives while in the tableau.
    military: int = 0
    #: Culture steps it gives while in the tableau.
    culture: int = 0
    #: Food steps it gives while in the tableau.
    food: int = 0
    #: A purple card's effect, as a rule ID (``PURPLE-2``); None for no effect.
    effect: str | None = None
    #: The colour a PURPLE-3 card counts.
    effect_color: Color | None = None
    #: True for the advanced game's star cards (SETUP-3).
    star: bool = False
    #: ``verified`` (printed in a published source) or ``provisional``.
    provenance: str = "provisional"

    #: The card's track values (BUY-3), made with the card from the four above.
    values: Tracks = field(init=False, eq=False, repr=False, default=Factory(_values_of, takes_self=True))


@frozen
class Colony:
    """A colony tile: front (plunder coins, ally cost, points) and back (values, points)."""

    #: Stable id, e.g. ``col-09-a``.
    id: str
    #: The military requirement: 3, 9, 15, 21 or 30 (COLONY-2).
    tier: int
    #: Coins gained by plundering it (COLONY-4).
    plunder: int
    #: Coins paid to ally with it (COLONY-4).
    ally_cost: int
    #: The front's points, scored when plundered (SCORE-1).
    points: int
    #: The back's track values, added when allied; None where the back is unknown
    #: (a player view's front of a colony nobody has seen turned over, INFO-1).
    back: Tracks | None
    #: The back's points, scored when allied (never below the front's); None with ``back``.
    back_points: int | None
    #: ``verified``, ``provisional``, or ``hidden`` for a front shown without its back.
    provenance: str = "provisional"

    def turned_up(self) -> tuple[Tracks, int]:
        """The back's track values and points, for a colony allied with (COLONY-4, SCORE-1);
        :class:`~hadara_rules.IllegalMove` (INFO-1) where the back is unknown."""
        if self.back is None or self.back_points is None:
            raise IllegalMove("INFO-1", f"the back of colony {self.id} is hidden in this position")
        return self.back, self.back_points


def front_id(colony: Colony) -> str:
    """The id under which a colony is shown when its back is hidden: its printed front."""
    return f"front-{colony.tier}-{colony.plunder}-{colony.ally_cost}-{colony.points}"


@frozen
class StartSide:
    """One side of a start card: starting coins and track values (SETUP-6)."""

    #: Starting coins.
    coins: int
    income: int
    military: int
    culture: int
    food: int

    #: The side's starting track values, made with the side from the four above.
    values: Tracks = field(init=False, eq=False, repr=False, default=Factory(_values_of, takes_self=True))


@frozen
class StartCard:
    """A start card: initiative (START-1) and its sides A and B."""

    #: Stable id, e.g. ``start-2``.
    id: str
    #: Decides the first players (START-1); 1–5.
    initiative: int
    #: Side A (the basic game's side).
    a: StartSide
    #: Side B (the advanced game's alternative).
    b: StartSide
    #: ``verified`` or ``provisional``.
    provenance: str = "provisional"

    @property
    def sides(self) -> Mapping[Side, StartSide]:
        """``{"A": …, "B": …}``."""
        return {Side.A: self.a, Side.B: self.b}

    def side(self, side: Side) -> StartSide:
        """The values of one side."""
        return self.a if side is _SIDE_A else self.b


#: Read once: an enum member read from its class costs ten times a global's read.
_SIDE_A = Side.A


@frozen
class Statue:
    """One of the 4 statues printed on a player board (STATUE-2)."""

    #: Its index on the player board (0–3).
    statue: int
    #: The culture needed to carve it (STATUE-2).
    requirement: int
    #: Points at final scoring (SCORE-2).
    points: int
    #: Steps on the tile's track (face up) or points (face down) (STATUE-3).
    reward: int
    #: ``verified`` or ``provisional``.
    provenance: str = "provisional"


def _wheel_places_of(reference: Reference) -> Mapping[Crest, int]:
    return MappingProxyType({crest: place for place, crest in enumerate(reference.crest_order)})


@frozen
class Reference:
    """Numbers of the reference sheet (sell values, medal prices, price ranges) and the
    order of the crests on the wheel."""

    #: Coins for selling a card, per epoch (SELL-1).
    sell_value: tuple[int, int, int]
    #: Silver medal prices per epoch (MEDAL-1).
    silver_price: tuple[int, int, int]
    #: Gold medal prices per epoch (MEDAL-1).
    gold_price: tuple[int, int, int]
    #: PURPLE-5's fixed prices, per epoch (epoch I keeps the normal price).
    silver_price_reduced: tuple[int, int, int]
    gold_price_reduced: tuple[int, int, int]
    #: The lowest and highest card price of each epoch.
    price_range: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    #: The five crests as printed on the wheel, places 0 to 4 in the board colour order's direction (WHEEL-3).
    crest_order: tuple[Crest, ...]
    max_silver: int = 2
    max_gold: int = 2
    tiles_per_track: int = 2
    gold_set_points: int = 7
    coins_per_point: int = 5

    #: Each crest's place on the wheel (WHEEL-3), looked up on every deal.
    wheel_place: Mapping[Crest, int] = field(
        init=False, eq=False, repr=False, default=Factory(_wheel_places_of, takes_self=True)
    )


def _printed(record: object) -> dict[str, object]:
    """A component record's printed fields, as a dictionary (those made from them left out)."""
    return attrs.asdict(record, filter=lambda attribute, _value: attribute.init)  # type: ignore[arg-type]


def _digest_of(catalogue: Catalogue) -> str:
    """The digest (:func:`boardtable.catalogue.digest`) of every parsed record (not of the file bytes)."""
    document = {
        "version": 1,
        "cards": [_printed(c) for _, c in sorted(catalogue.cards.items())],
        "colonies": [_printed(c) for _, c in sorted(catalogue.colonies.items())],
        "start_cards": [_printed(s) for _, s in sorted(catalogue.start_cards.items())],
        "statues": [_printed(s) for _, s in sorted(catalogue.statues.items())],
        "reference": _printed(catalogue.reference),
    }
    return digest(document)


def _deck_pools_of(catalogue: Catalogue) -> Mapping[tuple[int, str, bool], tuple[str, ...]]:
    pools: dict[tuple[int, str, bool], list[str]] = {}
    for card in catalogue.cards.values():
        for advanced in (False, True):
            if advanced or not card.star:
                pools.setdefault((card.epoch, card.color.value, advanced), []).append(card.id)
    return MappingProxyType({key: tuple(sorted(ids)) for key, ids in pools.items()})


def _ids_of(catalogue: Catalogue) -> tuple[str, ...]:
    return tuple(sorted((*catalogue.cards, *catalogue.colonies)))


def _tier_pools_of(catalogue: Catalogue) -> Mapping[int, tuple[str, ...]]:
    pools: dict[int, list[str]] = {}
    for colony in catalogue.colonies.values():
        pools.setdefault(colony.tier, []).append(colony.id)
    return MappingProxyType({tier: tuple(sorted(ids)) for tier, ids in pools.items()})


@frozen(eq=False)
class Catalogue:
    """The components a game is played with: cards, colonies, start cards, statues, reference.

    The mappings are read-only and in file order (the statues in the order of their
    index). Equality and hash go by ``digest`` (a SHA-256 of the parsed records), so
    a catalogue loaded from a copy of the bundled folder equals the bundled one.
    """

    cards: Mapping[str, Card] = field(repr=False)
    colonies: Mapping[str, Colony] = field(repr=False)
    start_cards: Mapping[str, StartCard] = field(repr=False)
    #: Statue index (0–3) → statue (STATUE-2), in the order of the index.
    statues: Mapping[int, Statue] = field(repr=False)
    reference: Reference = field(repr=False)
    #: Where the catalogue came from: a folder path, ``"bundled"``, or a scenario.
    source: str
    digest: str = field(init=False, default=Factory(_digest_of, takes_self=True))
    _deck_pools: Mapping[tuple[int, str, bool], tuple[str, ...]] = field(
        init=False, repr=False, default=Factory(_deck_pools_of, takes_self=True)
    )
    _tier_pools: Mapping[int, tuple[str, ...]] = field(
        init=False, repr=False, default=Factory(_tier_pools_of, takes_self=True)
    )
    #: Every card and colony id, sorted (what is not laid out goes to the box in this
    #: order, SETUP-3/4).
    ids: tuple[str, ...] = field(init=False, repr=False, default=Factory(_ids_of, takes_self=True))
    #: What the engine works out from the catalogue and keeps (:mod:`hadara_rules._kept`).
    kept: Kept = field(init=False, repr=False, factory=Kept)

    def __attrs_post_init__(self) -> None:
        # read-only views of private copies: nobody can change a catalogue in use
        for name in ("cards", "colonies", "start_cards"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        object.__setattr__(self, "statues", MappingProxyType(dict(sorted(self.statues.items()))))
        _ALIVE.setdefault(self.digest, self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Catalogue):
            return NotImplemented
        return self.digest == other.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def deck_pool(self, epoch: int, color: Color, advanced: bool) -> tuple[str, ...]:
        """Sorted ids of the cards of one epoch and colour that go into play (SETUP-3).

        Purple star cards are included only in the advanced game; ``()`` for an
        epoch or colour without cards.
        """
        return self._deck_pools.get((epoch, str(color), bool(advanced)), ())

    def tier_pool(self, tier: int) -> tuple[str, ...]:
        """Sorted ids of the colonies of one tier (SETUP-4); ``()`` for an unknown tier."""
        return self._tier_pools.get(tier, ())


#: Every catalogue alive in this process, by digest: building (or loading) a catalogue
#: makes it known, and it is forgotten once nothing uses it.
_ALIVE: weakref.WeakValueDictionary[str, Catalogue] = weakref.WeakValueDictionary()


def alive(digest: str) -> Catalogue | None:
    """The catalogue with ``digest`` if one is alive in this process."""
    return _ALIVE.get(digest)


def alive_catalogues() -> list[Catalogue]:
    """Every catalogue alive in this process."""
    return list(_ALIVE.values())
