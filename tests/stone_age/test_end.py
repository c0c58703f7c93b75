"""END-1 to END-5: the end of a round and of the game."""

from __future__ import annotations

import attrs

from stone_age_rules import Act, Event, GameState, Location, Phase, apply_move_with_events, score

from .tables import acting, game, res, with_player


def finish_round(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """Player 0 resolves their one person at the tool maker; feeding and the round's end follow."""
    return apply_move_with_events(
        acting(state, 0, {Location.TOOL_MAKER: {0: 1}}), Act(0, Location.TOOL_MAKER)
    )


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
    assert after.is_over and events[-1].rule == "END-3"
    assert after.players[1].food == 12 - 5, "the last round's feeding happened"


def test_end_4_too_few_cards_to_fill_the_display_ends_the_game() -> None:
    state = game(2)
    short = attrs.evolve(state, display=(None, None, *state.display[2:]), pile=state.pile[:1])
    after, events = finish_round(short)
    assert after.is_over and events[-1].rule == "END-4"
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
    assert [e.rule for e in events if e.player == 1][-1] == "CIV-12"
