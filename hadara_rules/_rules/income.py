"""Income (INCOME-1): coins equal to the income track, plus PURPLE-8; the track stays."""

from __future__ import annotations

from .. import _effects as effects
from .._copy import replace
from .._model import Changes, GameState
from .section import SectionRules, no_moves, nobody, one_turn_taken


def take_income(state: GameState) -> Changes:
    """INCOME-1: every player takes their income at once (order does not matter), the
    section's one step."""
    catalogue = state.catalogue
    players = tuple(
        replace(p, coins=p.coins + p.tracks.income + effects.income_bonus(p, catalogue))
        for p in state.players
    )
    return {"players": players, "turn": state.turn + 1}


#: Income: an automatic step, no moves.
INCOME = SectionRules(
    moves={},
    legal=no_moves,
    deciding=nobody,
    finished=one_turn_taken,
    automatic=take_income,
)
