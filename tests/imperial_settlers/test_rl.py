"""Imperial Settlers' reinforcement-learning environment (``imperial_settlers_v0``, optional
extra ``rl``): every legal move has its own action and decodes back, the canonical ranks of
builds and activations, the pinned layout, masks that are exactly the legal moves,
observations that hide what the seat cannot see, and the environment's arguments."""

from __future__ import annotations

import functools
import random

import attrs
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np

from boardtable.errors import GameError
from imperial_settlers_rules import (
    Activate,
    Build,
    Convert,
    Deck,
    GameState,
    Move,
    Pick,
    Raze,
    Spend,
    apply_move,
    legal_moves,
    player_view,
    sample_world,
)
from imperial_settlers_rules.game import GAME
from imperial_settlers_rules.rl import (
    ACTION_COUNT,
    BLOCKS,
    CARDS,
    ENCODING,
    OBSERVATION_SIZE,
    SingleAgentEnv,
    decode_action,
    encode_action,
    env,
    legal_actions,
    observe,
    observe_view,
)
from imperial_settlers_rules.rl.actions import ACTING, MOST_ACTIVATIONS, MOST_BUILDS, MOST_CONVERSIONS

from .tables import acting, card, game, playout, supply

#: The seeded games the encoding is checked on (players and seed): the first two in the
#: default run, all of them (every kind of move comes up) in the slow one.
GAMES = [(2 + seed % 3, seed) for seed in range(1, 9)]


@functools.cache
def _positions(games: int = 2) -> tuple[GameState, ...]:
    """Every position before a move of the first ``games`` seeded games (actions preferred
    to passing), and the last."""
    found: list[GameState] = []
    for players, seed in GAMES[:games]:
        steps = list(playout(game(players, seed), seed))
        found += [before for before, _, _ in steps]
        found.append(steps[-1][2])
    return tuple(found)


def _block(action: int) -> str:
    return next(block.kind for block in BLOCKS if block.start <= action < block.start + block.size)


def _every_move_has_its_own_action(positions: tuple[GameState, ...]) -> set[str]:
    """Checks that every legal move of every seat to act in ``positions`` has its own action,
    the same from the seat's view and the whole position, that it decodes back, and that the
    ranks stay within half their bounds; the kinds of move seen."""
    kinds: set[str] = set()
    most: dict[type[Move], float] = {}
    for state in positions:
        for seat in state.to_act:
            view = player_view(state, seat)
            moves = legal_moves(view, seat)
            assert moves == legal_moves(state, seat)
            actions = [encode_action(move, view) for move in moves]
            assert actions == [encode_action(move, state) for move in moves]
            assert len(set(actions)) == len(moves)
            assert all(0 <= action < ACTION_COUNT for action in actions)
            table = legal_actions(view, seat)
            assert table == dict(zip(actions, moves, strict=True))
            for action in actions[:: max(1, len(actions) // 5)]:
                assert decode_action(action, view, seat) == table[action]
            kinds.update(_block(action) for action in actions)
            for move, action in zip(moves, actions, strict=True):
                if isinstance(move, (Build, Activate, Convert)):
                    first, bound = _run(move)
                    most[type(move)] = max(most.get(type(move), 0.0), (action - first + 1) / bound)
    assert max(most.values(), default=0.0) <= 0.5
    return kinds


def test_every_legal_move_has_its_own_action_the_same_from_the_view_and_decodes_back() -> None:
    kinds = _every_move_has_its_own_action(_positions())
    assert kinds >= {block.kind for block in BLOCKS} - {"choose", "discard", "convert", "repeat", "skip"}


@pytest.mark.slow
def test_every_kind_of_move_comes_up_with_its_own_action_in_whole_games() -> None:
    kinds = _every_move_has_its_own_action(_positions(len(GAMES)))
    assert kinds == {block.kind for block in BLOCKS}


@functools.cache
def _greedy_positions() -> tuple[GameState, ...]:
    """Every position of three games of the greedy bot, the Japanese at each table (their
    Ninjas' samurai make the most builds of one card), the last included."""
    found: list[GameState] = []
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        factions = ["japanese", "romans", "barbarians", "egyptians"][:players]
        state = GAME.new(GAME.read_options({"factions": factions}, players, seed))
        bots = [GAME.bot("greedy", f"{seed}:{seat}", 1.0) for seat in range(players)]
        while not state.is_over:
            found.append(state)
            seat = state.to_act[0]
            state = apply_move(state, bots[seat].choose(state, seat), check=False)
        found.append(state)
    return tuple(found)


@pytest.mark.slow
def test_in_games_of_the_greedy_bot_every_move_has_its_own_action_within_half_the_ranks() -> None:
    _every_move_has_its_own_action(_greedy_positions())


def _run(move: Build | Activate | Convert) -> tuple[int, int]:
    """The first action of the run of ``move``'s card (or location) and how many actions it holds."""
    if isinstance(move, Build):
        before = sum(MOST_BUILDS[card] for card in CARDS[: CARDS.index(move.card)])
        return _first("build") + before, MOST_BUILDS[move.card]
    if isinstance(move, Activate):
        return _first("activate") + ACTING.index(move.location) * MOST_ACTIVATIONS, MOST_ACTIVATIONS
    return _first("convert"), MOST_CONVERSIONS


def _first(kind: str) -> int:
    return next(block.start for block in BLOCKS if block.kind == kind)


def test_a_build_is_named_by_its_card_and_its_rank_among_the_card_s_builds() -> None:
    statue = card("com-statue")  # costs 1 wood, 2 stone; gold stands for either (GOODS-2)
    state = acting(p0={"hand": (statue,), "supply": supply(wood=1, stone=2, gold=3)})
    builds = [move for move in legal_moves(state) if isinstance(move, Build)]
    assert len(builds) > 4
    assert [move.pay[4] for move in builds] == sorted(move.pay[4] for move in builds)  # fewest gold first
    start = _run(builds[0])[0]
    assert [encode_action(move, state) for move in builds] == list(range(start, start + len(builds)))


def test_eng_4_a_location_the_egyptian_player_took_over_is_razed_by_its_owner_as_owner_0() -> None:
    statue = card("com-statue")
    state = acting(
        ("romans", "barbarians", "egyptians", "japanese"), p0={"empire": (statue,), "supply": supply(raze=2)}
    )
    state = attrs.evolve(state, taken=((statue, 2),))
    razes = [move for move in legal_moves(state) if isinstance(move, Raze)]
    assert razes == [Raze(0, 0, statue)]
    raze = next(block for block in BLOCKS if block.kind == "raze")
    assert encode_action(razes[0], state) == raze.start + CARDS.index(statue) * 2
    assert decode_action(raze.start + CARDS.index(statue) * 2, state, 0) == razes[0]


@pytest.mark.parametrize(
    ("move", "action"),
    [
        (Pick(0, "com001"), 0),
        (Pick(1, "jap030"), 203),
        (Spend(0, (1, 0, 0, 0)), 202845),
        (Spend(0, (0, 0, 0, 1), Deck.FACTION), 202852),
        (Spend(0, (0, 0, 0, 20), Deck.FACTION), 224094),
    ],
    ids=str,
)
def test_moves_named_by_their_parameters_have_their_pinned_actions(move: Move, action: int) -> None:
    assert encode_action(move, game(2, 1)) == action


#: The blocks, as (kind, first action, size): an agent trained on them depends on them, so
#: they never change (a new block comes after the last).
PINNED_BLOCKS = [
    ("pick", 0, 204),
    ("draw", 204, 2),
    ("choose", 206, 2),
    ("keep", 208, 204),
    ("repeat", 412, 204),
    ("convert", 616, 4096),
    ("discard", 4712, 204),
    ("skip", 4916, 1),
    ("build", 4917, 146432),
    ("make_deal", 151349, 816),
    ("raze_card", 152165, 408),
    ("raze", 152573, 1632),
    ("activate", 154205, 48640),
    ("spend", 202845, 21250),
    ("pass", 224095, 1),
    ("done", 224096, 1),
    ("defend", 224097, 204),
    ("samurai", 224301, 204),
    ("tuck", 224505, 621),
]


def test_the_blocks_never_change() -> None:
    assert [(block.kind, block.start, block.size) for block in BLOCKS] == PINNED_BLOCKS
    assert ACTION_COUNT == ENCODING.actions == 225126


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Pick(0, "xyz001"), "no action names P0 pick card=xyz001"),
        (Spend(0, (21, 0, 0, 0)), "takes more than the 20 pairs of workers an action names"),
        # not in the hand, so not legal: no rank names it
        (Build(0, "com001", supply(wood=1, stone=2)), "not a legal move here"),
    ],
    ids=str,
)
def test_a_move_no_action_names_is_refused(move: Move, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        encode_action(move, game(2, 1))


def test_the_mask_is_exactly_the_legal_moves_of_the_agent_and_nobody_elses() -> None:
    played = env(players=3, seed=2)
    rng = np.random.default_rng(2)
    for _ in range(120):
        state = played.game
        for seat in range(3):
            mask = played.observe(f"player_{seat}")["action_mask"]
            legal = {encode_action(move, state) for move in legal_moves(state, seat)}
            assert set(np.flatnonzero(mask)) == legal
            assert (seat in state.to_act) == bool(legal)
        assert played.agent_selection == f"player_{state.to_act[0]}"
        played.step(int(rng.choice(sorted(legal_actions(state, state.to_act[0])))))


def test_worlds_the_seat_cannot_tell_apart_give_the_same_observation_and_actions() -> None:
    positions = [state for state in _positions()[::10] if not state.is_over]
    assert len(positions) > 30
    differing = 0
    for k, state in enumerate(positions):
        for seat in {state.to_act[0], (state.to_act[0] + 1) % len(state.players)}:
            view = player_view(state, seat)
            seen, legal = observe(state, seat), set(legal_actions(state, seat))
            assert seen.shape == (OBSERVATION_SIZE,) and ENCODING.observation_space.contains(seen)
            for world in (sample_world(view, seat, random.Random(2 * k + n)) for n in range(2)):
                differing += world.players != state.players or world.common != state.common
                assert np.array_equal(observe(world, seat), seen)
                assert set(legal_actions(world, seat)) == legal
    assert differing > len(positions)  # the worlds really differ in what the seat cannot see


def test_what_the_seat_sees_changes_its_observation() -> None:
    statue, quarry = card("com-statue"), card("com-quarry")
    state = acting(p0={"hand": (statue,)}, p1={"hand": (quarry,)})
    seen = observe(state, 0)
    assert not np.array_equal(observe(acting(p0={"hand": (quarry,)}, p1={"hand": (quarry,)}), 0), seen)
    # seat 1's hand is only counted: another card of as many is the same to seat 0
    assert np.array_equal(
        observe(acting(p0={"hand": (statue,)}, p1={"hand": (card("com-quarry", 1),)}), 0), seen
    )
    assert not np.array_equal(observe(acting(p0={"hand": (statue,)}), 0), seen)


def test_an_observation_is_made_of_a_seat_s_view_only() -> None:
    state = game(3, 2)
    with pytest.raises(ValueError, match="needs seat 0's view"):
        observe_view(state, 0)
    with pytest.raises(ValueError, match="needs seat 1's view"):
        observe_view(player_view(state, 0), 1)
    assert np.array_equal(observe_view(player_view(state, 2), 2), observe(state, 2))


def test_a_seat_learning_against_seeded_bots_replays_its_game_from_the_seed() -> None:
    finals = []
    for seed in (9, 9, 10):
        single = SingleAgentEnv(players=3, opponent="random", seat=1, seed=seed)
        observation, _ = single.reset(seed=seed)
        terminated = False
        while not terminated:  # the learner takes its last legal action every time
            action = int(np.flatnonzero(observation["action_mask"])[-1])
            observation, _, terminated, _, _ = single.step(action)
        finals.append(GAME.digest(single.aec.game))
    assert finals[0] == finals[1] != finals[2]


def test_the_match_options_reach_the_game_and_a_bad_one_is_refused_in_one_line() -> None:
    factions = ["japanese", "romans", "egyptians"]
    played = env(players=3, seed=1, options={"factions": factions, "first_player": 2})
    assert [player.faction for player in played.game.players] == factions
    assert played.agent_selection == "player_2"
    refusals: list[tuple[dict[str, object], str]] = [
        ({"rounds": 3}, "'rounds' is no Imperial Settlers option"),
        ({"factions": ["romans"]}, "SETUP-1: factions names a different faction for each of the 3 seats"),
    ]
    for options, message in refusals:
        with pytest.raises(GameError, match=message) as refused:
            env(players=3, options=options)
        assert "\n" not in str(refused.value)


def test_the_environment_is_named_and_renders_a_line() -> None:
    played = env(players=2, seed=1, render_mode="ansi")
    assert played.metadata["name"] == "imperial_settlers_v0" and played.rules is GAME
    assert played.render() == "Imperial Settlers, move 0: waiting for player_0"
