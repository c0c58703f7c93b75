"""SETUP-1 to SETUP-7: what each player and the board start with."""

from __future__ import annotations

import pytest

from stone_age_rules import (
    Act,
    ConfigError,
    GameConfig,
    Location,
    Place,
    Player,
    apply_move_with_events,
    check_move,
)
from stone_age_rules import components as bundled
from stone_age_rules._dice import draw, roll
from stone_age_rules._rules.placement import ROOM

from .tables import acting, game, res, with_people, with_player


def test_setup_1_two_to_four_players_with_five_people_each() -> None:
    with pytest.raises(ConfigError, match="SETUP-1"):
        GameConfig(5)
    for players in (2, 3, 4):
        state = game(players)
        assert len(state.players) == players
        assert all(p.people == 5 and state.unplaced(i) == 5 for i, p in enumerate(state.players))


def test_setup_2_each_player_starts_with_12_food_and_nothing_else() -> None:
    assert game(4).players == (Player(people=5, food=12, resources=res()),) * 4
    first = game(4).players[0]
    assert (first.agriculture, first.score, first.tools, first.cards, first.buildings) == (0, 0, (), (), ())


def test_setup_3_how_many_people_each_location_holds() -> None:
    assert ROOM[Location.HUNTING] is None
    assert {ROOM[a] for a in (Location.FOREST, Location.CLAY_PIT, Location.QUARRY, Location.RIVER)} == {7}
    assert (ROOM[Location.TOOL_MAKER], ROOM[Location.HUT], ROOM[Location.FIELD]) == (1, 2, 1)
    assert {ROOM[loc] for loc in Location if loc.value.startswith(("building", "card"))} == {1}
    state = with_player(with_people(game(4), {Location.FOREST: {1: 5}}), 0, people=10)
    assert check_move(state, Place(0, Location.FOREST, 2)) is None
    crowded = with_people(state, {Location.HUNTING: {1: 5, 2: 5, 3: 5}})
    assert check_move(crowded, Place(0, Location.HUNTING, 10)) is None


def test_setup_4_the_supply_is_unlimited() -> None:
    state = with_player(game(seed=2), 0, resources=res(wood=500), food=900)
    state = acting(state, 0, {Location.FOREST: {0: 7}})
    dice = roll(2, 0, 7)
    _, events = apply_move_with_events(state, Act(0, Location.FOREST))
    assert events[1].amounts == (("wood", sum(dice) // 3),)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_5_one_stack_of_seven_tiles_per_player(players: int) -> None:
    stacks = game(players).stacks
    assert len(stacks) == players and {len(s) for s in stacks} == {7}
    tiles = [t for s in stacks for t in s]
    assert len(set(tiles)) == 7 * players and set(tiles) <= set(bundled().building)
    assert game(players, seed=1).stacks != game(players, seed=2).stacks


def test_setup_6_the_shuffled_cards_fill_four_slots_and_form_the_pile() -> None:
    state = game(2)
    assert len(state.display) == 4 and len(state.pile) == 32
    assert sorted((*state.display, *state.pile)) == sorted(bundled().card)  # type: ignore[type-var]
    assert game(2, seed=1).display != game(2, seed=3).display


def test_setup_7_the_start_player_is_the_first_seat_a_named_seat_or_drawn() -> None:
    assert game(3).start == 0 and game(3).to_act == (0,)
    assert game(3, start_player=2).to_act == (2,)
    assert game(4, seed=21, start_player="random").start == draw(21, "start player", 0, 4)
    assert {game(4, seed=s, start_player="random").start for s in range(20)} == {0, 1, 2, 3}
