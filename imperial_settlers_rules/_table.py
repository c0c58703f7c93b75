"""The position being worked on during one move, with the operations every rule shares:
gaining goods (GOODS-5, PROD-5, CARD-18), drawing (GOODS-7, GOODS-8), discarding
(BUILD-8) and which locations a seat controls (FAC-EGY-3).

Each change makes a new position or player with the generated copiers of
:mod:`boardtable.build`, which copy a record's slots without its initializer."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from boardtable.build import copier

from ._components import Card, Copy, Event, components
from ._goods import Goods, Supply, added
from ._model import Deck, GameState, Owed, Player, Step

__all__ = ["Table", "controlled", "copy_of", "shuffled"]

_copy_state, _copy_player = copier(GameState), copier(Player)
_COPIES = components().copies


def copy_of(card: str) -> Copy:
    """The physical card printed ``card``."""
    return _COPIES[card]


def shuffled(seed: int, index: int, cards: Iterable[str]) -> tuple[str, ...]:
    """FLOW-4: ``cards`` in the order of the game's ``index``-th shuffle (the same in every
    process: a string seed is hashed with SHA-512, not Python's salted hash)."""
    order = list(cards)
    random.Random(f"imperial-settlers/{seed}/{index}").shuffle(order)
    return tuple(order)


def controlled(state: GameState, seat: int) -> tuple[str, ...]:
    """FAC-EGY-3: the locations ``seat`` controls now: their own but those taken over by the
    Egyptian player, and those they took over, in the order they entered an empire."""
    own = state.players[seat].empire
    if not state.taken:
        return own
    away = {card for card, by in state.taken if by != seat}
    mine = tuple(card for card, by in state.taken if by == seat)
    return tuple(card for card in own if card not in away) + mine


def owner(state: GameState, card: str) -> int | None:
    """The seat in whose empire ``card`` is built, or None."""
    for seat, player in enumerate(state.players):
        if card in player.empire:
            return seat
    return None


class Table:
    """A move in progress: the latest position (each change replaces it)."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def update(self, **fields: Any) -> None:
        """Replace fields of the position."""
        self.state = _copy_state(self.state, fields)

    def set(self, seat: int, **fields: Any) -> None:
        """Replace fields of ``seat``'s player."""
        players = list(self.state.players)
        players[seat] = _copy_player(players[seat], fields)
        self.state = _copy_state(self.state, {"players": tuple(players)})

    def add(self, seat: int, supply: Supply, vp: int = 0) -> None:
        """GOODS-5, PROD-5: goods from the general supply (VP scored at once, END-5)."""
        player = self.state.players[seat]
        self.set(seat, supply=added(player.supply, supply), vp=max(0, player.vp + vp))

    def pay(self, seat: int, supply: Supply) -> None:
        """GOODS-5: goods paid go back to the general supply (the caller checked them)."""
        player = self.state.players[seat]
        self.set(seat, supply=tuple(a - b for a, b in zip(player.supply, supply, strict=True)))

    def first(self, steps: Iterable[Step]) -> None:
        """Put ``steps`` at the front of the agenda, in order."""
        self.update(agenda=(*steps, *self.state.agenda))

    def gain(self, seat: int, goods: Goods, *, fires: bool = True) -> None:
        """One gain event (ENG-3): supply goods and VPs at once (and CARD-18: 1 VP more per
        Sphinx for 2 VP or more, unless ``fires`` is false, as for a Sphinx's own VP); cards
        of a named deck drawn at once (CARD-5); a card of either deck owed, the deck chosen
        in a decision each (PROD-4)."""
        bonus = 0
        if fires and goods.vp:
            for card in controlled(self.state, seat):
                event = copy_of(card).card.ability.on_event
                if event is not None and event.event is Event.VP_GAIN and goods.vp >= event.min_vp:
                    bonus += event.effect.gain.vp
        if any(goods.supply) or goods.vp:
            self.add(seat, goods.supply, goods.vp + bonus)
        for _ in range(goods.common_card):
            self.draw(seat, Deck.COMMON)
        for _ in range(goods.faction_card):
            self.draw(seat, Deck.FACTION)
        if goods.card:
            self.first(Owed(seat) for _ in range(goods.card))

    def can_draw(self, seat: int, deck: Deck) -> bool:
        """GOODS-8: whether ``deck`` can give ``seat`` a card (itself, or its discard pile
        reshuffled; a faction deck only when the configuration reshuffles it)."""
        if deck is Deck.COMMON:
            return bool(self.state.common or self.state.common_discard)
        player = self.state.players[seat]
        return bool(player.deck or (self.state.config.faction_deck_reshuffle and player.discard))

    def take_top(self, seat: int, deck: Deck) -> str | None:
        """The top card of ``deck`` taken off it (GOODS-8: the discard pile reshuffled first
        if the deck is empty), or None if there is none."""
        if not self.can_draw(seat, deck):
            return None
        state = self.state
        if deck is Deck.COMMON:
            cards = state.common or self._reshuffled(state.common_discard)
            self.update(common=cards[:-1], **({"common_discard": ()} if not state.common else {}))
            return cards[-1]
        player = state.players[seat]
        cards = player.deck or self._reshuffled(player.discard)
        self.set(seat, deck=cards[:-1], **({"discard": ()} if not player.deck else {}))
        return cards[-1]

    def draw(self, seat: int, deck: Deck) -> str | None:
        """GOODS-7: the top card of ``deck`` into ``seat``'s hand (or nothing, GOODS-8)."""
        card = self.take_top(seat, deck)
        if card is not None:
            self.set(seat, hand=(*self.state.players[seat].hand, card))
        return card

    def _reshuffled(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        """FLOW-4, GOODS-8: a discard pile shuffled into a new deck."""
        index = self.state.shuffles
        self.update(shuffles=index + 1)
        return shuffled(self.state.config.seed, index, cards)

    def shuffle_into(self, seat: int, cards: tuple[str, ...]) -> None:
        """CARD-23: ``cards`` put back into ``seat``'s faction deck, the whole deck shuffled."""
        index = self.state.shuffles
        self.update(shuffles=index + 1)
        self.set(seat, deck=shuffled(self.state.config.seed, index, (*self.state.players[seat].deck, *cards)))

    def discard(self, card: str) -> None:
        """BUILD-8, DEAL-6: a card to its own discard pile: a common card to the common pile,
        a faction card to its faction's pile, whoever held it."""
        if card.startswith("com"):
            self.update(common_discard=(*self.state.common_discard, card))
            return
        deck = copy_of(card).card.deck
        for seat, player in enumerate(self.state.players):
            if player.faction == deck:
                self.set(seat, discard=(*player.discard, card))
                return
        raise AssertionError(f"no seat plays the faction of {card}")

    def uses(self, location: str) -> int:
        """ACTLOC-9: the uses of ``location`` this round."""
        for card, count in self.state.uses:
            if card == location:
                return count
        return 0

    def leave_empire(self, seat: int, card: str) -> None:
        """A location leaves ``seat``'s empire (razed, removed, discarded for a cost): what
        lies on it goes back (RAZE-7, DEF-4, FAC-JAP-5, ACTLOC-4), its marks end, a Gate's
        cards go to their discard piles (CARD-6), a take-over ends (FAC-EGY-2)."""
        player = self.state.players[seat]
        under = dict(player.under)
        self.set(
            seat,
            empire=tuple(c for c in player.empire if c != card),
            defended=tuple(c for c in player.defended if c != card),
            samurai=tuple(c for c in player.samurai if c != card),
            under=tuple((c, u) for c, u in player.under if c != card),
            on_shrine=tuple((c, n) for c, n in player.on_shrine if c != card),
        )
        for tucked in under.get(card, ()):
            self.discard(tucked)
        state = self.state
        if (
            any(c == card for c, _ in state.uses)
            or card in state.blocked
            or any(c == card for c, _ in state.taken)
        ):
            self.update(
                uses=tuple((c, n) for c, n in state.uses if c != card),
                blocked=tuple(c for c in state.blocked if c != card),
                taken=tuple((c, by) for c, by in state.taken if c != card),
            )


def card_of(card: str) -> Card:
    """The card entry of the physical card printed ``card``."""
    return _COPIES[card].card
