"""The one bounded renderer: how a value read from a file or a request appears in a message.

:func:`shown` prints any value in a few dozen characters at most, :func:`label` a key or id,
:func:`clip` a message part that may quote a document. Every message that names something a
stranger wrote goes through them (:mod:`boardtable.reader` re-exports them). This module
imports nothing heavier than :mod:`re`, so that a command's help and errors start fast.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

__all__ = ["INT_LIMIT", "clip", "label", "shown"]

#: Numbers read are whole numbers of at most 64 bits; :func:`shown` names a longer one by
#: its length alone.
INT_LIMIT = 1 << 63
#: The longest value text :func:`shown` prints.
_SHOWN = 40


def shown(value: object) -> str:
    """A value read from a document as a message shows it: at most a few dozen characters."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) >= INT_LIMIT:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return str(int(value))
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, Mapping):
        items = (f"{label(key)}: {_scalar(item)}" for key, item in value.items())
        return _joined("{", items, "}", len(value))
    if isinstance(value, list | tuple):
        return _joined("[", map(_scalar, value), "]", len(value))
    return _scalar(value)


def _scalar(value: object) -> str:
    """A value inside a list or mapping: containers are only named, so rendering never recurses."""
    if isinstance(value, Mapping):
        return "{…}" if value else "{}"
    if isinstance(value, list | tuple):
        return "[…]" if value else "[]"
    if isinstance(value, bytes | bytearray):
        return "binary data"
    if value is None or isinstance(value, int | float | str):
        return shown(value)
    return f"a {type(value).__name__}"


def _joined(opening: str, parts: Iterator[str], closing: str, count: int) -> str:
    """Items in brackets while they fit in :data:`_SHOWN` characters, then how many there are."""
    text = opening
    for index, part in enumerate(parts):
        piece = part if index == 0 else ", " + part
        if len(text) + len(piece) > _SHOWN:
            return f"{text}{', ' if index else ''}… {count} in all{closing}"
        text += piece
    return text + closing


def _quoted(text: str) -> str:
    quoted = repr(text[: _SHOWN + 1])
    if len(text) > _SHOWN or len(quoted) > _SHOWN + 2:
        quoted = quoted[: _SHOWN - 2] + "…" + quoted[0]
    return quoted


def clip(text: str, limit: int = 120) -> str:
    """A message part that may quote a document (a parser's complaint), cut to ``limit`` characters."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def label(key: object) -> str:
    """A key or id as a path or message shows it: plain names bare, anything else through :func:`shown`."""
    if isinstance(key, str) and re.fullmatch(r"[\w-]{1,30}", key, re.ASCII):
        return key
    return shown(key)
