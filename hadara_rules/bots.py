"""Built-in players: a random bot and a greedy bot, and a loop that plays a game with them.

The greedy bot looks one move ahead and scores the position it would reach with
a simple evaluation: points on the score pad now, plus what its tracks, coins and
free tiles are worth for the rest of the game, less what feeding would cost.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from attrs import define, frozen

from ._config import GameConfig
from ._copy import replace
from ._engine import apply_move, legal_moves, new_game
from ._model import GameState
from ._moves import Draft, Move
from ._rules.acquire import acquire
from ._rules.scoring import score_player
from ._rules.section import players_with
from ._vocabulary import Phase


class Bot(Protocol):
    """Anything that picks one of a player's legal moves."""

    def choose(self, state: GameState, seat: int, moves: Sequence[Move]) -> Move:
        """One of ``moves``, the legal moves of ``seat`` in ``state``."""
        ...


@define
class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded generator."""

    rng: random.Random

    def choose(self, state: GameState, seat: int, moves: Sequence[Move]) -> Move:
        """Any of ``moves``, uniformly."""
        return moves[self.rng.randrange(len(moves))]


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


BOTS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


@frozen
class PlayedGame:
    """A finished game: its configuration, every move in order, and the final position."""

    config: GameConfig
    moves: tuple[Move, ...]
    final: GameState


def play_game(
    config: GameConfig,
    bots: Sequence[Bot],
    on_move: Callable[[GameState, Move, GameState], None] | None = None,
) -> PlayedGame:
    """Play ``config`` to the end, seat *i* played by ``bots[i]``."""
    state = new_game(config)
    moves: list[Move] = []
    while not state.is_over:
        seat = state.to_act[0]
        move = bots[seat].choose(state, seat, legal_moves(state, seat))
        after = apply_move(state, move)
        if on_move is not None:
            on_move(state, move, after)
        moves.append(move)
        state = after
    return PlayedGame(config, tuple(moves), state)


def make_bots(kind: str, players: int, seed: int) -> list[Bot]:
    """``players`` bots of one kind, each with its own generator derived from ``seed``."""
    return [BOTS[kind](random.Random(f"{seed}:{seat}")) for seat in range(players)]


__all__ = ["BOTS", "Bot", "GreedyBot", "PlayedGame", "RandomBot", "evaluate", "make_bots", "play_game"]
