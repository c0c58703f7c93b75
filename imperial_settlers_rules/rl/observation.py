"""The observation vector: what one seat sees of Imperial Settlers, as a fixed-length array.

:func:`observe` reads nothing but :func:`~imperial_settlers_rules.player_view` of the
position for the seat, and :func:`observe_view` refuses anything else (LOOK-6, GOODS-4: the
decks, the other players' hands and their unseen foundations are only counted; the view has
no seed, so no shuffle can be foreseen). Cards are in the order of
:data:`~.actions.CARDS`. Seats are listed from the observer round the table, so the first
player block is always the observer's own. Every value is scaled to about 0…1 and clipped
to ``[0, OBSERVATION_HIGH]``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import HIDDEN, GameState, Phase, Player, player_view
from .._components import FACTIONS
from .._config import MAX_PLAYERS
from .._goods import Goods
from .._model import (
    Apply,
    Choice,
    Convert,
    DiscardFor,
    FollowUp,
    Gain,
    Guard,
    KeepOne,
    Owed,
    Produce,
    RepeatFor,
    Step,
)
from .actions import ACTING, CARDS, MOST_OPTIONS

__all__ = ["OBSERVATION_HIGH", "OBSERVATION_SIZE", "observe", "observe_view"]

#: The largest value of an observation entry.
OBSERVATION_HIGH = 10.0
PHASES: tuple[Phase, ...] = tuple(Phase)
STEPS: tuple[type[Step], ...] = (
    Produce,
    Apply,
    Gain,
    Owed,
    Choice,
    RepeatFor,
    KeepOne,
    Convert,
    DiscardFor,
    Guard,
    FollowUp,
)
FOLLOW_UPS = ("settlers", "negotiator", "reactivate", "again")
_CARD = {card: place for place, card in enumerate(CARDS)}
_ACTING = {card: place for place, card in enumerate(ACTING)}
#: Goods as a vector: the supply, VPs and cards of either, the common and the faction deck.
_GOODS = 7 + 4
_STEP = len(STEPS) + MAX_PLAYERS + 1 + len(CARDS) + MOST_OPTIONS * _GOODS + len(FOLLOW_UPS) + 1
_GLOBAL = (
    3 + 1 + len(PHASES) + 3 * MAX_PLAYERS + 2 + 2 + len(CARDS) + _STEP + 2 * len(ACTING) + 2 * len(CARDS)
)
_PLAYER = 1 + len(FACTIONS) + 7 + 1 + 1 + len(CARDS) + 2 + 1 + _GOODS + 2 + 1 + 2 + 3
#: The length of every observation.
OBSERVATION_SIZE = _GLOBAL + MAX_PLAYERS * _PLAYER


def _one_hot(index: int, size: int) -> list[float]:
    """1 at ``index`` of ``size`` places (none for -1), 0 elsewhere."""
    return [float(place == index) for place in range(size)]


def _cards(cards: tuple[str, ...]) -> list[float]:
    """How many of each printed card ``cards`` hold (hidden ones left out)."""
    row = [0.0] * len(CARDS)
    for card in cards:
        if card != HIDDEN:
            row[_CARD[card]] += 1.0
    return row


def _goods(goods: Goods) -> list[float]:
    return [
        *(n / 5 for n in goods.supply),
        goods.vp / 5,
        goods.card / 5,
        goods.common_card / 5,
        goods.faction_card / 5,
    ]


def _is_view(view: GameState, seat: int) -> bool:
    """Whether ``view`` may be ``seat``'s view: nothing shown that it hides (LOOK-6, GOODS-4)."""
    decks = all(card == HIDDEN for card in view.common) and all(
        card == HIDDEN for player in view.players for card in player.deck
    )
    others = all(
        card == HIDDEN
        for other, player in enumerate(view.players)
        if other != seat
        for card in player.hand + player.unseen
    )
    return decks and others and HIDDEN not in view.players[seat].hand and view.config.seed == 0


def observe(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """The observation of ``seat``: built from ``player_view(state, seat)`` and nothing else."""
    return observe_view(player_view(state, seat), seat)


def observe_view(view: GameState, seat: int) -> npt.NDArray[np.float32]:
    """The observation ``seat``'s view gives it; ValueError for anything but a seat's view."""
    if not 0 <= seat < len(view.players) or not _is_view(view, seat):
        raise ValueError(f"observe_view needs seat {seat}'s view (see player_view)")
    n = len(view.players)
    order = [(seat + k) % n for k in range(n)]
    relative = {s: k for k, s in enumerate(order)}
    uses = dict(view.uses)
    values: list[float] = [
        *_one_hot(n - 2, 3),
        view.round / 5,
        *_one_hot(PHASES.index(view.phase), len(PHASES)),
        *_one_hot(relative[view.first], MAX_PLAYERS),
        *_one_hot(relative[view.turn], MAX_PLAYERS),
        *(1.0 if k < n and order[k] in view.to_act else 0.0 for k in range(MAX_PLAYERS)),
        float(view.acted),
        float(view.second),
        len(view.common) / 84,
        len(view.common_discard) / 84,
        *_cards(view.offer),
        *_step(view, seat, relative),
        *(uses.get(card, 0) / 2 for card in ACTING),
        *(1.0 if card in view.blocked else 0.0 for card in ACTING),
        *_cards(tuple(card for card, _ in view.taken)),
        *_cards(view.players[seat].hand),
    ]
    for k in range(MAX_PLAYERS):
        values.extend(_player(view.players[order[k]]) if k < n else [0.0] * _PLAYER)
    array = np.asarray(values, dtype=np.float32)
    return np.clip(array, 0.0, OBSERVATION_HIGH)


def _step(view: GameState, seat: int, relative: dict[int, int]) -> list[float]:
    """The first step waiting on the agenda (CARD-14, ENG-6): its kind, its seat, the cards
    to keep among (the observer's own only), the options of a choice, a follow-up's kind."""
    if not view.agenda:
        return [0.0] * _STEP
    step = view.agenda[0]
    options = [0.0] * (MOST_OPTIONS * _GOODS)
    if isinstance(step, Choice):
        options = [v for option in step.options for v in _goods(option)]
        options += [0.0] * (MOST_OPTIONS * _GOODS - len(options))
    return [
        *_one_hot(STEPS.index(type(step)) if type(step) in STEPS else -1, len(STEPS)),
        *_one_hot(relative[step.seat], MAX_PLAYERS),
        1.0,
        *_cards(step.drawn if isinstance(step, KeepOne) and step.seat == seat else ()),
        *options,
        *_one_hot(FOLLOW_UPS.index(step.do) if isinstance(step, FollowUp) else -1, len(FOLLOW_UPS)),
        len(step.received) / 5 if isinstance(step, Convert) else 0.0,
    ]


def _player(player: Player) -> list[float]:
    """What a view shows of one player (GOODS-4, DEAL-3): faction, supply, VP, hand and deck
    sizes, the empire card by card, foundations, deals' goods, protection and tucked items."""
    deals = Goods(
        tuple(sum(d.good.supply[k] for d in player.deals) for k in range(7)),
        sum(d.good.vp for d in player.deals),
        sum(d.good.card for d in player.deals),
        sum(d.good.common_card for d in player.deals),
        sum(d.good.faction_card for d in player.deals),
    )
    return [
        1.0,
        *_one_hot(FACTIONS.index(player.faction), len(FACTIONS)),
        *(n / 10 for n in player.supply),
        player.vp / 100,
        len(player.hand) / 20,
        *_cards(player.empire),
        len(player.foundations) / 20,
        len(player.unseen) / 20,
        len(player.deals) / 10,
        *_goods(deals),
        len(player.deck) / 30,
        len(player.discard) / 30,
        float(player.passed),
        len(player.defended) / 10,
        len(player.samurai) / 10,
        sum(len(cards) for _, cards in player.under) / 10,
        sum(count for _, count in player.on_shrine) / 10,
        player.oasis / 4,
    ]
