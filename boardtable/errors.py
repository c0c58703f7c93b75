"""The errors of the platform and of every game on it.

Every error a game or the platform raises on purpose is a :class:`GameError`; a move the
rules refuse is an :class:`IllegalMove` naming its rule ID. A game derives its own
classes from these (a game's own ``GameError`` is a :class:`GameError`, its ``IllegalMove``
both a ``GameError`` and an :class:`IllegalMove`), so that the
platform catches any game's errors by these names and a game's users catch its own.
"""

from __future__ import annotations


class GameError(Exception):
    """Base class of every error the platform and its games raise on purpose."""


class IllegalMove(GameError):
    """A move that breaks a rule; ``rule`` is its ID in the game's rules digest."""

    def __init__(self, rule: str, reason: str) -> None:
        if not (isinstance(rule, str) and rule and isinstance(reason, str) and reason):
            raise ValueError("an IllegalMove names a rule ID and gives a reason")
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IllegalMove) and (self.rule, self.reason) == (other.rule, other.reason)

    def __hash__(self) -> int:
        return hash((self.rule, self.reason))

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[str, str]]:
        return (type(self), (self.rule, self.reason))


class CatalogueError(GameError):
    """A component file that is missing, malformed or breaks a structural fact."""


class RecordError(GameError):
    """A serialized document or game record that cannot be loaded or replayed."""


class Inconsistent(RecordError):
    """A position no game could be in: the game's consistency check names the field of the
    document (``$.data.players[1].coins``) and the rule ID the position breaks (``None``
    where it breaks only the document's structure)."""

    def __init__(self, message: str, field: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule

    def __reduce__(self) -> tuple[type[Inconsistent], tuple[str, str, str | None]]:
        return type(self), (str(self), self.field, self.rule)


class ScenarioError(GameError):
    """A scenario file that is malformed or names unknown components."""


class ConfigError(GameError, ValueError):
    """A game configuration its rules do not allow (player count, options)."""


class UsageError(GameError):
    """A command-line argument the command cannot go on with (a seat no game has, an option
    another argument rules out, a finished game to resume)."""


class NotationError(GameError, ValueError):
    """A text that is no move in the game's notation; the message names the bad word."""
