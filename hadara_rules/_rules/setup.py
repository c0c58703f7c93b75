"""Setting up a game (SETUP-1…6), first players and compensation (START-1…4), epochs (EPOCH-2).

All randomness of a game is drawn here, from the configuration's seed: every
later step is a pure function of the position and the move.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator
from typing import TypeVar

from boardtable.reader import shown

from .._config import GameConfig
from .._copy import replace
from .._errors import ConfigError, IllegalMove
from .._events import CoinReason, SideChosen, coins, steps
from .._model import Changes, GameState, PlayerState
from .._moves import ChooseSide, Move
from .._vocabulary import (
    COLORS,
    EPOCHS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIERS,
    TRACKS,
    Color,
    Phase,
    Section,
    Side,
    Tracks,
)
from ..catalogue import Catalogue, load_catalogue
from .section import Narration, SectionRules, handles, players_with

T = TypeVar("T")


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, drawing the same
    numbers (a test holds the two together), without its two Python calls per item.

    Setup shuffles every deck, stack and start card pool of the game, so this is most
    of what a new game costs.
    """
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


# global: by a length only, the same for every catalogue
@functools.lru_cache(maxsize=64)
def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """The swaps of shuffling ``length`` items, last place first: the place, how many
    items it is drawn from, and the bits drawn for that."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, length)))


def initiative_order(state: GameState) -> tuple[int, ...]:
    """Seats sorted by their start card's initiative, lowest first (START-1)."""
    return _by_initiative(tuple(p.start_card for p in state.players), state.catalogue)


def _by_initiative(start_cards: tuple[str, ...], catalogue: Catalogue) -> tuple[int, ...]:
    cards = catalogue.start_cards
    initiative = [cards[card].initiative for card in start_cards]
    return tuple(sorted(range(len(start_cards)), key=initiative.__getitem__))  # a stable sort: ties by seat


def first_player(order: tuple[int, ...], epoch: int) -> int:
    """START-1/START-2: the epoch's first player from the initiative order."""
    if len(order) == 2:
        return order[1] if epoch == 2 else order[0]
    return order[epoch - 1]


def compensated(order: tuple[int, ...]) -> frozenset[int]:
    """START-3: the seats that are never first player, or first only once with 2 players."""
    if len(order) == 2:
        return frozenset({order[1]})
    firsts = {first_player(order, e) for e in EPOCHS}
    return frozenset(s for s in order if s not in firsts)


def _board_order(config: GameConfig, rng: random.Random) -> tuple[Color, ...]:
    if config.board_order is None:
        colors = list(COLORS)
        shuffle(rng, colors)
        return tuple(colors)
    if sorted(config.board_order) != sorted(COLORS) or len(config.board_order) != len(COLORS):
        raise ConfigError(
            "SETUP-2: board_order must name each of the 5 colours exactly once, "
            f"not {[str(c) for c in config.board_order]}"
        )
    return tuple(config.board_order)


def deal_seed(seed: int) -> int:
    """The number the setup's shuffles are drawn from: the seed as an unsigned 64-bit number.

    A non-negative seed deals as it always has; a negative one as its two's complement,
    ``seed + 2**64``. :class:`random.Random` drops a number's sign, so that ``s`` and ``-s``
    would deal the same game: this way every seed a configuration takes (a whole number
    of at most 64 bits) deals a game of its own.
    """
    return seed % (1 << 64)


def cards_laid_out(pool: int, players: int) -> int:
    """SETUP-3: of the ``pool`` cards of one epoch and colour, 2 per player are laid out, or
    all there are."""
    return min(2 * players, pool)


def colonies_laid_out(pool: int, players: int) -> int:
    """SETUP-4: of the ``pool`` colonies of one tier, one per player is laid out, or all
    there are."""
    return min(players, pool)


def lay_out(config: GameConfig) -> GameState:
    """The table as set up by SETUP-1…6 and START-1…4, in the setup section (in the
    basic game every side is chosen already). Each player has the crest the
    configuration names for the seat, or by default the crest at the wheel's place of
    the seat's number (WHEEL-3).

    Deterministic in ``config``: the same config gives equal, equally hashing states.
    """
    n = config.players
    if not isinstance(n, int) or isinstance(n, bool) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ConfigError(f"SETUP-1: a game has 2 to 5 players, not {shown(n)}")
    catalogue = config.catalogue if config.catalogue is not None else load_catalogue()
    rng = random.Random(deal_seed(config.seed))
    board_order = _board_order(config, rng)

    start_ids = sorted(catalogue.start_cards)
    shuffle(rng, start_ids)  # SETUP-6
    dealt = start_ids[:n]

    epoch_decks: list[tuple[tuple[str, ...], ...]] = []
    for epoch in EPOCHS:  # SETUP-3, EPOCH-2: all epochs are laid out from the seed now
        decks = []
        for color in COLORS:
            pool = list(catalogue.deck_pool(epoch, color, config.advanced))
            shuffle(rng, pool)
            decks.append(tuple(pool[: cards_laid_out(len(pool), n)]))
        epoch_decks.append(tuple(decks))

    stacks = []
    for tier in TIERS:  # SETUP-4
        pool = list(catalogue.tier_pool(tier))
        shuffle(rng, pool)
        stacks.append(tuple(pool[: colonies_laid_out(len(pool), n)]))

    in_play = {c for decks in epoch_decks for deck in decks for c in deck}
    in_play.update(c for stack in stacks for c in stack)
    box = tuple(itertools.filterfalse(in_play.__contains__, catalogue.ids))

    order = _by_initiative(tuple(dealt), catalogue)
    compensation = compensated(order)  # START-3
    tiles = tuple(t for t in TRACKS for _ in range(catalogue.reference.tiles_per_track))
    crests = config.crests if config.crests is not None else catalogue.reference.crest_order[:n]
    players = tuple(
        PlayerState(
            crest=crests[seat],  # SETUP-1, WHEEL-3: each player's board by its crest
            start_card=card_id,
            side=None,
            coins=1 if seat in compensation else 0,
            tracks=Tracks(),
            free_tiles=tiles,
        )
        for seat, card_id in enumerate(dealt)
    )
    state = GameState(
        players=players,
        epoch=1,
        phase=Phase.A,
        section=Section.SETUP,
        first_player=first_player(order, 1),
        board_order=board_order,
        decks=epoch_decks[0],
        later_decks=tuple(epoch_decks[1:]),
        colony_stacks=tuple(stacks),
        box=box,
        advanced=config.advanced,
        tie_break_all_coins=config.variants.tie_break_all_coins,
        catalogue=catalogue,
    )
    if not config.advanced:  # SETUP-6: the basic game plays side A
        for seat in range(n):
            state = replace(state, **choose_side(state, seat, Side.A))
    return state


def choose_side(state: GameState, seat: int, side: Side) -> Changes:
    """SETUP-6: the start card's side gives coins and the starting track values."""
    player = state.players[seat]
    values = state.catalogue.start_cards[player.start_card].side(side)
    chosen = replace(player, side=side, coins=player.coins + values.coins, tracks=values.values)
    return {"players": players_with(state, seat, chosen)}


# --------------------------------------------------------------------------- the setup section


def choosing_side(state: GameState, seat: int) -> bool:
    """SETUP-6 (advanced game): whether the player has not chosen a side yet."""
    return state.players[seat].side is None


def sides_chosen(state: GameState) -> bool:
    """SETUP-6: setup ends once every player has chosen a side."""
    return all(p.side is not None for p in state.players)


def legal(state: GameState, seat: int) -> Iterator[Move]:
    """SETUP-6 (advanced game): side A or side B."""
    yield ChooseSide(seat, Side.A)
    yield ChooseSide(seat, Side.B)


def check_side(state: GameState, move: ChooseSide) -> IllegalMove | None:
    """SETUP-6: either side may be chosen (a :class:`ChooseSide` names A or B by construction)."""
    return None


def play_side(state: GameState, move: ChooseSide) -> Changes:
    """Apply a :class:`ChooseSide`."""
    return choose_side(state, move.player, move.side)


def narrate_side(before: GameState, move: ChooseSide, after: GameState) -> Narration:
    """SETUP-6: the side chosen, its coins and the steps to its starting track values."""
    seat = move.player
    player = before.players[seat]
    side = before.catalogue.start_cards[player.start_card].side(move.side)
    yield SideChosen(rule="SETUP-6", player=seat, side=move.side)
    yield from coins(seat, side.coins, CoinReason.START, "SETUP-6")
    yield from steps(seat, side.values, player.tracks, "SETUP-6")


#: Setup (SETUP-6, advanced game): the players choose their start card's side together.
SETUP = SectionRules(
    moves=dict([handles(ChooseSide, check_side, play_side, narrate_side)]),
    legal=legal,
    deciding=choosing_side,
    finished=sides_chosen,
)
