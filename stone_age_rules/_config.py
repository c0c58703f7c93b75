"""The configuration a game is set up from: players, seed and the switches of the variant rulings."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from attrs import field, frozen

from boardtable.build import exactly
from boardtable.errors import ConfigError
from boardtable.reader import shown

#: Seeds are whole numbers from 0 to 2**53 - 1, so that every JSON reader holds them exactly.
SEED_LIMIT = 1 << 53


class Claim(StrEnum):
    """CIV-12: when the two resources of the "any two resources" card are chosen."""

    #: Kept as a claim, taken as a free move whenever the player has a move to make (the default).
    LATER = "later"
    #: Chosen at once, when the card is bought.
    IMMEDIATE = "immediate"


#: SETUP-1: Stone Age is played by 2 to 4 players.
MAX_PLAYERS = 4


#: SETUP-1: the number of players is a whole number (made once: every validator
#: :func:`~boardtable.build.exactly` makes is kept for good).
_whole_players = exactly(int, what="a whole number (SETUP-1)", error=ConfigError)


def _players(_: object, __: object, players: int) -> None:
    _whole_players(_, __, players)  # type: ignore[arg-type]
    if not 2 <= players <= MAX_PLAYERS:
        raise ConfigError(f"SETUP-1: Stone Age is played by 2 to {MAX_PLAYERS} players, not {players}")


def _seed(_: object, __: object, seed: int) -> None:
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise ConfigError(f"seed must be a whole number from 0 to 2**53 - 1, not {shown(seed)}")


def _max_rounds(_: object, __: object, rounds: int | None) -> None:
    if rounds is not None and (type(rounds) is not int or rounds < 1):
        raise ConfigError(
            f"FLOW-6: max_rounds must be a whole number of at least 1 or None, not {shown(rounds)}"
        )


def _start_player(config: GameConfig, _: object, start: int | Literal["random"]) -> None:
    if start == "random" or (type(start) is int and 0 <= start < config.players):
        return
    raise ConfigError(
        f"SETUP-7: start_player must be a seat from 0 to {config.players - 1} or 'random', not {shown(start)}"
    )


def _claim(value: Claim | str) -> Claim:
    if isinstance(value, str) and value in Claim._value2member_map_:
        return Claim(value)
    raise ConfigError(f"CIV-12: any_two_resources must be 'later' or 'immediate', not {shown(value)}")


@frozen
class GameConfig:
    """Everything that decides a game before the first move; immutable and hashable.

    A field of the wrong type or out of range raises
    :class:`~boardtable.errors.ConfigError` in one line naming it.
    """

    #: 2 to 4 (SETUP-1); seats are numbered 0 to players - 1, in clockwise order.
    players: int = field(validator=_players)
    #: Every shuffle and die roll of the game is drawn from it (FLOW-4).
    seed: int = field(default=0, validator=_seed)
    #: FLOW-6 (variant): the game also ends after the feeding of this round; None: no limit.
    max_rounds: int | None = field(default=None, validator=_max_rounds)
    #: SETUP-7 (variant): the start player of round 1, a seat or ``"random"`` (drawn from the seed).
    start_player: int | Literal["random"] = field(default=0, validator=_start_player)
    #: CIV-12 (variant): when the two resources of choice are taken.
    any_two_resources: Claim = field(default=Claim.LATER, converter=_claim)
