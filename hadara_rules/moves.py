"""The move vocabulary: one frozen record per kind of decision (DESIGN "Moves").

Every move names the ``player`` who makes it. The ``type`` class attribute is the
tag used in JSON and YAML documents. Colours, tracks and sides may be given by
their names (``tile="food"``); a name that is none of them raises ValueError.
"""

from __future__ import annotations

import functools
from typing import ClassVar, TypeAlias

from attrs import field, frozen

from .model import Color, Side, Track


def _track(value: Track | str | None) -> Track | None:
    """A tile named by its track (``"food"`` is taken as ``Track.FOOD``); ValueError otherwise."""
    return value if value is None or type(value) is Track else Track(value)


def _color(value: Color | str) -> Color:
    """A colour named by its name; ValueError otherwise."""
    return value if type(value) is Color else Color(value)


@frozen
class ChooseSide:
    """Advanced game: choose side A or B of the start card (SETUP-6)."""

    type: ClassVar[str] = "choose_side"
    #: The seat choosing (0 is the first seat of the configuration).
    player: int
    #: Side A or B of the player's start card.
    side: Side = field(converter=Side)


@frozen
class SetWheel:
    """The epoch's first player sets the wheel (WHEEL-1)."""

    type: ClassVar[str] = "set_wheel"
    #: The epoch's first player.
    player: int
    #: Which of the 5 rotations (0–4); see WHEEL-3 for where each crest then points.
    rotation: int


@frozen
class Draft:
    """Draft round: buy or sell ``card``; the other drawn card goes to its outer pile (DRAFT-2).

    ``tile`` names the free bonus tile placed when buying a PURPLE-2 card.
    """

    type: ClassVar[str] = "draft"
    #: The seat choosing.
    player: int
    #: The id of the drawn card that is bought or sold; the other drawn card goes to its outer pile.
    card: str
    #: ``"buy"`` or ``"sell"``.
    action: str
    #: The free bonus tile placed on a PURPLE-2 card when buying it; None otherwise.
    tile: Track | None = field(default=None, converter=_track)


@frozen
class Pick:
    """Phase B: take the top card of an outer pile and buy or sell it (PICK-1)."""

    type: ClassVar[str] = "pick"
    #: The seat picking.
    player: int
    #: The outer pile whose top card is taken.
    color: Color = field(converter=_color)
    #: ``"buy"`` or ``"sell"``.
    action: str
    #: As in :class:`Draft`.
    tile: Track | None = field(default=None, converter=_track)


@frozen
class TakeColony:
    """Take the top colony of a tier and plunder it or ally with it (COLONY-1…4).

    ``pay`` is the coins paid under PURPLE-15 to lower the requirement.
    """

    type: ClassVar[str] = "take_colony"
    #: The seat taking the colony.
    player: int
    #: The requirement tier: 3, 9, 15, 21 or 30 (the top colony of that stack is taken).
    tier: int
    #: True to ally (pay the cost, turn it over, add its back); False to plunder.
    ally: bool
    #: Coins paid under PURPLE-15: exactly 3 per missing requirement point.
    pay: int = 0


@frozen
class CarveStatue:
    """Carve a statue, placing a free bonus tile face up or down (STATUE-1…3)."""

    type: ClassVar[str] = "carve_statue"
    #: The seat carving.
    player: int
    #: Which of the player board's statues (0–3).
    statue: int
    #: The free bonus tile placed on the statue.
    tile: Track = field(converter=Track)
    #: True: the tile's track advances by the reward; False: the reward scores at the end.
    face_up: bool
    #: Coins paid under PURPLE-15, as in :class:`TakeColony`.
    pay: int = 0


@frozen
class Pass:
    """End one's colony, statue or medal section."""

    type: ClassVar[str] = "pass"
    #: The seat passing.
    player: int


@frozen
class RemoveCard:
    """Feeding: remove one card of the tableau (FEED-2)."""

    type: ClassVar[str] = "remove_card"
    #: The seat feeding.
    player: int
    #: The id of the tableau card removed.
    card: str


@frozen
class FeedWithCoins:
    """Feeding with PURPLE-6: pay 2 coins instead of removing one card."""

    type: ClassVar[str] = "feed_with_coins"
    #: The seat feeding.
    player: int


@frozen
class BuySilver:
    """Buy a silver medal, placing a free bonus tile on it (MEDAL-1, MEDAL-3)."""

    type: ClassVar[str] = "buy_silver"
    #: The seat buying.
    player: int
    #: The free bonus tile placed on the medal: the track it scores.
    tile: Track = field(converter=Track)


@frozen
class BuyGold:
    """Buy a gold medal (MEDAL-1, MEDAL-4)."""

    type: ClassVar[str] = "buy_gold"
    #: The seat buying.
    player: int


Move: TypeAlias = (
    ChooseSide
    | SetWheel
    | Draft
    | Pick
    | TakeColony
    | CarveStatue
    | Pass
    | RemoveCard
    | FeedWithCoins
    | BuySilver
    | BuyGold
)
MOVE_TYPES: tuple[type[Move], ...] = (
    ChooseSide,
    SetWheel,
    Draft,
    Pick,
    TakeColony,
    CarveStatue,
    Pass,
    RemoveCard,
    FeedWithCoins,
    BuySilver,
    BuyGold,
)
BUY = "buy"
SELL = "sell"
ACTIONS = (BUY, SELL)


#: Moves are immutable values, so the legal-move generators hand out shared
#: instances instead of building equal ones again and again (bots call them
#: millions of times). ``shared(Draft)(0, "I-red-01", "buy", None)`` is a Draft.
shared = functools.lru_cache(maxsize=1 << 16)
