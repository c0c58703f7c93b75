"""Imperial Settlers' encoding for the platform's environments (:mod:`boardtable.rl`): the
action space of :mod:`.actions`, the observation of :mod:`.observation` and the platform's
rewards."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from boardtable.rl import GameEncoding

from .. import GameState, Move
from .actions import ACTION_COUNT, encode_action
from .observation import OBSERVATION_HIGH, OBSERVATION_SIZE, observe_view

__all__ = ["ENCODING"]

#: Imperial Settlers' :class:`~boardtable.rl.encoding.Encoding` (``imperial_settlers_v0``):
#: ``OBSERVATION_SIZE`` values in ``[0, OBSERVATION_HIGH]``.
ENCODING: GameEncoding[GameState, Move] = GameEncoding(
    "imperial_settlers_v0",
    ACTION_COUNT,
    spaces.Box(0.0, OBSERVATION_HIGH, shape=(OBSERVATION_SIZE,), dtype=np.float32),
    encode_action,
    observe_view,
)
