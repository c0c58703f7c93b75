"""Hadara's own errors. Nothing else escapes the public API on bad input.

Each is a :class:`HadaraError` and the platform's error of the same name
(:mod:`boardtable.errors`), so that the platform catches Hadara's errors as it catches
any game's.
"""

from __future__ import annotations

from boardtable import errors


class HadaraError(errors.GameError):
    """Base class of every error this library raises on purpose."""


class IllegalMove(HadaraError, errors.IllegalMove):
    """A move that breaks a rule; ``rule`` is its ID in the rules digest."""


class CatalogueError(HadaraError, errors.CatalogueError):
    """A component file that is missing, malformed or breaks a structural fact."""


class RecordError(HadaraError, errors.RecordError):
    """A serialized document or game record that cannot be loaded or replayed."""


class Inconsistent(RecordError, errors.Inconsistent):
    """A position no game could be in: ``field`` names the document's field
    (``$.data.players[1].coins``), ``rule`` the rule ID the position breaks (None where it
    breaks only the document's structure)."""


class ScenarioError(HadaraError, errors.ScenarioError):
    """A scenario file that is malformed or names unknown components."""


class ConfigError(HadaraError, errors.ConfigError):
    """A game configuration that breaks SETUP-1 or SETUP-2 (player count, board order)."""


class NotationError(HadaraError, errors.NotationError):
    """A text that is no move in the move notation (docs/notation.md); the message names the bad word."""
