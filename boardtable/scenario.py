"""Scenarios of every game: the file's reading and the report of a run.

A scenario is a rule dispute written down: a position, moves and what the rules say of
them. Each game reads its own scenario format and runs it; the platform reads the file
(:func:`load_scenario_document`: YAML through the strict reader) and holds what a run found
(:class:`ScenarioReport`), so that ``hadara check`` reports every game's scenarios alike.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Generic, TypeVar

from attrs import field, frozen

from . import reader
from .errors import ScenarioError
from .reader import shown

__all__ = ["ScenarioReport", "load_scenario_document"]

_State = TypeVar("_State")
_Told = TypeVar("_Told", bound=Iterable[object])


def load_scenario_document(
    path: str | os.PathLike[str], error: type[ScenarioError] = ScenarioError
) -> dict[str, object]:
    """A scenario file's top-level mapping, read by the strict reader (YAML, safe loader
    only); ``error`` (the game's scenario error) naming the file for anything else."""
    name = os.fspath(path)

    def failed(message: str) -> ScenarioError:
        return error(f"{name}: {message}")

    document = reader.parse_yaml(reader.read_text(path, error), failed)
    if not isinstance(document, dict):
        raise failed(f"top level: expected a mapping, found {shown(document)}")
    return document


@frozen
class ScenarioReport(Generic[_State, _Told]):
    """What running one scenario of any game found (each game's result adds where its
    position stands, in its own words)."""

    path: str
    title: str
    failures: tuple[str, ...]
    #: The position after the moves (after the refused move, for ``illegal``).
    state: _State
    #: The rule IDs the scenario cites.
    rules: tuple[str, ...] = field(default=())
    #: What happened, step by step: each move played (headed by its number and notation)
    #: with what it did, after what the game did on its own before the first (Hadara's
    #: automatic steps after ``given``, headed ``"given"``).
    log: tuple[tuple[str, _Told], ...] = field(default=())

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
