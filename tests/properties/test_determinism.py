"""Positions are values: deterministic, hashable, never mutated by the moves applied to them."""

from __future__ import annotations

from hypothesis import given

from hadara_rules import GameState, apply_move, legal_moves, new_game
from hadara_rules.records import to_json

from .strategies import PlayedGame, played_games, suite_settings


@suite_settings(dear=True)
@given(played_games())
def test_same_config_and_moves_give_the_same_positions(game: PlayedGame) -> None:
    """SETUP (all shuffles drawn from the seed) and every reducer are deterministic: a fresh
    ``new_game`` with the same config, replayed move by move on the checked path, gives
    equal, equally hashing positions at every ply."""
    state = new_game(game.config)
    assert state == game.states[0]
    assert hash(state) == hash(game.states[0])
    for i, move in enumerate(game.moves):
        state = apply_move(state, move)
        expected = game.states[i + 1]
        assert state == expected and hash(state) == hash(expected), i


@suite_settings(dear=True)
@given(played_games())
def test_positions_are_hashable_and_never_mutated(game: PlayedGame) -> None:
    """DESIGN (immutable state, ``cache_hash``): every position hashes, can key a dict, and
    applying any of its legal moves (checked or not) leaves it exactly as it was: same
    JSON snapshot (every field, deeply), equal and equally hashing."""
    table: dict[GameState, int] = {}
    for i, state in enumerate(game.states):
        snapshot, digest = to_json(state), hash(state)
        table.setdefault(state, i)
        moves = legal_moves(state)
        for move in moves[:1] + moves[-1:]:
            apply_move(state, move)
            apply_move(state, move, check=False)
        assert to_json(state) == snapshot, i
        assert hash(state) == digest, i
    for i, state in enumerate(game.states):
        assert table[state] == i  # ply makes every position of one game distinct
