"""Fair bots over random games: each built-in bot returns the same move handed the whole
position, the seat's view or a world sampled from it (INFO-1)."""

from __future__ import annotations

import random

import pytest
from fair_check import assert_fair
from hypothesis import given

from .strategies import PlayedGame, played_games, seeds, suite_settings

pytestmark = pytest.mark.slow

#: Positions per game the search bot (dearest) is asked at; the others are asked at every fifth.
SEARCHED = 3


@suite_settings(weight=0.5)
@given(played_games(), seeds)
def test_every_built_in_bot_moves_the_same_whatever_it_is_handed(game: PlayedGame, seed: int) -> None:
    """At every fifth position of a random game, for every seat to act: random and greedy;
    at 3 positions drawn at random: ismcts with a tiny budget."""
    rng = random.Random(seed)
    undecided = [s for s in game.states if s.to_act]
    for i, state in enumerate(undecided):
        if i % 5 == 0:
            for seat in state.to_act:
                assert_fair("random", state, seat, seed + i)
                assert_fair("greedy", state, seat, seed + i)
    for state in rng.sample(undecided, min(SEARCHED, len(undecided))):
        assert_fair("ismcts", state, rng.choice(state.to_act), seed)
