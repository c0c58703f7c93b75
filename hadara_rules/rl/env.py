"""A PettingZoo AEC environment of Hadara, and a Gymnasium single-agent wrapper: the
platform's environments (:mod:`boardtable.rl`) with Hadara's encoding (:mod:`.encoding`).

:func:`env` builds a :class:`HadaraEnv`: agents ``player_0`` … ``player_{n-1}``
act one at a time. In a draft round, where the players choose together
(DRAFT-3), each player who still has to choose acts in turn and the round
resolves once the last one has chosen; nobody's observation shows another's
choice. Each observation is a dict of ``observation`` (see
:mod:`hadara_rules.rl.observation`) and ``action_mask`` (1 for each legal action
of :mod:`hadara_rules.rl.actions`). Rewards come at the end of the game only.
"""

from __future__ import annotations

from typing import Any

from boardtable.rl import REWARDS, GameEnv, GameSingleAgentEnv, Observation, Reward

from .. import GameState, Move
from ..game import GAME
from .encoding import ENCODING

__all__ = ["HadaraEnv", "Observation", "Reward", "SingleAgentEnv", "env", "final_rewards"]


def final_rewards(state: GameState, reward: Reward) -> list[float]:
    """Each seat's reward for a finished game.

    ``score_diff``: the seat's score minus the mean of the others' (the rewards
    add up to zero). ``win_loss``: +1 for each winner, -1 for every other seat.
    """
    return REWARDS[reward](GAME.totals(state), GAME.winners(state))


class HadaraEnv(GameEnv[GameState, Move]):
    """Hadara as a PettingZoo AEC environment (see :func:`env`)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  # PettingZoo's declaration
        "name": ENCODING.name,
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        advanced: bool = False,
        seed: int | None = None,
        reward: Reward = "score_diff",
        render_mode: str | None = None,
    ) -> None:
        self.advanced = advanced
        super().__init__(GAME, ENCODING, players, {"advanced": advanced}, seed, reward, render_mode)

    def summary(self) -> str:
        """The epoch, phase and section, who must act, and the move number."""
        g = self.game
        waiting = ", ".join(self.possible_agents[s] for s in g.to_act) or "nobody"
        return f"epoch {g.epoch}, phase {g.phase}, {g.section}: waiting for {waiting} (move {g.ply})"


def env(
    players: int = 2,
    advanced: bool = False,
    seed: int | None = None,
    reward: Reward = "score_diff",
    render_mode: str | None = None,
) -> HadaraEnv:
    """A PettingZoo AEC environment of a ``players``-player game (see :class:`HadaraEnv`)."""
    return HadaraEnv(players=players, advanced=advanced, seed=seed, reward=reward, render_mode=render_mode)


class SingleAgentEnv(GameSingleAgentEnv[GameState, Move]):
    """One seat learns; the other seats are played by built-in bots (``random``, ``greedy``, ``ismcts``).

    ``reset`` returns the learner's first observation; ``step`` plays its action,
    then the bots' moves until the learner must act again or the game ends. The
    reward is 0 until the last step, then the learner's final reward. A searching
    bot thinks at most ``seconds`` a move, or its 32 iterations if sooner.
    """

    aec: HadaraEnv

    def __init__(
        self,
        players: int = 2,
        opponent: str = "greedy",
        seat: int = 0,
        advanced: bool = False,
        seed: int | None = None,
        reward: Reward = "score_diff",
        render_mode: str | None = None,
        seconds: float = 10.0,
    ) -> None:
        aec = HadaraEnv(players=players, advanced=advanced, seed=seed, reward=reward)
        super().__init__(aec, opponent, seat, seconds, render_mode)
