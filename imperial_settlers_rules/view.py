"""What one seat may see (LOOK-6, GOODS-4): hands and deck contents are secret.

A hidden card shows as :data:`HIDDEN` (``"?"``), so every count stays: the decks' order
and contents, the other players' hands and the cards drawn they are still to choose among,
the cards face down that no other player saw (cards under a Gate, foundations put face down
from the hand, CARD-24) of the other players, and the marker cards of deals made with Trade
Route (face down, FAC-JAP-7), whoever owns them. GOODS-4: a foundation that was a location
razed (RAZE-6) was seen by all, and shows. A
deal's card shows only its deal field (DEAL-3), so the other players' deals show their
goods, not their cards. The seed becomes 0: no reshuffle can be foreseen (FLOW-4).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from ._components import components
from ._config import SEED_LIMIT
from ._events import Event
from ._goods import Goods
from ._model import Deal, GameState, KeepOne, Player, Step
from ._table import card_of, copy_of

__all__ = ["HIDDEN", "NODES", "TRIES", "events_view", "player_view", "sample_world"]

#: A card a view does not show.
HIDDEN = "?"


def _hidden(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def _deal(deal: Deal, own: bool) -> Deal:
    if own and not deal.route:
        return deal
    return Deal(HIDDEN, deal.good, deal.route)


def _player(player: Player, own: bool) -> Player:
    deals = tuple(_deal(d, own) for d in player.deals)
    if own:
        return attrs.evolve(player, deck=_hidden(player.deck), deals=deals)
    return attrs.evolve(
        player,
        hand=_hidden(player.hand),
        deck=_hidden(player.deck),
        foundations=tuple(HIDDEN if c in player.unseen else c for c in player.foundations),
        unseen=_hidden(player.unseen),
        deals=deals,
        under=tuple((gate, _hidden(cards)) for gate, cards in player.under),
    )


def _step(step: Step, seat: int | None) -> Step:
    if isinstance(step, KeepOne) and step.seat != seat:
        return attrs.evolve(step, drawn=_hidden(step.drawn))
    return step


def player_view(state: GameState, seat: int | None) -> GameState:
    """``state`` as ``seat`` sees it (None: a spectator, who sees what everyone sees): LOOK-6,
    GOODS-4, DEAL-3 (see the module)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(state.players)):
        raise ValueError(f"seat must be a seat from 0 to {len(state.players) - 1} or None")
    return attrs.evolve(
        state,
        config=attrs.evolve(state.config, seed=0),
        common=_hidden(state.common),
        players=tuple(_player(p, i == seat) for i, p in enumerate(state.players)),
        agenda=tuple(_step(s, seat) for s in state.agenda),
    )


#: The rules of events whose card only their seat sees: a card drawn (GOODS-7), a card kept
#: of those drawn (CARD-23), a deal's card (DEAL-3).
_SECRET = ("GOODS-7", "CARD-23", "DEAL-3")


def _seen(event: Event, seat: int | None) -> Event:
    if event.seat == seat:
        return event
    if event.rule in _SECRET and event.card:
        return attrs.evolve(event, card=HIDDEN)
    if event.item in components().copies:  # a card put under a Gate, face down (CARD-26)
        return attrs.evolve(event, item=HIDDEN)
    return event


def events_view(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """``events`` as ``seat`` may see them (None: a spectator): the card of another seat's
    draw, keep or deal, and the card another seat put under a location (CARD-26), show as
    :data:`HIDDEN`."""
    return tuple(_seen(event, seat) for event in events)


def _unseen(view: GameState) -> Counter[str]:
    """The cards of the game ``view`` does not show."""
    cards = components()
    every = Counter(
        cards.deck_ids("common") + tuple(c for p in view.players for c in cards.deck_ids(p.faction))
    )
    shown: Counter[str] = Counter(c for c in view.common + view.common_discard + view.offer)
    for player in view.players:
        shown.update(player.hand + player.empire + player.foundations + player.deck + player.discard)
        shown.update(d.card for d in player.deals)
        for _, under in player.under:
            shown.update(under)
    for step in view.agenda:
        if isinstance(step, KeepOne):
            shown.update(step.drawn)
    del shown[HIDDEN]
    return every - shown


class _Dealer:
    """The unseen cards, shuffled, dealt to the hidden places of a view by what may lie there."""

    def __init__(self, view: GameState, rng: random.Random) -> None:
        self.pools: dict[str, list[str]] = {}
        for card in sorted(_unseen(view).elements()):
            self.pools.setdefault(card_of(card).deck, []).append(card)
        for pool in self.pools.values():
            rng.shuffle(pool)
        self.rng = rng

    def take(self, deck: str) -> str:
        return self.pools[deck].pop()

    def deal(self, faction: str, good: Goods | None) -> str:
        """A card of ``faction`` whose deal field gives ``good`` (None: any, a Trade Route's
        marker, FAC-JAP-7), taken at random."""
        pool = self.pools[faction]
        fitting = [i for i, card in enumerate(pool) if good is None or copy_of(card).deal == good]
        return pool.pop(fitting[self.rng.randrange(len(fitting))])

    def factions(self, goods: list[Goods], least: Counter[str], most: Counter[str]) -> list[str]:
        """A faction for each hidden deal's good: one with an unseen card giving it, each
        faction giving at least ``least`` and at most ``most`` of its cards (what its deck
        and its owner's hidden hand leave), searched in a random order."""
        groups = Counter(
            (d, copy_of(c).deal) for d, pool in self.pools.items() if d != "common" for c in pool
        )
        order = sorted(most)
        budget = [NODES]

        def search(k: int, given: Counter[str]) -> list[str] | None:
            budget[0] -= 1
            if budget[0] < 0 or sum(max(0, least[f] - given[f]) for f in order) > len(goods) - k:
                return None
            if k == len(goods):
                return []
            options = [f for f in order if groups[(f, goods[k])] and given[f] < most[f]]
            self.rng.shuffle(options)
            for faction in options:
                groups[(faction, goods[k])] -= 1
                given[faction] += 1
                rest = search(k + 1, given)
                groups[(faction, goods[k])] += 1
                given[faction] -= 1
                if rest is not None:
                    return [faction, *rest]
            return None

        found = search(0, Counter())
        if found is None:
            raise ValueError("no faction can give these deals")
        return found

    def mixed(self, faction: str, count: int) -> list[str]:
        """``count`` hidden cards of a hand (or what lies with it): the faction's unseen cards
        left, the rest common cards, in a random order."""
        own = self.pools.get(faction, [])
        if len(own) > count:
            raise ValueError("the view's hidden places cannot hold its unseen cards")
        cards = own + [self.take("common") for _ in range(count - len(own))]
        self.pools[faction] = []
        self.rng.shuffle(cards)
        return cards


#: How many deals of the hidden cards a sample tries before it gives up, and how many steps
#: one search for the hidden deals' factions may take (bounds on a sample's cost).
TRIES = 20
NODES = 20_000


def sample_world(view: GameState, seat: int, rng: random.Random) -> GameState:
    """A whole position that ``seat``'s ``view`` may stand for (``player_view(world, seat) ==
    view``), for a search to play on (a determinization): the cards the view does not show
    dealt at random to its hidden places, each where such a card may lie (a deck its own
    deck's cards, a foundation a common card, a hidden deal a faction card giving its good, a
    hand common cards and its owner's faction cards), and the seed drawn from ``rng``, so
    the world's decks are not those its seed would deal: a world to search, not a position
    of a record."""
    for _ in range(TRIES):
        try:
            return _dealt(view, seat, rng)
        except (IndexError, ValueError, StopIteration):
            continue
    raise ValueError(f"no world fits this view of seat {seat}")


def _dealt(view: GameState, seat: int, rng: random.Random) -> GameState:
    """One try of :func:`sample_world`."""
    dealer = _Dealer(view, rng)
    strict: Counter[str] = Counter()
    for player in view.players:
        strict[player.faction] += len(player.deck)
        strict["japanese"] += sum(1 for d in player.deals if d.route and d.card == HIDDEN)
    room: Counter[str] = Counter()
    for player in view.players:
        room[player.faction] += player.hand.count(HIDDEN) + sum(u.count(HIDDEN) for _, u in player.under)
    for step in view.agenda:
        if isinstance(step, KeepOne):
            kept = strict if step.shuffle_back else room
            kept[view.players[step.seat].faction] += step.drawn.count(HIDDEN)
    players = list(view.players)
    places = [(i, j) for i, p in enumerate(players) for j, d in enumerate(p.deals) if d.card == HIDDEN]
    unseen = Counter({d: len(pool) for d, pool in dealer.pools.items()})
    most = Counter({f: unseen[f] - strict[f] for f in strict})
    least = Counter({f: max(0, unseen[f] - strict[f] - room[f]) for f in strict})
    plain = [(i, j) for i, j in places if not players[i].deals[j].route]
    chosen = dealer.factions([players[i].deals[j].good for i, j in plain], least, most)
    picks = {
        place: dealer.deal(faction, players[place[0]].deals[place[1]].good)
        for place, faction in zip(plain, chosen, strict=True)
    }
    picks.update({place: dealer.deal("japanese", None) for place in places if place not in picks})
    for (i, j), card in picks.items():
        deals = list(players[i].deals)
        deals[j] = attrs.evolve(deals[j], card=card)
        players[i] = attrs.evolve(players[i], deals=tuple(deals))
    for index, player in enumerate(players):
        deck = tuple(dealer.take(player.faction) for _ in player.deck)
        foundations = tuple(c if c != HIDDEN else dealer.take("common") for c in player.foundations)
        secret = tuple(c for c, seen in zip(foundations, player.foundations, strict=True) if seen == HIDDEN)
        players[index] = attrs.evolve(
            player,
            deck=deck,
            foundations=foundations,
            unseen=secret if HIDDEN in player.unseen else player.unseen,
        )
    agenda = list(view.agenda)
    for position, step in enumerate(agenda):
        if isinstance(step, KeepOne) and step.shuffle_back and HIDDEN in step.drawn:
            owner = players[step.seat].faction
            agenda[position] = attrs.evolve(step, drawn=tuple(dealer.take(owner) for _ in step.drawn))
    common = tuple(dealer.take("common") for _ in view.common)
    for index, player in enumerate(players):
        drawn = [s for s in agenda if isinstance(s, KeepOne) and s.seat == index and HIDDEN in s.drawn]
        hidden = (
            player.hand.count(HIDDEN)
            + sum(u.count(HIDDEN) for _, u in player.under)
            + sum(len(s.drawn) for s in drawn)
        )
        cards = iter(dealer.mixed(player.faction, hidden))
        players[index] = attrs.evolve(
            player,
            hand=tuple(c if c != HIDDEN else next(cards) for c in player.hand),
            under=tuple(
                (gate, tuple(c if c != HIDDEN else next(cards) for c in u)) for gate, u in player.under
            ),
        )
        for step in drawn:
            agenda[agenda.index(step)] = attrs.evolve(step, drawn=tuple(next(cards) for _ in step.drawn))
    if any(dealer.pools.values()):
        raise ValueError("unseen cards left over")
    return attrs.evolve(
        view,
        config=attrs.evolve(view.config, seed=rng.randrange(1, SEED_LIMIT)),
        common=common,
        players=tuple(players),
        agenda=tuple(agenda),
    )
