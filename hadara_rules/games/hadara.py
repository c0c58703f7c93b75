"""Hadara's :class:`~boardtable.games.Game`, under the name it had before: see
:mod:`hadara_rules.game`."""

from ..game import GAME, HADARA, Hadara

__all__ = ["GAME", "HADARA", "Hadara"]
