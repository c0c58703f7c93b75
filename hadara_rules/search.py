"""A search bot: information-set Monte Carlo tree search (ISMCTS) over sampled worlds.

:class:`ISMCTSBot` never looks at what its seat cannot see. It turns the position
into the seat's :func:`~hadara_rules.view.player_view` first and searches only
that: every round of the search draws one whole position consistent with the
view (:func:`~hadara_rules.view.sample_world`, a *determinization*) and plays
one iteration in it for each candidate move, so that the candidates are
compared on the same hidden cards (common random numbers: a much smaller
sample tells them apart). An iteration walks a tree of the seat's own
decisions, then finishes with a fast rollout.

What makes it affordable in pure Python:

* Only the greedy bot's ``candidates`` favourite moves (3 by default) are
  searched at the root: the search refines the greedy bot's choice instead of
  spending rollouts on moves a one-ply lookahead already rules out.
* The tree branches on the seat's own decisions only (a node per sequence of
  its own moves: the information sets of single-observer ISMCTS). The other
  seats' moves, in the tree and in rollouts, are played by the greedy bot's
  policy, an opponent model that costs a one-ply lookahead per move instead of
  a tree level per opponent. The other seats' hidden draft choices of a sampled
  world are made again by that model too (the world draws them uniformly).
* Below the root, selection is UCB1 over the moves available in the sampled
  world (the *availability* count of ISMCTS replaces the parent's visits).
* Rollouts play greedily to the end of the current epoch (``horizon`` epochs),
  and the position at the start of the next is valued by
  :func:`~hadara_rules.bots.evaluate`; in the last epoch they play to the final
  score. ``horizon=None`` plays every rollout to the final score.
* A decision with one legal move is not searched.

The reward of an iteration, in 0…1, is half a win (1, ½ on a tie, 0) and half
the seat's lead over the best other seat, squashed by ``tanh(lead / scale)``.
Under a seed and an iteration budget the bot is deterministic; a budget in
seconds depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import attrs
from attrs import define, evolve, field

from . import Draft, GameState, Move, apply_move, legal_moves, player_view, sample_world, score
from ._greedy import GreedyBot, evaluate, seat_moves

__all__ = ["ISMCTSBot"]


@define
class _Node:
    """An information set of the searching seat, reached by one sequence of its own moves."""

    children: dict[Move, _Node] = field(factory=dict)
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
class ISMCTSBot:
    """Information-set MCTS over determinizations of the seat's own view (see the module).

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
    #: ``evaluate`` at the start of the next; None to play every rollout to the final score.
    horizon: int | None = field(default=1, validator=_at_least_one_or_none)
    #: Points of lead at which the lead half of the reward is about 0.38 above even (tanh(1)/2).
    scale: float = 30.0

    def choose(self, state: GameState, seat: int, moves: Sequence[Move] | None = None) -> Move:
        """The move of ``moves`` (default: every legal move of ``seat``) the search prefers,
        from ``seat``'s view of ``state`` only (``state`` may be that view)."""
        if moves is None:
            moves = seat_moves(state, seat)
        view = state if state.viewer == seat else player_view(state, seat)
        if len(moves) == 1:
            return moves[0]
        return self.search(view, seat, moves)

    def search(self, view: GameState, seat: int, moves: Sequence[Move] | None = None) -> Move:
        """The move of ``moves`` (default: all legal moves of ``seat``) with the best mean
        reward over the sampled worlds of ``view``."""
        root = _Node()
        policy = GreedyBot(random.Random(self.rng.getrandbits(64)))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        root_moves = legal_moves(view, seat) if moves is None else moves
        done = 0
        while done < self.iterations:
            world = self._model_choices(sample_world(view, seat, self.rng), seat, policy)
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
    def _shortlist(
        world: GameState, seat: int, moves: Sequence[Move], policy: GreedyBot, count: int
    ) -> list[Move]:
        """The greedy bot's ``count`` favourite moves in ``world``, best first."""
        left, chosen = list(moves), list[Move]()
        while left and len(chosen) < count:
            best = policy.choose(world, seat, left)
            chosen.append(best)
            left.remove(best)
        return chosen

    @staticmethod
    def _model_choices(world: GameState, seat: int, policy: GreedyBot) -> GameState:
        """The other seats' hidden draft choices of a sampled world, made again by the opponent model."""
        pending = list(world.pending)
        for other, choice in enumerate(world.pending):
            if choice is not None and other != seat:
                unchosen = evolve(world, pending=(*pending[:other], None, *pending[other + 1 :]))
                modelled = policy.choose(unchosen, other, legal_moves(unchosen, other))
                if isinstance(modelled, Draft):
                    pending[other] = modelled
        return evolve(world, pending=tuple(pending))

    def _iterate(self, root: _Node, state: GameState, seat: int, policy: GreedyBot, first: Move) -> None:
        """One iteration in one world, starting with the root move ``first``: walk the tree
        of the seat's own decisions, add one node, roll out, back the reward up."""
        child = root.children.get(first)
        if child is None:
            child = root.children[first] = _Node()
        child.available += 1
        node, path = child, [child]
        state = apply_move(state, first, check=False)
        expanded = child.visits == 0
        while not expanded and not state.is_over:
            actor = seat if seat in state.to_act else state.to_act[0]
            moves = legal_moves(state, actor)
            if actor != seat or len(moves) == 1:
                move = moves[0] if len(moves) == 1 else policy.choose(state, actor, moves)
                state = apply_move(state, move, check=False)
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
            state = apply_move(state, move, check=False)
        value = self._rollout(state, seat, policy)
        for visited in path:
            visited.visits += 1
            visited.reward += value

    def _ucb(self, node: _Node) -> float:
        return node.mean() + self.exploration * math.sqrt(math.log(node.available) / node.visits)

    def _rollout(self, state: GameState, seat: int, policy: GreedyBot) -> float:
        """Play greedily to the end of the horizon and value the result for ``seat``."""
        last_epoch = math.inf if self.horizon is None else state.epoch + self.horizon - 1
        while not state.is_over and state.epoch <= last_epoch:
            actor = state.to_act[0]
            moves = legal_moves(state, actor)
            move = moves[0] if len(moves) == 1 else policy.choose(state, actor, moves)
            state = apply_move(state, move, check=False)
        if state.is_over:
            values = [float(sheet.total) for sheet in score(state)]
        else:
            values = [evaluate(state, s) for s in range(len(state.players))]
        lead = values[seat] - max(v for s, v in enumerate(values) if s != seat)
        won = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        return 0.5 * won + 0.5 * (0.5 + 0.5 * math.tanh(lead / self.scale))
