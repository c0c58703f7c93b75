"""The ``hadara`` command under the name it had before it became the platform's: see
:mod:`boardtable.cli` (``python -m hadara_rules.cli`` runs it still)."""

from __future__ import annotations

import sys

from boardtable.cli import COMMAND, UsageError, main
from boardtable.playing import SEEDS

__all__ = ["COMMAND", "SEEDS", "UsageError", "main"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
