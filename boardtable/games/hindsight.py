"""What replays and analyses share, at the terminal (``hadara replay --step``, ``hadara analyse``)
and at the table (``hadara serve``'s replays and analyses), through the game interface alone.

- :class:`Eye`: who a position is shown to, a seat, the spectator or the whole table, and
  what it may see of a position and of a move's events (``INFO-1``: a seat sees only its view).
- :func:`steps`: a record's positions one after another, each move played by the rules.
- :func:`check_record`: a record checked whole as its game checks it.
- :func:`refused`: why the rules refuse a move tried on a position, with the rule's text and
  where it comes from, as :meth:`Game.refusal <boardtable.games.Game.refusal>` and
  :meth:`Game.rule <boardtable.games.Game.rule>` give them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from ..errors import GameError, IllegalMove, RecordError

if TYPE_CHECKING:
    from . import AnyGame

__all__ = ["Eye", "Refusal", "check_record", "refused", "steps"]


@frozen
class Eye:
    """Who a position is shown to: a seat, the spectator (``seat`` None), or the whole table."""

    seat: int | None = None
    whole: bool = False

    def __str__(self) -> str:
        if self.whole:
            return "the whole position"
        return "the spectator" if self.seat is None else f"P{self.seat}"

    def sees(self, played: AnyGame, state: object) -> object:
        """What the eye may see of ``state``."""
        return state if self.whole else played.view(state, self.seat)

    def seen(self, played: AnyGame, events: tuple[object, ...], state: object) -> tuple[object, ...]:
        """``events`` as the eye sees them, in a game at ``state``."""
        return events if self.whole else played.events_seen(events, self.seat, state)

    def board(self, played: AnyGame, state: object) -> list[str]:
        """The position in the game's words, as the eye sees it."""
        return played.commands().words.board(self.sees(played, state), self.seat or 0)


def steps(
    played: AnyGame, options: object, moves: Sequence[object], at: int
) -> Iterator[tuple[object, tuple[object, ...]]]:
    """Each position of a game of ``options`` from the first to the one after its first ``at``
    ``moves``, with what the move to it did (nothing for the first);
    :class:`~boardtable.errors.RecordError` for options no game starts from, and naming the
    move for one the rules refuse."""
    try:
        state = played.new(options)
    except GameError as exc:
        raise RecordError(str(exc)) from None
    events: tuple[object, ...] = ()
    yield state, events
    for number, move in enumerate(moves[:at], 1):
        try:
            state, events = played.play(state, move)
        except IllegalMove as exc:
            raise RecordError(f"move {number} is refused: {exc}") from None
        yield state, events


def check_record(played: AnyGame, text: str, options: object, moves: Sequence[object]) -> str | None:
    """The record ``text`` (of ``options`` and ``moves``, as the game read them) checked whole as
    its game checks it: every move legal, its result block held to the moves (by playing the
    moves, for a game that says nothing more); what the result block vouches for, in words
    (None without one). :class:`~boardtable.errors.RecordError` naming the first problem."""
    check = played.commands().checked
    if check is None:
        for _ in steps(played, options, moves, len(moves)):
            pass
        return None
    return check(text)


@frozen
class Refusal:
    """Why the rules refuse a move: its rule ID and reason, the rule's text (empty for a rule the
    game's digest does not have) and where the rule comes from (None where the game does not say)."""

    rule: str
    reason: str
    rule_text: str
    citation: dict[str, object] | None


def refused(played: AnyGame, state: object, move: object) -> Refusal | None:
    """Why the rules refuse ``move`` in ``state`` (the position, or its mover's view); None for
    a legal move."""
    refusal = played.refusal(state, move)
    if refusal is None:
        return None
    rule = played.rule(refusal.rule) or {}
    citation = rule.get("citation")
    return Refusal(
        refusal.rule,
        refusal.reason,
        str(rule.get("text") or rule.get("summary") or ""),
        citation if isinstance(citation, dict) else None,
    )
