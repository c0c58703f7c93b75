"""Built-in players: a random bot, a greedy bot and a search bot, and a loop that plays a
game with them.

The greedy bot looks one move ahead and scores the position it would reach with
a simple evaluation (:func:`evaluate`): points on the score pad now, plus what its
tracks, coins and free tiles are worth for the rest of the game, less what feeding
would cost. The search bot (``ismcts``, :mod:`hadara_rules.search`) searches its
own view of the game.

Every built-in bot is fair: it decides from what its seat may see (INFO-1), and
``bot.choose(state, seat)`` returns the same move whether ``state`` is the whole
position or ``player_view(state, seat)`` (with the bot's generator in the same state).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from attrs import define, frozen

from ._config import GameConfig
from ._engine import apply_move, legal_moves, new_game
from ._greedy import GreedyBot, evaluate, seat_moves
from ._model import GameState
from ._moves import Move
from .search import ISMCTSBot


class Bot(Protocol):
    """Anything that picks one of a player's legal moves.

    ``state`` is the whole position or ``seat``'s :func:`~hadara_rules.player_view`; a
    built-in bot decides from what the seat may see and returns the same move for both.
    """

    def choose(self, state: GameState, seat: int, moves: Sequence[Move] | None = None) -> Move:
        """One of ``moves``, the legal moves of ``seat`` in ``state`` (default: all of them)."""
        ...


@define
class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded generator."""

    rng: random.Random

    def choose(self, state: GameState, seat: int, moves: Sequence[Move] | None = None) -> Move:
        """Any of ``moves`` (default: every legal move of ``seat``), uniformly."""
        if moves is None:
            moves = seat_moves(state, seat)
        return moves[self.rng.randrange(len(moves))]


BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
}


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


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "PlayedGame",
    "RandomBot",
    "evaluate",
    "make_bots",
    "play_game",
]
