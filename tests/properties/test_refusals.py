"""The oracle: a move that is not legal is refused with a rule ID, and nothing changes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from hadara_rules import GameState, IllegalMove, apply_move, check_move
from hadara_rules._rulebook import rules
from hadara_rules.records import from_json, to_json

from .strategies import (
    PlayedGame,
    played_games,
    refusal_candidates,
    seeds,
    suite_settings,
)

#: Dozens of refused moves tried per position of whole games: a dear property (run with ``-m slow``).
pytestmark = pytest.mark.slow

RULE_IDS = frozenset(rules())
#: Refused moves tried per position.
PER_POSITION = 4


@suite_settings()
@given(played_games(), seeds)
def test_moves_that_are_not_legal_are_refused_with_a_rule(game: PlayedGame, seed: int) -> None:
    """FLOW-1/2/3 and every rule's guard: moves of players not to act, moves of other kinds,
    and legal moves with one field changed (when that makes them illegal) are refused by
    ``check_move`` and by ``apply_move`` with the same ``IllegalMove``, whose ``.rule`` is an
    ID of ``spec/rules.yaml`` and whose reason is not empty; the position is unchanged
    (equal, equally hashing, same JSON as an independent copy made before)."""
    rng = random.Random(seed)
    for i, state in enumerate(game.states):
        text = to_json(state)
        twin: GameState = from_json(text, GameState)
        for move in refusal_candidates(state, rng, PER_POSITION):
            refusal = check_move(state, move)
            assert refusal is not None, (i, state.section, move)
            assert refusal.rule in RULE_IDS, (i, move, refusal.rule)
            assert refusal.reason, (i, move)
            with pytest.raises(IllegalMove) as raised:
                apply_move(state, move)
            assert raised.value == refusal, (i, move)
        assert to_json(state) == text, i
        assert state == twin and hash(state) == hash(twin), i
