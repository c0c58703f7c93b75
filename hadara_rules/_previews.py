"""Previews: what a purchase, a sale, a medal, a colony or a statue would give a player now.

Each preview asks the rule functions the moves themselves use (BUY-1 and SELL-1
in :mod:`~hadara_rules._rules.acquire`, MEDAL-1 in :mod:`~hadara_rules._rules.medals`,
the requirements in :mod:`~hadara_rules._rules.requirement`, FEED-1 in
:mod:`~hadara_rules._rules.feeding`, the purple effects through
:mod:`~hadara_rules._effects`), so it agrees with what the move then does. A
preview works on a whole position and on a player view alike; it says nothing
about whose turn it is or whether the move is legal now (ask
:func:`~hadara_rules.legal_moves` or :func:`~hadara_rules.check_move`).

A player is given by seat, a card by id; an unknown seat, card, tier or statue
raises :class:`ValueError`.
"""

from __future__ import annotations

from attrs import frozen

from . import _effects as effects
from ._components import Card
from ._model import GameState, PlayerState
from ._reader import shown
from ._rules import medals
from ._rules.acquire import owned_colors, price, sell_value
from ._rules.feeding import hunger
from ._rules.requirement import pay_needed
from ._vocabulary import TIER_INDEX, TIERS, Tracks
from .view import FRONT_ONLY

__all__ = [
    "ColonyYield",
    "StatueYield",
    "buy_price",
    "colony_yield",
    "food_shortfall",
    "gold_price",
    "sale_value",
    "silver_price",
    "statue_yield",
]


@frozen
class ColonyYield:
    """What the top colony of a tier would give a player (COLONY-2…4, PURPLE-9, -14, -15)."""

    #: The colony's id (in a player view, the id of its front: its back is unknown).
    colony: str
    #: The requirement tier.
    tier: int
    #: Coins PURPLE-15 asks to meet the requirement (0 when military suffices);
    #: None when the player cannot meet it now.
    pay: int | None
    #: Coins gained by plundering: the front's coins and PURPLE-9's (before ``pay``).
    plunder: int
    #: Coins allying costs: the front's cost less PURPLE-9's coins (before ``pay``;
    #: negative when the player gains coins).
    ally_cost: int
    #: Points of the front, scored when plundered (SCORE-1).
    points: int
    #: The back's track values, added when allied; None when the position does not know
    #: them (a player view: INFO-1 hides a colony's back until it is allied).
    back: Tracks | None
    #: The back's points, scored when allied; None with ``back``.
    back_points: int | None


@frozen
class StatueYield:
    """What carving a statue would give a player (STATUE-2/3, PURPLE-4, -14, -15)."""

    #: The statue's index on the player board (0–3).
    statue: int
    #: The culture it needs, as printed (before PURPLE-14).
    requirement: int
    #: Coins PURPLE-15 asks to meet the requirement (0 when culture suffices);
    #: None when the player cannot meet it now.
    pay: int | None
    #: Points at final scoring, whichever way the tile lies (SCORE-2).
    points: int
    #: Steps on the tile's track when the tile lies face up (the reward and PURPLE-4's).
    steps: int
    #: Points more at final scoring when the tile lies face down (the reward and PURPLE-4's).
    face_down_points: int


def _seat(state: GameState, player: int) -> PlayerState:
    if type(player) is not int or not 0 <= player < len(state.players):
        raise ValueError(f"there is no player {shown(player)} in a {len(state.players)}-player game")
    return state.players[player]


def _card(state: GameState, card: str) -> Card:
    found = state.catalogue.cards.get(card) if isinstance(card, str) else None
    if found is None:
        raise ValueError(f"there is no card {shown(card)} in this game's catalogue")
    return found


def buy_price(state: GameState, player: int, card: str) -> int:
    """BUY-1: the coins ``player`` pays for ``card`` now (the printed price less one per
    card of its colour owned, never below 0)."""
    return price(_card(state, card), owned_colors(state, _seat(state, player)))


def sale_value(state: GameState, player: int, card: str) -> int:
    """SELL-1: the coins ``player`` gets for selling ``card`` now: those on the card's back
    (by the card's epoch), with PURPLE-1."""
    sold = _card(state, card)
    return sell_value(state, _seat(state, player), sold)


def silver_price(state: GameState, player: int) -> int:
    """MEDAL-1: what a silver medal costs ``player`` in this epoch (PURPLE-5's price with the card)."""
    return medals.silver_price(state, _seat(state, player))


def gold_price(state: GameState, player: int) -> int:
    """MEDAL-1: what a gold medal costs ``player`` in this epoch (PURPLE-5's price with the card)."""
    return medals.gold_price(state, _seat(state, player))


def colony_yield(state: GameState, player: int, tier: int) -> ColonyYield | None:
    """What taking the top colony of ``tier`` would give ``player`` (COLONY-4), or None
    when that stack is empty. Whether the player may take it now (COLONY-1/3) is not asked."""
    if type(tier) is not int or tier not in TIER_INDEX:
        raise ValueError(f"colony tiers are {', '.join(map(str, TIERS))}, not {shown(tier)}")
    seat = _seat(state, player)
    stack = state.colony_stacks[TIER_INDEX[tier]]
    if not stack:
        return None
    colony = state.catalogue.colonies[stack[-1]]
    bonus = effects.colony_coins(seat, state.catalogue)
    known = colony.provenance != FRONT_ONLY
    return ColonyYield(
        colony=colony.id,
        tier=tier,
        pay=pay_needed(seat, effects.effect_totals(seat.cards, state.catalogue), seat.tracks.military, tier),
        plunder=colony.plunder + bonus,
        ally_cost=colony.ally_cost - bonus,
        points=colony.points,
        back=colony.back if known else None,
        back_points=colony.back_points if known else None,
    )


def statue_yield(state: GameState, player: int, statue: int) -> StatueYield:
    """What carving ``statue`` would give ``player`` (STATUE-3). Whether it is still
    uncarved and the player may carve now (STATUE-1/2) is not asked."""
    printed = state.catalogue.statues.get(statue) if type(statue) is int else None
    if printed is None:
        raise ValueError(f"a player board has statues 0 to 3, not {shown(statue)}")
    seat = _seat(state, player)
    bonus = effects.statue_points_bonus(seat, state.catalogue)
    return StatueYield(
        statue=statue,
        requirement=printed.requirement,
        pay=pay_needed(
            seat, effects.effect_totals(seat.cards, state.catalogue), seat.tracks.culture, printed.requirement
        ),
        points=printed.points,
        steps=printed.reward + bonus,
        face_down_points=printed.reward + bonus,
    )


def food_shortfall(state: GameState, player: int) -> int:
    """FEED-1/2: how many cards ``player`` must still feed (remove, or pay for under
    PURPLE-6): the cards beyond the food track, less those paid for in this feeding
    section; 0 when food suffices."""
    return hunger(_seat(state, player))
