"""Tournaments between bots (``hadara arena``) under the name they had before they became the
platform's: see :mod:`boardtable.arena`."""

from __future__ import annotations

import sys

from boardtable.arena import *  # noqa: F403
from boardtable.arena import __all__ as _platform
from boardtable.arena import main

__all__ = list(_platform)

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
