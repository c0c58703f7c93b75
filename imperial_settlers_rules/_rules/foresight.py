"""ENG-9: what a build or an activation decides in advance, read from the card data instead
of trying the move out, where its effects speak only of gains, choices of gains, cards drawn
to keep, samurai placed and a production produced again (CARD-9, CARD-14, CARD-23, CARD-29),
and its special operation (if any) only takes, blocks, steals, gives a good, razes a card,
removes a location or leaves a follow-up waiting first (CARD-7, CARD-11): which option of
each ``gain_choice``, the deck of the first card of either deck owed where no card is seen
before it (GOODS-7, GOODS-8), where samurai go, what is produced again.

Any other move (a Trade Route, a repeat by Porters, a follow-up with steps after it, a raze by
an action that also draws cards to keep) is not read here: :func:`ways` answers :data:`UNREAD`
and the move is tried out (:mod:`.ahead`), which the tests also use as the oracle of this
reading."""

from __future__ import annotations

import functools
from enum import Enum
from itertools import combinations

from .._components import Effect, Event, Special, Target, components
from .._goods import Goods
from .._model import Deal, Deck, FollowUp, GameState
from .._moves import Activate, Build, Move
from .._table import card_of, controlled, copy_of, held
from .actions import REACTING, SILENT, event_gains, matches, raze_gain

__all__ = ["UNREAD", "Unread", "Way", "decks", "ways"]


class Unread(Enum):
    """Not read from the card data: the move is tried out."""

    UNREAD = "unread"


UNREAD = Unread.UNREAD

#: One thing an effect does that may decide something in advance: a gain (``Goods``), a choice
#: of gains (a tuple of ``Goods``), cards drawn from the faction deck to keep (``None``) or
#: so many samurai placed (``int``, CARD-29) or a production produced again (:data:`_AGAIN`,
#: CARD-9).
_Item = Goods | tuple[Goods, ...] | int | str | None
_AGAIN = "again"
#: What a walk finds: the options chosen, the deck of the first card, where samurai go, what
#: is produced again.
_Found = tuple[tuple[int, ...], Deck | None, tuple[str, ...], str | None]
#: CARD-9: each production location that may produce again, with what its production does.
_Places = tuple[tuple[str, tuple[_Item, ...]], ...]

#: The special operations on an activation's targets that give a good read here (CARD-16,
#: CARD-21, CARD-28).
_GIVING = frozenset({Special.TAKE_RAZE_FIELD_GOOD, Special.USE_OWN_DEAL, Special.DISCARD_ENEMY_DEAL})

#: The special operations whose follow-up (CARD-7: a build; CARD-11: an activation again, once
#: a location is named) waits before the effect's gains: nothing after it is decided in advance.
_FOLLOWED = frozenset({Special.BUILD_FROM_HAND, Special.BUILD_OWN_DEAL, Special.REACTIVATE_ACTION})

#: The special operations on an activation's targets that raze a card or remove a location,
#: read here: what they give comes after the effect's own gains (CARD-6, CARD-13, RAZE-10).
_RAZING = frozenset({Special.RAZE, Special.REMOVE_ENEMY_LOCATION})


#: ENG-9: one way to decide in advance, as (field, value) pairs.
Way = tuple[tuple[str, object], ...]


def ways(state: GameState, move: Move) -> tuple[Way, ...] | Unread | None:
    """ENG-9: the ways ``move`` (a build or an activation, as an action or as the follow-up
    last on the agenda) may decide in advance what its effects ask, in the order a trial
    finds them; None where it decides nothing; :data:`UNREAD` where the card data does not
    tell."""
    if state.agenda and (len(state.agenda) > 1 or not isinstance(state.agenda[0], FollowUp)):
        return UNREAD  # CARD-7, CARD-11: a follow-up with steps after it is tried out
    free: tuple[str, ...] = ()
    places: _Places = ()
    if isinstance(move, Build):
        player = state.players[move.player]
        discarded: tuple[str, ...] = ()
        own = player.empire
        if move.discard is not None:
            discarded = (move.discard, *dict(player.under).get(move.discard, ()))
            own = tuple(c for c in own if c != move.discard)
        holding = held((*own, move.card), state.taken, move.player)
        items, agains, placings = _build_items(
            move.card, tuple(filter(REACTING.__contains__, holding)), move.option
        )
        if agains:
            found_places = _again(move.card, holding) if agains == 1 else None
            if found_places is None:
                return UNREAD
            places = found_places
        if placings > 1:  # samurai placed twice: tried out
            return UNREAD
        if placings:  # CARD-29: the own faction locations without a samurai once built
            free = tuple(c for c in (*own, move.card) if not card_of(c).common and c not in player.samurai)
    elif isinstance(move, Activate):
        deals = state.players[move.player].deals
        discarded = move.cards
        if move.deal is not None:  # ACTLOC-5: a deal paid
            discarded = (*discarded, deals[move.deal].card)
            deals = deals[: move.deal] + deals[move.deal + 1 :]
        items, lost = _activate_items(state, move, deals)
        discarded = (*discarded, *lost)
    else:
        return UNREAD
    if items is None:
        return UNREAD
    return _ways_of(items, *_able(state, move.player, discarded), free, places, isinstance(move, Build))


@functools.lru_cache(maxsize=1 << 12)
def _ways_of(
    items: tuple[_Item, ...], common: bool, faction: bool, free: tuple[str, ...], places: _Places, build: bool
) -> tuple[Way, ...] | None:
    """ENG-9: the ways :func:`_walk` finds (None: nothing decided), for a build or an
    activation (which places no samurai)."""
    found = _walk(items, common, faction, free, places)
    if found == (((), None, (), None),):
        return None
    if build:
        return tuple((("choice", c), ("deck", d), ("repeat", r), ("samurai", p)) for c, d, p, r in found)
    return tuple((("choice", c), ("deck", d), ("repeat", None)) for c, d, _, _ in found)


def _again(card: str, holding: tuple[str, ...]) -> _Places | None:
    """CARD-9: the production locations but ``card`` among ``holding`` that Farmers At Work
    built as ``card`` may produce again, with what each production does; None where one does
    more than a walk reads."""
    places: list[tuple[str, tuple[_Item, ...]]] = []
    for location in holding:
        production = card_of(location).ability.production
        if location == card or production is None:
            continue
        items = _effect_items(production)
        if items is None or any(isinstance(i, (int, str)) for i in items):
            return None
        places.append((location, items))
    return tuple(places)


def decks(state: GameState, seat: int, discarded: tuple[str, ...]) -> tuple[Deck, ...]:
    """GOODS-8, BUILD-8: the decks that can give ``seat`` a card once ``discarded`` went to
    their discard piles."""
    common, faction = _able(state, seat, discarded)
    return (Deck.COMMON,) * common + (Deck.FACTION,) * faction


def _able(state: GameState, seat: int, discarded: tuple[str, ...]) -> tuple[bool, bool]:
    """GOODS-8, BUILD-8: whether the common deck and ``seat``'s faction deck can give a card
    once ``discarded`` went to their discard piles."""
    player = state.players[seat]
    common = bool(state.common or state.common_discard) or any(c.startswith("com") for c in discarded)
    faction = bool(player.deck) or (
        state.config.faction_deck_reshuffle
        and (
            bool(player.discard)
            or any(
                not c.startswith("com")
                and c in components().copies
                and copy_of(c).card.deck == player.faction
                for c in discarded
            )
        )
    )
    return common, faction


def _effect_items(effect: Effect | None, special: bool = True) -> tuple[_Item, ...] | None:
    """What ``effect`` does that may decide something (:data:`_Item`), in the order carried
    out (CARD-14: cards of its faction deck to keep drawn as it starts, then its gain, then
    its choice, then cards of either deck to keep owed, GOODS-7); None where it does more (a
    special operation, unless ``special`` is false: carried out apart; a count of cards)."""
    if effect is None:
        return ()
    placing = special and effect.do is Special.PLACE_SAMURAI
    again = special and effect.do is Special.REPEAT_PRODUCTION
    if (special and effect.do is not None and not placing and not again) or (
        effect.per is not None and effect.per.good == "card"
    ):
        return None
    items: list[_Item] = []
    keep = effect.draw_keep
    if keep is not None and not keep.either:
        items.append(None)
    if placing:  # CARD-29: placed before the effect's gains
        items.append(effect.args.count)
    if again:  # CARD-9: produced again before the effect's gains
        items.append(_AGAIN)
    items.append(effect.gain)
    if effect.choice:
        items.append(effect.choice)
    if keep is not None and keep.either:  # Mission: the cards to keep owed like a gain's
        items.append(Goods(card=keep.draw))
    return tuple(items)


@functools.lru_cache(maxsize=1 << 12)
def _build_items(
    card: str, reacting: tuple[str, ...], option: int | None
) -> tuple[tuple[_Item, ...] | None, int, int]:
    """BUILD-5, BUILD-6, CARD-3, ENG-6: what building ``card`` does that may decide
    something, its seat controlling ``reacting`` (in order) once it is built (None: more
    than a walk reads); and how many of its items produce again (CARD-9) and place samurai
    (CARD-29)."""
    built = card_of(card)
    parts: list[tuple[_Item, ...] | None] = [
        _effect_items(built.bonus),
        _effect_items(built.ability.production),
    ]
    for location in reacting:
        feature = card_of(location).ability.on_build
        if feature is None or not matches(feature, card):
            continue
        if not feature.effect.may_pay:
            its = _effect_items(feature.effect)
            parts.append(None if its is not None and _AGAIN in its else its)
        elif option is not None:
            parts.append((feature.effect.may_pay[option].gain,))
    if any(part is None for part in parts):
        return None, 0, 0
    items = tuple(item for part in parts if part is not None for item in part)
    return items, sum(item is _AGAIN for item in items), sum(type(item) is int for item in items)


def _activate_items(
    state: GameState, move: Activate, deals: tuple[Deal, ...]
) -> tuple[tuple[_Item, ...] | None, tuple[str, ...]]:
    """ACTLOC-1, ACTLOC-3: what activating does that may decide something (the cards to keep
    drawn as its effects are laid out, the good its special operation gives, then its
    effects' gains and choices ``times`` times), and the cards its special operation
    discards; ``deals``: the mover's deals once the price is paid."""
    parts = _activate_parts(move.location, move.mode)
    if parts is None:
        return None, ()
    effect, peeks, rest = parts
    do = effect.do
    special: tuple[_Item, ...] = ()
    after: tuple[_Item, ...] = ()
    lost: tuple[str, ...] = ()
    if do in (Special.BUILD_FROM_HAND, Special.BUILD_OWN_DEAL) or (
        do is Special.REACTIVATE_ACTION and move.target is not None
    ):  # CARD-7, CARD-11: the follow-up waits first
        return (), ()
    if do is not None and (move.target is not None or move.opponent is not None):
        if do is Special.TAKE_RAZE_FIELD_GOOD:  # CARD-21
            special = (Goods.of({move.goods[0]: 1}),)
        elif do is Special.USE_OWN_DEAL and isinstance(move.target, int):  # CARD-28
            special = (deals[move.target].good,)
        elif do is Special.DISCARD_ENEMY_DEAL and isinstance(move.target, int) and move.opponent is not None:
            deal = state.players[move.opponent].deals[move.target]  # CARD-16
            lost = (deal.card,)
            special = (deal.good,) if effect.args.gain_its_good else ()
        elif do in _RAZING and isinstance(move.target, str):
            after, lost = _razed_items(state, move, effect, move.target)
    return (*(peeks * move.times), *special, *(rest * move.times), *after), lost


def _razed_items(
    state: GameState, move: Activate, effect: Effect, target: str
) -> tuple[tuple[_Item, ...], tuple[str, ...]]:
    """CARD-6, CARD-13, RAZE-6 to RAZE-8, RAZE-10: what razing ``target`` (a hand card or a
    location) gives once the effect's own gains are carried out: the raze field (less the
    goods forgone for VP), then each gain of the mover's features reacting to razes (CARD-10);
    none where the location is removed instead, or a second use of the action waits first
    (ACTLOC-3). And the cards it sends to the discard piles: the hand card; what lies under
    the location (CARD-26, RAZE-7), and the location but a razed common one (a foundation)."""
    seat, do, args = move.player, effect.do, effect.args
    if do is Special.RAZE and args.target is Target.OWN_HAND:
        lost: tuple[str, ...] = (target,)
        holding = controlled(state, seat)
    else:
        victim = seat if args.target is Target.OWN_COMMON_LOCATION else move.opponent
        assert victim is not None
        under = dict(state.players[victim].under).get(target, ())
        razed_common = do is Special.RAZE and card_of(target).common
        lost = under if razed_common else (*under, target)
        holding = held(
            tuple(c for c in state.players[seat].empire if c != target),
            tuple((c, by) for c, by in state.taken if c != target),
            seat,
        )
    action = card_of(move.location).ability.action
    assert action is not None
    if do is Special.REMOVE_ENEMY_LOCATION or dict(state.uses).get(move.location, 0) + move.times < (
        action.per_round
    ):
        return (), lost
    forgone, vp_each = (move.goods, args.vp_per_good_forgone)
    if args.target is Target.OWN_COMMON_LOCATION:  # Rabble: the whole field (RAZE-8)
        forgone, vp_each = (), 0
    gained = raze_gain(target, forgone, vp_each)
    return (gained, *(gain for _, gain in event_gains(holding, Event.RAZE))), lost


@functools.cache
def _activate_parts(location: str, mode: int) -> tuple[Effect, tuple[_Item, ...], tuple[_Item, ...]] | None:
    """The effect of ``location``'s action in price ``mode``, and what one use of
    its effect does that may decide something: the cards to keep drawn as it is laid out, then
    the rest; None where it does more than :func:`_activate_items` reads."""
    action = card_of(location).ability.action
    assert action is not None
    effect = action.modes[mode].effect
    if effect.do is not None and effect.do not in SILENT | _GIVING | _RAZING | _FOLLOWED:
        return None
    if effect.do in _RAZING and effect.draw_keep is not None:  # cards seen while razing: tried out
        return None
    items = _effect_items(effect, special=False)
    if items is None:
        return None
    return effect, tuple(i for i in items if i is None), tuple(i for i in items if i is not None)


def _walk(
    items: tuple[_Item, ...], common: bool, faction: bool, free: tuple[str, ...], places: _Places
) -> tuple[_Found, ...]:
    """ENG-9, GOODS-7, CARD-9, CARD-14, CARD-29: each (choices, deck, samurai, repeat)
    deciding ``items`` in order, the decks able to give a card being ``common`` and
    ``faction``, the own faction locations without a samurai ``free`` and the locations that
    may produce again ``places``: an option per choice of gains; the deck of the first card
    owed, if no card was seen before it and a deck can give one; where samurai go, as many
    as there are such locations; the location produced again, then its production."""
    found: list[_Found] = []
    decks = tuple(d for d, able in ((Deck.COMMON, common), (Deck.FACTION, faction)) if able)

    def walk(rest: tuple[_Item, ...], seen: bool, owed: bool, ahead: _Found) -> None:
        choice, deck, samurai, repeat = ahead
        for at, item in enumerate(rest):
            after = rest[at + 1 :]
            if item is None:  # CARD-23: cards drawn from the faction deck are seen
                seen = seen or faction
            elif isinstance(item, str):  # CARD-9: what is produced again, decided in advance
                if places:
                    for place, its in places:
                        walk((*its, *after), seen, owed, (choice, deck, samurai, place))
                    return
            elif isinstance(item, int):  # CARD-29: where samurai go, decided in advance
                placings = tuple(c for c in combinations(free, min(item, len(free))) if c)
                if placings:
                    for placing in placings:
                        walk(after, seen, owed, (choice, deck, placing, repeat))
                    return
            elif isinstance(item, tuple):  # CARD-14: a choice of gains, decided in advance
                if item:
                    for option, goods in enumerate(item):
                        walk((goods, *after), seen, owed, ((*choice, option), deck, samurai, repeat))
                    return
            else:
                seen = seen or bool(item.common_card and common) or bool(item.faction_card and faction)
                if item.card and not owed:
                    owed = True
                    if not seen and decks:  # GOODS-7: the deck of the first card owed
                        for chosen in decks:
                            walk(after, True, True, (choice, chosen, samurai, repeat))
                        return
        found.append((choice, deck, samurai, repeat))

    walk(items, False, False, ((), None, (), None))
    return tuple(found)
