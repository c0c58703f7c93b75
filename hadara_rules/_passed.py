"""Why a player was passed over: in words a player understands.

In the colony, statue and medal sections a player whose only move would be ``Pass``
is passed over without being asked (COLONY-1, STATUE-1, MEDAL-1), and at feeding a
player whose food suffices (FEED-1). :func:`why_passed_over`
says why, from the position the player was passed over in, with the numbers the rules
compare: the prices of the medals (:func:`~hadara_rules.silver_price`,
:func:`~hadara_rules.gold_price`), the requirements and the coins that may meet them
(:func:`~hadara_rules.colony_yield`, :func:`~hadara_rules.statue_yield`).
"""

from __future__ import annotations

from boardtable.screen import counted

from ._effects import effect_totals
from ._model import GameState
from ._previews import colony_yield, gold_price, silver_price, statue_yield
from ._rules.colony import tiers_held
from ._rules.requirement import takes_left
from ._vocabulary import TIERS, Section


def why_passed_over(state: GameState, seat: int, reader: int | None = None) -> str:
    """Why ``seat`` had nothing to decide in ``state``'s section (the position it was
    passed over in), told to ``reader``'s player ("you have" when it is ``seat``); the
    rule that passed the seat over is the event's (COLONY-1, STATUE-1, FEED-1, MEDAL-1)."""
    player = state.players[seat]
    has = "you have" if seat == reader else f"P{seat} has"
    if state.section is Section.MEDALS:
        return _medals(state, seat, has)
    if state.section is Section.FEEDING:
        cards = counted(len(player.cards), "card")
        return f"fed: food {player.tracks.food} for {cards}"
    if takes_left(player, effect_totals(player.cards, state.catalogue)) <= 0:
        taken = "colony" if state.section is Section.COLONY else "statue"
        return f"no more {taken} this section"
    if state.section is Section.COLONY:
        return _colonies(state, seat, has)
    return _statues(state, seat, has)


def _medals(state: GameState, seat: int, has: str) -> str:
    """MEDAL-1: every medal is either all bought or costs more than the player has."""
    player = state.players[seat]
    reference = state.catalogue.reference
    prices = []
    if len(player.silver) < reference.max_silver:
        prices.append(f"silver costs {silver_price(state, seat)}")
    if player.gold < reference.max_gold:
        prices.append(f"gold costs {gold_price(state, seat)}")
    if not prices:
        whose = "your" if has == "you have" else f"P{seat}'s"
        return f"every medal on {whose} board bought"
    return f"no medal within reach: {', '.join(prices)}, {has} {counted(player.coins, 'coin')}"


def _colonies(state: GameState, seat: int, has: str) -> str:
    """COLONY-2/3, PURPLE-15: each tier left is held already, or needs more military than
    the player has, or more coins than they may pay."""
    held = tiers_held(state, state.players[seat])
    open_tiers = [tier for tier in TIERS if tier not in held and colony_yield(state, seat, tier) is not None]
    if not open_tiers:
        return "no colony left of a tier not held yet"
    military = state.players[seat].tracks.military
    return f"no colony within reach: the lowest needs military {open_tiers[0]}, {has} {military}"


def _statues(state: GameState, seat: int, has: str) -> str:
    """STATUE-2, PURPLE-15: each statue left needs more culture than the player has."""
    carved = {statue.statue for statue in state.players[seat].statues}
    left = [statue_yield(state, seat, index) for index in state.catalogue.statues if index not in carved]
    if not left:
        return "every statue carved"
    culture = state.players[seat].tracks.culture
    lowest = min(found.requirement for found in left)
    return f"no statue within reach: the next needs culture {lowest}, {has} {culture}"
