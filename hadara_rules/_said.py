"""A legal move in its player's words, as a list of moves says it: at the terminal beside its
notation, and at the web table (a legal entry's ``text``): ``Buy I-red-03 from the red pile,
taking the free food tile``, ``Ally with the tier 9 colony, paying 3 coins to lower the
requirement``."""

from __future__ import annotations

from ._model import GameState
from ._moves import (
    Action,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    Move,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    TakeColony,
)
from ._vocabulary import COLORS, Track

__all__ = ["move_text"]


def _deal(action: Action) -> str:
    """DRAFT-2, PICK-1: a card bought or sold."""
    return "Sell" if action is Action.SELL else "Buy"


def _with_tile(tile: Track | None) -> str:
    """PURPLE-2: the free bonus tile a purple card bought takes."""
    return "" if tile is None else f", taking the free {tile} tile"


def _paying(pay: int) -> str:
    """PURPLE-15: the coins paid to lower a colony's or statue's requirement."""
    return f", paying {pay} coins to lower the requirement" if pay else ""


def _picked(view: GameState, move: Pick) -> str:
    """PICK-1: the card a pick takes, the top of its colour's outer pile (face up, INFO-2)."""
    pile = view.outer_piles[COLORS.index(move.color)]
    return pile[-1] if pile else f"the top {move.color} card"


def move_text(view: GameState, move: Move) -> str:
    """A legal move of ``view``'s position in its player's words (SETUP-6, WHEEL-3, DRAFT-2,
    PICK-1, COLONY-1, STATUE-1 and STATUE-3, FEED-2, PURPLE-6, MEDAL-1 and MEDAL-3); a pick
    names the card it takes, the top of its pile in ``view``."""
    if isinstance(move, ChooseSide):
        return f"Play side {move.side} of your start card"
    if isinstance(move, SetWheel):
        return f"Set the wheel to rotation {move.rotation}"
    if isinstance(move, Draft):
        return f"{_deal(move.action)} {move.card}{_with_tile(move.tile)}"
    if isinstance(move, Pick):
        deal, card = _deal(move.action), _picked(view, move)
        return f"{deal} {card} from the {move.color} pile{_with_tile(move.tile)}"
    if isinstance(move, TakeColony):
        how = "Ally with" if move.ally else "Plunder"
        return f"{how} the tier {move.tier} colony{_paying(move.pay)}"
    if isinstance(move, CarveStatue):
        face = "up" if move.face_up else "down"
        return f"Carve statue {move.statue}, {move.tile} tile face {face}{_paying(move.pay)}"
    if isinstance(move, Pass):
        return "Pass"
    if isinstance(move, RemoveCard):
        return f"Remove {move.card}"
    if isinstance(move, FeedWithCoins):
        return "Pay 2 coins instead of removing a card"
    if isinstance(move, BuySilver):
        return f"Buy a silver medal with the {move.tile} tile"
    assert isinstance(move, BuyGold)
    return "Buy a gold medal"
