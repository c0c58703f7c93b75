"""Imperial Settlers' fixed integer action space: one block of actions per kind of move.

Every legal move of a seat maps to one integer in ``range(ACTION_COUNT)``, the same space in
every position and for every player count: a block's first action plus the move's offset in
it. Cards and locations are named by their printed ids, in the order of :data:`CARDS` (the
common cards, then the Romans', Barbarians', Egyptians' and Japanese', as printed); a
location activated by its place among the cards with an action (:data:`ACTING`); the owner
of a location razed by its place round the table from the mover (0: the mover, whose
location the Egyptian player took over, ENG-4; 1: the next seat).

A build, an activation and a conversion carry more than a table could hold (ENG-2: the
payment, gold standing for wood, stone or food; BUILD-3: the location discarded; ENG-6: the
optional purchase; ACTLOC-5: the price cards; ENG-1: the targets; ENG-9: what the move
decides in advance). Such a move is named canonically by its card and its *rank*: its place
among the mover's legal moves of the same kind and card, in the order the rules list them
(``legal_moves``: by payment, fewest gold first, and for each payment by the location
discarded, the empire's order then the foundations', each with its advance decisions). The
ranks are bounded (:data:`MOST_BUILDS` card by card, :data:`MOST_ACTIVATIONS`,
:data:`MOST_CONVERSIONS`); a position that had more would be refused with a ValueError
naming the bound (the games of random moves and of the greedy bot measured stay below a
third of it: the tests hold half).

A spend is named by its take among every take of 1 to :data:`MOST_PAIRS` pairs of workers
(WORK-1), and the deck its first card is drawn from; a take of more has no action (a seat
with more than twice as many workers, the Barbarians keeping theirs, CLEAN-2, is past what
any game measured came near). :data:`BLOCKS` lists the blocks; the bots guide tables them.
"""

from __future__ import annotations

import itertools
from typing import Any

from boardtable.rl import ActionSpace, Block, blocks

from .. import Deck, GameState, Move, _moves, components, legal_moves
from .._components import Special
from .._config import MAX_PLAYERS
from .._goods import GOLD, RESOURCES, SUPPLY

__all__ = [
    "ACTING",
    "ACTIONS",
    "ACTION_COUNT",
    "BLOCKS",
    "CARDS",
    "MOST_ACTIVATIONS",
    "MOST_BUILDS",
    "MOST_CONVERSIONS",
    "MOST_PAIRS",
    "Block",
    "decode_action",
    "describe_blocks",
    "encode_action",
    "legal_actions",
]

_COPIES = components().copies
#: Every printed card id: a card's place here names it.
CARDS: tuple[str, ...] = tuple(_COPIES)
_CARD = {card: place for place, card in enumerate(CARDS)}
#: The cards with an action (ACTLOC-1): only these are activated.
ACTING: tuple[str, ...] = tuple(card for card in CARDS if _COPIES[card].card.ability.action is not None)
_ACTING = {card: place for place, card in enumerate(ACTING)}
#: The cards that take items under or on them (CARD-26), and what they take: a hand card or a resource.
TUCKING: tuple[str, ...] = tuple(card for card in CARDS if _COPIES[card].card.ability.tuck is not None)
_TUCKING = {card: place for place, card in enumerate(TUCKING)}
_ITEMS = len(CARDS) + len(RESOURCES)
_ITEM = {**_CARD, **{SUPPLY[kind]: len(CARDS) + k for k, kind in enumerate(RESOURCES)}}
#: CARD-14: the most options a choice of gains offers.
MOST_OPTIONS = max(
    len(effect.choice)
    for copy in _COPIES.values()
    for effect in (
        copy.card.bonus,
        copy.card.ability.production,
        *(mode.effect for mode in (copy.card.ability.action.modes if copy.card.ability.action else ())),
        copy.card.ability.on_build.effect if copy.card.ability.on_build else None,
    )
    if effect is not None
)
#: The bounds of the ranks of an activation and a conversion (see the module).
MOST_ACTIVATIONS, MOST_CONVERSIONS = 512, 4096


def _most_builds(card: str) -> int:
    """The bound of the ranks of the builds of ``card``: 256; 1024 where its cost discards a
    location or foundation (BUILD-3: each one another build); 8192 where its building bonus
    or production also places samurai (CARD-29: each choice of locations another build)."""
    printed = _COPIES[card].card
    effects = (printed.bonus, printed.ability.production)
    if any(effect is not None and effect.do is Special.PLACE_SAMURAI for effect in effects):
        return 8192
    return 1024 if printed.cost.location else 256


#: Each card's bound of the ranks of its builds, and where its run of the build block starts.
MOST_BUILDS: dict[str, int] = {card: _most_builds(card) for card in CARDS}
_BUILD_AT = dict(zip(CARDS, itertools.accumulate(MOST_BUILDS.values(), initial=0), strict=False))
#: WORK-1: the most pairs of workers a spend with an action takes.
MOST_PAIRS = 20
#: Every take of 1 to MOST_PAIRS pairs, in the rules' order (fewest first, then most wood,
#: stone, food): a take's place here names it.
_TAKES = {
    (wood, stone, food, total - wood - stone - food): place
    for place, (total, wood, stone, food) in enumerate(
        (total, wood, stone, food)
        for total in range(1, MOST_PAIRS + 1)
        for wood in range(total, -1, -1)
        for stone in range(total - wood, -1, -1)
        for food in range(total - wood - stone, -1, -1)
    )
}
_DECK = {None: 0, Deck.COMMON: 0, Deck.FACTION: 1}

_ROWS: tuple[tuple[str, int, str], ...] = (
    ("pick", len(CARDS), f"card ({len(CARDS)})"),
    ("draw", 2, "deck (common, faction)"),
    ("choose", MOST_OPTIONS, f"option (0–{MOST_OPTIONS - 1})"),
    ("keep", len(CARDS), "card"),
    ("repeat", len(CARDS), "location (card)"),
    ("convert", MOST_CONVERSIONS, f"rank (0–{MOST_CONVERSIONS - 1})"),
    ("discard", len(CARDS), "card"),
    ("skip", 1, "—"),
    (
        "build",
        sum(MOST_BUILDS.values()),
        "card × rank (256 a card; 1024 with a location in its cost; 8192 placing samurai)",
    ),
    ("make_deal", len(CARDS) * 4, "card × payment (food, gold) × deck (common, faction)"),
    ("raze_card", len(CARDS) * 2, "card × deck (common, faction)"),
    ("raze", MAX_PLAYERS * len(CARDS) * 2, f"owner (0–{MAX_PLAYERS - 1}) × location (card) × deck"),
    (
        "activate",
        len(ACTING) * MOST_ACTIVATIONS,
        f"location ({len(ACTING)}) × rank (0–{MOST_ACTIVATIONS - 1})",
    ),
    ("spend", len(_TAKES) * 2, f"take ({len(_TAKES)}: 1–{MOST_PAIRS} pairs) × deck (common, faction)"),
    ("pass", 1, "—"),
    ("done", 1, "—"),
    ("defend", len(CARDS), "location (card)"),
    ("samurai", len(CARDS), "location (card)"),
    ("tuck", len(TUCKING) * _ITEMS, f"location ({len(TUCKING)}) × item (card, then wood, stone, food)"),
)
#: The blocks of the action space, in order.
BLOCKS: tuple[Block, ...] = blocks(_ROWS)
_BLOCK = {block.kind: block for block in BLOCKS}
#: The kinds whose offset holds a rank among the legal moves of one card (see the module).
_RANKED: dict[type[Move], str] = {_moves.Build: "card", _moves.Activate: "location", _moves.Convert: "player"}


def _ranks(state: GameState, seat: int) -> dict[Move, int]:
    """Each ranked legal move of ``seat`` by its place among those of its kind and card (kept
    for the last position asked about: the environments ask for every move of one)."""
    kept = _kept.get(seat)
    if kept is not None and kept[0] is state:
        return kept[1]
    counts: dict[tuple[type[Move], Any], int] = {}
    found: dict[Move, int] = {}
    for move in legal_moves(state, seat):
        field = _RANKED.get(type(move))
        if field is None:
            continue
        key = (type(move), getattr(move, field))
        found[move] = counts.get(key, 0)
        counts[key] = found[move] + 1
    _kept.clear()
    _kept[seat] = (state, found)
    return found


_kept: dict[int, tuple[GameState, dict[Move, int]]] = {}


def _ranked(move: Move, state: GameState, most: int) -> int:
    rank = _ranks(state, move.player).get(move)
    if rank is None:
        raise ValueError(f"{move} is not a legal move here (a {type(move).__name__} is named by its rank)")
    if rank >= most:
        raise ValueError(f"{move} is ranked {rank}; the action space names at most {most} (see the module)")
    return rank


def _owner(state: GameState, seat: int, other: int) -> int:
    """The place round the table from ``seat`` of ``other`` (0: the seat itself, ENG-4)."""
    return (other - seat) % len(state.players)


def _located(move: Move, state: GameState) -> tuple[str, int]:
    """``move``'s block (its kind) and its offset there."""
    if isinstance(move, _moves.Pick):
        return "pick", _CARD[move.card]
    if isinstance(move, _moves.Draw):
        return "draw", _DECK[move.deck]
    if isinstance(move, _moves.Choose):
        return "choose", move.option
    if isinstance(move, _moves.Keep):
        return "keep", _CARD[move.card]
    if isinstance(move, _moves.Repeat):
        return "repeat", _CARD[move.location]
    if isinstance(move, _moves.Convert):
        return "convert", _ranked(move, state, MOST_CONVERSIONS)
    if isinstance(move, _moves.Discard):
        return "discard", _CARD[move.card]
    if isinstance(move, _moves.Build):
        most = MOST_BUILDS.get(move.card, 0)
        return "build", _BUILD_AT.get(move.card, 0) + _ranked(move, state, most)
    if isinstance(move, _moves.MakeDeal):
        return "make_deal", _CARD[move.card] * 4 + (move.pay[GOLD] > 0) * 2 + _DECK[move.deck]
    if isinstance(move, _moves.RazeCard):
        return "raze_card", _CARD[move.card] * 2 + _DECK[move.deck]
    if isinstance(move, _moves.Raze):
        place = _owner(state, move.player, move.opponent) * len(CARDS) + _CARD[move.location]
        return "raze", place * 2 + _DECK[move.deck]
    if isinstance(move, _moves.Activate):
        rank = _ranked(move, state, MOST_ACTIVATIONS)
        return "activate", _ACTING[move.location] * MOST_ACTIVATIONS + rank
    if isinstance(move, _moves.Spend):
        take = _TAKES.get(move.take)
        if take is None:
            raise ValueError(f"{move} takes more than the {MOST_PAIRS} pairs of workers an action names")
        return "spend", take * 2 + _DECK[move.deck]
    if isinstance(move, _moves.Defend):
        return "defend", _CARD[move.location]
    if isinstance(move, _moves.Samurai):
        return "samurai", _CARD[move.location]
    if isinstance(move, _moves.Tuck):
        return "tuck", _TUCKING[move.location] * _ITEMS + _ITEM[move.item]
    if isinstance(move, _moves.Skip):
        return "skip", 0
    if isinstance(move, _moves.Pass):
        return "pass", 0
    if isinstance(move, _moves.Done):
        return "done", 0
    raise ValueError(f"no action names {move}")


def encode_action(move: Move, state: GameState) -> int:
    """The action of ``move``, a legal move of its player in ``state`` (the whole position or
    the player's view: the same action either way); ValueError for a move no action names."""
    try:
        kind, offset = _located(move, state)
    except KeyError:
        raise ValueError(f"no action names {move}") from None
    block = _BLOCK[kind]
    if not 0 <= offset < block.size:
        raise ValueError(f"no action names {move} (see the action blocks)")
    return block.start + offset


#: The action space: its blocks, :func:`encode_action` and the legal moves (the platform's
#: :class:`~boardtable.rl.actions.ActionSpace`, whose answers this module names).
ACTIONS: ActionSpace[GameState, Move] = ActionSpace(BLOCKS, encode_action, legal_moves)
#: The number of actions.
ACTION_COUNT: int = ACTIONS.actions
legal_actions, describe_blocks = ACTIONS.legal_actions, ACTIONS.describe_blocks
decode_action = ACTIONS.decode_action
