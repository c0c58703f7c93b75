"""Stone Age's reinforcement-learning environment (``stone_age_v0``, optional extra ``rl``):
the action encoding, masks that are exactly the legal moves, observations that hide what
the seat cannot see, whole games in both wrappers, and the platform's environment's own
checks of its arguments."""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Iterator

import attrs
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np

from boardtable.errors import GameError
from boardtable.rl import GameEnv
from stone_age_rules import (
    Act,
    ChooseDie,
    Feed,
    GameState,
    GoHungry,
    Location,
    Move,
    Place,
    Resources,
    TakeBack,
    TakeResources,
    UseTools,
    apply_move,
    legal_moves,
    parse_move,
    player_view,
    sample_world,
)
from stone_age_rules._goods import bundles
from stone_age_rules._model import BUILDINGS, LOCATIONS, SLOTS
from stone_age_rules.game import GAME
from stone_age_rules.rl import (
    ACTION_COUNT,
    BLOCKS,
    BUNDLES,
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

from .tables import with_player

#: The seeded games the encoding is checked on: players, seed and options.
GAMES: list[tuple[int, int, dict[str, object]]] = [
    (2, 1, {}),
    (3, 2, {"any_two_resources": "immediate"}),
    (4, 3, {}),
]


def _seeded_game(players: int, seed: int, options: dict[str, object]) -> Iterator[GameState]:
    """Every position of a game of random legal moves, the first to the last."""
    rng = random.Random(seed)
    state = GAME.new(GAME.read_options(options, players, seed))
    while not state.is_over:
        yield state
        state = apply_move(state, rng.choice(legal_moves(state)), check=False)
    yield state


@functools.cache
def _positions() -> tuple[GameState, ...]:
    """Every position of the games of :data:`GAMES`, one game after the other."""
    return tuple(state for players, seed, options in GAMES for state in _seeded_game(players, seed, options))


def _kind(action: int) -> str:
    return next(block.kind for block in BLOCKS if block.start <= action < block.start + block.size)


def test_every_legal_move_has_its_own_action_and_decodes_back() -> None:
    kinds = set()
    for state in _positions():
        for seat in state.to_act:
            moves = legal_moves(state, seat)
            actions = [encode_action(move) for move in moves]
            assert len(set(actions)) == len(moves)
            assert all(0 <= action < ACTION_COUNT for action in actions)
            for move, action in zip(moves, actions, strict=True):
                assert decode_action(action, state, seat) == move
                kinds.add(_kind(action))
    assert kinds == {block.kind for block in BLOCKS}


def _every_move() -> list[Move]:
    """Every move the action space names, for seat 0: each payment a bundle of the table."""
    slots = [
        Act(0, slot, pay)
        for slot, price in zip(SLOTS, (1, 2, 3, 4), strict=True)
        for pay in bundles(price, Resources(4, 4, 4, 4))
    ]
    return [
        *(Place(0, location, people) for location in LOCATIONS for people in range(1, 11)),
        *(Act(0, location) for location in LOCATIONS if location not in BUILDINGS + SLOTS),
        *(Act(0, building, pay) for building in BUILDINGS for pay in BUNDLES if pay.total <= 7),
        *slots,
        *(TakeBack(0, location) for location in LOCATIONS),
        *(
            UseTools(0, tools, tokens)
            for tools in [(), (0,), (1,), (0, 1), (2,), (0, 2), (1, 2), (0, 1, 2)]
            for tokens in [(), (4,), (3,), (3, 4), (2,), (2, 4), (2, 3), (2, 3, 4)]
        ),
        *(ChooseDie(0, face) for face in range(1, 7)),
        *(TakeResources(0, take) for take in bundles(2, Resources(2, 2, 2, 2))),
        *(Feed(0, pay) for pay in BUNDLES),
        GoHungry(0),
    ]


def test_the_actions_are_exactly_the_moves_the_table_names() -> None:
    """Each action names one move: the moves of the blocks' layouts take every action once."""
    moves = _every_move()
    assert sorted(encode_action(move) for move in moves) == list(range(ACTION_COUNT))
    assert len(BUNDLES) == 1000 and BUNDLES[0].total == 1 and BUNDLES[-1].total == 10


@pytest.mark.parametrize(
    "move",
    [
        Place(0, Location.HUNTING, 11),
        Place(0, Location.FOREST, 0),
        Act(0, Location.HUNTING, Resources(1)),
        Act(0, Location.BUILDING_1, None),
        Act(0, Location.BUILDING_1, Resources(8)),
        Act(0, Location.CARD_2, Resources(3)),
        UseTools(0, (0, 0)),
        UseTools(0, (3,)),
        UseTools(0, (), (2, 2)),
        UseTools(0, (), (5,)),
        ChooseDie(0, 7),
        TakeResources(0, Resources(3)),
        Feed(0, Resources(11)),
    ],
    ids=str,
)
def test_a_move_no_action_names_is_refused(move: Move) -> None:
    with pytest.raises(ValueError, match="no action names"):
        encode_action(move)


#: The blocks of the action space, as (kind, first action, size): what an agent trained on
#: it has learnt depends on them, so they never change (a new block comes after the last).
PINNED_BLOCKS = [
    ("place", 0, 160),
    ("act", 160, 8),
    ("build", 168, 1316),
    ("buy", 1484, 69),
    ("takeback", 1553, 16),
    ("tools", 1569, 64),
    ("die", 1633, 6),
    ("take", 1639, 10),
    ("feed", 1649, 1000),
    ("hungry", 2649, 1),
]
#: The first and last action of every block, and some between.
PINNED_ACTIONS = [
    ("P0 place hunting 1", 0),
    ("P0 place forest 7", 16),
    ("P0 place card4 10", 159),
    ("P0 act hunting", 160),
    ("P0 act field", 167),
    ("P0 act building1 pay=1gold", 168),
    ("P0 act building2 pay=1wood,1clay,1stone", 168 + 329 + 4 + 10 + 14),
    ("P0 act building4 pay=7wood", 1483),
    ("P0 act card1 pay=1gold", 1484),
    ("P0 act card4 pay=4wood", 1552),
    ("P0 takeback hunting", 1553),
    ("P0 takeback card4", 1568),
    ("P0 tools - -", 1569),
    ("P0 tools 0,1,2 2,3,4", 1632),
    ("P0 die 1", 1633),
    ("P0 die 6", 1638),
    ("P0 take 2gold", 1639),
    ("P0 take 2wood", 1648),
    ("P0 feed 1gold", 1649),
    ("P0 feed 10wood", 2648),
    ("P0 hungry", 2649),
]
#: Every legal move of every position of the seeded games with its action, one a line
#: (``P0 place hunting 1 0``): 38120 lines and their SHA-256.
PINNED_GAMES = (38120, "46d375bbd7c21f248c4a99d58651e4a42f064f9f5263a9c0c92c91ac8cbcf674")


def test_the_action_numbers_never_change() -> None:
    assert [(block.kind, block.start, block.size) for block in BLOCKS] == PINNED_BLOCKS
    assert [(text, encode_action(parse_move(text))) for text, _ in PINNED_ACTIONS] == PINNED_ACTIONS
    digest, lines = hashlib.sha256(), 0
    for position in _positions():
        for move in legal_moves(position):
            digest.update(f"{move} {encode_action(move)}\n".encode())
            lines += 1
    assert (lines, digest.hexdigest()) == PINNED_GAMES


def _last_mask(game: GameEnv[GameState, Move], seat: int) -> set[int]:
    return {int(a) for a in np.flatnonzero(game.observe(game.possible_agents[seat])["action_mask"])}


def test_the_mask_is_exactly_the_legal_moves_of_the_agent_and_nobody_elses() -> None:
    game = env(players=3, seed=2, options={"max_rounds": 3})
    rng = np.random.default_rng(2)
    steps = 0
    while not game.game.is_over:
        state = game.game
        for seat in range(3):
            legal = {encode_action(move) for move in legal_moves(state, seat)}
            assert _last_mask(game, seat) == legal
            assert (seat in state.to_act) == bool(legal)
        assert game.agent_selection == f"player_{state.to_act[0]}"
        game.step(int(rng.choice(sorted(_last_mask(game, state.to_act[0])))))
        steps += 1
    assert steps == game.game.ply
    assert all(not _last_mask(game, seat) for seat in range(3))


def _hiding() -> GameState:
    """A position of actions in which seat 1 holds a card drawn face down (CIV-13) and a roll
    of seat 0's waits: what seat 0 cannot see is the pile, the tiles below the stacks' tops,
    seat 1's drawn card and every die to come."""
    state = next(s for s in _seeded_game(3, 5, {}) if s.roll is not None and s.roll.player == 0)
    state = with_player(state, 1, drawn=(state.pile[0],))
    return attrs.evolve(state, pile=state.pile[1:])


def test_positions_the_seat_cannot_tell_apart_give_the_same_observation_and_mask() -> None:
    state = _hiding()
    view = player_view(state, 0)
    worlds = [sample_world(view, 0, random.Random(seed)) for seed in range(6)]
    # the worlds really differ in what seat 0 cannot see ...
    assert len({w.players[1].drawn for w in worlds}) > 1
    assert len({w.pile for w in worlds}) > 1 and len({w.stacks for w in worlds}) > 1
    assert len({w.config.seed for w in worlds}) > 1
    # ... and seat 0 observes the same in all of them, with the same legal actions
    expected = observe(state, 0)
    assert expected.shape == (OBSERVATION_SIZE,)
    assert ENCODING.observation_space.contains(expected)
    game = env(players=3, seed=5)
    game.game = state
    mask = game.observe("player_0")["action_mask"]
    assert mask.sum() > 1
    for world in worlds:
        assert np.array_equal(observe(world, 0), expected)
        assert set(legal_actions(world, 0)) == set(legal_actions(view, 0)) == set(np.flatnonzero(mask))
        game.game = world
        seen = game.observe("player_0")
        assert np.array_equal(seen["observation"], expected)
        assert np.array_equal(seen["action_mask"], mask)
    # what seat 0 can see does change its observation: its own drawn card, seat 1's count
    assert not np.array_equal(observe(with_player(state, 0, drawn=(state.pile[0],)), 0), expected)
    assert not np.array_equal(observe(with_player(state, 1, drawn=()), 0), expected)


def test_along_whole_games_no_observation_or_mask_tells_apart_worlds_of_one_view() -> None:
    positions = [state for state in _positions()[::40] if not state.is_over]
    assert len(positions) > 50
    for k, state in enumerate(positions):
        for seat in {state.to_act[0], (state.to_act[0] + 1) % state.config.players}:
            view = player_view(state, seat)
            seen, legal = observe(state, seat), set(legal_actions(state, seat))
            for world in (sample_world(view, seat, random.Random(k * 2 + n)) for n in range(2)):
                assert np.array_equal(observe(world, seat), seen)
                assert set(legal_actions(world, seat)) == legal


def test_an_observation_is_made_of_a_seat_s_view_only() -> None:
    state = _hiding()
    with pytest.raises(ValueError, match="needs seat 0's view"):
        observe_view(state, 0)
    with pytest.raises(ValueError, match="needs seat 1's view"):
        observe_view(player_view(state, 0), 1)
    assert np.array_equal(observe_view(player_view(state, 2), 2), observe(state, 2))


def _against_random_bots(seed: int) -> GameState:
    """The last position of a game whose learner always takes its first legal action."""
    single = SingleAgentEnv(players=2, opponent="random", seed=seed, options={"max_rounds": 4})
    observation, _ = single.reset(seed=seed)
    done = False
    while not done:
        observation, _, done, _, _ = single.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return single.aec.game


def test_the_same_seed_plays_the_same_game_the_bots_seeded_from_it() -> None:
    assert _against_random_bots(9) == _against_random_bots(9) != _against_random_bots(10)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"players": 5}, ValueError, "Stone Age is played by 2 to 4 players, not 5"),
        ({"reward": "points"}, ValueError, "reward must be 'score_diff' or 'win_loss', not 'points'"),
        ({"options": {"rounds": 3}}, GameError, "'rounds' is no Stone Age option"),
        ({"options": {"max_rounds": 0}}, GameError, "FLOW-6: max_rounds must be"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(
    arguments: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as refused:
        env(**arguments)  # type: ignore[arg-type]
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"opponent": "oracle"}, "unknown bot 'oracle'; the bots are greedy, ismcts, random"),
        ({"seat": 2}, "seat must be between 0 and 1, not 2"),
    ],
)
def test_a_bad_opponent_or_seat_is_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SingleAgentEnv(players=2, **arguments)  # type: ignore[arg-type]


def test_the_environment_is_named_and_renders_a_line() -> None:
    game = env(players=2, seed=1, render_mode="ansi")
    assert game.metadata["name"] == "stone_age_v0" and game.rules is GAME
    assert game.render() == "Stone Age, move 0: waiting for player_0"
