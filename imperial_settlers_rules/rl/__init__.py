"""Reinforcement learning: Imperial Settlers as a PettingZoo AEC environment (optional extra
``rl``), the platform's environments (:mod:`boardtable.rl`) with Imperial Settlers' encoding
(``ENCODING``).

>>> from imperial_settlers_rules.rl import env
>>> game = env(players=3, seed=1)
>>> game.metadata["name"]
'imperial_settlers_v0'
>>> observation, reward, terminated, truncated, info = game.last()
>>> sorted(observation), int(observation["action_mask"].sum())
(['action_mask', 'observation'], 4)

Needs ``pip install 'hadara-rules[rl]'`` (PettingZoo, Gymnasium and NumPy); the rest of
the library never imports this package.
"""

from __future__ import annotations

from .actions import (
    ACTION_COUNT,
    BLOCKS,
    CARDS,
    Block,
    decode_action,
    describe_blocks,
    encode_action,
    legal_actions,
)
from .encoding import ENCODING
from .env import SingleAgentEnv, env
from .observation import OBSERVATION_SIZE, observe, observe_view

__all__ = [
    "ACTION_COUNT",
    "BLOCKS",
    "CARDS",
    "ENCODING",
    "OBSERVATION_SIZE",
    "Block",
    "SingleAgentEnv",
    "decode_action",
    "describe_blocks",
    "encode_action",
    "env",
    "legal_actions",
    "observe",
    "observe_view",
]
