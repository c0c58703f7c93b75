"""Random legal Stone Age games for the properties: a configuration and one choice per decision.

A choice is an index into ``legal_moves(state)`` (taken modulo their number); after
the drawn choices, moves are picked by a generator seeded with the game's seed, so
every game is played to its end with varied moves. Games
are short by default (``max_rounds`` 1 to 8, FLOW-6) to fit the default run's budget;
:func:`played_games` with ``full=True`` plays to the end of the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from stone_age_rules import (
    Claim,
    Event,
    GameConfig,
    GameState,
    Move,
    apply_move_with_events,
    legal_moves,
    new_game,
)

#: Moves after which a game is cut off (a full game has about 1,500 at most).
MOVE_LIMIT = 4000


@dataclass(frozen=True)
class PlayedGame:
    """Every position of a game, the moves between them and each move's events; its ``repr``
    is the configuration and the choices, which :func:`play` turns back into the game."""

    config: GameConfig
    choices: tuple[int, ...]
    states: tuple[GameState, ...]
    moves: tuple[Move, ...]
    events: tuple[tuple[Event, ...], ...]

    def __repr__(self) -> str:
        return f"play({self.config!r}, {list(self.choices)!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Hypothesis prints a failing game as its ``repr``."""
        printer.text(repr(self))

    @property
    def final(self) -> GameState:
        return self.states[-1]


def play(config: GameConfig, choices: list[int]) -> PlayedGame:
    """The game ``config`` with move ``choices[i] % len(legal)`` at decision ``i``, then moves
    drawn by ``random.Random(config.seed)``."""
    state = new_game(config)
    rest = random.Random(config.seed)
    states, moves, events = [state], [], []
    for step in range(MOVE_LIMIT):
        if state.is_over:
            break
        legal = legal_moves(state)
        move = legal[(choices[step] if step < len(choices) else rest.randrange(len(legal))) % len(legal)]
        state, happened = apply_move_with_events(state, move)
        states.append(state)
        moves.append(move)
        events.append(happened)
    return PlayedGame(config, tuple(choices[: len(moves)]), tuple(states), tuple(moves), tuple(events))


@st.composite
def configs(draw: st.DrawFn, full: bool = False) -> GameConfig:
    """2 to 4 players, any seed and start player, either CIV-12 variant; 1 to 8 rounds unless ``full``."""
    players = draw(st.integers(2, 4))
    return GameConfig(
        players,
        draw(st.integers(0, 2**53 - 1)),
        max_rounds=None if full else draw(st.integers(1, 8)),
        start_player=draw(st.sampled_from(["random", *range(players)])),
        any_two_resources=draw(st.sampled_from(list(Claim))),
    )


@st.composite
def played_games(draw: st.DrawFn, full: bool = False) -> PlayedGame:
    """A random legal game."""
    config = draw(configs(full))
    choices = draw(st.lists(st.integers(0, 2**16), max_size=MOVE_LIMIT if full else 400))
    return play(config, choices)
