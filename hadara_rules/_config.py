"""The configuration a game is set up from: a pure input of :func:`~hadara_rules.new_game`."""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from ._errors import ConfigError
from ._moves import exactly
from ._vocabulary import COLORS, Color
from .catalogue import Catalogue

_whole = exactly(int, what="a whole number", error=ConfigError)
_flag = exactly(bool, what="true or false", error=ConfigError)


@frozen
class Variants:
    """Switches for the rulings marked *(variant)* in the rules digest."""

    #: SCORE-7: break ties on all coins instead of the coins left after SCORE-6.
    tie_break_all_coins: bool = field(default=False, validator=_flag)


def _board_order(colors: Iterable[Color | str] | None) -> tuple[Color, ...] | None:
    """SETUP-2: the colours given (or their names), as a tuple of the configuration's own,
    so that nobody can change a configuration in use and it always hashes."""
    if colors is None:
        return None
    refusal = ConfigError(f"SETUP-2: board_order must list colours ({', '.join(COLORS)})")
    try:
        order = tuple(colors)
    except TypeError:
        raise refusal from None
    if not all(type(c) is Color or (type(c) is str and c in COLORS) for c in order):
        raise refusal
    return tuple(Color(c) for c in order)


@frozen
class GameConfig:
    """Everything that decides a game before the first move.

    ``catalogue`` None plays with the bundled components; ``board_order`` None
    draws the board's colour order from the seed (SETUP-2). A configuration is
    immutable and always hashable: ``board_order`` is kept as a tuple of its own,
    and a field of the wrong type raises :class:`~hadara_rules._errors.ConfigError`
    naming it.
    """

    #: 2 to 5 (SETUP-1, checked by :func:`~hadara_rules.new_game`); seats are numbered 0 to players - 1.
    players: int = field(validator=exactly(int, what="a whole number (SETUP-1)", error=ConfigError))
    #: Every shuffle of the game is drawn from it at setup.
    seed: int = field(default=0, validator=_whole)
    #: The advanced game: star purple cards and a choice of start-card side.
    advanced: bool = field(default=False, validator=_flag)
    #: The components; None for the bundled catalogue.
    catalogue: Catalogue | None = field(
        default=None,
        repr=False,
        validator=exactly(Catalogue, type(None), what="a Catalogue or None", error=ConfigError),
    )
    #: The board's cyclic colour order (SETUP-2); None to draw it from the seed.
    board_order: tuple[Color, ...] | None = field(default=None, converter=_board_order)
    #: Switches for the rulings marked as variants.
    variants: Variants = field(
        factory=Variants, validator=exactly(Variants, what="a Variants", error=ConfigError)
    )
