"""A position (or a seat's view) drawn as SVG: the board, the buildings and cards, and each
player's board, as parts of :data:`PART_WIDTH` units with no text smaller than
:data:`MIN_TEXT`, so that every part stays legible on a phone (:func:`render_svg_parts`
gives them one by one, for a page that lays them out itself; :func:`render_svg` puts them
side by side, :data:`COLUMNS` to a row, in one picture):

- the board: where the game is (round, phase, start player, who acts), the hunting grounds,
  the resource areas and the village, each with its places (SETUP-3): a ring per place,
  filled in the colour of the player standing there, empty where it is free, crossed out
  where the 2- and 3-player rules close it (PLACE-5, PLACE-6);
- the buildings and cards: each building stack's top tile with what it takes and scores and
  how many tiles are left (a stack out of play with fewer than 4 players says so, SETUP-5),
  each card slot's price and both halves of its card (CIV-1, CIV-4 to CIV-14), the draw pile;
- one board per player: score, food and agriculture, people at home and placed, resources,
  the pairs of resources of choice bought and not yet taken (CIV-12), tools with their
  levels and whether each was used this round (TOOL-2), one-time tools, buildings and
  cards in words, and whether the player starts the round.

A location is drawn as a group ``data-kind="location"`` with ``data-id`` its id (``forest``,
``card2``), so that a frontend can hook clicks; a player's board is a group
``data-kind="board"`` with ``data-player``, and its untaken pairs of resources of choice
one ``data-kind="claims"`` (``data-id="claims"``) inside it, with ``data-player`` too. A
card or tile is named by its id only in its tooltip (``<title>``); a hidden one is drawn
face down (INFO-1, INFO-2). Every value drawn is escaped. The text is plain SVG built as a string (no drawing library).
"""

from __future__ import annotations

from boardtable.screen import counted
from boardtable.svg import (
    DARK,
    INSIDE,
    LINE,
    MARGIN,
    MIN_TEXT,
    PANEL,
    PART_WIDTH,
    SOFT,
    Box,
    Canvas,
    Part,
    clipped,
    escaped,
    part,
    parts_svg,
    sheet_svg,
    text_width,
)

from ._components import components
from ._goods import KINDS, Kind
from ._model import AREAS, BUILDINGS, HIDDEN, SLOTS, VILLAGE, GameState, Location, Phase
from ._rules.placement import ROOM, crowded
from ._rules.scoring import score
from .text import (
    GIVES,
    PHASES,
    PLACES,
    building_points,
    building_text,
    card_halves,
    cards_bottoms_text,
    claims_text,
)

__all__ = ["COLUMNS", "MIN_TEXT", "PART_WIDTH", "part_names", "render_svg", "render_svg_parts"]

#: How many parts :func:`render_svg` puts in one row.
COLUMNS = 3

#: The players' colours, seat by seat, with the ink written on each.
SEAT_COLOURS = ("red", "blue", "green", "yellow")
_FILL = {"red": "#c0392b", "blue": "#2471a3", "green": "#229954", "yellow": "#e2b714"}
_INK = {colour: DARK if colour == "yellow" else "#fff" for colour in SEAT_COLOURS}
_ACTING, _CLOSED, _USED = "#b0402f", "#e2ddd3", "#d9d3c7"
#: Each location's ground: food, the four resources, the village, buildings and cards.
_GROUND: dict[Location, str] = {
    Location.HUNTING: "#ecd9b4",
    Location.FOREST: "#d3e6c1",
    Location.CLAY_PIT: "#f0cfb2",
    Location.QUARRY: "#dcdad6",
    Location.RIVER: "#f3e4a4",
    **dict.fromkeys(VILLAGE, "#eadfca"),
}
_KIND_FILL = {Kind.WOOD: "#8d5a2b", Kind.CLAY: "#c0603a", Kind.STONE: "#8a8c8e", Kind.GOLD: "#d8ad1f"}
_KIND_INK = {Kind.WOOD: "#fff", Kind.CLAY: "#fff", Kind.STONE: "#fff", Kind.GOLD: DARK}
_TILE, _CARD_TOP, _CULTURE, _FIGURE = "#eadfca", "#f6f0e2", "#cfe3c4", "#efdfb5"
#: A place's ring: its radius and the step from one to the next.
_RING, _STEP = 8.0, 20.0


class _Svg(Canvas):
    """A part's canvas, with Stone Age's own marks: places, people, chips and badges."""

    def ring(self, x: float, y: float, seat: int | None, blocked: bool = False) -> None:
        """A place of a location: filled in ``seat``'s colour, empty (free), or crossed out."""
        if seat is not None:
            colour = SEAT_COLOURS[seat]
            self.add(f'<circle cx="{x:g}" cy="{y:g}" r="{_RING:g}" fill="{_FILL[colour]}" stroke="{LINE}"/>')
            return
        dash = ' stroke-dasharray="2,2"' if blocked else ""
        self.add(f'<circle cx="{x:g}" cy="{y:g}" r="{_RING:g}" fill="#fff" stroke="{LINE}"{dash}/>')
        if blocked:
            d = _RING * 0.6
            self.add(
                f'<path d="M{x - d:g},{y - d:g} L{x + d:g},{y + d:g} M{x - d:g},{y + d:g} L{x + d:g},{y - d:g}" '
                f'stroke="{SOFT}" stroke-width="1.5"/>'
            )

    def disc(self, x: float, y: float, seat: int, count: int) -> None:
        """``count`` people of ``seat``: a disc in its colour with the number."""
        colour = SEAT_COLOURS[seat]
        self.add(f'<circle cx="{x:g}" cy="{y:g}" r="10" fill="{_FILL[colour]}" stroke="{LINE}"/>')
        self.text(x, y + 4.5, count, fill=_INK[colour], anchor="middle", weight="bold")

    def chip(
        self, x: float, y: float, width: float, label: str, fill: str, ink: str, dashed: bool = False
    ) -> None:
        """A small labelled box: a resource, a tool, a one-time tool."""
        extra = ' stroke-dasharray="4,3"' if dashed else ' stroke-width="0.5"'
        self.rect(Box(x, y, width, 20), fill, extra=extra)
        self.text(x + width / 2, y + 14.5, label, fill=ink, anchor="middle")

    def badge(self, right: float, y: float, label: str, fill: str, ink: str) -> float:
        """A label in a coloured box ending at ``right``; the ``x`` where it begins."""
        width = text_width(label, MIN_TEXT, "bold") + 12
        self.rect(Box(right - width, y, width, 20), fill, stroke="none")
        self.text(right - width / 2, y + 14.5, label, fill=ink, anchor="middle", weight="bold")
        return right - width


def where(view: GameState) -> str:
    """``Round 3: placing people`` (FLOW-5); ``The game is over``."""
    return "The game is over" if view.is_over else f"Round {view.round}: {PHASES[view.phase]}"


# --------------------------------------------------------------------------- the board


def _location(svg: _Svg, view: GameState, location: Location, y: float) -> float:
    """A location of the board with its places and the people on them; the ``y`` below it.
    While people are placed, its free places are crossed out when the 2- and 3-player rules
    close them this round (PLACE-5: the village's third place; PLACE-6: an area to more
    players)."""
    people = view.placed[location.row]
    room = ROOM[location]
    taken = sum(people)
    open_now = view.phase is Phase.PLACE and room is not None and taken < room
    closed = crowded(view, location) if open_now else None
    name = PLACES[location].removeprefix("the ")
    standing = ", ".join(f"P{seat} {counted(n, 'person', 'people')}" for seat, n in enumerate(people) if n)
    if room is None:
        places = "any number of people"
    elif closed is not None:
        places = f"{counted(room, 'place')}, closed to anyone else this round ({closed})"
    else:
        places = f"{counted(room, 'place')}, {room - taken} free"
    svg.open(
        "location",
        location.value,
        f"{name}: {GIVES[location]}; {places}" + (f"; {standing}" if standing else ""),
    )
    box = Box(MARGIN, y, INSIDE, 48)
    empty_and_closed = closed is not None and not taken
    svg.rect(
        box,
        _CLOSED if empty_and_closed else _GROUND[location],
        extra=' stroke-dasharray="5,4"' if empty_and_closed else "",
    )
    svg.text(box.x + 8, y + 17, name.capitalize(), 13, weight="bold")
    gives = clipped(GIVES[location], box.w - 16 - text_width(name, 13, "bold") - 10)
    svg.text(box.x + 16 + text_width(name, 13, "bold"), y + 17, gives, fill=SOFT)
    centre = y + 34
    right = box.x + box.w - 8
    if room is None:
        x = box.x + 18
        for seat, count in enumerate(people):
            if count:
                svg.disc(x, centre, seat, count)
                x += 26
        svg.text(right, centre + 4.5, "no limit", fill=SOFT, anchor="end")
    else:
        rings = [seat for seat, n in enumerate(people) for _ in range(n)]
        for i in range(room):
            svg.ring(box.x + 16 + i * _STEP, centre, rings[i] if i < len(rings) else None, closed is not None)
        if closed is not None:
            svg.text(right, centre + 4.5, f"closed ({closed})", fill=_ACTING, anchor="end")
        else:
            svg.text(
                right,
                centre + 4.5,
                "full" if taken == room else f"{room - taken} of {room} free",
                fill=SOFT,
                anchor="end",
            )
    svg.close()
    return y + box.h + 5


def _rules_note(view: GameState) -> str:
    """What the 2- and 3-player rules close (PLACE-5, PLACE-6), in a line; "" with 4 players."""
    players = view.config.players
    if players >= 4:
        return ""
    area = "one player's people" if players == 2 else "the people of at most two players"
    return f"With {players} players each area takes {area} a round (PLACE-6), and only two of the village's three places are used (PLACE-5)."


def _board(view: GameState) -> Part:
    """Where the game is, and the hunting grounds, the resource areas and the village."""
    svg = _Svg()
    y = svg.paragraph(6, where(view), 15, "bold")
    acting = ", ".join(f"P{seat}" for seat in view.to_act) or "nobody"
    y = svg.paragraph(y + 2, f"move {view.ply} · start player P{view.start} · to act: {acting}", fill=SOFT)
    note = _rules_note(view)
    if note:
        y = svg.paragraph(y, note, fill=SOFT)
    y = svg.heading(y + 4, "Hunting grounds and resource areas")
    for location in (Location.HUNTING, *AREAS):
        y = _location(svg, view, location, y)
    y = svg.heading(y + 4, "The village")
    for location in VILLAGE:
        y = _location(svg, view, location, y)
    return part(svg, y + MARGIN - 5, f"Stone Age: {where(view)}, move {view.ply}")


# --------------------------------------------------------------------------- buildings and cards


def _occupant(view: GameState, location: Location) -> int | None:
    """The seat standing on the one place of a building or card location, if any."""
    return next((seat for seat, n in enumerate(view.placed[location.row]) if n), None)


def _who(view: GameState, location: Location) -> str:
    """Who stands on the one place of a building or card location, in words."""
    seat = _occupant(view, location)
    return "free" if seat is None else f"P{seat} stands there"


def _stack(svg: _Svg, view: GameState, index: int, y: float) -> float:
    """A building stack: its top tile, what it takes and scores, how many are left (BUILD-1
    to BUILD-4, SETUP-5); the ``y`` below it."""
    location = BUILDINGS[index]
    name = f"Building stack {index + 1}"
    if index >= len(view.stacks):
        svg.open(
            "location", location.value, f"{name}: not in play with {view.config.players} players (SETUP-5)"
        )
        svg.rect(Box(MARGIN, y, INSIDE, 26), "none", extra=' stroke-dasharray="5,4"')
        svg.text(MARGIN + 8, y + 17.5, f"{name}: not in play with {view.config.players} players", fill=SOFT)
        svg.close()
        return y + 31
    stack = view.stacks[index]
    if not stack:
        svg.open("location", location.value, f"{name}: empty; the game ends after this round (END-3)")
        svg.rect(Box(MARGIN, y, INSIDE, 26), "none", extra=' stroke-dasharray="5,4"')
        svg.text(MARGIN + 8, y + 17.5, f"{name}: empty (the game ends, END-3)", fill=_ACTING)
        svg.close()
        return y + 31
    top = stack[0]
    tile = components().building.get(top)
    takes = "face down" if tile is None else building_text(tile)
    points = "" if tile is None else building_points(tile)
    inside = INSIDE - 16
    apart = text_width(takes, MIN_TEXT) + text_width(points, MIN_TEXT, "bold") + 12 > inside
    box = Box(MARGIN, y, INSIDE, 64 if apart else 48)
    right = box.x + box.w - 8
    who = _who(view, location)
    svg.open("location", location.value, f"{name}, tile {top}: {takes}; {points}; {len(stack)} left; {who}")
    svg.rect(box, _TILE)
    svg.text(box.x + 8, y + 17, name, 13, weight="bold")
    svg.text(box.x + 16 + text_width(name, 13, "bold"), y + 17, f"{len(stack)} left", fill=SOFT)
    svg.ring(right - _RING, y + 13, _occupant(view, location))
    svg.text(box.x + 8, y + 38, clipped(takes, inside))
    svg.text(right, y + (54 if apart else 38), points, anchor="end", weight="bold")
    svg.close()
    return y + box.h + 5


def _slot(svg: _Svg, view: GameState, index: int, y: float) -> float:
    """A card slot: its price and both halves of its card (CIV-1, CIV-4 to CIV-14); the ``y``
    below it."""
    location = SLOTS[index]
    name = f"Card slot {index + 1}"
    card_id = view.display[index]
    card = None if card_id is None else components().card.get(card_id)
    if card is None:
        svg.open("location", location.value, f"{name}: empty")
        svg.rect(Box(MARGIN, y, INSIDE, 26), "none", extra=' stroke-dasharray="5,4"')
        svg.text(MARGIN + 8, y + 17.5, f"{name}: empty", fill=SOFT)
        svg.close()
        return y + 31
    top, bottom = card_halves(card)
    price = counted(index + 1, "resource")
    box = Box(MARGIN, y, INSIDE, 64)
    right = box.x + box.w - 8
    who = _who(view, location)
    svg.open(
        "location",
        location.value,
        f"{name}, card {card.id}: {top} now, {bottom} at the end; costs {price}; {who}",
    )
    svg.rect(box, _CARD_TOP)
    svg.text(box.x + 8, y + 17, name, 13, weight="bold")
    svg.text(box.x + 16 + text_width(name, 13, "bold"), y + 17, f"costs {price}", fill=SOFT)
    svg.ring(right - _RING, y + 13, _occupant(view, location))
    svg.text(box.x + 8, y + 36, clipped(f"now: {top}", box.w - 16), weight="bold")
    strip = Box(box.x + 4, y + 42, box.w - 8, 18)
    svg.rect(strip, _CULTURE if card.culture else _FIGURE, stroke="none")
    svg.text(box.x + 8, y + 55.5, clipped(f"at the end: {bottom}", box.w - 16))
    svg.close()
    return y + box.h + 5


def _supply(view: GameState) -> Part:
    """The building stacks, the card slots and the draw pile."""
    svg = _Svg()
    y = svg.heading(6, "Buildings")
    for index in range(len(BUILDINGS)):
        y = _stack(svg, view, index, y)
    y = svg.heading(y + 4, "Civilization cards")
    for index in range(len(SLOTS)):
        y = _slot(svg, view, index, y)
    svg.open("pile", "pile", f"draw pile: {counted(len(view.pile), 'card')}")
    svg.rect(Box(MARGIN, y + 2, INSIDE, 26), "#8a7a63")
    svg.text(
        MARGIN + 8, y + 19.5, f"Draw pile: {counted(len(view.pile), 'card')}", fill="#fff", weight="bold"
    )
    svg.close()
    return part(svg, y + 30 + MARGIN, f"Stone Age: buildings and cards, move {view.ply}")


# --------------------------------------------------------------------------- a player's board


def _people_row(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """A player's people: at home (filled), placed (outlined), not yet born (dashed)."""
    player = view.players[seat]
    home = view.unplaced(seat)
    colour = SEAT_COLOURS[seat]
    words = f"{counted(player.people, 'person', 'people')}: {home} at home, {player.people - home} placed"
    svg.text(MARGIN, y + 14, words)
    y += 22
    for i in range(10):
        x = MARGIN + 9 + i * 21
        if i < home:
            svg.add(f'<circle cx="{x:g}" cy="{y + 9:g}" r="8" fill="{_FILL[colour]}" stroke="{LINE}"/>')
        elif i < player.people:
            svg.add(
                f'<circle cx="{x:g}" cy="{y + 9:g}" r="7" fill="#fff" stroke="{_FILL[colour]}" stroke-width="2.5"/>'
            )
        else:
            svg.add(
                f'<circle cx="{x:g}" cy="{y + 9:g}" r="7" fill="none" stroke="{SOFT}" stroke-dasharray="2,2"/>'
            )
    return y + 24


def _track(svg: _Svg, y: float, label: str, value: int, most: int, fill: str) -> float:
    """A track as a bar: its name, how far along, and its value."""
    svg.text(MARGIN, y + 14, label)
    bar = Box(MARGIN + 92, y + 2, INSIDE - 92 - 30, 16)
    svg.rect(bar, "#fff", extra=' stroke-width="0.5"')
    if value > 0:
        svg.rect(Box(bar.x, bar.y, min(1.0, value / most) * bar.w, bar.h), fill, stroke="none")
    svg.text(PART_WIDTH - MARGIN, y + 14, value, anchor="end", weight="bold")
    return y + 22


def _tools(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """The three tool places (TOOL-1): each tool's level and whether it was used this round
    (TOOL-2); then the one-time tools (TOOL-5)."""
    player = view.players[seat]
    svg.text(MARGIN, y + 14, "tools")
    x = MARGIN + 50
    for place in range(3):
        if place < len(player.tools):
            used = place < len(player.used) and player.used[place]
            label = f"{player.tools[place]} used" if used else f"level {player.tools[place]}"
            svg.chip(x, y, 62, label, _USED if used else "#fff", SOFT if used else DARK)
        else:
            svg.chip(x, y, 62, "none", PANEL, SOFT, dashed=True)
        x += 66
    y += 24
    if player.one_time:
        svg.text(MARGIN, y + 14, "one-time")
        x = MARGIN + 70
        for value in player.one_time:
            svg.chip(x, y, 28, str(value), "#fff", DARK)
            x += 32
        y += 24
    return y


def _resources(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """The four resources, each in its colour with how many."""
    player = view.players[seat]
    width = (INSIDE - 3 * 4) / 4
    for i, kind in enumerate(KINDS):
        svg.chip(
            MARGIN + i * (width + 4),
            y,
            width,
            f"{player.resources.count(kind)} {kind}",
            _KIND_FILL[kind],
            _KIND_INK[kind],
        )
    return y + 26


def _claims(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """CIV-12: the pairs of resources of choice the player bought and has not taken yet, as a
    dashed box (a group ``data-kind="claims"`` of the player, for a frontend to hook the move
    that takes them); nothing where there is none."""
    words = claims_text(view.players[seat].claims)
    if not words:
        return y
    svg.open("claims", "claims", f"{words} (CIV-12): whenever P{seat} has a move to make", seat)
    svg.chip(MARGIN, y, INSIDE, clipped(words, INSIDE - 12), "#fff", DARK, dashed=True)
    svg.close()
    return y + 24


def _holdings(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """A player's buildings and cards, each in words (its id in its tooltip)."""
    player = view.players[seat]
    found = components()
    y = svg.heading(y, f"Buildings: {len(player.buildings)}")
    for tile_id in player.buildings:
        tile = found.building.get(tile_id)
        words = "a building" if tile is None else f"{building_text(tile)} · {building_points(tile)}"
        svg.add(f"<g><title>{escaped(tile_id)}: {escaped(words)}</title>")
        svg.rect(Box(MARGIN, y, INSIDE, 20), _TILE, extra=' stroke-width="0.5"')
        svg.text(MARGIN + 6, y + 14.5, clipped(words, INSIDE - 12))
        svg.close()
        y += 23
    if not player.buildings:
        y = svg.paragraph(y - 4, "none yet", fill=SOFT) + 2
    cards = player.all_cards
    y = svg.heading(y + 4, f"Cards: {len(cards)}")
    for card_id in cards:
        card = found.card.get(card_id)
        if card_id == HIDDEN or card is None:
            svg.rect(Box(MARGIN, y, INSIDE, 20), "#8a7a63", extra=' stroke-width="0.5"')
            svg.text(MARGIN + 6, y + 14.5, "a card drawn face down", fill="#fff")
        else:
            top, bottom = card_halves(card)
            svg.add(f"<g><title>{escaped(card.id)}: {escaped(top)} · {escaped(bottom)}</title>")
            svg.rect(
                Box(MARGIN, y, INSIDE, 20), _CULTURE if card.culture else _FIGURE, extra=' stroke-width="0.5"'
            )
            svg.text(MARGIN + 6, y + 14.5, clipped(bottom, INSIDE / 2 - 8), weight="bold")
            svg.text(PART_WIDTH - MARGIN - 6, y + 14.5, clipped(top, INSIDE / 2 - 8), fill=SOFT, anchor="end")
            svg.close()
        y += 23
    if cards:
        y = svg.paragraph(y - 2, f"At the end: {cards_bottoms_text(cards)}")
    else:
        y = svg.paragraph(y - 4, "none yet", fill=SOFT)
    return y


def _player(view: GameState, seat: int) -> Part:
    """One player's board: score, tracks, people, resources, tools, buildings and cards."""
    player = view.players[seat]
    colour = SEAT_COLOURS[seat]
    svg = _Svg()
    acting = seat in view.to_act
    svg.open("board", f"player-{seat}", f"the board of P{seat} ({colour})", seat)
    svg.add(f'<rect x="1" y="1" width="8" height="34" fill="{_FILL[colour]}"/>')
    svg.text(MARGIN + 4, 26, f"P{seat} ({colour})", 16, weight="bold")
    if acting:
        svg.badge(PART_WIDTH - MARGIN, 10, "to act", _ACTING, "#fff")
    if seat == view.start and not view.is_over:
        svg.text(MARGIN + 4, 44, "start player of this round", fill=SOFT)
    sheet = score(view)[seat]
    svg.text(MARGIN, 66, counted(player.score, "point"), 15, weight="bold")
    ended = "final score" if view.is_over else "if the game ended now"
    svg.text(PART_WIDTH - MARGIN, 66, f"{counted(sheet.total, 'point')} {ended}", fill=SOFT, anchor="end")
    y = _track(svg, 74, f"food {player.food}", player.food, max(20, player.food), "#b86b2c")
    y = _track(svg, y, "agriculture", player.agriculture, 10, "#3c8d40")
    y = _people_row(svg, view, seat, y + 2)
    y = _resources(svg, view, seat, y + 2)
    y = _claims(svg, view, seat, y)
    y = _tools(svg, view, seat, y)
    y = _holdings(svg, view, seat, y + 2)
    svg.close()
    return part(
        svg, y + MARGIN, f"Stone Age: the board of P{seat}, move {view.ply}", _ACTING if acting else LINE
    )


# --------------------------------------------------------------------------- the picture


def _parts(view: GameState) -> list[Part]:
    return [_board(view), _supply(view), *(_player(view, seat) for seat in range(len(view.players)))]


def part_names(view: GameState) -> tuple[str, ...]:
    """The names of the parts of :func:`render_svg_parts`, in its order: ``board``, ``supply``,
    then ``P0``, ``P1`` … (a player's board)."""
    return ("board", "supply", *(f"P{seat}" for seat in range(len(view.players))))


def render_svg_parts(view: GameState) -> tuple[str, ...]:
    """The picture of :func:`render_svg` in parts, each a whole SVG document :data:`PART_WIDTH`
    units wide: the board, the buildings and cards, then one board per player in seat order."""
    return parts_svg(_parts(view))


def render_svg(view: GameState) -> str:
    """``view`` drawn as SVG (see the module): its parts, :data:`COLUMNS` to a row."""
    return sheet_svg(_parts(view), COLUMNS, f"Stone Age: {where(view)}, move {view.ply}")
