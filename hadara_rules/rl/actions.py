"""The fixed integer action space: one block of actions per kind of move.

Every move a seat can make maps to one integer in ``range(ACTION_COUNT)``, the
same in every position and for every player count. Cards are addressed by where
they lie, not by their id: a draft choice names the first or second drawn card
(in the order of ``PlayerState.drawn``), a pick names the outer pile's colour, a
removal at feeding names a slot of the tableau (in buying order). The coins paid
under PURPLE-15 are not part of an action: in a position only one amount is
legal for a colony tier or a statue (the one that meets the requirement), so the
action names the tier or statue and the amount follows.

Each kind of move declares its block (its size, layout and the offset of a move
within it) in its row of :data:`hadara_rules._moves.MOVE_KINDS`; the blocks follow
one another in the rows' order. :data:`BLOCKS` lists them; the bots guide prints
them as a table.
"""

from __future__ import annotations

from attrs import frozen

from boardtable.rl import chosen
from boardtable.rl import legal_actions as actions_of

from .. import GameState, Move, legal_moves
from .._moves import DRAWN_SLOTS, KIND_OF, MOVE_KINDS, TABLEAU_SLOTS

__all__ = [
    "ACTION_COUNT",
    "BLOCKS",
    "DRAWN_SLOTS",
    "TABLEAU_SLOTS",
    "Block",
    "decode_action",
    "describe_blocks",
    "encode_action",
    "legal_actions",
]


@frozen
class Block:
    """A run of consecutive actions that encode one kind of move."""

    #: The move kind's tag (``Move.type``).
    kind: str
    #: The first action of the block.
    start: int
    #: How many actions it holds.
    size: int
    #: How the offset within the block is made, for the documentation.
    layout: str


def _blocks() -> tuple[Block, ...]:
    blocks, start = [], 0
    for row in MOVE_KINDS:
        blocks.append(Block(row.cls.type, start, row.actions, row.layout))
        start += row.actions
    return tuple(blocks)


#: The blocks of the action space, in order.
BLOCKS: tuple[Block, ...] = _blocks()
#: The number of actions.
ACTION_COUNT: int = BLOCKS[-1].start + BLOCKS[-1].size
_START = {row.cls: block.start for row, block in zip(MOVE_KINDS, BLOCKS, strict=True)}


def encode_action(move: Move, state: GameState) -> int:
    """The action of ``move`` in ``state`` (the whole position or the mover's view)."""
    kind = type(move)
    return _START[kind] + KIND_OF[kind].action(move, state.players[move.player])


def legal_actions(state: GameState, seat: int) -> dict[int, Move]:
    """Each legal move of ``seat`` in ``state``, by its action (no two share one)."""
    return actions_of(encode_action, state, legal_moves(state, seat))


def decode_action(action: int, state: GameState, seat: int) -> Move:
    """The legal move of ``seat`` that ``action`` names in ``state``; ValueError when none does."""
    return chosen(legal_actions(state, seat), action, seat)


def describe_blocks() -> list[tuple[str, str, str]]:
    """The rows of the action table in the bots guide: actions, move kind, layout."""
    return [
        (f"{b.start}–{b.start + b.size - 1}" if b.size > 1 else str(b.start), b.kind, b.layout)
        for b in BLOCKS
    ]
