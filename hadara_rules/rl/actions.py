"""The fixed integer action space: one block of actions per kind of move.

Every move a seat can make maps to one integer in ``range(ACTION_COUNT)``, the
same in every position and for every player count. Cards are addressed by where
they lie, not by their id: a draft choice names the first or second drawn card
(in the order of ``PlayerState.drawn``), a pick names the outer pile's colour, a
removal at feeding names a slot of the tableau (in buying order). The coins paid
under PURPLE-15 are not part of an action: in a position only one amount is
legal for a colony tier or a statue (the one that meets the requirement), so the
action names the tier or statue and the amount follows.

:data:`BLOCKS` lists the blocks in order; the bots guide prints it as a table.
"""

from __future__ import annotations

from attrs import frozen

from .. import (
    Action,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Color,
    Draft,
    FeedWithCoins,
    GameState,
    Move,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    Side,
    TakeColony,
    Track,
    legal_moves,
)

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

COLORS: tuple[Color, ...] = tuple(Color)
TRACKS: tuple[Track, ...] = tuple(Track)
TIERS: tuple[int, ...] = (3, 9, 15, 21, 30)
#: A draft round deals at most two cards to a player (DRAFT-1).
DRAWN_SLOTS = 2
#: Tableau slots a removal can name: more than a player can buy in a game (10 cards an epoch).
TABLEAU_SLOTS = 40
#: How a drawn or picked card is taken: sold, bought, or bought with a free tile on it (PURPLE-2).
ACQUISITIONS: tuple[tuple[Action, Track | None], ...] = (
    (Action.SELL, None),
    (Action.BUY, None),
    *((Action.BUY, track) for track in TRACKS),
)


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
    sizes = [
        (ChooseSide.type, 2, "side (A, B)"),
        (SetWheel.type, 5, "rotation (0–4)"),
        (Draft.type, DRAWN_SLOTS * len(ACQUISITIONS), "drawn card (first, second) × way"),
        (Pick.type, len(COLORS) * len(ACQUISITIONS), "outer pile (yellow, red, blue, green, purple) × way"),
        (TakeColony.type, len(TIERS) * 2, "tier (3, 9, 15, 21, 30) × (plunder, ally)"),
        (CarveStatue.type, 4 * len(TRACKS) * 2, "statue (0–3) × tile × (face down, face up)"),
        (Pass.type, 1, "—"),
        (RemoveCard.type, TABLEAU_SLOTS, f"tableau slot (0–{TABLEAU_SLOTS - 1}, in buying order)"),
        (FeedWithCoins.type, 1, "—"),
        (BuySilver.type, len(TRACKS), "tile"),
        (BuyGold.type, 1, "—"),
    ]
    blocks, start = [], 0
    for kind, size, layout in sizes:
        blocks.append(Block(kind, start, size, layout))
        start += size
    return tuple(blocks)


#: The blocks of the action space, in order.
BLOCKS: tuple[Block, ...] = _blocks()
#: The number of actions.
ACTION_COUNT: int = BLOCKS[-1].start + BLOCKS[-1].size
_START = {block.kind: block.start for block in BLOCKS}
_SIZE = {block.kind: block.size for block in BLOCKS}


def _slot(items: tuple[str, ...], item: str, slots: int, what: str) -> int:
    index = items.index(item)
    if index >= slots:
        raise ValueError(f"{what} {index} is beyond the {slots} slots of the action space")
    return index


def encode_action(move: Move, state: GameState) -> int:
    """The action of ``move`` in ``state`` (the whole position or the mover's view)."""
    player = state.players[move.player]
    offset: int
    if isinstance(move, ChooseSide):
        offset = 0 if move.side is Side.A else 1
    elif isinstance(move, SetWheel):
        offset = move.rotation
    elif isinstance(move, Draft):
        slot = _slot(player.drawn, move.card, DRAWN_SLOTS, "drawn card")
        offset = slot * len(ACQUISITIONS) + ACQUISITIONS.index((move.action, move.tile))
    elif isinstance(move, Pick):
        offset = COLORS.index(move.color) * len(ACQUISITIONS) + ACQUISITIONS.index((move.action, move.tile))
    elif isinstance(move, TakeColony):
        offset = TIERS.index(move.tier) * 2 + move.ally
    elif isinstance(move, CarveStatue):
        offset = (move.statue * len(TRACKS) + TRACKS.index(move.tile)) * 2 + move.face_up
    elif isinstance(move, RemoveCard):
        offset = _slot(player.cards, move.card, TABLEAU_SLOTS, "tableau slot")
    elif isinstance(move, BuySilver):
        offset = TRACKS.index(move.tile)
    else:  # Pass, FeedWithCoins, BuyGold: one action each
        offset = 0
    return _START[move.type] + offset


def legal_actions(state: GameState, seat: int) -> dict[int, Move]:
    """Each legal move of ``seat`` in ``state``, by its action (no two share one)."""
    table: dict[int, Move] = {}
    for move in legal_moves(state, seat):
        action = encode_action(move, state)
        if action in table:
            raise ValueError(f"two legal moves share action {action}: {table[action]} and {move}")
        table[action] = move
    return table


def decode_action(action: int, state: GameState, seat: int) -> Move:
    """The legal move of ``seat`` that ``action`` names in ``state``; ValueError when none does."""
    move = legal_actions(state, seat).get(int(action))
    if move is None:
        raise ValueError(f"action {action} is not legal for player {seat} here (see the action mask)")
    return move


def describe_blocks() -> list[tuple[str, str, str]]:
    """The rows of the action table in the bots guide: actions, move kind, layout."""
    return [
        (f"{b.start}–{b.start + b.size - 1}" if b.size > 1 else str(b.start), b.kind, b.layout)
        for b in BLOCKS
    ]
