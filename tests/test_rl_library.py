"""The environments a game gets from its game and encoding (:mod:`boardtable.rl.library`):
Stone Age's and Imperial Settlers' ``env`` and ``SingleAgentEnv`` are the platform's, made
for the game, and pickle by reference (a pool of processes may be handed them)."""

from __future__ import annotations

import importlib
import pickle

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from boardtable.rl import GameEnv, LibrarySingleAgentEnv

PACKAGES = ("stone_age_rules", "imperial_settlers_rules")


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_s_environments_are_the_platform_s_for_its_game(package: str) -> None:
    rl = importlib.import_module(f"{package}.rl")
    game = importlib.import_module(f"{package}.game").GAME
    played = rl.env(players=3, seed=4, options={})
    assert isinstance(played, GameEnv) and played.rules is game and played.encoding is rl.ENCODING
    single = rl.SingleAgentEnv(players=2, opponent="random", seat=1, seed=4)
    assert isinstance(single, LibrarySingleAgentEnv) and single.aec.rules is game and single.learner == 1


@pytest.mark.parametrize("package", PACKAGES)
def test_env_and_single_agent_env_pickle_by_reference(package: str) -> None:
    rl = importlib.import_module(f"{package}.rl")
    assert pickle.loads(pickle.dumps(rl.env)) == rl.env
    assert pickle.loads(pickle.dumps(rl.SingleAgentEnv)) is rl.SingleAgentEnv
    assert len(pickle.dumps(rl.env)) < 200
