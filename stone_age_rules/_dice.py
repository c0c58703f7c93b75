"""The game's randomness: die rolls and shuffles drawn from the seed (FLOW-4).

Each draw is the SHA-256 digest of the seed, what the draw is for and its
index, read as a whole number, so a draw is the same in every process and
Python version, and a roll depends only on the seed and how many dice were
rolled before it (the position's roll counter). Nothing shown to a seat holds
the seed, so no seat can predict a roll (INFO-3).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def draw(seed: int, purpose: str, index: int, below: int) -> int:
    """A whole number from 0 to ``below - 1``, the ``index``-th draw for ``purpose`` from ``seed``."""
    digest = hashlib.sha256(f"stone-age/{seed}/{purpose}/{index}".encode("ascii")).digest()
    return int.from_bytes(digest, "big") % below


def roll(seed: int, first: int, dice: int) -> tuple[int, ...]:
    """``dice`` die faces (1 to 6): the rolls numbered ``first``, ``first + 1``, … of the game."""
    return tuple(draw(seed, "die", first + i, 6) + 1 for i in range(dice))


def shuffled(seed: int, purpose: str, items: Sequence[T]) -> tuple[T, ...]:
    """``items`` in an order drawn from ``seed`` (Fisher-Yates)."""
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j = draw(seed, purpose, i, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)
