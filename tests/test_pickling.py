"""Positions travel between processes cheaply: the catalogue goes by its digest."""

from __future__ import annotations

import pickle
import subprocess
import sys
import time

import pytest

from hadara_rules import (
    CatalogueError,
    GameConfig,
    GameState,
    apply_move,
    legal_moves,
    load_catalogue,
    new_game,
)
from hadara_rules.catalogue import known_catalogue


def _midgame() -> GameState:
    state = new_game(GameConfig(players=4, seed=3, advanced=True))
    for _ in range(60):
        state = apply_move(state, legal_moves(state, state.to_act[0])[0])
    return state


def test_a_position_pickles_without_its_catalogue() -> None:
    state = _midgame()
    data = pickle.dumps(state)
    assert len(data) < 8_000
    assert load_catalogue().digest.encode() in data
    again = pickle.loads(data)
    assert again == state
    assert again.catalogue is state.catalogue


def test_pickling_a_position_costs_well_under_a_millisecond() -> None:
    state = _midgame()
    start = time.process_time()
    for _ in range(200):
        pickle.loads(pickle.dumps(state))
    assert (time.process_time() - start) / 200 < 0.001


def test_a_fresh_process_knows_the_bundled_catalogue() -> None:
    state = _midgame()
    code = "import pickle, sys; s = pickle.loads(sys.stdin.buffer.read()); print(s.ply, len(s.players))"
    done = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(state), capture_output=True, check=True
    )
    assert done.stdout.split() == [str(state.ply).encode(), b"4"]


def test_an_unknown_catalogue_is_a_clear_error() -> None:
    with pytest.raises(CatalogueError, match="load it with load_catalogue"):
        known_catalogue("0" * 64)
