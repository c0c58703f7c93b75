"""Activating an action location (ACTLOC-1 to ACTLOC-9) and the special operations an action
carries out (CARD-6 to CARD-28, FAC-EGY-3, FAC-JAP-7), with the follow-ups they leave to
decide within the same action (CARD-7, CARD-11).

:func:`targets` lists what each special operation may act on: ENG-1's victims (a non-passed
opponent, ACT-5, with a legal target) and the player's own things (None where there is
nothing to find)."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import combinations

from .._components import Action, Effect, Event, Mode, Special, Target, components
from .._goods import RAZE, RESOURCES, STONE, SUPPLY, Goods, Price, Supply, added, one, payments
from .._model import Deal, Deck, DiscardFor, FollowUp, Gain, GameState, Player, Step
from .._moves import Activate, Move, Skip
from .._table import Table, board_of, card_of, controlled, copy_of
from .actions import Run, build_moves, each_payment, event_steps, razable, raze_price, razed, razed_from_hand
from .agenda import effect_steps

__all__ = ["activatable", "activate", "activate_moves", "follow_moves", "targets"]

#: A target: (opponent, target: a card by its printed id or a deal by its place, goods).
Aim = tuple[int | None, str | int | None, tuple[str, ...]]

_ENEMY = {
    Special.TAKE_RAZE_FIELD_GOOD,
    Special.REMOVE_ENEMY_LOCATION,
    Special.TAKE_ENEMY_DEAL,
    Special.DISCARD_ENEMY_DEAL,
    Special.STEAL_RESOURCE,
    Special.TAKE_OVER_LOCATION,
    Special.BLOCK_ENEMY_ACTION,
    Special.OPPONENT_DISCARDS_CARD,
    Special.TRADE_ROUTE_DEAL,
}


def _opponents(state: GameState, seat: int) -> Iterator[int]:
    """ACT-5: the opponents who have not passed."""
    for other, player in enumerate(state.players):
        if other != seat and not player.passed:
            yield other


def _forgone(card: str, vp_each: int) -> Iterator[tuple[str, ...]]:
    """CARD-13: each choice of raze field goods taken as VP instead (none when ``vp_each`` is 0)."""
    field = card_of(card).raze
    assert field is not None
    units = field.units()
    sizes = range(len(units) + 1) if vp_each else range(1)
    for size in sizes:
        yield from dict.fromkeys(combinations(units, size))


#: The one target of an effect that acts on none.
_NO_TARGET: tuple[Aim, ...] = ((None, None, ()),)


def targets(state: GameState, seat: int, location: str, effect: Effect) -> Sequence[Aim]:
    """What ``effect`` (of ``location``) may act on (ENG-1); empty: the action cannot be taken.
    A Trade Route deal cannot be taken by Spies (FAC-JAP-6)."""
    do, args = effect.do, effect.args
    if do is None:
        return _NO_TARGET
    player = state.players[seat]
    found: list[Aim] = []
    if do is Special.REPEAT_PRODUCTION:  # CARD-8
        found = [
            (None, c, ())
            for c in controlled(state, seat)
            if c != location and card_of(c).ability.production is not None
        ]
    elif do is Special.REACTIVATE_ACTION:  # CARD-11, ENG-7
        used = {c for c, n in state.uses if n}
        found = [
            (None, c, ())
            for c in controlled(state, seat)
            if c != location and c in used and card_of(c).ability.action is not None
        ]
    elif do in (Special.BUILD_FROM_HAND, Special.BUILD_OWN_DEAL):  # CARD-7: decided in the follow-up
        return [(None, None, ())]
    elif do is Special.USE_OWN_DEAL:  # CARD-28
        found = [(None, i, ()) for i in range(len(player.deals))]
    elif do is Special.RAZE:
        vp_each = args.vp_per_good_forgone
        if args.target is Target.OWN_HAND:
            for card in dict.fromkeys(c for c in player.hand if card_of(c).raze is not None):
                found += [(None, card, f) for f in _forgone(card, vp_each)]
        elif args.target is Target.OWN_COMMON_LOCATION:  # CARD-13, Rabble
            taken = {c for c, _ in state.taken}
            found = [
                (None, c, ())
                for c in player.empire
                if c.startswith("com") and c not in taken and card_of(c).raze is not None
            ]
        else:
            for other, card in razable(state, seat):
                found += [(other, card, f) for f in _forgone(card, vp_each)]
            return found
    elif do is Special.FOUNDATION_FROM_HAND:  # CARD-24
        found = [(None, c, ()) for c in dict.fromkeys(player.hand) if c.startswith("com")]
    else:
        return _enemy_targets(state, seat, do)
    return found or [(None, None, ())]


def _enemy_targets(state: GameState, seat: int, do: Special) -> list[Aim]:
    """ENG-1: the targets of an operation on an opponent who has not passed (ACT-5)."""
    found: list[Aim] = []
    taken = {c for c, _ in state.taken}
    for other in _opponents(state, seat):
        victim = state.players[other]
        if do is Special.TAKE_RAZE_FIELD_GOOD:  # CARD-21
            for card in victim.empire:
                field = card_of(card).raze
                if field is not None:
                    found += [(other, card, (u,)) for u in dict.fromkeys(field.units())]
        elif do is Special.REMOVE_ENEMY_LOCATION:  # CARD-6
            found += [(other, c, ()) for c in victim.empire]
        elif do is Special.TAKE_ENEMY_DEAL:  # CARD-15
            found += [(other, i, ()) for i, d in enumerate(victim.deals) if not d.route]
        elif do is Special.DISCARD_ENEMY_DEAL:  # CARD-16
            found += [(other, i, ()) for i in range(len(victim.deals))]
        elif do is Special.STEAL_RESOURCE:  # CARD-20
            kinds = [SUPPLY[k] for k in RESOURCES if victim.supply[k]]
            found += [(other, None, (k,)) for k in kinds] or [(other, None, ())]
        elif do is Special.TAKE_OVER_LOCATION:  # FAC-EGY-3
            if sum(1 for _, by in state.taken if by == seat) < board_of(state.players[seat].faction).tokens:
                found += [(other, c, ()) for c in victim.empire if c not in taken]
        elif do is Special.BLOCK_ENEMY_ACTION:  # CARD-22
            found += [
                (other, c, ())
                for c in victim.empire
                if card_of(c).ability.action is not None and c not in state.blocked
            ]
        elif do is Special.OPPONENT_DISCARDS_CARD:  # CARD-25
            found.append((other, None, ()))
        elif do is Special.TRADE_ROUTE_DEAL and Table(state).can_draw(
            seat, Deck.FACTION
        ):  # FAC-JAP-7, GOODS-8
            found += [(other, c, ()) for c in victim.empire if not c.startswith("com")]
    return found


def _price(mode: Mode, extra_raze: int) -> Price:
    """ACTLOC-1, RAZE-4: the mode's price, with the raze tokens a protected target adds."""
    if not extra_raze:
        return mode.pay
    return Price(
        added(mode.pay.supply, one(RAZE, extra_raze)), mode.pay.resource, mode.pay.cards, mode.pay.deals
    )


@functools.cache
def _twice(price: Price) -> Price:
    return Price(tuple(2 * n for n in price.supply), 2 * price.resource, 2 * price.cards, 2 * price.deals)


def activatable(state: GameState, seat: int, location: str) -> tuple[Action, int] | None:
    """ACTLOC-2, ACTLOC-9, CARD-22: the location's action and its uses left this round, if it
    may be activated now."""
    action = card_of(location).ability.action
    if action is None or location in state.blocked:
        return None
    used = 0
    for card, count in state.uses:
        if card == location:
            used = count
            break
    left = action.per_round - used
    return (action, left) if left > 0 else None


#: The cards with an action (ACTLOC-1): only these are ever activated.
_ACTING = frozenset(printed for printed, copy in components().copies.items() if copy.card.ability.action)

#: An activation, made once and reused (moves are immutable values); at most 16384 kept.
_activation = functools.lru_cache(maxsize=1 << 14)(Activate)


def activate_moves(
    state: GameState, seat: int, only: str | None = None, held: tuple[str, ...] | None = None
) -> list[Run]:
    """ACTLOC-1 to ACTLOC-9: every activation of a location ``seat`` controls (or of ``only``),
    a run a location and price mode: each payment, price card or deal, target, and once or
    twice (ACTLOC-3: twice only for an action without a special operation or draw).
    ``held``: the locations ``seat`` controls, where known (FAC-EGY-3)."""
    player = state.players[seat]
    runs: list[Run] = []
    for location in controlled(state, seat) if held is None else held:
        if location not in _ACTING or (only is not None and location != only):
            continue
        usable = activatable(state, seat, location)
        if usable is None:
            continue
        action, left = usable
        for index, mode in enumerate(action.modes):
            afforded = _afforded(player, mode.pay)
            if not afforded:
                continue
            effect = mode.effect
            simple = effect.do is None and effect.draw_keep is None
            run: list[Move] = []
            for opponent, target, goods in targets(state, seat, location, effect):
                extra = 0
                if (
                    effect.do is Special.RAZE
                    and effect.args.target is Target.ENEMY_LOCATION
                    and isinstance(target, str)
                ):
                    extra = raze_price(state, target, effect.args.ignore_protection)
                price = _price(mode, extra)
                for times in (1, 2) if simple and left >= 2 else (1,):
                    total = _twice(price) if times == 2 else price
                    pays = afforded if total is mode.pay else payments(total, player.supply)
                    if not (total.cards or total.deals):  # ACTLOC-5: no price card or deal
                        run += each_payment(
                            Activate, seat, location, pays, times, index, (), None, opponent, target, goods
                        )
                        continue
                    run.extend(
                        _activation(seat, location, pay, times, index, cards, deal, opponent, target, goods)
                        for pay in pays
                        for cards in _price_cards(player.hand, total.cards, target)
                        for deal in _price_deals(player.deals, total.deals)
                    )
            if run:
                runs.append(run)
    return runs


def _afforded(player: Player, price: Price) -> tuple[Supply, ...]:
    """ACTLOC-1, ACTLOC-5: the payments of ``price`` (ENG-2) where ``player`` can pay it at all
    (goods, hand cards and deals), none where not, before its targets are looked for: a
    target's raze tokens (RAZE-4) and a second use (ACTLOC-3) only raise it."""
    if len(player.hand) < price.cards or len(player.deals) < price.deals:
        return ()
    return payments(price, player.supply)


def _price_cards(hand: tuple[str, ...], count: int, target: str | int | None) -> Iterator[tuple[str, ...]]:
    """ACTLOC-5: the hand cards a price discards (never the card the action acts on)."""
    if not count:
        yield ()
        return
    rest = list(hand)
    if target in rest:
        rest.remove(target)
    yield from dict.fromkeys(tuple(sorted(c)) for c in combinations(rest, count))


def _price_deals(deals: tuple[Deal, ...], count: int) -> Iterator[int | None]:
    """ACTLOC-5: the own deal a price discards, by its place (a Trade Route deal too)."""
    if not count:
        yield None
        return
    yield from range(len(deals))


def activate(table: Table, move: Activate) -> None:
    """ACTLOC-1, ACTLOC-4 to ACTLOC-9: the price paid (its goods on the card until cleanup, its
    cards and deal discarded), the use counted; the special operation, then the gains (ENG-1),
    once or twice (ACTLOC-3; an action acting on targets is used a second time within the
    same action as a follow-up, with targets of its own)."""
    seat = move.player
    table.pay(seat, move.pay)
    if move.cards:
        hand = list(table.players[seat].hand)
        for card in move.cards:
            hand.remove(card)
        table.put_field(seat, "hand", tuple(hand))
        for card in move.cards:
            table.discard(card)
    if move.deal is not None:
        deals = table.players[seat].deals
        table.put_field(seat, "deals", deals[: move.deal] + deals[move.deal + 1 :])
        table.discard(deals[move.deal].card)
    uses = dict(table.now.uses)
    uses[move.location] = uses.get(move.location, 0) + move.times
    table.put("uses", tuple(uses.items()))
    action = card_of(move.location).ability.action
    assert action is not None
    effect = action.modes[move.mode].effect
    steps = _special(table, move, effect)
    for _ in range(move.times):
        steps += effect_steps(table, seat, effect, move.location, special=False)
    if (effect.do is not None or effect.draw_keep is not None) and uses[move.location] < action.per_round:
        # ACTLOC-3: a second use within the same action, on targets of its own
        steps.append(FollowUp(seat, "again", move.location))
    table.first(steps)


def _special(table: Table, move: Activate, effect: Effect) -> list[Step]:
    """The special operation of an action, on the move's targets (CARD-1, CARD-2: an ability
    changes the general rules; the operations in PROVENANCE.md section 1)."""
    do, seat, other = effect.do, move.player, move.opponent
    target = move.target if isinstance(move.target, str) else None  # a card
    place = move.target if isinstance(move.target, int) else None  # a deal
    if do is None or (
        move.target is None and other is None and do not in (Special.BUILD_FROM_HAND, Special.BUILD_OWN_DEAL)
    ):
        return []
    if do is Special.REPEAT_PRODUCTION:  # CARD-8
        assert target is not None
        production = card_of(target).ability.production
        assert production is not None
        return effect_steps(table, seat, production, target)
    if do is Special.REACTIVATE_ACTION:  # CARD-11, ENG-7
        table.put("uses", tuple((c, n) for c, n in table.now.uses if c != target))
        return [FollowUp(seat, "reactivate", target)]
    if do is Special.BUILD_FROM_HAND:  # CARD-7
        return [FollowUp(seat, "settlers")]
    if do is Special.BUILD_OWN_DEAL:  # CARD-7
        return [FollowUp(seat, "negotiator")]
    if do is Special.USE_OWN_DEAL:  # CARD-28
        assert place is not None
        return [Gain(seat, table.players[seat].deals[place].good, move.location)]
    if do is Special.RAZE:  # CARD-13, RAZE-10
        assert target is not None
        vp_each = effect.args.vp_per_good_forgone
        if effect.args.target is Target.OWN_HAND:
            razed_from_hand(table, seat, target, move.goods, vp_each)
        elif effect.args.target is Target.OWN_COMMON_LOCATION:
            razed(table, seat, seat, target, ())
        else:
            assert other is not None
            razed(table, seat, other, target, move.goods, vp_each)
        return []
    if do is Special.FOUNDATION_FROM_HAND:  # CARD-24
        assert target is not None
        hand = list(table.players[seat].hand)
        hand.remove(target)
        table.set(
            seat,
            hand=tuple(hand),
            foundations=(*table.players[seat].foundations, target),
            unseen=(*table.players[seat].unseen, target),
        )
        table.add(seat, one(STONE))
        return []
    assert other is not None
    return _on_enemy(table, move, do, other)


def _on_enemy(table: Table, move: Activate, do: Special, other: int) -> list[Step]:
    """The operations on an opponent (ENG-1)."""
    seat = move.player
    target = move.target if isinstance(move.target, str) else None  # a location
    place = move.target if isinstance(move.target, int) else None  # a deal
    if do is Special.TAKE_RAZE_FIELD_GOOD:  # CARD-21
        return [Gain(seat, Goods.of({move.goods[0]: 1}), move.location)]
    if do is Special.REMOVE_ENEMY_LOCATION:  # CARD-6
        assert target is not None
        table.leave_empire(other, target)
        table.discard(target)
        return []
    if do in (Special.TAKE_ENEMY_DEAL, Special.DISCARD_ENEMY_DEAL):  # CARD-15, CARD-16
        assert place is not None
        deals = table.players[other].deals
        deal = deals[place]
        table.put_field(other, "deals", deals[:place] + deals[place + 1 :])
        if do is Special.TAKE_ENEMY_DEAL:
            table.put_field(seat, "deals", (*table.players[seat].deals, deal))
            return []
        table.discard(deal.card)
        effect = _effect(move)
        return [Gain(seat, deal.good, move.location)] if effect.args.gain_its_good else []
    if do is Special.STEAL_RESOURCE:  # CARD-20
        if move.goods:
            kind = one(SUPPLY.index(move.goods[0]))
            table.pay(other, kind)
            table.add(seat, kind)
        return []
    if do is Special.TAKE_OVER_LOCATION:  # FAC-EGY-3
        assert target is not None
        table.put("taken", (*table.now.taken, (target, seat)))
        return []
    if do is Special.BLOCK_ENEMY_ACTION:  # CARD-22
        assert target is not None
        table.put("blocked", (*table.now.blocked, target))
        return []
    if do is Special.OPPONENT_DISCARDS_CARD:  # CARD-25
        return [DiscardFor(other)] if table.players[other].hand else []
    # Special.TRADE_ROUTE_DEAL, FAC-JAP-7
    assert target is not None
    marker = table.take_top(seat, Deck.FACTION)
    good = copy_of(target).deal
    assert marker is not None
    assert good is not None
    table.put_field(seat, "deals", (*table.players[seat].deals, Deal(marker, good, True)))
    return [Gain(seat, good, move.location), *event_steps(table, seat, Event.MAKE_DEAL)]


def _effect(move: Activate) -> Effect:
    action = card_of(move.location).ability.action
    assert action is not None
    return action.modes[move.mode].effect


def follow_moves(table: Table, step: FollowUp) -> list[Run]:
    """CARD-7, CARD-11, ACTLOC-3: :class:`Skip`, then the follow-up's builds or activations
    (in runs)."""
    state, seat = table.state, step.seat
    skip: list[Run] = [[Skip(seat)]]
    if step.do in ("reactivate", "again"):
        return skip + activate_moves(state, seat, step.location)
    if step.do == "settlers":
        cards = tuple(dict.fromkeys(c for c in state.players[seat].hand if not c.startswith("com")))
    else:
        cards = tuple(d.card for d in state.players[seat].deals if not d.route)
    return skip + build_moves(state, seat, cards, skip_location=True)
