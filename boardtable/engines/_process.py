"""An engine's process: started in its own process group, read a bounded line at a time
before a deadline, written without blocking, and never left behind.

- The command runs without a shell, in a process group (and session) of its own, so that
  closing kills it and anything it started, and Ctrl-C at a terminal reaches only the host.
- On Linux the kernel kills the engine the moment the process that started it ends, however
  it ends (``kill -9`` included: ``PR_SET_PDEATHSIG``). The kernel ties that to the thread
  that started the child, so every engine is started by one thread that lives as long as
  the process (:func:`_launcher`).
- A thread per engine reads its standard output a line at a time, at most :data:`MAX_LINE`
  bytes: a longer line is read on and thrown away in pieces of that size, and stands as
  :data:`TOO_LONG`. The caller waits for a line with a deadline (:meth:`Engine.line`).
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
from collections.abc import Callable, Sequence
from typing import IO, Final

__all__ = ["EOF", "MAX_LINE", "TOO_LONG", "Engine", "EngineGone"]

#: The longest line read from an engine, in bytes; a longer one is garbage.
MAX_LINE: Final = 1 << 20
#: What stands for a line longer than :data:`MAX_LINE`.
TOO_LONG: Final = b"\x00too long"
#: What stands for the end of the engine's output (it exited or closed it).
EOF: Final = b""
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
        self._stdin = self.process.stdin
        self._input = self._stdin.fileno()
        os.set_blocking(self._input, False)
        self._lines: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        self._closed = False
        threading.Thread(
            target=_read_lines, args=(self.process.stdout, self._lines), daemon=True, name="engine output"
        ).start()

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
        """The next line the engine wrote (without its end), :data:`TOO_LONG`, :data:`EOF`,
        or None when none came by ``deadline``."""
        try:
            return self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None

    def drain(self) -> None:
        """Drop the lines already written (answers to a question no longer asked)."""
        with contextlib.suppress(queue.Empty):
            while True:
                self._lines.get_nowait()

    def close(self, farewell: bytes = b"") -> None:
        """Say ``farewell``, give the engine a moment to leave, then kill its process group."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(EngineGone, OSError):
            if farewell:
                self.send(farewell, time.monotonic() + _QUIT_SECONDS)
        with contextlib.suppress(OSError):
            self._stdin.close()  # nothing is buffered there: every write went to the pipe
        end = time.monotonic() + (_QUIT_SECONDS if farewell else 0.0)
        while not _exited(self.process.pid) and time.monotonic() < end:
            time.sleep(0.005)
        # the group outlives the engine until it is reaped: its number cannot be reused yet
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()  # its output is closed by the thread that reads it, at its end

    def __del__(self) -> None:
        """An engine forgotten by its host is killed all the same."""
        self.close()


def _exited(pid: int) -> bool:
    """Whether the child has ended, without reaping it."""
    try:
        found = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return found is not None


def _read_lines(stream: IO[bytes], lines: queue.SimpleQueue[bytes]) -> None:
    """Put each line of ``stream`` into ``lines`` (bounded: see the module docstring), then
    :data:`EOF`."""
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE:  # read the rest of it on, in bounded pieces
                while line and not line.endswith(b"\n"):
                    line = stream.readline(MAX_LINE)
                lines.put(TOO_LONG)
                continue
            lines.put(line.rstrip(b"\r\n") or b" ")
    except OSError:
        pass
    finally:
        stream.close()
    lines.put(EOF)
