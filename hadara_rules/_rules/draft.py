"""Draft rounds of Phase A (DRAFT-1…3, WHEEL-2), buying and selling (BUY, SELL).

A round is simultaneous: each player's :class:`Draft` is kept in
``state.pending`` and the round resolves when the last one arrives, so its
outcome cannot depend on the order of submission (DRAFT-3).
"""

from __future__ import annotations

from boardtable.reader import shown

from .._copy import amend, replace
from .._errors import IllegalMove
from .._events import CardPassedOn, CardsDrawn, DraftChosen
from .._model import Changes, GameState, PlayerState
from .._moves import SELL, Draft, Move, shared
from .._vocabulary import COLOR_INDEX
from .acquire import OfferBook, acquire, acquisition_events, check_acquire, owned_colors
from .section import Flaw, Narration, SectionRules, handles
from .wheel import deck_at

_draft = shared(Draft)

#: DRAFT-1: the cards a player draws in a round.
DRAWN = 2


def choosing(state: GameState, seat: int) -> bool:
    """DRAFT-3: whether the player drew and has not chosen yet."""
    return state.pending[seat] is None and state.players[seat].drawn != ()


def round_complete(state: GameState) -> bool:
    """DRAFT-3: a round resolves once nobody is choosing any more."""
    # a loop rather than all(): no generator after every draft choice
    for seat in range(len(state.players)):  # noqa: SIM110
        if choosing(state, seat):
            return False
    return True


def finished(state: GameState) -> bool:
    """WHEEL-2: the draft ends when the inner decks are empty and the last drawn cards are gone."""
    return not state.pending and not any(state.decks) and not any(p.drawn for p in state.players)


def automatic(state: GameState) -> Changes | None:
    """Resolve a complete round (and deal the next), deal the epoch's first round, or put
    away drawn cards left over; None to wait for the players' choices."""
    if state.pending:
        return resolve(state) if round_complete(state) else None
    if any(state.decks):
        drawn, decks = dealt(state, state.round)
        players = tuple(replace(p, drawn=cards) for p, cards in zip(state.players, drawn, strict=True))
        return {"players": players, "decks": decks, "pending": (None,) * len(players)}
    return {"players": tuple(replace(p, drawn=()) if p.drawn else p for p in state.players)}


def dealt(state: GameState, round: int) -> tuple[list[tuple[str, ...]], tuple[tuple[str, ...], ...]]:
    """DRAFT-1: the top :data:`DRAWN` cards of the deck each player's crest points at in draft ``round``,
    for every seat, and the decks left."""
    decks = list(state.decks)
    drawn = []
    places = state.catalogue.reference.wheel_place
    for player in state.players:
        i = COLOR_INDEX[deck_at(state, places[player.crest], round)]  # deck_color, for every seat
        deck = decks[i]
        cut = max(0, len(deck) - DRAWN)
        drawn.append(tuple(sorted(deck[cut:])))
        decks[i] = deck[:cut]
    return drawn, tuple(decks)


def passed_on(drawn: int) -> int:
    """DRAFT-2: how many of the ``drawn`` cards a player drew go to the outer piles when
    the round resolves: all but the one chosen."""
    return max(0, drawn - 1)


def resolve(state: GameState) -> Changes:
    """DRAFT-2/3, WHEEL-2: apply every choice at once, turn the wheel, and deal the next
    round (DRAFT-1) or, after the last, put the drawn cards away; one step, so that no
    position in between is made.
    """
    cards = state.catalogue.cards
    piles = list(state.outer_piles)
    players = list(state.players)
    sold, sellers = list(state.sold), list(state.sellers)
    for seat, choice in enumerate(state.pending):
        if choice is None:
            continue
        player = players[seat]
        for other in player.drawn:
            if other != choice.card:
                i = COLOR_INDEX[cards[other].color]
                piles[i] = (*piles[i], other)
        players[seat] = chooser_resolved(state, choice)
        if choice.action == SELL:  # from the seller's hand, seen by the seller only (INFO-1)
            sold.append(choice.card)
            sellers.append(seat)
    changes: Changes = {"outer_piles": tuple(piles), "round": state.round + 1}
    if len(sold) > len(state.sold):
        changes["sold"], changes["sellers"] = tuple(sold), tuple(sellers)
        changes["sold_openly"] = (*state.sold_openly, *(False,) * (len(sold) - len(state.sold)))
    if any(state.decks):
        drawn, changes["decks"] = dealt(state, state.round + 1)
        changes["pending"] = (None,) * len(players)
    else:
        drawn, changes["pending"] = [()] * len(players), ()
    for seat, (before, after) in enumerate(zip(state.players, players, strict=True)):
        if after is before:
            players[seat] = replace(before, drawn=drawn[seat]) if before.drawn != drawn[seat] else before
        else:  # made by acquire just now: nobody holds it yet
            amend(after, {"drawn": drawn[seat]})
    changes["players"] = tuple(players)
    return changes


def chooser_resolved(state: GameState, choice: Draft) -> PlayerState:
    """The player as their choice leaves them when the round resolves (DRAFT-2): the
    chosen card bought or sold (the other drawn card passed on is no part of them)."""
    card = state.catalogue.cards[choice.card]
    return acquire(state, state.players[choice.player], card, choice.action, choice.tile)


def legal(state: GameState, seat: int) -> tuple[Move, ...]:
    """Each drawn card, bought (with each tile choice) if affordable, or sold."""
    player = state.players[seat]
    offers = DRAFTS.of(state.catalogue, seat)
    owned = owned_colors(state, player)
    options: tuple[Move, ...] = ()
    for card_id in player.drawn:
        options += offers.moves(card_id, player, owned)
    return options


#: The draft moves of every seat and card.
DRAFTS = OfferBook(
    "draft moves by seat", lambda seat, card, action, tile: _draft(seat, card.id, action, tile)
)


def check_draft(state: GameState, move: Draft) -> IllegalMove | None:
    """DRAFT-2: one of the player's two drawn cards, bought or sold; BUY-2 and tiles."""
    player = state.players[move.player]
    if move.card not in player.drawn:
        return IllegalMove(
            "DRAFT-2",
            f"{shown(move.card)} is not one of the cards the player drew ({', '.join(player.drawn)})",
        )
    return check_acquire(state, player, state.catalogue.cards[move.card], move.action, move.tile, "DRAFT-2")


def check_waiting(state: GameState) -> Flaw | None:
    """What a position waiting in a draft round may hold: one choice slot per player, each
    empty or a legal choice of that player's (DRAFT-2, DRAFT-3), and at most the cards a
    player draws (DRAFT-1)."""
    if len(state.pending) != len(state.players):
        return Flaw(
            "pending", f"a draft round keeps one choice per player, found {len(state.pending)}", "DRAFT-3"
        )
    for seat, (choice, player) in enumerate(zip(state.pending, state.players, strict=True)):
        if len(player.drawn) > DRAWN:
            return Flaw(
                f"players[{seat}].drawn", f"a player draws {DRAWN} cards, not {len(player.drawn)}", "DRAFT-1"
            )
        if choice is None:
            continue
        if not isinstance(choice, Draft) or choice.player != seat:
            return Flaw(f"pending[{seat}]", f"must be player {seat}'s draft", "DRAFT-3")
        refusal = check_draft(state, choice)
        if refusal is not None:
            return Flaw(
                f"pending[{seat}]", f"an illegal choice: {refusal.rule}: {refusal.reason}", refusal.rule
            )
    return None


def choose(state: GameState, move: Draft) -> Changes:
    """Keep the choice until the round resolves (DRAFT-3)."""
    seat = move.player
    return {"pending": (*state.pending[:seat], move, *state.pending[seat + 1 :])}


def narrate_choice(before: GameState, move: Draft, after: GameState) -> Narration:
    """DRAFT-3: the player chose; what, the round's resolution tells."""
    yield DraftChosen(rule="DRAFT-3", player=move.player)


def choice_events(state: GameState, choice: Draft) -> Narration:
    """What a draft choice does when its round resolves (DRAFT-2): the other drawn card
    passed on, the chosen one bought or sold."""
    seat = choice.player
    for other in state.players[seat].drawn:
        if other != choice.card:
            yield CardPassedOn(rule="DRAFT-2", player=seat, card=other)
    card = state.catalogue.cards[choice.card]
    yield from acquisition_events(state, seat, card, choice.action, choice.tile, "DRAFT-2")


def narrate_step(before: GameState, after: GameState) -> Narration:
    """A complete round resolved (every choice at once, DRAFT-2/3), and a round dealt (DRAFT-1)."""
    for choice in before.pending:
        if choice is not None:
            yield from choice_events(before, choice)
    if after.pending:
        for seat, player in enumerate(after.players):
            yield CardsDrawn(rule="DRAFT-1", player=seat, cards=player.drawn)


#: Draft rounds (DRAFT-1…3): the players choose together, round after round.
DRAFT = SectionRules(
    moves=dict([handles(Draft, check_draft, choose, narrate_choice)]),
    legal=legal,
    deciding=choosing,
    finished=finished,
    automatic=automatic,
    narrate_step=narrate_step,
    check_waiting=check_waiting,
)
