"""A view of Imperial Settlers drawn as SVG (:mod:`boardtable.svg`): a part per player, with
its faction, supply (GOODS-1), points, hand, empire, foundations and deals as the view shows
them (LOOK-6), and a part for the round and the lookout's cards (LOOK-2)."""

from __future__ import annotations

from boardtable.svg import LINE, Canvas, Part, part, sheet_svg

from ._goods import SUPPLY
from ._model import GameState, Player
from ._table import card_of
from .view import HIDDEN

__all__ = ["render_svg"]


def _names(cards: tuple[str, ...]) -> str:
    return ", ".join("?" if card == HIDDEN else card_of(card).name for card in cards) or "none"


def _player(seat: int, player: Player, acting: bool) -> Part:
    canvas = Canvas()
    y = canvas.heading(0, f"P{seat} {player.faction}: {player.vp} vp")
    supply = ", ".join(f"{amount} {name}" for name, amount in zip(SUPPLY, player.supply, strict=True))
    y = canvas.paragraph(y, f"Supply: {supply}")
    y = canvas.paragraph(y, f"Empire: {_names(player.empire)}")
    y = canvas.paragraph(y, f"Hand: {_names(player.hand)}")
    y = canvas.paragraph(y, f"Foundations: {len(player.foundations)}; deals: {len(player.deals)}")
    return part(canvas, y + 8, f"P{seat}", "#b03030" if acting else LINE)


def render_svg(view: GameState) -> str:
    """The view drawn as one SVG document (see the module)."""
    canvas = Canvas()
    y = canvas.heading(0, f"Round {view.round} of 5: {view.phase.value}")
    y = canvas.paragraph(y, f"Lookout: {_names(view.offer)}")
    table = part(canvas, y + 8, "the table")
    acting = set(view.to_act)
    players = [_player(seat, player, seat in acting) for seat, player in enumerate(view.players)]
    return sheet_svg([table, *players], 2, "Imperial Settlers")
