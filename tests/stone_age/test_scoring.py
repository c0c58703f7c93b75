"""SCORE-1 to SCORE-8: the score sheet and the winners."""

from __future__ import annotations

from stone_age_rules import player_view, score, winners

from .tables import game, res, with_player


def test_score_1_points_scored_during_the_game_are_on_the_sheet() -> None:
    state = with_player(game(2), 0, score=-4)
    assert score(state)[0].during_game == -4 and score(state)[0].total == -4


def test_score_2_culture_sets_score_the_square_of_their_size() -> None:
    # writing, healing, pottery, art, music and a second pottery: 5 x 5 + 1 x 1 (card sheet).
    state = with_player(game(2), 0, cards=("c15", "c03", "c07", "c01", "c05"), drawn=("c08",))
    assert score(state)[0].culture == 26
    every_one_twice = tuple(f"c{n:02}" for n in range(1, 17))
    assert score(with_player(game(2), 0, cards=every_one_twice))[0].culture == 128


def test_score_3_farmers_times_agriculture() -> None:
    state = with_player(game(2), 0, cards=("c17", "c20"), agriculture=4)
    assert score(state)[0].farmers == 3 * 4


def test_score_4_tool_makers_times_tool_value() -> None:
    state = with_player(game(2), 0, cards=("c24",), tools=(3, 2, 2), used=(False,) * 3, one_time=(4,))
    assert score(state)[0].tool_makers == 2 * 7


def test_score_5_hut_builders_times_buildings() -> None:
    state = with_player(game(2), 0, cards=("c31", "c27"), buildings=("b01", "b02"))
    assert score(state)[0].hut_builders == 4 * 2


def test_score_6_shamans_times_people() -> None:
    state = with_player(game(2), 0, cards=("c34",), people=7)
    assert score(state)[0].shamans == 2 * 7


def test_score_7_one_point_per_resource_none_for_food_or_one_time_tools() -> None:
    state = with_player(game(2), 0, resources=res(1, 2, 3, 4), food=40, one_time=(4, 3))
    assert score(state)[0].resources == 10 and score(state)[0].total == 10


def test_score_8_the_highest_total_wins_then_the_tie_break_then_shared() -> None:
    state = with_player(with_player(game(3), 0, score=20), 1, score=20, agriculture=1)
    assert winners(state) == (1,)
    assert score(state)[1].tie_break == 1 + 0 + 5
    tied = with_player(state, 0, agriculture=1)
    assert winners(tied) == (0, 1)
    assert winners(with_player(state, 2, score=21)) == (2,)
    sheet = score(with_player(state, 0, cards=("c17", "c34"), agriculture=2, resources=res(1, 0, 0, 2)))[0]
    assert (sheet.during_game, sheet.farmers, sheet.shamans, sheet.resources) == (20, 1 * 2, 2 * 5, 3)
    assert sheet.total == 20 + 2 + 10 + 3


def test_a_view_is_scored_with_what_it_shows() -> None:
    """A seat's view is scored as the position is, but that a card drawn face down by another
    player (INFO-2) counts for nothing in it: its owner's view counts it."""
    # P1 holds c17 (1 farmer) and drew c20 (2 farmers) face down; agriculture 4
    state = with_player(game(2), 1, cards=("c17",), drawn=("c20",), agriculture=4)
    assert score(state)[1].farmers == 3 * 4
    assert score(player_view(state, 1)) == score(state)
    seen_by_p0 = score(player_view(state, 0))
    assert seen_by_p0[1].farmers == 1 * 4 and seen_by_p0[0] == score(state)[0]
    assert winners(player_view(state, 0)) == (1,)
