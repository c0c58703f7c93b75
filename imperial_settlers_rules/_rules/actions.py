"""The actions of the action phase but activating a location (ACT-2): build (BUILD), make a
deal (DEAL), raze (RAZE), spend workers (WORK), pass (ACT-4); and the free steps (ACT-8):
a defense token (DEF-2), samurai (FAC-JAP-3), tucking (CARD-26).

Each ``*_moves`` function lists every legal move of its kind (the action's in runs,
:data:`Run`); each other function carries out one such move."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence

from .._components import Effect, Event, OnBuild, Special, components
from .._goods import (
    DEFENSE,
    FOOD,
    RAZE,
    RESOURCES,
    SUPPLY,
    WOOD,
    WORKER,
    Goods,
    Price,
    Supply,
    added,
    least_money,
    money,
    one,
    payments,
    taken,
)
from .._model import Deal, GameState, Owed, Part, Player, Step
from .._moves import Activate, Build, Defend, MakeDeal, Move, Pass, Raze, RazeCard, Samurai, Spend, Tuck
from .._table import Table, card_of, controlled, copy_of, owner
from .agenda import applied, carried, gained

__all__ = [
    "REACTING",
    "SILENT",
    "Quiet",
    "Run",
    "asks_nothing",
    "build",
    "build_moves",
    "deal_moves",
    "defend",
    "discardable",
    "each_payment",
    "event_gains",
    "event_steps",
    "free_moves",
    "free_steps",
    "make_deal",
    "matches",
    "pass_turn",
    "razable",
    "raze",
    "raze_card",
    "raze_gain",
    "raze_moves",
    "raze_price",
    "razed",
    "razed_from_hand",
    "samurai",
    "slaver_options",
    "spend",
    "spend_moves",
    "tuck",
]

#: Moves listed together that ENG-9 reads alike (:class:`Quiet`, :func:`~.ahead.answered`):
#: those of one kind and one card (an activation's: one location and price mode) that differ
#: in their payment, discard, option, target or times, or moves that never decide anything in
#: advance (a pass and the free steps, ACT-4, ACT-8; a follow-up not taken, CARD-7); never
#: empty.
Run = Sequence[Move]

#: DEAL-2: a deal costs 1 food.
DEAL_PRICE = Price(one(FOOD))
#: RAZE-2: razing a card from the hand costs 1 raze token.
RAZE_HAND = 1
#: RAZE-4: razing a location costs 2 raze tokens, more where protected.
RAZE_LOCATION = 2


def _taken_by(taken: tuple[tuple[str, int], ...], card: str) -> int | None:
    """FAC-EGY-3: the seat that took ``card`` over (``taken``: the take-overs), or None."""
    for location, by in taken:
        if location == card:
            return by
    return None


def discardable(state: GameState, seat: int) -> tuple[str, ...]:
    """BUILD-3: the own locations and foundations a ``location`` cost may discard (FAC-EGY-1:
    not a location taken over)."""
    player = state.players[seat]
    if not state.taken:
        return player.empire + player.foundations
    taken = {card for card, _ in state.taken}
    return tuple(c for c in player.empire if c not in taken) + player.foundations


def _cost(card: str, skip_location: bool) -> Price:
    """BUILD-2, CARD-7: the cost of building ``card`` (without its location part when skipped)."""
    cost = card_of(card).cost
    return Price(cost.supply, location=0 if skip_location else cost.location)


#: BUILD-2, CARD-7: :func:`_cost` of every card, read once: by whether the location part is skipped.
_COSTS = {skip: {printed: _cost(printed, skip) for printed in components().copies} for skip in (False, True)}


#: GOODS-2: the least money (:func:`least_money`) that building each card costs.
_LEAST_MONEY = {printed: least_money(cost.supply) for printed, cost in _COSTS[False].items()}

#: ENG-2, GOODS-2: the payments of each card's building cost (:func:`payments`), by the wood,
#: stone, food and gold of the supply paying (BUILD-2: a building cost asks wood, stone and food
#: alone, so its payments depend on those and gold alone), then by card: found as listings ask
#: for them and reused; cleared when it holds 4096 supplies.
_BUILD_PAID: dict[Supply, dict[str, tuple[Supply, ...]]] = {}


def _build_paid(supply: Supply) -> dict[str, tuple[Supply, ...]]:
    """The payments of building each card found so far with ``supply`` (:data:`_BUILD_PAID`)."""
    paid_from = supply[WOOD:RAZE]
    found = _BUILD_PAID.get(paid_from)
    if found is None:
        if len(_BUILD_PAID) >= 1 << 12:
            _BUILD_PAID.clear()
        found = _BUILD_PAID[paid_from] = {}
    return found


#: CARD-3: the cards with a feature reacting to builds.
REACTING = frozenset(
    printed for printed, copy in components().copies.items() if copy.card.ability.on_build is not None
)

#: ENG-6: the cards whose feature offers an optional purchase (``may_pay``).
_OFFERING = frozenset(
    printed
    for printed, copy in components().copies.items()
    if copy.card.ability.on_build is not None and copy.card.ability.on_build.effect.may_pay
)


def _offers(locations: tuple[str, ...]) -> tuple[str, ...]:
    """ENG-6: the locations with optional purchases (``may_pay``) of ``locations`` (those a seat
    controls)."""
    return tuple(filter(_OFFERING.__contains__, locations))


def slaver_options(
    offers: tuple[OnBuild, ...], card: str, supply: tuple[int, ...], pay: tuple[int, ...]
) -> list[tuple[int | None, tuple[int, ...]]]:
    """ENG-6, ENG-2: the optional purchases that building ``card`` fires (``offers``, and the
    card's own) with each payment of them the supply left after paying ``pay`` affords (gold
    for stone too, GOODS-2), as (option, the cost and the purchase paid together); (None,
    ``pay``) for none."""
    own = card_of(card).ability.on_build
    features = (*offers, own) if own is not None and own.effect.may_pay else offers
    found: list[tuple[int | None, tuple[int, ...]]] = [(None, pay)]
    for feature in features:
        if matches(feature, card):
            after = taken(supply, pay)
            for index, offer in enumerate(feature.effect.may_pay):
                found += [(index, added(pay, extra)) for extra in payments(offer.pay, after)]
            break
    return found


def matches(feature: OnBuild, card: str) -> bool:
    """CARD-3, CARD-4: whether building ``card`` fires ``feature``."""
    built = card_of(card)
    if feature.faction:
        return not built.common
    return feature.colour in built.colours


def build_moves(
    state: GameState,
    seat: int,
    cards: tuple[str, ...],
    skip_location: bool = False,
    held: tuple[str, ...] | None = None,
) -> list[Run]:
    """BUILD-1 to BUILD-4: every build of one of ``cards`` (the hand's, or those a follow-up
    offers, CARD-7, BUILD-10), a run a card: each payment (ENG-2), each location or
    foundation discarded (BUILD-3), each optional purchase (ENG-6); copies are built like any
    card (BUILD-7). ``held``: the locations ``seat`` controls, where known (FAC-EGY-3)."""
    player = state.players[seat]
    supply = player.supply
    spare: tuple[str, ...] | None = None
    offers = _offers(controlled(state, seat) if held is None else held)
    features = (
        tuple(f for location in offers if (f := card_of(location).ability.on_build) is not None)
        if offers
        else ()
    )
    runs: list[Run] = []
    cash = money(supply)
    costs = _COSTS[skip_location]
    paid = _build_paid(supply)
    for card in cards:
        if _LEAST_MONEY[card] > cash:  # GOODS-2: no payment is afforded
            continue
        cost = costs[card]
        if cost.location:
            if spare is None:
                spare = discardable(state, seat) if player.foundations or player.empire else ()
            if cost.location > len(spare):
                continue
        pays = paid.get(card)
        if pays is None:
            pays = paid[card] = payments(cost, supply)
        if not pays:
            continue
        options: Iterable[tuple[int | None, tuple[int, ...]]]
        if offers or card in _OFFERING:
            options = dict.fromkeys(o for pay in pays for o in slaver_options(features, card, supply, pay))
        elif not cost.location:  # ENG-6: no optional purchase fires; each payment differs
            runs.append(each_payment(Build, seat, card, pays, None, None))
            continue
        else:
            options = [(None, pay) for pay in pays]  # ENG-2: each payment differs
        run: list[Move] = []
        for option, pay in options:
            if spare is not None and cost.location:
                run += [_build(seat, card, pay, discard, option) for discard in spare]
            else:
                run.append(_build(seat, card, pay, None, option))
        runs.append(run)
    return runs


#: A build move, made once and reused (moves are immutable values); at most 16384 kept.
_build = functools.lru_cache(maxsize=1 << 14)(Build)


@functools.lru_cache(maxsize=1 << 14)
def each_payment(
    kind: Callable[..., Move], seat: int, card: str, pays: tuple[tuple[int, ...], ...], *rest: object
) -> tuple[Move, ...]:
    """ENG-2: a move ``kind(seat, card, pay, *rest)`` (a build, a deal or an activation of
    ``card``) for each payment of ``pays``, made once and reused (moves are immutable
    values); at most 16384 kept."""
    return tuple(kind(seat, card, pay, *rest) for pay in pays)


def build(table: Table, move: Build, skip_location: bool = False) -> None:
    """BUILD-1, BUILD-3, BUILD-5, BUILD-6, CARD-3, ENG-5, ENG-6: the cost paid (the location
    or foundation discarded first), the card into the empire, then its bonus, its production
    at once, and each feature the build fires, in the order they entered the empire."""
    seat = move.player
    table.pay(seat, move.pay)
    if move.discard is not None and not skip_location:
        foundations = table.players[seat].foundations
        if move.discard in foundations:
            table.set(
                seat,
                foundations=tuple(c for c in foundations if c != move.discard),
                unseen=tuple(c for c in table.players[seat].unseen if c != move.discard),
            )
        else:
            table.leave_empire(seat, move.discard)
        table.discard(move.discard)
    hand = table.players[seat].hand
    if move.card in hand:
        rest = list(hand)
        rest.remove(move.card)
        table.put_field(seat, "hand", tuple(rest))
    else:  # CARD-7: Negotiator builds a deal
        table.put_field(seat, "deals", tuple(d for d in table.players[seat].deals if d.card != move.card))
    table.put_field(seat, "empire", (*table.players[seat].empire, move.card))
    built = card_of(move.card)
    steps: list[Step] = []
    if built.bonus is not None:
        steps.append(applied(seat, move.card, Part.BONUS))
    if built.ability.production is not None:
        steps.append(applied(seat, move.card, Part.PRODUCTION))
    for location in filter(REACTING.__contains__, table.controlled(seat)):
        feature = card_of(location).ability.on_build
        if feature is None or not matches(feature, move.card):
            continue
        if feature.effect.may_pay:
            if move.option is not None:
                offer = feature.effect.may_pay[move.option]  # paid with the cost (move.pay)
                steps.append(gained(seat, offer.gain, location))
        else:
            steps.append(applied(seat, location, Part.ON_BUILD))
    carried(table, steps)


def deal_moves(state: GameState, seat: int) -> list[Run]:
    """DEAL-1, DEAL-2: every faction card of the hand, with each payment of 1 food (a run a
    card)."""
    player = state.players[seat]
    pays = payments(DEAL_PRICE, player.supply)
    if not pays:
        return []
    return [each_payment(MakeDeal, seat, card, pays) for card in player.hand if not card.startswith("com")]


def make_deal(table: Table, move: MakeDeal) -> None:
    """DEAL-3, DEAL-4: the card under the board (DEAL-5: any number of deals); its good at
    once; CARD-17: features that react to making a deal fire."""
    seat = move.player
    table.pay(seat, move.pay)
    hand = list(table.players[seat].hand)
    hand.remove(move.card)
    good = copy_of(move.card).deal
    assert good is not None
    table.set(seat, hand=tuple(hand), deals=(*table.players[seat].deals, Deal(move.card, good)))
    carried(table, [gained(seat, good, "DEAL-4"), *event_steps(table, seat, Event.MAKE_DEAL)])


def event_steps(table: Table, seat: int, event: Event) -> list[Step]:
    """CARD-10, CARD-17: the gains of ``seat``'s features that react to ``event``."""
    return [gained(seat, gain, card) for card, gain in event_gains(table.controlled(seat), event)]


def event_gains(locations: tuple[str, ...], event: Event) -> list[tuple[str, Goods]]:
    """CARD-10, CARD-17: each of ``locations`` whose feature reacts to ``event``, with its gain,
    in order."""
    found: list[tuple[str, Goods]] = []
    for card in filter(_REACTS[event].__contains__, locations):
        feature = card_of(card).ability.on_event
        assert feature is not None
        found.append((card, feature.effect.gain))
    return found


#: CARD-10, CARD-17, CARD-19: by event, the cards whose feature reacts to it.
_REACTS = {
    event: frozenset(
        printed
        for printed, copy in components().copies.items()
        if (feature := copy.card.ability.on_event) is not None and feature.event is event
    )
    for event in Event
}


def asks_nothing(state: GameState, move: Move, held: tuple[str, ...] | None = None) -> bool:
    """ENG-9: whether ``move`` surely decides nothing in advance, known without trying it out
    (:class:`Quiet`). ``held``: the locations the mover controls, where known (FAC-EGY-3)."""
    return Quiet(state, move.player, held)(move)


class Quiet:
    """ENG-9: which moves of ``seat`` surely decide nothing in advance, known without trying
    them out: a spend of no card (WORK-1: its goods are taken at once), a build whose card
    and whose seat's features reacting to it (CARD-3, CARD-4) have only quiet effects
    (:func:`_quiet`), an activation of a quiet effect whose special operation, if any,
    decides nothing (ACTLOC-1, :data:`SILENT`), a deal, a hand card or a location razed
    whose gains (the deal's good, DEAL-4, or the raze field, RAZE-8, and those of the
    features reacting to it, CARD-10, CARD-17) owe no card of either deck (GOODS-7, PROD-4:
    the only decision a gain leaves). What the seat's locations decide (``held``, FAC-EGY-3)
    is read once, each move's card from per-card tables: the same for every move of a
    :data:`Run`."""

    __slots__ = ("_builds", "_deals", "_razes")

    def __init__(self, state: GameState, seat: int, held: tuple[str, ...] | None = None) -> None:
        locations = controlled(state, seat) if held is None else held
        # CARD-3, CARD-4: the cards whose build fires a feature of the seat that is not quiet
        self._builds: frozenset[str] = (
            _NONE
            if _LOUD_FEATURES.isdisjoint(locations)
            else frozenset().union(*(_FIRING[c] for c in locations if c in _LOUD_FEATURES))
        )
        self._deals = _OWING[Event.MAKE_DEAL].isdisjoint(locations)
        self._razes = _OWING[Event.RAZE].isdisjoint(locations)

    def __call__(self, move: Move) -> bool:
        """Whether ``move`` surely decides nothing in advance (told by its class, no move class
        having subclasses; the most listed first)."""
        if type(move) is Build:
            return move.card in _QUIET_CARDS and move.card not in self._builds
        if type(move) is RazeCard:
            return self._razes and move.card in _CARDLESS_RAZES
        if type(move) is MakeDeal:
            return self._deals and move.card in _CARDLESS_DEALS
        if type(move) is Activate:
            return _quiet_action(move.location, move.mode)
        if type(move) is Raze:
            return self._razes and move.location in _CARDLESS_RAZES
        if type(move) is Spend:
            return not move.take[3]
        return False


def _cardless(good: Goods | None) -> bool:
    """GOODS-7: whether a deal's good or a raze field (None: none) owes no card of either deck."""
    return good is not None and not good.card


#: The special operations carried out on an activation's targets that leave the mover
#: nothing to decide and discard no card (CARD-15, CARD-20, CARD-22, CARD-24, CARD-25: the
#: opponent's discard waits for that player; FAC-EGY-3).
SILENT = frozenset(
    {
        Special.TAKE_ENEMY_DEAL,
        Special.STEAL_RESOURCE,
        Special.TAKE_OVER_LOCATION,
        Special.BLOCK_ENEMY_ACTION,
        Special.FOUNDATION_FROM_HAND,
        Special.OPPONENT_DISCARDS_CARD,
    }
)


@functools.cache
def _quiet_action(location: str, mode: int) -> bool:
    """ACTLOC-1: whether activating ``location`` in price ``mode`` is quiet (:func:`_quiet`),
    its special operation, if any, one that decides nothing (:data:`SILENT`)."""
    action = card_of(location).ability.action
    return action is not None and _quiet(action.modes[mode].effect, SILENT)


def _owing(card: str, event: Event) -> bool:
    """CARD-10, CARD-17: whether ``card``'s feature reacting to ``event`` owes a card of either
    deck (as :func:`event_steps` gains it)."""
    feature = card_of(card).ability.on_event
    return feature is not None and feature.event is event and feature.effect.gain.card > 0


def _quiet(effect: Effect | None, silent: frozenset[Special] = frozenset()) -> bool:
    """ENG-9: whether carrying out ``effect`` surely leaves nothing to decide: no special
    operation (but one of ``silent``), card of either deck owed (also per counted item),
    choice of gains or cards of either deck drawn to keep, and no optional purchase that owes
    a card (CARD-14, GOODS-7, ENG-6; cards drawn from the faction deck to keep are seen at
    once and the one kept is chosen after, CARD-23)."""
    return effect is None or (
        (effect.do is None or effect.do in silent)
        and not effect.gain.card
        and not effect.choice
        and (effect.draw_keep is None or not effect.draw_keep.either)
        and (effect.per is None or effect.per.good != "card")
        and not any(offer.gain.card for offer in effect.may_pay)
    )


@functools.cache
def _quiet_feature(card: str) -> bool:
    """ENG-9: whether ``card``'s feature reacting to builds (if any) is quiet (CARD-3)."""
    feature = card_of(card).ability.on_build
    return feature is None or _quiet(feature.effect)


def _quiet_card(card: str) -> bool:
    """ENG-9: whether building ``card`` is quiet: its bonus, its production and its feature
    reacting to builds (BUILD-5, BUILD-6, CARD-3)."""
    built = card_of(card)
    return _quiet(built.bonus) and _quiet(built.ability.production) and _quiet_feature(card)


#: ENG-9: the cards whose building is quiet (:func:`_quiet_card`), read once.
_QUIET_CARDS = frozenset(printed for printed in components().copies if _quiet_card(printed))

#: GOODS-7: the cards whose raze field (RAZE-8) or deal's good (DEAL-4) owes no card of either
#: deck (:func:`_cardless`).
_CARDLESS_RAZES = frozenset(c for c, copy in components().copies.items() if _cardless(copy.card.raze))
_CARDLESS_DEALS = frozenset(c for c, copy in components().copies.items() if _cardless(copy.deal))

#: ENG-9, CARD-3: the cards whose feature reacting to builds is not quiet (read once, so that
#: a seat's locations are tested with one set operation).
_LOUD_FEATURES = frozenset(printed for printed in components().copies if not _quiet_feature(printed))

#: CARD-3, CARD-4: for each card of :data:`_LOUD_FEATURES`, the cards whose build fires its
#: feature (:func:`matches`).
_FIRING = {
    printed: frozenset(
        card
        for card in components().copies
        if (on_build := card_of(printed).ability.on_build) is not None and matches(on_build, card)
    )
    for printed in _LOUD_FEATURES
}

#: No card.
_NONE: frozenset[str] = frozenset()

#: CARD-10, CARD-17: by event, the cards whose feature reacting to it owes a card of either deck.
_OWING = {
    event: frozenset(printed for printed in components().copies if _owing(printed, event))
    for event in (Event.MAKE_DEAL, Event.RAZE)
}


def raze_price(state: GameState, location: str, ignore_protection: bool = False) -> int:
    """RAZE-4, DEF-3, FAC-JAP-4: 2 raze tokens, 1 more for a defense token and 1 more for a
    samurai on the location (none more for Chariot Builder, CARD-13, DEF-6)."""
    if ignore_protection:
        return 0
    seat = owner(state, location)
    assert seat is not None
    player = state.players[seat]
    return (location in player.defended) + (location in player.samurai)


def razable(state: GameState, seat: int) -> Iterator[tuple[int, str]]:
    """RAZE-1, RAZE-3, RAZE-5, FAC-JAP-1, ACT-5, ENG-4: each (owner, location) ``seat`` may raze: a
    location with a raze field of an opponent who has not passed; a location taken over by
    the Egyptian player is razed by anyone but them, its owner included."""
    for other, player in enumerate(state.players):
        if player.passed:
            continue
        for card in player.empire:
            if card not in _RAZABLE:
                continue
            by = _taken_by(state.taken, card)
            if (other != seat and by != seat) or (other == seat and by is not None and by != seat):
                yield other, card


def raze_moves(state: GameState, seat: int) -> list[Run]:
    """RAZE-2 to RAZE-4, RAZE-9: razes of a hand card (1 raze token) and of locations (a run
    each)."""
    player = state.players[seat]
    tokens = player.supply[RAZE]
    found: list[Run] = []
    if tokens >= RAZE_HAND:
        found += [
            [_raze_card(seat, card)] for card in dict.fromkeys(filter(_RAZABLE.__contains__, player.hand))
        ]
    if tokens >= RAZE_LOCATION:
        found += [
            [_raze(seat, other, card)]
            for other, card in razable(state, seat)
            if tokens >= RAZE_LOCATION + raze_price(state, card)
        ]
    return found


#: RAZE-1: the cards with a raze field.
_RAZABLE = frozenset(printed for printed, copy in components().copies.items() if copy.card.raze is not None)

#: Razes, made once and reused (moves are immutable values; as many as seats and cards).
_raze_card, _raze = functools.cache(RazeCard), functools.cache(Raze)


def raze_card(table: Table, move: RazeCard) -> None:
    """RAZE-2, RAZE-8: the card to its discard pile, its raze field gained."""
    table.pay(move.player, one(RAZE, RAZE_HAND))
    razed_from_hand(table, move.player, move.card, ())


def razed_from_hand(table: Table, seat: int, card: str, forgone: tuple[str, ...], vp_each: int = 0) -> None:
    """RAZE-2, RAZE-8, RAZE-10, CARD-10, CARD-13: a hand card razed: to its pile; its raze field (less
    the goods forgone for ``vp_each`` VP each) gained; features reacting to razes fire."""
    hand = list(table.players[seat].hand)
    hand.remove(card)
    table.put_field(seat, "hand", tuple(hand))
    table.discard(card)
    _raze_gains(table, seat, card, forgone, vp_each)


def _raze_gains(table: Table, seat: int, card: str, forgone: tuple[str, ...], vp_each: int) -> None:
    table.first(
        [gained(seat, raze_gain(card, forgone, vp_each), card), *event_steps(table, seat, Event.RAZE)]
    )


def raze_gain(card: str, forgone: tuple[str, ...], vp_each: int) -> Goods:
    """RAZE-8, CARD-13: the raze field of ``card`` gained, less the goods ``forgone`` for
    ``vp_each`` VP each."""
    field = card_of(card).raze
    assert field is not None
    if not forgone:  # the field whole
        return field
    units = list(field.units())
    for unit in forgone:
        units.remove(unit)
    gained = Goods.of({u: units.count(u) for u in set(units)})
    return Goods(
        gained.supply,
        gained.vp + vp_each * len(forgone),
        gained.card,
        gained.common_card,
        gained.faction_card,
    )


def raze(table: Table, move: Raze) -> None:
    """RAZE-3, RAZE-4: the raze tokens paid, then :func:`razed`."""
    table.pay(move.player, one(RAZE, RAZE_LOCATION + raze_price(table.state, move.location)))
    razed(table, move.player, move.opponent, move.location, ())


def razed(
    table: Table, seat: int, victim: int, location: str, forgone: tuple[str, ...], vp_each: int = 0
) -> None:
    """RAZE-6 to RAZE-8, RAZE-10, FAC-JAP-2, FAC-EGY-2: a location razed (by the raze action
    or by a card): what lies on it goes back; a
    common location becomes its owner's foundation and its owner takes 1 wood (the Egyptian
    player instead, with their token, where it was taken over); a Japanese faction location
    goes to its discard pile; the razer gains the raze field and razes fire their features."""
    taker = _taken_by(table.now.taken, location)
    table.leave_empire(victim, location)
    common = card_of(location).common
    if common:
        table.put_field(victim, "foundations", (*table.players[victim].foundations, location))
    else:
        table.discard(location)
    if common or taker is not None:
        wooded = victim if taker is None else taker
        table.add(wooded, one(WOOD))
        table.note("RAZE-6" if taker is None else "FAC-EGY-2", "gains", wooded, location, _A_WOOD)
    _raze_gains(table, seat, location, forgone, vp_each)


#: RAZE-6, FAC-EGY-2: what the owner of a razed location takes.
_A_WOOD = Goods(one(WOOD))


def spend_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """WORK-1, WORK-2: 2 workers for each good taken, each wood, stone, food or a card (WORK-3:
    any number of times a round)."""
    return _spends(seat, state.players[seat].supply[WORKER] // 2)


@functools.lru_cache(maxsize=256)
def _spends(seat: int, pairs: int) -> tuple[Move, ...]:
    """Every spend of up to ``pairs`` pairs of workers (the same for every position)."""
    return tuple(
        Spend(seat, (wood, stone, food, total - wood - stone - food))
        for total in range(1, pairs + 1)
        for wood in range(total, -1, -1)
        for stone in range(total - wood, -1, -1)
        for food in range(total - wood - stone, -1, -1)
    )


def spend(table: Table, move: Spend) -> None:
    """WORK-1: workers paid, goods taken, a card owed per card; CARD-19: Oasis of every
    opponent gives 1 worker per pair spent, at most 4 a round."""
    seat = move.player
    pairs = sum(move.take)
    table.pay(seat, one(WORKER, 2 * pairs))
    wood, stone, food, cards = move.take
    table.add(seat, (0, wood, stone, food, 0, 0, 0))
    if cards:
        table.first(Owed(seat) for _ in range(cards))
    oases = _REACTS[Event.OPPONENT_SPENDS_WORKERS]
    for other in range(table.now.config.players):
        if other == seat:
            continue
        for card in filter(oases.__contains__, table.controlled(other)):
            feature = card_of(card).ability.on_event
            assert feature is not None
            got = table.players[other].oasis
            amount = min(pairs, feature.most_per_round - got) if feature.most_per_round else pairs
            if amount > 0:
                table.add(other, one(WORKER, amount))
                table.put_field(other, "oasis", got + amount)
                table.note("CARD-19", "gains", other, card, Goods(one(WORKER, amount)))


#: FAC-JAP-3: the factions that deploy samurai as a free step.
_SAMURAI = frozenset(f.id for f in components().factions if "deploy_samurai" in f.free_steps)


def free_moves(state: GameState, seat: int) -> Iterator[Move]:
    """ACT-8: DEF-2 (own common locations without a token, DEF-5; ENG-4: not taken over),
    FAC-JAP-3 (samurai on own faction locations) and CARD-26 (tucking)."""
    return free_steps(state.players[seat], state.taken, seat)


def free_steps(player: Player, taken_over: tuple[tuple[str, int], ...], seat: int) -> Iterator[Move]:
    """:func:`free_moves` of ``player`` in ``seat``, the locations taken over being ``taken_over``
    (FAC-EGY-3)."""
    own = player.empire
    if taken_over:  # ENG-4: not the locations taken over
        taken = {card for card, _ in taken_over}
        own = tuple(c for c in own if c not in taken)
    if player.supply[DEFENSE]:
        for card in own:
            if card.startswith("com") and card not in player.defended:
                yield _defend(seat, card)
    if player.supply[WORKER] and player.faction in _SAMURAI:
        for card in own:
            if not card.startswith("com") and card not in player.samurai:
                yield _samurai(seat, card)
    for card in own:
        if card not in _TUCKING:
            continue
        tucking = card_of(card).ability.tuck
        assert tucking is not None
        if tucking.cards:
            yield from (_tuck(seat, card, c) for c in dict.fromkeys(player.hand))
        else:
            yield from (_tuck(seat, card, SUPPLY[k]) for k in RESOURCES if player.supply[k])


#: CARD-26: the cards items are tucked under or put on.
_TUCKING = frozenset(
    printed for printed, copy in components().copies.items() if copy.card.ability.tuck is not None
)

#: Free steps, made once and reused (moves are immutable values; as many as seats, cards and items).
_defend, _samurai, _tuck = functools.cache(Defend), functools.cache(Samurai), functools.cache(Tuck)


def defend(table: Table, move: Defend) -> None:
    """DEF-2: the token from the supply onto the location."""
    table.pay(move.player, one(DEFENSE))
    table.put_field(move.player, "defended", (*table.players[move.player].defended, move.location))


def samurai(table: Table, move: Samurai) -> None:
    """FAC-JAP-3: a worker from the supply onto the location as a samurai."""
    table.pay(move.player, one(WORKER))
    table.put_field(move.player, "samurai", (*table.players[move.player].samurai, move.location))


def tuck(table: Table, move: Tuck) -> None:
    """CARD-26: a hand card under the Gate (its gain at once, one gain event), or a resource
    on the Shrine, for good."""
    seat = move.player
    tucking = card_of(move.location).ability.tuck
    assert tucking is not None
    if tucking.cards:
        hand = list(table.players[seat].hand)
        hand.remove(move.item)
        under = dict(table.players[seat].under)
        under[move.location] = (*under.get(move.location, ()), move.item)
        table.set(seat, hand=tuple(hand), under=tuple(under.items()))
    else:
        table.pay(seat, one(SUPPLY.index(move.item)))
        on = dict(table.players[seat].on_shrine)
        on[move.location] = on.get(move.location, 0) + 1
        table.put_field(seat, "on_shrine", tuple(on.items()))
    if not tucking.each.empty:
        carried(table, [gained(seat, tucking.each, move.location)])


def pass_turn(table: Table, move: Pass) -> None:
    """ACT-4: the player takes no further action this round."""
    table.put_field(move.player, "passed", True)
