"""The engine's contract: legality and enumeration agree, refusals name a rule, nothing mutates."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from helpers import seeded_game

from hadara_rules import (
    Action,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    GameConfig,
    GameState,
    IllegalMove,
    Move,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    Side,
    TakeColony,
    Track,
    apply_move,
    check_move,
    legal_moves,
    new_game,
)
from hadara_rules._engine import move_key
from hadara_rules._rulebook import rules
from hadara_rules._vocabulary import COLORS, TIERS, Section

RULE_IDS = set(rules())
TILES: tuple[Track | None, ...] = (None, *Track)


def move_universe(state: GameState) -> Iterator[Move]:
    """Many moves of every kind, legal or not, for every seat."""
    drawn = sorted({c for p in state.players for c in p.drawn} | {"I-blue-01", "no-such-card"})
    for seat in range(-1, len(state.players) + 1):
        yield Pass(seat)
        yield BuyGold(seat)
        yield FeedWithCoins(seat)
        for side in Side:
            yield ChooseSide(seat, side)
        for rotation in range(-1, 6):
            yield SetWheel(seat, rotation)
        for card, action, tile in itertools.product(drawn, Action, TILES):
            yield Draft(seat, card, action, tile)
        for color, action, tile in itertools.product(COLORS, Action, TILES):
            yield Pick(seat, color, action, tile)
        for tier, ally, pay in itertools.product((*TIERS, 7), (False, True), (0, 3, 4, 6, 33)):
            yield TakeColony(seat, tier, ally, pay)
        for statue, tile, face_up, pay in itertools.product(range(5), Track, (False, True), (0, 3, 5)):
            yield CarveStatue(seat, statue, tile, face_up, pay)
        for tile in Track:
            yield BuySilver(seat, tile)
        if 0 <= seat < len(state.players):
            for card in (*state.players[seat].cards, "I-red-01"):
                yield RemoveCard(seat, card)


def sample_positions(players: int, seed: int, advanced: bool, every: int) -> Iterator[GameState]:
    """Every ``every``-th position of a random game, and its last."""
    return (s for s in seeded_game(players, advanced, seed) if s.is_over or s.ply % every == 0)


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (3, True), (4, False), (5, True)])
def test_legal_moves_are_exactly_the_moves_check_accepts(players: int, advanced: bool) -> None:
    for state in sample_positions(players, seed=players, advanced=advanced, every=7):
        legal = set(legal_moves(state))
        for move in {*move_universe(state), *legal}:
            refusal = check_move(state, move)
            assert (refusal is None) == (move in legal), (move, refusal)
            if refusal is not None:
                assert refusal.rule in RULE_IDS
                assert refusal.reason


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (5, False)])
def test_refused_moves_change_nothing_and_legal_moves_apply(players: int, advanced: bool) -> None:
    rng = random.Random(0)
    for state in sample_positions(players, seed=11, advanced=advanced, every=13):
        snapshot, digest = state, hash(state)
        illegal = [m for m in move_universe(state) if check_move(state, m) is not None]
        for move in rng.sample(illegal, min(30, len(illegal))):
            with pytest.raises(IllegalMove) as refused:
                apply_move(state, move)
            assert refused.value == check_move(state, move)
        assert state == snapshot
        assert hash(state) == digest
        for move in legal_moves(state):
            after = apply_move(state, move)
            assert after.ply == state.ply + 1
            assert after == apply_move(state, move, check=False)


def test_legal_moves_are_sorted_and_deterministic() -> None:
    for state in sample_positions(4, seed=3, advanced=True, every=5):
        moves = legal_moves(state)
        assert list(moves) == sorted(moves, key=move_key)
        assert moves == legal_moves(state)
        for seat in state.to_act:
            assert legal_moves(state, seat) == tuple(m for m in moves if m.player == seat)


def test_flow_1_only_players_to_act_may_move() -> None:
    state = new_game(GameConfig(players=3, seed=0))
    other = (state.first_player + 1) % 3
    refusal = check_move(state, SetWheel(other, 0))
    assert refusal is not None
    assert refusal.rule == "FLOW-1"
    assert legal_moves(state, other) == ()


def test_flow_1_a_player_chooses_once_per_draft_round() -> None:
    state = new_game(GameConfig(players=3, seed=0))
    state = apply_move(state, SetWheel(state.first_player, 0))
    first = legal_moves(state, 0)[0]
    state = apply_move(state, first)
    assert 0 not in state.to_act
    refusal = check_move(state, first)
    assert refusal is not None
    assert refusal.rule == "FLOW-1"


def test_flow_2_only_moves_of_the_current_section() -> None:
    state = new_game(GameConfig(players=3, seed=0))
    refusal = check_move(state, Pass(state.first_player))
    assert refusal is not None
    assert refusal.rule == "FLOW-2"
    refusal = check_move(state, "not a move")  # type: ignore[arg-type]
    assert refusal is not None
    assert refusal.rule == "FLOW-2"


def test_flow_3_no_move_after_the_game() -> None:
    final = list(sample_positions(2, seed=5, advanced=False, every=10_000))[-1]
    assert final.is_over
    assert final.section is Section.OVER
    assert final.to_act == ()
    assert legal_moves(final) == ()
    refusal = check_move(final, Pass(0))
    assert refusal is not None
    assert refusal.rule == "FLOW-3"


def test_draft_3_round_outcome_does_not_depend_on_submission_order() -> None:
    state = new_game(GameConfig(players=4, seed=8))
    state = apply_move(state, SetWheel(state.first_player, 2))
    rng = random.Random(1)
    for _round in range(5):
        choices = [rng.choice(legal_moves(state, seat)) for seat in sorted(state.to_act)]
        outcomes = set()
        for order in itertools.permutations(choices):
            after = state
            for move in order:
                after = apply_move(after, move)
            outcomes.add(after)
        assert len(outcomes) == 1
        state = outcomes.pop()


def test_states_are_immutable_and_hashable() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    with pytest.raises(AttributeError):
        state.epoch = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.players[0].coins = 99  # type: ignore[misc]
    assert {state: 1}[new_game(GameConfig(players=2, seed=1))] == 1


def test_games_replay_deterministically() -> None:
    config = GameConfig(players=3, seed=17, advanced=True)
    rng = random.Random(2)
    state, moves = new_game(config), []
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply_move(state, move)
    again = new_game(config)
    for move in moves:
        again = apply_move(again, move)
    assert again == state
    assert hash(again) == hash(state)
