"""A person's turn at the terminal, in any game: one screen that fits, and the commands that
show the rest.

A :class:`Turn` lays its screen out the same way in every game: the news since the seat's
last turn (the older lines behind ``more`` when they do not fit), a heading saying where the
game is, the seat's own board, its legal moves numbered (those that do not fit behind
``moves``), and what may be typed. Each game says what those parts hold and how a typed line
becomes a move; the prompt, its commands (``board``, ``moves``, ``more``, ``explain``,
``help``, ``quit``) and the paging are this module's.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from .screen import Pager, Screen, counted

__all__ = ["CLEAR", "FOOTER", "Reader", "Turn", "Writer", "read_line"]

#: Clears a terminal's screen and its scrollback, and puts the cursor at the top (ANSI:
#: ``ESC[3J`` empties the scrollback where the terminal keeps one and allows it).
CLEAR = "\x1b[2J\x1b[3J\x1b[H"
#: The line under every turn: what may be typed.
FOOTER = "Type a number or a move; or board, moves, more, help, quit."
#: What a prompt asks for: a line, or None at the end of the input.
Reader = Callable[[str], str | None]
Writer = Callable[[str], None]


def read_line(prompt: str) -> str | None:
    """A line typed at the prompt; None at the end of the input. Input that is not typed at
    a terminal is echoed after the prompt, so that the output reads as the session did."""
    try:
        line = input(prompt)
    except EOFError:
        return None
    if not sys.stdin.isatty():
        print(line)
    return line


M = TypeVar("M")


class Turn(ABC, Generic[M]):
    """One person's turn at the prompt: the screen they see, and what they type."""

    def __init__(self, name: str, screen: Screen, write: Writer) -> None:
        #: The seat's name, as the heading and the prompt say it.
        self.name = name
        self.screen, self.write = screen, write
        self.pager = Pager()
        #: Rows a screen holds above the prompt.
        self.room = screen.height - 1

    @abstractmethod
    def where(self) -> str:
        """Where the game is, for the heading."""

    @abstractmethod
    def own(self) -> list[str]:
        """The seat's own board in a few lines (the first is painted as the seat's)."""

    @abstractmethod
    def listed(self) -> list[str]:
        """Each legal move's line, numbered from 1, with what it would do."""

    @abstractmethod
    def board(self) -> list[str]:
        """The whole position as the seat sees it (the ``board`` command)."""

    @abstractmethod
    def help(self) -> str:
        """What may be typed (the ``help`` command)."""

    @abstractmethod
    def rule_text(self, rule_id: str) -> str:
        """A rule's text, or why there is none (the ``explain`` command)."""

    @abstractmethod
    def chosen(self, text: str, read: Reader) -> M | None:
        """The move a typed line names, legal and the seat's own; None, the reason told
        (:meth:`say`), when it names none."""

    def ask(self, news: Sequence[str], read: Reader) -> M | None:
        """The move the person chooses; None when they leave."""
        self.write("\n".join(self.screenful(news)))
        while True:
            text = read(f"{self.name} > ")
            if text is None:
                self.write("")
                return None
            word, _, rest = text.strip().partition(" ")
            if not word:
                continue
            if word == "quit":
                return None
            if word == "more":
                self._show(self.pager.more(self.room), paged=False)
            elif word == "moves":
                self._show(self._wrapped(self.listed()))
            elif word == "board":
                self._show(self._wrapped(self.board()))
            elif word == "help":
                self._show(self.screen.wrap(self.help()))
            elif word == "explain":
                self._show(self.screen.wrap(self.rule_text(rest.strip())))
            else:
                move = self.chosen(text.strip(), read)
                if move is not None:
                    return move

    def screenful(self, news: Sequence[str]) -> list[str]:
        """The turn's screen, at most ``room`` rows: the news since the seat's last turn
        (the older lines behind ``more`` when they do not fit), the heading, the seat's own
        board, the moves (behind ``moves`` when they do not fit), and what may be typed."""
        paint, wrap = self.screen.paint, self.screen.wrap
        heading = wrap(f"--- {self.name}, your turn: {self.where()} ---")
        own = [wrap(line) for line in self.own()]
        footer = wrap(FOOTER)
        fixed = len(heading) + sum(map(len, own)) + len(footer)
        news_rows = [row for line in news for row in wrap(line)]
        room_for_moves = self.room - fixed - min(len(news_rows), 3)
        shown_moves = _first_rows([wrap(line) for line in self.listed()], room_for_moves)
        room_for_news = self.room - fixed - len(shown_moves)
        if len(news_rows) > room_for_news:
            self.pager.hold(news_rows)
            hidden = len(news_rows) - room_for_news + 1
            news_rows = [f"({counted(hidden, 'earlier line')} of the log: type 'more')", *news_rows[hidden:]]
            news_rows = news_rows if room_for_news > 0 else []
        rows = [
            *(paint(row, "note") for row in news_rows),
            *(paint(row, "heading") for row in heading),
            *(paint(row, "you") if i == 0 else row for i, block in enumerate(own) for row in block),
            *(paint(row, "move") for row in shown_moves),
            *(paint(row, "note") for row in footer),
        ]
        return rows[-self.room :]

    def say(self, text: str) -> None:
        """A refusal or a note, wrapped to the screen."""
        self.write("\n".join(self.screen.paint(row, "refusal") for row in self.screen.wrap(text)))

    def _wrapped(self, lines: list[str]) -> list[str]:
        return [row for line in lines for row in self.screen.wrap(line)]

    def _show(self, rows: list[str], paged: bool = True) -> None:
        """``rows``, a screen at a time: what does not fit waits for ``more``."""
        self.write("\n".join(self.pager.page(rows, self.room) if paged else rows))


def _first_rows(blocks: Sequence[Sequence[str]], room: int) -> list[str]:
    """The rows of the first ``blocks`` that fit in ``room`` rows; when some do not, a last
    row says how many more the ``moves`` command shows."""
    rows = [row for block in blocks for row in block]
    if len(rows) <= room:
        return rows
    kept: list[str] = []
    for shown_blocks, block in enumerate(blocks):
        if len(kept) + len(block) > room - 1:
            left = len(blocks) - shown_blocks
            return [*kept, f"  ... and {left} more: type 'moves'"]
        kept.extend(block)
    return kept
