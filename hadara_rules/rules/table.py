"""Small position helpers shared by the rule modules."""

from __future__ import annotations

import functools

from ..catalogue import Catalogue
from ..model import (
    COLOR_INDEX,
    COLORS,
    Changes,
    GameState,
    PlayerState,
    Section,
    replace,
)


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


def players_with(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    """The players of ``state`` with the one at ``seat`` replaced by ``player``."""
    players = state.players
    return (*players[:seat], player, *players[seat + 1 :])


def with_player(state: GameState, seat: int, player: PlayerState) -> GameState:
    """``state`` with the player at ``seat`` replaced."""
    return replace(state, players=players_with(state, seat, player))


def next_turn(state: GameState) -> Changes:
    """The player's turn in this section ends (a Pass, fed, nothing left to do): the next
    player in turn order follows (START-4)."""
    return {"turn": state.turn + 1}


def end_turn(state: GameState) -> GameState:
    """``state`` after :func:`next_turn`."""
    return replace(state, **next_turn(state))


def section_start(players: tuple[PlayerState, ...], section: Section) -> Changes:
    """Begin a section with the first player; per-section counters reset."""
    return {
        "section": section,
        "turn": 0,
        "players": tuple(
            p if p.section_takes == p.section_paid == 0 else replace(p, section_takes=0, section_paid=0)
            for p in players
        ),
    }


def start_section(state: GameState, section: Section) -> GameState:
    """``state`` after :func:`section_start`."""
    return replace(state, **section_start(state.players, section))
