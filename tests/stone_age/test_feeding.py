"""FEED-1 to FEED-6: feeding."""

from __future__ import annotations

from stone_age_rules import (
    Act,
    Event,
    Feed,
    GameState,
    GoHungry,
    Location,
    Phase,
    apply_move,
    apply_move_with_events,
    check_move,
    legal_moves,
)

from .tables import acting, game, res, with_player


def to_feeding(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """End the actions: player 0 resolves their one person at the tool maker; feeding follows."""
    return apply_move_with_events(
        acting(state, 0, {Location.TOOL_MAKER: {0: 1}}), Act(0, Location.TOOL_MAKER)
    )


def test_feed_1_every_player_feeds_every_round_in_turn_order() -> None:
    after, events = to_feeding(game(3))
    assert [(e.player, e.rule) for e in events if e.rule.startswith("FEED")] == [
        (0, "FEED-3"),
        (1, "FEED-3"),
        (2, "FEED-3"),
    ]
    assert [p.food for p in after.players] == [7, 7, 7]


def test_feed_2_first_food_for_the_agriculture_level() -> None:
    after, events = to_feeding(with_player(game(2), 0, agriculture=3, food=2))
    assert [e.rule for e in events if e.player == 0][1:] == ["FEED-2", "FEED-3"]
    assert after.players[0].food == 0 and after.players[0].score == 0


def test_feed_3_one_food_per_person_owned_including_those_at_home() -> None:
    after, _ = to_feeding(with_player(game(2), 0, people=8, food=20))
    assert after.players[0].food == 12 and after.players[1].food == 7


def test_feed_4_a_short_player_may_cover_the_whole_shortfall_with_resources() -> None:
    waiting, _ = to_feeding(with_player(game(2), 0, food=2, resources=res(wood=1, gold=3)))
    assert waiting.phase is Phase.FEED and waiting.to_act == (0,)
    assert GoHungry(0) in legal_moves(waiting)
    for pay in (res(gold=2), res(wood=1, gold=3)):
        refusal = check_move(waiting, Feed(0, pay))
        assert refusal is not None and refusal.rule == "FEED-4"
    after = apply_move(waiting, Feed(0, res(wood=1, gold=2)))
    assert (after.players[0].food, after.players[0].resources, after.players[0].score) == (0, res(gold=1), 0)
    assert after.phase is Phase.PLACE


def test_feed_5_going_hungry_costs_all_food_and_10_points_once() -> None:
    waiting, _ = to_feeding(with_player(game(2), 0, food=1, resources=res(clay=4), score=3))
    after = apply_move(waiting, GoHungry(0))
    assert (after.players[0].food, after.players[0].score, after.players[0].resources) == (0, -7, res(clay=4))
    automatic, events = to_feeding(with_player(game(2), 0, food=1, resources=res(clay=1)))
    assert automatic.players[0].score == -10 and automatic.players[0].resources == res(clay=1)
    assert [e.rule for e in events if e.player == 0][-1] == "FEED-5"


def test_feed_6_food_left_is_kept_and_is_not_a_resource() -> None:
    after, _ = to_feeding(with_player(game(2), 0, food=30))
    assert after.players[0].food == 25 and after.players[0].resources == res()
