"""Silver and gold medals (MEDAL-1…3), with PURPLE-5's prices and TILE-2."""

from __future__ import annotations

from collections.abc import Iterator

from .. import effects
from ..errors import IllegalMove
from ..model import Changes, GameState, PlayerState, replace
from ..moves import BuyGold, BuySilver, Move, Pass, shared
from .table import next_turn, players_with

_pass = shared(Pass)
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
    yield _pass(seat)
    if len(player.silver) < ref.max_silver and silver_price(state, player) <= player.coins:
        for tile in dict.fromkeys(player.free_tiles):
            yield _silver(seat, tile)
    if player.gold < ref.max_gold and gold_price(state, player) <= player.coins:
        yield _gold(seat)


def check(state: GameState, move: Move) -> IllegalMove | None:
    """MEDAL-1/2 and TILE-2."""
    if isinstance(move, Pass):
        return None
    player = state.players[move.player]
    ref = state.catalogue.reference
    if isinstance(move, BuySilver):
        if len(player.silver) >= ref.max_silver:
            return IllegalMove("MEDAL-2", f"a player buys at most {ref.max_silver} silver medals per game")
        if move.tile not in player.free_tiles:
            return IllegalMove("TILE-2", f"the player has no free {move.tile} bonus tile")
        cost = silver_price(state, player)
    else:
        assert isinstance(move, BuyGold)
        if player.gold >= ref.max_gold:
            return IllegalMove("MEDAL-2", f"a player buys at most {ref.max_gold} gold medals per game")
        cost = gold_price(state, player)
    if cost > player.coins:
        return IllegalMove("MEDAL-1", f"the medal costs {cost} coins and the player has {player.coins}")
    return None


def play(state: GameState, move: Move) -> Changes:
    """Pay and place the medal; the player may buy more until they pass."""
    if isinstance(move, Pass):
        return next_turn(state)
    player = state.players[move.player]
    if isinstance(move, BuySilver):
        player = replace(
            player,
            coins=player.coins - silver_price(state, player),
            free_tiles=effects.remove_one(player.free_tiles, move.tile),
            silver=(*player.silver, move.tile),
        )
    else:
        player = replace(player, coins=player.coins - gold_price(state, player), gold=player.gold + 1)
    return {"players": players_with(state, move.player, player)}
