"""A position (or a seat's view) drawn as SVG: the board's locations with their people, the
card display and the building stacks' tops with what each card gives and each tile takes,
and each player's board.

Every component drawn carries ``data-id`` (a location, a card, a tile, a player's board or
one of its counters); a hidden card or tile is drawn as its back (``?``, INFO-1, INFO-2).
The drawing is one column 320 units wide that scales with its ``viewBox``: about its own
size on a phone (390 pixels), larger where the page gives it more room (1280 pixels).
"""

from __future__ import annotations

from html import escape

from ._goods import Kind
from ._model import BUILDINGS, LOCATIONS, SLOTS, GameState
from .text import PLACES, cards_bottoms_text, item_text

#: The width of the drawing (one column: the board above the players' boards, so that a
#: phone's 390 pixels show it at about its own size) and the height of one row of it.
_WIDTH, _ROW = 320, 22
#: The height of a player's board.
_PLAYER = 111
_COLOURS = ("#c0392b", "#2471a3", "#229954", "#b7950b")


def _text(x: int, y: int, words: str, size: int = 13, weight: str = "normal") -> str:
    return f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}">{escape(words)}</text>'


def _box(x: int, y: int, width: int, height: int, data_id: str, fill: str) -> str:
    return (
        f'<rect data-id="{escape(data_id)}" x="{x}" y="{y}" width="{width}" height="{height}" '
        f'rx="4" fill="{fill}" stroke="#555"/>'
    )


def _people(view: GameState, row: int, x: int, y: int) -> list[str]:
    """The people standing at a location: a disc in each player's colour with their number."""
    drawn: list[str] = []
    for seat, count in enumerate(view.placed[row]):
        if count:
            drawn.append(
                f'<circle data-id="people-{seat}" cx="{x}" cy="{y}" r="8" fill="{_COLOURS[seat]}"/>'
                f'<text x="{x}" y="{y + 4}" font-size="11" fill="#fff" text-anchor="middle">{count}</text>'
            )
        x += 20
    return drawn


def _listed(what: str, items: tuple[str, ...], shown: int = 7) -> str:
    """``cards 9: c01 c02 … c07 …``: a count and the first items."""
    more = " …" if len(items) > shown else ""
    return f"{what} {len(items)}: {' '.join(items[:shown])}{more}" if items else f"{what}: none"


def _board(view: GameState) -> tuple[list[str], int]:
    """The board's locations, each with its people; a card slot or building stack with the
    card or tile on it, in words on a second line. Returns the parts and the height used."""
    parts: list[str] = [_text(10, 20, f"Round {view.round}, {view.phase} (Stone Age)", 15, "bold")]
    y = 34
    for location in LOCATIONS:
        label, lying = PLACES[location].removeprefix("the "), None
        if location in BUILDINGS:
            i = BUILDINGS.index(location)
            stack = view.stacks[i] if i < len(view.stacks) else ()
            label += f" ({len(stack)} left)" if stack else ": empty"
            lying = stack[0] if stack else None
        elif location in SLOTS:
            lying = view.display[SLOTS.index(location)]
            label += f" (costs {SLOTS.index(location) + 1})" if lying is not None else ": empty"
        height = _ROW - 4 if lying is None else 2 * _ROW - 10
        parts.append(_box(10, y, 300, height, location.value, "#f5ecd7"))
        parts.append(_text(16, y + 13, label, 12))
        if lying is not None:
            parts.append(f'<g data-id="{escape(lying)}"></g>')
            parts.append(_text(16, y + 27, item_text(lying), 11))
        parts.extend(_people(view, location.row, 232, y + 9))
        y += height + 4
    parts.append(_box(10, y, 300, _ROW - 4, "pile", "#ddd"))
    parts.append(_text(16, y + 13, f"draw pile: {len(view.pile)} cards", 12))
    return parts, y + _ROW


def _player(view: GameState, seat: int, y: int) -> list[str]:
    player = view.players[seat]
    x = 10
    parts = [_box(x, y, 300, _PLAYER, f"player-{seat}", "#fbfaf5")]
    parts.append(f'<rect x="{x}" y="{y}" width="8" height="{_PLAYER}" fill="{_COLOURS[seat]}"/>')
    rows = (
        f"P{seat}: {player.score} points, {player.people} people, {view.unplaced(seat)} home",
        f"food {player.food}, agriculture {player.agriculture}",
        ", ".join(f"{kind.value} {player.resources.count(kind)}" for kind in Kind),
        f"tools {'/'.join(map(str, player.tools)) or 'none'}"
        + (f", one-time {'/'.join(map(str, player.one_time))}" if player.one_time else ""),
        _listed("buildings", player.buildings),
        _listed("cards", player.all_cards),
        cards_bottoms_text(player.all_cards),
    )
    for i, row in enumerate(rows):
        parts.append(_text(x + 14, y + 15 + 15 * i, row, 12, "bold" if i == 0 else "normal"))
    parts.extend(f'<g data-id="{escape(item)}"></g>' for item in (*player.buildings, *player.all_cards))
    return parts


def render_svg(view: GameState) -> str:
    """``view`` drawn as SVG (see the module)."""
    parts, top = _board(view)
    top += 8
    for seat in range(len(view.players)):
        parts.extend(_player(view, seat, top + (_PLAYER + 8) * seat))
    height = top + (_PLAYER + 8) * len(view.players) + 4
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height}" '
        f'width="100%" role="img" aria-label="Stone Age table" font-family="sans-serif">'
        + "".join(parts)
        + "</svg>"
    )
