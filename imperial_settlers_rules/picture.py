"""A position (or a seat's view) drawn as SVG on :mod:`boardtable.svg`: the table, then one part
per player, each :data:`PART_WIDTH` units wide with no text smaller than :data:`MIN_TEXT`, so
that every part stays legible on a phone (:func:`render_svg_parts` gives them one by one, for a
page that lays them out itself; :func:`render_svg` puts them side by side, :data:`COLUMNS` to a
row, in one picture):

- the table: the round and phase (FLOW-5), the first player (CLEAN-5), who acts and what the
  agenda waits for (ENG-6), the lookout's cards on offer (LOOK-2, LOOK-3), the common deck's
  and discard pile's sizes (GOODS-7, GOODS-8), the cards a seat drew to keep one of (CARD-23,
  shown only to that seat) and each player's VP;
- each player: their faction board with what it produces and keeps (PROD-2, CLEAN-2), their
  supply (GOODS-4), their hand (their own cards by name, another's as a count, LOOK-6), their
  empire as rows of cards by type (production, feature and action locations, BUILD-9) with
  each location's marks (a defense token DEF-2, a samurai FAC-JAP-3, uses this round
  ACTLOC-2, blocked CARD-22, taken over FAC-EGY-3, cards under or resources on it CARD-26),
  their foundations (RAZE-6), their deals by the good each gives (DEAL-3, DEAL-4), their
  faction deck's and discard pile's sizes, and their score if the game ended now (END-2 to
  END-4).

Every component drawn is a group with ``data-kind`` and ``data-id`` for a frontend to hook:
``lookout`` (a card on offer, its printed id), ``drawn`` (a card drawn to keep one of, on the
table's part, which names no player), ``deck`` (``common``, or ``faction`` with
``data-player``), ``hand`` (a card in the hand, its id; or ``hand`` for a hand shown as a
count), ``location`` (a built location, its id), ``foundation``, ``deal`` (``deal-0`` …, by
its place among its owner's deals), ``supply`` and ``board`` (``player-0`` …); a player's
component has ``data-player``, and a board's heading is ``P0 (romans)``. A card a view hides
(:data:`~imperial_settlers_rules.view.HIDDEN`) is drawn face down and never named. Every value
drawn is escaped; the same view gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    part,
    parts_svg,
    sheet_svg,
    text_width,
)

from ._components import components
from ._goods import SUPPLY
from ._model import GameState, KeepOne
from ._rules.scoring import score
from ._table import controlled
from .text import (
    PROVISIONAL,
    SUPPLY_WORDS,
    TYPES,
    card_text,
    decision_text,
    goods_text,
    price_text,
    where_text,
)
from .view import HIDDEN

__all__ = ["COLUMNS", "MIN_TEXT", "PART_WIDTH", "part_names", "render_svg", "render_svg_parts"]

#: How many parts :func:`render_svg` puts in one row.
COLUMNS = 3

#: The factions' colours (SETUP-1), with the ink written on each.
_FACTION_FILL = {"romans": "#b03a2e", "barbarians": "#5d6d7e", "egyptians": "#d4a017", "japanese": "#7d3c98"}
_FACTION_INK = {"romans": "#fff", "barbarians": "#fff", "egyptians": DARK, "japanese": "#fff"}
#: The locations' colours (CARD-4); a card of no colour (Ruins) is drawn in :data:`_NO_COLOUR`.
_COLOUR = {
    "brown": "#8d5a2b",
    "grey": "#8a8c8e",
    "red": "#c0392b",
    "pink": "#e59ab0",
    "gold": "#d4ac0d",
    "blue": "#2e86c1",
    "black": "#2b2b2b",
    "purple": "#7d3c98",
}
_NO_COLOUR = "#e2ddd3"
#: The grounds of a card by type (CARD-1), a card face down, a supply chip and a marked note.
_TYPE_FILL = {"production": "#eef3e2", "feature": "#f3ecdc", "action": "#e5edf5"}
_BACK, _CHIP, _ACTING, _MARK = "#8a7a63", "#fff", "#b0402f", "#8e3b2e"
_ROW = 22.0


class _Svg(Canvas):
    """A part's canvas, with Imperial Settlers' own marks: a card's row and a badge."""

    def card_row(
        self, y: float, card: str, note: str = "", fill: str | None = None, below: str = ""
    ) -> float:
        """One card as a row: its colours as a strip, its name, ``note`` at its right and
        ``below`` on a second line (a card face down as its back, ``note`` on it); the ``y``
        below it."""
        copy = components().copies.get(card)
        box = Box(MARGIN, y, INSIDE, _ROW + (16 if below else 0))
        if copy is None:
            self.rect(box, _BACK, extra=' stroke-width="0.5"')
            self.text(MARGIN + 8, y + 15.5, clipped(note or "a card face down", INSIDE - 16), fill="#fff")
            return y + box.h + 3
        found = copy.card
        self.rect(box, fill or _TYPE_FILL[found.type], extra=' stroke-width="0.5"')
        colours = found.colours or ("",)
        strip = 6.0
        for i, colour in enumerate(colours):
            self.add(
                f'<rect x="{MARGIN + 1 + i * strip:g}" y="{y + 1:g}" width="{strip:g}" height="{box.h - 2:g}" '
                f'fill="{_COLOUR.get(colour, _NO_COLOUR)}"/>'
            )
        left = MARGIN + 6 + len(colours) * strip
        room = INSIDE - (left - MARGIN) - 8
        name = found.name + ("*" if found.name_provisional else "")
        name_width = min(text_width(name, MIN_TEXT, "bold") + 2, room * 0.6) if note else room
        self.text(left, y + 15.5, clipped(name, name_width, MIN_TEXT, "bold"), weight="bold")
        if note:
            fits = clipped(note, room - name_width - 8)
            self.text(PART_WIDTH - MARGIN - 6, y + 15.5, fits, fill=SOFT, anchor="end")
        if below:
            self.text(left, y + 32, clipped(below, room), fill=SOFT)
        return y + box.h + 3

    def badge(self, right: float, y: float, label: str, fill: str, ink: str = "#fff") -> float:
        """A label in a coloured box ending at ``right``; the ``x`` where it begins."""
        width = text_width(label, MIN_TEXT, "bold") + 12
        self.rect(Box(right - width, y, width, 20), fill, stroke="none")
        self.text(right - width / 2, y + 14.5, label, fill=ink, anchor="middle", weight="bold")
        return right - width


def _named(card: str) -> str:
    """A card's tooltip: the card in words (a face-down card never by its id)."""
    return card_text(card) if card != HIDDEN else "a card face down"


# --------------------------------------------------------------------------- the table


def _lookout(svg: _Svg, view: GameState, y: float) -> float:
    """LOOK-2, LOOK-3: the cards on offer, each a ``lookout`` group; the ``y`` below it."""
    draft = "second draft" if view.second else "first draft"
    y = svg.heading(y, f"The lookout ({draft})" if view.offer else "The lookout")
    if not view.offer:
        return svg.paragraph(y - 4, "no cards on offer", fill=SOFT)
    order = ", ".join(f"P{seat}" for seat in view.order)
    if order:
        y = svg.paragraph(y - 4, f"to pick, in order: {order}", fill=SOFT) + 2
    for card in view.offer:
        svg.open("lookout", card, _named(card))
        y = svg.card_row(y, card, below=_summary(card))
        svg.close()
    return y


def _summary(card: str) -> str:
    """A card's type and cost in a few words: ``production · cost 1 wood and 1 stone``."""
    found = components().copies[card].card
    return f"{found.type} · cost {price_text(found.cost)}"


def _drawn(svg: _Svg, view: GameState, y: float) -> float:
    """CARD-23: the cards a seat drew to keep one of, where the view shows them."""
    for step in view.agenda:
        if not isinstance(step, KeepOne) or HIDDEN in step.drawn:
            continue
        y = svg.heading(y + 4, f"P{step.seat} keeps {step.keep} of these")
        for card in step.drawn:
            svg.open("drawn", card, _named(card))
            y = svg.card_row(y, card, below=_summary(card))
            svg.close()
    return y


def _pile(svg: _Svg, y: float, ident: str, words: str, player: int | None = None) -> float:
    """A deck or pile as a dark bar with its size (GOODS-7, GOODS-8); the ``y`` below it."""
    svg.open("deck", ident, words, player)
    svg.rect(Box(MARGIN, y, INSIDE, _ROW), _BACK, extra=' stroke-width="0.5"')
    svg.text(MARGIN + 8, y + 15.5, clipped(words, INSIDE - 16), fill="#fff", weight="bold")
    svg.close()
    return y + _ROW + 3


def _table(view: GameState) -> Part:
    """Where the game is, the lookout, the common deck and each player's VP."""
    svg = _Svg()
    y = svg.paragraph(6, where_text(view), 15, "bold")
    acting = ", ".join(f"P{seat}" for seat in view.to_act) or "nobody"
    y = svg.paragraph(y + 2, f"move {view.ply} · first player P{view.first} · to act: {acting}", fill=SOFT)
    if view.agenda and not view.is_over:
        y = svg.paragraph(y, f"waiting: {decision_text(view.agenda[0])}", fill=_ACTING)
    y = _lookout(svg, view, y + 4)
    y = _drawn(svg, view, y)
    y = svg.heading(y + 4, "The common deck")
    y = _pile(svg, y, "common", f"Common deck: {counted(len(view.common), 'card')}")
    y = svg.paragraph(y - 4, f"discard pile: {counted(len(view.common_discard), 'card')}", fill=SOFT)
    y = svg.heading(y + 4, "Victory points")
    sheets = score(view)
    ended = "final score" if view.is_over else "if the game ended now"
    for seat, player in enumerate(view.players):
        faction = components().faction(player.faction).name
        svg.text(MARGIN, y + 14, f"P{seat} {faction}", weight="bold")
        svg.text(
            PART_WIDTH - MARGIN,
            y + 14,
            f"{player.vp} VP · {sheets[seat].total} {ended}",
            fill=SOFT,
            anchor="end",
        )
        y += 20
    return part(svg, y + MARGIN, f"Imperial Settlers: {where_text(view)}, move {view.ply}")


# --------------------------------------------------------------------------- a player


def _faction_board(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """PROD-2 (a), CLEAN-2: what the faction board gives every production and keeps at cleanup."""
    board = components().faction(view.players[seat].faction)
    y = svg.paragraph(y, f"Board produces {goods_text(board.production)}")
    return svg.paragraph(y, f"keeps its {SUPPLY[board.stores]} at cleanup", fill=SOFT)


def _supply(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """GOODS-4: the supply, a chip per kind (a ``supply`` group); the ``y`` below it."""
    supply = view.players[seat].supply
    svg.open("supply", "supply", f"the supply of P{seat}", seat)
    svg.rect(Box(MARGIN - 3, y - 3, INSIDE + 6, 50), PANEL, stroke=PANEL)  # the whole supply, to click
    width = (INSIDE - 3 * 4) / 4
    for i, ((one, several), count) in enumerate(zip(SUPPLY_WORDS, supply, strict=True)):
        x = MARGIN + (i % 4) * (width + 4)
        top = y + (i // 4) * 24
        svg.rect(Box(x, top, width, 20), _CHIP, extra=' stroke-width="0.5"')
        svg.text(
            x + width / 2,
            top + 14.5,
            counted(count, one, several),
            anchor="middle",
            weight="bold" if count else "normal",
        )
    svg.close()
    return y + 50


def _hand(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """LOOK-6: the hand, each card by name where the view shows it, else as a count."""
    hand = view.players[seat].hand
    y = svg.heading(y, f"Hand: {counted(len(hand), 'card')}")
    if not hand:
        return svg.paragraph(y - 4, "no cards", fill=SOFT)
    if HIDDEN in hand:
        svg.open("hand", "hand", f"the hand of P{seat}: {counted(len(hand), 'card')}", seat)
        y = svg.card_row(y, HIDDEN, f"{counted(len(hand), 'card')}, face down")
        svg.close()
        return y
    for card in hand:
        svg.open("hand", card, _named(card), seat)
        y = svg.card_row(y, card, below=_summary(card))
        svg.close()
    return y


def _marks(view: GameState, seat: int, card: str) -> str:
    """A location's marks (DEF-2, FAC-JAP-3, ACTLOC-2, CARD-22, FAC-EGY-3, CARD-26), in words."""
    player = view.players[seat]
    uses = dict(view.uses).get(card, 0)
    taken = dict(view.taken).get(card)
    marks = [
        mark
        for mark, on in (
            ("defended", card in player.defended),
            ("samurai", card in player.samurai),
            (f"used {uses}", uses > 0),
            ("blocked", card in view.blocked),
            (f"taken by P{taken}", taken is not None and taken != seat),
            (f"{len(dict(player.under).get(card, ()))} under", card in dict(player.under)),
            (f"{dict(player.on_shrine).get(card, 0)} on it", card in dict(player.on_shrine)),
        )
        if on
    ]
    return ", ".join(marks)


def _empire(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """BUILD-9: the empire as rows of locations by type, each a ``location`` group, with the
    locations taken over from others (FAC-EGY-3) in their rows too."""
    player = view.players[seat]
    mine = set(controlled(view, seat))
    held = [*player.empire, *(card for card in controlled(view, seat) if card not in player.empire)]
    for kind, heading in TYPES.items():
        row = [card for card in held if components().copies[card].card.type == kind]
        y = svg.heading(y + 4, f"{heading.capitalize()}: {len(row)}")
        for card in row:
            note = ", ".join(
                m for m in (_marks(view, seat, card), "" if card in player.empire else "taken over") if m
            )
            away = card not in mine
            svg.open("location", card, _named(card) + (f" ({note})" if note else ""), seat)
            y = svg.card_row(y, card, note, "#eceae6" if away else None)
            svg.close()
        if not row:
            y = svg.paragraph(y - 4, "none yet", fill=SOFT)
    return y


def _cards(
    svg: _Svg,
    y: float,
    heading: str,
    kind: str,
    seat: int,
    rows: list[tuple[str, str, str, str]],
    fill: str | None,
) -> float:
    """A heading and a row per card, each a ``kind`` group of ``seat`` (its id, tooltip, card
    and note); nothing where there is none."""
    if not rows:
        return y
    y = svg.heading(y + 4, f"{heading}: {len(rows)}")
    for ident, title, card, note in rows:
        svg.open(kind, ident, title, seat)
        y = svg.card_row(y, card, note, fill)
        svg.close()
    return y


def _foundations(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """RAZE-6, BUILD-3: the foundations, by name where the view shows them."""
    rows = [
        (
            card if card != HIDDEN else f"foundation-{index}",
            f"a foundation: {_named(card)}",
            card,
            "foundation",
        )
        for index, card in enumerate(view.players[seat].foundations)
    ]
    return _cards(svg, y, "Foundations", "foundation", seat, rows, None)


def _deals(svg: _Svg, view: GameState, seat: int, y: float) -> float:
    """DEAL-3, DEAL-4: the deals, each by the good it gives (its card by name where shown)."""
    rows = []
    for index, deal in enumerate(view.players[seat].deals):
        gives = f"gives {goods_text(deal.good)}" + (" (Trade Route)" if deal.route else "")
        rows.append((f"deal-{index}", f"a deal: {gives}", deal.card, gives))
    return _cards(svg, y, "Deals", "deal", seat, rows, "#f6f0e2")


def _player(view: GameState, seat: int) -> Part:
    """One player's part: faction board, VP, supply, hand, empire, foundations, deals, decks."""
    player = view.players[seat]
    faction = components().faction(player.faction)
    svg = _Svg()
    acting = seat in view.to_act
    svg.open("board", f"player-{seat}", f"the board of P{seat} ({faction.name})", seat)
    svg.add(f'<rect x="1" y="1" width="8" height="34" fill="{_FACTION_FILL[faction.id]}"/>')
    svg.text(MARGIN + 4, 26, f"P{seat} ({faction.id})", 16, weight="bold")
    right = PART_WIDTH - MARGIN
    if acting:
        right = svg.badge(right, 10, "to act", _ACTING) - 4
    if player.passed and not view.is_over:
        right = svg.badge(right, 10, "passed", SOFT) - 4
    if seat == view.first and not view.is_over:
        svg.badge(right, 10, "first", _FACTION_FILL[faction.id], _FACTION_INK[faction.id])
    sheet = score(view)[seat]
    svg.text(MARGIN, 56, f"{player.vp} VP", 15, weight="bold")
    ended = "final score" if view.is_over else "if the game ended now"
    svg.text(PART_WIDTH - MARGIN, 56, f"{sheet.total} {ended}", fill=SOFT, anchor="end")
    y = _faction_board(svg, view, seat, 62)
    y = _supply(svg, view, seat, y + 4)
    y = _hand(svg, view, seat, y)
    y = _empire(svg, view, seat, y)
    y = _foundations(svg, view, seat, y)
    y = _deals(svg, view, seat, y)
    y = svg.heading(y + 4, "Faction deck")
    y = _pile(svg, y, "faction", f"Faction deck: {counted(len(player.deck), 'card')}", seat)
    y = svg.paragraph(y - 4, f"discard pile: {counted(len(player.discard), 'card')}", fill=SOFT)
    if _provisional(view, seat):
        y = svg.paragraph(y, PROVISIONAL, fill=SOFT)
    svg.close()
    return part(
        svg,
        y + MARGIN,
        f"Imperial Settlers: P{seat} {faction.name}, move {view.ply}",
        _ACTING if acting else LINE,
    )


def _provisional(view: GameState, seat: int) -> bool:
    """Whether a card of the player's part shows a working name (README section 5)."""
    player = view.players[seat]
    shown: Sequence[str] = (
        *player.hand,
        *player.empire,
        *player.foundations,
        *(d.card for d in player.deals),
    )
    copies = components().copies
    return any(card in copies and copies[card].card.name_provisional for card in shown)


# --------------------------------------------------------------------------- the picture


def _parts(view: GameState) -> list[Part]:
    return [_table(view), *(_player(view, seat) for seat in range(len(view.players)))]


def part_names(view: GameState) -> tuple[str, ...]:
    """The names of the parts of :func:`render_svg_parts`, in its order: ``table``, then ``P0``,
    ``P1`` … (a player's part)."""
    return ("table", *(f"P{seat}" for seat in range(len(view.players))))


def render_svg_parts(view: GameState) -> tuple[str, ...]:
    """The picture of :func:`render_svg` in parts, each a whole SVG document :data:`PART_WIDTH`
    units wide: the table, then one part per player in seat order."""
    return parts_svg(_parts(view))


def render_svg(view: GameState) -> str:
    """``view`` drawn as SVG (see the module): its parts, :data:`COLUMNS` to a row."""
    return sheet_svg(_parts(view), COLUMNS, f"Imperial Settlers: {where_text(view)}, move {view.ply}")
