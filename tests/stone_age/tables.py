"""Positions set up for the rule tests: a new game changed field by field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from stone_age_rules import GameConfig, GameState, Location, Phase, Resources, new_game


def game(players: int = 2, seed: int = 1, **config: Any) -> GameState:
    """A new game."""
    return new_game(GameConfig(players, seed, **config))


def with_player(state: GameState, seat: int, **board: Any) -> GameState:
    """``state`` with fields of ``seat``'s board replaced."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **board)
    return attrs.evolve(state, players=tuple(players))


def with_people(state: GameState, placed: Mapping[Location, Mapping[int, int]]) -> GameState:
    """``state`` with people standing at locations: ``{location: {seat: people}}``."""
    rows = [list(row) for row in state.placed]
    for location, people in placed.items():
        for seat, count in people.items():
            rows[location.row][seat] = count
    return attrs.evolve(state, placed=tuple(tuple(row) for row in rows))


def acting(state: GameState, seat: int, placed: Mapping[Location, Mapping[int, int]]) -> GameState:
    """``state`` in the action phase, ``seat``'s turn, with people standing as ``placed``."""
    return attrs.evolve(with_people(state, placed), phase=Phase.ACT, turn=seat, start=seat, done=0)


def feeding(state: GameState, seat: int) -> GameState:
    """``state`` at the start of the feeding, ``seat`` first."""
    return attrs.evolve(state, phase=Phase.FEED, turn=seat, start=seat, done=0)


def res(wood: int = 0, clay: int = 0, stone: int = 0, gold: int = 0) -> Resources:
    """A bundle of resources."""
    return Resources(wood, clay, stone, gold)
