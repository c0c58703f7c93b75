"""Scenarios of every game: one format (DESIGN "Scenarios").

A scenario is a rule dispute written down: a position, moves and what the rules say of
them. The platform reads the file (:func:`load_scenario_document`: YAML through the strict
reader; JSON is YAML) and the keys every game's scenarios share, and runs it through the game
interface (:mod:`boardtable.scenario_runner`); a game adds only its own part
(:class:`ScenarioRules`, on its companion's
:attr:`~boardtable.games.commands.Commands.scenario`) and its words for the report
(:class:`ScenarioReport`).

The keys every game reads alike:

- ``scenario``: the format version (:data:`FORMAT_VERSION`); ``game``: the registered game's
  name (none: the default game); ``title``, ``notes``: free text; ``rules``: the rule IDs the
  scenario is about, each one of the game's rule index.
- where it starts: ``position``, a whole position document as
  :meth:`Game.position_data <boardtable.games.Game.position_data>` writes it, read back by
  :meth:`Game.read_position <boardtable.games.Game.read_position>` (which runs the game's
  consistency check); or the game's own keys (``config``, ``given`` and the like, read by its
  :attr:`ScenarioRules.start`); a game without a part of its own starts from ``config:
  {players, seed, OPTION: …}`` (:meth:`Game.read_options <boardtable.games.Game.read_options>`).
- ``moves``: each as data (:meth:`Game.move_data <boardtable.games.Game.move_data>`) or in
  the game's notation, read by :meth:`Game.read_move <boardtable.games.Game.read_move>`.
- ``expect``, checked after the moves: ``illegal: {move, rule}`` (that move is refused for
  that rule, and refusing it changes nothing: the position's digest and document are the
  same before and after; the moves after it are not played), ``to_act``, ``over``,
  ``winners``, ``legal_count`` (``{seat: n}``), ``digest``; beside them the game's own
  (:attr:`ScenarioRules.expect`). A scenario expects something.

A malformed file is the game's :class:`~boardtable.errors.ScenarioError` naming the file and
the field; a failed expectation is no error but a line of :attr:`ScenarioReport.failures`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, NewType, NoReturn, TypeVar

import attrs
import cattrs
from attrs import field, frozen

from . import reader
from .errors import ScenarioError
from .reader import Refusal, shown

__all__ = [
    "FORMAT_VERSION",
    "Expect",
    "Illegal",
    "ScenarioReport",
    "ScenarioRules",
    "Seat",
    "Source",
    "converter",
    "load_scenario_document",
]

#: The version of the scenario format (the ``scenario:`` key).
FORMAT_VERSION = 1

#: A seat number (0 is the first seat), written ``0`` or ``"0"`` as a key.
Seat = NewType("Seat", int)

_State = TypeVar("_State")
_Told = TypeVar("_Told", bound=Iterable[object])


def load_scenario_document(
    path: str | os.PathLike[str], error: type[ScenarioError] = ScenarioError
) -> dict[str, object]:
    """A scenario file's top-level mapping, read by the strict reader (YAML, safe loader
    only; JSON is YAML); ``error`` (the game's scenario error) naming the file for anything else."""
    name = os.fspath(path)

    def failed(message: str) -> ScenarioError:
        return error(f"{name}: {message}")

    document = reader.parse_yaml(reader.read_text(path, error), failed)
    if not isinstance(document, dict):
        raise failed(f"top level: expected a mapping, found {shown(document)}")
    return document


class Source:
    """Where a scenario comes from: every error names it, as the game's error class."""

    def __init__(self, name: str, error: type[ScenarioError] = ScenarioError) -> None:
        self.name = name
        self.kind = error

    def error(self, message: str) -> ScenarioError:
        """The error for ``message``, naming the scenario."""
        return self.kind(f"{self.name}: {message}")

    def fail(self, where: str, problem: str) -> NoReturn:
        """Refuse the scenario: ``problem`` at the field ``where``."""
        raise self.error(f"{where}: {problem}")

    def no_seat(self, where: str, seat: int, players: int) -> None:
        """Refuse a seat ``where`` names that a game of ``players`` seats lacks."""
        if not 0 <= seat < players:
            self.fail(where, f"no player {seat} in a {players}-player game (seats are 0 to {players - 1})")


@frozen
class ScenarioReport(Generic[_State, _Told]):
    """What running one scenario of any game found (a game's report adds where its position
    stands and what its events say, in its own words)."""

    path: str
    title: str
    failures: tuple[str, ...]
    #: The position after the moves (before the refused move, for ``illegal``).
    state: _State
    #: The rule IDs the scenario cites.
    rules: tuple[str, ...] = field(default=())
    #: What happened, step by step: what the game did on its own to settle the position it
    #: starts from (headed ``"given"``), then each move played (headed by its number and
    #: notation) with its events.
    log: tuple[tuple[str, _Told], ...] = field(default=())
    #: The move the rules refused, which ends the moves played: its heading (its number and
    #: notation) and its refusal in a line (``refused by RULE: reason``); None when none was.
    refused: tuple[str, str] | None = field(default=None)

    @property
    def passed(self) -> bool:
        """True when every expectation held."""
        return not self.failures

    @property
    def standing(self) -> str:
        """Where the position stands after the moves, in the game's words (each game's report
        says; ``hadara check`` prints it under a failed scenario)."""
        return ""

    def lines(self, told: _Told) -> list[str]:
        """What one step of :attr:`log` did, in lines for players: each thing told, in its
        own words (a game whose steps read otherwise says how)."""
        return [str(item) for item in told]


#: A game's own expectations, read: the failures of a position, a line each.
Check = Callable[[Any], list[str]]


@frozen
class ScenarioRules:
    """A game's own part of its scenarios (:attr:`Commands.scenario
    <boardtable.games.commands.Commands.scenario>`): the keys it reads beside the platform's,
    the position they state and the expectations they add."""

    #: The record (an attrs class) of its own top-level keys (``config``, ``given`` …): those
    #: :attr:`start` reads.
    own: type[Any]
    #: The position its keys state (given those present, never none), with what the game did
    #: on its own to settle it (its events); the source's error for a bad one.
    start: Callable[[Mapping[str, object], Source], tuple[Any, tuple[object, ...]]]
    #: The record of its own keys of ``expect``: those :attr:`expect` reads.
    expected: type[Any]
    #: Its expectations (those of its keys present) read for a game of so many seats: their
    #: check of a position; None when they state nothing.
    expect: Callable[[Mapping[str, object], Source, int], Check | None]
    #: Its report of a run (a :class:`ScenarioReport` that says where its position stands).
    report: type[ScenarioReport[Any, Any]] = ScenarioReport
    #: Its scenario error (a :class:`~boardtable.errors.ScenarioError`).
    error: type[ScenarioError] = ScenarioError

    @property
    def keys(self) -> frozenset[str]:
        """Its own top-level keys."""
        return frozenset(attrs.fields_dict(self.own))

    @property
    def expect_keys(self) -> frozenset[str]:
        """Its own keys of ``expect``."""
        return frozenset(attrs.fields_dict(self.expected))


# --------------------------------------------------------------------------- the document


@frozen
class Illegal:
    """Move ``move`` (counted from 0) must be refused under ``rule``."""

    move: int
    rule: str


@frozen(kw_only=True, slots=False)
class Expect:
    """What every game's scenario may expect after its moves (without slots: a game's schema
    describes its own expectations as a class that derives from this one and its own)."""

    illegal: Illegal | None = None
    to_act: tuple[Seat, ...] | None = None
    over: bool | None = None
    winners: tuple[Seat, ...] | None = None
    #: How many legal moves each of these seats has.
    legal_count: dict[Seat, int] | None = None
    #: The position's digest (:meth:`Game.digest <boardtable.games.Game.digest>`).
    digest: str | None = None


def _seat(value: object, _: object) -> int:
    if type(value) is str and re.fullmatch(r"[0-9]{1,2}", value):
        value = int(value)
    if type(value) is not int:
        raise Refusal(f"expected a seat number, found {shown(value)}")
    if value < 0:
        raise Refusal(f"seats are numbered from 0, not {shown(value)}")
    return value


def converter(conv: cattrs.Converter | None = None) -> cattrs.Converter:
    """The strict reader's converter (``conv``, else a new one) that reads a :data:`Seat` as a
    scenario writes it (``0`` or ``"0"``)."""
    conv = reader.converter() if conv is None else conv
    conv.register_structure_hook(Seat, _seat)
    return conv
