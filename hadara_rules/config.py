"""The configuration a game is set up from: a pure input of :func:`~hadara_rules.new_game`."""

from __future__ import annotations

from attrs import field, frozen

from .catalogue import Catalogue
from .model import Color


@frozen
class Variants:
    """Switches for the rulings marked *(variant)* in the rules digest."""

    #: SCORE-7: break ties on all coins instead of the coins left after SCORE-6.
    tie_break_all_coins: bool = False


@frozen
class GameConfig:
    """Everything that decides a game before the first move.

    ``catalogue`` None plays with the bundled components; ``board_order`` None
    draws the board's colour order from the seed (SETUP-2).
    """

    #: 2 to 5 (SETUP-1); seats are numbered 0 to players - 1.
    players: int
    #: Every shuffle of the game is drawn from it at setup.
    seed: int = 0
    #: The advanced game: star purple cards and a choice of start-card side.
    advanced: bool = False
    #: The components; None for the bundled catalogue.
    catalogue: Catalogue | None = field(default=None, repr=False)
    #: The board's cyclic colour order (SETUP-2); None to draw it from the seed.
    board_order: tuple[Color, ...] | None = None
    #: Switches for the rulings marked as variants.
    variants: Variants = field(factory=Variants)
