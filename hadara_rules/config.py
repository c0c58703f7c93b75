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

    players: int
    seed: int = 0
    advanced: bool = False
    catalogue: Catalogue | None = field(default=None, repr=False)
    board_order: tuple[Color, ...] | None = None
    variants: Variants = field(factory=Variants)
