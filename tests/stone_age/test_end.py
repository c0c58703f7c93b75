"""END-1 to END-5: the end of a round and of the game."""

from __future__ import annotations

import random

import attrs

from stone_age_rules import (
    Act,
    Event,
    EventType,
    GameConfig,
    GameRecord,
    GameState,
    Location,
    Phase,
    apply_move,
    apply_move_with_events,
    legal_moves,
    new_game,
    player_view,
    replay,
    score,
)
from stone_age_rules.records import game_result

from .tables import acting, game, res, with_player


def finish_round(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """Player 0 resolves their one person at the tool maker; feeding and the round's end follow."""
    return apply_move_with_events(
        acting(state, 0, {Location.TOOL_MAKER: {0: 1}}), Act(0, Location.TOOL_MAKER)
    )


def _ended_by(events: tuple[Event, ...]) -> list[str]:
    """The rules of the events saying the game is over."""
    return [e.rule for e in events if e.type is EventType.GAME_OVER]


def test_end_1_the_start_player_role_passes_clockwise() -> None:
    after, events = finish_round(game(3))
    assert after.round == 2 and after.start == 1 and after.to_act == (1,)
    assert events[-1].rule == "END-2"


def test_end_2_cards_slide_to_the_lowest_slots_and_the_pile_fills_the_rest() -> None:
    state = game(2)
    _, b, _, d = state.display
    state = attrs.evolve(state, display=(None, b, None, d))
    state = with_player(state, 1, tools=(2, 1), used=(True, True))
    after, _ = finish_round(state)
    assert after.display == (b, d, *state.pile[:2]) and after.pile == state.pile[2:]
    assert after.players[1].used == (False, False)


def test_end_3_an_empty_stack_ends_the_game_after_the_feeding() -> None:
    state = attrs.evolve(game(2), stacks=((), game(2).stacks[1]))
    after, events = finish_round(state)
    assert after.is_over and _ended_by(events) == ["END-3"]
    assert after.players[1].food == 12 - 5, "the last round's feeding happened"


def test_end_4_too_few_cards_to_fill_the_display_ends_the_game() -> None:
    state = game(2)
    short = attrs.evolve(state, display=(None, None, *state.display[2:]), pile=state.pile[:1])
    after, events = finish_round(short)
    assert after.is_over and _ended_by(events) == ["END-4"]
    full = attrs.evolve(state, pile=())
    after, _ = finish_round(full)
    assert not after.is_over and after.phase is Phase.PLACE, "an empty pile alone does not end the game"


def test_end_5_final_scoring_takes_unclaimed_resources_first() -> None:
    state = with_player(
        attrs.evolve(game(2), stacks=((), game(2).stacks[1])), 1, claims=1, resources=res(gold=1)
    )
    after, events = finish_round(state)
    assert after.is_over and after.phase is Phase.OVER
    assert after.players[1].claims == 0 and after.players[1].resources.total == 3
    assert score(after)[1].resources == 3
    assert [e.rule for e in events if e.player == 1][-2:] == ["CIV-12", "END-5"]


def test_end_5_a_final_position_s_score_is_its_total_with_final_scoring() -> None:
    """Final scoring adds each player's end lines (SCORE-2 to SCORE-7) to their score: a final
    position (and every seat's view of it) says the totals the score sheets and the record's
    result block say, and the sheet still tells the points scored during the game apart."""
    state = with_player(
        attrs.evolve(game(2), stacks=((), game(2).stacks[1])),
        1,
        score=-20,
        agriculture=3,
        cards=("c19",),
        resources=res(wood=2, gold=1),
    )
    farmers = score(state)[1].farmers
    assert farmers > 0 and score(state)[1].total == -20 + farmers + 3
    after, events = finish_round(state)
    sheet = score(after)[1]
    assert (sheet.during_game, sheet.farmers, sheet.resources) == (-20, farmers, 3)
    assert after.players[1].score == sheet.total == -20 + farmers + 3
    added = [e.amount("score") for e in events if e.type is EventType.SCORED_AT_THE_END]
    assert added == [s.total - s.during_game for s in score(after)] and added[1] == farmers + 3
    for seat in (0, 1, None):
        assert [p.score for p in player_view(after, seat).players] == [s.total for s in score(after)]


def test_end_5_a_final_view_says_the_record_s_totals() -> None:
    """A whole game to its end: every seat's final view has the totals of the record's result
    block, which replays."""
    config = GameConfig(players=2, seed=8, max_rounds=4)
    state, moves, rng = new_game(config), [], random.Random(8)
    while not state.is_over:
        moves.append(rng.choice(legal_moves(state)))
        state = apply_move(state, moves[-1])
    result = game_result(state, config, moves)
    assert any(sheet.total > sheet.during_game for sheet in result.scores), "final scoring adds points"
    assert replay(GameRecord(config, moves, result=result)) == state
    for seat in (0, 1, None):
        assert [p.score for p in player_view(state, seat).players] == [s.total for s in result.scores]
