"""A position (or a seat's view) drawn as SVG: the board's locations with their people, the
card display, the building stacks' tops and each player's board.

Every component drawn carries ``data-id`` (a location, a card, a tile, a player's board or
one of its counters); a hidden card or tile is drawn as its back (``?``, INFO-1, INFO-2).
The drawing is one column 320 units wide that scales with its ``viewBox``: about its own
size on a phone (390 pixels), larger where the page gives it more room (1280 pixels).
"""

from __future__ import annotations

from html import escape

from ._goods import Kind
from ._model import BUILDINGS, LOCATIONS, SLOTS, GameState

#: The width of the drawing (one column: the board above the players' boards, so that a
#: phone's 390 pixels show it at about its own size) and the height of one row of it.
_WIDTH, _ROW = 320, 22
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


def _board(view: GameState) -> list[str]:
    parts: list[str] = [_text(10, 20, f"Round {view.round}, {view.phase} (Stone Age)", 15, "bold")]
    y = 34
    for location in LOCATIONS:
        label = location.value.replace("_", " ")
        if location in BUILDINGS:
            stack = (
                view.stacks[BUILDINGS.index(location)] if BUILDINGS.index(location) < len(view.stacks) else ()
            )
            top = stack[0] if stack else "empty"
            label += f": {top} ({len(stack)} left)"
            if stack:
                parts.append(f'<g data-id="{escape(top)}"></g>')
        elif location in SLOTS:
            card = view.display[SLOTS.index(location)]
            label += f": {card or 'empty'} (costs {SLOTS.index(location) + 1})"
            if card is not None:
                parts.append(f'<g data-id="{escape(card)}"></g>')
        parts.append(_box(10, y, 300, _ROW - 4, location.value, "#f5ecd7"))
        parts.append(_text(16, y + 13, label, 12))
        parts.extend(_people(view, location.row, 232, y + 9))
        y += _ROW
    parts.append(_box(10, y, 300, _ROW - 4, "pile", "#ddd"))
    parts.append(_text(16, y + 13, f"draw pile: {len(view.pile)} cards", 12))
    return parts


def _player(view: GameState, seat: int, y: int) -> list[str]:
    player = view.players[seat]
    x = 10
    parts = [_box(x, y, 300, 96, f"player-{seat}", "#fbfaf5")]
    parts.append(f'<rect x="{x}" y="{y}" width="8" height="96" fill="{_COLOURS[seat]}"/>')
    rows = (
        f"P{seat}: {player.score} points, {player.people} people, {view.unplaced(seat)} home",
        f"food {player.food}, agriculture {player.agriculture}",
        ", ".join(f"{kind.value} {player.resources.count(kind)}" for kind in Kind),
        f"tools {'/'.join(map(str, player.tools)) or 'none'}"
        + (f", one-time {'/'.join(map(str, player.one_time))}" if player.one_time else ""),
        _listed("buildings", player.buildings),
        _listed("cards", player.all_cards),
    )
    for i, row in enumerate(rows):
        parts.append(_text(x + 14, y + 15 + 15 * i, row, 12, "bold" if i == 0 else "normal"))
    parts.extend(f'<g data-id="{escape(item)}"></g>' for item in (*player.buildings, *player.all_cards))
    return parts


def render_svg(view: GameState) -> str:
    """``view`` drawn as SVG (see the module)."""
    parts = _board(view)
    top = 34 + _ROW * (len(LOCATIONS) + 1) + 8
    for seat in range(len(view.players)):
        parts.extend(_player(view, seat, top + 104 * seat))
    height = top + 104 * len(view.players) + 4
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height}" '
        f'width="100%" role="img" aria-label="Stone Age table" font-family="sans-serif">'
        + "".join(parts)
        + "</svg>"
    )
