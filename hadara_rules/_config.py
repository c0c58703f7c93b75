"""The configuration a game is set up from: a pure input of :func:`~hadara_rules.new_game`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from enum import StrEnum
from typing import TypeVar

from attrs import field, frozen

from boardtable.build import exactly
from boardtable.reader import shown

from ._errors import ConfigError
from ._vocabulary import COLORS, Color, Crest
from .catalogue import Catalogue

E = TypeVar("E", bound=StrEnum)

_whole = exactly(int, what="a whole number", error=ConfigError)
_flag = exactly(bool, what="true or false", error=ConfigError)


@frozen
class Variants:
    """Switches for the rulings marked *(variant)* in the rules digest."""

    #: SCORE-7: break ties on all coins instead of the coins left after SCORE-6.
    tie_break_all_coins: bool = field(default=False, validator=_flag)


def _names_of(kind: type[E], values: Iterable[E | str], refusal: ConfigError) -> tuple[E, ...]:
    """``values`` (members of ``kind`` or their names) as a tuple of the configuration's own,
    so that nobody can change a configuration in use and it always hashes; ``refusal``
    for anything else."""
    try:
        given = tuple(values)
    except TypeError:
        raise refusal from None
    if not all(type(v) is kind or (type(v) is str and v in kind._value2member_map_) for v in given):
        raise refusal
    return tuple(kind(v) for v in given)


#: Seeds are whole numbers of at most 64 bits, as documents hold them.
_SEED_LIMIT = 1 << 63
#: The largest seed of a new game: every JSON reader keeps the whole numbers up to it
#: exactly (2^53 - 1), so a record a JavaScript page saves again still replays.
MAX_SEED = (1 << 53) - 1


#: Whether configurations are being read from documents (:func:`saved_seeds`).
_SAVED: ContextVar[bool] = ContextVar("configurations read from documents", default=False)


@contextmanager
def saved_seeds() -> Iterator[None]:
    """Inside it, a configuration may hold any seed of at most 64 bits: documents saved before
    new games' seeds were bounded to :data:`MAX_SEED` still load and replay."""
    reading = _SAVED.set(True)
    try:
        yield
    finally:
        _SAVED.reset(reading)


def _seed(config: object, attribute: object, seed: int) -> None:
    """A new game's seed is a whole number from 0 to :data:`MAX_SEED`, each dealing a game of
    its own; a document's (:func:`saved_seeds`) any of at most 64 bits."""
    _whole(config, attribute, seed)  # type: ignore[arg-type]
    if _SAVED.get():
        if not -_SEED_LIMIT < seed < _SEED_LIMIT:
            raise ConfigError(
                f"seed must be a whole number of at most 64 bits (-2**63 < seed < 2**63), not {shown(seed)}"
            )
    elif not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"seed must be a whole number from 0 to 2**53 - 1 ({MAX_SEED}), not {shown(seed)}")


def _board_order(colors: Iterable[Color | str] | None) -> tuple[Color, ...] | None:
    """SETUP-2: the colours given, or their names."""
    if colors is None:
        return None
    return _names_of(
        Color, colors, ConfigError(f"SETUP-2: board_order must list colours ({', '.join(COLORS)})")
    )


def _crests(crests: Iterable[Crest | str] | None) -> tuple[Crest, ...] | None:
    """WHEEL-3: the crests given, or their names, each named once."""
    if crests is None:
        return None
    chosen = _names_of(
        Crest, crests, ConfigError(f"WHEEL-3: crests must list crest animals ({', '.join(Crest)})")
    )
    twice = next((c for i, c in enumerate(chosen) if c in chosen[:i]), None)
    if twice is not None:
        raise ConfigError(
            f"WHEEL-3: crests must name a crest of its own for each seat; {twice} is named twice"
        )
    return chosen


def _one_crest_per_seat(config: GameConfig, _: object, crests: tuple[Crest, ...] | None) -> None:
    """WHEEL-3: one crest for each seat."""
    if crests is not None and len(crests) != config.players:
        raise ConfigError(
            f"WHEEL-3: crests must name one crest per seat: {config.players} players, {len(crests)} crests"
        )


@frozen
class GameConfig:
    """Everything that decides a game before the first move.

    ``catalogue`` None plays with the bundled components; ``board_order`` None
    draws the board's colour order from the seed (SETUP-2); ``crests`` None gives
    seat *i* the crest at place *i* of the wheel (WHEEL-3). A configuration is
    immutable and always hashable: ``board_order`` and ``crests`` are kept as tuples
    of their own, and a field of the wrong type raises
    :class:`~hadara_rules._errors.ConfigError` naming it.
    """

    #: 2 to 5 (SETUP-1, checked by :func:`~hadara_rules.new_game`); seats are numbered 0 to players - 1.
    players: int = field(validator=exactly(int, what="a whole number (SETUP-1)", error=ConfigError))
    #: Every shuffle of the game is drawn from it at setup: a whole number from 0 to
    #: :data:`MAX_SEED` (2**53 - 1, exact in every JSON reader), each dealing a game of its
    #: own. A document saved with a seed of up to 64 bits still loads (a negative seed deals
    #: as ``seed + 2**64``; see :func:`hadara_rules._rules.setup.deal_seed`).
    seed: int = field(default=0, validator=_seed)
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
    #: The crest animal each seat chose, in seat order (WHEEL-3); None for the crests at the
    #: wheel's places 0, 1, … in seat order.
    crests: tuple[Crest, ...] | None = field(default=None, converter=_crests, validator=_one_crest_per_seat)
    #: Switches for the rulings marked as variants.
    variants: Variants = field(
        factory=Variants, validator=exactly(Variants, what="a Variants", error=ConfigError)
    )
