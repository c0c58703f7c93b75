"""Phase 3: feeding (FEED-1 to FEED-6)."""

from __future__ import annotations

from boardtable.errors import IllegalMove

from .._goods import bundles
from .._model import GameState
from .._moves import Feed, GoHungry
from .._table import Table
from .cards import CLAIM

#: FEED-5: points lost by a player who does not feed their people.
HUNGER = 10


def shortfall(state: GameState, seat: int) -> int:
    """FEED-3: the food ``seat`` lacks to pay 1 per person owned (0 if none)."""
    player = state.players[seat]
    return max(0, player.people - player.food)


def can_cover(state: GameState, seat: int) -> bool:
    """FEED-4: whether ``seat``'s resources would cover its shortfall, counting an untaken
    CIV-12 pair, which the player may take now (a decision: CIV-12) and pay with."""
    player = state.players[seat]
    return player.resources.total + CLAIM * player.claims >= shortfall(state, seat)


def feed_player(table: Table, seat: int) -> bool:
    """FEED-2, FEED-3: take food for the agriculture level, then pay one per person. A player who
    is short and could cover it with resources, an untaken CIV-12 pair counted (:func:`can_cover`),
    decides (FEED-4): then False; else done (FEED-5)."""
    player = table.player(seat)
    if player.agriculture:
        table.change(seat, "FEED-2", "harvested", food=player.food + player.agriculture)
    short = shortfall(table.state, seat)
    if not short:
        player = table.player(seat)
        table.change(seat, "FEED-3", "fed", food=player.food - player.people)
        return True
    if can_cover(table.state, seat):
        table.update(short=seat)
        return False
    go_hungry(table, seat)
    return True


def check_feed(state: GameState, move: Feed) -> IllegalMove | None:
    """FEED-4: the whole shortfall, one resource per food, with resources the player has."""
    short = shortfall(state, move.player)
    if move.pay.total != short or not state.players[move.player].resources.covers(move.pay):
        return IllegalMove(
            "FEED-4", f"cover the whole shortfall of {short} food with {short} of your resources"
        )
    return None


def feed_choices(state: GameState, seat: int) -> tuple[Feed | GoHungry, ...]:
    """Every cover of the shortfall with the resources held (none while they cover it only with
    an untaken CIV-12 pair, which :func:`~.cards.claim_choices` offers first), and going hungry."""
    have = state.players[seat].resources
    return (*(Feed(seat, pay) for pay in bundles(shortfall(state, seat), have)), GoHungry(seat))


def feed_with_resources(table: Table, move: Feed) -> None:
    """FEED-4: all the food and the resources chosen are paid."""
    player = table.player(move.player)
    table.change(move.player, "FEED-4", "fed with resources", food=0, resources=player.resources - move.pay)


def go_hungry(table: Table, seat: int) -> None:
    """FEED-5: all food and 10 points are lost, once; resources are kept; the score may go below 0."""
    player = table.player(seat)
    table.change(seat, "FEED-5", "went hungry", food=0, score=player.score - HUNGER)
