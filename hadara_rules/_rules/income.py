"""Income (INCOME-1): coins equal to the income track, plus PURPLE-8; the track stays."""

from __future__ import annotations

from .. import _effects as effects
from .._copy import replace
from .._events import CoinReason, coins
from .._model import Changes, GameState
from .section import Narration, SectionRules, no_moves, nobody, one_turn_taken


def take_income(state: GameState) -> Changes:
    """INCOME-1: every player takes their income at once (order does not matter), the
    section's one step."""
    catalogue = state.catalogue
    players = tuple(
        replace(p, coins=p.coins + p.tracks.income + effects.income_bonus(p, catalogue))
        for p in state.players
    )
    return {"players": players, "turn": state.turn + 1}


def narrate_income(before: GameState, after: GameState) -> Narration:
    """INCOME-1 and PURPLE-8: each player's income, seat by seat."""
    catalogue = before.catalogue
    for seat, player in enumerate(before.players):
        yield from coins(seat, player.tracks.income, CoinReason.INCOME, "INCOME-1")
        yield from coins(seat, effects.income_bonus(player, catalogue), CoinReason.BONUS, "PURPLE-8")


#: Income: an automatic step, no moves.
INCOME = SectionRules(
    moves={},
    legal=no_moves,
    deciding=nobody,
    finished=one_turn_taken,
    automatic=take_income,
    never_waits="income is paid automatically",
    narrate_step=narrate_income,
)
