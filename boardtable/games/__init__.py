"""The game interface: what a game server asks of a game, and the games registered by name.

A :class:`Game` is everything ``hadara serve`` knows of one game: its name and
title, its seat counts and the JSON Schema of its match options, a new position
from options and a seed, who is to act, each seat's legal moves as wire entries,
a checked move with its events (a refusal is :class:`~boardtable.errors.IllegalMove`,
naming its rule) and whether it revealed anything (for take-backs), a seat's or
the spectator's view, documents and digests, the record of a finished game (or of
one a seat resigned), its bots and a picture. The server treats positions, moves and events as the game's
own opaque values: it stores what the game writes and hands back what the game
reads, and never imports a private module of a game (a test holds it to that).

Games are found by name (:func:`game`, :func:`names`). A game is one package and one
entry point in its distribution's metadata (group :data:`GROUP`), imported only when
first asked for; :func:`register` adds one for this process alone (a test's game), and the
environment variable :data:`ENVIRONMENT` for this process and those it starts (a test's
game played by ``hadara engine`` or ``hadara serve`` in a process of their own).

Values that reach a game from outside (a request's options, a move in notation
or as data, a stored document) are read by the game itself, which raises
:class:`~boardtable.errors.GameError` with a one-line message that shows them only
through the library's bounded renderer. Every game's errors are a
:class:`~boardtable.errors.GameError`, a refused move an :class:`~boardtable.errors.IllegalMove`
(both named here too, for a server that imports nothing else).
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Collection, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from ..errors import GameError, IllegalMove
from ..gamelist import DEFAULT, ENVIRONMENT, GROUP, MAX_SEED, REGISTERED, UnknownGame, known, names
from ..renderer import clip, label, shown
from .commands import Commands
from .hindsight import Eye, Refusal, check_record, refused, steps

__all__ = [
    "DEFAULT",
    "ENVIRONMENT",
    "GROUP",
    "MAX_SEED",
    "AnyGame",
    "Commands",
    "Decider",
    "Eye",
    "Game",
    "GameError",
    "IllegalMove",
    "Refusal",
    "UnknownGame",
    "check_record",
    "game",
    "names",
    "refused",
    "register",
    "steps",
    "unregister",
]

#: A game's match options, its positions, its moves and its events (each event kept by what it says).
C = TypeVar("C")
S = TypeVar("S")
M = TypeVar("M")
E = TypeVar("E", bound=Hashable)
#: A legal move as a seat is offered it: a hashable value that says all its wire entry says.
L = TypeVar("L", bound=Hashable)
#: What a bot decides from, and what it decides.
#: What a bot decides from, and what it decides.
_Seen = TypeVar("_Seen", contravariant=True)
_Chosen = TypeVar("_Chosen", covariant=True)


class Decider(Protocol[_Seen, _Chosen]):
    """A bot of a game, deciding for one seat from the position (or the seat's view)."""

    def choose(self, state: _Seen, seat: int) -> _Chosen:
        """One of ``seat``'s legal moves in ``state``."""
        ...


class Game(ABC, Generic[C, S, M, E, L]):
    """One game as a server plays it (see the module). Every method is pure: the same
    arguments give the same answer, in any process."""

    #: The name it is registered under, in URLs and requests (``"hadara"``).
    name: str
    #: The name players know it by (``"Hadara"``).
    title: str
    #: The fewest and the most seats a match of it has.
    seats: tuple[int, int]
    #: The bot that plays a person's seat while the person is away (left, or out of time).
    stand_in: str = "greedy"
    #: The bots that think for as long as they are given (the others answer at once).
    searching: tuple[str, ...] = ()

    # ------------------------------------------------------------------ options

    @abstractmethod
    def options_schema(self) -> Mapping[str, object]:
        """The JSON Schema of a match's options (the fields a new match may give beside its seats)."""

    @abstractmethod
    def read_options(self, document: Mapping[str, object], players: int, seed: int) -> C:
        """The options of a new match of ``players`` seats from the fields of a request
        (those of :meth:`options_schema`, every other field left out by the caller);
        :class:`~boardtable.errors.GameError` with a one-line message for a bad one."""

    @abstractmethod
    def reseeded(self, options: C, seed: int) -> C:
        """The same options with another seed (a rematch's)."""

    @abstractmethod
    def seed(self, options: C) -> int:
        """The seed the options deal the game from."""

    @abstractmethod
    def options_data(self, options: C) -> dict[str, object]:
        """What anyone may know of a match's options, as JSON data (a summary's fields)."""

    @abstractmethod
    def options_text(self, options: C) -> str:
        """The options as the store keeps them (JSON text)."""

    @abstractmethod
    def read_stored_options(self, text: str) -> C:
        """Options as :meth:`options_text` wrote them."""

    # ------------------------------------------------------------------ the position

    @abstractmethod
    def new(self, options: C) -> S:
        """The position a match with these options starts from."""

    @abstractmethod
    def ply(self, state: S) -> int:
        """The number of moves played to reach ``state``."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats to act (several in a simultaneous round), none once the game is over."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def winners(self, state: S) -> tuple[int, ...]:
        """The seats that won a finished game."""

    def winners_among(self, state: S, seats: Collection[int]) -> tuple[int, ...]:
        """The seats of ``seats`` that win ``state`` if the game ends there among them alone, by
        the game's rules as the position stands: the winners when a seat resigns are those of
        the others (DESIGN "Ending a match"). By default those with the highest
        :meth:`totals`, sharing a tie: a game with a tie-break says it here."""
        totals = self.totals(state)
        best = max((totals[seat] for seat in seats), default=None)
        return tuple(seat for seat in sorted(seats) if totals[seat] == best)

    @abstractmethod
    def digest(self, state: S) -> str:
        """The position's digest: the same in every process, different for any other position."""

    # ------------------------------------------------------------------ moves

    @abstractmethod
    def read_move(self, given: object) -> M:
        """A move from a request: its notation, or its data; :class:`~boardtable.errors.GameError`
        with a one-line message for anything else."""

    @abstractmethod
    def move_data(self, move: M) -> dict[str, object]:
        """A move as data (what :meth:`read_move` reads back; an engine is sent it)."""

    @abstractmethod
    def moves(self, view: S, seat: int) -> tuple[M, ...]:
        """The legal moves of ``seat``, from the position or its own view (what a bot or an
        engine chooses from)."""

    @abstractmethod
    def refusal(self, view: S, move: M) -> IllegalMove | None:
        """Why the rules refuse ``move`` in ``view`` (the position or its mover's own view),
        naming its rule; None for a legal move."""

    @abstractmethod
    def mover(self, move: M) -> int:
        """The seat that makes ``move``."""

    @abstractmethod
    def move_text(self, move: M) -> str:
        """The move as the store keeps it (JSON text)."""

    @abstractmethod
    def read_stored_move(self, text: str) -> M:
        """A move as :meth:`move_text` wrote it."""

    @abstractmethod
    def play(self, state: S, move: M) -> tuple[S, tuple[E, ...]]:
        """The position after ``move`` and every automatic step after it, with what happened;
        :class:`~boardtable.errors.IllegalMove` (naming its rule) for a move the rules refuse."""

    @abstractmethod
    def reveals(self, before: S, after: S) -> bool:
        """Whether going from ``before`` to ``after`` (a move with its automatic steps) showed any
        seat, or the spectator, something it had not seen (a card drawn or turned, a colony's
        back, a roll): a move that did can never be taken back, since no view may unlearn it."""

    # ------------------------------------------------------------------ what a seat is shown

    @abstractmethod
    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` may see of ``state`` (None: what every seat may see); a seat's own
        view is what it sees already."""

    @abstractmethod
    def position_data(self, view: S) -> dict[str, object]:
        """A view as a document (the whole envelope the game's documents have)."""

    @abstractmethod
    def read_position(self, document: object) -> S:
        """A position or view as :meth:`position_data` wrote it (an engine reads its seat's
        view back); :class:`~boardtable.errors.GameError` with a one-line message for anything else,
        and for a position no game could be in the game's
        :class:`~boardtable.errors.Inconsistent`, naming the document's field and the rule the
        position breaks (how an editor asks whether a position is possible)."""

    @abstractmethod
    def legal(self, view: S, seat: int) -> tuple[L, ...]:
        """The legal moves of ``seat`` as it is offered them, from its own view."""

    @abstractmethod
    def legal_entry(self, option: L) -> dict[str, object]:
        """A legal move's wire entry: ``move`` (its data), ``notation`` and ``preview``; where the
        game says its moves in words, ``text``: the move as its player would say it."""

    @abstractmethod
    def events_seen(self, events: tuple[E, ...], seat: int | None, state: S) -> tuple[E, ...]:
        """``events`` as ``seat`` sees them (None: the spectator), in a match at ``state``."""

    @abstractmethod
    def event_data(self, event: E) -> dict[str, object]:
        """An event as data, with its ``text``."""

    @abstractmethod
    def picture(self, view: S) -> str:
        """A view drawn as SVG."""

    def told(self, events: tuple[E, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """``events`` in a player's words as lines, each with the IDs of the rules behind it (a
        page links them); by default a line per event: the text of :meth:`event_data` without
        the rule it ends with, and that rule."""
        lines: list[tuple[str, tuple[str, ...]]] = []
        for event in events:
            data = self.event_data(event)
            text, rule = str(data.get("text", "")), data.get("rule")
            ruled = isinstance(rule, str) and bool(rule)
            lines.append((text.removesuffix(f" ({rule})"), (str(rule),)) if ruled else (text, ()))
        return tuple(lines)

    def picture_parts(self, view: S) -> tuple[tuple[str, str], ...]:
        """The picture of :meth:`picture` in parts, for a page that lays them out itself: each
        part's name (``"P0"`` for a seat's board, the others the game's own) and its SVG, a
        whole document; by default one part, ``"table"``, the whole picture."""
        return (("table", self.picture(view)),)

    def stage(self, state: S) -> tuple[tuple[str, str], ...]:
        """Where ``state`` stands in the game's own words, coarsest first, as pairs of a name and
        a value (``(("round", "2"), ("phase", "act"))``), to name a position by (the pictures of
        the docs); by default none, a position then named by its number of decisions alone."""
        return ()

    def score_sheet(self) -> tuple[tuple[str, str], ...]:
        """The lines of a seat's score sheet, in the sheet's order, each as its key (the field of
        a seat's sheet in the result block of the game's record) and its name as a player reads
        it; the line of :meth:`totals` keyed ``"total"``. By default that line alone, named
        ``"total"`` (``GET /api/games`` gives them: a table draws the sheet by them)."""
        return (("total", "total"),)

    def score_lines(self, state: S) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The lines of the seats' score sheets as a player names them, each with its value for
        every seat in seat order, the line of :meth:`totals` named ``"total"``; by default that
        line alone."""
        return (("total", self.totals(state)),)

    @abstractmethod
    def rule(self, rule_id: str) -> dict[str, object] | None:
        """A rule of the game's digest by ID (any case) as data; None for an unknown ID."""

    @abstractmethod
    def rule_text(self, rule_id: str) -> str:
        """A rule's full text, for a refusal ("" for an unknown ID)."""

    # ------------------------------------------------------------------ records and bots

    @abstractmethod
    def record(
        self,
        options: C,
        moves: Sequence[M],
        state: S,
        names: Sequence[str],
        notes: str,
        resigned: int | None = None,
    ) -> str:
        """The record of a game (JSON) with the seats' names and ``notes`` (where it was
        played), and its result block once it is over, or once the seat ``resigned`` conceded
        at ``state``: the block then says so, its winners those of :meth:`winners_among` the
        others, and the record's check takes moves that do not reach the game's end."""

    @abstractmethod
    def record_resigned(self, text: str) -> int | None:
        """The seat whose resignation ended the game of a record as :meth:`record` writes it
        (its result block says so); None for a record that says none.
        :class:`~boardtable.errors.RecordError` for any other text."""

    @abstractmethod
    def read_record(self, text: str) -> tuple[C, tuple[M, ...], tuple[str, ...]]:
        """The options, the moves and the seats' names of a record as :meth:`record` writes
        it; :class:`~boardtable.errors.RecordError` for any other text (the moves are read, not
        played: whoever goes on plays them)."""

    @abstractmethod
    def totals(self, state: S) -> tuple[int, ...]:
        """Each seat's score, in seat order: the final score of a finished game."""

    @abstractmethod
    def bot_names(self) -> tuple[str, ...]:
        """The bots that may play a seat."""

    @abstractmethod
    def bot_description(self, name: str) -> str:
        """What the bot ``name`` (one of :meth:`bot_names`) does, in one line (``GET /api/games``
        says it beside the bot's name)."""

    @abstractmethod
    def bot(self, name: str, seed: str, seconds: float) -> Decider[S, M]:
        """A bot by name, seeded by ``seed``, thinking at most ``seconds`` per decision."""

    @abstractmethod
    def catalogue(self) -> dict[str, object]:
        """Every component of the game as JSON data (what a table needs to show the ids a
        view names), with the catalogue's digest and which numbers are provisional; it tells
        a seat nothing its view hides (no entry links a hidden component to one it sees)."""

    # ------------------------------------------------------------------ the web table

    def web_folder(self) -> Path | None:
        """The folder of the game's own part of the web table, served at ``/games/NAME/``:
        its ``game.js``, a JavaScript module whose default export is the table's hooks of the
        game (its moves and picture in words; its score sheet's lines are :meth:`score_sheet`'s),
        and the files it loads; None (the default) for a game without one, whose table shows its
        picture and its legal moves as a list."""
        return None

    # ------------------------------------------------------------------ the command line

    def commands(self) -> Commands:
        """What the ``hadara`` command asks of the game beside this interface: its words, its
        terminal, its rule index, its scenarios, its schemas, its options on the command line
        (:class:`~boardtable.games.commands.Commands`); none, by default: the command plays,
        replays and draws the game through this interface alone."""
        return Commands()


#: A game of any types, as a server holds games: their positions, moves and events are opaque
#: to it (it hands back to a game only what that game made).
AnyGame = Game[Any, Any, Any, Any, Any]

#: The games imported so far, by where they are (``module:attribute``).
_LOADED: dict[str, AnyGame] = {}


def register(name: str, where: str | AnyGame) -> None:
    """Register a game in this process: its :class:`Game`, or where it is (``module:attribute``,
    imported when first asked for). A distribution registers its games by entry point
    instead (:data:`GROUP`); this is for a game no distribution ships (a test's)."""
    REGISTERED[name] = where


def unregister(name: str) -> None:
    """Forget a game :func:`register` registered."""
    REGISTERED.pop(name, None)


def game(name: str) -> AnyGame:
    """The game registered as ``name``; :class:`UnknownGame` for any other name."""
    where = known().get(name)
    if where is None:
        raise UnknownGame(f"there is no game {label(name)} (the games are {', '.join(names())})")
    if not isinstance(where, str):
        return _checked(name, where)
    found = _LOADED.get(where)
    if found is None:
        module, _, attribute = where.partition(":")
        try:
            loaded = getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError) as exc:
            raise GameError(f"the game {label(name)} is not at {shown(where)}: {clip(str(exc))}") from exc
        found = _LOADED[where] = _checked(name, loaded)
    return found


def _checked(name: str, found: object) -> AnyGame:
    """``found``, the game registered as ``name``, if it is a :class:`Game`."""
    if not isinstance(found, Game):
        raise GameError(f"the game {label(name)} is not a Game but of type {type(found).__name__}")
    return found
