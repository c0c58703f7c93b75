"""Small position helpers shared by the rule modules."""

from __future__ import annotations

from attrs import evolve

from ..model import GameState, PlayerState, Section


def with_player(state: GameState, seat: int, player: PlayerState) -> GameState:
    """``state`` with the player at ``seat`` replaced."""
    players = state.players
    return evolve(state, players=players[:seat] + (player,) + players[seat + 1 :])


def next_turn(state: GameState) -> GameState:
    """The same section, the next player in turn order (START-4)."""
    return evolve(state, turn=state.turn + 1)


def start_section(state: GameState, section: Section) -> GameState:
    """Begin a sequential section with the first player; per-section counters reset."""
    players = tuple(
        p if p.section_takes == p.section_paid == 0 else evolve(p, section_takes=0, section_paid=0)
        for p in state.players
    )
    return evolve(state, section=section, turn=0, players=players)
