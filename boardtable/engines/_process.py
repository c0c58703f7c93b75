"""An engine's process: started in its own process group, read a bounded line at a time
before a deadline, written without blocking, bounded in what it may write, and never left
behind.

- The command runs without a shell, in a process group (and session) of its own, so that
  closing kills it and anything it started, and Ctrl-C at a terminal reaches only the host.
- On Linux the kernel kills the engine the moment the process that started it ends, however
  it ends (``kill -9`` included: ``PR_SET_PDEATHSIG``). The kernel ties that to the thread
  that started the child, so every engine is started by one thread that lives as long as
  the process (:func:`_launcher`).
- A thread per engine reads its standard output a line at a time. The first line after a
  question (:meth:`Engine.ask`) is its answer, queued for the caller, who waits for it with
  a deadline (:meth:`Engine.line`); any other line is a stray, dropped and counted. So the
  queue holds one answer and the end of the output at most.
- What an engine may write is bounded: a line of at most :data:`MAX_LINE` bytes; between two
  questions at most :data:`STRAY_LINES` stray lines and :data:`STRAY_BYTES` of them, and
  :data:`ERROR_BYTES` on its standard error. An engine over a bound is killed at once,
  nothing more of it is read, and :attr:`Engine.over` says why.
- Another thread reads its standard error, of which only the last :data:`TAIL_LINES`
  lines are kept, each cut to :data:`TAIL_BYTES` (:meth:`Engine.said`): none of it reaches
  the host's own standard error.
- Writes go through a non-blocking pipe and wait for room only until the deadline, so an
  engine that stops reading never blocks the caller.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import os
import queue
import select
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import IO, Final

__all__ = [
    "EOF",
    "ERROR_BYTES",
    "MAX_LINE",
    "STRAY_BYTES",
    "STRAY_LINES",
    "TAIL_BYTES",
    "TAIL_LINES",
    "Engine",
    "EngineGone",
]

#: The longest line an engine may write, in bytes.
MAX_LINE: Final = 1 << 20
#: Lines an engine may write between two questions besides its answer.
STRAY_LINES: Final = 1000
#: Bytes of those lines an engine may write between two questions.
STRAY_BYTES: Final = 1 << 20
#: Bytes an engine may write on its standard error between two questions.
ERROR_BYTES: Final = 1 << 20
#: Lines of an engine's standard error kept (its last ones).
TAIL_LINES: Final = 5
#: Bytes of each of them kept.
TAIL_BYTES: Final = 200
#: What stands for the end of the engine's output (it exited, closed it, or went over a bound).
EOF: Final = b""
#: Bytes of its standard error read at once.
_CHUNK = 1 << 16
#: Linux's prctl option that names the signal a process gets when its parent ends.
_PR_SET_PDEATHSIG = 1
#: How long a closing engine may take to leave after ``quit`` before it is killed, in seconds.
_QUIT_SECONDS = 0.2


class EngineGone(Exception):
    """The engine cannot be written to: it exited, or closed its input."""


def _prctl() -> Callable[..., int] | None:
    """Linux's prctl, looked up before any fork (the child only calls it)."""
    try:
        function: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # not Linux
        return None
    return function


_PRCTL = _prctl()
#: The thread every engine is started by, with the process it belongs to (a forked
#: worker makes its own).
_LAUNCHER: list[tuple[int, concurrent.futures.ThreadPoolExecutor]] = []
_LAUNCHER_LOCK = threading.Lock()


def _launcher() -> concurrent.futures.ThreadPoolExecutor:
    with _LAUNCHER_LOCK:
        if not _LAUNCHER or _LAUNCHER[0][0] != os.getpid():
            _LAUNCHER[:] = [(os.getpid(), concurrent.futures.ThreadPoolExecutor(1, "hadara-engines"))]
        return _LAUNCHER[0][1]


def _dies_with_parent(parent: int) -> None:  # pragma: no cover - runs in the child, before exec
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent ended before the watch was set
        os._exit(1)


def _spawn(argv: Sequence[str]) -> subprocess.Popen[bytes]:
    parent = os.getpid()
    return subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: _dies_with_parent(parent),
    )


class Engine:
    """One running engine process; :class:`OSError` when the command cannot be started."""

    #: Whether it was stopped (or never started).
    _closed = True

    def __init__(self, argv: Sequence[str]) -> None:
        self.process = _launcher().submit(_spawn, argv).result()
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        self._stdin = self.process.stdin
        self._input = self._stdin.fileno()
        os.set_blocking(self._input, False)
        # the threads hold the reading side only: a forgotten engine is collected, and killed
        self._reading = _Reading(self.process.pid)
        self._closed = False
        threading.Thread(
            target=self._reading.output, args=(self.process.stdout,), daemon=True, name="engine output"
        ).start()
        self._errors = threading.Thread(
            target=self._reading.errors, args=(self.process.stderr,), daemon=True, name="engine errors"
        )
        self._errors.start()

    @property
    def over(self) -> str | None:
        """Why the engine was killed for writing past a bound (None: it was not)."""
        return self._reading.over

    @property
    def strays(self) -> tuple[int, int]:
        """The lines written since the last question besides its answer, and their bytes."""
        with self._reading.lock:
            return self._reading.stray_lines, self._reading.stray_bytes

    def said(self) -> list[bytes]:
        """The last lines of the engine's standard error (:data:`TAIL_LINES`, each cut to
        :data:`TAIL_BYTES`), oldest first."""
        with self._reading.lock:
            return self._reading.tail.lines()

    def ask(self, data: bytes, deadline: float) -> bool:
        """Write the question ``data`` by ``deadline``, as :meth:`send` does: the next line
        the engine writes is its answer, and what it may write is counted anew."""
        self._reading.asked()
        return self.send(data, deadline)

    def send(self, data: bytes, deadline: float) -> bool:
        """Write ``data`` by ``deadline`` (:func:`time.monotonic`); False when it could not be
        written in time; :class:`EngineGone` when the engine no longer reads."""
        view = memoryview(data)
        while view:
            try:
                written = os.write(self._input, view)
            except BlockingIOError:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                select.select([], [self._input], [], left)
                continue
            except (BrokenPipeError, OSError) as exc:
                raise EngineGone(exc.strerror or type(exc).__name__) from None
            view = view[written:]
        return True

    def line(self, deadline: float) -> bytes | None:
        """The engine's answer (without its line's end), :data:`EOF`, or None when none came
        by ``deadline``."""
        try:
            return self._reading.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None

    def close(self, farewell: bytes = b"") -> None:
        """Say ``farewell``, give the engine a moment to leave, then kill its process group
        and read what is left of its standard error (a moment at most)."""
        if self._closed:
            return
        self._closed = True
        self._reading.stopping()
        with contextlib.suppress(EngineGone, OSError):
            if farewell:
                self.send(farewell, time.monotonic() + _QUIT_SECONDS)
        with contextlib.suppress(OSError):
            self._stdin.close()  # nothing is buffered there: every write went to the pipe
        end = time.monotonic() + (_QUIT_SECONDS if farewell else 0.0)
        while not _exited(self.process.pid) and time.monotonic() < end:
            time.sleep(0.005)
        # the group outlives the engine until it is reaped: its number cannot be reused yet
        _kill_group(self.process.pid)
        self.process.wait()  # its output is closed by the threads that read it, at their end
        self._errors.join(_QUIT_SECONDS)

    def __del__(self) -> None:
        """An engine forgotten by its host is killed all the same."""
        self.close()


class _Reading:
    """What the threads reading an engine (process ``pid``) share with it: its answers, the
    counts of what it wrote since the last question, its standard error's last lines."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.lock = threading.Lock()
        #: The answer and the end of the output, at most (the module's docstring).
        self.lines: queue.Queue[bytes] = queue.Queue(2)
        self.tail = _Tail()
        self.over: str | None = None
        self.stray_lines = self.stray_bytes = self.error_bytes = 0
        self._asked = False
        self._stopping = False

    def asked(self) -> None:
        """A question is being sent: the next line is its answer."""
        with self.lock:
            self._asked = True
            self.stray_lines = self.stray_bytes = self.error_bytes = 0

    def stopping(self) -> None:
        """The engine is being stopped (and will be reaped): no thread kills it any more."""
        with self.lock:
            self._stopping = True

    def output(self, stream: IO[bytes]) -> None:
        """Queue each answer of ``stream`` (the standard output), count the other lines, then
        :data:`EOF` (the module's docstring)."""
        try:
            while self.over is None:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE:
                    self._kill(f"wrote a line longer than {MAX_LINE} bytes")
                    break
                with self.lock:
                    answer, self._asked = self._asked, False
                    if not answer:
                        self.stray_lines += 1
                        self.stray_bytes += len(line)
                    lines, size = self.stray_lines, self.stray_bytes
                if answer:
                    self.lines.put_nowait(line.rstrip(b"\r\n") or b" ")
                elif lines > STRAY_LINES or size > STRAY_BYTES:
                    many = f"{STRAY_LINES} lines" if lines > STRAY_LINES else f"{STRAY_BYTES} bytes"
                    self._kill(f"wrote more than {many} between two turns")
        except OSError:
            pass
        finally:
            stream.close()
        self.lines.put_nowait(EOF)

    def errors(self, stream: IO[bytes]) -> None:
        """Keep the last lines of ``stream`` (the standard error) until it ends or the engine
        is over a bound."""
        try:
            while self.over is None and (chunk := os.read(stream.fileno(), _CHUNK)):
                with self.lock:
                    self.tail.add(chunk)
                    self.error_bytes += len(chunk)
                    over = self.error_bytes > ERROR_BYTES
                if over:
                    self._kill(f"wrote more than {ERROR_BYTES} bytes on its standard error between two turns")
        except OSError:
            pass
        finally:
            stream.close()
            with self.lock:
                self.tail.end()

    def _kill(self, why: str) -> None:
        """Kill the engine for going over a bound, ``why``, unless it is being stopped (once
        reaped, its number may be another process's)."""
        with self.lock:
            if self._stopping or self.over is not None:
                return
            self.over = why
            _kill_group(self.pid)


class _Tail:
    """The last :data:`TAIL_LINES` lines of a stream given in chunks, each cut to
    :data:`TAIL_BYTES`: a chunk is looked through from its end, only as far as those lines."""

    def __init__(self) -> None:
        self._lines: deque[bytes] = deque(maxlen=TAIL_LINES)
        self._open = b""  # the start of the line not yet ended

    def add(self, chunk: bytes) -> None:
        ended, newline, rest = chunk.rpartition(b"\n")
        if newline:
            pieces = ended.rsplit(b"\n", TAIL_LINES)
            if len(pieces) > TAIL_LINES:
                del pieces[0]  # the lines before the last ones
            else:
                pieces[0] = self._open + pieces[0][:TAIL_BYTES]
            self._lines.extend(piece[:TAIL_BYTES] for piece in pieces)
            self._open = b""
        self._open = (self._open + rest[:TAIL_BYTES])[:TAIL_BYTES]

    def end(self) -> None:
        """The stream ended: a line not ended is its last."""
        if self._open:
            self._lines.append(self._open)
            self._open = b""

    def lines(self) -> list[bytes]:
        return [line.rstrip(b"\r") for line in self._lines]


def _kill_group(pid: int) -> None:
    """Kill the process group ``pid`` leads, if it still runs."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _exited(pid: int) -> bool:
    """Whether the child has ended, without reaping it."""
    try:
        found = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return found is not None
