"""The host: a seat played by an outside engine, through the engine protocol.

:class:`EngineBot` is a :class:`~hadara_rules.bots.Bot`: wherever a built-in bot plays a
seat, an engine can. For each decision it sends the engine the seat's view (INFO-1: the
engine sees what the seat may see, no more), the legal moves and the time to answer, and
plays the engine's move once the rules accept it (:func:`~hadara_rules.check_move`): no
move the rules refuse is ever played, so none is ever recorded.

An answer that is late, malformed, illegal, longer than a line may be, or for another seat,
or an engine that exits, is replaced for that decision by the stand-in bot's move (the
greedy bot by default), and one line says why on the ``hadara_rules.engines`` logger (the
engine's output quoted a few dozen characters at most). An engine that exits or is late
is stopped and started again at its next decision, at most :data:`RESTARTS` times; after
that the stand-in plays the seat for the rest of the game. A decision never takes longer
than its time plus :data:`GRACE` (an engine's first decision also waits for it to start,
at most ``start_ms``).
"""

from __future__ import annotations

import atexit
import logging
import random
import shlex
import threading
import time
import weakref
from collections.abc import Sequence

from .._engine import check_move
from .._greedy import GreedyBot, seat_moves
from .._model import GameState
from .._moves import Move
from .._reader import clip, shown
from ..bots import Bot
from ..view import player_view
from ._process import EOF, MAX_LINE, TOO_LONG, Engine, EngineGone
from ._protocol import ProtocolError, Turn, hello, quit_line, ready_name

__all__ = ["DEFAULT_MS", "GRACE", "RESTARTS", "START_MS", "EngineBot", "log"]

#: Milliseconds an engine has for each decision, unless told otherwise.
DEFAULT_MS = 2000
#: Milliseconds an engine has to start and answer ``hello``, unless told otherwise.
START_MS = 20_000
#: Seconds added to each decision's time for the pipes and the host's own work.
GRACE = 0.1
#: How many times an engine that exits or is late is started again in one game.
RESTARTS = 3
#: Where each replaced decision is told, one line each.
log = logging.getLogger("hadara_rules.engines")
#: Every host not yet closed, closed when the program ends.
_OPEN: weakref.WeakSet[EngineBot] = weakref.WeakSet()


class EngineBot:
    """Seat ``seat`` played by the engine that ``command`` starts (a list of words, or one
    text split as a shell splits it, run without a shell).

    ``seed`` is sent in ``hello`` (a built-in engine seeds its generator with it, so
    that a game replays exactly); ``name`` names the engine in the log; ``stand_in``
    moves when the engine does not (default: the greedy bot, seeded from ``seed``).
    Close it (or use it in a ``with`` block) to stop the engine; one left open is
    stopped when the program ends, and on Linux when its process dies, however it dies.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        seat: int,
        seed: str = "",
        *,
        name: str = "engine",
        ms: int = DEFAULT_MS,
        start_ms: int = START_MS,
        stand_in: Bot | None = None,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("an engine's command names a program")
        self.seat = seat
        self.seed = seed
        self.name = clip(name, 40)
        self.ms = ms
        self.start_ms = start_ms
        self.stand_in: Bot = (
            stand_in if stand_in is not None else GreedyBot(random.Random(f"{seed}:stand-in"))
        )
        #: Times the engine exited or was late (it is started again after each, up to
        #: :data:`RESTARTS` times).
        self.failures = 0
        #: Decisions the stand-in made.
        self.replaced = 0
        self._engine: Engine | None = None
        self._lock = threading.Lock()
        _OPEN.add(self)

    @property
    def pid(self) -> int | None:
        """The process id of the engine while it runs."""
        return None if self._engine is None else self._engine.process.pid

    @property
    def retired(self) -> bool:
        """Whether the stand-in plays the seat for the rest of the game."""
        return self.failures > RESTARTS

    def choose(
        self, state: GameState, seat: int, moves: Sequence[Move] | None = None, *, ms: int | None = None
    ) -> Move:
        """The engine's move for ``seat`` in ``state`` (the whole position or the seat's view),
        one of ``moves`` (default: every legal move of the seat), or the stand-in's; the
        engine has ``ms`` milliseconds (default: the bot's own) to answer."""
        if seat != self.seat:
            raise ValueError(f"this engine plays player {self.seat}, not player {seat}")
        if moves is None:
            moves = seat_moves(state, seat)
        view = state if state.viewer is not None else player_view(state, seat)
        with self._lock:
            answer = self._ask(view, moves, self.ms if ms is None else ms) if not self.retired else None
        if isinstance(answer, Move):
            return answer
        move = self.stand_in.choose(state, seat, moves)
        self.replaced += 1
        if answer is not None:
            log.warning(
                "engine %s (player %d), ply %d: %s; the stand-in plays %s",
                self.name,
                seat,
                state.ply,
                answer,
                move,
            )
        return move

    def start(self) -> bool:
        """Start the engine now, if it is not running (its first decision starts it
        otherwise): whether it is ready; why not is logged."""
        with self._lock:
            if self._engine is not None:
                return True
            if self.retired:
                return False
            started = self._start()
        if isinstance(started, str):
            log.warning("engine %s (player %d): %s", self.name, self.seat, started)
            return False
        return True

    def _ask(self, view: GameState, moves: Sequence[Move], ms: int) -> Move | str:
        """The engine's legal move within ``ms``, or why there is none."""
        engine = self._engine if self._engine is not None else self._start()
        if isinstance(engine, str):
            return engine
        turn = Turn(view, self.seat, moves, ms)
        deadline = time.monotonic() + ms / 1000 + GRACE
        engine.drain()
        try:
            if not engine.send(turn.line, deadline):
                return self._failed(f"did not read its turn within {ms} ms")
        except EngineGone:
            return self._failed("exited")
        line = engine.line(deadline)
        if line is None:
            return self._failed(f"did not answer within {ms} ms")
        if line == EOF:
            return self._failed("exited")
        if line == TOO_LONG:
            return f"answered a line longer than {MAX_LINE} bytes"
        try:
            move = turn.answer(line)
        except ProtocolError as exc:
            return f"answered {_quoted(line)}: {clip(str(exc))}"
        if move.player != self.seat:
            return f"answered a move for player {shown(move.player)}: {_quoted(line)}"
        refusal = check_move(view, move)
        if refusal is not None:
            return f"answered an illegal move, {move}: {refusal.rule}: {clip(refusal.reason)}"
        if move not in moves:
            return f"answered {move}, which is not among the moves it was offered"
        return move

    def _start(self) -> Engine | str:
        """The engine started and ready, or why it is not."""
        try:
            engine = Engine(self.argv)
        except OSError as exc:
            return self._failed(f"cannot be started ({exc.strerror or type(exc).__name__})")
        self._engine = engine
        deadline = time.monotonic() + self.start_ms / 1000
        try:
            if not engine.send(hello(self.seat, self.seed), deadline):
                return self._failed(f"did not read hello within {self.start_ms} ms")
        except EngineGone:
            return self._failed("exited before hello")
        line = engine.line(deadline)
        if line is None:
            return self._failed(f"was not ready within {self.start_ms} ms")
        if line in (EOF, TOO_LONG):
            return self._failed(
                "exited before it was ready" if line == EOF else "answered hello with garbage"
            )
        try:
            self.name = clip(ready_name(line), 40) if self.name == "engine" else self.name
        except ProtocolError as exc:
            return self._failed(f"answered hello with {_quoted(line)}: {clip(str(exc))}")
        return engine

    def _failed(self, why: str) -> str:
        """Stop the engine after ``why``: it is started again at its next decision, or, past
        :data:`RESTARTS`, replaced for the rest of the game."""
        self.failures += 1
        self._stop()
        if self.retired:
            return f"{why}; replaced by the stand-in for the rest of the game"
        return f"{why}; started again at its next decision"

    def _stop(self, farewell: bytes = b"") -> None:
        if self._engine is not None:
            engine, self._engine = self._engine, None
            engine.close(farewell)

    def close(self) -> None:
        """Say ``quit`` to the engine and stop it (its whole process group)."""
        with self._lock:
            self._stop(quit_line())
        _OPEN.discard(self)

    def __enter__(self) -> EngineBot:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _quoted(line: bytes) -> str:
    """An engine's line as a log line quotes it: a few dozen characters at most."""
    return shown(line[:200].decode("utf-8", "replace"))


@atexit.register
def _close_all() -> None:
    for bot in list(_OPEN):
        bot.close()
