"""Pictures of positions: :func:`render_svg` draws the table and every player board as SVG.

The picture is made of parts, each :data:`PART_WIDTH` units wide with no text
smaller than :data:`MIN_TEXT`, so that any part stays legible on a phone
(:func:`render_svg_parts` gives them one by one, for a page that lays them out
itself):

- the wheel: where the game is, the five decks around the wheel in the board's
  colour order with their counts, each crest pointing at the deck it draws
  from (WHEEL-3), and the first player;
- the supply: the outer piles with their top cards (INFO-2), the colony stacks
  with their top colonies' fronts (SETUP-4), and the statues printed on every
  player board (STATUE-2);
- one board per player: coins, points, tracks, the cards drawn this round, the
  tableau by colour (BUY-3), colonies, statues, medals and free bonus tiles.

:func:`render_svg` puts the parts side by side, :data:`COLUMNS` to a row, in one
picture. The text is plain SVG, drawn with the platform's builder (:mod:`boardtable.svg`).

Only what the position shows is drawn. Given a ``viewer``, the picture is of
that player's view (:func:`~hadara_rules.player_view`): hidden cards are drawn
as card backs without an id, and colonies whose back is unseen by their front
only (INFO-1). The decks are drawn as counts, never by their cards.

Every card, colony, statue and medal slot drawn carries ``data-kind``
(``card``, ``colony``, ``statue``, ``medal``) and ``data-id`` (the card or
colony id, the statue's index, ``silver`` or ``gold``), and ``data-player``
where it belongs to a player, so a frontend can hook clicks:
``svg.querySelectorAll('[data-kind=card]')``.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import cos, radians, sin

from boardtable.screen import counted
from boardtable.svg import (
    DARK,
    INSIDE,
    LINE,
    MARGIN,
    MIN_TEXT,
    PANEL,
    PAPER,
    PART_WIDTH,
    SOFT,
    Box,
    Canvas,
    Part,
    clipped,
    part,
    parts_svg,
    sheet_svg,
    text_width,
)

from ._components import Card, Colony, Reference
from ._model import SHOWN_AS, GameState, PlayerState
from ._rules.scoring import score_player, winners
from ._rules.wheel import deck_at
from ._text import ability, player_name, seen_by, where
from ._vocabulary import COLOR_INDEX, COLORS, TIERS, Color, Track, Tracks
from .view import HIDDEN, player_view

__all__ = ["COLUMNS", "MIN_TEXT", "PART_WIDTH", "part_names", "render_svg", "render_svg_parts"]

#: How many parts :func:`render_svg` puts in one row.
COLUMNS = 3

#: The printed colours of the cards (BUY-3: a card lies under its colour).
FILL: dict[Color, str] = {
    Color.YELLOW: "#e9b824",
    Color.RED: "#c0392b",
    Color.BLUE: "#2c6db5",
    Color.GREEN: "#3c8d40",
    Color.PURPLE: "#7b3f9e",
}
#: Text on a card of each colour: dark on yellow, white on the others.
INK: dict[Color, str] = {c: DARK if c is Color.YELLOW else "#fff" for c in COLORS}
#: Each track in the colour of the cards that mostly feed it (TRACK-1).
TRACK_COLOR: dict[Track, Color] = {
    Track.INCOME: Color.YELLOW,
    Track.MILITARY: Color.RED,
    Track.CULTURE: Color.BLUE,
    Track.FOOD: Color.GREEN,
}
#: Short names of the tracks on small components.
TRACK_SHORT: dict[Track, str] = {
    Track.INCOME: "inc",
    Track.MILITARY: "mil",
    Track.CULTURE: "cul",
    Track.FOOD: "food",
}
_BACK = "#8a7a63"
_ACTING = "#b0402f"
_COLONY = {True: "#f3e2b3", False: "#e4d3a6"}
_SILVER, _GOLD = "#c9ccd1", "#e0b43c"
#: The margin inside a part, the gap between parts, and the width inside the margins.
#: The wheel's radii: the deck ring, and where the crests are written inside it.
_OUTER, _INNER, _CRESTS = 150.0, 92.0, 56.0
#: Heights: a line of text, a card drawn whole, a card in a tableau, a colony, a bonus tile.
_LINE_HEIGHT, _CARD, _ROW, _COLONY_ROW, _TILE = 18.0, 40.0, 20.0, 22.0, 18.0


def _values(values: Tracks) -> list[str]:
    """``["+2 mil", "+1 food"]``: the nonzero track values."""
    return [f"+{v} {TRACK_SHORT[t]}" for t, v in values.items() if v]


def _pts(points: int) -> str:
    """``1 pt``, ``3 pts``."""
    return f"{points} pt" if points == 1 else f"{points} pts"


# --------------------------------------------------------------------------- components


def _gives(card: Card) -> str:
    """What a card gives: its track values, or its purple ability in words with its rule ID."""
    if card.effect is not None:
        return ability(card.effect, card.effect_color)
    return " ".join(_values(card.values))


def _card_title(card: Card) -> str:
    star = ", star" if card.star else ""
    return (
        f"{card.id}: {card.color}{star}, price {card.cost}, {_pts(card.points)}, {_gives(card) or 'nothing'}"
    )


def _points(card: Card) -> str:
    return _pts(card.points) + (" ★" if card.star else "")


def _card(svg: Canvas, card: Card, box: Box, player: int | None) -> None:
    """A card shown whole (an outer pile's top, a card drawn): price, id, points, what it gives."""
    ink = INK[card.color]
    svg.open("card", card.id, _card_title(card), player)
    svg.rect(box, FILL[card.color])
    cy = box.y + box.h / 2
    svg.add(f'<circle cx="{box.x + 17:g}" cy="{cy:g}" r="11" fill="{PAPER}" stroke="{LINE}"/>')
    svg.text(box.x + 17, cy + 4.5, card.cost, anchor="middle", weight="bold")
    right = box.x + box.w - 8
    svg.text(right, box.y + 16, _points(card), fill=ink, anchor="end")
    room = box.w - 42 - text_width(_points(card), MIN_TEXT) - 8
    svg.text(box.x + 36, box.y + 16, clipped(card.id, room, weight="bold"), fill=ink, weight="bold")
    svg.text(box.x + 36, box.y + 33, clipped(_gives(card) or "nothing", box.w - 44), fill=ink)
    svg.close()


def _row_card(svg: Canvas, card: Card, box: Box, player: int, tile: Track | None) -> None:
    """A card in a tableau: one line with its id, what it gives, its bonus tile and points."""
    ink = INK[card.color]
    on_it = "" if tile is None else f"{TRACK_SHORT[tile]} tile · "
    svg.open("card", card.id, _card_title(card) + ("" if tile is None else f" [{tile} tile]"), player)
    svg.rect(box, FILL[card.color], extra=' stroke-width="0.5"')
    right = on_it + _points(card)
    svg.text(box.x + box.w - 6, box.y + 14.5, right, fill=ink, anchor="end")
    room = box.w - 18 - text_width(right, MIN_TEXT)
    line = f"{card.id}  {_gives(card)}".rstrip()
    svg.text(box.x + 6, box.y + 14.5, clipped(line, room), fill=ink)
    svg.close()


def _card_back(svg: Canvas, box: Box) -> None:
    """A card this picture may not show: a back, without an id (INFO-1)."""
    svg.rect(box, _BACK)
    svg.text(box.x + box.w / 2, box.y + box.h / 2 + 4.5, "hidden card", fill="#fff", anchor="middle")


def _colony(svg: Canvas, colony: Colony, allied: bool, box: Box, player: int | None) -> None:
    """A colony: its front (coins to plunder, cost to ally, points) or, allied, its back."""
    if allied:
        back, back_points = colony.turned_up()
        gives = " ".join(_values(back))
        line = f"tier {colony.tier}, allied: {gives}, {_pts(back_points)}"
        title = f"{colony.id}: allied, {gives}, {_pts(back_points)}"
    else:
        line = f"tier {colony.tier}: plunder {colony.plunder}, ally {colony.ally_cost}, {_pts(colony.points)}"
        seen = (
            ""
            if colony.back is None or colony.back_points is None
            else f"; back {' '.join(_values(colony.back))}, {_pts(colony.back_points)}"
        )
        title = f"{colony.id}: plunder {colony.plunder}, ally {colony.ally_cost}, {_pts(colony.points)}{seen}"
    svg.open("colony", colony.id, title, player)
    svg.rect(box, _COLONY[allied], extra=' stroke-width="0.5"')
    svg.text(box.x + 7, box.y + box.h / 2 + 4.5, clipped(line, box.w - 12))
    svg.close()


def _chip(svg: Canvas, x: float, y: float, label: str, fill: str, ink: str) -> None:
    """A small labelled square: a bonus tile or a medal."""
    svg.rect(Box(x, y, 42, _TILE), fill, extra=' stroke-width="0.5"')
    svg.text(x + 21, y + 13.5, label, fill=ink, anchor="middle")


def _tile(svg: Canvas, x: float, y: float, track: Track, face_up: bool = True) -> None:
    """A bonus tile in its track's colour (brown when face down)."""
    color = TRACK_COLOR[track]
    if face_up:
        _chip(svg, x, y, TRACK_SHORT[track], FILL[color], INK[color])
    else:
        _chip(svg, x, y, TRACK_SHORT[track], _BACK, "#fff")


# --------------------------------------------------------------------------- the wheel


def _wheel(state: GameState) -> Part:
    """Where the game is and WHEEL-3: the decks around the wheel in the board's colour order,
    each crest at its place on the wheel pointing at the deck it draws from in this round."""
    svg = Canvas()
    y = svg.paragraph(6, where(state), 15, "bold")
    acting = ", ".join(player_name(state, s) for s in state.to_act) or "nobody"
    y = svg.paragraph(y + 2, f"move {state.ply} · to act: {acting}", fill=SOFT)
    if state.viewer is not None:
        y = svg.paragraph(y, seen_by(state), fill=SOFT)
    cx, cy = PART_WIDTH / 2, y + 14 + _OUTER

    def at(angle: float, radius: float) -> tuple[float, float]:
        a = radians(angle - 90)
        return cx + radius * cos(a), cy + radius * sin(a)

    order = state.board_order
    step = 360 / len(order)
    for i, color in enumerate(order):
        start, end = i * step - step / 2, i * step + step / 2
        x1, y1 = at(start, _OUTER)
        x2, y2 = at(end, _OUTER)
        x3, y3 = at(end, _INNER)
        x4, y4 = at(start, _INNER)
        svg.add(
            f'<path d="M{x1:.1f},{y1:.1f} A{_OUTER:g},{_OUTER:g} 0 0,1 {x2:.1f},{y2:.1f} '
            f'L{x3:.1f},{y3:.1f} A{_INNER:g},{_INNER:g} 0 0,0 {x4:.1f},{y4:.1f} Z" '
            f'fill="{FILL[color]}" stroke="{PANEL}" stroke-width="3"/>'
        )
        lx, ly = at(i * step, (_OUTER + _INNER) / 2)
        cards_left = len(state.decks[COLOR_INDEX[color]])
        svg.text(lx, ly - 2, color, 13, INK[color], "middle", "bold")
        svg.text(lx, ly + 14, f"deck {cards_left}", fill=INK[color], anchor="middle")
    svg.add(f'<circle cx="{cx:g}" cy="{cy:g}" r="{_INNER - 4:g}" fill="{PAPER}" stroke="{LINE}"/>')
    seats = {player.crest: seat for seat, player in enumerate(state.players)}
    for place, crest in enumerate(state.catalogue.reference.crest_order):
        angle = order.index(deck_at(state, place)) * step
        seat = seats.get(crest)
        ink = DARK if seat is not None else "#aaa"
        pointer = (at(angle, _INNER - 5), at(angle - 6, _INNER - 16), at(angle + 6, _INNER - 16))
        svg.add(f'<polygon points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in pointer)}" fill="{ink}"/>')
        x, y_crest = at(angle, _CRESTS)
        if seat is not None:
            svg.text(x, y_crest - 3, f"P{seat}", 13, ink, "middle", "bold")
        svg.text(x, y_crest + 11, crest, fill=ink, anchor="middle")
    y = cy + _OUTER + 6
    y = svg.paragraph(
        y, f"wheel turned {state.wheel} · first player: {player_name(state, state.first_player)}"
    )
    y = svg.paragraph(y, f"sold: {len(state.sold)} cards · removed at feeding: {len(state.removed)}")
    return part(svg, y + MARGIN, f"Hadara: {where(state)}, move {state.ply}")


# --------------------------------------------------------------------------- the supply


def _supply(state: GameState) -> Part:
    """The outer piles' top cards (INFO-2), the colony stacks' top fronts (SETUP-4), and the
    statues printed on every player board (STATUE-2)."""
    svg = Canvas()
    count_x = PART_WIDTH - MARGIN
    width = INSIDE - 50
    y = svg.heading(6, "Outer piles: top cards")
    cards = state.catalogue.cards
    for color, pile in zip(COLORS, state.outer_piles, strict=True):
        box = Box(MARGIN, y, width, _CARD)
        if pile:
            _card(svg, cards[pile[-1]], box, None)
        else:
            svg.rect(box, "none", stroke=FILL[color], extra=' stroke-dasharray="5,4"')
            svg.text(box.x + box.w / 2, box.y + 24, f"no {color} card", fill=SOFT, anchor="middle")
        svg.text(count_x, y + 24.5, f"{len(pile)} left", fill=SOFT, anchor="end")
        y += _CARD + 5
    y = svg.heading(y + 8, "Colony stacks: top fronts")
    colonies = state.catalogue.colonies
    for tier, stack in zip(TIERS, state.colony_stacks, strict=True):
        box = Box(MARGIN, y, width, _COLONY_ROW)
        if stack:
            _colony(svg, colonies[stack[-1]], False, box, None)
        else:
            svg.rect(box, "none", extra=' stroke-dasharray="5,4"')
            svg.text(box.x + 7, box.y + 15.5, f"tier {tier}: none left", fill=SOFT)
        svg.text(count_x, y + 15.5, f"{len(stack)} left", fill=SOFT, anchor="end")
        y += _COLONY_ROW + 4
    y = svg.heading(y + 8, "Statues on every board")
    for index, statue in sorted(state.catalogue.statues.items()):
        line = f"statue {index}: {statue.requirement} culture, {_pts(statue.points)}, reward {statue.reward}"
        y = svg.paragraph(y, line)
    y = svg.paragraph(y, "reward: track steps with the tile face up, points face down", fill=SOFT)
    return part(svg, y + MARGIN, f"Hadara: the supply, move {state.ply}")


# --------------------------------------------------------------------------- a player board


def _board(state: GameState, seat: int, scale: float) -> Part:
    """One player's board: coins, score, tracks, the cards drawn, tableau and holdings."""
    player = state.players[seat]
    svg = Canvas()
    acting = seat in state.to_act
    you = " · you" if seat == state.viewer else ""
    svg.text(MARGIN, 26, player_name(state, seat) + you, 16, weight="bold")
    if acting:
        _badge(svg, "to act", _ACTING, "#fff")
    elif state.is_over and seat in winners(state):
        _badge(svg, "winner", _GOLD, DARK)  # SCORE-7
    elif seat < len(state.pending) and state.pending[seat] is not None:
        svg.text(PART_WIDTH - MARGIN, 25.5, "has chosen", fill=SOFT, anchor="end")
    side = player.start_card if player.side is None else f"{player.start_card}, side {player.side}"
    y = svg.paragraph(32, side, fill=SOFT)
    points = score_player(state, seat).total
    svg.text(MARGIN, y + 20, counted(player.coins, "coin"), 15, weight="bold")
    scored = counted(points, "point") + ("" if state.is_over else " if it ended now")
    svg.text(PART_WIDTH - MARGIN, y + 20, scored, anchor="end")
    y += 30
    for track, value in player.tracks.items():
        svg.text(MARGIN, y + 13.5, track.value)
        bar = Box(84, y + 1, INSIDE - 72 - 30, 16)
        svg.rect(bar, "#fff", extra=' stroke-width="0.5"')
        svg.rect(Box(bar.x, bar.y, value * scale * bar.w, bar.h), FILL[TRACK_COLOR[track]], stroke="none")
        svg.text(PART_WIDTH - MARGIN, y + 13.5, value, anchor="end", weight="bold")
        y += 22
    if player.drawn:
        y = svg.heading(y + 4, "Drawn this round")
        for card_id in player.drawn:
            box = Box(MARGIN, y, INSIDE, _CARD)
            if card_id == HIDDEN:
                _card_back(svg, box)
            else:
                _card(svg, state.catalogue.cards[card_id], box, seat)
            y += _CARD + 4
    y = _tableau(svg, state, seat, y + 4)
    y = _holdings(svg, state, seat, y)
    return part(
        svg,
        y + MARGIN,
        f"Hadara: the board of {player_name(state, seat)}, move {state.ply}",
        _ACTING if acting else LINE,
    )


def _badge(svg: Canvas, label: str, fill: str, ink: str) -> None:
    """A label in a coloured box at the top right of a board."""
    svg.rect(Box(PART_WIDTH - MARGIN - 62, 11, 62, 20), fill, stroke="none")
    svg.text(PART_WIDTH - MARGIN - 31, 25.5, label, fill=ink, anchor="middle", weight="bold")


def _tableau(svg: Canvas, state: GameState, seat: int, y: float) -> float:
    """The tableau under the player board, by colour (BUY-3)."""
    player = state.players[seat]
    cards = state.catalogue.cards
    tiles = {t.card: t.tile for t in player.tiles_on_cards}
    count = len(player.cards)
    cards_held = "no cards" if count == 0 else f"{count} card{'' if count == 1 else 's'}"
    y = svg.heading(y, f"Tableau: {cards_held}")
    for color in COLORS:
        column = [card_id for card_id in player.cards if cards[card_id].color is color]
        for card_id in column:
            _row_card(svg, cards[card_id], Box(MARGIN, y, INSIDE, _ROW), seat, tiles.get(card_id))
            y += _ROW + 2
        if column:
            y += 4
    return y


def _holdings(svg: Canvas, state: GameState, seat: int, y: float) -> float:
    """Colonies, statues, medals and free bonus tiles of one player."""
    player = state.players[seat]
    catalogue = state.catalogue
    y = svg.heading(y, "Colonies")
    for holding in player.colonies:
        _colony(
            svg, catalogue.colonies[holding.id], holding.allied, Box(MARGIN, y, INSIDE, _COLONY_ROW), seat
        )
        y += _COLONY_ROW + 4
    if not player.colonies:
        y = svg.paragraph(y - 2, "none yet", fill=SOFT) + 2
    y = svg.heading(y + 4, "Statues")
    carved = {s.statue: s for s in player.statues}
    width = (INSIDE - 6) / 2
    for i, (index, statue) in enumerate(sorted(catalogue.statues.items())):
        box = Box(MARGIN + (i % 2) * (width + 6), y + (i // 2) * 50, width, 44)
        made = carved.get(index)
        if made is None:
            title = f"statue {index}: needs {statue.requirement} culture, {_pts(statue.points)}, not carved"
        else:
            face = "face up" if made.face_up else "face down"
            title = f"statue {index}: {_pts(statue.points)}, {made.tile} tile {face}"
        svg.open("statue", index, title, seat)
        svg.rect(box, "#e2dacb" if made else "#fff", extra="" if made else ' stroke-dasharray="4,3"')
        svg.text(box.x + 7, box.y + 17, f"{statue.requirement} culture, {_pts(statue.points)}")
        if made is None:
            svg.text(box.x + 7, box.y + 35, "not carved", fill=SOFT)
        else:
            _tile(svg, box.x + 6, box.y + 22, made.tile, made.face_up)
            reward = (
                f"+{statue.reward} {TRACK_SHORT[made.tile]}" if made.face_up else f"+{_pts(statue.reward)}"
            )
            svg.text(box.x + 54, box.y + 35.5, reward)
        svg.close()
    y += ((len(catalogue.statues) + 1) // 2) * 50
    y = svg.heading(y + 2, f"Medals: {len(player.silver)} silver, {player.gold} gold")
    y = _medals(svg, player, catalogue.reference, seat, y)
    y = svg.heading(y + 2, "Free bonus tiles")
    tiles = [(TRACK_SHORT[t], FILL[TRACK_COLOR[t]], INK[TRACK_COLOR[t]]) for t in player.free_tiles]
    return _chips(svg, y, tiles)


def _medals(svg: Canvas, player: PlayerState, reference: Reference, seat: int, y: float) -> float:
    """A player's medals: each silver medal with the track of its tile (MEDAL-3), each gold
    medal, then a dashed slot for each metal the player may still buy (MEDAL-2), the
    component a frontend buys it by; the ``y`` below them."""
    left = {"silver": reference.max_silver - len(player.silver), "gold": reference.max_gold - player.gold}
    # (label, fill, the metal still to buy: None for a medal bought)
    slots: list[tuple[str, str, str | None]] = [
        (TRACK_SHORT[track], _SILVER, None) for track in player.silver
    ]
    slots += [("gold", _GOLD, None)] * player.gold
    slots += [(metal, SOFT, metal) for metal, count in left.items() if count > 0]
    per_row = int((INSIDE + 4) // 46)
    for i, (label, fill, metal) in enumerate(slots):
        x, top = MARGIN + (i % per_row) * 46, y + (i // per_row) * (_TILE + 4)
        if metal is None:
            _chip(svg, x, top, label, fill, DARK)
            continue
        svg.open("medal", metal, f"{metal} medal: {left[metal]} still to buy", seat)
        svg.rect(Box(x, top, 42, _TILE), "#fff", extra=' stroke-dasharray="4,3"')
        svg.text(x + 21, top + 13.5, label, fill=fill, anchor="middle")
        svg.close()
    return y + ((len(slots) + per_row - 1) // per_row) * (_TILE + 4) + 2


def _chips(svg: Canvas, y: float, chips: Sequence[tuple[str, str, str]]) -> float:
    """Labelled chips in rows across the part (or ``none``); the ``y`` below them."""
    if not chips:
        return svg.paragraph(y - 2, "none", fill=SOFT) + 2
    per_row = int((INSIDE + 4) // 46)
    for i, (label, fill, ink) in enumerate(chips):
        _chip(svg, MARGIN + (i % per_row) * 46, y + (i // per_row) * (_TILE + 4), label, fill, ink)
    return y + ((len(chips) + per_row - 1) // per_row) * (_TILE + 4) + 2


# --------------------------------------------------------------------------- the picture


def _parts(state: GameState, viewer: int | None) -> tuple[GameState, list[Part]]:
    if viewer is not None and state.viewer != viewer:
        state = player_view(state, viewer)
    highest = max(v for p in state.players for _, v in p.tracks.items())
    scale = 1 / max(20, highest)
    boards = [_board(state, seat, scale) for seat in range(len(state.players))]
    return state, [_wheel(state), _supply(state), *boards]


def part_names(state: GameState) -> tuple[str, ...]:
    """The names of the parts of :func:`render_svg_parts`, in its order: ``wheel``, ``supply``,
    then ``P0``, ``P1`` … (a player's board)."""
    return ("wheel", "supply", *(f"P{seat}" for seat in range(len(state.players))))


def render_svg_parts(state: GameState, viewer: int | None = None) -> tuple[str, ...]:
    """The picture of :func:`render_svg` in parts, each a whole SVG document :data:`PART_WIDTH`
    units wide: the wheel, the supply, then one board per player in seat order.

    A page can lay them out to its width (side by side on a wide screen, one
    under the other on a phone); each stays legible shown at about
    :data:`PART_WIDTH` pixels wide. ``viewer`` is as for :func:`render_svg`.
    """
    return parts_svg(_parts(state, viewer)[1])


def render_svg(state: GameState, viewer: int | None = None) -> str:
    """An SVG picture of the position: the wheel, the supply, then one board per player,
    :data:`COLUMNS` parts to a row.

    With ``viewer``, the picture shows ``player_view(state, viewer)``: what that
    player may see (INFO-1/2). A position that is already a view is drawn as it
    is (``viewer`` may then only name its own viewer).
    """
    state, parts = _parts(state, viewer)
    return sheet_svg(parts, COLUMNS, f"Hadara: {where(state)}, move {state.ply}")


SHOWN_AS["svg"] = render_svg
