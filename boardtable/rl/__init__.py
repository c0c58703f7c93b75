"""Reinforcement learning for any game (optional extra ``rl``): a PettingZoo AEC environment
and a Gymnasium single-agent environment, played through the game interface.

A game is learnt through its :class:`~boardtable.rl.encoding.Encoding`: its fixed action
space (laid out in blocks, :class:`~boardtable.rl.actions.ActionSpace`), its observation
vector (read from a seat's own view) and its rewards.
:class:`~boardtable.rl.env.GameEnv` plays it for every seat, one agent at a time;
:class:`~boardtable.rl.env.GameSingleAgentEnv` lets one seat learn against the game's bots.
Each game's package names its own environment (``GAME_rules.rl``), made by
:class:`~boardtable.rl.library.LibraryEnvironments` where a match's options are the game's own.

Needs ``pip install 'hadara-rules[rl]'`` (PettingZoo, Gymnasium and NumPy); nothing else
of the platform imports this package.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - exercised in a test by hiding the modules
    raise ImportError(
        f"boardtable.rl needs the optional extra 'rl' ({exc.name} is missing): pip install 'hadara-rules[rl]'"
    ) from exc

from .actions import ActionSpace, Block, blocks
from .encoding import (
    REWARDS,
    Encoding,
    GameEncoding,
    Reward,
    RewardRule,
    chosen,
    legal_actions,
    score_diff,
    win_loss,
)
from .env import GameEnv, GameSingleAgentEnv, Observation, spaces_of
from .library import LibraryEnvironments, LibrarySingleAgentEnv

__all__ = [
    "REWARDS",
    "ActionSpace",
    "Block",
    "Encoding",
    "GameEncoding",
    "GameEnv",
    "GameSingleAgentEnv",
    "LibraryEnvironments",
    "LibrarySingleAgentEnv",
    "Observation",
    "Reward",
    "RewardRule",
    "blocks",
    "chosen",
    "legal_actions",
    "score_diff",
    "spaces_of",
    "win_loss",
]
