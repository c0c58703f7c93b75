"""Helpers the tests share (plain functions; fixtures and Hypothesis profiles live in ``conftest.py``)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Mapping
from typing import Any

from hadara_rules import GameConfig, GameState, apply_move, apply_move_with_events, legal_moves, new_game
from hadara_rules.records import GameRecord, to_json
from hadara_rules.scenario import ScenarioResult, position_of, run_document


def run(doc: Mapping[str, Any]) -> ScenarioResult:
    """Run a scenario given as a mapping (format version filled in) and check its expectations."""
    return run_document({"scenario": 1, **doc}, source="<test>")


def scenario_position(doc: Mapping[str, Any]) -> GameState:
    """The position a scenario given as a mapping describes (format version filled in; no expectations)."""
    return position_of({"scenario": 1, **doc}, source="<test>")


def told(record: GameRecord) -> dict[str, object]:
    """How many events replaying ``record`` tells, and the SHA-256 of them (each as JSON, one a line)."""
    state = new_game(record.config)
    digest, count = hashlib.sha256(), 0
    for move in record.moves:
        state, events = apply_move_with_events(state, move)
        for event in events:
            digest.update(to_json(event).encode() + b"\n")
            count += 1
    return {"events": count, "events_sha256": digest.hexdigest()}


def seeded_game(players: int, advanced: bool, seed: int) -> Iterator[GameState]:
    """Every position of a game of random legal moves, from the first to the last: the
    game's and the moves' randomness both drawn from ``seed``."""
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    while not state.is_over:
        yield state
        state = apply_move(state, rng.choice(legal_moves(state)))
    yield state
