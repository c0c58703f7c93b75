"""No process of the benchmark outlives it: each process it starts is ended with it."""

from __future__ import annotations

import ctypes
import os
import signal

#: prctl(2)'s option that has a process signalled when its parent ends (Linux).
_PR_SET_PDEATHSIG = 1


def end_with_parent(parent: int) -> None:
    """Have this process sent ``SIGTERM`` when ``parent``, the process that started it, ends,
    even killed with ``SIGKILL``; at once if it already has."""
    ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGTERM)
