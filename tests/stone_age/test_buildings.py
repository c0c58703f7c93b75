"""BUILD-1 to BUILD-6: building tiles."""

from __future__ import annotations

import attrs

from stone_age_rules import (
    Act,
    GameState,
    Location,
    Resources,
    TakeBack,
    apply_move_with_events,
    check_move,
    score,
)

from .tables import acting, game, res, with_player


def on_top(tile: str, have: Resources) -> GameState:
    """Player 0 on stack 1, whose top tile is ``tile``, holding ``have``."""
    state = game(2)
    rest = tuple(t for t in state.stacks[0] if t != tile)[:6]
    state = attrs.evolve(state, stacks=((tile, *rest), state.stacks[1]))
    return with_player(
        acting(state, 0, {Location.BUILDING_1: {0: 1}, Location.FIELD: {0: 1}}), 0, resources=have
    )


def rule_of(state: GameState, pay: Resources | None) -> str | None:
    refusal = check_move(state, Act(0, Location.BUILDING_1, pay))
    return None if refusal is None else refusal.rule


def test_build_1_pay_score_at_once_keep_the_tile_and_turn_the_next_face_up() -> None:
    state = on_top("b01", res(wood=3, clay=1))
    assert rule_of(state, None) == "BUILD-1"
    assert rule_of(on_top("b01", res(wood=1, clay=1)), res(wood=2, clay=1)) == "BUILD-1"
    after, events = apply_move_with_events(state, Act(0, Location.BUILDING_1, res(wood=2, clay=1)))
    player = after.players[0]
    assert (player.resources, player.score, player.buildings) == (res(wood=1), 10, ("b01",))
    assert after.stacks[0] == state.stacks[0][1:]
    assert events[0].rule == "BUILD-1" and dict(events[0].amounts)["score"] == 10


def test_build_2_a_fixed_tile_costs_exactly_its_resources() -> None:
    state = on_top("b09", res(stone=3, gold=2))
    assert rule_of(state, res(stone=3, gold=1)) == "BUILD-2"
    assert rule_of(state, res(stone=1, gold=2)) == "BUILD-2"
    after, _ = apply_move_with_events(state, Act(0, Location.BUILDING_1, res(stone=2, gold=1)))
    assert after.players[0].score == 16


def test_build_3_n_resources_of_exactly_k_kinds_score_their_values() -> None:
    state = on_top("b19", res(wood=4, clay=2, gold=2))
    assert rule_of(state, res(wood=4)) == "BUILD-3", "one kind where two are asked"
    assert rule_of(state, res(wood=2, clay=1, gold=1)) == "BUILD-3", "three kinds where two are asked"
    assert rule_of(state, res(wood=2, clay=1)) == "BUILD-3", "three resources where four are asked"
    after, _ = apply_move_with_events(state, Act(0, Location.BUILDING_1, res(wood=2, gold=2)))
    assert after.players[0].score == 18


def test_build_4_one_to_seven_resources_of_any_kinds() -> None:
    state = on_top("b26", res(wood=5, clay=1, stone=2, gold=1))
    assert rule_of(state, res(wood=5, clay=1, stone=2)) == "BUILD-4"
    after, _ = apply_move_with_events(state, Act(0, Location.BUILDING_1, res(clay=1, stone=2, gold=1)))
    assert after.players[0].score == 20


def test_build_5_a_player_who_will_not_pay_takes_the_person_back() -> None:
    state = on_top("b01", res())
    after, _ = apply_move_with_events(state, TakeBack(0, Location.BUILDING_1))
    assert after.stacks == state.stacks and after.players[0].buildings == ()


def test_build_6_each_building_counts_once_for_hut_builders() -> None:
    state = with_player(game(2), 0, buildings=("b01", "b10", "b26"), cards=("c29",))
    assert score(state)[0].hut_builders == 2 * 3
