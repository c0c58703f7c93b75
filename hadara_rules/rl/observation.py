"""The observation vector: what one seat sees, as a fixed-length array of floats.

:func:`observe` reads nothing but :func:`~hadara_rules.view.player_view` of the
position for the seat, so hidden cards (the inner decks, the other players'
drawn cards and draft choices, the colony backs and the discards) cannot leak
into it. Seats are listed from the observing seat round the table, so the first
player block is always the observer's own. Every value is scaled to about 0…1
and clipped to ``[0, OBSERVATION_HIGH]``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import TIERS, Card, Catalogue, Color, GameState, Phase, Section, Side, Track, player_view, score
from .actions import DRAWN_SLOTS, TABLEAU_SLOTS

__all__ = ["OBSERVATION_HIGH", "OBSERVATION_SIZE", "observe", "observe_view"]

MAX_PLAYERS = 5
COLORS: tuple[Color, ...] = tuple(Color)
TRACKS: tuple[Track, ...] = tuple(Track)
SECTIONS: tuple[Section, ...] = tuple(Section)
#: The largest value of an observation entry.
OBSERVATION_HIGH = 10.0

_CARD = 14
_GLOBAL = 4 + 1 + 3 + 2 + len(SECTIONS) + 2 + 5 + 25 + 5 + 5 + 5 * (1 + _CARD) + 5 * 4 + 2
_PLAYER = 1 + 1 + 4 + 5 + 1 + 2 + 5 + 4 + 1 + 4 + 1 + 4 + 1 + 1 + 1 + 2 + 1 + 1
_OWN = DRAWN_SLOTS * _CARD + DRAWN_SLOTS * 6 + TABLEAU_SLOTS * _CARD
#: The length of every observation.
OBSERVATION_SIZE = _GLOBAL + MAX_PLAYERS * _PLAYER + _OWN


def _one_hot(index: int, size: int) -> list[float]:
    row = [0.0] * size
    if 0 <= index < size:
        row[index] = 1.0
    return row


def _card(card: Card | None) -> list[float]:
    """Colour, epoch, price, points, track values, effect and star of a card (zeros for none)."""
    if card is None:
        return [0.0] * _CARD
    return [
        *_one_hot(COLORS.index(card.color), 5),
        card.epoch / 3,
        card.cost / 10,
        card.points / 10,
        card.income / 5,
        card.military / 5,
        card.culture / 5,
        card.food / 5,
        1.0 if card.effect else 0.0,
        1.0 if card.star else 0.0,
    ]


def _known(catalogue: Catalogue, card_id: str) -> Card | None:
    return catalogue.cards.get(card_id)


def observe(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """The observation of ``seat``: built from ``player_view(state, seat)`` and nothing else."""
    return observe_view(player_view(state, seat))


def observe_view(view: GameState) -> npt.NDArray[np.float32]:
    """The observation a player view gives its viewer."""
    seat = view.viewer
    if seat is None:
        raise ValueError("observe_view needs a player view (see player_view)")
    catalogue = view.catalogue
    n = len(view.players)
    order = [(seat + k) % n for k in range(n)]
    relative = {s: k for k, s in enumerate(order)}
    to_act = view.to_act
    totals = [sheet.total for sheet in score(view)]
    values: list[float] = [
        *_one_hot(n - 2, 4),
        1.0 if view.advanced else 0.0,
        *_one_hot(view.epoch - 1, 3),
        *_one_hot(0 if view.phase is Phase.A else 1, 2),
        *_one_hot(SECTIONS.index(view.section), len(SECTIONS)),
        view.round / 5,
        view.turn / MAX_PLAYERS,
        *_one_hot(view.wheel, 5),
        *(v for color in view.board_order for v in _one_hot(COLORS.index(color), 5)),
        *_one_hot(relative[view.first_player], 5),
        *(1.0 if k < n and order[k] in to_act else 0.0 for k in range(MAX_PLAYERS)),
    ]
    for pile in view.outer_piles:
        values.append(len(pile) / 5)
        values.extend(_card(_known(catalogue, pile[-1]) if pile else None))
    for stack in view.colony_stacks:
        top = catalogue.colonies.get(stack[-1]) if stack else None
        values.extend(
            [len(stack) / 5, top.plunder / 10, top.ally_cost / 10, top.points / 10]
            if top is not None
            else [0.0] * 4
        )
    values.extend([len(view.sold) / 20, len(view.removed) / 20])
    for k in range(MAX_PLAYERS):
        values.extend(_player(view, order[k], totals) if k < n else [0.0] * _PLAYER)
    own = view.players[seat]
    for slot in range(DRAWN_SLOTS):
        values.extend(_card(_known(catalogue, own.drawn[slot]) if slot < len(own.drawn) else None))
    choice = view.pending[seat] if seat < len(view.pending) else None
    for slot in range(DRAWN_SLOTS):
        chosen = choice is not None and slot < len(own.drawn) and choice.card == own.drawn[slot]
        if choice is not None and chosen:
            ways = ("sell", "buy", *TRACKS)
            way = str(choice.action) if choice.tile is None else choice.tile
            values.extend(_one_hot(ways.index(way), 6))
        else:
            values.extend([0.0] * 6)
    for slot in range(TABLEAU_SLOTS):
        values.extend(_card(_known(catalogue, own.cards[slot]) if slot < len(own.cards) else None))
    array = np.asarray(values, dtype=np.float32)
    return np.clip(array, 0.0, OBSERVATION_HIGH)


def _player(view: GameState, seat: int, totals: list[int]) -> list[float]:
    """What everyone sees of one player (INFO-2), and whether they have chosen this draft round."""
    player = view.players[seat]
    catalogue = view.catalogue
    cards = [catalogue.cards[c] for c in player.cards]
    held = {catalogue.colonies[h.id].tier for h in player.colonies if h.id in catalogue.colonies}
    carved = {s.statue for s in player.statues}
    chosen = seat < len(view.pending) and view.pending[seat] is not None
    start = catalogue.start_cards.get(player.start_card)
    return [
        1.0,
        player.coins / 20,
        *(value / 20 for _, value in player.tracks.items()),
        *(sum(1 for c in cards if c.color is color) / 5 for color in COLORS),
        sum(c.points for c in cards) / 50,
        sum(1 for h in player.colonies if h.allied) / 5,
        sum(1 for h in player.colonies if not h.allied) / 5,
        *(1.0 if tier in held else 0.0 for tier in TIERS),
        *(1.0 if statue in carved else 0.0 for statue in range(4)),
        len(player.silver) / 2,
        *(sum(1 for t in player.silver if t is track) for track in TRACKS),
        player.gold / 2,
        *(sum(1 for t in player.free_tiles if t is track) for track in TRACKS),
        len(player.tiles_on_cards) / 4,
        len(player.drawn) / 2,
        1.0 if chosen else 0.0,
        *_one_hot(-1 if player.side is None else (0 if player.side is Side.A else 1), 2),
        (start.initiative / 5) if start is not None else 0.0,
        totals[seat] / 100,
    ]
