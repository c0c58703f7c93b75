"""Information-set Monte Carlo tree search (ISMCTS) over sampled worlds, for any game.

:class:`InformationSetSearch` is the search every game's search bot shares (each game's
``ismcts``); a game's bot says how its positions are seen, sampled, played and valued, and
which greedy policy models the other seats. Each game's search bot tells how the search
goes for it and what makes it affordable.
"""

from __future__ import annotations

import math
import random
import time
from abc import abstractmethod
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

import attrs
from attrs import define, field

__all__ = ["InformationSetSearch", "Policy"]


class Position(Protocol):
    """What the search reads of a position itself."""

    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=Position)
M = TypeVar("M")
_Seen = TypeVar("_Seen", contravariant=True)


class Policy(Protocol[_Seen, M]):
    """A fast policy that models every seat but the searching one (a greedy bot)."""

    def choose(self, state: _Seen, seat: int, moves: Sequence[M]) -> M:
        """One of ``moves``, ``seat``'s legal moves in ``state``."""
        ...


@define
class _Node(Generic[M]):
    """An information set of the searching seat, reached by one sequence of its own moves."""

    children: dict[M, _Node[M]] = field(factory=dict)
    visits: int = 0
    #: Iterations in which this node's move was legal (the ISMCTS availability count).
    available: int = 0
    reward: float = 0.0

    def mean(self) -> float:
        """The mean reward of the iterations through this node."""
        return self.reward / self.visits if self.visits else 0.0


def _at_least_one(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"{attribute.name} must be a whole number ≥ 1, not {value!r}")


def _at_least_one_or_none(instance: object, attribute: attrs.Attribute[int], value: int | None) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise ValueError(f"{attribute.name} must be a whole number ≥ 1 or None, not {value!r}")


@define
class InformationSetSearch(Generic[S, M]):
    """Information-set MCTS over determinizations of the seat's own view.

    ``iterations`` bounds each decision's search (one iteration is one rollout);
    ``seconds``, when given, bounds it by time as well, whichever comes first. A
    time budget makes the bot depend on the machine's speed, so its games are
    then no longer reproducible.
    """

    #: The bot's own generator: worlds, tie-breaks and the opponent model draw from it.
    rng: random.Random
    #: Rollouts per decision (at least one sampled world, whatever the number of moves).
    iterations: int = field(default=32, validator=_at_least_one)
    #: Wall-clock seconds per decision, or None for the iteration budget alone.
    seconds: float | None = None
    #: Root moves searched: the greedy bot's favourites in the first sampled world; None for all.
    candidates: int | None = field(default=3, validator=_at_least_one_or_none)
    #: UCB1's exploration constant below the root (rewards lie in 0…1).
    exploration: float = 0.5
    #: Epochs a rollout plays, counting the current one, before the position is valued by
    #: the game's evaluation at the start of the next; None to play every rollout to the end.
    horizon: int | None = field(default=1, validator=_at_least_one_or_none)
    #: Points of lead at which the lead half of the reward is about 0.38 above even (tanh(1)/2).
    scale: float = 30.0

    # ----------------------------------------------------------------- what each game says

    @abstractmethod
    def seat_moves(self, state: S, seat: int) -> Sequence[M]:
        """Every legal move of ``seat`` in ``state`` (the whole position or the seat's view);
        :class:`ValueError` where the bot may not choose for it."""

    @abstractmethod
    def seen(self, state: S, seat: int) -> S:
        """``seat``'s view of ``state`` (``state`` itself when it is that view)."""

    @abstractmethod
    def policy(self) -> Policy[S, M]:
        """The opponent model of one decision's search, its generator drawn from ``rng``."""

    @abstractmethod
    def world(self, view: S, seat: int, policy: Policy[S, M]) -> S:
        """A whole position consistent with ``view``, drawn from ``rng``."""

    @abstractmethod
    def moves(self, state: S, seat: int) -> Sequence[M]:
        """``seat``'s legal moves in a world."""

    @abstractmethod
    def after(self, state: S, move: M) -> S:
        """The world after ``move``, a legal one (unchecked)."""

    @abstractmethod
    def epoch(self, state: S) -> int:
        """The stretch of the game a rollout plays to the end of (an epoch, a round)."""

    @abstractmethod
    def values(self, state: S) -> Sequence[float]:
        """Every seat's final score when the game is over, else its evaluation, in points."""

    # ----------------------------------------------------------------- the search

    def choose(self, state: S, seat: int, moves: Sequence[M] | None = None) -> M:
        """The move of ``moves`` (default: every legal move of ``seat``) the search prefers,
        from ``seat``'s view of ``state`` only (``state`` may be that view)."""
        if moves is None:
            moves = self.seat_moves(state, seat)
        view = self.seen(state, seat)
        if len(moves) == 1:
            return moves[0]
        return self.search(view, seat, moves)

    def search(self, view: S, seat: int, moves: Sequence[M] | None = None) -> M:
        """The move of ``moves`` (default: all legal moves of ``seat``) with the best mean
        reward over the sampled worlds of ``view``."""
        root: _Node[M] = _Node()
        policy = self.policy()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        root_moves = self.moves(view, seat) if moves is None else moves
        done = 0
        while done < self.iterations:
            world = self.world(view, seat, policy)
            if done == 0 and self.candidates is not None:
                root_moves = self._shortlist(world, seat, root_moves, policy, self.candidates)
                if len(root_moves) == 1:
                    return root_moves[0]
            for move in root_moves:
                self._iterate(root, world, seat, policy, move)
            done += len(root_moves)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return max(root_moves, key=lambda m: root.children[m].mean())

    @staticmethod
    def _shortlist(world: S, seat: int, moves: Sequence[M], policy: Policy[S, M], count: int) -> list[M]:
        """The greedy bot's ``count`` favourite moves in ``world``, best first."""
        left, chosen = list(moves), list[M]()
        while left and len(chosen) < count:
            best = policy.choose(world, seat, left)
            chosen.append(best)
            left.remove(best)
        return chosen

    def _iterate(self, root: _Node[M], state: S, seat: int, policy: Policy[S, M], first: M) -> None:
        """One iteration in one world, starting with the root move ``first``: walk the tree
        of the seat's own decisions, add one node, roll out, back the reward up."""
        child = root.children.get(first)
        if child is None:
            child = root.children[first] = _Node()
        child.available += 1
        node, path = child, [child]
        state = self.after(state, first)
        expanded = child.visits == 0
        while not expanded and not state.is_over:
            acting = state.to_act
            actor = seat if seat in acting else acting[0]
            moves = self.moves(state, actor)
            if actor != seat or len(moves) == 1:
                move = moves[0] if len(moves) == 1 else policy.choose(state, actor, moves)
                state = self.after(state, move)
                continue
            for move in moves:
                if move in node.children:
                    node.children[move].available += 1
            untried = [m for m in moves if m not in node.children]
            if untried:
                move = untried[self.rng.randrange(len(untried))]
                node.children[move] = node = _Node(available=1)
                expanded = True
            else:
                move = max(moves, key=lambda m: self._ucb(node.children[m]))
                node = node.children[move]
            path.append(node)
            state = self.after(state, move)
        value = self._rollout(state, seat, policy)
        for visited in path:
            visited.visits += 1
            visited.reward += value

    def _ucb(self, node: _Node[M]) -> float:
        return node.mean() + self.exploration * math.sqrt(math.log(node.available) / node.visits)

    def _rollout(self, state: S, seat: int, policy: Policy[S, M]) -> float:
        """Play greedily to the end of the horizon and value the result for ``seat``."""
        last_epoch = math.inf if self.horizon is None else self.epoch(state) + self.horizon - 1
        while not state.is_over and self.epoch(state) <= last_epoch:
            actor = state.to_act[0]
            moves = self.moves(state, actor)
            move = moves[0] if len(moves) == 1 else policy.choose(state, actor, moves)
            state = self.after(state, move)
        values = self.values(state)
        lead = values[seat] - max(v for s, v in enumerate(values) if s != seat)
        won = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        return 0.5 * won + 0.5 * (0.5 + 0.5 * math.tanh(lead / self.scale))
