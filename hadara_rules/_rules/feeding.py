"""Feeding in Phase B (FEED-1…3), with PURPLE-6 (coins instead of cards) and PURPLE-7.

A player's feeding is one decision (the PURPLE-6 ruling): the order of their own steps
never changes its result. A PURPLE-6 card removed during the feeding therefore still
pays for the rest of that same feeding. The cards the player has removed in this
feeding are counted in ``section_takes`` (reset with every section); being removed one
after another by the player in turn, they are the last cards of the discard (FEED-3).
"""

from __future__ import annotations

from collections.abc import Iterator

from boardtable.reader import shown

from .. import _effects as effects
from .._copy import replace
from .._effects import COINS_PER_FED_CARD, COINS_PER_SURPLUS_FOOD
from .._errors import IllegalMove
from .._events import CardRemoved, CoinReason, coins, steps
from .._model import Changes, GameState, PlayerState
from .._moves import FeedWithCoins, Move, RemoveCard, shared
from .._vocabulary import NO_TRACKS
from .acquire import lose_card
from .section import (
    Limits,
    Narration,
    SectionRules,
    everyone_had_a_turn,
    handles,
    next_turn,
    passed_over,
    players_with,
)

_remove = shared(RemoveCard)
_feed = shared(FeedWithCoins)


def hunger(player: PlayerState) -> int:
    """FEED-1: cards not yet fed (0 when food suffices); PURPLE-6 payments count as fed."""
    fed_with_coins = player.section_paid // COINS_PER_FED_CARD
    return max(0, len(player.cards) - player.tracks.food - fed_with_coins)


def fed(state: GameState, seat: int) -> Changes | None:
    """FEED-1: a player whose food suffices is fed without a move; PURPLE-7 pays for
    surplus food, and the next player feeds. None while the player must still feed."""
    player = state.players[seat]
    if hunger(player):
        return None
    changes = next_turn(state)
    cap = effects.surplus_coins_cap(player, state.catalogue)
    if cap:
        surplus = player.tracks.food - len(player.cards)
        bonus = min(cap, COINS_PER_SURPLUS_FOOD * max(0, surplus))
        changes["players"] = players_with(state, seat, replace(player, coins=player.coins + bonus))
    return changes


def removed_in_this_feeding(state: GameState, player: PlayerState) -> tuple[str, ...]:
    """FEED-2, the PURPLE-6 ruling: the cards the player in turn has removed in this feeding,
    the last ``section_takes`` cards of the discard."""
    count = player.section_takes
    return state.removed[len(state.removed) - count :] if count else ()


def coin_cards(state: GameState, player: PlayerState) -> int:
    """PURPLE-6 and its ruling: the cards the player in turn may feed with coins in this
    feeding, by the PURPLE-6 cards in the tableau or removed in this same feeding."""
    removed = removed_in_this_feeding(state, player)
    held = replace(player, cards=player.cards + removed) if removed else player
    return effects.feed_coin_cards(held, state.catalogue)


def can_feed_with_coins(state: GameState, player: PlayerState, cards: int) -> bool:
    """PURPLE-6: 2 coins instead of one removal, at most ``cards`` (6) cards per feeding section."""
    limit = cards * COINS_PER_FED_CARD
    return player.coins >= COINS_PER_FED_CARD and player.section_paid + COINS_PER_FED_CARD <= limit


def legal(state: GameState, seat: int) -> Iterator[Move]:
    """Each card of the tableau; PURPLE-6's coins where the card allows."""
    player = state.players[seat]
    for card_id in sorted(set(player.cards)):
        yield _remove(seat, card_id)
    cards = coin_cards(state, player)
    if cards and can_feed_with_coins(state, player, cards):
        yield _feed(seat)


def check_remove(state: GameState, move: RemoveCard) -> IllegalMove | None:
    """FEED-2: a card of the tableau."""
    if move.card not in state.players[move.player].cards:
        return IllegalMove("FEED-2", f"{shown(move.card)} is not in the player's tableau")
    return None


def remove(state: GameState, move: RemoveCard) -> Changes:
    """FEED-2/3: the card leaves the tableau, its values and effects taken back; it counts
    among the cards removed in this feeding (the PURPLE-6 ruling)."""
    player = lose_card(state, state.players[move.player], state.catalogue.cards[move.card])
    player = replace(player, section_takes=player.section_takes + 1)
    return {"players": players_with(state, move.player, player), "removed": (*state.removed, move.card)}


def narrate_remove(before: GameState, move: RemoveCard, after: GameState) -> Narration:
    """FEED-2/3: the card removed, its values and its effects' steps taken back."""
    seat = move.player
    card = before.catalogue.cards[move.card]
    yield CardRemoved(rule="FEED-2", player=seat, card=card.id)
    yield from steps(seat, NO_TRACKS, card.values, "FEED-2")
    yield from effects.effect_step_events(seat, before.players[seat], after.players[seat], before.catalogue)


def check_feed_with_coins(state: GameState, move: FeedWithCoins) -> IllegalMove | None:
    """PURPLE-6: only with the card (in the tableau or removed in this feeding), 2 coins a
    card, at most 6 cards per section."""
    player = state.players[move.player]
    cards = coin_cards(state, player)
    if not cards:
        return IllegalMove("PURPLE-6", "only a PURPLE-6 card lets a player feed with coins")
    if not can_feed_with_coins(state, player, cards):
        return IllegalMove(
            "PURPLE-6",
            f"feeding with coins costs 2 coins, at most 6 cards per section "
            f"(the player has {player.coins} coins and paid {player.section_paid})",
        )
    return None


def feed_with_coins(state: GameState, move: FeedWithCoins) -> Changes:
    """PURPLE-6: 2 coins feed one card."""
    player = state.players[move.player]
    player = replace(
        player,
        coins=player.coins - COINS_PER_FED_CARD,
        section_paid=player.section_paid + COINS_PER_FED_CARD,
    )
    return {"players": players_with(state, move.player, player)}


def narrate_feed_with_coins(before: GameState, move: FeedWithCoins, after: GameState) -> Narration:
    """PURPLE-6: the coins paid for one card."""
    yield from coins(move.player, -COINS_PER_FED_CARD, CoinReason.FEEDING, "PURPLE-6")


def limits(state: GameState, player: PlayerState) -> Limits:
    """FEED-2, PURPLE-6: what a player who had their turn may have removed (cards of the
    discard) and paid (2 coins a card, as many cards as their PURPLE-6 cards allow: one
    paid with may have been removed since)."""
    fed = effects.feed_coin_cards(replace(player, cards=player.cards + state.removed), state.catalogue)
    return Limits(
        takes=len(state.removed),
        paid=COINS_PER_FED_CARD * fed,
        step=COINS_PER_FED_CARD,
        rules="FEED-2, PURPLE-6",
    )


#: Feeding (FEED-1…3): in turn, each hungry player removes cards (or pays) until fed.
FEEDING = SectionRules(
    moves=dict(
        [
            handles(RemoveCard, check_remove, remove, narrate_remove),
            handles(FeedWithCoins, check_feed_with_coins, feed_with_coins, narrate_feed_with_coins),
        ]
    ),
    legal=legal,
    finished=everyone_had_a_turn,
    skip=fed,
    narrate_step=passed_over("FEED-1"),
    limits=limits,
)
