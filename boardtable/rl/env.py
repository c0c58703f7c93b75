"""Any game as a PettingZoo AEC environment, and as a Gymnasium single-agent environment.

:class:`GameEnv` plays a game through the platform's game interface
(:class:`~boardtable.games.Game`: ``new``, ``to_act``, ``moves``, ``play``, ``view``,
``totals``, ``winners``) and asks the game's :class:`~boardtable.rl.encoding.Encoding`
for the numbers: agents ``player_0`` … ``player_{n-1}`` act one at a time (where several
seats decide together, each acts in turn, in the order the game lists them); each
observation is a dict of ``observation`` (the encoding's vector of the agent's own view)
and ``action_mask`` (1 for each action of the agent's legal moves, read from its own view
too). Rewards come at the end of the game only. :class:`GameSingleAgentEnv` lets one seat
learn while the game's bots (``Game.bot``) play the others.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Generic, TypeVar, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ..games import Decider, Game
from .encoding import Encoding, chosen, legal_actions

__all__ = ["GameEnv", "GameSingleAgentEnv", "Observation", "spaces_of"]

S = TypeVar("S")
M = TypeVar("M")
#: An observation: the vector and the action mask.
Observation = dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]


def spaces_of(encoding: Encoding[S, M]) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation space (the encoding's vector and the action mask) and the action space,
    made anew (a space holds its own random generator)."""
    box = encoding.observation_space
    observation = spaces.Dict(
        {
            "observation": spaces.Box(box.low, box.high, shape=box.shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(encoding.actions,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(encoding.actions)


class GameEnv(AECEnv, Generic[S, M]):  # type: ignore[misc]  # pettingzoo ships no type information
    """A game as a PettingZoo AEC environment (see the module).

    ``rules`` is the game (``boardtable.games.game(name)``), ``encoding`` its encoding;
    ``options`` are a match's options as the game reads them (``Game.read_options``: the
    fields of its ``options_schema``); ``reward`` names one of the encoding's rewards.
    """

    #: The whole position; agents see only their views of it, through :meth:`observe`.
    game: S

    def __init__(
        self,
        rules: Game[Any, S, M, Any, Any],
        encoding: Encoding[S, M],
        players: int = 2,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
        reward: str = "score_diff",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        low, high = rules.seats
        if type(players) is not int or not low <= players <= high:
            raise ValueError(f"{rules.title} is played by {low} to {high} players, not {players!r}")
        if reward not in encoding.rewards:
            raise ValueError(f"reward must be {' or '.join(map(repr, encoding.rewards))}, not {reward!r}")
        self.rules = rules
        self.encoding = encoding
        self.players = players
        self.options: dict[str, object] = dict(options or {})
        self.reward_kind = reward
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "name": encoding.name,
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        observation_space, action_space = spaces_of(encoding)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self._seeds = random.Random(seed)
        #: The position the kept views and legal actions are of, and them by seat.
        self._kept_of: object = None
        self._kept: dict[int, tuple[S, dict[int, M]]] = {}
        self.reset(seed=seed)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same dict space for every agent."""
        space: spaces.Space[Any] = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(encoding.actions)`` for every agent."""
        space: spaces.Space[Any] = self.action_spaces[agent]
        return space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed``, or the next seed of the environment's own sequence
        (``options`` is PettingZoo's and unused: the match's options are the constructor's)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        #: The seed of the current game's options.
        self.game_seed = self._seeds.getrandbits(53)
        self.game = self.rules.new(self.rules.read_options(self.options, self.players, self.game_seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        return self.possible_agents[self.rules.to_act(self.game)[0]]

    def seat(self, agent: str) -> int:
        """The seat number of ``agent``."""
        return self.possible_agents.index(agent)

    def _seen(self, seat: int) -> tuple[S, dict[int, M]]:
        """``seat``'s view of the position and its legal moves by action, read from that view
        (kept until the position changes)."""
        if self._kept_of is not self.game:
            self._kept_of, self._kept = self.game, {}
        found = self._kept.get(seat)
        if found is None:
            view = self.rules.view(self.game, seat)
            moves = () if self.rules.is_over(self.game) else self.rules.moves(view, seat)
            found = self._kept[seat] = (view, legal_actions(self.encoding.action, view, moves))
        return found

    def legal(self, seat: int) -> dict[int, M]:
        """Each legal move of ``seat`` by its action (none for a seat not to act)."""
        return self._seen(seat)[1]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation, built from its own view only, with its action mask."""
        seat = self.seat(agent)
        view, legal = self._seen(seat)
        mask = np.zeros(self.encoding.actions, dtype=np.int8)
        mask[list(legal)] = 1
        return {"observation": self.encoding.observe(view, seat), "action_mask": mask}

    def final_rewards(self) -> list[float]:
        """Each seat's reward for the finished game, by the environment's reward."""
        rule = self.encoding.rewards[self.reward_kind]
        return rule(self.rules.totals(self.game), self.rules.winners(self.game))

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: pass an action from its action mask")
        seat = self.seat(agent)
        move = chosen(self.legal(seat), int(action), seat)
        self._cumulative_rewards[agent] = 0.0
        self.game, _ = self.rules.play(self.game, move)
        self._clear_rewards()
        if self.rules.is_over(self.game):
            for other, value in zip(self.agents, self.final_rewards(), strict=True):
                self.rewards[other] = value
                self.terminations[other] = True
            self._accumulate_rewards()
        else:
            self.agent_selection = self._next_agent()

    def summary(self) -> str:
        """The position in one line, as :meth:`render` shows it."""
        waiting = ", ".join(self.possible_agents[s] for s in self.rules.to_act(self.game)) or "nobody"
        return f"{self.rules.title}, move {self.rules.ply(self.game)}: waiting for {waiting}"

    def render(self) -> str | None:
        """:meth:`summary` (``ansi``), or None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render mode; use render_mode='ansi'")
            return None
        return self.summary()

    def close(self) -> None:
        """Nothing to release."""


class GameSingleAgentEnv(gymnasium.Env[Observation, np.int64], Generic[S, M]):
    """One seat learns; the game's bots (``Game.bot``) play the other seats.

    ``reset`` returns the learner's first observation; ``step`` plays its action, then the
    bots' moves until the learner must act again or the game ends. The reward is 0 until the
    last step, then the learner's final reward. Each bot is seeded from the game's seed and
    its seat, and a searching bot thinks at most ``seconds`` a move (its own budget of
    iterations may end it sooner).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  # gymnasium's declaration

    def __init__(
        self,
        aec: GameEnv[S, M],
        opponent: str = "greedy",
        seat: int = 0,
        seconds: float = 10.0,
        render_mode: str | None = None,
    ) -> None:
        bots = aec.rules.bot_names()
        if opponent not in bots:
            raise ValueError(f"unknown bot {opponent!r}; the bots are {', '.join(sorted(bots))}")
        if not 0 <= seat < aec.players:
            raise ValueError(f"seat must be between 0 and {aec.players - 1}, not {seat}")
        self.aec = aec
        self.opponent = opponent
        self.learner = seat
        self.seconds = seconds
        self.render_mode = render_mode
        observation_space, action_space = spaces_of(aec.encoding)
        self.observation_space = cast(spaces.Space[Observation], observation_space)
        self.action_space = cast(spaces.Space[np.int64], action_space)
        #: The bot of every seat (the learner's plays nothing).
        self.bots: list[Decider[S, M]] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game; the bots move until it is the learner's turn."""
        super().reset(seed=seed)
        aec = self.aec
        aec.reset(seed=seed)
        self.bots = [
            aec.rules.bot(self.opponent, f"{aec.game_seed}:{seat}", self.seconds)
            for seat in range(aec.players)
        ]
        self._play_bots()
        return aec.observe(aec.possible_agents[self.learner]), {}

    def _play_bots(self) -> None:
        rules, game = self.aec.rules, self.aec.game
        while not rules.is_over(game) and self.learner not in rules.to_act(game):
            seat = rules.to_act(game)[0]
            game, _ = rules.play(game, self.bots[seat].choose(game, seat))
        self.aec.game = game

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then the bots; the reward comes when the game ends."""
        aec = self.aec
        move = chosen(aec.legal(self.learner), int(action), self.learner)
        aec.game, _ = aec.rules.play(aec.game, move)
        self._play_bots()
        done = aec.rules.is_over(aec.game)
        reward = aec.final_rewards()[self.learner] if done else 0.0
        return aec.observe(aec.possible_agents[self.learner]), reward, done, False, {}

    def render(self) -> str | None:
        """As :meth:`GameEnv.render`."""
        if self.render_mode is None:
            return None
        self.aec.render_mode = self.render_mode
        return self.aec.render()
