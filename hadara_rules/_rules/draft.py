"""Draft rounds of Phase A (DRAFT-1…3, WHEEL-2), buying and selling (BUY, SELL).

A round is simultaneous: each player's :class:`Draft` is kept in
``state.pending`` and the round resolves when the last one arrives, so its
outcome cannot depend on the order of submission (DRAFT-3).
"""

from __future__ import annotations

import functools

from .._components import Catalogue
from .._copy import replace
from .._errors import IllegalMove
from .._model import Changes, GameState, PlayerState
from .._moves import SELL, Draft, Move, shared
from .._vocabulary import COLOR_INDEX
from .acquire import Acquisitions, acquire, acquisitions, check_acquire, owned_colors
from .section import SectionRules, handles
from .wheel import deck_color

_draft = shared(Draft)


def drafters(state: GameState) -> tuple[int, ...]:
    """DRAFT-3: every player who drew and has not chosen yet."""
    pending = state.pending
    if None not in pending:
        return ()
    players = state.players
    return tuple([i for i, choice in enumerate(pending) if choice is None and players[i].drawn])


def finished(state: GameState) -> bool:
    """WHEEL-2: the draft ends when the inner decks are empty and the last drawn cards are gone."""
    return not state.pending and not any(state.decks) and not any(p.drawn for p in state.players)


def automatic(state: GameState) -> Changes | None:
    """Resolve a complete round, deal the next, or put away the last drawn cards; None to
    wait for the players' choices."""
    if state.pending:
        return resolve(state) if not drafters(state) else None
    if any(state.decks):
        return deal(state)
    return {"players": tuple(replace(p, drawn=()) if p.drawn else p for p in state.players)}


def deal(state: GameState) -> Changes:
    """DRAFT-1: every player draws the top 2 cards of the deck their crest points at."""
    decks = list(state.decks)
    players = []
    for seat, player in enumerate(state.players):
        i = COLOR_INDEX[deck_color(state, seat)]
        deck = decks[i]
        cut = max(0, len(deck) - 2)
        players.append(replace(player, drawn=tuple(sorted(deck[cut:]))))
        decks[i] = deck[:cut]
    return {"players": tuple(players), "decks": tuple(decks), "pending": (None,) * len(players)}


def resolve(state: GameState) -> Changes:
    """DRAFT-2/3, WHEEL-2: apply every choice at once, then turn the wheel.

    The drawn cards stay in front of the players until the next deal replaces them
    (or the end of the draft puts them away): no position in between waits for a decision.
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
    return {
        "players": tuple(players),
        "outer_piles": tuple(piles),
        "sold": tuple(sold),
        "pending": (),
        "round": state.round + 1,
    }


def legal(state: GameState, seat: int) -> tuple[Move, ...]:
    """Each drawn card, bought (with each tile choice) if affordable, or sold.

    A drafter's options depend on their own holdings only, and the positions of a
    round share the drafters' states: they are kept by that state (in
    :data:`_OPTIONS`), so each drafter's options are built once a round however
    many positions of it are asked about.
    """
    player = state.players[seat]
    catalogue = state.catalogue
    kept = _OPTIONS.get(id(player))
    if kept is not None and kept[0] is player and kept[1] is catalogue and kept[2] == seat:
        return kept[3]
    cards = catalogue.cards
    owned = owned_colors(state, player)
    options: tuple[Move, ...] = ()
    for card_id in player.drawn:
        options += _offers(seat, card_id, acquisitions(player, owned, cards[card_id]))
    if len(_OPTIONS) >= _OPTIONS_KEPT:
        _OPTIONS.clear()
    _OPTIONS[id(player)] = (player, catalogue, seat, options)
    return options


@functools.lru_cache(maxsize=1 << 16)
def _offers(seat: int, card_id: str, choices: Acquisitions) -> tuple[Move, ...]:
    """The draft moves of one drawn card, one per choice (shared instances)."""
    return tuple(_draft(seat, card_id, action, tile) for action, tile in choices)


#: The options of the drafters met lately, by ``id`` of their state (the state itself is
#: kept with them, so the ``id`` cannot be reused while the entry lasts).
_OPTIONS: dict[int, tuple[PlayerState, Catalogue, int, tuple[Move, ...]]] = {}
_OPTIONS_KEPT = 1 << 12


def check_draft(state: GameState, move: Draft) -> IllegalMove | None:
    """DRAFT-2: one of the player's two drawn cards, bought or sold; BUY-2 and tiles."""
    player = state.players[move.player]
    if move.card not in player.drawn:
        return IllegalMove(
            "DRAFT-2", f"{move.card!r} is not one of the cards the player drew ({', '.join(player.drawn)})"
        )
    return check_acquire(state, player, state.catalogue.cards[move.card], move.action, move.tile, "DRAFT-2")


def choose(state: GameState, move: Draft) -> Changes:
    """Keep the choice until the round resolves (DRAFT-3)."""
    seat = move.player
    return {"pending": (*state.pending[:seat], move, *state.pending[seat + 1 :])}


#: Draft rounds (DRAFT-1…3): the players choose together, round after round.
DRAFT = SectionRules(
    moves=dict([handles(Draft, check_draft, choose)]),
    legal=legal,
    together=drafters,
    finished=finished,
    automatic=automatic,
)
