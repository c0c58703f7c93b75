"""The greedy policy: one move ahead, judged by a simple evaluation of the position.

:func:`evaluate` counts the points on the score pad now, plus what the tracks,
coins and free tiles are worth for the rest of the game, less what feeding would
cost. :class:`GreedyBot` plays the move after which it is highest; the search bot
(:mod:`hadara_rules.search`) uses both for its rollouts and its shortlist.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from attrs import define

from ._copy import replace
from ._engine import apply_move
from ._model import GameState
from ._moves import Draft, Move
from ._rules.acquire import acquire
from ._rules.scoring import score_player
from ._rules.section import players_with
from ._vocabulary import Phase


def _incomes_left(state: GameState) -> int:
    """Income sections still to come after the current phase's."""
    done = 2 * (state.epoch - 1) + (1 if state.phase is Phase.B else 0)
    return max(0, 6 - done - 1)


def evaluate(state: GameState, seat: int) -> float:
    """What the position is worth to ``seat``: points now and a guess at points to come."""
    player = state.players[seat]
    sheet = score_player(state, seat)
    incomes = _incomes_left(state)
    tracks = player.tracks
    future = (
        0.35 * tracks.income * incomes
        + 0.45 * tracks.military
        + 0.45 * tracks.culture
        + 0.15 * player.coins
        + 0.8 * len(player.free_tiles)
    )
    hunger = max(0, len(player.cards) - tracks.food)
    return sheet.total + future * (0.4 + 0.2 * incomes) / 1.4 - 3.0 * hunger


@define
class GreedyBot:
    """One-ply lookahead: the move whose resulting position :func:`evaluate` likes best."""

    rng: random.Random

    def choose(self, state: GameState, seat: int, moves: Sequence[Move]) -> Move:
        """The move after which :func:`evaluate` is highest (ties broken at random)."""
        best: list[Move] = []
        best_value = float("-inf")
        for move in moves:
            value = evaluate(_outcome(state, move), seat)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return best[self.rng.randrange(len(best))]


def _outcome(state: GameState, move: Move) -> GameState:
    """The position after ``move``; a draft choice is previewed as if its round resolved."""
    if isinstance(move, Draft):
        player = state.players[move.player]
        card = state.catalogue.cards[move.card]
        return replace(
            state,
            players=players_with(state, move.player, acquire(state, player, card, move.action, move.tile)),
        )
    return apply_move(state, move, check=False)
