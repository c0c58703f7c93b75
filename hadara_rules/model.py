"""Enums and frozen records: the vocabulary of the game and the shape of a position.

Everything here is immutable (frozen, slotted ``attrs`` classes and tuples), so a
state can be shared freely, hashed, compared and kept in a transposition table.
Rules live elsewhere (:mod:`hadara_rules.rules`); this module only says what a
position *is*.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, TypedDict

from attrs import field, frozen

if TYPE_CHECKING:
    from .catalogue import Catalogue
    from .moves import Draft


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


COLORS: tuple[Color, ...] = tuple(Color)
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

    income: int = 0
    military: int = 0
    culture: int = 0
    food: int = 0

    def get(self, track: Track) -> int:
        """The value of one track."""
        return int(getattr(self, track.value))

    def plus(self, other: Tracks) -> Tracks:
        """These values with ``other``'s (never negative) added."""
        return Tracks(
            self.income + other.income,
            self.military + other.military,
            self.culture + other.culture,
            self.food + other.food,
        )

    def minus(self, other: Tracks) -> Tracks:
        """These values with ``other``'s taken back, never below 0 (TRACK-1)."""
        return Tracks(
            max(0, self.income - other.income),
            max(0, self.military - other.military),
            max(0, self.culture - other.culture),
            max(0, self.food - other.food),
        )

    def step(self, track: Track, steps: int) -> Tracks:
        """These values with ``steps`` added on one track (never below 0, TRACK-1)."""
        if steps == 0:
            return self
        delta = Tracks(**{track.value: abs(steps)})
        return self.plus(delta) if steps > 0 else self.minus(delta)

    def items(self) -> tuple[tuple[Track, int], ...]:
        """``(track, value)`` pairs in board order."""
        return (
            (Track.INCOME, self.income),
            (Track.MILITARY, self.military),
            (Track.CULTURE, self.culture),
            (Track.FOOD, self.food),
        )


NO_TRACKS = Tracks()


# --------------------------------------------------------------------------- components


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

    @functools.cached_property
    def values(self) -> Tracks:
        """The card's track values (BUY-3); computed once per card."""
        return Tracks(self.income, self.military, self.culture, self.food)


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
    #: The back's track values, added when allied.
    back: Tracks
    #: The back's points, scored when allied (never below the front's).
    back_points: int
    #: ``verified``, ``provisional``, or ``hidden`` for a front shown without its back.
    provenance: str = "provisional"


@frozen
class StartSide:
    """One side of a start card: starting coins and track values (SETUP-6)."""

    #: Starting coins.
    coins: int
    income: int
    military: int
    culture: int
    food: int

    @property
    def values(self) -> Tracks:
        """The side's starting track values."""
        return Tracks(self.income, self.military, self.culture, self.food)


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
        return self.a if side is Side.A else self.b


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


@frozen
class Reference:
    """Numbers of the reference sheet: sell values, medal prices, price ranges."""

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
    max_silver: int = 2
    max_gold: int = 2
    tiles_per_track: int = 2
    gold_set_points: int = 7
    coins_per_point: int = 5


# --------------------------------------------------------------------------- a position


@frozen
class ColonyHolding:
    """A colony in front of a player: allied (back up) or plundered (front up)."""

    #: The colony's id.
    id: str
    #: True when allied (back up), False when plundered (front up).
    allied: bool


@frozen
class CarvedStatue:
    """A carved statue with its bonus tile (STATUE-3)."""

    #: The statue's index (0–3).
    statue: int
    #: The track of the bonus tile placed on it.
    tile: Track
    #: Whether the tile lies face up (track steps) or down (points).
    face_up: bool


@frozen
class TileOnCard:
    """A bonus tile lying on a PURPLE-2 card in the tableau (TILE-1)."""

    #: The PURPLE-2 card's id.
    card: str
    #: The track of the tile on it.
    tile: Track


@frozen(cache_hash=True, weakref_slot=False)
class PlayerState:
    """Everything in front of one player."""

    #: The id of the player's start card (SETUP-6).
    start_card: str
    #: The side played; None until chosen in the advanced game.
    side: Side | None
    #: Coins in hand.
    coins: int
    #: The four track values as the board shows them (TRACK-1).
    tracks: Tracks
    #: Card ids in the tableau, in the order they were bought.
    cards: tuple[str, ...] = ()
    #: Colonies taken, in order (COLONY-5: never lost).
    colonies: tuple[ColonyHolding, ...] = ()
    #: Statues carved, in order (STATUE-2: never lost).
    statues: tuple[CarvedStatue, ...] = ()
    #: The tracks of the tiles on the silver medals bought (MEDAL-3).
    silver: tuple[Track, ...] = ()
    #: Gold medals bought (MEDAL-2: at most 2).
    gold: int = 0
    #: Bonus tiles not yet placed, sorted in board order (TILE-1).
    free_tiles: tuple[Track, ...] = ()
    #: Tiles lying on PURPLE-2 cards (TILE-1).
    tiles_on_cards: tuple[TileOnCard, ...] = ()
    #: The two cards drawn this draft round (hidden from others, INFO-1).
    drawn: tuple[str, ...] = ()
    #: Colonies taken or statues carved in the current section (COLONY-1, STATUE-1, PURPLE-13).
    section_takes: int = 0
    #: Coins paid in the current section under PURPLE-6 or PURPLE-15.
    section_paid: int = 0


@frozen(cache_hash=True, weakref_slot=False)
class GameState:
    """A position: what is on the table and who must decide next.

    Pending decisions are plain data (the drawn cards, the draft choices made so
    far), so any position can be compared, hashed, serialized and resumed.
    """

    #: The players in seat order.
    players: tuple[PlayerState, ...]
    #: The epoch, 1–3.
    epoch: int
    #: Phase A or B of the epoch.
    phase: Phase
    #: What the game waits for; ``over`` after final scoring.
    section: Section
    #: The epoch's first player (START-1/2).
    first_player: int
    #: Position in turn order of the player to act in a sequential section.
    turn: int = 0
    #: The board's cyclic colour order (SETUP-2, WHEEL-3).
    board_order: tuple[Color, ...] = COLORS
    #: The wheel's rotation set by the first player (WHEEL-1).
    wheel: int = 0
    #: The draft round, 0–4 (WHEEL-2).
    round: int = 0
    #: Inner decks of the current epoch, in ``COLORS`` order, top card last.
    decks: tuple[tuple[str, ...], ...] = ((), (), (), (), ())
    #: Inner decks laid for the epochs still to come (SETUP-3, EPOCH-2).
    later_decks: tuple[tuple[tuple[str, ...], ...], ...] = ()
    #: Outer piles in ``COLORS`` order, top card last (face up, INFO-2).
    outer_piles: tuple[tuple[str, ...], ...] = ((), (), (), (), ())
    #: Colony stacks in ``TIERS`` order, top colony last.
    colony_stacks: tuple[tuple[str, ...], ...] = ((), (), (), (), ())
    #: Draft choices submitted this round, per player (DRAFT-3).
    pending: tuple[Draft | None, ...] = ()
    #: Sold cards: the face-down discard (SELL-1).
    sold: tuple[str, ...] = ()
    #: Cards removed at feeding: the face-down discard (FEED-3).
    removed: tuple[str, ...] = ()
    #: Cards and colonies returned to the box unseen (SETUP-3, SETUP-4).
    box: tuple[str, ...] = ()
    #: True in the advanced game.
    advanced: bool = False
    #: SCORE-7 variant: compare all coins on a tie instead of the coins left over.
    tie_break_all_coins: bool = False
    #: Number of moves applied since setup.
    ply: int = 0
    #: None for the whole position; a seat for that player's view (INFO-1/2).
    viewer: int | None = None
    #: The components this game is played with (compared and hashed by content digest).
    catalogue: Catalogue = field(repr=False, kw_only=True)

    @property
    def is_over(self) -> bool:
        """True once final scoring has happened (EPOCH-3)."""
        return self.section is Section.OVER

    @property
    def to_act(self) -> tuple[int, ...]:
        """The players who must decide now; several during a draft round or setup (FLOW-1).

        Who acts is a rule of the order of play (:func:`hadara_rules.flow.to_act`).
        """
        return WHO_ACTS[self.section](self)

    def __str__(self) -> str:
        """A few lines: where the game stands, who is to act, what each player has."""
        return SHOWN_AS["text"](self)

    def _repr_svg_(self) -> str:
        """The position as a picture (for Jupyter; see :func:`hadara_rules.render_svg`)."""
        return SHOWN_AS["svg"](self)


# A position says what it is; who it waits for is a rule of the order of play, and how it
# is shown is the text and picture modules' business. They fill in these tables when
# the package is imported, so that this module imports none of them.

#: Who must decide in each section, from the order of play (:mod:`hadara_rules.flow`).
WHO_ACTS: dict[Section, Callable[[GameState], tuple[int, ...]]] = {}
#: How a position is shown: ``"text"`` for ``str()``, ``"svg"`` for Jupyter.
SHOWN_AS: dict[str, Callable[[GameState], str]] = {}


class Changes(TypedDict, total=False):
    """The fields of a :class:`GameState` a move changes (a section's ``play`` says which).

    The engine makes the position after a move in one copy, with these changes and the
    move counter; everything else is shared with the position before.
    """

    players: tuple[PlayerState, ...]
    epoch: int
    phase: Phase
    section: Section
    first_player: int
    turn: int
    wheel: int
    round: int
    decks: tuple[tuple[str, ...], ...]
    later_decks: tuple[tuple[tuple[str, ...], ...], ...]
    outer_piles: tuple[tuple[str, ...], ...]
    colony_stacks: tuple[tuple[str, ...], ...]
    pending: tuple[Draft | None, ...]
    sold: tuple[str, ...]
    removed: tuple[str, ...]
