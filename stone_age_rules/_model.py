"""Positions: frozen records of tuples, replaced (never changed) by every move.

Positions and boards have no weak-reference slot, so that the engine copies them with the
generated copiers of :mod:`boardtable.build` (see :mod:`stone_age_rules._table`).
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

    #: People owned, on the board and at home (SETUP-1, ACT-5): 5 to 10; those at home are
    #: people less the player's counts in placed.
    people: int = 5
    #: Food in stock (SETUP-2: 12 at the start; never a resource, FEED-6).
    food: int = 12
    #: Resources in stock (wood, clay, stone, gold; SETUP-4: no limit).
    resources: Resources = field(factory=Resources)
    #: The agriculture level on the food track, 0 to 10 (ACT-4, FEED-2).
    agriculture: int = 0
    #: The score track: the points scored during the game (SCORE-1); once the game is over,
    #: the final total, final scoring added (END-5, SCORE-8).
    score: int = 0
    #: The levels (1 to 4) of the permanent tools (TOOL-1), at most 3, in the order gained:
    #: a use_tools move names a tool by its index here.
    tools: tuple[int, ...] = ()
    #: Whether each tool (the same index as in tools) was used this round (TOOL-2).
    used: tuple[bool, ...] = ()
    #: The one-time tool tokens (TOOL-5) by their values (2 to 4), in the order taken: a
    #: use_tools move names one by its value.
    one_time: tuple[int, ...] = ()
    #: The cards bought from the display, by id, in the order bought (public, INFO-2).
    cards: tuple[str, ...] = ()
    #: The cards taken by CIV-13, by id, in the order drawn; each shows as "?" in another
    #: seat's view until the game is over (INFO-2).
    drawn: tuple[str, ...] = ()
    #: The building tiles built, by id, in the order built.
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

    #: The seat that rolled, to decide on tools now (to_act).
    player: int
    #: The location rolled for, or the card slot of a CIV-7 card.
    location: Location
    #: What the roll yields: food (``None``) or a resource.
    kind: Kind | None
    #: The faces rolled, in the order rolled (one die per person; 2 for a card).
    dice: tuple[int, ...]

    @property
    def divisor(self) -> int:
        """What one unit of the yield costs on the total (ACT-3)."""
        return FOOD_VALUE if self.kind is None else VALUES[self.kind]


@frozen
class DiceChoice:
    """CIV-8: the dice left to choose from, and who chooses next, in order."""

    #: The seat that bought the card and rolled.
    buyer: int
    #: The faces left to choose from, in the order rolled (a face taken is taken out).
    dice: tuple[int, ...]
    #: The seats still to choose, the next first (the buyer, then clockwise).
    choosers: tuple[int, ...]


@frozen(weakref_slot=False)
class GameState:
    """A position. Every field is immutable; moves make new positions."""

    #: The game's configuration (a view's seed is 0, so that no roll can be foreseen: INFO-1).
    config: GameConfig
    #: Each seat's board, seat 0 first (the seats in clockwise order).
    players: tuple[Player, ...]
    #: The people standing at each location: ``placed[row][seat]``. One row per location, in
    #: this order: 0 hunting, 1 forest, 2 clay_pit, 3 quarry, 4 river, 5 tool_maker, 6 hut,
    #: 7 field, 8 to 11 building1 to building4 (the tops of stacks[0] to stacks[3]), 12 to 15
    #: card1 to card4 (the cards of display[0] to display[3]); each row has one count per
    #: seat, seat 0 first.
    placed: tuple[tuple[int, ...], ...]
    #: The building stacks in play, one per player (SETUP-5), stack 1 first: a person at
    #: building1 builds the top of stacks[0]. Each stack lists its tiles from the top down,
    #: the top tile first: stack[0] is the face-up tile, the others lie face down and show
    #: as "?" in a view (INFO-1); an empty stack is [] (END-3).
    stacks: tuple[tuple[str, ...], ...]
    #: The card slots 1 to 4 (CIV-1): display[0] is slot 1 (price 1, location card1), at the
    #: end farthest from the draw pile, display[3] slot 4 (price 4, card4); null for a slot
    #: whose card was taken this round (END-2 fills it for the next).
    display: tuple[str | None, ...]
    #: The draw pile, the top card first (SETUP-6): pile[0] is the next card drawn (END-2,
    #: CIV-13). Every card shows as "?" in a view (INFO-1): only its length is known.
    pile: tuple[str, ...]
    #: The round, from 1.
    round: int = 1
    #: How many moves were played to reach the position.
    ply: int = 0
    #: The phase of the round (FLOW-5): place, act or feed; over after final scoring.
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
