"""Buying and selling a card: shared by the draft (DRAFT-2) and picking (PICK-1).

BUY-1…3, SELL-1, TRACK-1/2 and the tile choice of PURPLE-2 (TILE-1/2) live here.
"""

from __future__ import annotations

from typing import TypeAlias

from .. import _effects as effects
from .._components import Card
from .._copy import replace
from .._errors import IllegalMove
from .._model import GameState, PlayerState
from .._moves import BUY, SELL, Action
from .._vocabulary import COLOR_INDEX, Track
from .tableau import color_counts


def owned_colors(state: GameState, player: PlayerState) -> tuple[int, ...]:
    """How many cards of each colour the player's tableau holds, in ``COLORS`` order."""
    return color_counts(player.cards, state.catalogue)


def price(card: Card, owned: tuple[int, ...]) -> int:
    """BUY-1: the printed price less 1 per card of that colour owned, never below 0.

    ``owned`` is the buyer's :func:`owned_colors`.
    """
    return max(0, card.cost - owned[COLOR_INDEX[card.color]])


def sell_value(state: GameState, player: PlayerState, card: Card) -> int:
    """SELL-1: the coins on the card's back (those of the card's own epoch), plus PURPLE-1 per copy."""
    base = state.catalogue.reference.sell_value[card.epoch - 1]
    return base + effects.sell_bonus(player, state.catalogue)


def tile_choices(player: PlayerState, card: Card) -> tuple[Track | None, ...]:
    """The ``tile`` values a purchase of ``card`` may name (PURPLE-2, TILE-2)."""
    if not effects.places_tile(card):
        return (None,)
    free = tuple(dict.fromkeys(player.free_tiles))
    return free if free else (None,)


#: What may be done with a card: each ``(action, tile)``.
Acquisitions: TypeAlias = tuple[tuple[Action, Track | None], ...]

_SELL_ONLY: Acquisitions = ((SELL, None),)
_BUY_OR_SELL: Acquisitions = ((BUY, None), (SELL, None))


def acquisitions(player: PlayerState, owned: tuple[int, ...], card: Card) -> Acquisitions:
    """Every legal ``(action, tile)`` for ``card``: bought with each tile choice if affordable, or sold.

    ``owned`` is the player's :func:`owned_colors`.
    """
    # price(card, owned) > coins, inlined (coins are never negative, so the floor at 0 does not matter)
    if card.cost - owned[COLOR_INDEX[card.color]] > player.coins:
        return _SELL_ONLY
    if card.effect not in effects.PLACING_TILES:  # effects.places_tile(card), without the call
        return _BUY_OR_SELL
    return (*((BUY, tile) for tile in tile_choices(player, card)), (SELL, None))


def check_acquire(
    state: GameState, player: PlayerState, card: Card, action: str, tile: Track | None, rule: str
) -> IllegalMove | None:
    """Why buying or selling ``card`` is refused, or None (BUY-2, PURPLE-2, TILE-2).

    ``rule`` is the rule that says the card must be bought or sold (DRAFT-2, PICK-1).
    """
    if action == SELL:
        if tile is not None:
            return IllegalMove(rule, "a sold card takes no bonus tile")
        return None
    if action != BUY:
        return IllegalMove(rule, f"the card must be bought or sold, not {action!r}")
    cost = price(card, owned_colors(state, player))
    if cost > player.coins:
        return IllegalMove("BUY-2", f"{card.id} costs {cost} coins and the player has {player.coins}")
    if not effects.places_tile(card):
        return None if tile is None else IllegalMove("BUY-3", f"{card.id} takes no bonus tile")
    if tile is None:  # TILE-2: without a free tile the card takes none
        return (
            None
            if not player.free_tiles
            else IllegalMove("PURPLE-2", f"{card.id} needs one of the free bonus tiles")
        )
    if tile not in player.free_tiles:
        return IllegalMove("TILE-2", f"the player has no free {tile} bonus tile")
    return None


def acquire(
    state: GameState, player: PlayerState, card: Card, action: str, tile: Track | None
) -> PlayerState:
    """The player after buying (BUY-1…3) or selling (SELL-1) ``card``; no checks."""
    if action == SELL:
        return replace(player, coins=player.coins + sell_value(state, player, card))
    return gain_card(state, player, card, tile, paid=price(card, owned_colors(state, player)))


def gain_card(
    state: GameState, player: PlayerState, card: Card, tile: Track | None, paid: int
) -> PlayerState:
    """BUY-3: the card joins the tableau, its values and its effect count at once."""
    after = replace(
        player,
        coins=player.coins - paid,
        cards=(*player.cards, card.id),
        tracks=player.tracks.plus(card.values),
    )
    return effects.with_effect_steps(player, effects.on_gain(after, card, tile), state.catalogue)


def lose_card(state: GameState, player: PlayerState, card: Card) -> PlayerState:
    """FEED-2: the card leaves the tableau with its values and all its effect gave."""
    i = player.cards.index(card.id)
    after = replace(
        player,
        cards=player.cards[:i] + player.cards[i + 1 :],
        tracks=player.tracks.minus(card.values),
    )
    return effects.with_effect_steps(player, effects.on_loss(after, card), state.catalogue)
