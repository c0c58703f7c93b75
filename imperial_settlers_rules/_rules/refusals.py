"""Why a move of the action phase is refused: the first rule it breaks, in words.

:func:`~imperial_settlers_rules.check_move` accepts exactly the legal moves; for a move it
refuses, these checks name the rule a player would be told (a move none of them catches is
refused under its action's own rule)."""

from __future__ import annotations

from boardtable.errors import IllegalMove

from .._goods import GOLD, RAZE, WORKER
from .._model import GameState
from .._moves import Activate, Build, Defend, MakeDeal, Move, Raze, RazeCard, Samurai, Spend, Tuck
from .._table import card_of, controlled, owner
from .actions import DEAL_PRICE, RAZE_HAND, RAZE_LOCATION, discardable, raze_price
from .activate import activatable

__all__ = ["why"]


def _supply(state: GameState, move: Move, pay: tuple[int, ...]) -> IllegalMove | None:
    """BUILD-4, GOODS-2: a payment is goods of the payer's own supply."""
    if len(pay) != 7 or any(type(n) is not int or n < 0 for n in pay):
        return IllegalMove("ENG-2", "a payment names how many of each good are paid")
    if any(n > have for n, have in zip(pay, state.players[move.player].supply, strict=True)):
        return IllegalMove("BUILD-4", "you cannot pay with goods you do not have")
    return None


def _build(state: GameState, move: Build) -> IllegalMove | None:
    player = state.players[move.player]
    if move.card not in player.hand:
        return IllegalMove("BUILD-1", "build a card from your own hand")
    refusal = _supply(state, move, move.pay)
    if refusal is not None:
        return refusal
    cost = card_of(move.card).cost
    if move.option is None and not cost.accepts(move.pay):
        return IllegalMove(
            "GOODS-2", "pay the cost exactly: wood, stone and food, gold standing for any of them"
        )
    if cost.location and move.discard is None:
        return IllegalMove(
            "BUILD-3", "this card asks for one of your locations or foundations to be discarded"
        )
    if move.discard is not None and move.discard not in discardable(state, move.player):
        if any(card == move.discard for card, _ in state.taken):
            return IllegalMove("FAC-EGY-1", "a location taken over cannot be discarded to pay a cost")
        return IllegalMove("BUILD-3", "discard one of your own locations or foundations")
    return None


def _deal(state: GameState, move: MakeDeal) -> IllegalMove | None:
    if move.card not in state.players[move.player].hand:
        return IllegalMove("DEAL-1", "make a deal with a card from your own hand")
    if move.card.startswith("com"):
        return IllegalMove("DEAL-1", "only a faction card can become a deal")
    refusal = _supply(state, move, move.pay)
    if refusal is not None or not DEAL_PRICE.accepts(move.pay):
        return refusal or IllegalMove("DEAL-2", "a deal costs 1 food (or 1 gold)")
    return None


def _raze_card(state: GameState, move: RazeCard) -> IllegalMove | None:
    if move.card not in state.players[move.player].hand:
        return IllegalMove("RAZE-2", "raze a card from your own hand")
    if card_of(move.card).raze is None:
        return IllegalMove("RAZE-1", "only a card with a raze field can be razed")
    if state.players[move.player].supply[RAZE] < RAZE_HAND:
        return IllegalMove("RAZE-9", "razing a card from your hand takes 1 raze token")
    return None


def _raze(state: GameState, move: Raze) -> IllegalMove | None:
    if not 0 <= move.opponent < len(state.players) or owner(state, move.location) != move.opponent:
        return IllegalMove("RAZE-3", "raze a location in an opponent's empire")
    card = card_of(move.location)
    if card.raze is None:
        return IllegalMove(
            "RAZE-5" if not card.common and card.deck != "japanese" else "RAZE-1",
            "this location cannot be razed",
        )
    taker = next((by for c, by in state.taken if c == move.location), None)
    if taker == move.player:
        return IllegalMove("ENG-4", "you cannot raze a location you took over")
    if move.opponent == move.player and taker is None:
        return IllegalMove("RAZE-3", "raze an opponent's location, not your own")
    if state.players[move.opponent].passed:
        return IllegalMove("ACT-5", "a player who has passed cannot be targeted")
    need = RAZE_LOCATION + raze_price(state, move.location)
    if state.players[move.player].supply[RAZE] < need:
        return IllegalMove(
            "RAZE-4", f"razing this location takes {need} raze tokens (RAZE-9: nothing else replaces them)"
        )
    return None


def _activate(state: GameState, move: Activate) -> IllegalMove | None:
    if move.location not in controlled(state, move.player):
        return IllegalMove("ACTLOC-1", "activate an action location in your own empire")
    action = card_of(move.location).ability.action
    if action is None:
        return IllegalMove("ACTLOC-1", "this location has no action")
    if move.location in state.blocked:
        return IllegalMove("CARD-22", "this location is blocked for the rest of the round")
    found = activatable(state, move.player, move.location)
    if found is None or found[1] < move.times:
        return IllegalMove("ACTLOC-2", "this location has no use left this round")
    refusal = _supply(state, move, move.pay)
    if refusal is not None:
        return refusal
    if not 0 <= move.mode < len(action.modes):
        return IllegalMove("ACTLOC-7", "choose one of the location's prices")
    price = action.modes[move.mode].pay
    if move.pay[WORKER] < price.supply[WORKER] * move.times:
        if move.pay[GOLD] > price.supply[GOLD] * move.times:
            return IllegalMove("GOODS-2", "gold never pays for workers")
        return IllegalMove("ACTLOC-1", "pay the price the card shows")
    if (
        move.opponent is not None
        and 0 <= move.opponent < len(state.players)
        and state.players[move.opponent].passed
    ):
        return IllegalMove("ACT-5", "a player who has passed cannot be targeted")
    return IllegalMove("ENG-1", "not a legal price or target for this action")


def _spend(state: GameState, move: Spend) -> IllegalMove | None:
    take = move.take
    if (
        type(take) is not tuple
        or len(take) != 4
        or any(type(n) is not int or n < 0 for n in take)
        or not sum(take)
    ):
        return IllegalMove("WORK-1", "take a positive number of wood, stone, food and cards")
    if state.players[move.player].supply[WORKER] < 2 * sum(move.take):
        return IllegalMove("WORK-1", "each good taken costs 2 workers")
    return None


def _defend(state: GameState, move: Defend) -> IllegalMove | None:
    player = state.players[move.player]
    if move.location not in player.empire or not move.location.startswith("com"):
        return IllegalMove("DEF-2", "a defense token goes on one of your own common locations")
    if move.location in player.defended:
        return IllegalMove("DEF-5", "a location holds at most one defense token")
    if any(card == move.location for card, _ in state.taken):
        return IllegalMove("ENG-4", "nothing may be put on a location taken over")
    return IllegalMove("DEF-2", "you have no defense token")


def _samurai(state: GameState, move: Samurai) -> IllegalMove | None:
    return IllegalMove(
        "FAC-JAP-3", "the Japanese put a worker of theirs on an own faction location without a samurai"
    )


def _tuck(state: GameState, move: Tuck) -> IllegalMove | None:
    return IllegalMove("CARD-26", "put a hand card under an own Gate or a resource on an own Shrine")


_WHY = {
    Build: _build,
    MakeDeal: _deal,
    RazeCard: _raze_card,
    Raze: _raze,
    Activate: _activate,
    Spend: _spend,
    Defend: _defend,
    Samurai: _samurai,
    Tuck: _tuck,
}


def why(state: GameState, move: Move) -> IllegalMove | None:
    """The first rule ``move`` breaks in ``state``, or None where none is named here."""
    check = _WHY.get(type(move))
    return None if check is None else check(state, move)  # type: ignore[operator]
