"""A game's own environments, made from its :class:`~boardtable.games.Game` and its encoding.

A game's ``rl`` package names two environments: ``env(...)``, a PettingZoo AEC environment
of a match (:class:`~boardtable.rl.env.GameEnv`), and ``SingleAgentEnv(...)``, one seat
learning against the game's bots (:class:`~boardtable.rl.env.GameSingleAgentEnv`). Where a
match's options are the game's own (``options``: the fields of its ``options_schema``, as
``Game.read_options`` reads them), both are the same for every game:
:class:`LibraryEnvironments` makes them from the game and its encoding, and a game's
``SingleAgentEnv`` is a :class:`LibrarySingleAgentEnv` that names them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from attrs import frozen

from ..games import Game
from .encoding import Encoding, Reward
from .env import GameEnv, GameSingleAgentEnv

__all__ = ["LibraryEnvironments", "LibrarySingleAgentEnv"]

S = TypeVar("S")
M = TypeVar("M")


def _environments_of(module: str) -> object:
    """The ``ENVIRONMENTS`` of ``module`` (:meth:`LibraryEnvironments.__reduce__`)."""
    return importlib.import_module(module).ENVIRONMENTS


@frozen
class LibraryEnvironments(Generic[S, M]):
    """A game's environments: the game (``boardtable.games.game(name)``), its encoding, and the
    module that names them ``ENVIRONMENTS`` (its ``env`` is their :meth:`env`)."""

    rules: Game[Any, S, M, Any, Any]
    encoding: Encoding[S, M]
    module: str

    def __reduce__(self) -> tuple[Callable[[str], object], tuple[str]]:
        """Pickled by reference, as a module's functions are (an encoding holds functions):
        the ``ENVIRONMENTS`` of :attr:`module`. So the game's ``env`` pickles as it did when it
        was a function of its own."""
        return _environments_of, (self.module,)

    def env(
        self,
        players: int = 2,
        seed: int | None = None,
        reward: Reward = "score_diff",
        render_mode: str | None = None,
        options: Mapping[str, object] | None = None,
    ) -> GameEnv[S, M]:
        """A PettingZoo AEC environment of a ``players``-player game (as many as the game
        seats: ``Game.seats``).

        ``options`` are a match's options (the server's: the fields of the game's
        ``options_schema``, read by ``Game.read_options``); ``reward`` is ``score_diff`` or
        ``win_loss``.
        """
        return GameEnv(self.rules, self.encoding, players, options, seed, reward, render_mode)


class LibrarySingleAgentEnv(GameSingleAgentEnv[S, M]):
    """One seat learns; the other seats are played by the game's bots (``Game.bot``), each
    deciding from its own view.

    ``reset`` returns the learner's first observation; ``step`` plays its action, then the
    bots' moves until the learner must act again or the game ends. The reward is 0 until
    the last step, then the learner's final reward. A searching bot thinks at most
    ``seconds`` a move, or its own budget of iterations if sooner. ``options`` are a
    match's options, as :meth:`LibraryEnvironments.env` takes them.

    A game's ``SingleAgentEnv`` is a subclass that sets :attr:`environments`.
    """

    #: The game's environments.
    environments: LibraryEnvironments[S, M]

    def __init__(
        self,
        players: int = 2,
        opponent: str = "greedy",
        seat: int = 0,
        seed: int | None = None,
        reward: Reward = "score_diff",
        render_mode: str | None = None,
        seconds: float = 10.0,
        options: Mapping[str, object] | None = None,
    ) -> None:
        aec = self.environments.env(players=players, seed=seed, reward=reward, options=options)
        super().__init__(aec, opponent, seat, seconds, render_mode)
