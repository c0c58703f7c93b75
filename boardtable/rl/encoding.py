"""What a game supplies to be learnt: its :class:`Encoding` (actions, observations, rewards).

A game's encoding numbers every move a seat can make with one action of a fixed
``Discrete(actions)`` space, the same in every position; turns the seat's view into a
fixed-length vector of floats; and names the rewards a finished game gives. The
environments (:mod:`boardtable.rl.env`) ask it nothing else, and hand it nothing but the
seat's own view and the seat's legal moves, so an observation or an action mask cannot
show what the seat may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Generic, Literal, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
from attrs import field, frozen
from gymnasium import spaces

__all__ = [
    "REWARDS",
    "Encoding",
    "GameEncoding",
    "Reward",
    "RewardRule",
    "chosen",
    "legal_actions",
    "score_diff",
    "win_loss",
]

#: A game's positions (and views) and its moves.
S = TypeVar("S")
M = TypeVar("M")
_View = TypeVar("_View", contravariant=True)
_Move = TypeVar("_Move", contravariant=True)
#: The names of the rewards every game here offers (:data:`REWARDS`).
Reward = Literal["score_diff", "win_loss"]


class RewardRule(Protocol):
    """How a finished game's scores become each seat's reward."""

    def __call__(self, totals: Sequence[int], winners: Sequence[int]) -> list[float]:
        """Each seat's reward, in seat order, from each seat's final score and the seats that won."""
        ...


def score_diff(totals: Sequence[int], winners: Sequence[int]) -> list[float]:
    """The seat's score minus the mean of the others' (the rewards add up to zero)."""
    n = len(totals)
    return [t - (sum(totals) - t) / (n - 1) for t in totals]


def win_loss(totals: Sequence[int], winners: Sequence[int]) -> list[float]:
    """+1 for each winner, -1 for every other seat."""
    return [1.0 if seat in winners else -1.0 for seat in range(len(totals))]


#: The rewards of a finished game by name: those an encoding offers unless it has its own.
REWARDS: Mapping[str, RewardRule] = {"score_diff": score_diff, "win_loss": win_loss}


class Encoding(Protocol[_View, _Move]):
    """A game's actions, observations and rewards, as the environments ask for them."""

    @property
    def name(self) -> str:
        """The environment's name (PettingZoo's ``metadata["name"]``: ``"GAME_v0"``)."""
        ...

    @property
    def actions(self) -> int:
        """How many actions there are: the action space is ``Discrete(actions)``."""
        ...

    @property
    def observation_space(self) -> spaces.Box:
        """The space of :meth:`observe`'s vectors (float32, one shape for every seat and table)."""
        ...

    @property
    def rewards(self) -> Mapping[str, RewardRule]:
        """The rewards a finished game may give, by name (:data:`REWARDS`, or the game's own)."""
        ...

    def action(self, move: _Move, view: _View) -> int:
        """The action of ``move``, a legal move of its mover in ``view`` (the mover's own view):
        a number in ``range(actions)``, never the same for two legal moves of one view."""
        ...

    def observe(self, view: _View, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` observes, read from ``view``, its own view, and nothing else."""
        ...


@frozen
class GameEncoding(Generic[S, M]):
    """An :class:`Encoding` made of a game's numbers and two functions: what each game's
    ``rl`` package declares in one statement."""

    #: :attr:`Encoding.name`.
    name: str
    #: :attr:`Encoding.actions`.
    actions: int
    #: :attr:`Encoding.observation_space`.
    observation_space: spaces.Box
    #: The action of a legal move in its mover's view.
    action_of: Callable[[M, S], int] = field(repr=False)
    #: What a seat observes, from its own view.
    observation_of: Callable[[S, int], npt.NDArray[np.float32]] = field(repr=False)
    #: :attr:`Encoding.rewards`.
    rewards: Mapping[str, RewardRule] = REWARDS

    def action(self, move: M, view: S) -> int:
        """:attr:`action_of`."""
        return self.action_of(move, view)

    def observe(self, view: S, seat: int) -> npt.NDArray[np.float32]:
        """:attr:`observation_of`."""
        return self.observation_of(view, seat)


def legal_actions(action_of: Callable[[M, S], int], view: S, moves: Iterable[M]) -> dict[int, M]:
    """Each of ``moves`` (a seat's legal moves in ``view``) by its action (``action_of``: an
    encoding's :meth:`~Encoding.action`); ValueError when two share one (the encoding would
    not tell them apart)."""
    table: dict[int, M] = {}
    for move in moves:
        action = action_of(move, view)
        if action in table:
            raise ValueError(f"two legal moves share action {action}: {table[action]} and {move}")
        table[action] = move
    return table


def chosen(table: Mapping[int, M], action: int, seat: int) -> M:
    """The move ``action`` names in ``table`` (:func:`legal_actions`), for ``seat``; ValueError
    for an action no legal move has."""
    move = table.get(int(action))
    if move is None:
        raise ValueError(f"action {action} is not legal for player {seat} here (see the action mask)")
    return move
