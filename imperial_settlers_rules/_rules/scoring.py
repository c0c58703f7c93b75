"""Final scoring and the winners (END-2 to END-5, CARD-26)."""

from __future__ import annotations

from collections.abc import Collection

from attrs import frozen

from .._goods import RESOURCES, WORKER
from .._model import GameState
from .._table import card_of

__all__ = ["ScoreSheet", "score", "winners"]


@frozen
class ScoreSheet:
    """One player's final score: VP during play, their locations (END-2), Gate and Shrine
    (END-3), the total, and the tie-breaks (END-4)."""

    played: int
    locations: int
    tucked: int
    total: int
    #: END-4: workers plus wood, stone and food left in the supply (not gold, GOODS-3).
    goods_left: int
    #: END-4: cards in hand.
    hand: int


def _tucked(state: GameState, seat: int) -> int:
    """END-3, CARD-26: each Gate's and Shrine's highest step reached."""
    player = state.players[seat]
    found = 0
    for card, items in (*((c, len(u)) for c, u in player.under), *player.on_shrine):
        tucking = card_of(card).ability.tuck
        assert tucking is not None
        found += max((vp for least, vp in tucking.steps if items >= least), default=0)
    return found


def score(state: GameState) -> tuple[ScoreSheet, ...]:
    """END-2, END-3: every player's score sheet (what it would be if the game ended now)."""
    sheets = []
    for seat, player in enumerate(state.players):
        locations = sum(card_of(c).points for c in player.empire)
        tucked = _tucked(state, seat)
        left = player.supply[WORKER] + sum(player.supply[k] for k in RESOURCES)
        sheets.append(
            ScoreSheet(player.vp, locations, tucked, player.vp + locations + tucked, left, len(player.hand))
        )
    return tuple(sheets)


def winners(state: GameState, among: Collection[int] | None = None) -> tuple[int, ...]:
    """END-4, GOODS-3: the seats (of ``among``; None: all) with the highest total, then the
    most workers and resources (not gold) left, then the most cards in hand; players still
    tied share the win."""
    sheets = score(state)
    seats = range(len(sheets)) if among is None else sorted(among)
    ranks = {seat: (sheets[seat].total, sheets[seat].goods_left, sheets[seat].hand) for seat in seats}
    best = max(ranks.values())
    return tuple(seat for seat, rank in ranks.items() if rank == best)
