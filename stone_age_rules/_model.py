"""Positions: frozen records of tuples, replaced (never changed) by every move.

Positions and boards have no weak-reference slot, so that the engine copies them with the
generated copiers of :mod:`hadara_rules.foundations` (see :mod:`stone_age_rules._table`).
"""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from ._config import GameConfig
from ._goods import FOOD_VALUE, VALUES, Kind, Resources

#: Each player has 10 people (SETUP-1), at most 3 tools (TOOL-1) of level at most 4, and a
#: food track running 0 to 10 (ACT-4).
MAX_PEOPLE, MAX_TOOLS, MAX_TOOL_LEVEL, MAX_AGRICULTURE = 10, 3, 4, 10
#: What a hidden card or tile shows in a view (INFO-1, INFO-2).
HIDDEN = "?"


class Location(StrEnum):
    """Where people are placed (SETUP-3)."""

    HUNTING = "hunting"
    FOREST = "forest"
    CLAY_PIT = "clay_pit"
    QUARRY = "quarry"
    RIVER = "river"
    TOOL_MAKER = "tool_maker"
    HUT = "hut"
    FIELD = "field"
    BUILDING_1 = "building1"
    BUILDING_2 = "building2"
    BUILDING_3 = "building3"
    BUILDING_4 = "building4"
    CARD_1 = "card1"
    CARD_2 = "card2"
    CARD_3 = "card3"
    CARD_4 = "card4"

    @property
    def row(self) -> int:
        """The location's row in :class:`GameState`'s ``placed``."""
        return _ROWS[self]


LOCATIONS: tuple[Location, ...] = tuple(Location)
_ROWS: dict[Location, int] = {location: row for row, location in enumerate(LOCATIONS)}
#: The resource areas and what they yield (ACT-3).
AREAS: dict[Location, Kind] = {
    Location.FOREST: Kind.WOOD,
    Location.CLAY_PIT: Kind.CLAY,
    Location.QUARRY: Kind.STONE,
    Location.RIVER: Kind.GOLD,
}
#: The village (PLACE-5).
VILLAGE = (Location.TOOL_MAKER, Location.HUT, Location.FIELD)
#: The building locations, stack 1 to 4 (BUILD-1), and the card slots 1 to 4 (CIV-1).
BUILDINGS = (Location.BUILDING_1, Location.BUILDING_2, Location.BUILDING_3, Location.BUILDING_4)
SLOTS = (Location.CARD_1, Location.CARD_2, Location.CARD_3, Location.CARD_4)


class Phase(StrEnum):
    """The part of the round being played (FLOW-5); ``over`` after final scoring."""

    PLACE = "place"
    ACT = "act"
    FEED = "feed"
    OVER = "over"


#: The phases as module constants, read on every move: reading a member from its enumeration
#: costs about ten times reading a global.
PLACING, ACTING, FEEDING, OVER = Phase.PLACE, Phase.ACT, Phase.FEED, Phase.OVER


@frozen(weakref_slot=False)
class Player:
    """One player's board: people, food, resources, tracks, tools, cards and buildings."""

    #: People owned, on the board and at home (SETUP-1, ACT-5): 5 to 10.
    people: int = 5
    food: int = 12
    resources: Resources = field(factory=Resources)
    agriculture: int = 0
    #: The score track: the points scored during the game (SCORE-1); once the game is over,
    #: the final total, final scoring added (END-5, SCORE-8).
    score: int = 0
    #: Levels of the permanent tools (TOOL-1), in the order gained.
    tools: tuple[int, ...] = ()
    #: Whether each tool was used this round (TOOL-2).
    used: tuple[bool, ...] = ()
    #: One-time tool tokens by value (TOOL-5).
    one_time: tuple[int, ...] = ()
    #: Cards bought from the display, in order (public, INFO-2).
    cards: tuple[str, ...] = ()
    #: Cards taken by CIV-13, face down (hidden from the others, INFO-2).
    drawn: tuple[str, ...] = ()
    #: Building tiles built, in order.
    buildings: tuple[str, ...] = ()
    #: CIV-12: pairs of resources of choice not yet taken.
    claims: int = 0

    @property
    def tool_value(self) -> int:
        """TOOL-6: the sum of the permanent tools' levels."""
        return sum(self.tools)

    @property
    def all_cards(self) -> tuple[str, ...]:
        """Every card the player holds (bought and drawn)."""
        return self.cards + self.drawn


@frozen
class Roll:
    """A roll waiting for its owner's decision on tools (ACT-3, CIV-7, TOOL-2)."""

    player: int
    #: The location rolled for, or the card slot of a CIV-7 card.
    location: Location
    #: What the roll yields: food (``None``) or a resource.
    kind: Kind | None
    dice: tuple[int, ...]

    @property
    def divisor(self) -> int:
        """What one unit of the yield costs on the total (ACT-3)."""
        return FOOD_VALUE if self.kind is None else VALUES[self.kind]


@frozen
class DiceChoice:
    """CIV-8: the dice left to choose from, and who chooses next, in order."""

    buyer: int
    dice: tuple[int, ...]
    choosers: tuple[int, ...]


@frozen(weakref_slot=False)
class GameState:
    """A position. Every field is immutable; moves make new positions."""

    config: GameConfig
    players: tuple[Player, ...]
    #: People placed: ``placed[location.row][seat]``.
    placed: tuple[tuple[int, ...], ...]
    #: The building stacks in play (SETUP-5), top tile first.
    stacks: tuple[tuple[str, ...], ...]
    #: Card slots 1 to 4 (CIV-1); None for an empty slot.
    display: tuple[str | None, ...]
    #: The draw pile, top card first (SETUP-6).
    pile: tuple[str, ...]
    round: int = 1
    #: How many moves were played to reach the position.
    ply: int = 0
    phase: Phase = Phase.PLACE
    #: The start player of the round (SETUP-7, END-1).
    start: int = 0
    #: The player whose turn it is in placement, actions and feeding.
    turn: int = 0
    #: How many players have had their turn in actions or feeding this round.
    done: int = 0
    #: How many dice were rolled so far: the index of the next roll (FLOW-4).
    rolls: int = 0
    #: A roll waiting for tools, or None.
    roll: Roll | None = None
    #: A CIV-8 choice in progress, or None.
    choice: DiceChoice | None = None
    #: FEED-4: the player deciding whether to cover a shortfall with resources, or None.
    short: int | None = None
    #: Die faces stated in advance (a scenario's ``dice``), rolled before the seed's (FLOW-4);
    #: never shown to a seat (INFO-3).
    stated: tuple[int, ...] = ()

    @property
    def is_over(self) -> bool:
        """Whether final scoring has happened (FLOW-3)."""
        return self.phase is OVER

    @property
    def to_act(self) -> tuple[int, ...]:
        """The player who must decide now (FLOW-1); () once the game is over."""
        if self.phase is OVER:
            return ()
        if self.roll is not None:
            return (self.roll.player,)
        if self.choice is not None:
            return (self.choice.choosers[0],)
        if self.short is not None:
            return (self.short,)
        return (self.turn,)

    def people_at(self, location: Location, seat: int) -> int:
        """How many of ``seat``'s people stand at ``location``."""
        return self.placed[location.row][seat]

    def unplaced(self, seat: int) -> int:
        """People of ``seat`` not standing on the board."""
        return self.players[seat].people - sum([row[seat] for row in self.placed])
