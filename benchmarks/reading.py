"""What reading a move's notation and a position's document costs, for each game.

    python benchmarks/reading.py [--rounds R]

Over every position and legal move of a few seeded random games of Hadara and Stone Age:
``str(move)`` (writing the notation), ``parse_move`` (reading it back), ``from_json`` of a
position (the strict reader and the consistency check) and the check alone
(``wellformed.check_position``). CPU time per call in microseconds, the median of ``R``
rounds (the rounds interleaved, so that a machine whose speed drifts slows each alike) with
their range.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import hadara_rules as hadara
import stone_age_rules as stone_age
from hadara_rules import records as hadara_records
from hadara_rules import wellformed as hadara_wellformed
from stone_age_rules import records as stone_age_records
from stone_age_rules import wellformed as stone_age_wellformed


def hadara_game(seed: int) -> tuple[list[Any], list[Any]]:
    """The positions and legal moves of a random 4-player advanced game of Hadara."""
    rng = random.Random(seed)
    state = hadara.new_game(hadara.GameConfig(players=4, seed=seed, advanced=True))
    states: list[Any] = [state]
    moves: list[Any] = []
    while not state.is_over:
        legal = hadara.legal_moves(state)
        moves += legal
        state = hadara.apply_move(state, rng.choice(legal), check=False)
        states.append(state)
    return states, moves


def stone_age_game(seed: int) -> tuple[list[Any], list[Any]]:
    """The positions and legal moves of a random 3-player game of Stone Age."""
    rng = random.Random(seed)
    state = stone_age.new_game(stone_age.GameConfig(3, seed))
    states: list[Any] = [state]
    moves: list[Any] = []
    while not state.is_over:
        legal = stone_age.legal_moves(state)
        moves += legal
        state = stone_age.apply_move(state, rng.choice(legal))
        states.append(state)
    return states, moves


def per_call(items: Sequence[Any], call: Callable[[Any], object]) -> float:
    """CPU microseconds per call of ``call`` over ``items``."""
    start = time.process_time()
    for item in items:
        call(item)
    return (time.process_time() - start) / len(items) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds (default 7)")
    rounds = parser.parse_args().rounds
    cases: dict[str, Callable[[], float]] = {}
    for name, play, module, records, wellformed in (
        ("hadara", hadara_game, hadara, hadara_records, hadara_wellformed),
        ("stone-age", stone_age_game, stone_age, stone_age_records, stone_age_wellformed),
    ):
        states: list[Any] = []
        moves: list[Any] = []
        for seed in range(2):
            found = play(seed)
            states += found[0][::3]
            moves += found[1][::7]
        texts = [str(move) for move in moves]
        documents = [records.to_json(state) for state in states]
        kind: Any = module.GameState

        def bind(items: Sequence[Any], call: Callable[[Any], object]) -> Callable[[], float]:
            return lambda: per_call(items, call)

        cases[f"{name}: str(move) ({len(moves)} moves)"] = bind(moves, str)
        cases[f"{name}: parse_move"] = bind(texts, module.parse_move)
        cases[f"{name}: from_json, a position ({len(states)})"] = bind(
            documents, functools.partial(records.from_json, cls=kind)
        )
        cases[f"{name}: check_position"] = bind(states, wellformed.check_position)
    for measure in cases.values():
        measure()  # warm the caches
    figures: dict[str, list[float]] = {case: [] for case in cases}
    for _ in range(rounds):
        for case, measure in cases.items():
            figures[case].append(measure())
    for case, values in figures.items():
        print(f"{case:50} {statistics.median(values):9.2f} µs ({min(values):.2f}–{max(values):.2f})")


if __name__ == "__main__":
    main()
