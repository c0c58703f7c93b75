"""Files the ``hadara`` command writes: checked before any work, written whole or not at all.

:func:`check_writable` is asked before a game or a tournament is played, so that a
folder that does not exist, a folder given for a file or a pipe costs no work. Then
:func:`write_whole` writes a temporary file in the same folder and renames it over the
target (:func:`os.replace`, atomic on one file system): whoever reads the file sees
the old contents or the new, never a part, and an interrupted command leaves the old
file as it was.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from .errors import GameError

__all__ = ["check_writable", "write_whole"]

#: How a caller's error is made from a one-line message.
ErrorType = Callable[[str], GameError]


def _refusal(path: str, what: str, problem: str, error: ErrorType) -> GameError:
    return error(f"{path}: cannot write {what} ({problem})")


def check_writable(path: str, what: str, error: ErrorType) -> None:
    """Raise ``error`` unless ``path`` names a regular file (or none yet) in a folder this
    process can create files in; ``what`` names the contents (``the record``)."""
    target = Path(path)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise _refusal(path, what, exc.strerror or str(exc), error) from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise _refusal(path, what, kind, error)
    try:  # the one sure test: make a file where the temporary file will be made
        descriptor, probe = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise _refusal(path, what, exc.strerror or str(exc), error) from None
    os.close(descriptor)
    Path(probe).unlink()


def write_whole(path: str, text: str | bytes, what: str, error: ErrorType) -> None:
    """Write ``text`` (UTF-8, or bytes as they are) to ``path`` through a temporary file in the same folder, renamed
    over it once complete; ``error`` for any failure, leaving ``path`` as it was. A new file
    gets the permissions the process's umask gives, a replaced one keeps its own."""
    check_writable(path, what, error)
    target = Path(path)
    try:
        descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise _refusal(path, what, exc.strerror or str(exc), error) from None
    try:
        with os.fdopen(descriptor, "wb") as file:
            os.fchmod(file.fileno(), _mode_for(target))
            file.write(text.encode("utf-8") if isinstance(text, str) else text)
            file.flush()
            os.fsync(file.fileno())
        Path(temporary).replace(target)
    except BaseException as exc:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _refusal(path, what, exc.strerror or str(exc), error) from None
        raise


def _mode_for(target: Path) -> int:
    """The permissions of the file written: those of the file replaced, or 0o666 less the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
