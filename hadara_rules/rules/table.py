"""Small position helpers shared by the rule modules."""

from __future__ import annotations

import functools

from ..catalogue import Catalogue
from ..model import COLOR_INDEX, COLORS, GameState, PlayerState, Section, replace


@functools.lru_cache(maxsize=1 << 15)
def color_counts(cards: tuple[str, ...], catalogue: Catalogue) -> tuple[int, ...]:
    """How many cards of each colour a tableau holds, in ``COLORS`` order (BUY-1, MEDAL-4).

    Cached, and counted from the tableau without its last card (usually cached
    already: a bought card joins the end of the tableau).
    """
    if not cards:
        return _NO_CARDS
    before = color_counts(cards[:-1], catalogue)
    i = COLOR_INDEX[catalogue.cards[cards[-1]].color]
    return (*before[:i], before[i] + 1, *before[i + 1 :])


_NO_CARDS = (0,) * len(COLORS)


def with_player(state: GameState, seat: int, player: PlayerState) -> GameState:
    """``state`` with the player at ``seat`` replaced."""
    players = state.players
    return replace(state, players=players[:seat] + (player,) + players[seat + 1 :])


def end_turn(state: GameState) -> GameState:
    """The player's turn in this section ends (a Pass, fed, nothing left to do): the next
    player in turn order follows (START-4)."""
    return replace(state, turn=state.turn + 1)


def start_section(state: GameState, section: Section) -> GameState:
    """Begin a sequential section with the first player; per-section counters reset."""
    players = tuple(
        p if p.section_takes == p.section_paid == 0 else replace(p, section_takes=0, section_paid=0)
        for p in state.players
    )
    return replace(state, section=section, turn=0, players=players)
