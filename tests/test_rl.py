"""The reinforcement-learning environment (optional extra ``rl``): PettingZoo's API test,
the action encoding, observations that hide what the player cannot see, rewards,
and the single-agent wrapper."""

from __future__ import annotations

import hashlib
import random

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from helpers import seeded_game

from hadara_rules import (
    Draft,
    GameConfig,
    GameState,
    Section,
    apply_move,
    legal_moves,
    new_game,
    parse_move,
    player_view,
    sample_world,
)
from hadara_rules.rl import (
    ACTION_COUNT,
    BLOCKS,
    OBSERVATION_SIZE,
    SingleAgentEnv,
    decode_action,
    encode_action,
    env,
    final_rewards,
    observe,
)


def _random_positions(players: int, seed: int, advanced: bool) -> list[GameState]:
    return list(seeded_game(players, advanced, seed))


def test_every_legal_move_has_its_own_action_and_decodes_back() -> None:
    kinds_seen = set()
    for players, seed, advanced in [(2, 1, True), (3, 2, False), (5, 3, True), (4, 4, False)]:
        for state in _random_positions(players, seed, advanced):
            for seat in state.to_act:
                moves = legal_moves(state, seat)
                actions = [encode_action(m, state) for m in moves]
                assert len(set(actions)) == len(moves)
                assert all(0 <= a < ACTION_COUNT for a in actions)
                for move, action in zip(moves, actions, strict=True):
                    assert decode_action(action, state, seat) == move
                    kinds_seen.add(move.type)
    assert {"draft", "pick", "take_colony", "carve_statue", "pass", "set_wheel", "choose_side"} <= kinds_seen
    assert sum(block.size for block in BLOCKS) == ACTION_COUNT < 200


#: The blocks of the action space, as (kind, first action, size): what an agent trained
#: on it has learnt depends on them, so they never change (a new kind of move is added
#: after the last block).
PINNED_BLOCKS = [
    ("choose_side", 0, 2),
    ("set_wheel", 2, 5),
    ("draft", 7, 12),
    ("pick", 19, 30),
    ("take_colony", 49, 10),
    ("carve_statue", 59, 32),
    ("pass", 91, 1),
    ("remove_card", 92, 40),
    ("feed_with_coins", 132, 1),
    ("buy_silver", 133, 4),
    ("buy_gold", 137, 1),
]
#: The first and last action of every block, and some between (a draft round's
#: drawn cards are I-blue-02 and I-blue-06 for seat 0 here).
PINNED_ACTIONS = [
    ("P0 side A", 0),
    ("P0 side B", 1),
    ("P0 wheel 0", 2),
    ("P0 wheel 4", 6),
    ("P0 draft I-blue-02 sell", 7),
    ("P0 draft I-blue-06 buy tile=food", 18),
    ("P0 pick yellow sell", 19),
    ("P0 pick red buy tile=military", 28),
    ("P0 pick purple buy tile=food", 48),
    ("P0 colony 3 plunder", 49),
    ("P0 colony 9 ally pay=3", 52),
    ("P0 colony 30 ally", 58),
    ("P0 statue 0 income down", 59),
    ("P0 statue 1 culture up pay=6", 72),
    ("P0 statue 3 food up", 90),
    ("P0 pass", 91),
    ("P0 feed", 132),
    ("P0 silver income", 133),
    ("P0 silver food", 136),
    ("P0 gold", 137),
]
#: Every legal move of every position of five seeded games with its action, one a line
#: (``P0 colony 3 plunder 49``): 5958 lines and their SHA-256.
PINNED_GAMES = (5958, "5d7a3380b99067aa2ee3d0eadf6e6231b18faacf94dbe047f6efa4ddbc45b1c9")


def test_the_action_numbers_never_change() -> None:
    assert [(block.kind, block.start, block.size) for block in BLOCKS] == PINNED_BLOCKS
    state = next(s for s in seeded_game(3, False, 2) if s.section is Section.DRAFT)
    assert state.players[0].drawn == ("I-blue-02", "I-blue-06")
    assert [(text, encode_action(parse_move(text), state)) for text, _ in PINNED_ACTIONS] == PINNED_ACTIONS
    digest, lines = hashlib.sha256(), 0
    for players, advanced, seed in [(2, True, 1), (3, False, 2), (4, True, 3), (5, True, 4), (5, False, 5)]:
        for position in seeded_game(players, advanced, seed):
            for seat in position.to_act:
                for move in legal_moves(position, seat):
                    digest.update(f"{move} {encode_action(move, position)}\n".encode())
                    lines += 1
    assert (lines, digest.hexdigest()) == PINNED_GAMES


def _draft_position() -> GameState:
    """A draft round in which seat 1 has chosen (hidden from seat 0) and seat 0 has not."""
    state = new_game(GameConfig(players=3, seed=7))
    state = apply_move(state, legal_moves(state)[0])
    assert state.section is Section.DRAFT
    return apply_move(state, legal_moves(state, 1)[-1])


def test_worlds_the_player_cannot_tell_apart_give_the_same_observation() -> None:
    state = _draft_position()
    view = player_view(state, 0)
    worlds = [sample_world(view, 0, random.Random(seed)) for seed in range(6)]
    # the worlds really differ in what seat 0 cannot see ...
    assert len({w.players[1].drawn for w in worlds}) > 1
    assert len({w.pending[1] for w in worlds}) > 1
    # ... and seat 0 observes the same in all of them
    expected = observe(state, 0)
    assert expected.shape == (OBSERVATION_SIZE,)
    game = env(players=3, seed=7)
    for world in worlds:
        assert np.array_equal(observe(world, 0), expected)
        game.game = world
        seen = game.observe("player_0")
        assert np.array_equal(seen["observation"], expected)
        assert np.array_equal(seen["action_mask"], game.observe("player_0")["action_mask"])
    # what seat 0 can see does change its observation
    other = apply_move(state, legal_moves(state, 0)[0])
    assert not np.array_equal(observe(other, 0), expected)


def test_a_draft_round_is_played_one_drafter_at_a_time() -> None:
    game = env(players=3, seed=7)
    game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))  # the wheel
    assert game.game.section is Section.DRAFT
    acted = []
    while game.game.section is Section.DRAFT and game.game.round == 0:
        agent = game.agent_selection
        acted.append(agent)
        mask = game.observe(agent)["action_mask"]
        game.step(int(np.flatnonzero(mask)[0]))
        if len(acted) < 3:
            chosen = game.game.pending[game.seat(agent)]
            assert isinstance(chosen, Draft)
    assert sorted(acted) == ["player_0", "player_1", "player_2"]
    assert all(choice is None for choice in game.game.pending)  # the round resolved


def _replayed(digest: hashlib._Hash, observation: dict[str, np.ndarray], *values: object) -> None:
    """Add an observation, its mask and ``values`` (an agent, a reward, flags) to ``digest``."""
    digest.update(observation["observation"].tobytes())
    digest.update(observation["action_mask"].tobytes())
    digest.update(repr(values).encode())


def _aec_digest(players: int, advanced: bool, seed: int, reward: str) -> str:
    """Two episodes of random legal actions in the AEC environment, every ``last()`` hashed."""
    game = env(players=players, advanced=advanced, seed=seed, reward=reward)  # type: ignore[arg-type]
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    for _ in range(2):
        for agent in game.agent_iter():
            observation, value, terminated, truncated, _ = game.last()
            _replayed(digest, observation, agent, value, terminated, truncated)
            if terminated or truncated:
                game.step(None)
            else:
                game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        game.reset()
    return digest.hexdigest()


def _single_digest(players: int, opponent: str, seat: int, seed: int) -> str:
    """One episode of random legal actions in the single-agent environment, every step hashed."""
    single = SingleAgentEnv(players=players, opponent=opponent, seat=seat, seed=seed)
    observation, _ = single.reset(seed=seed)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    _replayed(digest, observation)
    done = False
    while not done:
        observation, reward, done, truncated, _ = single.step(
            int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
        _replayed(digest, observation, reward, done, truncated)
    return digest.hexdigest()


#: The SHA-256 of every observation, action mask and reward of seeded runs: an agent trained
#: on the environment learnt from exactly these, so no change of its implementation may
#: change them (pinned before the environment was carried onto the platform's generic one).
PINNED_RUNS = {
    "aec 3 basic": "640262cff1ba1721e44acee5137782549ad636b1f29d085c268b5eba1d134399",
    "aec 4 advanced win_loss": "3c0c7846210a0874532e912253030288b128a19197a02618f7736d5a8578e034",
    "single 3 greedy seat 1": "335f51c2cf1a4dfd73c8e3772e5a801d27a36d1a33292a166fbbd00460af2b1e",
    "single 2 random seat 0": "a61d28020b5180775a680cb4b2e7d79fa4681bc87774c77c0970a8906425f504",
}


def test_seeded_runs_see_and_earn_exactly_what_they_did() -> None:
    runs = {
        "aec 3 basic": _aec_digest(3, False, 5, "score_diff"),
        "aec 4 advanced win_loss": _aec_digest(4, True, 6, "win_loss"),
        "single 3 greedy seat 1": _single_digest(3, "greedy", 1, 4),
        "single 2 random seat 0": _single_digest(2, "random", 0, 7),
    }
    assert runs == PINNED_RUNS


@pytest.mark.parametrize("reward", ["score_diff", "win_loss"])
def test_final_rewards_are_the_environment_s(reward: str) -> None:
    """``final_rewards`` gives a finished game's rewards as the environment does (the platform's
    rewards, tested for every game in ``tests/conformance/test_rl.py``)."""
    final = list(seeded_game(3, False, 5))[-1]
    game = env(players=3, seed=5, reward=reward)  # type: ignore[arg-type]
    game.game = final
    expected = final_rewards(final, reward)  # type: ignore[arg-type]
    assert expected == game.final_rewards()
    if reward == "score_diff":
        assert sum(expected) == pytest.approx(0.0)
    else:
        assert set(expected) <= {1.0, -1.0} and 1.0 in expected
