"""ACT-1 to ACT-7: resolving one's people."""

from __future__ import annotations

import attrs

from stone_age_rules import (
    Act,
    Kind,
    Location,
    Phase,
    TakeBack,
    apply_move,
    apply_move_with_events,
    check_move,
)
from stone_age_rules._dice import roll

from .tables import acting, game, res, with_player


def test_act_1_each_player_resolves_all_locations_in_the_order_they_choose() -> None:
    state = acting(
        game(2), 0, {Location.FIELD: {0: 1}, Location.TOOL_MAKER: {0: 1}, Location.HUNTING: {1: 5}}
    )
    refusal = check_move(state, Act(0, Location.HUNTING))
    assert refusal is not None and refusal.rule == "ACT-1"
    state = apply_move(state, Act(0, Location.TOOL_MAKER))
    assert state.to_act == (0,) and state.people_at(Location.TOOL_MAKER, 0) == 0
    state = apply_move(state, Act(0, Location.FIELD))
    assert state.to_act == (1,), "the next player begins when the previous one has nobody left"


def test_act_2_people_can_be_taken_back_without_the_action() -> None:
    state = acting(game(2), 0, {Location.HUNTING: {0: 5}, Location.FIELD: {0: 1}})
    after, events = apply_move_with_events(state, TakeBack(0, Location.HUNTING))
    assert after.people_at(Location.HUNTING, 0) == 0 and after.players == state.players
    assert after.rolls == state.rolls and events[0].rule == "ACT-2"


def test_act_3_gathering_takes_the_total_divided_by_the_value_rounded_down() -> None:
    for location, kind, value in (
        (Location.HUNTING, "food", 2),
        (Location.FOREST, "wood", 3),
        (Location.CLAY_PIT, "clay", 4),
        (Location.QUARRY, "stone", 5),
        (Location.RIVER, "gold", 6),
    ):
        state = attrs.evolve(acting(game(4, seed=8), 0, {location: {0: 4}, Location.FIELD: {0: 1}}), rolls=30)
        after, events = apply_move_with_events(state, Act(0, location))
        total = sum(roll(8, 30, 4))
        assert events[0].dice == roll(8, 30, 4)
        assert events[1].amounts == ((kind, total // value),), location
        have = after.players[0]
        assert (have.food - 12 if kind == "food" else have.resources.count(Kind(kind))) == total // value


def test_act_4_the_field_raises_agriculture_up_to_10() -> None:
    state = acting(game(2), 0, {Location.FIELD: {0: 1}, Location.HUNTING: {0: 1}})
    assert apply_move(state, Act(0, Location.FIELD)).players[0].agriculture == 1
    top = with_player(state, 0, agriculture=10)
    assert apply_move(top, Act(0, Location.FIELD)).players[0].agriculture == 10


def test_act_5_the_hut_gives_a_person_to_be_fed_this_round_at_most_10() -> None:
    state = acting(game(2), 0, {Location.HUT: {0: 2}})
    after = apply_move(state, Act(0, Location.HUT))
    assert after.phase is Phase.PLACE and after.players[0].people == 6
    assert after.players[0].food == 12 - 6, "the new person eats in the round it is born"
    full = with_player(acting(game(2), 0, {Location.HUT: {0: 2}, Location.FIELD: {0: 1}}), 0, people=10)
    assert apply_move(full, Act(0, Location.HUT)).players[0].people == 10


def test_act_6_the_tool_maker_gives_a_tool() -> None:
    state = acting(game(2), 0, {Location.TOOL_MAKER: {0: 1}, Location.FIELD: {0: 1}})
    after, events = apply_move_with_events(state, Act(0, Location.TOOL_MAKER))
    assert after.players[0].tools == (1,) and events[0].rule == "ACT-6"


def test_act_7_only_a_building_or_a_card_is_paid_for() -> None:
    state = with_player(
        acting(game(2), 0, {Location.FOREST: {0: 2}, Location.CARD_1: {0: 1}}), 0, resources=res(3)
    )
    refusal = check_move(state, Act(0, Location.FOREST, res(1)))
    assert refusal is not None and refusal.rule == "ACT-7"
    refusal = check_move(state, Act(0, Location.CARD_1))
    assert refusal is not None and refusal.rule == "CIV-2"
    assert check_move(state, Act(0, Location.CARD_1, res(1))) is None
