"""Steps per CPU-second of the reinforcement-learning environments (the ``rl`` extra).

    python benchmarks/rl.py [--games 3] [--rounds 5] [--players 3]

For each game (``hadara_v0``, ``stone_age_v0``, ``imperial_settlers_v0``): the PettingZoo AEC environment with every
agent taking random legal actions, and the single-agent environment whose learner takes
random legal actions against the greedy bot (a step is then the learner's action and the
bots' moves after it). Each round plays ``--games`` seeded games after one that is not
measured; reported: the median and range of the rounds' steps per CPU-second of this
process. Bounded: at the defaults it runs in well under a minute.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

import numpy as np

import hadara_rules.rl
import imperial_settlers_rules.rl
import stone_age_rules.rl
from boardtable.rl import GameEnv, GameSingleAgentEnv

S = TypeVar("S")
M = TypeVar("M")


def aec_steps(made: GameEnv[S, M], seed: int) -> int:
    """A whole game of random legal actions for every agent: the actions taken."""
    rng = np.random.default_rng(seed)
    steps = 0
    for _ in made.agent_iter():
        observation, _, terminated, truncated, _ = made.last()
        if terminated or truncated:
            made.step(None)
            continue
        made.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


def single_steps(made: GameSingleAgentEnv[S, M], seed: int) -> int:
    """A whole game of random legal actions of the learner against the greedy bot: its steps."""
    rng = np.random.default_rng(seed)
    observation, _ = made.reset(seed=seed)
    steps, done = 0, False
    while not done:
        observation, _, done, _, _ = made.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


#: What is measured, by the environment's name and what is played: a game of ``players``
#: seeded by ``seed``, its steps.
RUNS: dict[str, Callable[[int, int], int]] = {
    "hadara_v0, AEC, random actions": lambda players, seed: aec_steps(
        hadara_rules.rl.env(players=players, seed=seed), seed
    ),
    "hadara_v0, single-agent against greedy": lambda players, seed: single_steps(
        hadara_rules.rl.SingleAgentEnv(players=players, seed=seed), seed
    ),
    "stone_age_v0, AEC, random actions": lambda players, seed: aec_steps(
        stone_age_rules.rl.env(players=players, seed=seed), seed
    ),
    "stone_age_v0, single-agent against greedy": lambda players, seed: single_steps(
        stone_age_rules.rl.SingleAgentEnv(players=players, seed=seed), seed
    ),
    "imperial_settlers_v0, AEC, random actions": lambda players, seed: aec_steps(
        imperial_settlers_rules.rl.env(players=players, seed=seed), seed
    ),
    "imperial_settlers_v0, single-agent against greedy": lambda players, seed: single_steps(
        imperial_settlers_rules.rl.SingleAgentEnv(players=players, seed=seed), seed
    ),
}


def rate(play: Callable[[int], int], games: int, rounds: int) -> list[float]:
    """Steps per CPU-second of each round of ``games`` games (seeds 1 to ``games``), after game 0."""
    play(0)
    rates = []
    for _ in range(rounds):
        start = time.process_time()
        steps = sum(play(seed) for seed in range(1, games + 1))
        rates.append(steps / (time.process_time() - start))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, choices=range(1, 21), metavar="1-20")
    parser.add_argument("--rounds", type=int, default=5, choices=range(1, 21), metavar="1-20")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    args = parser.parse_args()
    for what, play in RUNS.items():
        rates = rate(functools.partial(play, args.players), args.games, args.rounds)
        print(
            f"{what}: {statistics.median(rates):.0f} steps per CPU-second"
            f" (range {min(rates):.0f}–{max(rates):.0f}, {args.rounds} rounds of {args.games} games)"
        )


if __name__ == "__main__":
    main()
