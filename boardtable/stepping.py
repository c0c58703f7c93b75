"""``hadara replay FILE --step``: a record stepped through at the terminal, move by move, in
the game's words, as one seat, the spectator or (once the game is over) the whole table sees
it.

Each step shows the move just played with what it did (:func:`boardtable.reviewing.told`),
the position (:attr:`TableWords.board <boardtable.games.commands.TableWords.board>`) and
whose turn it is. What a step shows is what its eye may see (:class:`~boardtable.games.Eye`): a seat's view
(:meth:`Game.view <boardtable.games.Game.view>`) and the events as it sees them, another
seat's move named without its notation (which may name a hidden card); the whole position
only once the game is over (``INFO-1``: a seat sees only its view).
"""

from __future__ import annotations

from .gamefiles import GameFile
from .games import AnyGame, Eye
from .prompt import Reader, Writer
from .reader import shown
from .screen import counted

__all__ = ["Eye", "eye_of", "step", "told", "turn_line"]

#: What ``help`` says while stepping.
HELP = """\
  next (or Enter)  the next move          back       the move before
  goto N           the position after N moves
  first, last      the first position, the last
  as SEAT          the position as seat SEAT sees it (as spectator: what every seat sees;
                   as all: the whole position, once the game is over)
  help             this list              quit       stop (so does the end of the input)"""


def told(played: AnyGame, events: tuple[object, ...]) -> list[str]:
    """One move's events in lines for players: in the game's words, or each event's text."""
    tell = played.commands().told
    if tell is not None:
        return tell(events)
    return [str(played.event_data(event)["text"]) for event in events]


def eye_of(text: str, players: int, whole: bool, why_not: str) -> Eye | str:
    """The eye ``as TEXT`` names: a seat number (``0`` or ``P0``), ``spectator``, or ``all``
    where ``whole`` allows it; else the one line that says why not (``why_not``: why the
    whole position may not be shown)."""
    word = text.strip().lower()
    if word == "all":
        return Eye(whole=True) if whole else f"as all: {why_not}"
    if word == "spectator":
        return Eye()
    number = word.removeprefix("p")
    if number.isascii() and number.isdigit() and len(number) <= 2 and int(number) < players:
        return Eye(int(number))
    return f"as {shown(text)}: name a seat 0 to {players - 1}, spectator or all"


def turn_line(played: AnyGame, state: object) -> str:
    """Whose turn it is, or that the game is over."""
    if played.is_over(state):
        return "The game is over."
    name = played.commands().seat_name
    return "To act: " + ", ".join(name(state, seat) for seat in played.to_act(state)) + "."


class _Stepper:
    """A record's positions and where the stepping stands."""

    def __init__(self, record: GameFile, at: int, write: Writer) -> None:
        self.record, self.played, self.write = record, record.played, write
        self.steps = list(record.steps(len(record.moves)))
        self.at = at
        final = self.steps[-1][0]
        #: Whether the record's game is over, so that the whole position may be shown.
        self.over = self.played.is_over(final) or record.resigned is not None
        self.eye = Eye(whole=self.over)

    def show(self) -> None:
        """The position after :attr:`at` moves, the move that led there first."""
        played, (state, events) = self.played, self.steps[self.at]
        total = len(self.record.moves)
        lines = [f"After {self.at} of {total} moves, as {self.eye}:"]
        if self.at:
            move = self.record.moves[self.at - 1]
            mover = played.mover(move)
            name = played.commands().seat_name(state, mover)
            said = f"{move}" if self.eye.whole or self.eye.seat == mover else f"a move of {name}"
            lines.append(f"Move {self.at}: {said}")
            before = self.steps[self.at - 1][0]
            lines += [f"  {line}" for line in told(played, self.eye.seen(played, events, before))]
        lines += self.eye.board(played, state)
        lines.append(turn_line(played, state))
        if played.is_over(state):
            lines.append(played.commands().words.score(state))
        self.write("\n".join(line for line in lines if line))

    def go(self, at: int) -> None:
        self.at = at
        self.show()

    def command(self, text: str) -> bool:
        """Do what a typed line says; False to stop."""
        word, _, rest = text.strip().partition(" ")
        word, rest = word.lower(), rest.strip()
        last = len(self.record.moves)
        if word in ("", "next", "n"):
            if self.at == last:
                self.write(f"That was the last move ({counted(last, 'move')}).")
            else:
                self.go(self.at + 1)
        elif word in ("back", "b"):
            if self.at == 0:
                self.write("This is the first position.")
            else:
                self.go(self.at - 1)
        elif word in ("first", "last"):
            self.go(0 if word == "first" else last)
        elif word == "goto":
            if rest.isascii() and rest.isdigit() and int(rest) <= last:
                self.go(int(rest))
            else:
                self.write(f"goto {shown(rest)}: name a number of moves, 0 to {last}.")
        elif word == "as":
            players = len(self.played.totals(self.steps[0][0]))
            eye = eye_of(rest, players, self.over, "the game is not over, and it shows every hidden card")
            if isinstance(eye, str):
                self.write(eye)
            else:
                self.eye = eye
                self.show()
        elif word == "help":
            self.write(HELP)
        elif word == "quit":
            return False
        else:
            self.write(f"{shown(text.strip())}: not a command here; 'help' lists them.")
        return True


def step(record: GameFile, at: int, read: Reader, write: Writer) -> None:
    """Step through ``record`` (checked already) from the position after ``at`` moves, reading
    commands with ``read`` until ``quit`` or the end of the input."""
    stepper = _Stepper(record, at, write)
    write("Stepping through the record: Enter for the next move, 'help' for the commands.")
    stepper.show()
    while True:
        text = read("replay> ")
        if text is None or not stepper.command(text):
            return
