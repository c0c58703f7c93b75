"""Outside engines at a server's table: the seats of ``hadara serve --engine NAME=COMMAND``.

The operator names each engine and its command; a request only names a seat kind
(``NAME``), never a command. :class:`EngineSeats` makes the decider of a seat played by
an engine, in a match of any game: an :class:`~boardtable.engines.EngineBot` (the
engine sees the seat's view, INFO-1; a late, malformed or illegal answer, or a crash, is
replaced by the stand-in's move for that decision, and no move the rules refuse is ever
played).

Bounds: at most ``limit`` engine processes run at once. A seat whose engine cannot start
because ``limit`` are running has its decision made by the stand-in (logged, one line), and
its engine is tried again at its next decision. Each engine is stopped when its decider is
closed (its match over, or forgotten) and all of them when the server stops.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from typing import Any

from ..games import AnyGame
from .host import EngineBot

__all__ = ["LIMIT", "START_SECONDS", "EngineSeat", "EngineSeats"]

#: Engine processes running at once, unless told otherwise.
LIMIT = 8
#: Seconds an engine has to start and say it is ready, at its first decision.
START_SECONDS = 10.0

_log = logging.getLogger("hadara.server")


class EngineSeat:
    """A seat played by an engine: a decider of the game interface (``choose(state, seat)``,
    :class:`~boardtable.games.Decider`), from the whole position."""

    def __init__(self, seats: EngineSeats, bot: EngineBot[Any, Any]) -> None:
        self._seats = seats
        self.bot = bot

    def choose(self, state: Any, seat: int) -> Any:
        """The engine's legal move for ``seat`` in ``state``, within its time (its first one
        also waits for it to start), or the stand-in's."""
        refusal = self._seats._admit(self)
        if refusal is None:
            return self.bot.choose(state, seat)
        move = self.bot.stand_in.choose(state, seat)
        _log.warning(
            "engine %s (player %d), ply %d: %s; the stand-in plays %s",
            self.bot.name,
            seat,
            self.bot.game.ply(state),
            refusal,
            move,
        )
        return move


class EngineSeats:
    """The operator's engines, ``{name: command}``, and the seats they play (see the module)."""

    def __init__(
        self, engines: Mapping[str, str], *, limit: int = LIMIT, start_seconds: float = START_SECONDS
    ) -> None:
        if limit < 1:
            raise ValueError(f"at least one engine must be allowed to run, not {limit}")
        self._commands = dict(engines)
        self.limit = limit
        self.start_seconds = start_seconds
        self._lock = threading.Lock()
        #: Every seat not yet closed.
        self._open: set[EngineSeat] = set()
        #: The seats whose engine may run (at most ``limit``).
        self._running: set[EngineSeat] = set()

    def names(self) -> tuple[str, ...]:
        """The engines' names (seat kinds of every game), in the operator's order."""
        return tuple(self._commands)

    def decider(self, played: AnyGame, name: str, seat: int, seed: str, seconds: float) -> EngineSeat:
        """The engine ``name`` playing ``seat`` of a match of ``played``, seeded with ``seed``
        (sent in ``hello``), with ``seconds`` for each decision; its stand-in is the game's,
        seeded from ``seed``. :class:`KeyError` for a name that is no engine's."""
        bot = EngineBot(
            self._commands[name],
            seat,
            seed,
            game=played,
            name=name,
            ms=max(1, round(seconds * 1000)),
            start_ms=round(self.start_seconds * 1000),
        )
        made = EngineSeat(self, bot)
        with self._lock:
            self._open.add(made)
        return made

    def running(self) -> int:
        """How many engine processes run now."""
        with self._lock:
            return sum(seat.bot.pid is not None for seat in self._open)

    def close(self, decider: object) -> None:
        """Stop the engine of ``decider`` (its match is over or forgotten); anything else, or
        a seat closed already, is left alone. It waits for a decision in progress (at most
        its time and :data:`~boardtable.engines.GRACE`): call it from a worker thread."""
        if not isinstance(decider, EngineSeat):
            return
        with self._lock:
            self._open.discard(decider)
            self._running.discard(decider)
        decider.bot.close()

    def close_all(self) -> None:
        """Stop every engine (the server stops)."""
        with self._lock:
            seats = list(self._open)
        for seat in seats:
            self.close(seat)

    def _admit(self, seat: EngineSeat) -> str | None:
        """Why ``seat``'s engine may not run now (it was closed, or ``limit`` others run), or
        None: it runs already, or fewer than ``limit`` do. An engine replaced for the rest of
        its game gives up its place."""
        with self._lock:
            if seat not in self._open:
                return "its seat was closed"
            self._running = {held for held in self._running if not held.bot.retired}
            if seat not in self._running and len(self._running) >= self.limit:
                return f"{self.limit} engines run already"
            self._running.add(seat)
            return None
