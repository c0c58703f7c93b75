"""Draft rounds of Phase A (DRAFT-1…3, WHEEL-2), buying and selling (BUY, SELL).

A round is simultaneous: each player's :class:`Draft` is kept in
``state.pending`` and the round resolves when the last one arrives, so its
outcome cannot depend on the order of submission (DRAFT-3).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import IllegalMove
from ..model import COLOR_INDEX, Changes, GameState, Section, replace
from ..moves import SELL, Draft, Move, shared
from .acquire import acquire, acquisitions, check_acquire, owned_colors
from .table import section_start
from .wheel import deck_color

_draft = shared(Draft)


def automatic(state: GameState) -> GameState | None:
    """The draft's automatic step: resolve a complete round, deal the next, or end the draft;
    None to wait for the players' choices."""
    if state.pending:
        return resolve(state) if round_complete(state) else None
    if any(state.decks):
        return deal(state)
    return end_draft(state)


def deal(state: GameState) -> GameState:
    """DRAFT-1: every player draws the top 2 cards of the deck their crest points at."""
    decks = list(state.decks)
    players = []
    for seat, player in enumerate(state.players):
        i = COLOR_INDEX[deck_color(state, seat)]
        deck = decks[i]
        cut = max(0, len(deck) - 2)
        players.append(replace(player, drawn=tuple(sorted(deck[cut:]))))
        decks[i] = deck[:cut]
    return replace(
        state,
        players=tuple(players),
        decks=tuple(decks),
        pending=(None,) * len(players),
    )


def round_complete(state: GameState) -> bool:
    """True when every player who drew has chosen."""
    return not state.to_act


def resolve(state: GameState) -> GameState:
    """DRAFT-2/3, WHEEL-2: apply every choice at once, then turn the wheel.

    The drawn cards stay in front of the players until the next deal replaces them
    (or :func:`end_draft` clears them): no position in between waits for a decision.
    """
    cards = state.catalogue.cards
    piles = list(state.outer_piles)
    players = list(state.players)
    sold = list(state.sold)
    for seat, choice in enumerate(state.pending):
        if choice is None:
            continue
        player = players[seat]
        for other in player.drawn:
            if other != choice.card:
                i = COLOR_INDEX[cards[other].color]
                piles[i] = (*piles[i], other)
        players[seat] = acquire(state, player, cards[choice.card], choice.action, choice.tile)
        if choice.action == SELL:
            sold.append(choice.card)
    return replace(
        state,
        players=tuple(players),
        outer_piles=tuple(piles),
        sold=tuple(sold),
        pending=(),
        round=state.round + 1,
    )


def end_draft(state: GameState) -> GameState:
    """WHEEL-2: the inner decks are empty; the last drawn cards are gone, income follows."""
    players = tuple(replace(p, drawn=()) if p.drawn else p for p in state.players)
    return replace(state, **section_start(players, Section.INCOME))


def legal(state: GameState, seat: int) -> Iterator[Move]:
    """Each drawn card, bought (with each tile choice) if affordable, or sold."""
    player = state.players[seat]
    cards = state.catalogue.cards
    owned = owned_colors(state, player)
    for card_id in player.drawn:
        for action, tile in acquisitions(player, owned, cards[card_id]):
            yield _draft(seat, card_id, action, tile)


def check(state: GameState, move: Move) -> IllegalMove | None:
    """DRAFT-2: one of the player's two drawn cards, bought or sold; BUY-2 and tiles."""
    assert isinstance(move, Draft)
    player = state.players[move.player]
    if move.card not in player.drawn:
        return IllegalMove(
            "DRAFT-2", f"{move.card!r} is not one of the cards the player drew ({', '.join(player.drawn)})"
        )
    return check_acquire(state, player, state.catalogue.cards[move.card], move.action, move.tile, "DRAFT-2")


def play(state: GameState, move: Move) -> Changes:
    """Keep the choice until the round resolves (DRAFT-3)."""
    assert isinstance(move, Draft)
    seat = move.player
    return {"pending": (*state.pending[:seat], move, *state.pending[seat + 1 :])}
