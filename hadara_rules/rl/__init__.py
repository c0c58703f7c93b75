"""Reinforcement learning: Hadara as a PettingZoo AEC environment (optional extra ``rl``),
the platform's environments (:mod:`boardtable.rl`) with Hadara's encoding (``ENCODING``).

>>> from hadara_rules.rl import env
>>> game = env(players=3, seed=1)
>>> observation, reward, terminated, truncated, info = game.last()
>>> sorted(observation)
['action_mask', 'observation']

Needs ``pip install 'hadara-rules[rl]'`` (PettingZoo, Gymnasium and NumPy); the
rest of the library never imports this package.
"""

from __future__ import annotations

from .actions import ACTION_COUNT, BLOCKS, Block, decode_action, describe_blocks, encode_action, legal_actions
from .encoding import ENCODING
from .env import HadaraEnv, Observation, Reward, SingleAgentEnv, env, final_rewards
from .observation import OBSERVATION_SIZE, observe, observe_view

__all__ = [
    "ACTION_COUNT",
    "BLOCKS",
    "ENCODING",
    "OBSERVATION_SIZE",
    "Block",
    "HadaraEnv",
    "Observation",
    "Reward",
    "SingleAgentEnv",
    "decode_action",
    "describe_blocks",
    "encode_action",
    "env",
    "final_rewards",
    "legal_actions",
    "observe",
    "observe_view",
]
