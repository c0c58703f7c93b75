"""The canonical encoding that digests are taken of: JSON with sorted keys, no spaces, ASCII only.

It is what ``json.dumps(document, sort_keys=True, separators=(",", ":"),
ensure_ascii=True)`` writes. Where orjson is installed (the server extra brings
it; the core does not need it), orjson writes it, about ten times faster: for
the documents digested here (texts, integers, booleans, nulls, lists, and
mappings with text keys; never a float) it writes the same bytes, and a document
it would write otherwise (a text beyond ASCII, an integer beyond 64 bits) is
written by the standard library.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

__all__ = ["canonical"]

_FAST: Callable[[object], bytes] | None
try:
    import orjson
except ImportError:  # pragma: no cover - the core runs without it
    _FAST = None
else:
    _FAST = functools.partial(orjson.dumps, option=orjson.OPT_SORT_KEYS)


def canonical(document: object) -> bytes:
    """``document`` in the canonical encoding (see the module)."""
    if _FAST is not None:
        try:
            text = _FAST(document)
        except TypeError:  # orjson's refusal (an integer beyond 64 bits): the standard library's turn
            pass
        else:
            if text.isascii():
                return text
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
