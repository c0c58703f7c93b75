"""Imperial Settlers as a PettingZoo AEC environment (``imperial_settlers_v0``) and a Gymnasium
single-agent environment: the platform's environments (:mod:`boardtable.rl`) with Imperial
Settlers' encoding.

Agents ``player_0`` … ``player_{n-1}`` act one at a time, as the rules have them (FLOW-1):
the next picker of the lookout (LOOK-2), the player whose turn it is (ACT-1), the seat a
pending decision waits on (CARD-14, CARD-25). Each observation is a dict of ``observation``
(:mod:`.observation`) and ``action_mask`` (1 for each legal action of :mod:`.actions`),
both read from the agent's own view. Rewards come at the end of the game only.
"""

from __future__ import annotations

from collections.abc import Mapping

from boardtable.rl import GameEnv, GameSingleAgentEnv, Reward

from .. import GameState, Move
from ..game import GAME
from .encoding import ENCODING

__all__ = ["SingleAgentEnv", "env"]


def env(
    players: int = 2,
    seed: int | None = None,
    reward: Reward = "score_diff",
    render_mode: str | None = None,
    options: Mapping[str, object] | None = None,
) -> GameEnv[GameState, Move]:
    """A PettingZoo AEC environment of a ``players``-player game (2 to 4, SETUP-1).

    ``options`` are a match's options (``factions``, ``first_player``,
    ``faction_deck_reshuffle``: the server's, read by ``Game.read_options``); ``reward`` is
    ``score_diff`` or ``win_loss``.
    """
    return GameEnv(GAME, ENCODING, players, options, seed, reward, render_mode)


class SingleAgentEnv(GameSingleAgentEnv[GameState, Move]):
    """One seat learns; the other seats are played by Imperial Settlers' bots, each deciding
    from its own view.

    ``reset`` returns the learner's first observation; ``step`` plays its action, then the
    bots' moves until the learner must act again or the game ends. The reward is 0 until
    the last step, then the learner's final reward. A searching bot thinks at most
    ``seconds`` a move, or its own budget of iterations if sooner.
    """

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
        aec = env(players=players, seed=seed, reward=reward, options=options)
        super().__init__(aec, opponent, seat, seconds, render_mode)
