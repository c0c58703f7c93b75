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

from boardtable.rl import ActionSpace, Block, blocks

from .. import GameState, Move, legal_moves
from .._moves import DRAWN_SLOTS, KIND_OF, MOVE_KINDS, TABLEAU_SLOTS

__all__ = [
    "ACTIONS",
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

#: The blocks of the action space, in order.
BLOCKS = blocks((row.cls.type, row.actions, row.layout) for row in MOVE_KINDS)
_START = {row.cls: block.start for row, block in zip(MOVE_KINDS, BLOCKS, strict=True)}


def encode_action(move: Move, state: GameState) -> int:
    """The action of ``move`` in ``state`` (the whole position or the mover's view)."""
    kind = type(move)
    return _START[kind] + KIND_OF[kind].action(move, state.players[move.player])


#: The action space: its blocks, :func:`encode_action` and the legal moves (the platform's
#: :class:`~boardtable.rl.actions.ActionSpace`, whose answers this module names).
ACTIONS: ActionSpace[GameState, Move] = ActionSpace(BLOCKS, encode_action, legal_moves)
#: The number of actions.
ACTION_COUNT: int = ACTIONS.actions
legal_actions, decode_action = ACTIONS.legal_actions, ACTIONS.decode_action
describe_blocks = ACTIONS.describe_blocks
