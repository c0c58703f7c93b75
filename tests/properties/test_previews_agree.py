"""``preview`` agrees with the events and the positions for every legal move at every
position of 40 random games of every setting (2–5 players, basic and advanced)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from preview_check import check_every_move

from hadara_rules import GameConfig, apply_move, legal_moves, new_game
from hadara_rules._moves import MOVE_TYPES

pytestmark = pytest.mark.slow

#: 40 games: each of the 8 settings 5 times.
GAMES = [
    (players, advanced, seed) for seed in range(5) for players in (2, 3, 4, 5) for advanced in (False, True)
]


def test_every_preview_of_40_games_agrees_with_what_the_move_does() -> None:
    kinds: Counter[str] = Counter()
    for players, advanced, seed in GAMES:
        rng = random.Random(1000 + seed)
        state = new_game(GameConfig(players=players, seed=1000 + seed, advanced=advanced))
        while not state.is_over:
            check_every_move(state)
            kinds.update(type(m).type for m in legal_moves(state))
            state = apply_move(state, rng.choice(legal_moves(state)))
    assert set(kinds) == {kind.type for kind in MOVE_TYPES}, kinds
