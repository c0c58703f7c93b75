"""Stone Age's encoding for the platform's environments (:mod:`boardtable.rl`): the action
space of :mod:`.actions`, the observation of :mod:`.observation` and the platform's rewards."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from boardtable.rl import GameEncoding

from .. import GameState, Move
from .actions import ACTION_COUNT, encode_action
from .observation import OBSERVATION_HIGH, OBSERVATION_SIZE, observe_view

__all__ = ["ENCODING"]

#: Stone Age's :class:`~boardtable.rl.encoding.Encoding` (``stone_age_v0``):
#: ``OBSERVATION_SIZE`` values in ``[-OBSERVATION_HIGH, OBSERVATION_HIGH]``; a move names all
#: its action says.
ENCODING: GameEncoding[GameState, Move] = GameEncoding(
    "stone_age_v0",
    ACTION_COUNT,
    spaces.Box(-OBSERVATION_HIGH, OBSERVATION_HIGH, shape=(OBSERVATION_SIZE,), dtype=np.float32),
    lambda move, view: encode_action(move),
    observe_view,
)
