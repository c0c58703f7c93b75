"""Fair bots: every built-in bot decides from what its seat may see, so it returns the same
move handed the whole position, the seat's view, or any world the seat cannot tell apart."""

from __future__ import annotations

import random

import pytest
from fair_check import BOTS, assert_fair
from helpers import seeded_game

from hadara_rules import GameConfig, GameState, apply_move, legal_moves, new_game, player_view

#: Every setting: 2–5 players, basic and advanced.
SETTINGS = [(players, advanced) for players in (2, 3, 4, 5) for advanced in (False, True)]


def _positions(players: int, advanced: bool, seed: int, every: int) -> list[GameState]:
    return [s for s in seeded_game(players, advanced, seed) if not s.is_over and s.ply % every == 0]


@pytest.mark.parametrize("kind", sorted(BOTS))
@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_every_bot_moves_the_same_whatever_it_is_handed(kind: str, players: int, advanced: bool) -> None:
    every = 29 if kind == "ismcts" else 7
    for state in _positions(players, advanced, 50 + players, every):
        for seat in state.to_act:
            assert_fair(kind, state, seat, seed=state.ply)


def test_the_legal_moves_may_still_be_handed_in() -> None:
    state = apply_move(
        new_game(GameConfig(players=3, seed=2)), legal_moves(new_game(GameConfig(players=3, seed=2)))[0]
    )
    seat = state.to_act[0]
    moves = legal_moves(state, seat)
    for kind, make in BOTS.items():
        assert make(random.Random(1)).choose(state, seat, moves[:1]) == moves[0], kind
        assert make(random.Random(1)).choose(state, seat, moves) == make(random.Random(1)).choose(
            state, seat
        ), kind


def test_a_bot_refuses_another_seats_view_and_a_position_without_its_move() -> None:
    state = apply_move(
        new_game(GameConfig(players=3, seed=2)), legal_moves(new_game(GameConfig(players=3, seed=2)))[0]
    )
    waiting = new_game(GameConfig(players=3, seed=2))  # the wheel: only the first player acts
    idle = next(seat for seat in range(3) if seat not in waiting.to_act)
    for make in BOTS.values():
        with pytest.raises(ValueError, match="a view for another seat than player 0"):
            make(random.Random(0)).choose(player_view(state, 1), 0)
        with pytest.raises(ValueError, match="a view for another seat than player 0"):
            make(random.Random(0)).choose(player_view(state, None), 0)
        with pytest.raises(ValueError, match=f"player {idle} has no move to make"):
            make(random.Random(0)).choose(waiting, idle)
