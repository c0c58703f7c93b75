"""Silver and gold medals (MEDAL-1…3), with PURPLE-5's prices and TILE-2."""

from __future__ import annotations

from collections.abc import Iterator

from .. import _effects as effects
from .._copy import replace
from .._errors import IllegalMove
from .._events import CoinReason, MedalBought, coins
from .._model import Changes, GameState, PlayerState
from .._moves import BuyGold, BuySilver, Move, shared
from .._tiles import remove_tile
from .section import (
    Narration,
    SectionRules,
    everyone_had_a_turn,
    handles,
    next_turn,
    only_pass,
    pass_move,
    passed_over,
    passing,
    players_with,
)

_silver = shared(BuySilver)
_gold = shared(BuyGold)


def silver_price(state: GameState, player: PlayerState) -> int:
    """MEDAL-1: the epoch's silver price (PURPLE-5: the reduced price)."""
    ref = state.catalogue.reference
    prices = (
        ref.silver_price_reduced
        if effects.reduced_medal_prices(player, state.catalogue)
        else ref.silver_price
    )
    return prices[state.epoch - 1]


def gold_price(state: GameState, player: PlayerState) -> int:
    """MEDAL-1: the epoch's gold price (PURPLE-5: the reduced price)."""
    ref = state.catalogue.reference
    prices = (
        ref.gold_price_reduced if effects.reduced_medal_prices(player, state.catalogue) else ref.gold_price
    )
    return prices[state.epoch - 1]


def legal(state: GameState, seat: int) -> Iterator[Move]:
    """Pass; a silver medal on each kind of free tile; a gold medal — each if allowed and affordable."""
    player = state.players[seat]
    ref = state.catalogue.reference
    yield pass_move(seat)
    if len(player.silver) < ref.max_silver and silver_price(state, player) <= player.coins:
        for tile in dict.fromkeys(player.free_tiles):
            yield _silver(seat, tile)
    if player.gold < ref.max_gold and gold_price(state, player) <= player.coins:
        yield _gold(seat)


def _unaffordable(cost: int, player: PlayerState) -> IllegalMove | None:
    if cost > player.coins:
        return IllegalMove("MEDAL-1", f"the medal costs {cost} coins and the player has {player.coins}")
    return None


def check_silver(state: GameState, move: BuySilver) -> IllegalMove | None:
    """MEDAL-1/2 and TILE-2."""
    player = state.players[move.player]
    ref = state.catalogue.reference
    if len(player.silver) >= ref.max_silver:
        return IllegalMove("MEDAL-2", f"a player buys at most {ref.max_silver} silver medals per game")
    if move.tile not in player.free_tiles:
        return IllegalMove("TILE-2", f"the player has no free {move.tile} bonus tile")
    return _unaffordable(silver_price(state, player), player)


def check_gold(state: GameState, move: BuyGold) -> IllegalMove | None:
    """MEDAL-1/2."""
    player = state.players[move.player]
    ref = state.catalogue.reference
    if player.gold >= ref.max_gold:
        return IllegalMove("MEDAL-2", f"a player buys at most {ref.max_gold} gold medals per game")
    return _unaffordable(gold_price(state, player), player)


def buy_silver(state: GameState, move: BuySilver) -> Changes:
    """Pay, and place a free tile on the medal (MEDAL-3); the player may buy more until they pass."""
    player = state.players[move.player]
    player = replace(
        player,
        coins=player.coins - silver_price(state, player),
        free_tiles=remove_tile(player.free_tiles, move.tile),
        silver=(*player.silver, move.tile),
    )
    return {"players": players_with(state, move.player, player)}


def buy_gold(state: GameState, move: BuyGold) -> Changes:
    """Pay for a gold medal; the player may buy more until they pass."""
    player = state.players[move.player]
    player = replace(player, coins=player.coins - gold_price(state, player), gold=player.gold + 1)
    return {"players": players_with(state, move.player, player)}


def narrate_silver(before: GameState, move: BuySilver, after: GameState) -> Narration:
    """MEDAL-1: the silver medal with its tile, and its price."""
    player = before.players[move.player]
    yield MedalBought(rule="MEDAL-1", player=move.player, gold=False, tile=move.tile)
    yield from coins(move.player, -silver_price(before, player), CoinReason.MEDAL, "MEDAL-1")


def narrate_gold(before: GameState, move: BuyGold, after: GameState) -> Narration:
    """MEDAL-1: the gold medal, and its price."""
    player = before.players[move.player]
    yield MedalBought(rule="MEDAL-1", player=move.player, gold=True)
    yield from coins(move.player, -gold_price(before, player), CoinReason.MEDAL, "MEDAL-1")


def skip(state: GameState, seat: int) -> Changes | None:
    """A player who could only pass is passed over."""
    return next_turn(state) if only_pass(legal, state, seat) else None


#: Medals (MEDAL-1…3): in turn, buy medals until passing.
MEDALS = SectionRules(
    moves=dict(
        [
            handles(BuySilver, check_silver, buy_silver, narrate_silver),
            handles(BuyGold, check_gold, buy_gold, narrate_gold),
            passing("MEDAL-1"),
        ]
    ),
    legal=legal,
    finished=everyone_had_a_turn,
    skip=skip,
    narrate_step=passed_over("MEDAL-1"),
)
