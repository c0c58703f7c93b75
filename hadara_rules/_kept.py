"""What is worked out from a catalogue and kept: one :class:`Kept` per catalogue.

Some tables made from a catalogue are asked for on every move (a tableau's colour
counts, printed values and effect totals; every seat's offers in the draft and
when picking) or on every document read (the converter of documents naming the
catalogue). Each catalogue holds them in its own :class:`Kept` (the catalogue's
``kept``), one table per :class:`Part`: made when first asked for, emptied when it
reaches its part's bound, and gone with the catalogue. :func:`forget` empties
every catalogue's tables at once (the tests start from cold ones).

The caches and registries that depend on no catalogue are kept where they are
made, each saying why.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["Kept", "Part", "forget"]

K = TypeVar("K")
V = TypeVar("V")


class Part(Generic[K, V]):
    """One table kept for every catalogue: values by key, at most ``bound`` of them."""

    __slots__ = ("bound", "name")

    def __init__(self, name: str, bound: int) -> None:
        #: What the table holds, for a reader.
        self.name = name
        #: The most values kept: a full table is emptied (what recurs is soon kept again).
        self.bound = bound

    def __repr__(self) -> str:
        return f"Part({self.name!r}, bound={self.bound})"


class Kept:
    """The tables kept for one catalogue, by their part.

    Code on the hot path reads ``kept.tables.get(part)`` itself (a method call being
    most of the cost of a look-up) and keeps a value with :meth:`keep`.
    """

    __slots__ = ("__weakref__", "tables")

    def __init__(self) -> None:
        self.tables: dict[Part[Any, Any], dict[Any, Any]] = {}
        _EVERY.add(self)

    def table(self, part: Part[K, V]) -> dict[K, V]:
        """The catalogue's table of ``part`` (made empty when first asked for)."""
        found = self.tables.get(part)
        if found is None:
            found = self.tables[part] = {}
        return found

    def keep(self, part: Part[K, V], key: K, value: V) -> V:
        """Keep ``value`` under ``key`` in the table of ``part``; returns ``value``."""
        table = self.table(part)
        if len(table) >= part.bound:
            table.clear()
        table[key] = value
        return value

    def made(self, part: Part[K, V], key: K, make: Callable[[], V]) -> V:
        """The value kept under ``key`` in the table of ``part``, made by ``make`` and kept
        the first time it is asked for."""
        found = self.table(part).get(key)
        return self.keep(part, key, make()) if found is None else found

    def forget(self) -> None:
        """Empty every table (in place: a reader holding one sees it empty)."""
        for table in self.tables.values():
            table.clear()


#: Every catalogue's :class:`Kept`, for :func:`forget` (each goes with its catalogue).
_EVERY: weakref.WeakSet[Kept] = weakref.WeakSet()


def forget() -> None:
    """Empty the tables kept for every catalogue."""
    for kept in list(_EVERY):
        kept.forget()
