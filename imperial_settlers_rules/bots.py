"""Built-in players: a random bot, a greedy bot and a search bot, each deciding from its seat's
view (LOOK-6, GOODS-4).

``bot.choose(state, seat)`` returns the same move whether ``state`` is the whole position or
``player_view(state, seat)`` (with the bot's generator in the same state): a bot sees only
what its seat may see. The greedy bot looks one move ahead in a world drawn from its view
(:func:`~imperial_settlers_rules.sample_world`: the cards it cannot see dealt where they may
lie), and values the position reached by :func:`evaluate`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import attrs
from attrs import define

from boardtable.search.library import LibrarySearch, SearchFunctions

from ._engine import apply_move, legal_moves
from ._goods import DEFENSE, FOOD, GOLD, RAZE, STONE, WOOD, WORKER
from ._model import GameState
from ._moves import Move
from ._rules.scoring import score
from .view import player_view, sample_world

__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "evaluate"]

#: What one token of each kind of the supply is worth in points before the game's end
#: (GOODS-1): resources build locations (BUILD-2), gold stands for any of them (GOODS-2),
#: workers are spent two for a good (WORK-1), raze tokens take goods (RAZE-2 to RAZE-4),
#: defense tokens keep a location (DEF-2). Cleanup takes most of them (CLEAN-1), so they
#: are worth less than a point each.
_TOKEN = {WORKER: 0.25, WOOD: 0.5, STONE: 0.5, FOOD: 0.5, GOLD: 0.6, RAZE: 0.6, DEFENSE: 0.4}
#: A card in hand (a location to build, a deal to make, a foundation to lay: BUILD-1, DEAL-1,
#: RAZE-2), a foundation and a deal (each a good every production phase: PROD-2).
_HAND, _FOUNDATION, _DEAL = 0.8, 0.6, 1.2
#: A location's production in the rounds to come, beside its points (PROD-2): each built
#: location is worth this much more per round left.
_LOCATION_PER_ROUND = 0.3
#: The rounds of a game (FLOW-5).
_ROUNDS = 5


class Bot(Protocol):
    """Anything that picks one of a seat's legal moves."""

    def choose(self, state: GameState, seat: int) -> Move:
        """One of ``seat``'s legal moves in ``state`` (the whole position or the seat's view)."""
        ...


@define
class RandomBot:
    """Picks a legal move at random, from its own generator."""

    seed: int = 0
    _rng: random.Random = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, state: GameState, seat: int) -> Move:
        return self._rng.choice(legal_moves(player_view(state, seat), seat))


def evaluate(state: GameState, seat: int) -> float:
    """What ``seat``'s empire is worth, in points: its score sheet's total (END-2, END-3) and,
    before the end, rough values of its supply, hand, foundations and deals, and of the
    production its locations have still to give."""
    total = float(score(state)[seat].total)
    if state.is_over:
        return total
    player = state.players[seat]
    left = _ROUNDS - state.round + 1
    return (
        total
        + sum(worth * player.supply[kind] for kind, worth in _TOKEN.items())
        + _HAND * len(player.hand)
        + _FOUNDATION * len(player.foundations)
        + _DEAL * len(player.deals)
        + _LOCATION_PER_ROUND * left * len(player.empire)
    )


@define
class GreedyBot:
    """Picks the move whose result :func:`evaluate` likes best, one move ahead in a world
    drawn from its view; ties at random."""

    seed: int = 0
    _rng: random.Random = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, state: GameState, seat: int, moves: Sequence[Move] | None = None) -> Move:
        """The move of ``moves`` (default: every legal move of ``seat``) it likes best."""
        view = player_view(state, seat)
        if moves is None:
            moves = legal_moves(view, seat)
        if len(moves) == 1:
            return moves[0]
        world = sample_world(view, seat, self._rng)
        values = [evaluate(apply_move(world, move, check=False), seat) for move in moves]
        best = max(values)
        return self._rng.choice([m for m, v in zip(moves, values, strict=True) if v == best])


@define
class ISMCTSBot(LibrarySearch[GameState, Move]):
    """The search bot: information-set MCTS over worlds drawn from the seat's view
    (:func:`~imperial_settlers_rules.sample_world`: the decks and the other players' hidden
    cards), the greedy bot modelling the other seats and playing each rollout to the end of
    the round, whose position :func:`evaluate` values (the final score after round 5); the
    search is the platform's (:class:`boardtable.search.library.LibrarySearch`).

    ``bot.choose(state, seat)`` looks at the seat's view only; under a seed and an iteration
    budget it is deterministic.
    """

    functions = SearchFunctions(
        legal_moves,
        player_view,
        sample_world,
        apply_move,
        score,
        evaluate,
        epoch=lambda state: state.round,
        greedy=GreedyBot,
    )
