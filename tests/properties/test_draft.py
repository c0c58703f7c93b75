"""DRAFT-3: a draft round is simultaneous; its outcome does not depend on submission order."""

from __future__ import annotations

import random

from hypothesis import given

from hadara_rules import Draft, GameState, apply_move
from hadara_rules._vocabulary import Section

from .strategies import PlayedGame, played_games, seeds, suite_settings


def _rounds(game: PlayedGame) -> list[tuple[int, int]]:
    """``(start, end)`` state indices of every draft round the game played through."""
    found = []
    for i, state in enumerate(game.states):
        if state.section is Section.DRAFT and state.pending and all(c is None for c in state.pending):
            end = i + len(state.to_act)
            if end < len(game.states) and all(isinstance(m, Draft) for m in game.moves[i:end]):
                found.append((i, end))
    return found


@suite_settings(dear=True)
@given(played_games(), seeds)
def test_draft_rounds_do_not_depend_on_submission_order(game: PlayedGame, seed: int) -> None:
    """DRAFT-3: replaying the players' Draft choices of each round in the reverse order and
    in a random order gives the same position (equal and equally hashing) as the order
    played."""
    rng = random.Random(seed)
    for start, end in _rounds(game):
        choices = list(game.moves[start:end])
        assert sorted(m.player for m in choices) == sorted(game.states[start].to_act)
        expected = game.states[end]
        shuffled = choices[:]
        rng.shuffle(shuffled)
        for order in (choices[::-1], shuffled):
            state: GameState = game.states[start]
            for move in order:
                state = apply_move(state, move)
            assert state == expected and hash(state) == hash(expected), (start, [m.player for m in order])
