"""Income (INCOME-1): coins equal to the income track, plus PURPLE-8; the track stays."""

from __future__ import annotations

from .. import effects
from ..model import GameState, Section, replace
from .table import section_start


def take_income(state: GameState) -> GameState:
    """INCOME-1: every player takes their income (order does not matter); colonies follow."""
    catalogue = state.catalogue
    players = tuple(
        replace(p, coins=p.coins + p.tracks.income + effects.income_bonus(p, catalogue))
        for p in state.players
    )
    return replace(state, **section_start(players, Section.COLONY))
