"""TOOL-1 to TOOL-6: permanent and one-time tools."""

from __future__ import annotations

from stone_age_rules import (
    Act,
    Location,
    UseTools,
    apply_move,
    apply_move_with_events,
    check_move,
    legal_moves,
    score,
)
from stone_age_rules._dice import roll
from stone_age_rules._rules.tools import gain_tool
from stone_age_rules._table import Table

from .tables import acting, game, with_player


def _gains(times: int, used: tuple[bool, ...] = ()) -> list[tuple[int, ...]]:
    table = Table(with_player(game(), 0, tools=(), used=()))
    seen = []
    for _ in range(times):
        gain_tool(table, 0, "ACT-6")
        seen.append(table.player(0).tools)
    return seen


def test_tool_1_at_most_three_tools_of_level_at_most_four() -> None:
    final = _gains(15)
    assert final[11] == (4, 4, 4) and final[-1] == (4, 4, 4)
    assert all(len(t) <= 3 and max(t) <= 4 for t in final)


def test_tool_2_tools_are_added_after_the_roll_each_once_per_round() -> None:
    state = acting(game(seed=4), 0, {Location.FOREST: {0: 3}, Location.FIELD: {0: 1}})
    state = with_player(state, 0, tools=(2, 1, 1), used=(False, True, False))
    waiting = apply_move(state, Act(0, Location.FOREST))
    assert waiting.roll is not None and waiting.roll.dice == roll(4, 0, 3)
    refusal = check_move(waiting, UseTools(0, (1,)))
    assert refusal is not None and refusal.rule == "TOOL-2"
    refusal = check_move(waiting, UseTools(0, (0, 0)))
    assert refusal is not None and refusal.rule == "TOOL-2"
    assert {m.tools for m in legal_moves(waiting) if isinstance(m, UseTools)} == {(), (0,), (2,), (0, 2)}
    after, events = apply_move_with_events(waiting, UseTools(0, (0, 2)))
    assert after.players[0].used == (True, True, True)
    assert after.players[0].resources.wood == (sum(waiting.roll.dice) + 3) // 3
    assert events[-1].amounts == (("wood", (sum(waiting.roll.dice) + 3) // 3),)


def test_tool_3_a_new_tool_of_level_1_then_the_lowest_rises_an_unused_one_first() -> None:
    assert _gains(12) == [
        (1,),
        (1, 1),
        (1, 1, 1),
        (2, 1, 1),
        (2, 2, 1),
        (2, 2, 2),
        (3, 2, 2),
        (3, 3, 2),
        (3, 3, 3),
        (4, 3, 3),
        (4, 4, 3),
        (4, 4, 4),
    ]
    table = Table(with_player(game(), 0, tools=(2, 1, 1), used=(False, True, False)))
    gain_tool(table, 0, "ACT-6")
    assert table.player(0).tools == (2, 1, 2) and table.player(0).used == (False, True, False)


def test_tool_5_a_one_time_tool_is_used_once_alone_or_with_tools() -> None:
    state = acting(game(seed=4), 0, {Location.FOREST: {0: 3}, Location.FIELD: {0: 1}})
    waiting = apply_move(
        with_player(state, 0, tools=(1,), used=(False,), one_time=(3, 4)), Act(0, Location.FOREST)
    )
    refusal = check_move(waiting, UseTools(0, (), (2,)))
    assert refusal is not None and refusal.rule == "TOOL-5"
    after = apply_move(waiting, UseTools(0, (0,), (4,)))
    assert waiting.roll is not None
    assert after.players[0].resources.wood == (sum(waiting.roll.dice) + 5) // 3
    assert after.players[0].one_time == (3,) and after.players[0].tools == (1,)
    assert score(after)[0].tool_makers == 0 and after.players[0].tool_value == 1


def test_tool_6_the_tool_value_is_the_sum_of_the_levels() -> None:
    state = with_player(game(), 0, tools=(4, 3, 3), used=(False,) * 3, one_time=(4,))
    assert state.players[0].tool_value == 10
