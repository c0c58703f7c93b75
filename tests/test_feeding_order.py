"""The PURPLE-6 ruling: a feeding is one decision, so the order of the player's own steps
never changes its result (FEED-2, PURPLE-6), and the PURPLE-6 card removed in a feeding
still pays for the rest of that same feeding, and for nothing after it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from attrs import evolve
from helpers import scenario_position

from hadara_rules import (
    FeedWithCoins,
    GameState,
    IllegalMove,
    Move,
    RemoveCard,
    Section,
    apply_move,
    legal_moves,
)

#: A PURPLE-6 card of the test's own (no track values, so removing it changes only the count).
PURPLE_6 = {
    "id": "x-purple-6",
    "epoch": 2,
    "color": "purple",
    "cost": 5,
    "points": 1,
    "effect": "PURPLE-6",
    "star": True,
}


def feeding(cards: list[str], food: int, coins: int) -> GameState:
    """Player 0 to feed in epoch II with ``cards``; player 1 has nothing to feed."""
    return scenario_position(
        {
            "config": {"players": 2, "advanced": True, "seed": 0},
            "components": {"cards": [PURPLE_6]},
            "given": {
                "epoch": 2,
                "phase": "B",
                "section": "feeding",
                "first_player": 0,
                "players": {
                    0: {
                        "side": "A",
                        "coins": coins,
                        "tracks": {"income": 4, "military": 8, "food": food},
                        "cards": cards,
                    },
                    1: {"side": "A", "coins": 0, "tracks": {"food": 4}, "cards": []},
                },
            },
        }
    )


def feeding_continues(state: GameState) -> bool:
    """True while player 0 still has cards to feed."""
    return state.section is Section.FEEDING and state.to_act == (0,)


def play(state: GameState, moves: tuple[Move, ...]) -> GameState:
    for move in moves:
        state = apply_move(state, move)
    return state


def outcome(state: GameState) -> tuple[object, ...]:
    """What a feeding leaves: the players, where the game stands, the discard as a set."""
    return state.players, state.section, state.turn, sorted(state.removed)


def complete_feedings(state: GameState, done: tuple[Move, ...] = ()) -> Iterator[tuple[Move, ...]]:
    """Every sequence of legal steps that feeds player 0 from ``state``."""
    if not feeding_continues(state):
        yield done
        return
    for move in legal_moves(state):
        yield from complete_feedings(apply_move(state, move), (*done, move))


def fed_by(state: GameState, order: tuple[Move, ...]) -> GameState | None:
    """The position once every step of ``order`` is played (a refused step fails the test),
    or None when an earlier step already fed player 0 (that is another feeding)."""
    for done, move in enumerate(order, 1):
        state = apply_move(state, move)
        if not feeding_continues(state):
            return state if done == len(order) else None
    return state


def test_paying_first_or_removing_the_purple_6_card_first_keep_the_same_seven_cards() -> None:
    cards = [
        "x-purple-6",
        "II-yellow-01",
        "II-yellow-02",
        "II-yellow-03",
        "II-red-01",
        "II-red-03",
        "II-blue-01",
        "II-blue-02",
    ]
    start = feeding(cards, food=6, coins=11)
    pay, remove = FeedWithCoins(0), RemoveCard(0, "x-purple-6")
    paid_first = play(start, (pay, remove))
    removed_first = play(start, (remove, pay))
    assert outcome(removed_first) == outcome(paid_first)
    assert removed_first.players[0].cards == tuple(cards[1:])
    assert removed_first.players[0].coins == 9
    assert removed_first.section is Section.MEDALS


def test_every_order_of_the_steps_of_one_feeding_gives_the_same_result() -> None:
    # 5 cards, food 2 (the red card gives 1 of it), coins for two payments: 3 cards to feed
    start = feeding(["x-purple-6", "II-red-02", "II-yellow-01", "II-blue-01", "II-blue-02"], food=2, coins=5)
    steps_seen = {tuple(sorted(map(repr, moves))): moves for moves in complete_feedings(start)}
    assert any(
        FeedWithCoins(0) in moves and RemoveCard(0, "x-purple-6") in moves for moves in steps_seen.values()
    ), "some feeding both pays and removes the PURPLE-6 card"
    for moves in steps_seen.values():
        expected = outcome(play(start, moves))
        for order in set(itertools.permutations(moves)):
            fed = fed_by(start, order)
            if fed is not None:
                assert outcome(fed) == expected, order


def test_the_purple_6_card_removed_by_one_player_pays_for_nobody_else() -> None:
    start = feeding(["x-purple-6", "II-yellow-01"], food=1, coins=4)
    hungry = evolve(
        start.players[1], coins=4, cards=("II-blue-01", "II-blue-02"), tracks=start.players[0].tracks
    )
    state = apply_move(evolve(start, players=(start.players[0], hungry)), RemoveCard(0, "x-purple-6"))
    assert state.section is Section.FEEDING and state.to_act == (1,)
    assert FeedWithCoins(1) not in legal_moves(state)
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, FeedWithCoins(1))
    assert refused.value.rule == "PURPLE-6"


def test_the_purple_6_card_removed_in_an_earlier_feeding_pays_no_more() -> None:
    start = feeding(["II-yellow-01", "II-yellow-02"], food=1, coins=4)
    state = evolve(start, removed=("x-purple-6",))
    assert FeedWithCoins(0) not in legal_moves(state)
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, FeedWithCoins(0))
    assert refused.value.rule == "PURPLE-6"
