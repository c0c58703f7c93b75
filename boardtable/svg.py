"""A table drawn as SVG: the builder every game's picture is made with.

A game's picture is made of parts (the board, the supply, each player's board …), each
:data:`PART_WIDTH` units wide with no text smaller than :data:`MIN_TEXT`, so that a part stays
legible on a phone shown at about that many pixels wide. A part is drawn on a
:class:`Canvas` in its own units; :func:`part` closes it, :func:`parts_svg` makes each part a
whole SVG document and :func:`sheet_svg` lays them out side by side. Every value is written
through :func:`escaped`, and every text is measured (:func:`text_width`) so that it is wrapped
(:func:`wrapped`) or clipped (:func:`clipped`) to fit.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from math import ceil

from attrs import frozen

__all__ = [
    "DARK",
    "GAP",
    "INSIDE",
    "LINE",
    "MARGIN",
    "MIN_TEXT",
    "PANEL",
    "PAPER",
    "PART_WIDTH",
    "SOFT",
    "Box",
    "Canvas",
    "Part",
    "clipped",
    "escaped",
    "part",
    "parts_svg",
    "sheet_svg",
    "text_width",
    "wrapped",
]

#: The width of every part of a picture, in SVG units: shown at a phone's width (about 340
#: CSS pixels inside the page's margins) a unit is a pixel.
PART_WIDTH = 340
#: The size of the smallest text of a picture, in SVG units.
MIN_TEXT = 12
#: The margin inside a part, the gap between parts, and the width inside the margins.
MARGIN, GAP = 12.0, 12.0
INSIDE = PART_WIDTH - 2 * MARGIN
#: The ink, the page, a part's ground, its lines and the softer ink of notes.
DARK, PAPER, PANEL, LINE, SOFT = "#2b2118", "#fbf7ef", "#f6efe0", "#5b5040", "#6f6352"
#: Average glyph widths, in ems, of the pictures' fonts (DejaVu Sans, Verdana): regular and bold.
_EM = {"normal": 0.57, "bold": 0.63}


def escaped(text: object) -> str:
    """``text`` escaped for XML text and attribute values."""
    return html.escape(str(text), quote=True)


def text_width(text: str, size: float, weight: str = "normal") -> float:
    """About how wide ``text`` is at font ``size``, in units."""
    return len(text) * size * _EM[weight]


def clipped(text: str, width: float, size: float = MIN_TEXT, weight: str = "normal") -> str:
    """``text`` cut to fit about ``width`` units at font ``size``."""
    fits = max(3, int(width / (size * _EM[weight])))
    return text if len(text) <= fits else text[: fits - 1] + "…"


def wrapped(text: str, width: float, size: float, weight: str = "normal") -> list[str]:
    """``text`` in lines of about ``width`` units, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, weight) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(clipped(word, width, size, weight))
    return lines


@frozen
class Box:
    """A rectangle, in a part's units."""

    x: float
    y: float
    w: float
    h: float


class Canvas:
    """The elements of one part under construction, in the part's own units."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, element: str) -> None:
        """An element as written (its values escaped by the caller)."""
        self.parts.append(element)

    def rect(self, box: Box, fill: str, stroke: str = LINE, extra: str = "") -> None:
        """A rounded rectangle."""
        self.add(
            f'<rect x="{box.x:g}" y="{box.y:g}" width="{box.w:g}" height="{box.h:g}" rx="4" '
            f'fill="{fill}" stroke="{stroke}"{extra}/>'
        )

    def text(
        self,
        x: float,
        y: float,
        content: object,
        size: float = MIN_TEXT,
        fill: str = DARK,
        anchor: str = "start",
        weight: str = "normal",
    ) -> None:
        """One line of text, its baseline at ``y``."""
        self.add(
            f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{escaped(content)}</text>'
        )

    def paragraph(
        self,
        y: float,
        text: str,
        size: float = MIN_TEXT,
        weight: str = "normal",
        fill: str = DARK,
        x: float = MARGIN,
        width: float = INSIDE,
    ) -> float:
        """``text`` from ``y`` (its first line's top), wrapped to ``width``; the ``y`` below it."""
        step = size + 5
        for line in wrapped(text, width, size, weight):
            y += step
            self.text(x, y - 4, line, size, fill, weight=weight)
        return y

    def heading(self, y: float, text: str) -> float:
        """A heading across the part, with a rule under it; the ``y`` below it."""
        self.text(MARGIN, y + 15, text, 13, LINE, weight="bold")
        self.add(
            f'<line x1="{MARGIN:g}" y1="{y + 21:g}" x2="{PART_WIDTH - MARGIN:g}" y2="{y + 21:g}" '
            f'stroke="{LINE}" stroke-width="0.5"/>'
        )
        return y + 27

    def open(self, kind: str, ident: object, title: str, player: int | None = None) -> None:
        """Open the group of one component: its kind, its id, its owner, and a tooltip (what a
        page reads of the picture: ``data-kind``, ``data-id``, ``data-player``)."""
        owner = "" if player is None else f' data-player="{player}"'
        self.add(
            f'<g data-kind="{escaped(kind)}" data-id="{escaped(ident)}"{owner}><title>{escaped(title)}</title>'
        )

    def close(self) -> None:
        """Close the group :meth:`open` opened."""
        self.add("</g>")


@frozen
class Part:
    """One part of a picture: its height, its tooltip, its elements and its frame's colour."""

    height: int
    title: str
    body: tuple[str, ...]
    stroke: str = LINE


def part(canvas: Canvas, height: float, title: str, stroke: str = LINE) -> Part:
    """The part drawn on ``canvas``, ``height`` units high (a frame of another colour than
    :data:`LINE` is drawn thicker: the part of the seat to act)."""
    return Part(ceil(height), title, tuple(canvas.parts), stroke)


def _panel(drawn: Part) -> str:
    """A part's background and elements."""
    width = ' stroke-width="2"' if drawn.stroke != LINE else ""
    frame = (
        f'<rect x="1" y="1" width="{PART_WIDTH - 2}" height="{drawn.height - 2:g}" rx="6" '
        f'fill="{PANEL}" stroke="{drawn.stroke}"{width}/>'
    )
    return "\n".join([frame, *drawn.body])


def _document(width: float, height: float, title: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="DejaVu Sans, Verdana, sans-serif">\n'
        f"<title>{escaped(title)}</title>\n{body}\n</svg>\n"
    )


def parts_svg(drawn: Sequence[Part]) -> tuple[str, ...]:
    """Each part as a whole SVG document :data:`PART_WIDTH` units wide (a page lays them out
    to its width: side by side on a wide screen, one under the other on a phone)."""
    return tuple(_document(PART_WIDTH, each.height, each.title, _panel(each)) for each in drawn)


def sheet_svg(drawn: Sequence[Part], columns: int, title: str) -> str:
    """The parts side by side, ``columns`` to a row, on one page titled ``title``."""
    rows = [drawn[i : i + columns] for i in range(0, len(drawn), columns)]
    width = columns * (PART_WIDTH + GAP) + GAP
    body: list[str] = []
    y = GAP
    for row in rows:
        for column, each in enumerate(row):
            x = GAP + column * (PART_WIDTH + GAP)
            body.append(f'<svg x="{x:g}" y="{y:g}" width="{PART_WIDTH}" height="{each.height:g}">')
            body += [_panel(each), "</svg>"]
        y += max(each.height for each in row) + GAP
    background = f'<rect x="0" y="0" width="{width:g}" height="{y:g}" fill="{PAPER}"/>'
    return _document(width, y, title, "\n".join([background, *body]))
