"""What the ``hadara`` command asks of a game beside its :class:`~boardtable.games.Game`
interface: the game's companion for the command line (:meth:`Game.commands
<boardtable.games.Game.commands>`).

A game that says nothing more is played, replayed and drawn through its interface alone:
its moves and events in the words of the interface, the platform's terminal loop
(:mod:`boardtable.terminal`), each seat named ``P0``, ``P1`` …. A :class:`Commands` adds
what is the game's own: its words for a turn's screen and for a position
(:class:`TableWords`), a terminal of its own, the log of a game of bots, the check of a
record's result block, its rule index, its scenarios, its document schemas and the options
``hadara play`` and ``hadara arena`` take for it (:class:`CommandOption`).

Nothing here imports the game interface, which names this module (the types it names are
for the type checker alone).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from attrs import frozen

from ..prompt import Reader, Writer
from ..rulebook import RuleEntry
from ..scenario import ScenarioRules
from ..schema import Schemas
from ..screen import Screen

if TYPE_CHECKING:
    from . import Decider

__all__ = ["CommandOption", "Commands", "Outcome", "PlayLog", "TableWords", "Terminal"]


@frozen
class TableWords:
    """What a game's turn screen says, each from a seat's view (the game's own words; a game
    without them shows its moves and their previews alone)."""

    #: Where the game stands, for the turn's heading.
    where: Callable[[Any], str] = lambda view: ""
    #: The seat's own board in a few lines.
    own: Callable[[Any, int], list[str]] = lambda view, seat: []
    #: The whole table as the seat sees it (the ``board`` command; ``hadara replay`` shows the
    #: whole position so, given it and seat 0).
    board: Callable[[Any, int], list[str]] = lambda view, seat: []
    #: What a legal move does, in the list of moves (given the view and the move's preview).
    option: Callable[[Any, Any], str] = lambda view, option: str(option)
    #: The score sheets of a finished game, as a table.
    score: Callable[[Any], str] = lambda final: ""
    #: A legal move in the player's words (given the view and the move), its count last where
    #: moves differ only in a count ("Place people at the forest: 3"); None: its notation.
    said: Callable[[Any, Any], str] | None = None


class Outcome(Protocol):
    """A game played at the terminal: the moves made (those of a game resumed first), the
    last position, and whether the game ended (False: the people left it)."""

    @property
    def moves(self) -> Sequence[object]: ...
    @property
    def final(self) -> object: ...
    @property
    def finished(self) -> bool: ...


class Terminal(Protocol):
    """A game's own way of playing at the terminal."""

    def __call__(
        self,
        options: Any,
        humans: Collection[int],
        bots: Mapping[int, Decider[Any, Any]],
        read: Reader,
        write: Writer,
        hand_over: bool,
        screen: Screen,
        made: Sequence[Any],
    ) -> Outcome:
        """Play a game of ``options``: people at ``humans`` (reading their lines with ``read``,
        showing them what they may see on ``screen`` through ``write``; ``hand_over``: hot seat,
        the screen cleared between two people's turns), ``bots[seat]`` at the other seats. The
        moves ``made`` (a game resumed, each legal) are made again first, each bot choosing its
        own again so that it goes on as it would have without the break."""
        ...


class PlayLog(Protocol):
    """The log ``hadara play`` prints of a game of bots."""

    def opening(self) -> list[str]:
        """The lines before the first move."""
        ...

    def lines(self, events: Sequence[Any]) -> list[str]:
        """The lines of one move's events (fed every move's, in order)."""
        ...


@frozen
class CommandOption:
    """An option of a game's matches that ``hadara play`` and ``hadara arena`` take on the
    command line: ``--KEY`` (its ``_`` written ``-``) sets the field ``KEY`` of the options
    document the game reads (:meth:`~boardtable.games.Game.read_options`, which checks it)."""

    #: The field of the options document it sets (a property of the options schema).
    key: str
    #: What it does, for the command's help.
    help: str
    #: Its value from the text given, as the options document holds it;
    #: :class:`argparse.ArgumentTypeError` with a one-line message for text it cannot be.
    #: None: a flag, which sets True.
    read: Callable[[str], object] | None = None
    #: What the help writes for its value.
    metavar: str | None = None
    #: Whether its value holds one item per seat: given without ``--players``, their number
    #: is the number of players.
    per_seat: bool = False

    @property
    def flag(self) -> str:
        """The option as it is typed: ``--KEY``, its ``_`` written ``-``."""
        return "--" + self.key.replace("_", "-")


def _seat_name(state: object, seat: int) -> str:
    return f"P{seat}"


def _no_rules() -> Mapping[str, RuleEntry]:
    return {}


@frozen
class Commands:
    """What the ``hadara`` command asks of a game beside its interface (see the module); every
    field left out is answered through the interface alone."""

    #: What the game's screens say: a turn's (the platform's terminal), a position's
    #: (``hadara replay``), the score sheets of a finished game, where a game was left.
    words: TableWords = TableWords()
    #: The game's own terminal; None: the platform's (:mod:`boardtable.terminal`) with :attr:`words`.
    terminal: Terminal | None = None
    #: The log of a game of bots, from its first position; None: each event's text, a line each.
    log: Callable[[Any], PlayLog] | None = None
    #: One move's events in lines for players (``hadara replay``); None: each event's text.
    told: Callable[[Sequence[Any]], list[str]] | None = None
    #: The position after a move, the move checked as :meth:`~boardtable.games.Game.play`
    #: checks it, without its events (where the game makes them only when asked, a game of
    #: bots in a tournament is played faster); None: :meth:`~boardtable.games.Game.play`.
    after: Callable[[Any, Any], Any] | None = None
    #: A seat's name in a position, as a winner is named (``P0``, or more where the game says more).
    seat_name: Callable[[Any, int], str] = _seat_name
    #: The game's rule index by rule ID (``hadara rules``, ``hadara explain``).
    rules: Callable[[], Mapping[str, RuleEntry]] = _no_rules
    #: A record (JSON, as :meth:`~boardtable.games.Game.record` writes it) checked whole as
    #: the game checks it: every move legal and its result block held to the moves, else
    #: :class:`~boardtable.errors.RecordError` naming the first difference; what the result
    #: block vouches for in words (``its moves and position digest 1a2b…``), None for a
    #: record without one. None: the moves are checked by playing them.
    checked: Callable[[str], str | None] | None = None
    #: The game's own part of its scenarios (:class:`~boardtable.scenario.ScenarioRules`: its
    #: ``given:`` and its own expectations); None: its scenarios start from a ``position:`` or a
    #: ``config:`` and expect only what every game's may (:mod:`boardtable.scenario`).
    scenario: ScenarioRules | None = None
    #: The game's document schemas (``hadara schema``); None: it has none.
    schemas: Schemas | None = None
    #: The options of its matches ``hadara play`` and ``hadara arena`` take.
    options: tuple[CommandOption, ...] = ()
