"""The search bot of a game written on the platform, made from its library's functions.

:class:`~boardtable.search.InformationSetSearch` asks a game eight things (its hooks). A
game whose library has the usual shape answers every one of them with its own public
functions, the same way: its legal moves from the seat's view, the view, a world drawn
from it, a legal move played unchecked, the final scores or else each seat's evaluation,
the round, and its greedy bot as the model of the other seats. :class:`SearchFunctions`
names those functions and :class:`LibrarySearch` answers the hooks with them, so that a
game's search bot declares its functions and nothing more. A game whose search needs more
(a world whose hidden choices the model makes again, say) writes its hooks itself.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from attrs import define, frozen

from . import InformationSetSearch, Policy, Position

__all__ = ["LibrarySearch", "SearchFunctions"]


class Sheet(Protocol):
    """What the search reads of a seat's score sheet."""

    @property
    def total(self) -> int: ...


class Seated(Position, Protocol):
    """What the search reads of a position beside what every game's search reads: its seats."""

    @property
    def players(self) -> Sequence[object]: ...


S = TypeVar("S", bound=Seated)
M = TypeVar("M")


@frozen
class SearchFunctions(Generic[S, M]):
    """A game's own functions, as :class:`LibrarySearch` calls them."""

    #: ``legal_moves(state, seat)``: a seat's legal moves, in a view or a whole position.
    legal_moves: Callable[[S, int], Sequence[M]]
    #: ``player_view(state, seat)``: what the seat sees of a position.
    player_view: Callable[[S, int], S]
    #: ``sample_world(view, seat, rng)``: a whole position consistent with the seat's view.
    sample_world: Callable[[S, int, random.Random], S]
    #: ``apply_move(state, move, check)``: the position after a move, called with ``check``
    #: false (the move is legal: the search draws it from ``legal_moves``).
    apply_move: Callable[[S, M, bool], S]
    #: ``score(state)``: every seat's score sheet (its total, the final score once over).
    score: Callable[[S], Sequence[Sheet]]
    #: ``evaluate(state, seat)``: what the seat's position is worth in points before the end.
    evaluate: Callable[[S, int], float]
    #: ``epoch(state)``: the stretch of the game a rollout plays to the end of (the round).
    epoch: Callable[[S], int]
    #: ``greedy(seed)``: the opponent model, the game's greedy bot seeded by ``seed``.
    greedy: Callable[[int], Policy[S, M]]


@define
class LibrarySearch(InformationSetSearch[S, M]):
    """A search bot whose hooks are answered by its game's :class:`SearchFunctions` (see the
    module); a game's bot is a subclass that sets :attr:`functions`, with its budget and
    settings those of :class:`~boardtable.search.InformationSetSearch`."""

    @property
    @abstractmethod
    def functions(self) -> SearchFunctions[S, M]:
        """The game's functions (a subclass sets them as a class attribute)."""

    def seat_moves(self, state: S, seat: int) -> Sequence[M]:
        """The seat's legal moves in its view of ``state``; :class:`ValueError` where it has none."""
        moves = self.functions.legal_moves(self.functions.player_view(state, seat), seat)
        if not moves:
            raise ValueError(f"seat {seat} has no move to make in this position")
        return moves

    def seen(self, state: S, seat: int) -> S:
        return self.functions.player_view(state, seat)

    def policy(self) -> Policy[S, M]:
        """The game's greedy bot, seeded from the bot's generator."""
        return self.functions.greedy(self.rng.getrandbits(53))

    def world(self, view: S, seat: int, policy: Policy[S, M]) -> S:
        return self.functions.sample_world(view, seat, self.rng)

    def moves(self, state: S, seat: int) -> Sequence[M]:
        return self.functions.legal_moves(state, seat)

    def after(self, state: S, move: M) -> S:
        return self.functions.apply_move(state, move, False)

    def epoch(self, state: S) -> int:
        return self.functions.epoch(state)

    def values(self, state: S) -> Sequence[float]:
        """The final scores' totals once the game is over, else each seat's evaluation."""
        if state.is_over:
            return [float(sheet.total) for sheet in self.functions.score(state)]
        return [self.functions.evaluate(state, seat) for seat in range(len(state.players))]
