"""Buying and selling a card: shared by the draft (DRAFT-2) and picking (PICK-1).

BUY-1…3, SELL-1, TRACK-1/2 and the tile choice of PURPLE-2 (TILE-1/2) live here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeAlias

from boardtable.reader import shown

from .. import _effects as effects
from .._components import Card, Catalogue
from .._copy import replace
from .._errors import IllegalMove
from .._events import CardBought, CardSold, CoinReason, Event, coins, steps
from .._kept import Part
from .._model import GameState, PlayerState
from .._moves import BUY, SELL, Action, Move
from .._tableau import color_counts
from .._vocabulary import COLOR_INDEX, NO_TRACKS, Track


def owned_colors(state: GameState, player: PlayerState) -> tuple[int, ...]:
    """How many cards of each colour the player's tableau holds, in ``COLORS`` order."""
    return color_counts(player.cards, state.catalogue)


def price(card: Card, owned: tuple[int, ...]) -> int:
    """BUY-1: the printed price less 1 per card of that colour owned, never below 0.

    ``owned`` is the buyer's :func:`owned_colors`.
    """
    cost = card.cost - owned[COLOR_INDEX[card.color]]
    return cost if cost > 0 else 0  # not max(): a call that parses keywords


def sell_value(state: GameState, player: PlayerState, card: Card) -> int:
    """SELL-1: the coins on the card's back (those of the card's own epoch), plus PURPLE-1 per copy."""
    base = state.catalogue.reference.sell_value[card.epoch - 1]
    return base + effects.sell_bonus(player, state.catalogue)


def tile_choices(player: PlayerState, card: Card) -> tuple[Track | None, ...]:
    """The ``tile`` values a purchase of ``card`` may name (PURPLE-2, TILE-2)."""
    if not effects.places_tile(card):
        return (None,)
    free = tuple(dict.fromkeys(player.free_tiles))
    return free if free else (None,)


class Offer(NamedTuple):
    """How one seat may acquire a card, as ready-made moves."""

    #: The card's printed price (BUY-1).
    cost: int
    #: The index of the card's colour in ``COLORS``: the column of ``owned_colors`` that
    #: lowers the price.
    column: int
    #: The moves buying or selling it; None when buying it places a free tile (PURPLE-2):
    #: the moves then depend on the buyer's tiles.
    both: tuple[Move, ...] | None
    #: The move selling it.
    sold: tuple[Move, ...]


#: Makes the move of one seat acquiring a card: ``(seat, card, action, tile)``.
MoveMaker: TypeAlias = Callable[[int, Card, Action, Track | None], Move]


class Offers(dict[str, Offer]):
    """One seat's :data:`Offer` for each card, by card id, made when first asked for.

    The moves of the draft and of picking are built once per seat and card, so that
    listing a player's options is a few look-ups per card.
    """

    __slots__ = ("catalogue", "make", "seat")

    def __init__(self, catalogue: Catalogue, make: MoveMaker, seat: int) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.make = make
        self.seat = seat

    def __missing__(self, card_id: str) -> Offer:
        card = self.catalogue.cards[card_id]
        sold = (self.make(self.seat, card, SELL, None),)
        both = None if effects.places_tile(card) else (self.make(self.seat, card, BUY, None), *sold)
        offer = self[card_id] = Offer(card.cost, COLOR_INDEX[card.color], both, sold)
        return offer

    def moves(self, card_id: str, player: PlayerState, owned: tuple[int, ...]) -> tuple[Move, ...]:
        """Every legal way for the seat to acquire the card: bought (with each tile choice,
        PURPLE-2) if affordable (BUY-1/2), or sold. ``owned`` is the player's :func:`owned_colors`."""
        cost, column, both, sold = self[card_id]
        if cost - owned[column] > player.coins:  # price(card, owned) > coins; coins are never negative
            return sold
        if both is not None:
            return both
        card = self.catalogue.cards[card_id]
        return (*(self.make(self.seat, card, BUY, tile) for tile in tile_choices(player, card)), *sold)


class OfferBook:
    """Every seat's :class:`Offers` of one kind of move, kept by each catalogue
    (:mod:`hadara_rules._kept`)."""

    __slots__ = ("make", "part")

    def __init__(self, name: str, make: MoveMaker) -> None:
        self.make = make
        #: The offers each catalogue keeps, by seat.
        self.part: Part[int, Offers] = Part(name, bound=_SEATS_KEPT)

    def of(self, catalogue: Catalogue, seat: int) -> Offers:
        """The seat's offers with ``catalogue``."""
        seats = catalogue.kept.tables.get(self.part)
        offers = None if seats is None else seats.get(seat)
        if offers is None:
            offers = catalogue.kept.keep(self.part, seat, Offers(catalogue, self.make, seat))
        return offers


#: Seats whose offers a catalogue keeps (a game has at most five).
_SEATS_KEPT = 64


def check_acquire(
    state: GameState, player: PlayerState, card: Card, action: Action, tile: Track | None, rule: str
) -> IllegalMove | None:
    """Why buying or selling ``card`` is refused, or None (BUY-2, PURPLE-2, TILE-2).

    ``rule`` is the rule that says the card must be bought or sold (DRAFT-2, PICK-1).
    """
    if action is SELL:
        if tile is not None:
            return IllegalMove(rule, "a sold card takes no bonus tile")
        return None
    if action is not BUY:
        return IllegalMove(rule, f"the card must be bought or sold, not {shown(action)}")
    cost = price(card, owned_colors(state, player))
    if cost > player.coins:
        return IllegalMove("BUY-2", f"{card.id} costs {cost} coins and the player has {player.coins}")
    if not effects.places_tile(card):
        return None if tile is None else IllegalMove("BUY-3", f"{card.id} takes no bonus tile")
    if tile is None:  # TILE-2: without a free tile the card takes none
        return (
            None
            if not player.free_tiles
            else IllegalMove("PURPLE-2", f"{card.id} needs one of the free bonus tiles")
        )
    if tile not in player.free_tiles:
        return IllegalMove("TILE-2", f"the player has no free {tile} bonus tile")
    return None


def acquire(
    state: GameState, player: PlayerState, card: Card, action: str, tile: Track | None
) -> PlayerState:
    """The player after buying (BUY-1…3) or selling (SELL-1) ``card``; no checks."""
    if action == SELL:
        return replace(player, coins=player.coins + sell_value(state, player, card))
    return gain_card(state, player, card, tile, paid=price(card, owned_colors(state, player)))


def acquisition_events(
    state: GameState, seat: int, card: Card, action: str, tile: Track | None, rule: str
) -> Iterator[Event]:
    """What :func:`acquire` does, told: a card bought (BUY-1…3, PURPLE-2…4) or sold
    (SELL-1, PURPLE-1) by ``seat`` under ``rule`` (DRAFT-2, PICK-1), judged in ``state``
    (the position the purchase is made from)."""
    player = state.players[seat]
    if action == SELL:
        yield CardSold(rule=rule, player=seat, card=card.id)
        bonus = effects.sell_bonus(player, state.catalogue)
        yield from coins(seat, sell_value(state, player, card) - bonus, CoinReason.SALE, "SELL-1")
        yield from coins(seat, bonus, CoinReason.BONUS, "PURPLE-1")
        return
    yield CardBought(rule="BUY-3", player=seat, card=card.id, tile=tile)
    yield from coins(seat, -price(card, owned_colors(state, player)), CoinReason.PRICE, "BUY-1")
    yield from steps(seat, card.values, NO_TRACKS, "BUY-3")
    after = effects.on_gain(replace(player, cards=(*player.cards, card.id)), card, tile)
    yield from effects.effect_step_events(seat, player, after, state.catalogue)


def gain_card(
    state: GameState, player: PlayerState, card: Card, tile: Track | None, paid: int
) -> PlayerState:
    """BUY-3: the card joins the tableau, its values and its effect count at once."""
    after = replace(
        player,
        coins=player.coins - paid,
        cards=(*player.cards, card.id),
        tracks=player.tracks.plus(card.values),
    )
    return effects.with_effect_steps(player, effects.on_gain(after, card, tile), state.catalogue)


def lose_card(state: GameState, player: PlayerState, card: Card) -> PlayerState:
    """FEED-2: the card leaves the tableau with its values and all its effect gave."""
    i = player.cards.index(card.id)
    after = replace(
        player,
        cards=player.cards[:i] + player.cards[i + 1 :],
        tracks=player.tracks.minus(card.values),
    )
    return effects.with_effect_steps(player, effects.on_loss(after, card), state.catalogue)
