"""FEED-1 to FEED-6: feeding."""

from __future__ import annotations

import attrs

from stone_age_rules import (
    Act,
    Event,
    Feed,
    GameState,
    GoHungry,
    Location,
    Phase,
    TakeResources,
    apply_move,
    apply_move_with_events,
    check_move,
    legal_moves,
    player_view,
)
from stone_age_rules.records import from_json, to_json

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


def test_feed_4_an_untaken_pair_of_resources_counts_toward_the_cover() -> None:
    """CIV-12 with FEED-4: 1 wood and an untaken pair cover a shortfall of 3; the seat decides,
    takes the pair (a decision of its own, CIV-12) and pays with it, instead of going hungry."""
    bought = attrs.evolve(game(2), pile=tuple(card for card in game(2).pile if card != "c04"))
    short = with_player(bought, 0, food=2, resources=res(wood=1), claims=1, cards=("c04",))
    waiting, events = to_feeding(short)
    assert waiting.phase is Phase.FEED and waiting.to_act == (0,) and waiting.short == 0
    view = player_view(waiting, 0)
    assert from_json(to_json(view), GameState) == view, "the decision is a well-formed position"
    assert not [e for e in events if e.rule == "FEED-5"]
    offered = legal_moves(waiting)
    assert GoHungry(0) in offered and TakeResources(0, res(clay=2)) in offered
    assert not [move for move in offered if isinstance(move, Feed)], "1 wood alone covers nothing"
    taken = apply_move(waiting, TakeResources(0, res(clay=2)))
    assert taken.to_act == (0,) and Feed(0, res(wood=1, clay=2)) in legal_moves(taken)
    after = apply_move(taken, Feed(0, res(wood=1, clay=2)))
    board = after.players[0]
    assert (board.food, board.resources, board.score, board.claims) == (0, res(), 0, 0)
    assert after.phase is Phase.PLACE


def test_feed_4_a_pair_that_would_not_cover_the_shortfall_leaves_no_choice() -> None:
    """1 wood and a pair make 3, short of 4: hunger follows at once (FEED-5), the pair kept."""
    after, events = to_feeding(with_player(game(2), 0, food=1, resources=res(wood=1), claims=1))
    board = after.players[0]
    assert after.phase is Phase.PLACE and [e.rule for e in events if e.player == 0][-1] == "FEED-5"
    assert (board.score, board.resources, board.claims) == (-10, res(wood=1), 1)


def test_feed_4_covering_with_the_pair_is_voluntary() -> None:
    waiting, _ = to_feeding(with_player(game(2), 0, food=3, claims=1))
    after = apply_move(waiting, GoHungry(0))
    board = after.players[0]
    assert (board.food, board.score, board.resources, board.claims) == (0, -10, res(), 1)


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
