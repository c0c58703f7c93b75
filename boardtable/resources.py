"""Where a game's bundled specification lives: inside its installed package, or in the
source tree beside it."""

from __future__ import annotations

import functools
from pathlib import Path


@functools.cache
def spec_dir(package_file: str, source: str) -> Path:
    """The ``spec/`` folder of the game whose package's ``__init__`` (or any module at its top
    level) is ``package_file``: the package's ``_spec`` folder in an installed wheel, else
    ``source`` (a path relative to the source tree's root, such as ``spec/GAME``); found once."""
    package = Path(package_file).resolve().parent
    bundled = package / "_spec"
    if bundled.is_dir():
        return bundled
    return package.parent / source
