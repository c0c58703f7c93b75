"""A PettingZoo AEC environment of Hadara, and a Gymnasium single-agent wrapper.

:func:`env` builds a :class:`HadaraEnv`: agents ``player_0`` … ``player_{n-1}``
act one at a time. In a draft round, where the players choose together
(DRAFT-3), each player who still has to choose acts in turn and the round
resolves once the last one has chosen; nobody's observation shows another's
choice. Each observation is a dict of ``observation`` (see
:mod:`hadara_rules.rl.observation`) and ``action_mask`` (1 for each legal action
of :mod:`hadara_rules.rl.actions`). Rewards come at the end of the game only.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import GameConfig, GameState, apply_move, legal_moves, new_game, score, winners
from ..bots import BOTS, Bot, make_bots
from .actions import ACTION_COUNT, decode_action, legal_actions
from .observation import OBSERVATION_HIGH, OBSERVATION_SIZE, observe

__all__ = ["HadaraEnv", "Observation", "Reward", "SingleAgentEnv", "env", "final_rewards"]

#: How the final scores become rewards.
Reward = Literal["score_diff", "win_loss"]
#: An observation: the vector and the action mask.
Observation = dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]


def _spaces() -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0.0, OBSERVATION_HIGH, shape=(OBSERVATION_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(ACTION_COUNT,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(ACTION_COUNT)


def final_rewards(state: GameState, reward: Reward) -> list[float]:
    """Each seat's reward for a finished game.

    ``score_diff``: the seat's score minus the mean of the others' (the rewards
    add up to zero). ``win_loss``: +1 for each winner, -1 for every other seat.
    """
    if reward == "win_loss":
        won = winners(state)
        return [1.0 if seat in won else -1.0 for seat in range(len(state.players))]
    totals = [sheet.total for sheet in score(state)]
    n = len(totals)
    return [t - (sum(totals) - t) / (n - 1) for t in totals]


def _mask(state: GameState, seat: int) -> npt.NDArray[np.int8]:
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    for action in legal_actions(state, seat):
        mask[action] = 1
    return mask


class HadaraEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """Hadara as a PettingZoo AEC environment (see :func:`env`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "hadara_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }
    #: The whole position; agents see only their views of it, through :meth:`observe`.
    game: GameState

    def __init__(
        self,
        players: int = 2,
        advanced: bool = False,
        seed: int | None = None,
        reward: Reward = "score_diff",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in ("score_diff", "win_loss"):
            raise ValueError(f"reward must be 'score_diff' or 'win_loss', not {reward!r}")
        self.players = players
        self.advanced = advanced
        self.reward_kind: Reward = reward
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        observation_space, action_space = _spaces()
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self._seeds = random.Random(seed)
        self.reset(seed=seed)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same dict space for every agent."""
        space: spaces.Space[Any] = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(ACTION_COUNT)`` for every agent."""
        space: spaces.Space[Any] = self.action_spaces[agent]
        return space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed``, or the next seed of the environment's own sequence."""
        if seed is not None:
            self._seeds = random.Random(seed)
        #: The seed of the current game's configuration.
        self.game_seed = self._seeds.getrandbits(53)
        self.game = new_game(GameConfig(players=self.players, seed=self.game_seed, advanced=self.advanced))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        return self.possible_agents[self.game.to_act[0]]

    def seat(self, agent: str) -> int:
        """The seat number of ``agent``."""
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation, built from its player view only, with its action mask."""
        seat = self.seat(agent)
        mask = _mask(self.game, seat) if not self.game.is_over else np.zeros(ACTION_COUNT, dtype=np.int8)
        return {"observation": observe(self.game, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: pass an action from its action mask")
        seat = self.seat(agent)
        self._cumulative_rewards[agent] = 0.0
        self.game = apply_move(self.game, decode_action(int(action), self.game, seat), check=False)
        self._clear_rewards()
        if self.game.is_over:
            for other, value in zip(self.agents, final_rewards(self.game, self.reward_kind), strict=True):
                self.rewards[other] = value
                self.terminations[other] = True
            self._accumulate_rewards()
        else:
            self.agent_selection = self._next_agent()

    def render(self) -> str | None:
        """A one-line summary of the position (``ansi``), or None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render mode; use render_mode='ansi'")
            return None
        g = self.game
        waiting = ", ".join(self.possible_agents[s] for s in g.to_act) or "nobody"
        return f"epoch {g.epoch}, phase {g.phase}, {g.section}: waiting for {waiting} (move {g.ply})"

    def close(self) -> None:
        """Nothing to release."""


def env(
    players: int = 2,
    advanced: bool = False,
    seed: int | None = None,
    reward: Reward = "score_diff",
    render_mode: str | None = None,
) -> HadaraEnv:
    """A PettingZoo AEC environment of a ``players``-player game (see :class:`HadaraEnv`)."""
    return HadaraEnv(players=players, advanced=advanced, seed=seed, reward=reward, render_mode=render_mode)


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """One seat learns; the other seats are played by built-in bots (``random``, ``greedy``, ``ismcts``).

    ``reset`` returns the learner's first observation; ``step`` plays its action,
    then the bots' moves until the learner must act again or the game ends. The
    reward is 0 until the last step, then the learner's final reward.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  # gymnasium's declaration

    def __init__(
        self,
        players: int = 2,
        opponent: str = "greedy",
        seat: int = 0,
        advanced: bool = False,
        seed: int | None = None,
        reward: Reward = "score_diff",
        render_mode: str | None = None,
    ) -> None:
        if opponent not in BOTS:
            raise ValueError(f"unknown bot {opponent!r}; the bots are {', '.join(sorted(BOTS))}")
        if not 0 <= seat < players:
            raise ValueError(f"seat must be between 0 and {players - 1}, not {seat}")
        self.aec = HadaraEnv(players=players, advanced=advanced, seed=seed, reward=reward)
        self.opponent = opponent
        self.learner = seat
        self.render_mode = render_mode
        observation_space, action_space = _spaces()
        self.observation_space = cast(spaces.Space[Observation], observation_space)
        self.action_space = cast(spaces.Space[np.int64], action_space)
        self.bots: list[Bot] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game; the bots move until it is the learner's turn."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self.bots = make_bots(self.opponent, self.aec.players, self.aec.game_seed)
        self._play_bots()
        return self.aec.observe(self.aec.possible_agents[self.learner]), {}

    def _play_bots(self) -> None:
        game = self.aec.game
        while not game.is_over and self.learner not in game.to_act:
            seat = game.to_act[0]
            move = self.bots[seat].choose(game, seat, legal_moves(game, seat))
            game = apply_move(game, move, check=False)
        self.aec.game = game

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then the bots; the reward comes when the game ends."""
        game = self.aec.game
        move = decode_action(int(action), game, self.learner)
        self.aec.game = apply_move(game, move, check=False)
        self._play_bots()
        done = self.aec.game.is_over
        reward = final_rewards(self.aec.game, self.aec.reward_kind)[self.learner] if done else 0.0
        return self.aec.observe(self.aec.possible_agents[self.learner]), reward, done, False, {}

    def render(self) -> str | None:
        """As :meth:`HadaraEnv.render`."""
        if self.render_mode is None:
            return None
        self.aec.render_mode = self.render_mode
        return self.aec.render()
