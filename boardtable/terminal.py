"""Any registered game at the terminal, through its game interface (:class:`~boardtable.games.Game`).

People play their seats against the game's bots, or each other (hot seat), on the screen
every game's turn has (:class:`~boardtable.prompt.Turn`): a turn fits the terminal, in colour
on a terminal, the rest behind ``board``, ``moves`` and ``more``. What the screen says of the
game comes from its :class:`~boardtable.games.commands.TableWords`; the moves and their
previews from the interface. This is the ``hadara`` command's terminal for every game that
has none of its own (:attr:`Commands.terminal <boardtable.games.commands.Commands.terminal>`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from attrs import frozen

from .errors import GameError, IllegalMove
from .games import AnyGame, Decider
from .games.commands import TableWords
from .prompt import CLEAR, Reader, Turn, Writer
from .reader import shown
from .screen import Screen, counted

__all__ = ["InterfaceGame", "TableWords", "play_interface_at_terminal"]


#: The words of a game that says nothing of its own table: its moves and their previews alone.
_PLAIN = TableWords()


@frozen
class InterfaceGame:
    """A game of any registered game played at the terminal: the moves made, the last
    position, and whether it ended."""

    moves: tuple[object, ...]
    final: object
    finished: bool


def play_interface_at_terminal(
    played: AnyGame,
    start: object,
    humans: Collection[int],
    bots: Mapping[int, Decider[Any, Any]],
    read: Reader,
    write: Writer,
    words: TableWords = _PLAIN,
    hand_over: bool = False,
    made: Sequence[object] = (),
    screen: Screen | None = None,
) -> InterfaceGame:
    """Play a game through its game interface: people at ``humans``,
    ``bots[seat]`` elsewhere, from the position ``start`` that the moves already ``made``
    lead to (none for a new game; a game resumed).

    Each person's turn is one screen (``screen``, 80x24 without colour unless given): the
    events since that seat's last turn as it may see them, where the game stands, the seat's
    own board and its legal moves, numbered, with what each does (``words``); a move is typed
    by number or in the notation (``explain RULE-ID`` prints a rule). A refused move is told
    with its rule, named with its game. With ``hand_over`` the screen and the scrollback are
    cleared between two people's turns. ``quit`` or the end of the input leaves the game
    (``finished`` False).
    """
    shown_on = screen or Screen()
    state = start
    unseen: dict[int, list[str]] = {seat: [] for seat in humans}
    moves: list[object] = list(made)
    if made:
        for seat in humans:
            where = words.where(played.view(state, seat))
            unseen[seat].append(
                f"Resumed after {counted(len(made), 'move')}" + (f": {where}." if where else ".")
            )
    last: int | None = None
    while not played.is_over(state):
        seat = next((s for s in played.to_act(state) if s in humans), played.to_act(state)[0])
        if seat in humans:
            if hand_over and last is not None and seat != last:
                write(f"{CLEAR}Hand the keyboard to P{seat}, who presses Enter.")
                if read("") is None:
                    return InterfaceGame(tuple(moves), state, finished=False)
                write(CLEAR)
            move = _AnyTurn(played, state, seat, words, shown_on, write).ask(unseen[seat], read)
            unseen[seat] = []
            if move is None:
                return InterfaceGame(tuple(moves), state, finished=False)
            last = seat
        else:
            move = bots[seat].choose(state, seat)
        state, events = played.play(state, move)
        moves.append(move)
        for human in humans:
            told = played.events_seen(events, human, state)
            unseen[human].extend(str(played.event_data(event)["text"]) for event in told)
    write(
        "\n".join(
            row for line in unseen[min(humans) if last is None else last] for row in shown_on.wrap(line)
        )
    )
    return InterfaceGame(tuple(moves), state, finished=True)


#: What a player may type at the prompt of the platform's terminal.
HELP = """\
At the prompt, type one of:
  NUMBER        the move with that number in the list; where the line gives a
                range ("Place people at the forest: 1–5"), the number asks how
                many, or type both ("2 3")
  MOVE          a move in the notation, with or without your seat:
                "place forest 3" (the game's notation page in the docs)
  moves         all your legal moves, numbered, with what each would do
  board         the table as you see it: every player's board and what lies
                on the display
  more          the rest of what did not fit on the screen
  explain RULE  a rule's text, e.g. "explain PLACE-1"
  help          this text
  quit          save the game and leave (so does the end of the input, Ctrl-D)"""


class _AnyTurn(Turn[object]):
    """A seat's turn through the game interface."""

    def __init__(
        self, played: AnyGame, state: object, seat: int, words: TableWords, screen: Screen, write: Writer
    ) -> None:
        super().__init__(f"P{seat}", screen, write)
        self.played, self.state, self.seat, self.words = played, state, seat, words
        self.view = played.view(state, seat)
        options = played.legal(self.view, seat)
        entries = [played.legal_entry(option) for option in options]
        notations = [str(entry["notation"]).removeprefix(f"P{seat} ") for entry in entries]
        said = words.said
        self.choices = _choices(
            notations,
            [words.option(self.view, option) for option in options],
            notations if said is None else [said(self.view, option.move) for option in options],
        )

    def where(self) -> str:
        return self.words.where(self.view)

    def own(self) -> list[str]:
        return self.words.own(self.view, self.seat)

    def listed(self) -> list[str]:
        width = len(str(len(self.choices)))
        return [choice.line(number, width) for number, choice in enumerate(self.choices, 1)]

    def board(self) -> list[str]:
        return self.words.board(self.view, self.seat)

    def help(self) -> str:
        return HELP

    def rule_text(self, rule_id: str) -> str:
        return self.played.rule_text(rule_id.upper()) or f"No {self.played.title} rule {shown(rule_id)}."

    def chosen(self, text: str, read: Reader) -> object | None:
        number, _, count = text.partition(" ")
        if number.isdigit() and 1 <= int(number) <= len(self.choices):
            notation = _counted(self.choices[int(number) - 1], count or None, read, self.say)
            if notation is None:
                return None
            text = notation
        elif number.isdigit():
            self.say(
                f"No move {number}: the moves are numbered 1 to {len(self.choices)} ('moves' lists them)."
            )
            return None
        written = text if re.match(r"P\d", text) else f"P{self.seat} {text}"
        played = self.played
        try:
            move: object = played.read_move(written)
            if played.mover(move) != self.seat:
                self.say(f"At this prompt only P{self.seat} moves.")
                return None
            played.play(self.state, move)
        except IllegalMove as exc:
            self.say(f"Refused by {played.title} {exc.rule}: {exc.reason}\n{played.rule_text(exc.rule)}")
            return None
        except GameError as exc:
            self.say(f"Not a move: {exc} (type 'help' for what you can type)")
            return None
        return move


@frozen
class _Choice:
    """A line of the list of legal moves: one move, or the moves that differ only in a final
    count (``place forest 1–5``: how many is asked when it is chosen by its number)."""

    #: The notation before the count (the whole notation of a single move), without the seat.
    stem: str
    #: The counts the moves take, in order; empty for a single move.
    counts: tuple[int, ...]
    #: What each of the moves does, in words ("" where the game has nothing to say).
    does: str
    #: The move in the player's words, before the count like ``stem`` (the notation where the
    #: game has no words of its own).
    said: str

    def line(self, number: int, width: int) -> str:
        counts = f" {self.counts[0]}–{self.counts[-1]}" if self.counts else ""
        does = f"  ({self.does})" if self.does else ""
        return f"  {number:>{width}}. {self.said}{counts}{does}"


#: A notation (or a move's words) ending in a count.
_COUNT = re.compile(r"(.*) (\d+)")


def _choices(notations: list[str], does: list[str], said: list[str]) -> list[_Choice]:
    """The legal moves as the list shows them: consecutive moves whose notations (and words)
    differ only in a final count, one more each time, doing the same, on one line."""
    choices: list[_Choice] = []
    for notation, what, words in zip(notations, does, said, strict=True):
        counted, told = _COUNT.fullmatch(notation), _COUNT.fullmatch(words)
        last = choices[-1] if choices else None
        if counted is None or told is None or told[2] != counted[2]:
            choices.append(_Choice(notation, (), what, words))
        elif (
            last is not None
            and last.counts
            and (last.stem, last.said, last.does, last.counts[-1] + 1)
            == (counted[1], told[1], what, int(counted[2]))
        ):
            choices[-1] = _Choice(last.stem, (*last.counts, int(counted[2])), what, last.said)
        else:
            choices.append(_Choice(counted[1], (int(counted[2]),), what, told[1]))
    return [
        _Choice(f"{c.stem} {c.counts[0]}", (), c.does, f"{c.said} {c.counts[0]}") if len(c.counts) == 1 else c
        for c in choices
    ]


def _counted(choice: _Choice, given: str | None, read: Reader, say: Writer) -> str | None:
    """The notation of the move ``choice`` names, its count ``given`` or asked; None when
    there is no such count (told) or the input ends."""
    if not choice.counts:
        return choice.stem
    low, high = choice.counts[0], choice.counts[-1]
    count = given if given is not None else read(f"How many, {low} to {high}? ")
    if count is None:
        return None
    if not (count.strip().isdigit() and low <= int(count) <= high):
        say(f"Not a count from {low} to {high}: {shown(count.strip())}")
        return None
    return f"{choice.stem} {int(count)}"
