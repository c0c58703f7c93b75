"""Serialization: positions and game records round-trip exactly through JSON and YAML."""

from __future__ import annotations

import pytest
from hypothesis import given

from hadara_rules import GameState
from hadara_rules.records import (
    GameRecord,
    from_json,
    from_yaml,
    replay,
    to_json,
    to_yaml,
)

from .strategies import PlayedGame, played_games, sampled, suite_settings

#: Whole games serialized position by position: the dearest properties (run with ``-m slow``).
pytestmark = pytest.mark.slow

#: YAML is slow (pure-Python PyYAML, ~17 ms a position): round-trip this many positions per game.
YAML_POSITIONS = 2


@suite_settings()
@given(played_games())
def test_positions_round_trip_through_json_and_yaml(game: PlayedGame) -> None:
    """Every position survives ``to_json``/``from_json`` equal, equally hashing and with an
    identical second serialization; 2 or 3 of them (spread out, the last included) also
    through YAML."""
    for i, state in enumerate(game.states):
        text = to_json(state)
        back = from_json(text, GameState)
        assert back == state and hash(back) == hash(state), i
        assert to_json(back) == text, i
    every = max(1, len(game.states) // YAML_POSITIONS)
    for state in sampled(game, every, offset=len(game.moves) % every):
        text = to_yaml(state)
        back = from_yaml(text, GameState)
        assert back == state and hash(back) == hash(state), state.ply
        assert to_yaml(back) == text


@suite_settings()
@given(played_games())
def test_game_records_round_trip_and_replay(game: PlayedGame) -> None:
    """A game record (config and moves) round-trips through JSON and YAML, and replaying it
    gives the final position."""
    record = GameRecord(game.config, game.moves)
    for text, load in ((to_json(record), from_json), (to_yaml(record), from_yaml)):
        back = load(text, GameRecord)
        assert back == record
        final = replay(back)
        assert final == game.final
        assert hash(final) == hash(game.final)
