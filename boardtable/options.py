"""Numbers given on the command line: plain ASCII digits, at most 64 bits.

:func:`int` also reads ``1_0``, ``７`` (a full-width digit), ``١٠`` (Arabic-Indic digits)
and spaces around the digits; an option takes none of them, only what a record or a
position document could hold: an optional ``-`` and the digits 0 to 9.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from .renderer import shown

__all__ = ["at_least", "whole"]

#: A whole number as an option is written: an optional minus and ASCII digits.
_DIGITS = re.compile(r"-?[0-9]+")
#: The numbers documents hold: whole numbers of at most 64 bits.
_LIMIT = 1 << 63


def whole(text: str) -> int:
    """A whole number of at most 64 bits written in ASCII digits (seeds and move counts are
    written to records); :class:`argparse.ArgumentTypeError` for anything else."""
    if not _DIGITS.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number in digits 0-9, found {shown(text)}")
    if len(text) > 20 or abs(int(text)) >= _LIMIT:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most 64 bits, found {shown(text)}")
    return int(text)


def at_least(minimum: int) -> Callable[[str], int]:
    """:func:`whole`, and at least ``minimum``."""

    def number(text: str) -> int:
        value = whole(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected a whole number ≥ {minimum}, found {value}")
        return value

    return number
