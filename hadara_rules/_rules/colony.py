"""Taking colonies (COLONY-1…5), with PURPLE-9, -13, -14 and -15 through the effect hooks."""

from __future__ import annotations

from collections.abc import Iterator

from boardtable.reader import shown

from .. import _effects as effects
from .._components import front_id
from .._copy import replace
from .._errors import IllegalMove
from .._events import CoinReason, ColonyTaken, coins, steps
from .._model import Changes, ColonyHolding, GameState, PlayerState
from .._moves import Move, TakeColony, shared
from .._vocabulary import TIER_INDEX, TIERS, Tracks
from .requirement import check_requirement, pay_needed, skip_taker, taker_limits, takes_left
from .section import (
    Limits,
    Narration,
    SectionRules,
    everyone_had_a_turn,
    handles,
    pass_move,
    passed_over,
    passing,
    players_with,
)

_take = shared(TakeColony)


def tiers_held(state: GameState, player: PlayerState) -> set[int]:
    """COLONY-3: the tiers of the colonies the player already has."""
    colonies = state.catalogue.colonies
    return {colonies[c.id].tier for c in player.colonies}


def turn_used_up(state: GameState, move: TakeColony) -> IllegalMove | None:
    """COLONY-1 (with PURPLE-13): the player's takes in this section are used up."""
    player = state.players[move.player]
    if takes_left(player, effects.effect_totals(player.cards, state.catalogue)) > 0:
        return None
    return IllegalMove("COLONY-1", "the player has taken as many colonies as allowed this section")


def legal(state: GameState, seat: int) -> Iterator[Move]:
    """Each tier the player may take, plundered or (if affordable) allied, with the pay that
    meets the requirement; then pass."""
    player = state.players[seat]
    totals = effects.effect_totals(player.cards, state.catalogue)
    if takes_left(player, totals) > 0:
        held = tiers_held(state, player)
        bonus = totals.colony_coins
        colonies = state.catalogue.colonies
        for tier, stack in zip(TIERS, state.colony_stacks, strict=True):
            if stack and tier not in held:
                pay = pay_needed(player, totals, player.tracks.military, tier)
                if pay is not None:
                    yield _take(seat, tier, False, pay)
                    if colonies[stack[-1]].ally_cost <= player.coins - pay + bonus:
                        yield _take(seat, tier, True, pay)
    yield pass_move(seat)


def check_take(state: GameState, move: TakeColony) -> IllegalMove | None:
    """COLONY-1…4 and the requirement effects."""
    player = state.players[move.player]
    if move.tier not in TIER_INDEX:
        return IllegalMove("COLONY-2", f"colony tiers are 3, 9, 15, 21 and 30, not {shown(move.tier)}")
    used_up = turn_used_up(state, move)
    if used_up:
        return used_up
    if move.tier in tiers_held(state, player):
        return IllegalMove("COLONY-3", f"the player already has a colony of tier {move.tier}")
    stack = state.colony_stacks[TIER_INDEX[move.tier]]
    if not stack:
        return IllegalMove("COLONY-4", f"no colony of tier {move.tier} is left")
    totals = effects.effect_totals(player.cards, state.catalogue)
    refused = check_requirement(
        player, totals, player.tracks.military, move.tier, move.pay, "COLONY-2", f"a tier-{move.tier} colony"
    )
    if refused:
        return refused
    if move.ally:
        colony = state.catalogue.colonies[stack[-1]]
        coins = player.coins - move.pay + totals.colony_coins
        if colony.ally_cost > coins:
            return IllegalMove(
                "COLONY-4", f"allying costs {colony.ally_cost} coins and the player has {coins}"
            )
    return None


def take(state: GameState, move: TakeColony) -> Changes:
    """COLONY-4: take the top colony, then plunder it or ally with it."""
    i = TIER_INDEX[move.tier]
    stack = state.colony_stacks[i]
    colony = state.catalogue.colonies[stack[-1]]
    player = state.players[move.player]
    coins = player.coins - move.pay + effects.colony_coins(player, state.catalogue)
    if move.ally:
        coins -= colony.ally_cost
        tracks = player.tracks.plus(colony.turned_up()[0])
    else:
        coins += colony.plunder
        tracks = player.tracks
    player = replace(
        player,
        coins=coins,
        tracks=tracks,
        colonies=(*player.colonies, ColonyHolding(colony.id, move.ally)),
        section_takes=player.section_takes + 1,
        section_paid=player.section_paid + move.pay,
    )
    return {
        "players": players_with(state, move.player, player),
        "colony_stacks": (*state.colony_stacks[:i], stack[:-1], *state.colony_stacks[i + 1 :]),
    }


def foretold(before: GameState, move: TakeColony, front_only: bool = True) -> Narration:
    """COLONY-4 with PURPLE-9 (coins first) and PURPLE-15 (pay), as the table knows it
    before the move: the colony by its front, without its back's steps (INFO-1); with
    ``front_only`` false, as it happened."""
    seat = move.player
    player = before.players[seat]
    colony = before.catalogue.colonies[before.colony_stacks[TIER_INDEX[move.tier]][-1]]
    yield ColonyTaken(
        rule="COLONY-4", player=seat, colony=front_id(colony) if front_only else colony.id, allied=move.ally
    )
    yield from coins(seat, -move.pay, CoinReason.REQUIREMENT, "PURPLE-15")
    yield from coins(seat, effects.colony_coins(player, before.catalogue), CoinReason.BONUS, "PURPLE-9")
    if move.ally:
        yield from coins(seat, -colony.ally_cost, CoinReason.ALLY_COST, "COLONY-4")
        if not front_only:
            yield from steps(seat, colony.turned_up()[0], Tracks(), "COLONY-4")
    else:
        yield from coins(seat, colony.plunder, CoinReason.PLUNDER, "COLONY-4")


def narrate_take(before: GameState, move: TakeColony, after: GameState) -> Narration:
    """The colony taken, as it happened (:func:`foretold`, the back's steps told)."""
    return foretold(before, move, front_only=False)


def skip(state: GameState, seat: int) -> Changes | None:
    """COLONY-1: a player whose takes are used up, or who could only pass, is passed over."""
    return skip_taker(legal, state, seat)


def limits(state: GameState, player: PlayerState) -> Limits:
    """COLONY-1: what a player who had their turn may have taken and paid (one take per colony held)."""
    return taker_limits(len(player.colonies), player, state)


#: Colonies (COLONY-1…5): in turn, take colonies or pass.
COLONY = SectionRules(
    moves=dict(
        [handles(TakeColony, check_take, take, narrate_take, out_of_turn=turn_used_up), passing("COLONY-1")]
    ),
    legal=legal,
    finished=everyone_had_a_turn,
    skip=skip,
    narrate_step=passed_over("COLONY-1"),
    limits=limits,
)
