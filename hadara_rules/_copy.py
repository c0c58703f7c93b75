"""Copies of positions: :func:`replace`, typed as :func:`attrs.evolve`, and
:func:`amend` for a position still being made.

Copies are made by the generated copiers of :mod:`hadara_rules._build`. The engine
makes the position after a move in one copy, and the automatic steps that follow
(the end of a draft round, income, a new epoch) :func:`amend` that copy before it
is handed out: nobody has seen it yet, so changing its fields is indistinguishable
from copying it again and dropping the original. No position anybody holds is ever
changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import attrs

from boardtable.build import Copier, copier

from ._model import Changes, GameState, PlayerState
from ._vocabulary import Tracks

_COPIERS: dict[type[object], Copier] = {cls: copier(cls) for cls in (GameState, PlayerState, Tracks)}

#: A copy of a position with the changes a move makes (the engine's one copy per move).
copy_position: Callable[[GameState, Changes], GameState] = _COPIERS[GameState]

_set = object.__setattr__
#: Where attrs keeps the hash of a record made with ``cache_hash`` once it is asked for
#: (None until then); a test holds this name to attrs.
CACHED_HASH = "_attrs_cached_hash"


def amend(fresh: GameState | PlayerState, changes: Mapping[str, object]) -> None:
    """Change fields of ``fresh``, a record made by the current call and not handed out
    yet. One whose hash was cached has been seen (hashed, put in a set or a dictionary):
    it is refused with :class:`RuntimeError`, and nothing is changed."""
    if getattr(fresh, CACHED_HASH) is not None:
        raise RuntimeError(
            f"a {type(fresh).__name__} whose hash was cached has been seen; it is copied, not amended"
        )
    for name, value in changes.items():
        _set(fresh, name, value)


if TYPE_CHECKING:
    replace = attrs.evolve
else:

    def replace(instance, /, **changes):
        """A copy of a position record with some fields changed (typed as :func:`attrs.evolve`)."""
        return _COPIERS[type(instance)](instance, changes)
