"""Every game with an RL encoding (its ``rl`` package's ``ENCODING``, and ``ACTIONS`` in its
``rl.actions``; optional extra ``rl``), in the platform's environments (:mod:`boardtable.rl`): PettingZoo's API test
passes; an illegal action is refused and changes nothing; rewards come at the end; a seeded
reset replays the same game; one seat learns a whole game against the greedy bot; the bots
guide tables the action space; without the extra, importing the game's ``rl`` names it, and
the game never imports it. A game without an encoding (the toy) is skipped."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from pettingzoo.test import api_test

from boardtable.games import AnyGame
from boardtable.rl import ActionSpace, Encoding, GameEnv, GameSingleAgentEnv

from .support import beside, sizes

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "bots.md"


def _package(played: AnyGame) -> str:
    return type(played).__module__.partition(".")[0]


def _encoding(played: AnyGame) -> Encoding[Any, Any]:
    """The game's encoding; the test is skipped for a game without one."""
    found = beside(played, "ENCODING", "rl")
    if found is None:
        pytest.skip(f"{played.name} has no RL encoding (no ENCODING in its rl package)")
    encoding: Encoding[Any, Any] = found
    return encoding


def _env(played: AnyGame, players: int, seed: int, reward: str = "score_diff") -> GameEnv[Any, Any]:
    return GameEnv(played, _encoding(played), players, seed=seed, reward=reward)


def _random_to_the_end(game: GameEnv[Any, Any], seed: int) -> dict[str, float]:
    """Random legal actions of every agent to the end of the game: each agent's rewards summed."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, value, terminated, truncated, _ = game.last()
        assert game.observation_space(agent).contains(observation)
        totals[agent] += value
        if terminated or truncated:
            game.step(None)
            continue
        assert value == 0.0
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_pettingzoo_api_test_passes(played: AnyGame) -> None:
    for players in sizes(played):
        with warnings.catch_warnings():
            # the API test warns that a dict observation is no array, as for PettingZoo's own games
            warnings.simplefilter("ignore")
            api_test(_env(played, players, 3), num_cycles=1000)


def test_an_illegal_action_is_refused_and_changes_nothing(played: AnyGame) -> None:
    game = _env(played, played.seats[0], 1)
    before, agent = game.game, game.agent_selection
    mask = game.observe(agent)["action_mask"]
    with pytest.raises(ValueError, match=f"not legal for player {game.seat(agent)}"):
        game.step(int(np.flatnonzero(mask == 0)[0]))
    assert game.game is before and game.agent_selection == agent


@pytest.mark.parametrize("reward", ["score_diff", "win_loss"])
def test_rewards_come_at_the_end(played: AnyGame, reward: str) -> None:
    players = max(played.seats[0], min(3, played.seats[1]))
    game = _env(played, players, 5, reward)
    totals = _random_to_the_end(game, 0)
    final = game.game
    assert played.is_over(final)
    expected = game.final_rewards()
    assert [totals[agent] for agent in game.possible_agents] == expected
    scores = played.totals(final)
    if reward == "score_diff":
        assert sum(expected) == pytest.approx(0.0)
        others = (sum(scores) - scores[0]) / (players - 1)
        assert expected[0] == pytest.approx(scores[0] - others)
    else:
        assert expected == [1.0 if seat in played.winners(final) else -1.0 for seat in range(players)]


def test_a_seeded_reset_replays_the_same_game(played: AnyGame) -> None:
    players = played.seats[1]
    one, other = _env(played, players, 1), _env(played, players, 2)
    other.reset(seed=1)
    assert played.digest(one.game) == played.digest(other.game)
    one.reset()
    assert played.digest(one.game) != played.digest(other.game)  # the next episode is another game


def test_one_seat_learns_a_whole_game_against_the_greedy_bot(played: AnyGame) -> None:
    single = GameSingleAgentEnv(_env(played, played.seats[0], 4), "greedy", seat=1)
    observation, _ = single.reset(seed=4)
    assert single.observation_space.contains(observation)
    rng = np.random.default_rng(1)
    steps, done, reward = 0, False, 0.0
    while not done:
        assert 1 in played.to_act(single.aec.game)
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, truncated, _ = single.step(action)
        assert not truncated and (done or reward == 0.0)
        steps += 1
    assert played.is_over(single.aec.game)
    assert reward == single.aec.final_rewards()[1]
    assert 0 < steps < played.ply(single.aec.game)
    assert not observation["action_mask"].any()


def test_the_bots_guide_tables_the_action_space(played: AnyGame) -> None:
    """The guide's section of the environment (``### TITLE: `NAME```) tables its action blocks
    as the game's :class:`~boardtable.rl.actions.ActionSpace` describes them, and says its sizes."""
    encoding = _encoding(played)
    actions: ActionSpace[Any, Any] = beside(played, "ACTIONS", "rl.actions")
    guide = GUIDE.read_text(encoding="utf-8")
    start = guide.index(f"### {played.title}: `{encoding.name}`")
    section = guide[start : guide.index("\n### ", start)]
    rows = [tuple(cell.strip() for cell in line.strip("|").split("|")) for line in section.splitlines()]
    kinds = {block.kind for block in actions.blocks}
    assert [row for row in rows if len(row) == 3 and row[1] in kinds] == actions.describe_blocks()
    assert actions.actions == encoding.actions
    assert pickle.loads(pickle.dumps(actions)) == actions  # a pool of processes may be handed it
    assert f"Discrete({encoding.actions})" in section
    assert f"{encoding.observation_space.shape[0]} values" in section


def test_importing_the_game_s_rl_without_the_extra_names_it(
    played: AnyGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    _encoding(played)
    package = _package(played)
    for loaded in [m for m in sys.modules if m.startswith(("boardtable.rl", f"{package}.rl"))]:
        monkeypatch.delitem(sys.modules, loaded)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(
        ImportError, match=r"needs the optional extra 'rl' .*pip install 'hadara-rules\[rl\]'"
    ):
        importlib.import_module(f"{package}.rl")


def test_the_game_and_the_platform_never_import_the_rl_extra(played: AnyGame) -> None:
    _encoding(played)
    package = _package(played)
    code = (
        f"import sys, {package}, {type(played).__module__}, boardtable.games, boardtable.cli, boardtable.arena\n"
        f"print(sorted(m for m in ('boardtable.rl', '{package}.rl', 'pettingzoo', 'gymnasium', 'numpy')"
        " if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
