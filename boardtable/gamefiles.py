"""Which game a file is of: every command that takes a game's file reads the game from it.

- A **record** (a saved game too) written by ``hadara play`` or a game server names its
  game in its headers (``info.game``, :class:`~boardtable.documents.GameInfo`). One that
  does not (written before records named their game, or by a program that leaves its
  headers out) is of the first game whose reader takes it, the default game first.
- A **position** (a document of kind ``game_state``) is of the first game whose reader
  takes it, the default game first.
- A **scenario** names its game with ``game:``; one that names none is of the default game.

``--game`` given is held to the file: a file of another game is refused in one line. A
file no game reads is refused with what the game it names (or the first tried) found
wrong, naming the file. A file is YAML when its name ends in ``.yaml`` or ``.yml``, JSON
otherwise; the games read it as JSON.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from attrs import frozen

from .errors import GameError, RecordError, ScenarioError
from .games import DEFAULT, AnyGame, check_record, game, names, steps
from .reader import parse_json, parse_yaml, read_text, shown
from .scenario import ScenarioReport, load_scenario_document
from .scenario_runner import run_document

__all__ = ["YAML", "GameFile", "of_scenario", "read_game_file"]

#: The endings of a YAML file's name.
YAML = (".yaml", ".yml")
#: The kind of a position document (a record's is the other kind a file holds).
POSITION = "game_state"

_T = TypeVar("_T")
#: How a scenario of a game is run (:func:`boardtable.scenario.run_document` for that game).
Runner = Callable[[Mapping[str, object], str], ScenarioReport[Any, Any]]


@frozen
class GameFile:
    """A record or a position, read by its game."""

    #: The file's name, as given.
    path: str
    #: The game it is of.
    played: AnyGame
    #: The document as JSON text (a record as the game's readers take it).
    text: str
    #: Whether it is a position (else a record).
    position: bool
    #: A position's position; a record's options, moves and seats' names (read, not played).
    state: object = None
    options: object = None
    moves: tuple[object, ...] = ()
    names: tuple[str, ...] = ()
    #: A record's seat that resigned, where one did (the moves stop short of the game's end).
    resigned: int | None = None

    def checked(self) -> str | None:
        """The record checked whole as its game checks it (every move legal, its result block
        held to the moves; by playing the moves for a game that says nothing more); what the
        result block vouches for, in words (None without one). :class:`RecordError` naming
        the file and the first problem."""
        try:
            return check_record(self.played, self.text, self.options, self.moves)
        except GameError as exc:
            raise RecordError(f"{self.path}: {exc}") from None

    def played_to(self, at: int) -> tuple[object, tuple[object, ...]]:
        """The position after the record's first ``at`` moves, and what the last of them did;
        :class:`RecordError` naming the file and the move for one the rules refuse."""
        *_, last = self.steps(at)
        return last

    def steps(self, at: int) -> Iterator[tuple[object, tuple[object, ...]]]:
        """Each position from the first to the one after the record's first ``at`` moves, with
        what the move to it did (nothing for the first); :class:`RecordError` naming the file
        and the move for one the rules refuse."""
        try:
            yield from steps(self.played, self.options, self.moves, at)
        except RecordError as exc:
            raise RecordError(f"{self.path}: {exc}") from None


def read_game_file(path: str, given: str | None, positions: bool = False) -> GameFile:
    """The record (or, with ``positions``, the record or position) in the file ``path``, read
    by its game (see the module); ``given``: the game ``--game`` names, None when none is
    named. :class:`~boardtable.errors.RecordError` naming the file for a file no game reads,
    and for one of another game than ``given``."""
    document, text = _document(path)
    if positions and isinstance(document, Mapping) and document.get("kind") == POSITION:
        played, state = _of_game(
            path, given, _named(document), "position", lambda g: g.read_position(document)
        )
        return GameFile(path, played, text, True, state=state)
    played, (options, moves, seats) = _of_game(
        path, given, _named(document), "record", lambda g: g.read_record(text)
    )
    resigned = _read(path, played, lambda g: g.record_resigned(text))
    return GameFile(path, played, text, False, options=options, moves=moves, names=seats, resigned=resigned)


def of_scenario(path: str) -> tuple[Runner, dict[str, object]]:
    """How a scenario file's game (its ``game:``, else the default game) runs it, and its
    top-level mapping; :class:`~boardtable.errors.ScenarioError` naming the file for a game
    that is not registered."""
    document = load_scenario_document(path)
    name = document.get("game", DEFAULT)
    if not isinstance(name, str):
        raise ScenarioError(f"{path}: game: expected a game's name, found {shown(name)}")
    try:
        played = game(name)
    except GameError as exc:
        raise ScenarioError(f"{path}: game: {exc}") from None
    return functools.partial(run_document, played), document


def _document(path: str) -> tuple[object, str]:
    """The file's document (YAML or JSON by its name), and the document as JSON text."""
    text = read_text(path, RecordError)
    try:
        if Path(path).suffix not in YAML:
            return parse_json(text, RecordError), text
        document = parse_yaml(text, RecordError)
        try:
            return document, json.dumps(document, allow_nan=False)
        except ValueError:
            raise RecordError("a number is no number (nan or infinity)") from None
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def _named(document: object) -> str | None:
    """The game a record's headers name (``data.info.game``), if any."""
    data = document.get("data") if isinstance(document, Mapping) else None
    info = data.get("info") if isinstance(data, Mapping) else None
    named = info.get("game") if isinstance(info, Mapping) else None
    return named if isinstance(named, str) else None


def _of_game(
    path: str, given: str | None, named: str | None, what: str, read: Callable[[AnyGame], _T]
) -> tuple[AnyGame, _T]:
    """The game a file is of (``named``: what its headers say, if anything) and what its
    reader made of it (``read``); ``what`` the file is, for a message."""
    if named is not None:
        try:
            played = game(named)
        except GameError as exc:
            raise RecordError(f"{path}: info.game: {exc}") from None
        if given is not None and given != named:
            raise _another(path, what, played, given)
        return played, _read(path, played, read)
    tried = [given] if given is not None else list(names())
    first: GameError | None = None
    for name in tried:
        try:
            return game(name), read(game(name))
        except GameError as exc:
            first = first or exc
    if given is not None:
        for name in names():
            if name != given and _reads(game(name), read):
                raise _another(path, what, game(name), given)
    raise RecordError(f"{path}: {first}")


def _read(path: str, played: AnyGame, read: Callable[[AnyGame], _T]) -> _T:
    try:
        return read(played)
    except GameError as exc:
        raise RecordError(f"{path}: {exc}") from None


def _reads(played: AnyGame, read: Callable[[AnyGame], object]) -> bool:
    try:
        read(played)
    except GameError:
        return False
    return True


def _another(path: str, what: str, played: AnyGame, given: str) -> RecordError:
    """The refusal of a file of ``played`` when ``--game`` names another game."""
    return RecordError(
        f"--game {given}: {path} is a {played.title} {what} (leave out --game, or name {played.name})"
    )
