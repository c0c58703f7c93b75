"""The observation vector: what one seat sees of Stone Age, as a fixed-length array of floats.

:func:`observe` reads nothing but :func:`~stone_age_rules.player_view` of the position for
the seat, and :func:`observe_view` refuses anything else: the draw pile and the tiles below
each stack's top are only counted (INFO-1), another player's cards drawn face down only
counted until the game is over (INFO-2), and no roll to come can be foreseen (the view
has no seed). Seats are listed from the observing seat round the table, so the first
player block is always the observer's own. Every value is scaled to about -1…1 and
clipped to ``[-OBSERVATION_HIGH, OBSERVATION_HIGH]``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import Card, Effect, GameState, Kind, Location, Phase, Player, components, player_view
from .._components import CULTURES, MULTIPLIERS
from .._config import MAX_PLAYERS, Claim
from .._model import HIDDEN, MAX_TOOLS
from .._rules.scoring import known_cards, score_sheet
from .actions import ONE_TIME_VALUES

__all__ = ["OBSERVATION_HIGH", "OBSERVATION_SIZE", "observe", "observe_view"]

LOCATIONS: tuple[Location, ...] = tuple(Location)
PHASES: tuple[Phase, ...] = tuple(Phase)
KINDS: tuple[Kind, ...] = tuple(Kind)
EFFECTS: tuple[Effect, ...] = tuple(Effect)
#: The largest magnitude of an observation entry.
OBSERVATION_HIGH = 10.0

_TILE = 3 + len(KINDS) + 3 + 4  # in play, tiles, variable; a fixed cost; least, most, any kinds; kinds
_CARD = 1 + len(EFFECTS) + 1 + len(KINDS) + len(CULTURES) + len(MULTIPLIERS) + 1
_ROLL = 1 + MAX_PLAYERS + len(LOCATIONS) + 1 + len(KINDS) + 2
_CHOICE = 1 + MAX_PLAYERS + 6 + MAX_PLAYERS
_SHORT = 1 + MAX_PLAYERS + 1
_GLOBAL = 3 + 1 + len(PHASES) + 3 * MAX_PLAYERS + 1 + 3 + 1 + 4 * _TILE + 4 * _CARD + _ROLL + _CHOICE + _SHORT
_PLAYER = (
    1 + 9 + 3 * MAX_TOOLS + len(ONE_TIME_VALUES) + 4 + len(CULTURES) + len(MULTIPLIERS) + 1 + len(LOCATIONS)
)
#: The length of every observation.
OBSERVATION_SIZE = _GLOBAL + MAX_PLAYERS * _PLAYER


def _one_hot(index: int, size: int) -> list[float]:
    row = [0.0] * size
    if 0 <= index < size:
        row[index] = 1.0
    return row


def _tile(stack: tuple[str, ...], in_play: bool) -> list[float]:
    """A building stack: in play, how many tiles, and its top tile's cost (BUILD-2 to BUILD-4)."""
    if not stack:
        return [1.0 if in_play else 0.0, *([0.0] * (_TILE - 1))]
    tile = components().building[stack[0]]
    fixed = tile.fixed
    low, high = tile.count
    return [
        1.0,
        len(stack) / 7,
        1.0 if fixed is None else 0.0,
        *((fixed.count(kind) / 3 if fixed is not None else 0.0) for kind in KINDS),
        low / 7,
        high / 7,
        1.0 if fixed is None and tile.kinds is None else 0.0,
        *_one_hot(-1 if tile.kinds is None else tile.kinds - 1, 4),
    ]


def _card(card: Card | None) -> list[float]:
    """A card in the display: its top effect (CIV-4 to CIV-13) and its bottom (CIV-14)."""
    if card is None:
        return [0.0] * _CARD
    return [
        1.0,
        *_one_hot(EFFECTS.index(card.effect), len(EFFECTS)),
        card.amount / 7,
        *_one_hot(-1 if card.kind is None else KINDS.index(card.kind), len(KINDS)),
        *_one_hot(-1 if card.culture is None else CULTURES.index(card.culture), len(CULTURES)),
        *_one_hot(-1 if card.multiplier is None else MULTIPLIERS.index(card.multiplier), len(MULTIPLIERS)),
        card.count / 3,
    ]


def _is_view(view: GameState, seat: int) -> bool:
    """Whether ``view`` may be ``seat``'s view: nothing shown that it hides (INFO-1, INFO-2)."""
    hidden = all(card == HIDDEN for card in view.pile) and all(
        tile == HIDDEN for stack in view.stacks for tile in stack[1:]
    )
    others = view.is_over or all(
        card == HIDDEN for other, player in enumerate(view.players) if other != seat for card in player.drawn
    )
    own = HIDDEN not in view.players[seat].drawn
    return hidden and others and own and view.config.seed == 0 and not view.stated


def observe(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """The observation of ``seat``: built from ``player_view(state, seat)`` and nothing else."""
    return observe_view(player_view(state, seat), seat)


def observe_view(view: GameState, seat: int) -> npt.NDArray[np.float32]:
    """The observation ``seat``'s view gives it; ValueError for anything but a seat's view."""
    if not _is_view(view, seat):
        raise ValueError(f"observe_view needs seat {seat}'s view (see player_view)")
    cards = components().card
    n = view.config.players
    order = [(seat + k) % n for k in range(n)]
    relative = {s: k for k, s in enumerate(order)}
    rounds = view.config.max_rounds
    values: list[float] = [
        *_one_hot(n - 2, 3),
        view.round / 20,
        *_one_hot(PHASES.index(view.phase), len(PHASES)),
        *_one_hot(relative[view.start], MAX_PLAYERS),
        *_one_hot(relative[view.turn], MAX_PLAYERS),
        *(1.0 if k < n and order[k] in view.to_act else 0.0 for k in range(MAX_PLAYERS)),
        view.done / MAX_PLAYERS,
        1.0 if rounds is not None else 0.0,
        (rounds - view.round) / 20 if rounds is not None else 0.0,
        1.0 if view.config.any_two_resources is Claim.IMMEDIATE else 0.0,
        len(view.pile) / 36,
    ]
    for k in range(4):
        values.extend(_tile(view.stacks[k] if k < len(view.stacks) else (), k < len(view.stacks)))
    for card_id in view.display:
        values.extend(_card(None if card_id is None else cards[card_id]))
    values.extend(_roll(view, relative))
    values.extend(_choice(view, relative))
    short = view.short
    values.extend(
        [1.0, *_one_hot(relative[short], MAX_PLAYERS), _shortfall(view.players[short]) / 10]
        if short is not None
        else [0.0] * _SHORT
    )
    for k in range(MAX_PLAYERS):
        values.extend(_player(view, order[k]) if k < n else [0.0] * _PLAYER)
    array = np.asarray(values, dtype=np.float32)
    return np.clip(array, -OBSERVATION_HIGH, OBSERVATION_HIGH)


def _roll(view: GameState, relative: dict[int, int]) -> list[float]:
    """A roll waiting for its owner's tools (TOOL-2): who, where, what it yields, the dice."""
    roll = view.roll
    if roll is None:
        return [0.0] * _ROLL
    return [
        1.0,
        *_one_hot(relative[roll.player], MAX_PLAYERS),
        *_one_hot(LOCATIONS.index(roll.location), len(LOCATIONS)),
        1.0 if roll.kind is None else 0.0,
        *_one_hot(-1 if roll.kind is None else KINDS.index(roll.kind), len(KINDS)),
        len(roll.dice) / 10,
        sum(roll.dice) / 60,
    ]


def _choice(view: GameState, relative: dict[int, int]) -> list[float]:
    """A CIV-8 choice: the buyer, the dice left by face, who still chooses."""
    choice = view.choice
    if choice is None:
        return [0.0] * _CHOICE
    return [
        1.0,
        *_one_hot(relative[choice.buyer], MAX_PLAYERS),
        *(choice.dice.count(face) / 4 for face in range(1, 7)),
        *(1.0 if any(relative[s] == k for s in choice.choosers) else 0.0 for k in range(MAX_PLAYERS)),
    ]


def _shortfall(player: Player) -> int:
    """FEED-3: the food missing to feed every person."""
    return max(0, player.people - player.food)


def _player(view: GameState, seat: int) -> list[float]:
    """What ``view`` shows of one player (INFO-2, INFO-3): the board, the tools, the cards it
    shows, the score if the game ended now, and the people on each location."""
    player = view.players[seat]
    tools = list(player.tools) + [0] * (MAX_TOOLS - len(player.tools))
    used = list(player.used) + [False] * (MAX_TOOLS - len(player.used))
    shown = known_cards(player)
    return [
        1.0,
        player.people / 10,
        view.unplaced(seat) / 10,
        player.food / 20,
        *(player.resources.count(kind) / 10 for kind in KINDS),
        player.agriculture / 10,
        player.score / 100,
        *(level / 4 for level in tools),
        *(1.0 if u else 0.0 for u in used),
        *(1.0 if k < len(player.tools) else 0.0 for k in range(MAX_TOOLS)),
        *(player.one_time.count(value) for value in ONE_TIME_VALUES),
        len(player.cards) / 10,
        len(player.drawn) / 5,
        len(player.buildings) / 10,
        float(player.claims),
        *(sum(1 for c in shown if c.culture == culture) / 2 for culture in CULTURES),
        *(sum(c.count for c in shown if c.multiplier == kind) / 10 for kind in MULTIPLIERS),
        score_sheet(player, view.is_over).total / 100,
        *(view.people_at(location, seat) / 10 for location in LOCATIONS),
    ]
