"""The terminal's screen: its size, colour, lines wrapped at word boundaries, and pages.

A :class:`Screen` knows how wide and tall the terminal is and whether it shows colour
(ANSI, only on a terminal and never with ``NO_COLOR`` set). :func:`wrap` breaks text at
word boundaries to the width, a wrapped line indented under its first; :class:`Pager`
keeps what does not fit on one screen for the ``more`` command; :func:`score_table` lays a
score pad out, a column per player (:func:`sheets_table`: a game's score sheets by their lines).
"""

from __future__ import annotations

import os
import shutil
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TextIO

from attrs import frozen


def counted(amount: int, unit: str, several: str | None = None) -> str:
    """``2 coins``, ``1 point``, ``-1 coin``, ``2 people``: the amount and its unit, singular for
    one (``several``: the plural where it is not the unit and an ``s``)."""
    return f"{amount} {unit if abs(amount) == 1 else several or unit + 's'}"


#: The smallest terminal a turn is laid out for.
SMALLEST = (80, 24)

#: The ANSI colours of the kinds of line a turn shows.
_COLOURS = {
    "heading": "1;36",  # bold cyan
    "you": "1",  # bold
    "move": "32",  # green
    "note": "2",  # faint
    "refusal": "31",  # red
}


@frozen
class Screen:
    """A terminal's size and whether it shows colour."""

    width: int = SMALLEST[0]
    height: int = SMALLEST[1]
    colour: bool = False

    @classmethod
    def of(cls, stream: TextIO, environ: Mapping[str, str] = os.environ) -> Screen:
        """The screen ``stream`` writes to: the terminal's size (``shutil.get_terminal_size``,
        80x24 where there is none), colour only when ``stream`` is a terminal and ``NO_COLOR``
        is not set (no-color.org)."""
        size = shutil.get_terminal_size(SMALLEST)
        colour = stream.isatty() and not environ.get("NO_COLOR")
        return cls(max(size.columns, 20), max(size.lines, 10), colour)

    def paint(self, line: str, kind: str) -> str:
        """``line`` in the colour of ``kind`` (see ``_COLOURS``); as it is without colour."""
        return f"\x1b[{_COLOURS[kind]}m{line}\x1b[0m" if self.colour else line

    def wrap(self, text: str) -> list[str]:
        """The rows ``text`` takes on this screen (:func:`wrap`)."""
        return wrap(text, self.width)


def wrap(text: str, width: int) -> list[str]:
    """``text``'s lines broken at word boundaries to ``width`` columns, a continued line
    indented two columns more than its first; an empty line stays one empty row."""
    rows: list[str] = []
    for line in text.split("\n"):
        indent = " " * (len(line) - len(line.lstrip(" ")))
        rows.extend(
            textwrap.wrap(line, width, subsequent_indent=indent + "  ", break_on_hyphens=False) or [""]
        )
    return rows


class Pager:
    """Lines waiting to be shown, a screen at a time, by the ``more`` command."""

    def __init__(self) -> None:
        self.rows: list[str] = []

    def page(self, lines: Iterable[str], room: int) -> list[str]:
        """The first ``room`` rows of ``lines``, the last of them saying how many more the
        ``more`` command shows; the rest kept for it."""
        rows = list(lines)
        self.rows.clear()
        if len(rows) <= room:
            return rows
        self.rows.extend(rows[room - 1 :])
        return [*rows[: room - 1], f"({counted(len(self.rows), 'more line')}: type 'more')"]

    def hold(self, rows: Iterable[str]) -> None:
        """Keep ``rows`` for the ``more`` command (shown in part already)."""
        self.rows[:] = rows

    def more(self, room: int) -> list[str]:
        """The next page of what did not fit, or a note that nothing is left."""
        if not self.rows:
            return ["Nothing more to show."]
        return self.page(list(self.rows), room)


def score_table(players: Sequence[str], rows: Iterable[tuple[str, Sequence[int]]]) -> str:
    """A score pad as text: a column per player (named in ``players``), a row per line of
    the sheet (its name, and each player's figure in seat order), figures right-aligned;
    5 players fit 80 columns."""
    listed = list(rows)
    first = max([10, *(len(name) + 2 for name, _ in listed)])
    width = max([14, *(len(player) + 2 for player in players)])
    head = "".ljust(first) + "".join(player.rjust(width) for player in players)
    return "\n".join(
        [
            head,
            *(name.ljust(first) + "".join(str(n).rjust(width) for n in figures) for name, figures in listed),
        ]
    )


def sheets_table(sheets: Sequence[object], lines: Mapping[str, str]) -> str:
    """Every seat's score sheet as a :func:`score_table`, a column per seat (``P0``, ``P1`` …)
    and a row per line of ``lines``: each sheet's field by its name, the key, shown by the
    name a player reads, the value, in ``lines``'s order."""
    return score_table(
        [f"P{seat}" for seat in range(len(sheets))],
        [(name, [getattr(sheet, line) for sheet in sheets]) for line, name in lines.items()],
    )
