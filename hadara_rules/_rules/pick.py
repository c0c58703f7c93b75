"""Phase B picking (PICK-1): in turn order, the top card of any outer pile, bought or sold."""

from __future__ import annotations

from .._errors import IllegalMove
from .._model import Changes, GameState
from .._moves import SELL, Move, Pick, shared
from .._vocabulary import COLOR_INDEX
from .acquire import OfferBook, acquire, acquisition_events, check_acquire, owned_colors
from .section import Narration, SectionRules, handles, players_with

_pick = shared(Pick)


def finished(state: GameState) -> bool:
    """PICK-1: picking ends when every outer pile is empty."""
    return not any(state.outer_piles)


def legal(state: GameState, seat: int) -> tuple[Move, ...]:
    """The top card of each non-empty pile, bought (with each tile choice) if affordable, or sold."""
    player = state.players[seat]
    offers = PICKS.of(state.catalogue, seat)
    owned = owned_colors(state, player)
    options: tuple[Move, ...] = ()
    for pile in state.outer_piles:
        if pile:
            options += offers.moves(pile[-1], player, owned)
    return options


#: The pick moves of every seat and card (a card is picked from the pile of its colour).
PICKS = OfferBook(
    "pick moves by seat", lambda seat, card, action, tile: _pick(seat, card.color, action, tile)
)


def check_pick(state: GameState, move: Pick) -> IllegalMove | None:
    """PICK-1: the pile must hold a card; then BUY-2 and the tile rules."""
    pile = state.outer_piles[COLOR_INDEX[move.color]]
    if not pile:
        return IllegalMove("PICK-1", f"the {move.color} outer pile is empty")
    player = state.players[move.player]
    return check_acquire(state, player, state.catalogue.cards[pile[-1]], move.action, move.tile, "PICK-1")


def take(state: GameState, move: Pick) -> Changes:
    """Take the top card, buy or sell it; the next player picks, round the table until
    the piles are empty (PICK-1)."""
    i = COLOR_INDEX[move.color]
    pile = state.outer_piles[i]
    card = state.catalogue.cards[pile[-1]]
    player = acquire(state, state.players[move.player], card, move.action, move.tile)
    changes: Changes = {
        "players": players_with(state, move.player, player),
        "outer_piles": (*state.outer_piles[:i], pile[:-1], *state.outer_piles[i + 1 :]),
        "turn": (state.turn + 1) % len(state.players),
    }
    if move.action == SELL:  # face up, before every seat (INFO-2)
        changes["sold"] = (*state.sold, card.id)
        changes["sellers"] = (*state.sellers, move.player)
        changes["sold_openly"] = (*state.sold_openly, True)
    return changes


def narrate_take(before: GameState, move: Pick, after: GameState) -> Narration:
    """PICK-1: the top card of the pile, bought or sold."""
    card = before.catalogue.cards[before.outer_piles[COLOR_INDEX[move.color]][-1]]
    return acquisition_events(before, move.player, card, move.action, move.tile, "PICK-1")


#: Picking (PICK-1): one card per turn, round the table.
PICK = SectionRules(
    moves=dict([handles(Pick, check_pick, take, narrate_take)]), legal=legal, finished=finished
)
