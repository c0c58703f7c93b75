"""What the games' consistency checks share: is a position read from a document one the game
could be in?

A position a game makes by its rules always is. One read from a document may have been
written by hand or tampered with, so each game holds it to its facts (the components each in
one place, counters in their ranges, whose turn it is …) before anything is played from it:
the first problem found is an :class:`~boardtable.errors.Inconsistent` (the game's class)
naming the document's field (``$.data.players[1].coins``) and the rule ID it breaks, and
nothing is changed. A game writes only its facts, each a test and the problem it raises;
:class:`Consistency` makes its problems (the field's path, the rule, the reason), a value
out of its range among them, and :class:`Places` walks the places where a position's
components lie. The game's ``read_position`` runs its check on every position it reads (is
this position possible, and if not, which field breaks which rule?). A value read from the
document reaches a message only through the bounded renderer
(:func:`~boardtable.reader.shown`).
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable

from attrs import frozen

from .errors import Inconsistent
from .reader import shown

__all__ = ["ROOT", "Consistency", "Misplaced", "Places", "first_rule"]

#: Where a document's position lives: the path every field's starts with.
ROOT = "$.data"
#: A rule ID as the games' rules digests write them (``SETUP-1``, ``PURPLE-15``).
_RULE = re.compile(r"[A-Z]+-[0-9]+")


def first_rule(cited: str) -> str | None:
    """The first rule ID a text cites (``FEED-2, PURPLE-6``: ``FEED-2``); None for none."""
    found = _RULE.search(cited)
    return None if found is None else found.group()


@frozen
class Misplaced:
    """An item of a place that cannot lie there: none the place may hold, or one already
    found in another place."""

    #: The path of the place (``players[1].cards``), and where in it the item lies.
    where: str
    index: int
    #: The item (an id read from the document: shown only through the bounded renderer).
    item: object
    #: The place where the item was found first and where in it; None: the item is unknown.
    first: tuple[str, int] | None


class Places:
    """Where the items of a position lie (cards, tiles, colonies: ids), walked place by place:
    each item one a place may hold, and in one place only. An empty slot (None) is no item;
    a hidden one (a view's ``"?"``, where the place may hide) is counted but not told apart."""

    __slots__ = ("count", "first")

    def __init__(self) -> None:
        #: Where each item walked was found first: the place's path and where in it.
        self.first: dict[object, tuple[str, int]] = {}
        #: How many items were walked, the hidden ones included.
        self.count = 0

    def walk(
        self, where: str, items: Iterable[object], known: Container[object], hidden: object = None
    ) -> Misplaced | None:
        """Walk the place at ``where`` holding ``items``, each one of ``known`` (``hidden``, when
        given, stands for an item it hides): the first item that cannot lie there, or None."""
        first = self.first
        for index, item in enumerate(items):
            if item is None:
                continue
            self.count += 1
            if hidden is not None and item == hidden:
                continue
            if item not in known:
                return Misplaced(where, index, item, None)
            found = first.get(item)
            if found is not None:
                return Misplaced(where, index, item, found)
            first[item] = (where, index)
        return None


class Consistency:
    """How a game's consistency check tells the first problem it finds: as its ``error``, the
    game's :class:`~boardtable.errors.Inconsistent`, naming the field and the rule."""

    __slots__ = ("error",)

    def __init__(self, error: type[Inconsistent]) -> None:
        #: The game's class of the problems found.
        self.error = error

    def fail(self, where: str, rule: str | None, reason: str) -> Inconsistent:
        """The problem of the field at ``where`` (its path below :data:`ROOT`:
        ``players[1].coins``): it breaks ``rule`` (an ID of the game's rules; None for the
        document's structure alone), as ``reason`` says."""
        field = f"{ROOT}.{where}"
        return self.error(f"{field}: {reason}", field, rule)

    def out_of_range(
        self, value: int, low: int, high: int | None, where: str, rules: str, *, cited: bool
    ) -> Inconsistent:
        """The problem of a value at ``where`` outside ``low`` to ``high`` (no ``high``: no bound
        above; the game tests the range, in its own loops), for the first rule ``rules`` names
        (``SETUP-1, ACT-5``); the reason is the range, after ``rules`` where the game's messages
        cite them first."""
        span = f"{low} or more" if high is None else f"{low} to {high}"
        reason = f"must be {span}, not {shown(value)}"
        return self.fail(where, first_rule(rules), f"{rules}: {reason}" if cited else reason)
