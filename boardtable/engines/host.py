"""The host: a seat played by an outside engine, through the engine protocol.

:class:`EngineBot` plays a seat of any game of :mod:`boardtable.games` (the command's
default game unless told otherwise): it is a :class:`~boardtable.games.Decider` of
every game, so wherever a built-in bot plays a
seat, an engine can. For each decision it sends the engine the seat's view (the engine
sees what the seat may see, no more: INFO-1 of each game), the legal moves and the time to
answer, and plays the engine's move once the rules accept it (the game's ``check_move``):
no move the rules refuse is ever played, so none is ever recorded.

An answer that is late, malformed, illegal, or for another seat, or an engine that exits,
is replaced for that decision by the stand-in's move (the game's stand-in bot,
``Game.stand_in``), and one line says why on the ``boardtable.engines`` logger (the
engine's output quoted a few dozen characters at most). An engine that exits or is late is
stopped and started again at its next decision, at most :data:`RESTARTS` times; after that
the stand-in plays the seat for the rest of the game. An engine that writes past its bounds
(a line over 1 MiB, too many lines besides its answers, too much on its standard error:
:mod:`._process`) is killed at once, and the stand-in plays its seat for the rest of the
game. Of an engine's standard error only its last lines are kept, and logged in one line,
each clipped, when it fails or is stopped. A decision never takes longer than its time plus
:data:`GRACE` (an engine's first decision also waits for it to start, at most ``start_ms``).
"""

from __future__ import annotations

import atexit
import logging
import shlex
import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any, Generic, TypeVar, overload

from attrs import frozen

from ..games import DEFAULT, AnyGame, Decider, Game, game
from ..reader import clip, shown
from ._process import EOF, Engine, EngineGone
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
log = logging.getLogger("boardtable.engines")
#: Every host not yet closed, closed when the program ends.
_OPEN: weakref.WeakSet[EngineBot[Any, Any]] = weakref.WeakSet()
#: The positions and the moves of the game an engine plays.
S = TypeVar("S")
M = TypeVar("M")


class EngineBot(Generic[S, M]):
    """Seat ``seat`` of ``game`` (default: the default game) played by the engine that ``command``
    starts (a list of words, or one text split as a shell splits it, run without a shell).

    ``seed`` is sent in ``hello`` (a built-in engine seeds its generator with it, so
    that a game replays exactly); ``name`` names the engine in the log. The stand-in that
    moves when the engine does not is the game's (:attr:`~boardtable.games.Game.stand_in`),
    seeded from ``seed``. Close it (or use it in a ``with`` block) to stop the engine; one
    left open is stopped when the program ends, and on Linux when its process dies, however
    it dies.
    """

    @overload
    def __init__(
        self: EngineBot[Any, Any],
        command: str | Sequence[str],
        seat: int,
        seed: str = "",
        *,
        game: None = None,
        name: str = "engine",
        ms: int = DEFAULT_MS,
        start_ms: int = START_MS,
    ) -> None: ...
    @overload
    def __init__(
        self,
        command: str | Sequence[str],
        seat: int,
        seed: str = "",
        *,
        game: Game[Any, S, M, Any, Any],
        name: str = "engine",
        ms: int = DEFAULT_MS,
        start_ms: int = START_MS,
    ) -> None: ...
    def __init__(
        self,
        command: str | Sequence[str],
        seat: int,
        seed: str = "",
        *,
        game: Game[Any, S, M, Any, Any] | None = None,
        name: str = "engine",
        ms: int = DEFAULT_MS,
        start_ms: int = START_MS,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("an engine's command names a program")
        #: The game played.
        self.game: Game[Any, S, M, Any, Any] = game if game is not None else _default()
        self.seat = seat
        self.seed = seed
        self.name = clip(name, 40)
        self.ms = ms
        self.start_ms = start_ms
        #: The bot that decides in the engine's place.
        self.stand_in: Decider[S, M] = self.game.bot(self.game.stand_in, f"{seed}:stand-in", ms / 1000)
        #: Times the engine exited or was late (it is started again after each, up to
        #: :data:`RESTARTS` times).
        self.failures = 0
        #: Decisions the stand-in made.
        self.replaced = 0
        #: Why the engine was stopped for the rest of the game for writing past its bounds.
        self.overrun: str | None = None
        self._engine: Engine | None = None
        #: The last lines of the standard error of the engine stopped last, until logged.
        self._words: list[bytes] = []
        self._lock = threading.Lock()
        _OPEN.add(self)

    @property
    def pid(self) -> int | None:
        """The process id of the engine while it runs."""
        return None if self._engine is None else self._engine.process.pid

    @property
    def retired(self) -> bool:
        """Whether the stand-in plays the seat for the rest of the game."""
        return self.failures > RESTARTS or self.overrun is not None

    def choose(self, state: S, seat: int, moves: Sequence[M] | None = None, *, ms: int | None = None) -> M:
        """The engine's move for ``seat`` in ``state`` (the whole position or the seat's view),
        one of ``moves`` (default: every legal move of the seat), or the stand-in's (which
        chooses among every legal move); the engine has ``ms`` milliseconds (default: the
        bot's own) to answer."""
        if seat != self.seat:
            raise ValueError(f"this engine plays player {self.seat}, not player {seat}")
        view = self.game.view(state, seat)
        if moves is None:
            moves = self.game.moves(view, seat)
        if not moves:
            raise ValueError(f"player {seat} has no move to make in this position")
        with self._lock:
            answer = self._ask(view, moves, self.ms if ms is None else ms) if not self.retired else None
        if isinstance(answer, _Accepted):
            return answer.move
        move = self.stand_in.choose(state, seat)
        self.replaced += 1
        if answer is not None:
            log.warning(
                "engine %s (player %d), ply %d: %s; the stand-in plays %s",
                self.name,
                seat,
                self.game.ply(state),
                answer,
                move,
            )
            self._tell_words()
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
            self._tell_words()
            return False
        return True

    def _ask(self, view: S, moves: Sequence[M], ms: int) -> _Accepted[M] | str:
        """The engine's legal move within ``ms``, or why there is none."""
        engine = self._engine if self._engine is not None else self._start()
        if isinstance(engine, str):
            return engine
        turn = Turn(self.game, view, self.seat, moves, ms)
        deadline = time.monotonic() + ms / 1000 + GRACE
        try:
            if not engine.ask(turn.line, deadline):
                return self._failed(f"did not read its turn within {ms} ms")
        except EngineGone:
            return self._failed("exited")
        line = engine.line(deadline)
        if line is None:
            return self._failed(f"did not answer within {ms} ms")
        if line == EOF:
            return self._failed("exited")
        try:
            move = turn.answer(line)
        except ProtocolError as exc:
            return f"answered {_quoted(line)}: {clip(str(exc))}"
        if self.game.mover(move) != self.seat:
            return f"answered a move for player {shown(self.game.mover(move))}: {_quoted(line)}"
        refusal = self.game.refusal(view, move)
        if refusal is not None:
            return f"answered an illegal move, {move}: {refusal.rule}: {clip(refusal.reason)}"
        if move not in moves:
            return f"answered {move}, which is not among the moves it was offered"
        return _Accepted(move)

    def _start(self) -> Engine | str:
        """The engine started and ready, or why it is not."""
        try:
            engine = Engine(self.argv)
        except OSError as exc:
            return self._failed(f"cannot be started ({exc.strerror or type(exc).__name__})")
        self._engine = engine
        deadline = time.monotonic() + self.start_ms / 1000
        try:
            if not engine.ask(hello(self.game.name, self.seat, self.seed), deadline):
                return self._failed(f"did not read hello within {self.start_ms} ms")
        except EngineGone:
            return self._failed("exited before hello")
        line = engine.line(deadline)
        if line is None:
            return self._failed(f"was not ready within {self.start_ms} ms")
        if line == EOF:
            return self._failed("exited before it was ready")
        try:
            self.name = clip(ready_name(line), 40) if self.name == "engine" else self.name
        except ProtocolError as exc:
            return self._failed(f"answered hello with {_quoted(line)}: {clip(str(exc))}")
        return engine

    def _failed(self, why: str) -> str:
        """Stop the engine after ``why``: it is started again at its next decision, or, past
        :data:`RESTARTS` or when it wrote past its bounds (then that is why), replaced for the
        rest of the game. The last lines of its standard error are kept to be logged."""
        engine = self._engine
        self._stop()
        self._words = [] if engine is None else engine.said()
        if engine is not None and engine.over is not None:
            self.overrun = engine.over
            return f"{engine.over}; stopped, and replaced by the stand-in for the rest of the game"
        self.failures += 1
        if self.retired:
            return f"{why}; replaced by the stand-in for the rest of the game"
        return f"{why}; started again at its next decision"

    def _stop(self, farewell: bytes = b"") -> None:
        if self._engine is not None:
            engine, self._engine = self._engine, None
            engine.close(farewell)

    def _tell_words(self) -> None:
        """Log the last lines of the standard error of the engine stopped last, if it wrote
        any: one line, each of them clipped."""
        words, self._words = self._words, []
        if words:
            quoted = " | ".join(clip(repr(word.decode("utf-8", "replace")), 120) for word in words)
            log.warning(
                "engine %s (player %d): the last lines of its standard error: %s",
                self.name,
                self.seat,
                quoted,
            )

    def close(self) -> None:
        """Say ``quit`` to the engine and stop it (its whole process group)."""
        with self._lock:
            self._stop(quit_line())
        _OPEN.discard(self)

    def __enter__(self) -> EngineBot[S, M]:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


@frozen
class _Accepted(Generic[M]):
    """An engine's answer the rules accept."""

    move: M


def _default() -> AnyGame:
    """The game an engine plays unless told otherwise."""
    return game(DEFAULT)


def _quoted(line: bytes) -> str:
    """An engine's line as a log line quotes it: a few dozen characters at most."""
    return shown(line[:200].decode("utf-8", "replace"))


@atexit.register
def _close_all() -> None:
    for bot in list(_OPEN):
        bot.close()
