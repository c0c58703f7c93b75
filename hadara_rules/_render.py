"""Pictures of positions: :func:`render_svg` draws the table and every player board as SVG.

The picture is built as plain text (no drawing library): the wheel with the five
crests over the decks in the board's colour order (WHEEL-3), the outer piles with
their top cards (INFO-2), the colony stacks with their top colonies' fronts
(SETUP-4), the statues of a player board (STATUE-2), and one board per player:
coins, tracks, the tableau by colour, colonies, statues, medals and bonus tiles.

Only what the position shows is drawn. Given a ``viewer``, the picture is of
that player's view (:func:`~hadara_rules.player_view`): hidden cards are drawn
as card backs without an id, and colonies whose back is unseen by their front
only (INFO-1). The decks are drawn as counts, never by their cards.

Every card, colony and statue drawn carries ``data-kind`` (``card``,
``colony``, ``statue``) and ``data-id`` (the card or colony id, the statue's
index), and ``data-player`` where it belongs to a player, so a frontend can
hook clicks: ``svg.querySelectorAll('[data-kind=card]')``.

:func:`add_arguments` and :func:`run` are the ``hadara render`` command.
"""

from __future__ import annotations

import argparse
import html
import sys
from collections.abc import Callable, Sequence
from math import cos, radians, sin
from pathlib import Path

from attrs import frozen

from . import _reader
from ._components import Card, Colony
from ._errors import HadaraError, RecordError
from ._files import check_writable, write_whole
from ._model import SHOWN_AS, GameState, PlayerState
from ._reader import shown
from ._rules.scoring import score_player
from ._rules.wheel import deck_at
from ._text import player_name, where
from ._vocabulary import COLOR_INDEX, COLORS, TIERS, Color, Track, Tracks
from .records import GameRecord, from_data, replay
from .view import FRONT_ONLY, HIDDEN, player_view

__all__ = ["add_arguments", "render_svg", "run"]

#: The printed colours of the cards (BUY-3: a card lies under its colour).
FILL: dict[Color, str] = {
    Color.YELLOW: "#e9b824",
    Color.RED: "#c0392b",
    Color.BLUE: "#2c6db5",
    Color.GREEN: "#3c8d40",
    Color.PURPLE: "#7b3f9e",
}
#: Text on a card of each colour: dark on yellow, white on the others.
INK: dict[Color, str] = {c: "#222" if c is Color.YELLOW else "#fff" for c in COLORS}
#: Each track in the colour of the cards that mostly feed it (TRACK-1).
TRACK_FILL: dict[Track, str] = {
    Track.INCOME: FILL[Color.YELLOW],
    Track.MILITARY: FILL[Color.RED],
    Track.CULTURE: FILL[Color.BLUE],
    Track.FOOD: FILL[Color.GREEN],
}
#: Short names of the tracks on small components.
TRACK_SHORT: dict[Track, str] = {
    Track.INCOME: "inc",
    Track.MILITARY: "mil",
    Track.CULTURE: "cul",
    Track.FOOD: "food",
}
_BACK = "#8a7a63"
_PAPER = "#fbf7ef"
_LINE = "#5b5040"
_ACTING = "#b0402f"
#: The picture's width; the table's height; the least height of a player board.
WIDTH, _TABLE_HEIGHT, _BOARD_HEIGHT = 1400, 330, 250
#: Height of one card row in a tableau column.
_ROW = 20
#: Where the tableau and the holdings of a player board begin, and a tableau column's width.
_TABLEAU_X, _HOLDINGS_X, _COLUMN = 280.0, 1075.0, 150.0
#: The wheel's centre and the radii of the deck ring.
_WHEEL_X, _WHEEL_Y, _OUTER, _INNER = 175.0, 228.0, 140.0, 80.0


def _e(text: object) -> str:
    """``text`` escaped for XML text and attribute values."""
    return html.escape(str(text), quote=True)


def _values(values: Tracks) -> list[str]:
    """``["+2 mil", "+1 food"]``: the nonzero track values."""
    return [f"+{v} {TRACK_SHORT[t]}" for t, v in values.items() if v]


@frozen
class _Box:
    x: float
    y: float
    w: float
    h: float


class _Svg:
    """An SVG document under construction: a list of elements."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, element: str) -> None:
        self.parts.append(element)

    def rect(self, box: _Box, fill: str, stroke: str = _LINE, extra: str = "") -> None:
        self.add(
            f'<rect x="{box.x:g}" y="{box.y:g}" width="{box.w:g}" height="{box.h:g}" rx="4" '
            f'fill="{fill}" stroke="{stroke}"{extra}/>'
        )

    def text(
        self,
        x: float,
        y: float,
        content: object,
        size: float = 12,
        fill: str = "#222",
        anchor: str = "start",
        weight: str = "normal",
    ) -> None:
        self.add(
            f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{_e(content)}</text>'
        )

    def lines(self, box: _Box, lines: Sequence[str], size: float, fill: str = "#222") -> None:
        """Lines of text inside ``box`` from its top, each cut to the box's width."""
        for i, line in enumerate(lines):
            self.text(
                box.x + 5, box.y + 4 + (i + 1) * (size + 2), _clipped(line, box.w - 8, size), size, fill
            )

    def open(self, kind: str, ident: object, player: int | None, title: str) -> None:
        """Open the group of one component: its kind, its id, its owner, and a tooltip."""
        owner = "" if player is None else f' data-player="{player}"'
        self.add(f'<g data-kind="{kind}" data-id="{_e(ident)}"{owner}><title>{_e(title)}</title>')

    def close(self) -> None:
        self.add("</g>")


def _clipped(text: str, width: float, size: float) -> str:
    """``text`` cut to fit about ``width`` pixels at font ``size``."""
    fits = max(3, int(width / (size * 0.6)))
    return text if len(text) <= fits else text[: fits - 1] + "…"


# --------------------------------------------------------------------------- components


def _gives(card: Card) -> str:
    """What a card gives: its track values, or its purple effect's rule ID."""
    return card.effect if card.effect is not None else " ".join(_values(card.values))


def _card_title(card: Card) -> str:
    star = ", star" if card.star else ""
    return f"{card.id}: {card.color}{star}, price {card.cost}, {card.points} pts, {_gives(card) or 'nothing'}"


def _card(svg: _Svg, card: Card, box: _Box) -> None:
    """A card face on the table: id, price, track values (or purple effect), points."""
    ink = INK[card.color]
    svg.open("card", card.id, None, _card_title(card))
    svg.rect(box, FILL[card.color])
    svg.text(box.x + 6, box.y + 17, _clipped(card.id, box.w - 34, 12), fill=ink, weight="bold")
    svg.add(
        f'<circle cx="{box.x + box.w - 14:g}" cy="{box.y + 14:g}" r="10" fill="{_PAPER}" stroke="{_LINE}"/>'
    )
    svg.text(box.x + box.w - 14, box.y + 18, card.cost, size=11, anchor="middle", weight="bold")
    gives = [card.effect] if card.effect is not None else _values(card.values)
    svg.lines(_Box(box.x, box.y + 24, box.w, box.h), gives, 11, ink)
    svg.text(box.x + 6, box.y + box.h - 8, f"{card.points} pts", size=11, fill=ink)
    if card.star:
        svg.text(box.x + box.w - 8, box.y + box.h - 8, "★", size=12, fill=ink, anchor="end")
    svg.close()


def _row_card(svg: _Svg, card: Card, box: _Box, player: int, tile: Track | None) -> None:
    """A card in a tableau column or in hand: one line with its id and what it gives."""
    ink = INK[card.color]
    on_it = "" if tile is None else f" [{TRACK_SHORT[tile]} tile]"
    svg.open("card", card.id, player, _card_title(card) + on_it)
    svg.rect(box, FILL[card.color])
    line = f"{card.id} {_gives(card)}{on_it}".rstrip()
    svg.text(box.x + 4, box.y + box.h - 5, _clipped(line, box.w - 6, 10), size=10, fill=ink)
    svg.close()


def _card_back(svg: _Svg, box: _Box) -> None:
    """A card this picture may not show: a back, without an id (INFO-1)."""
    svg.rect(box, _BACK)
    svg.text(box.x + box.w / 2, box.y + box.h / 2 + 4, "hidden", size=11, fill="#fff", anchor="middle")


def _colony(svg: _Svg, colony: Colony, allied: bool, box: _Box, player: int | None, size: float) -> None:
    """A colony: its front (coins to plunder, cost to ally, points) or, allied, its back."""
    known = colony.provenance != FRONT_ONLY
    if allied:
        lines = [f"tier {colony.tier}", *_values(colony.back), f"{colony.back_points} pts"]
        title = f"{colony.id}: allied, {' '.join(_values(colony.back))}, {colony.back_points} pts"
    else:
        lines = [
            f"tier {colony.tier}",
            f"plunder {colony.plunder}",
            f"ally {colony.ally_cost}",
            f"{colony.points} pts",
        ]
        back = f"; back {' '.join(_values(colony.back))}, {colony.back_points} pts" if known else ""
        title = f"{colony.id}: plunder {colony.plunder}, ally {colony.ally_cost}, {colony.points} pts{back}"
    svg.open("colony", colony.id, player, title)
    svg.rect(box, "#f3e2b3" if allied else "#e4d3a6")
    svg.lines(box, lines, size)
    if allied:
        svg.text(box.x + box.w - 5, box.y + 14, "✓", size=11, anchor="end")
    svg.close()


def _tile(svg: _Svg, x: float, y: float, track: Track, face_up: bool = True) -> None:
    """A bonus tile: a small square in its track's colour (brown when face down)."""
    svg.rect(_Box(x, y, 29, 18), TRACK_FILL[track] if face_up else _BACK, extra=' stroke-width="0.5"')
    svg.text(x + 14.5, y + 13, TRACK_SHORT[track], size=9, fill="#fff", anchor="middle")


# --------------------------------------------------------------------------- the table


def _at(angle: float, radius: float) -> tuple[float, float]:
    """A point of the wheel: ``angle`` degrees clockwise from the top, ``radius`` from the centre."""
    a = radians(angle - 90)
    return _WHEEL_X + radius * cos(a), _WHEEL_Y + radius * sin(a)


def _wheel(svg: _Svg, state: GameState, top: float) -> None:
    """WHEEL-3: the decks around the wheel in the board's colour order, each crest at its
    place on the wheel pointing at the deck it draws from in this round, with the player
    who chose it."""
    order = state.board_order
    step = 360 / len(order)
    svg.text(_WHEEL_X, top + 20, f"wheel (rotation {state.wheel})", size=13, anchor="middle", weight="bold")
    for i, color in enumerate(order):
        start, end = i * step - step / 2, i * step + step / 2
        x1, y1 = _at(start, _OUTER)
        x2, y2 = _at(end, _OUTER)
        x3, y3 = _at(end, _INNER)
        x4, y4 = _at(start, _INNER)
        svg.add(
            f'<path d="M{x1:.1f},{y1:.1f} A{_OUTER:g},{_OUTER:g} 0 0,1 {x2:.1f},{y2:.1f} '
            f'L{x3:.1f},{y3:.1f} A{_INNER:g},{_INNER:g} 0 0,0 {x4:.1f},{y4:.1f} Z" '
            f'fill="{FILL[color]}" stroke="{_PAPER}" stroke-width="2"/>'
        )
        lx, ly = _at(i * step, (_OUTER + _INNER) / 2)
        cards_left = len(state.decks[COLOR_INDEX[color]])
        svg.text(lx, ly - 2, color, size=12, fill=INK[color], anchor="middle", weight="bold")
        svg.text(lx, ly + 13, f"deck {cards_left}", size=11, fill=INK[color], anchor="middle")
    svg.add(
        f'<circle cx="{_WHEEL_X:g}" cy="{_WHEEL_Y:g}" r="{_INNER - 4:g}" fill="{_PAPER}" stroke="{_LINE}"/>'
    )
    seats = {player.crest: seat for seat, player in enumerate(state.players)}
    for place, crest in enumerate(state.catalogue.reference.crest_order):
        angle = order.index(deck_at(state, place)) * step
        seat = seats.get(crest)
        ink = "#222" if seat is not None else "#aaa"
        pointer = (_at(angle, _INNER - 5), _at(angle - 7, _INNER - 17), _at(angle + 7, _INNER - 17))
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in pointer)
        svg.add(f'<polygon points="{points}" fill="{ink}"/>')
        x, y = _at(angle, _INNER - 38)
        if seat is not None:
            svg.text(x, y - 2, f"P{seat}", size=11, fill=ink, anchor="middle", weight="bold")
        svg.text(x, y + 10, crest, size=10, fill=ink, anchor="middle")


def _table(svg: _Svg, state: GameState, top: float) -> None:
    svg.rect(_Box(10, top, WIDTH - 20, _TABLE_HEIGHT), "#efe6d2")
    _wheel(svg, state, top)
    cards = state.catalogue.cards
    x0, step = 350.0, 134.0
    svg.text(x0, top + 22, "outer piles (top card)", size=13, weight="bold")
    for i, (color, pile) in enumerate(zip(COLORS, state.outer_piles, strict=True)):
        box = _Box(x0 + i * step, top + 32, 124, 110)
        if pile:
            _card(svg, cards[pile[-1]], box)
        else:
            svg.rect(box, "none", stroke=FILL[color], extra=' stroke-dasharray="5,4"')
            svg.text(box.x + box.w / 2, box.y + 58, f"no {color}", size=11, fill=FILL[color], anchor="middle")
        svg.text(box.x + box.w / 2, box.y + box.h + 15, f"{len(pile)} in pile", size=11, anchor="middle")
    colonies = state.catalogue.colonies
    svg.text(x0, top + 186, "colony stacks (top colony's front)", size=13, weight="bold")
    for i, (tier, stack) in enumerate(zip(TIERS, state.colony_stacks, strict=True)):
        box = _Box(x0 + i * step, top + 196, 124, 62)
        if stack:
            _colony(svg, colonies[stack[-1]], False, box, None, 10)
        else:
            svg.rect(box, "none", extra=' stroke-dasharray="5,4"')
            svg.text(box.x + box.w / 2, box.y + 34, f"tier {tier}: none left", size=11, anchor="middle")
        svg.text(box.x + box.w / 2, box.y + box.h + 15, f"{len(stack)} in stack", size=11, anchor="middle")
    _table_notes(svg, state, x0 + 5 * step + 16, top)


def _table_notes(svg: _Svg, state: GameState, x: float, top: float) -> None:
    """The statues printed on every player board (STATUE-2), the discards, the first player."""
    svg.text(x, top + 22, "statues on each board", size=13, weight="bold")
    svg.text(x, top + 40, "culture needed · points · reward", size=11)
    for i, (index, statue) in enumerate(sorted(state.catalogue.statues.items())):
        line = f"statue {index}: {statue.requirement} · {statue.points} pts · {statue.reward}"
        svg.text(x, top + 60 + i * 18, line, size=12)
    notes = [
        f"first player: {player_name(state, state.first_player)}",
        f"sold: {len(state.sold)} cards",
        f"removed at feeding: {len(state.removed)}",
    ]
    for i, line in enumerate(notes):
        svg.text(x, top + 150 + i * 18, line, size=12)


# --------------------------------------------------------------------------- a player board


def _columns(state: GameState, player: PlayerState) -> list[list[str]]:
    """The tableau's card ids by colour, in ``COLORS`` order (BUY-3)."""
    columns: list[list[str]] = [[] for _ in COLORS]
    cards = state.catalogue.cards
    for card_id in player.cards:
        columns[COLOR_INDEX[cards[card_id].color]].append(card_id)
    return columns


def _board_height(state: GameState, player: PlayerState) -> float:
    deepest = max(len(column) for column in _columns(state, player))
    return max(_BOARD_HEIGHT, 50 + deepest * _ROW)


def _board(svg: _Svg, state: GameState, seat: int, top: float, height: float, scale: float) -> None:
    """One player's board: coins, score, tracks, tableau, holdings, and the cards drawn."""
    player = state.players[seat]
    points = score_player(state, seat).total
    acting = seat in state.to_act
    svg.rect(_Box(10, top, WIDTH - 20, height), "#f7f0e1", stroke=_ACTING if acting else _LINE)
    you = " (you)" if seat == state.viewer else ""
    svg.text(22, top + 24, player_name(state, seat) + you, size=15, weight="bold")
    side = player.start_card if player.side is None else f"{player.start_card}, side {player.side}"
    svg.text(22, top + 42, side, size=11)
    svg.text(22, top + 66, f"{player.coins} coins", size=14, weight="bold")
    scored = "points" if state.is_over else "points if it ended now"
    svg.text(120, top + 66, f"{points} {scored}", size=11)
    if acting:
        svg.text(262, top + 24, "to act", size=12, fill=_ACTING, anchor="end", weight="bold")
    if seat < len(state.pending) and state.pending[seat] is not None:
        svg.text(262, top + 42, "has chosen", size=11, anchor="end")
    for i, (track, value) in enumerate(player.tracks.items()):
        y = top + 80 + i * 26
        svg.text(22, y + 13, track.value, size=12)
        svg.rect(_Box(82, y, 150, 18), "#fff", extra=' stroke-width="0.5"')
        svg.rect(_Box(82, y, value * scale, 18), TRACK_FILL[track], extra=' stroke-width="0"')
        svg.text(238, y + 14, value, size=12, weight="bold")
    if player.drawn:
        svg.text(22, top + 200, "drawn this round", size=11)
        for i, card_id in enumerate(player.drawn):
            box = _Box(22 + i * 124, top + 206, 120, 22)
            if card_id == HIDDEN:
                _card_back(svg, box)
            else:
                _row_card(svg, state.catalogue.cards[card_id], box, seat, None)
    _tableau(svg, state, seat, top)
    _holdings(svg, state, seat, top)


def _tableau(svg: _Svg, state: GameState, seat: int, top: float) -> None:
    """The tableau under the player board, one column per colour (BUY-3)."""
    player = state.players[seat]
    cards = state.catalogue.cards
    tiles = {t.card: t.tile for t in player.tiles_on_cards}
    for i, (color, column) in enumerate(zip(COLORS, _columns(state, player), strict=True)):
        x = _TABLEAU_X + i * (_COLUMN + 6)
        svg.rect(_Box(x, top + 10, _COLUMN, 22), FILL[color])
        heading = f"{color} {len(column)}"
        svg.text(x + _COLUMN / 2, top + 26, heading, size=12, fill=INK[color], anchor="middle", weight="bold")
        for j, card_id in enumerate(column):
            box = _Box(x, top + 38 + j * _ROW, _COLUMN, _ROW - 2)
            _row_card(svg, cards[card_id], box, seat, tiles.get(card_id))


def _holdings(svg: _Svg, state: GameState, seat: int, top: float) -> None:
    """Colonies, statues, medals and free bonus tiles of one player."""
    player = state.players[seat]
    catalogue = state.catalogue
    x0 = _HOLDINGS_X
    svg.text(x0, top + 22, "colonies", size=12, weight="bold")
    for i, holding in enumerate(player.colonies):
        box = _Box(x0 + i * 64, top + 28, 62, 62)
        _colony(svg, catalogue.colonies[holding.id], holding.allied, box, seat, 9)
    svg.text(x0, top + 110, "statues", size=12, weight="bold")
    carved = {s.statue: s for s in player.statues}
    for i, (index, statue) in enumerate(sorted(catalogue.statues.items())):
        box = _Box(x0 + i * 78, top + 116, 74, 58)
        made = carved.get(index)
        if made is None:
            title = f"statue {index}: needs {statue.requirement} culture, {statue.points} pts, not carved"
        else:
            face = "face up" if made.face_up else "face down"
            title = f"statue {index}: {statue.points} pts, {made.tile} tile {face}"
        svg.open("statue", index, seat, title)
        svg.rect(box, "#d9d2c3" if made else "#fff", extra="" if made else ' stroke-dasharray="4,3"')
        svg.lines(box, [f"{statue.requirement} culture", f"{statue.points} pts"], 10)
        if made is None:
            svg.text(box.x + 5, box.y + 50, "not carved", size=10, fill="#777")
        else:
            _tile(svg, box.x + 5, box.y + 35, made.tile, made.face_up)
            svg.text(box.x + 38, box.y + 48, "up" if made.face_up else "down", size=10)
        svg.close()
    y = top + 196
    svg.text(x0, y, "medals", size=12, weight="bold")
    for i, track in enumerate(player.silver):
        svg.add(f'<circle cx="{x0 + 66 + i * 48:g}" cy="{y - 4:g}" r="9" fill="#c9ccd1" stroke="{_LINE}"/>')
        svg.text(x0 + 78 + i * 48, y, TRACK_SHORT[track], size=9)
    for i in range(player.gold):
        svg.add(f'<circle cx="{x0 + 172 + i * 24:g}" cy="{y - 4:g}" r="9" fill="#e0b43c" stroke="{_LINE}"/>')
    svg.text(x0 + 230, y, f"{len(player.silver)} silver, {player.gold} gold", size=10)
    svg.text(x0, top + 226, "free tiles", size=12, weight="bold")
    for i, track in enumerate(player.free_tiles):
        _tile(svg, x0 + 66 + i * 31, top + 213, track)


# --------------------------------------------------------------------------- the picture


def render_svg(state: GameState, viewer: int | None = None) -> str:
    """An SVG picture of the position: the table, then one board per player.

    With ``viewer``, the picture shows ``player_view(state, viewer)``: what that
    player may see (INFO-1/2). A position that is already a view is drawn as it
    is (``viewer`` may then only name its own viewer).
    """
    if viewer is not None and state.viewer != viewer:
        state = player_view(state, viewer)
    heights = [_board_height(state, p) for p in state.players]
    highest = max(v for p in state.players for _, v in p.tracks.items())
    scale = 150 / max(20, highest)
    top = 50.0 + _TABLE_HEIGHT + 10
    total = top + sum(h + 10 for h in heights)
    svg = _Svg()
    svg.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{total:g}" '
        f'viewBox="0 0 {WIDTH} {total:g}" font-family="DejaVu Sans, Verdana, sans-serif">'
    )
    svg.add(f"<title>{_e(f'Hadara: {where(state)}, move {state.ply}')}</title>")
    svg.rect(_Box(0, 0, WIDTH, total), _PAPER, stroke="none")
    svg.text(20, 32, where(state), size=18, weight="bold")
    acting = ", ".join(player_name(state, s) for s in state.to_act) or "nobody"
    who = f"move {state.ply} · to act: {acting}"
    if state.viewer is not None:
        who += f" · as {player_name(state, state.viewer)} sees it"
    svg.text(WIDTH - 20, 32, who, size=13, anchor="end")
    _table(svg, state, 50)
    for seat, height in enumerate(heights):
        _board(svg, state, seat, top, height, scale)
        top += height + 10
    svg.add("</svg>")
    return "\n".join(svg.parts) + "\n"


# --------------------------------------------------------------------------- hadara render


class _Refused(HadaraError):
    """A bad argument of ``hadara render``."""


def add_arguments(parser: argparse.ArgumentParser, number: Callable[[str], int]) -> None:
    """The options of ``hadara render`` (``number`` reads a whole number argument)."""
    parser.add_argument(
        "file", metavar="FILE", help="a game record or a position (JSON, or YAML for .yaml/.yml)"
    )
    parser.add_argument(
        "--at", type=number, metavar="N", help="a record's position after N moves (default: all)"
    )
    parser.add_argument("--viewer", type=number, metavar="P", help="draw what player P may see")
    parser.add_argument(
        "-o", "--output", metavar="OUT.svg", default="-", help="where to write (default: standard output)"
    )


#: The ``kind`` of a position document (a game record is the other kind read).
_POSITION_KIND = "game_state"


def _position(path: str, at: int | None) -> GameState:
    """The position FILE shows: a record replayed (to ``at`` moves), or a position document."""
    text = _reader.read_text(path, RecordError)
    try:
        if Path(path).suffix in (".yaml", ".yml"):
            document = _reader.parse_yaml(text, RecordError)
        else:
            document = _reader.parse_json(text, RecordError)
        if isinstance(document, dict) and document.get("kind") == _POSITION_KIND:
            if at is not None:
                raise _Refused("--at applies to game records; this file is a position")
            return from_data(document, GameState)
        record = from_data(document, GameRecord)
        total = len(record.moves)
        if at is not None and not 0 <= at <= total:
            raise _Refused(f"--at must be between 0 and {total}, not {shown(at)}")
        state = replay(record)
        if at is not None and at < total:
            state = replay(GameRecord(record.config, record.moves[:at]))
    except HadaraError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return state


def run(args: argparse.Namespace) -> int:
    """``hadara render FILE [--at N] [--viewer P] [-o OUT.svg]``; bad input of any kind
    raises the library's own error (the command prints it in one line, exit status 2)."""
    if args.output != "-":
        check_writable(args.output, "the picture", _Refused)
    state = _position(args.file, args.at)
    if args.viewer is not None and not 0 <= args.viewer < len(state.players):
        raise _Refused(f"--viewer must be a player of this game (0 to {len(state.players) - 1})")
    picture = render_svg(state, args.viewer)
    if args.output == "-":
        sys.stdout.write(picture)
    else:
        write_whole(args.output, picture, "the picture", _Refused)
    return 0


SHOWN_AS["svg"] = render_svg
