"""The position being worked on during one move, with the operations every rule shares:
gaining goods (GOODS-5, PROD-5, CARD-18), drawing (GOODS-7, GOODS-8), discarding
(BUILD-8) and which locations a seat controls (FAC-EGY-3).

A move opens the position and each player it changes with the generated openers of
:mod:`boardtable.build` (a copy of a record's slots, written in place) and freezes them
when the position is put together."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from boardtable.build import opener

from ._components import Card, Copy, Event, Faction, components
from ._events import Event as Happened
from ._goods import Goods, Supply, added, taken
from ._model import Deck, GameState, Owed, Player, Step

__all__ = ["Table", "board_of", "card_of", "controlled", "copy_of", "held", "owner", "shuffled"]

#: An open copy of a position, and of a player with the class of such copies (to tell them).
_open_state = opener(GameState)[0]
_open_player, _OpenPlayer = opener(Player)
_COPIES = components().copies
#: CARD-18: the least VP of a gain event that any card reacts to.
_LEAST_VP_EVENT = min(
    c.card.ability.on_event.min_vp
    for c in _COPIES.values()
    if c.card.ability.on_event is not None and c.card.ability.on_event.event is Event.VP_GAIN
)


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
    return held(state.players[seat].empire, state.taken, seat)


def held(own: tuple[str, ...], taken: tuple[tuple[str, int], ...], seat: int) -> tuple[str, ...]:
    """FAC-EGY-3: the locations ``seat`` controls with empire ``own`` and take-overs ``taken``."""
    if not taken:
        return own
    away = {card for card, by in taken if by != seat}
    mine = tuple(card for card, by in taken if by == seat)
    return tuple(card for card in own if card not in away) + mine


def owner(state: GameState, card: str) -> int | None:
    """The seat in whose empire ``card`` is built, or None."""
    for seat, player in enumerate(state.players):
        if card in player.empire:
            return seat
    return None


class Table:
    """A move in progress: the position now, the one it started from until its first change,
    then an open copy of it written in place (and each player likewise from their first
    change), made a frozen position only when the whole position is read (:attr:`state`), so
    that a move copies the position and each player it changes about once."""

    __slots__ = ("_moved", "_open", "events", "now", "players", "seen")

    def __init__(self, state: GameState, recording: bool = False) -> None:
        #: The position now, its fields read directly: but ``players``, which is as it was
        #: when last put together (a player now is read from :attr:`players`), and the
        #: position's properties, which an open copy has not. Written only through the
        #: table's methods.
        self.now: GameState = state
        #: Whether :attr:`now` is an open copy (written in place), not a frozen position.
        self._open = False
        #: The players now, each frozen or an open copy, their fields read directly (at once: an
        #: open copy changes with the move); written only through the table's methods. And
        #: whether any was opened since the position was last put together.
        self.players: list[Player] = list(state.players)
        self._moved = False
        #: What happened so far, when recorded (None: not recorded, the fast path).
        self.events: list[Happened] | None = [] if recording else None
        #: ENG-9: cards the mover has seen drawn during this move (the deck of a card owed
        #: after one is not decided in advance).
        self.seen = 0

    def note(
        self,
        rule: str,
        what: str,
        seat: int | None = None,
        card: str | None = None,
        goods: Goods | None = None,
        item: str | None = None,
        opponent: int | None = None,
    ) -> None:
        """Record an event (when events are recorded)."""
        if self.events is not None:
            self.events.append(
                Happened(
                    rule, what, seat, card, () if goods is None else tuple(goods.items()), item, opponent
                )
            )

    @property
    def state(self) -> GameState:
        """The position with every change so far, frozen (a later change opens a new copy)."""
        if self._moved:
            players = self.players
            for player in players:
                if type(player) is _OpenPlayer:
                    player.__class__ = Player
            self._writable_now().players = tuple(players)
            self._moved = False
        now: Any = self.now
        if self._open:
            now.__class__ = GameState
            self._open = False
        return now  # type: ignore[no-any-return]

    def _writable_now(self) -> Any:
        """The position to write in place: its open copy, opened (copied) at its first change
        since it was last put together."""
        if not self._open:
            self.now = _open_state(self.now)
            self._open = True
        return self.now

    def _writable(self, seat: int) -> Any:
        """``seat``'s player to write in place: its open copy, opened (copied) at its first
        change since the position was last put together."""
        player = self.players[seat]
        if type(player) is not _OpenPlayer:
            self.players[seat] = player = _open_player(player)
            self._moved = True
        return player

    def controlled(self, seat: int) -> tuple[str, ...]:
        """:func:`controlled` in the position now, without putting it together."""
        return held(self.players[seat].empire, self.now.taken, seat)

    def owner(self, card: str) -> int | None:
        """:func:`owner` in the position now, without putting it together."""
        for seat, player in enumerate(self.players):
            if card in player.empire:
                return seat
        return None

    def update(self, **fields: Any) -> None:
        """Replace fields of the position (not ``players``: see :meth:`set`)."""
        now = self._writable_now()
        for name in fields:
            setattr(now, name, fields[name])

    def put(self, name: str, value: object) -> None:
        """Replace the field ``name`` of the position (:meth:`update` of one field)."""
        setattr(self._writable_now(), name, value)

    def set(self, seat: int, **fields: Any) -> None:
        """Replace fields of ``seat``'s player."""
        player: Any = self._writable(seat)
        for name in fields:
            setattr(player, name, fields[name])

    def put_field(self, seat: int, name: str, value: object) -> None:
        """Replace the field ``name`` of ``seat``'s player (:meth:`set` of one field)."""
        setattr(self._writable(seat), name, value)

    def add(self, seat: int, supply: Supply, vp: int = 0) -> None:
        """GOODS-5, GOODS-6, PROD-5: goods from the general supply, which has no limit (VP
        scored at once, never below zero, END-5)."""
        player: Any = self._writable(seat)
        player.supply = added(player.supply, supply)
        if vp:
            player.vp = max(0, player.vp + vp)

    def pay(self, seat: int, supply: Supply) -> None:
        """GOODS-5: goods paid go back to the general supply (the caller checked them)."""
        player: Any = self._writable(seat)
        player.supply = taken(player.supply, supply)

    def first(self, steps: Iterable[Step]) -> None:
        """Put ``steps`` at the front of the agenda, in order."""
        now: Any = self._writable_now()
        now.agenda = (*steps, *now.agenda)

    def gain(self, seat: int, goods: Goods) -> None:
        """One gain event (ENG-3): supply goods and VPs at once (and CARD-18: 1 VP more per
        Sphinx for 2 VP or more, the Sphinx's own VP firing nothing); cards
        of a named deck drawn at once (CARD-5); a card of either deck owed, the deck chosen
        in a decision each (PROD-4)."""
        bonus = 0
        if goods.vp >= _LEAST_VP_EVENT:
            for card in self.controlled(seat):
                event = copy_of(card).card.ability.on_event
                if event is not None and event.event is Event.VP_GAIN and goods.vp >= event.min_vp:
                    bonus += event.effect.gain.vp
        if any(goods.supply) or goods.vp:
            self.add(seat, goods.supply, goods.vp + bonus)
        if goods.common_card or goods.faction_card:
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
            return bool(self.now.common or self.now.common_discard)
        player: Any = self.players[seat]
        return bool(player.deck or (self.now.config.faction_deck_reshuffle and player.discard))

    def take_top(self, seat: int, deck: Deck) -> str | None:
        """The top card of ``deck`` taken off it (GOODS-8: the discard pile reshuffled first
        if the deck is empty), or None if there is none."""
        cards: tuple[str, ...]
        if deck is Deck.COMMON:
            cards = self.now.common
            if cards:
                self._writable_now().common = cards[:-1]
                return cards[-1]
        else:
            cards = self.players[seat].deck
            if cards:
                self._writable(seat).deck = cards[:-1]
                return cards[-1]
        if not self.can_draw(seat, deck):
            return None
        if deck is Deck.COMMON:  # the deck is empty: its discard pile is reshuffled
            cards = self._reshuffled(self.now.common_discard)
            self.update(common=cards[:-1], common_discard=())
            return cards[-1]
        cards = self._reshuffled(self.players[seat].discard)
        self.set(seat, deck=cards[:-1], discard=())
        return cards[-1]

    def draw(self, seat: int, deck: Deck) -> str | None:
        """GOODS-7: the top card of ``deck`` into ``seat``'s hand (or nothing, GOODS-8)."""
        card = self.take_top(seat, deck)
        if card is not None:
            self.seen += 1
            player: Any = self._writable(seat)
            player.hand = (*player.hand, card)
            if self.events is not None:
                self.note("GOODS-7", f"draws from the {deck.value} deck", seat, card)
        return card

    def _reshuffled(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        """FLOW-4, GOODS-8: a discard pile shuffled into a new deck."""
        index = self.now.shuffles
        self.put("shuffles", index + 1)
        return shuffled(self.now.config.seed, index, cards)

    def shuffle_into(self, seat: int, cards: tuple[str, ...]) -> None:
        """CARD-23: ``cards`` put back into ``seat``'s faction deck, the whole deck shuffled."""
        index = self.now.shuffles
        self.put("shuffles", index + 1)
        self.put_field(
            seat, "deck", shuffled(self.now.config.seed, index, (*self.players[seat].deck, *cards))
        )

    def discard(self, card: str) -> None:
        """BUILD-8, DEAL-6: a card to its own discard pile: a common card to the common pile,
        a faction card to its faction's pile, whoever held it."""
        if card.startswith("com"):
            self.put("common_discard", (*self.now.common_discard, card))
            return
        copy = _COPIES.get(card)
        if copy is None:  # a card a seat's view hides (a deal's): its pile is not shown
            return
        deck = copy.card.deck
        for seat in range(self.now.config.players):
            if self.players[seat].faction == deck:
                self.put_field(seat, "discard", (*self.players[seat].discard, card))
                return
        raise AssertionError(f"no seat plays the faction of {card}")

    def leave_empire(self, seat: int, card: str) -> None:
        """A location leaves ``seat``'s empire (razed, removed, discarded for a cost): what
        lies on it goes back (RAZE-7, DEF-4, FAC-JAP-5, ACTLOC-4), its marks end, a Gate's
        cards go to their discard piles (CARD-6), a take-over ends (FAC-EGY-2)."""
        player: Any = self._writable(seat)
        player.empire = _without(player.empire, card)
        if card in player.defended:
            player.defended = _without(player.defended, card)
        if card in player.samurai:
            player.samurai = _without(player.samurai, card)
        if player.under:
            under = dict(player.under)
            player.under = tuple((c, u) for c, u in player.under if c != card)
            for tucked in under.get(card, ()):
                self.discard(tucked)
        if player.on_shrine:
            player.on_shrine = tuple((c, n) for c, n in player.on_shrine if c != card)
        uses, blocked, taken = self.now.uses, self.now.blocked, self.now.taken
        if (uses and card in dict(uses)) or card in blocked or (taken and card in dict(taken)):
            self.update(
                uses=tuple((c, n) for c, n in uses if c != card),
                blocked=_without(blocked, card),
                taken=tuple((c, by) for c, by in taken if c != card),
            )


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` but every ``card``."""
    return tuple([c for c in cards if c != card])


def card_of(card: str) -> Card:
    """The card entry of the physical card printed ``card``."""
    return _COPIES[card].card


def board_of(faction: str) -> Faction:
    """The board of ``faction`` (SETUP-3)."""
    return _BOARDS[faction]


_BOARDS = {board.id: board for board in components().factions}
