"""Small position helpers shared by the rule modules."""

from __future__ import annotations

import functools

from ..catalogue import Catalogue
from ..model import COLOR_INDEX, COLORS, GameState, PlayerState, Section, replace


@functools.lru_cache(maxsize=1 << 15)
def color_counts(cards: tuple[str, ...], catalogue: Catalogue) -> tuple[int, ...]:
    """How many cards of each colour a tableau holds, in ``COLORS`` order (BUY-1, MEDAL-4)."""
    counts = [0] * len(COLORS)
    known = catalogue.cards
    for card_id in cards:
        counts[COLOR_INDEX[known[card_id].color]] += 1
    return tuple(counts)


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
