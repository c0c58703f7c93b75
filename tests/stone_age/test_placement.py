"""PLACE-1 to PLACE-8: placing people."""

from __future__ import annotations

import attrs
import pytest

from stone_age_rules import GameState, Location, Phase, Place, apply_move, check_move, legal_moves

from .tables import game, with_people, with_player

AREAS = (Location.FOREST, Location.CLAY_PIT, Location.QUARRY, Location.RIVER)


def rule_of(state: GameState, move: Place) -> str | None:
    refusal = check_move(state, move)
    return None if refusal is None else refusal.rule


def test_place_1_turns_go_clockwise_skipping_players_with_nobody_left() -> None:
    state = game(3)
    assert rule_of(state, Place(0, Location.HUNTING, 6)) == "PLACE-1"
    assert rule_of(state, Place(0, Location.HUNTING, 0)) == "PLACE-1"
    state = apply_move(state, Place(0, Location.HUNTING, 5))
    assert state.to_act == (1,)
    state = apply_move(state, Place(1, Location.FOREST, 1))
    state = apply_move(state, Place(2, Location.QUARRY, 1))
    assert state.to_act == (1,), "player 0 has nobody left and is skipped"


def test_place_2_no_passing_and_a_player_without_a_legal_placement_keeps_people_home() -> None:
    assert {type(m) for m in legal_moves(game(2))} == {Place}
    state = attrs.evolve(game(2), stacks=((), ()), display=(None,) * 4, turn=1)
    state = with_player(with_player(state, 0, people=7), 1, people=10)
    state = with_people(
        state,
        {
            Location.HUNTING: {0: 5},
            **{a: {1: 1} for a in AREAS},
            Location.TOOL_MAKER: {1: 1},
            Location.FIELD: {1: 1},
        },
    )
    after = apply_move(state, Place(1, Location.HUNTING, 4))
    assert after.phase is Phase.ACT and after.unplaced(0) == 2


def test_place_3_one_location_per_player_per_round() -> None:
    state = with_people(game(2), {Location.HUNTING: {0: 1}, Location.FOREST: {0: 1}})
    assert rule_of(state, Place(0, Location.HUNTING, 1)) == "PLACE-3"
    assert rule_of(state, Place(0, Location.FOREST, 1)) == "PLACE-3"
    assert rule_of(state, Place(0, Location.QUARRY, 1)) is None


def test_place_4_a_placement_fits_the_free_room_and_the_hut_takes_exactly_two() -> None:
    state = with_player(with_people(game(4), {Location.FOREST: {1: 5}}), 0, people=10)
    assert rule_of(state, Place(0, Location.FOREST, 3)) == "PLACE-4"
    assert rule_of(state, Place(0, Location.HUT, 1)) == "PLACE-4"
    assert rule_of(state, Place(0, Location.HUT, 3)) == "PLACE-4"
    assert rule_of(state, Place(0, Location.HUT, 2)) is None
    taken = with_people(state, {Location.TOOL_MAKER: {1: 1}})
    assert rule_of(taken, Place(0, Location.TOOL_MAKER, 1)) == "PLACE-4"
    one_left = with_player(with_people(game(4), {Location.HUNTING: {0: 4}}), 0, people=5)
    assert rule_of(one_left, Place(0, Location.HUT, 1)) == "PLACE-4"


@pytest.mark.parametrize("players", [2, 3])
def test_place_5_with_two_or_three_players_two_village_places_a_round(players: int) -> None:
    state = with_people(game(players), {Location.TOOL_MAKER: {1: 1}, Location.FIELD: {1: 1}})
    assert rule_of(state, Place(0, Location.HUT, 2)) == "PLACE-5"
    state = with_people(game(players), {Location.TOOL_MAKER: {1: 1}})
    assert rule_of(state, Place(0, Location.HUT, 2)) is None
    four = with_people(game(4), {Location.TOOL_MAKER: {1: 1}, Location.FIELD: {1: 1}})
    assert rule_of(four, Place(0, Location.HUT, 2)) is None


def test_place_6_resource_areas_take_one_player_with_two_and_two_with_three() -> None:
    two = with_people(game(2), {Location.FOREST: {1: 1}, Location.HUNTING: {1: 1}})
    assert rule_of(two, Place(0, Location.FOREST, 1)) == "PLACE-6"
    assert rule_of(two, Place(0, Location.HUNTING, 1)) is None
    three = with_people(game(3), {Location.RIVER: {1: 1}})
    assert rule_of(three, Place(0, Location.RIVER, 1)) is None
    three = with_people(three, {Location.RIVER: {1: 1, 2: 1}})
    assert rule_of(three, Place(0, Location.RIVER, 1)) == "PLACE-6"
    four = with_people(game(4), {Location.RIVER: {1: 1, 2: 1, 3: 1}})
    assert rule_of(four, Place(0, Location.RIVER, 1)) is None


def test_place_7_a_building_while_its_stack_has_a_tile_a_slot_while_it_holds_a_card() -> None:
    state = game(2)
    assert rule_of(state, Place(0, Location.BUILDING_3, 1)) == "PLACE-7"
    assert rule_of(state, Place(0, Location.BUILDING_1, 1)) is None
    emptied = attrs.evolve(state, stacks=((), state.stacks[1]), display=(None, *state.display[1:]))
    assert rule_of(emptied, Place(0, Location.BUILDING_1, 1)) == "PLACE-7"
    assert rule_of(emptied, Place(0, Location.CARD_1, 1)) == "PLACE-7"
    assert rule_of(emptied, Place(0, Location.CARD_2, 1)) is None


def test_place_8_a_placement_that_gives_nothing_is_still_legal() -> None:
    state = with_player(game(4), 0, people=10, agriculture=10, tools=(4, 4, 4), used=(False,) * 3)
    state = with_people(state, {Location.HUNTING: {0: 5}})
    for location, people in ((Location.HUT, 2), (Location.FIELD, 1), (Location.TOOL_MAKER, 1)):
        assert rule_of(state, Place(0, location, people)) is None
    assert rule_of(state, Place(0, Location.CARD_4, 1)) is None, "a card the player cannot pay for"
