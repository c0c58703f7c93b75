"""The operator's outside engines at this server's table (``hadara serve --engine NAME=COMMAND``).

The server's one door to the engine host: an engine speaks the protocol of the game it
is told in ``hello`` (the seat's view document, its legal moves), so its seats are made by
:mod:`boardtable.engines` (:class:`~boardtable.engines.EngineSeats`: the deciders, at
most ``limit`` engine processes at once, each stopped when closed), for a match of any game.
"""

from __future__ import annotations

from ..engines import EngineSeat, EngineSeats

__all__ = ["EngineSeat", "EngineSeats"]
