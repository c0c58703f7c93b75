"""The unchecked fast path of ``apply_move`` (``check=False``, for moves from ``legal_moves``)
gives exactly the checked positions; the default still refuses (FLOW-1 to FLOW-3)."""

from __future__ import annotations

import random

import pytest

from stone_age_rules import (
    Claim,
    GameConfig,
    IllegalMove,
    Location,
    Phase,
    Place,
    Resources,
    apply_move,
    apply_move_with_events,
    legal_moves,
    new_game,
)
from stone_age_rules._goods import _made_bundles, bundles
from stone_age_rules._rules.placement import _placements, placements


@pytest.mark.parametrize(("players", "seed", "claims"), [(2, 3, "later"), (4, 8, "immediate")])
def test_every_legal_move_unchecked_gives_the_checked_position(players: int, seed: int, claims: str) -> None:
    state = new_game(GameConfig(players=players, seed=seed, any_two_resources=Claim(claims)))
    rng, tried = random.Random(seed), 0
    while not state.is_over:
        options = legal_moves(state)
        for move in options:
            assert apply_move(state, move, check=False) == apply_move_with_events(state, move)[0]
        tried += len(options)
        state = apply_move(state, options[rng.randrange(len(options))], check=False)
    assert tried > 5000


def test_apply_move_checks_by_default_and_leaves_the_position_untouched() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    move = Place(1 - state.to_act[0], Location.HUNTING, 1)
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, move)
    assert refused.value.rule == "FLOW-1"
    assert state == new_game(GameConfig(players=2, seed=1))


def test_sums_and_differences_of_bundles_are_ordinary_bundles_and_never_below_zero() -> None:
    total, left = Resources(1, 2, 0, 3) + Resources(2, 0, 1, 0), Resources(3, 2, 1, 3) - Resources(1, 2, 0, 1)
    assert (total, left) == (Resources(3, 2, 1, 3), Resources(2, 0, 1, 2))
    assert type(total) is Resources and hash(left) == hash(Resources(2, 0, 1, 2))
    with pytest.raises(ValueError, match="clay must not be negative, not -1"):
        Resources(3, 0, 1, 0) - Resources(0, 1, 0, 0)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_placements_kept_from_passing_the_turn_are_those_of_the_position(players: int, seed: int) -> None:
    """PLACE-1, PLACE-2: the placements found when the turn passed (over players with nobody
    left to place too) are exactly those worked out afresh for the position handed out."""
    state, rng, skipped = new_game(GameConfig(players=players, seed=seed)), random.Random(seed), 0
    while not state.is_over:
        if state.phase is Phase.PLACE and state.roll is None and state.choice is None:
            assert placements(state, state.turn) == _placements(state, state.turn) != ()
        options = legal_moves(state)
        before = state
        state = apply_move(state, options[rng.randrange(len(options))], check=False)
        if before.phase is state.phase is Phase.PLACE:
            skipped += state.turn != (before.turn + 1) % players
    assert skipped > 0


def test_bundles_kept_for_a_holding_are_those_of_every_holding_alike_up_to_the_size() -> None:
    rng = random.Random(7)
    for _ in range(400):
        size, within = rng.randint(0, 7), Resources(*(rng.randint(0, 9) for _ in range(4)))
        found = bundles(size, within)
        assert found == _made_bundles(size, within)
        assert all(b.total == size and within.covers(b) for b in found) and len(set(found)) == len(found)
