"""The library's own errors. Nothing else escapes the public API on bad input."""

from __future__ import annotations


class HadaraError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalMove(HadaraError):
    """A move that breaks a rule; ``rule`` is its ID in the rules digest."""

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
        return (IllegalMove, (self.rule, self.reason))


class CatalogueError(HadaraError):
    """A component file that is missing, malformed or breaks a structural fact."""


class RecordError(HadaraError):
    """A serialized document or game record that cannot be loaded or replayed."""


class ScenarioError(HadaraError):
    """A scenario file that is malformed or names unknown components."""


class ConfigError(HadaraError, ValueError):
    """A game configuration that breaks SETUP-1 or SETUP-2 (player count, board order)."""


class NotationError(HadaraError, ValueError):
    """A text that is no move in the move notation (docs/notation.md); the message names the bad word."""
