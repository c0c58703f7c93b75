"""Outside bots: the engine protocol (JSON lines over stdin/stdout, version 1).

- :class:`EngineBot` (:mod:`.host`) plays a seat of any game of :mod:`boardtable.games`
  with an engine program, wherever a built-in bot can play it (``hadara play``, ``hadara
  arena``, a game's own way of playing a game between bots).
- :func:`serve` (:mod:`.builtin`) answers the protocol with a built-in bot of the game
  ``hello`` names: ``hadara engine greedy``.
- :mod:`.options` reads ``--engine NAME=COMMAND`` for the ``hadara`` command, and makes a
  seat's bot or engine (:func:`decider`).
- :class:`EngineSeats` (:mod:`.seats`) plays the seats of ``hadara serve --engine``, a
  bounded number of engine processes at once.
- :func:`~boardtable.engines.connect.connect` (``hadara connect``, the ``server`` extra)
  plays a seat of a match on a server.

The protocol is documented for engine authors in ``docs/engines.md``.
"""

from __future__ import annotations

from ._protocol import PROTOCOL, ProtocolError
from .builtin import bot_names, serve
from .host import DEFAULT_MS, GRACE, RESTARTS, START_MS, EngineBot
from .options import (
    EngineError,
    add_engine_option,
    close_bots,
    decider,
    engine_table,
    find_program,
)
from .seats import EngineSeat, EngineSeats

__all__ = [
    "DEFAULT_MS",
    "GRACE",
    "PROTOCOL",
    "RESTARTS",
    "START_MS",
    "EngineBot",
    "EngineError",
    "EngineSeat",
    "EngineSeats",
    "ProtocolError",
    "add_engine_option",
    "bot_names",
    "close_bots",
    "decider",
    "engine_table",
    "find_program",
    "serve",
]
