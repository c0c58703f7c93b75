"""FLOW-1 to FLOW-6: who may move, which kind of move, the seeded randomness, the phases."""

from __future__ import annotations

import attrs
import pytest

from stone_age_rules import (
    Act,
    GameConfig,
    IllegalMove,
    Location,
    Phase,
    Place,
    apply_move,
    apply_move_with_events,
    check_move,
    new_game,
)
from stone_age_rules._dice import roll, shuffled

from .tables import acting, game


def test_flow_1_a_player_not_to_act_is_refused_and_nothing_changes() -> None:
    state = game()
    move = Place(1, Location.HUNTING, 1)
    assert state.to_act == (0,)
    refusal = check_move(state, move)
    assert refusal is not None and refusal.rule == "FLOW-1"
    with pytest.raises(IllegalMove) as caught:
        apply_move(state, move)
    assert caught.value.rule == "FLOW-1"
    assert state == game()


def test_flow_2_only_a_move_of_the_current_step_is_accepted() -> None:
    refusal = check_move(game(), Act(0, Location.HUNTING))
    assert refusal is not None and refusal.rule == "FLOW-2"
    during_actions = acting(game(), 0, {Location.HUNTING: {0: 5}})
    refusal = check_move(during_actions, Place(0, Location.FOREST, 1))
    assert refusal is not None and refusal.rule == "FLOW-2"


def test_flow_3_no_move_after_final_scoring() -> None:
    over = attrs.evolve(game(), phase=Phase.OVER)
    assert over.to_act == ()
    refusal = check_move(over, Place(0, Location.HUNTING, 1))
    assert refusal is not None and refusal.rule == "FLOW-3"


def test_flow_4_rolls_come_from_the_seed_and_the_roll_counter() -> None:
    # Pinned: the same draws in every process and Python version.
    assert roll(0, 0, 10) == (6, 5, 1, 2, 1, 6, 2, 2, 4, 4)
    assert shuffled(0, "x", range(6)) == (4, 3, 5, 1, 2, 0)
    assert roll(7, 3, 4) == roll(7, 0, 7)[3:]
    state = attrs.evolve(acting(game(seed=5), 0, {Location.HUNTING: {0: 5}}), rolls=17)
    after, events = apply_move_with_events(state, Act(0, Location.HUNTING))
    dice = roll(5, 17, 5)
    assert events[0].dice == dice and events[0].rule == "ACT-3"
    assert events[1].rule == "ACT-3" and events[1].amounts == (("food", sum(dice) // 2),)
    assert after.rolls == 22
    assert new_game(GameConfig(3, 9)) == new_game(GameConfig(3, 9))
    assert new_game(GameConfig(3, 9)).pile != new_game(GameConfig(3, 10)).pile


def test_flow_5_a_round_is_placement_actions_feeding() -> None:
    state = game(players=2)
    state = apply_move(state, Place(0, Location.HUNTING, 5))
    assert state.phase is Phase.PLACE and state.to_act == (1,)
    state = apply_move(state, Place(1, Location.HUNTING, 5))
    assert state.phase is Phase.ACT and state.to_act == (0,)
    state = apply_move(state, Act(0, Location.HUNTING))
    assert state.phase is Phase.ACT and state.to_act == (1,)
    food = state.players[0].food
    state, events = apply_move_with_events(state, Act(1, Location.HUNTING))
    assert [e.rule for e in events if e.what == "fed"] == ["FEED-3", "FEED-3"]
    assert state.phase is Phase.PLACE and state.round == 2
    assert state.players[0].food == food - 5


def test_flow_6_max_rounds_ends_the_game_after_that_rounds_feeding() -> None:
    state = game(players=2, max_rounds=1)
    for move in (Place(0, Location.HUNTING, 5), Place(1, Location.HUNTING, 5), Act(0, Location.HUNTING)):
        state = apply_move(state, move)
    state, events = apply_move_with_events(state, Act(1, Location.HUNTING))
    assert state.is_over and [e.rule for e in events if e.what == "game over"] == ["FLOW-6"]
    assert all(p.food < 12 + 30 for p in state.players)
    assert not game(players=2).is_over
