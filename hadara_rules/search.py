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

import random
from collections.abc import Sequence

from attrs import define, evolve

from boardtable.search import InformationSetSearch, Policy

from . import Draft, GameState, Move, apply_move, legal_moves, player_view, sample_world, score
from ._greedy import GreedyBot, evaluate, seat_moves

__all__ = ["ISMCTSBot"]


@define
class ISMCTSBot(InformationSetSearch[GameState, Move]):
    """Information-set MCTS over determinizations of the seat's own view (see the module;
    its budget and settings are :class:`~hadara_rules.foundations.InformationSetSearch`'s)."""

    def seat_moves(self, state: GameState, seat: int) -> Sequence[Move]:
        return seat_moves(state, seat)

    def seen(self, state: GameState, seat: int) -> GameState:
        return state if state.viewer == seat else player_view(state, seat)

    def policy(self) -> GreedyBot:
        return GreedyBot(random.Random(self.rng.getrandbits(64)))

    def world(self, view: GameState, seat: int, policy: Policy[GameState, Move]) -> GameState:
        return _model_choices(sample_world(view, seat, self.rng), seat, policy)

    def moves(self, state: GameState, seat: int) -> Sequence[Move]:
        return legal_moves(state, seat)

    def after(self, state: GameState, move: Move) -> GameState:
        return apply_move(state, move, check=False)

    def epoch(self, state: GameState) -> int:
        return state.epoch

    def values(self, state: GameState) -> Sequence[float]:
        if state.is_over:
            return [float(sheet.total) for sheet in score(state)]
        return [evaluate(state, s) for s in range(len(state.players))]


def _model_choices(world: GameState, seat: int, policy: Policy[GameState, Move]) -> GameState:
    """The other seats' hidden draft choices of a sampled world, made again by the opponent model."""
    pending = list(world.pending)
    for other, choice in enumerate(world.pending):
        if choice is not None and other != seat:
            unchosen = evolve(world, pending=(*pending[:other], None, *pending[other + 1 :]))
            modelled = policy.choose(unchosen, other, legal_moves(unchosen, other))
            if isinstance(modelled, Draft):
                pending[other] = modelled
    return evolve(world, pending=tuple(pending))
