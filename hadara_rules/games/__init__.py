"""The game interface and its registry, under the name they had before the platform
became a package of its own: see :mod:`boardtable.games`."""

from boardtable.games import *  # noqa: F403
from boardtable.games import __all__ as __all__
