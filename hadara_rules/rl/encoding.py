"""Hadara's encoding for the platform's environments (:mod:`boardtable.rl`): the action space
of :mod:`.actions`, the observation of :mod:`.observation` and the platform's rewards."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt
from attrs import frozen
from gymnasium import spaces

from boardtable.rl import REWARDS, RewardRule

from .. import GameState, Move
from .actions import ACTION_COUNT, encode_action
from .observation import OBSERVATION_HIGH, OBSERVATION_SIZE, observe_view

__all__ = ["ENCODING", "HadaraEncoding"]


@frozen
class HadaraEncoding:
    """Hadara's :class:`~boardtable.rl.encoding.Encoding` (``hadara_v0``)."""

    name: str = "hadara_v0"
    actions: int = ACTION_COUNT
    rewards: Mapping[str, RewardRule] = REWARDS

    @property
    def observation_space(self) -> spaces.Box:
        """``OBSERVATION_SIZE`` values in ``[0, OBSERVATION_HIGH]``."""
        return spaces.Box(0.0, OBSERVATION_HIGH, shape=(OBSERVATION_SIZE,), dtype=np.float32)

    def action(self, move: Move, view: GameState) -> int:
        """:func:`~.actions.encode_action`."""
        return encode_action(move, view)

    def observe(self, view: GameState, seat: int) -> npt.NDArray[np.float32]:
        """:func:`~.observation.observe_view` (the view names its viewer, ``seat``)."""
        return observe_view(view)


#: Hadara's encoding.
ENCODING = HadaraEncoding()
