"""The configuration a game is set up from: players, factions, seed and the variant rulings."""

from __future__ import annotations

from typing import Literal

from attrs import field, frozen

from boardtable.errors import ConfigError
from boardtable.reader import shown

from ._components import FACTIONS

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "SEED_LIMIT", "GameConfig"]

#: Seeds are whole numbers from 0 to 2**53 - 1, so that every JSON reader holds them exactly.
SEED_LIMIT = 1 << 53
#: SETUP-1: 2 to 4 players (the solo variant, SOLO-1, is not part of the base rules here).
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def _players(_: object, __: object, players: int) -> None:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ConfigError(f"SETUP-1: Imperial Settlers is played by 2 to 4 players, not {shown(players)}")


def _seed(_: object, __: object, seed: int) -> None:
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise ConfigError(f"seed must be a whole number from 0 to 2**53 - 1, not {shown(seed)}")


def _factions(value: object) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not all(isinstance(f, str) for f in value):
        raise ConfigError(f"SETUP-1: factions is a list of faction names or None, not {shown(value)}")
    return tuple(value)


def _check_factions(config: GameConfig, _: object, factions: tuple[str, ...] | None) -> None:
    if factions is None:
        return
    if (
        len(factions) != config.players
        or len(set(factions)) != len(factions)
        or not set(factions) <= set(FACTIONS)
    ):
        raise ConfigError(
            f"SETUP-1: factions names a different faction for each of the {config.players} seats "
            f"(romans, barbarians, egyptians, japanese), not {shown(list(factions))}"
        )


def _first(config: GameConfig, _: object, first: int | Literal["random"]) -> None:
    seats = range(config.players)
    if first != "random" and not (type(first) is int and first in seats):
        raise ConfigError(
            f"SETUP-6: first_player is a seat from 0 to {config.players - 1} or 'random', not {shown(first)}"
        )


def _switch(_: object, __: object, value: bool) -> None:
    if type(value) is not bool:
        raise ConfigError(f"GOODS-8: faction_deck_reshuffle is true or false, not {shown(value)}")


@frozen
class GameConfig:
    """Everything that decides a game before the first move; immutable and hashable. A field
    of the wrong type or out of range raises :class:`~boardtable.errors.ConfigError` in one
    line naming it and its rule."""

    #: SETUP-1: 2 to 4; seats are numbered 0 to players - 1, clockwise.
    players: int = field(validator=_players)
    #: FLOW-4: every shuffle of the game is drawn from it.
    seed: int = field(default=0, validator=_seed)
    #: SETUP-1: each seat's faction, or None: distinct factions dealt from the seed.
    factions: tuple[str, ...] | None = field(default=None, converter=_factions, validator=_check_factions)
    #: SETUP-6 (variant): the first player of round 1, a seat or ``"random"`` (drawn from the seed).
    first_player: int | Literal["random"] = field(default=0, validator=_first)
    #: GOODS-8 (variant): an empty faction deck is rebuilt from its discard pile (the rulebook);
    #: False: the Polish FAQ's change, it is not.
    faction_deck_reshuffle: bool = field(default=True, validator=_switch)
