"""Which games there are: the registry by name, light enough for a command's help.

A game is one package and one entry point in its distribution's metadata (group
:data:`GROUP`), imported only when first asked for (:func:`game`); :func:`names` lists every
game without importing any. :func:`register` adds one for this process alone (a test's
game), and the environment variable :data:`ENVIRONMENT` for this process and those it starts.
:mod:`boardtable.games` re-exports all of this beside the game interface; this module
imports no more than the standard library, so that ``hadara --help`` starts fast.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping

from .errors import GameError
from .renderer import label

__all__ = [
    "DEFAULT",
    "ENVIRONMENT",
    "GROUP",
    "MAX_SEED",
    "REGISTERED",
    "UnknownGame",
    "known",
    "names",
]

#: The game the ``hadara`` command plays when none is named: the platform's one setting that
#: names a game.
DEFAULT = "hadara"
#: The largest seed of a new game: 2**53 - 1, what every JSON reader keeps exactly.
MAX_SEED = (1 << 53) - 1


class UnknownGame(GameError):
    """A game name no game is registered under."""


#: The entry-point group a game registers under, in its distribution's metadata:
#: ``[project.entry-points."boardtable.games"] NAME = "PACKAGE.game:GAME"``.
GROUP = "boardtable.games"
#: The environment variable that registers games beside the entry points, in this process
#: and every process it starts: ``NAME=MODULE:ATTRIBUTE`` items, separated by commas
#: (``BOARDTABLE_GAMES="toy=toy_game:GAME"``, the module found on ``PYTHONPATH``). A name
#: is lower-case letters, digits and dashes; one given here replaces an entry point's of the
#: same name, and :func:`register` replaces both.
ENVIRONMENT = "BOARDTABLE_GAMES"
#: One item of :data:`ENVIRONMENT`.
_ITEM = re.compile(r"([a-z0-9][a-z0-9-]*)=([A-Za-z_][\w.]*:[A-Za-z_]\w*)")
#: Games registered in this process (:func:`boardtable.games.register`), beside those of the
#: entry points: where each is (``module:attribute``), or the game itself.
REGISTERED: dict[str, object] = {}


@functools.cache
def _entry_points() -> Mapping[str, str]:
    """Every game the installed distributions register, by name: where its :class:`Game` is."""
    from importlib.metadata import entry_points  # about 25 ms: only once games are asked for

    return {point.name: point.value for point in entry_points(group=GROUP)}


@functools.cache
def _environment(text: str) -> Mapping[str, str]:
    """The games :data:`ENVIRONMENT` registers when it holds ``text``, by name: where each
    :class:`Game` is; :class:`~boardtable.errors.GameError` naming the first item that is not
    ``NAME=MODULE:ATTRIBUTE``."""
    found: dict[str, str] = {}
    for item in text.split(","):
        read = _ITEM.fullmatch(item.strip())
        if read is None:
            raise GameError(f"{ENVIRONMENT}: {label(item.strip())} is not NAME=MODULE:ATTRIBUTE")
        found[read[1]] = read[2]
    return found


def known() -> dict[str, object]:
    """Every registered game by name: where it is (``module:attribute``), or the game itself
    (one :func:`boardtable.games.register` was given)."""
    text = os.environ.get(ENVIRONMENT, "").strip()
    return {**_entry_points(), **(_environment(text) if text else {}), **REGISTERED}


def names() -> tuple[str, ...]:
    """The names of every game: the default game first, then the others by name."""
    return tuple(sorted(known(), key=lambda name: (name != DEFAULT, name)))
