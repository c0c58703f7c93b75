"""A game's fixed action space, laid out in blocks: what every game's ``rl.actions`` shares.

A game numbers every move a seat can make with one action of ``range(actions)``, the same in
every position and for every player count: one block of consecutive actions per kind of move,
the blocks one after another in the game's order, a move's action its block's first plus the
move's offset in it. The game says its blocks (:func:`blocks`, from rows of a kind, a size and
a layout) and how a move is numbered; :class:`ActionSpace` answers the rest: the count, each
legal move of a seat by its action, the legal move an action names, and the rows of the table
a guide prints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

from attrs import field, frozen

from .encoding import chosen, legal_actions

__all__ = ["ActionSpace", "Block", "blocks"]

#: A game's positions (and views) and its moves.
S = TypeVar("S")
M = TypeVar("M")


@frozen
class Block:
    """A run of consecutive actions that encode one kind of move."""

    #: The kind of move, by the game's word for it (a move's tag, or its word in the notation).
    kind: str
    #: The first action of the block.
    start: int
    #: How many actions it holds.
    size: int
    #: How the offset within the block is made, for the documentation.
    layout: str


def blocks(rows: Iterable[tuple[str, int, str]]) -> tuple[Block, ...]:
    """The blocks of ``rows`` (each a kind, a size and a layout), one after another from 0."""
    found: list[Block] = []
    start = 0
    for kind, size, layout in rows:
        found.append(Block(kind, start, size, layout))
        start += size
    return tuple(found)


@frozen
class ActionSpace(Generic[S, M]):
    """A game's action space (see the module): its blocks, the action of a move, and its legal
    moves, from which the rest is answered."""

    #: The blocks, in order.
    blocks: tuple[Block, ...]
    #: The action of a legal move in its mover's view (or the whole position).
    action_of: Callable[[M, S], int] = field(repr=False)
    #: The legal moves of a seat in a position or the seat's own view.
    legal_moves: Callable[[S, int], Sequence[M]] = field(repr=False)

    @property
    def actions(self) -> int:
        """How many actions there are: the action space is ``Discrete(actions)``."""
        last = self.blocks[-1]
        return last.start + last.size

    def legal_actions(self, state: S, seat: int) -> dict[int, M]:
        """Each legal move of ``seat`` in ``state`` (the whole position or the seat's view), by
        its action (no two share one)."""
        return legal_actions(self.action_of, state, self.legal_moves(state, seat))

    def decode_action(self, action: int, state: S, seat: int) -> M:
        """The legal move of ``seat`` that ``action`` names in ``state``; ValueError when none does."""
        return chosen(self.legal_actions(state, seat), action, seat)

    def describe_blocks(self) -> list[tuple[str, str, str]]:
        """The rows of the action table in the bots guide: actions, move kind, layout."""
        return [
            (f"{b.start}–{b.start + b.size - 1}" if b.size > 1 else str(b.start), b.kind, b.layout)
            for b in self.blocks
        ]
