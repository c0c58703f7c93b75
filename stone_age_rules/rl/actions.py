"""Stone Age's fixed integer action space: one block of actions per kind of move.

Every move a seat can make maps to one integer in ``range(ACTION_COUNT)``, the same in
every position and for every player count: a block's first action plus the move's offset
in it. Locations are in the order of :class:`~stone_age_rules.Location` (hunting, forest,
clay_pit, quarry, river, tool_maker, hut, field, building1 to building4, card1 to card4).
A payment of resources is named by its place in a bounded table of bundles
(:data:`BUNDLES`): every bundle of 1 to 10 resources, fewest first, and among bundles of
as many resources in the order of :func:`~stone_age_rules._goods.bundles`. Ten is the
most any payment holds: a shortfall at feeding is at most one food per person (FEED-4,
at most 10 people: ACT-5), a building takes at most 7 (BUILD-4), a card at most 4
(CIV-1). :data:`BLOCKS` lists the blocks; the bots guide prints them as a table.
"""

from __future__ import annotations

import math

from boardtable.rl import ActionSpace, Block, blocks

from .. import (
    Act,
    ChooseDie,
    Effect,
    Feed,
    GameState,
    Move,
    Place,
    Resources,
    TakeBack,
    TakeResources,
    UseTools,
    components,
    legal_moves,
)
from .._goods import bundles
from .._model import BUILDINGS, LOCATIONS, MAX_PEOPLE, MAX_TOOLS, SLOTS
from .._rules.cards import CLAIM, price

__all__ = [
    "ACTIONS",
    "ACTION_COUNT",
    "BLOCKS",
    "BUNDLES",
    "Block",
    "decode_action",
    "describe_blocks",
    "encode_action",
    "legal_actions",
]


def _bundles_of(size: int) -> tuple[Resources, ...]:
    """Every bundle of exactly ``size`` resources, in the order of ``bundles``."""
    return bundles(size, Resources(size, size, size, size))


#: The most resources a payment holds (see the module).
MOST = MAX_PEOPLE
#: Every bundle of 1 to :data:`MOST` resources, fewest first: a payment's place here names it.
BUNDLES: tuple[Resources, ...] = tuple(pay for size in range(1, MOST + 1) for pay in _bundles_of(size))
#: A bundle's place in :data:`BUNDLES`, and among the bundles of as many resources.
_RANK = {pay: rank for rank, pay in enumerate(BUNDLES)}
_WITHIN = {pay: place for size in range(1, MOST + 1) for place, pay in enumerate(_bundles_of(size))}
#: The most resources a building takes (BUILD-2 to BUILD-4), and how many bundles hold at most as many.
_BUILD_MOST = max(tile.count[1] for tile in components().buildings)
_BUILD_PAYS = sum(1 for pay in BUNDLES if pay.total <= _BUILD_MOST)
#: The bundles of each card slot's price (CIV-1), slot by slot, and where each slot's run starts.
_CARD_PAYS = tuple(len(_bundles_of(price(slot))) for slot in SLOTS)
_CARD_START = tuple(sum(_CARD_PAYS[:k]) for k in range(len(SLOTS)))
#: The one-time tools' values (TOOL-5, CIV-11) and how many cards give each: a use of
#: one-time tools is named by how many of each value it adds, in mixed radix.
_ONE_TIME = sorted(card.amount for card in components().cards if card.effect is Effect.ONE_TIME_TOOL)
ONE_TIME_VALUES = tuple(sorted(set(_ONE_TIME)))
_TOKEN_RADIX = tuple(_ONE_TIME.count(value) + 1 for value in ONE_TIME_VALUES)
_TOKEN_USES = math.prod(_TOKEN_RADIX)
#: The locations an action there takes no payment at: hunting, the areas and the village.
_UNPAID = tuple(location for location in LOCATIONS if location not in BUILDINGS + SLOTS)


#: The blocks' kinds, in order, as indexes into :data:`BLOCKS`, and each block's kind, size and layout.
_PLACE, _ACT, _BUILD, _BUY, _TAKEBACK, _TOOLS, _DIE, _TAKE, _FEED, _HUNGRY = range(10)
_ROWS: tuple[tuple[str, int, str], ...] = (
    ("place", len(LOCATIONS) * MAX_PEOPLE, f"location (16) × people (1–{MAX_PEOPLE})"),
    ("act", len(_UNPAID), "location (hunting … field: 8)"),
    (
        "build",
        len(BUILDINGS) * _BUILD_PAYS,
        f"building1–4 × payment (the {_BUILD_PAYS} bundles of 1–{_BUILD_MOST})",
    ),
    (
        "buy",
        sum(_CARD_PAYS),
        "card1–4 × payment (the " + ", ".join(map(str, _CARD_PAYS)) + " bundles of its price)",
    ),
    ("takeback", len(LOCATIONS), "location (16)"),
    (
        "tools",
        (1 << MAX_TOOLS) * _TOKEN_USES,
        f"tools used (a bit per place 0–{MAX_TOOLS - 1}) × one-time tools used ("
        + ", ".join(
            f"{value}: 0–{radix - 1}" for value, radix in zip(ONE_TIME_VALUES, _TOKEN_RADIX, strict=True)
        )
        + ")",
    ),
    ("die", 6, "face (1–6)"),
    ("take", len(_bundles_of(CLAIM)), f"resources (the bundles of {CLAIM})"),
    ("feed", len(BUNDLES), f"payment (the bundles of 1–{MOST})"),
    ("hungry", 1, "—"),
)


#: The blocks of the action space, in order.
BLOCKS: tuple[Block, ...] = blocks(_ROWS)


def _act(move: Act) -> tuple[int, int]:
    """An action's block and offset: at a building, by the building and the payment's rank
    (BUILD-1); at a card slot, by the slot and the payment among those of its price (CIV-2)."""
    pay, location = move.pay, move.location
    if location in BUILDINGS:
        rank = -1 if pay is None else _RANK.get(pay, -1)
        return _BUILD, BUILDINGS.index(location) * _BUILD_PAYS + rank if 0 <= rank < _BUILD_PAYS else -1
    if location in SLOTS:
        if pay is None or pay.total != price(location):
            return _BUY, -1
        return _BUY, _CARD_START[SLOTS.index(location)] + _WITHIN[pay]
    return _ACT, _UNPAID.index(location) if pay is None else -1


def _tokens(one_time: tuple[int, ...]) -> int:
    """The one-time tools used, by how many of each value, in mixed radix (-1 for more than there are)."""
    code = 0
    for value, radix in zip(ONE_TIME_VALUES, _TOKEN_RADIX, strict=True):
        used = one_time.count(value)
        if used >= radix:
            return -1
        code = code * radix + used
    return code if all(value in ONE_TIME_VALUES for value in one_time) else -1


def _tools(move: UseTools) -> int:
    """The tools' places as bits (each place once), then the one-time tools."""
    places, tokens = set(move.tools), _tokens(move.one_time)
    if len(places) != len(move.tools) or not places <= set(range(MAX_TOOLS)) or tokens < 0:
        return -1
    return sum(1 << place for place in places) * _TOKEN_USES + tokens


def _located(move: Move) -> tuple[int, int]:
    """``move``'s block (its index in :data:`BLOCKS`) and its offset there (out of the block's
    range for a move no action names)."""
    if isinstance(move, Place):
        return (
            _PLACE,
            move.location.row * MAX_PEOPLE + move.people - 1 if 1 <= move.people <= MAX_PEOPLE else -1,
        )
    if isinstance(move, Act):
        return _act(move)
    if isinstance(move, TakeBack):
        return _TAKEBACK, move.location.row
    if isinstance(move, UseTools):
        return _TOOLS, _tools(move)
    if isinstance(move, ChooseDie):
        return _DIE, move.face - 1
    if isinstance(move, TakeResources):
        return _TAKE, _WITHIN.get(move.take, -1) if move.take.total == CLAIM else -1
    if isinstance(move, Feed):
        return _FEED, _RANK.get(move.pay, -1)
    return _HUNGRY, 0


def encode_action(move: Move) -> int:
    """The action of ``move``; ValueError for a move no action names (no legal move is one)."""
    index, offset = _located(move)
    block = BLOCKS[index]
    if not 0 <= offset < block.size:
        raise ValueError(f"no action names {move} (see the action blocks)")
    return block.start + offset


def _action_of(move: Move, _: GameState) -> int:
    """:func:`encode_action`, as the platform asks it (a move's action is the same in every position)."""
    return encode_action(move)


#: The action space: its blocks, :func:`encode_action` and the legal moves (the platform's
#: :class:`~boardtable.rl.actions.ActionSpace`, whose answers this module names).
ACTIONS: ActionSpace[GameState, Move] = ActionSpace(BLOCKS, _action_of, legal_moves)
#: The number of actions.
ACTION_COUNT: int = ACTIONS.actions
legal_actions, describe_blocks = ACTIONS.legal_actions, ACTIONS.describe_blocks
decode_action = ACTIONS.decode_action
