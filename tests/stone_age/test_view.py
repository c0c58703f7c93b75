"""INFO-1 to INFO-3: what each seat may see."""

from __future__ import annotations

import attrs
import pytest

from stone_age_rules import Phase, legal_moves, player_view

from .tables import game, res, with_player


def test_info_1_the_pile_the_stacks_below_their_tops_and_the_seed_are_hidden() -> None:
    state = game(3, seed=77)
    for seat in (0, 1, 2, None):
        view = player_view(state, seat)
        assert view.pile == ("?",) * len(state.pile)
        assert all(
            v[0] == s[0] and set(v[1:]) == {"?"} and len(v) == len(s)
            for v, s in zip(view.stacks, state.stacks, strict=True)
        )
        assert view.config.seed == 0 and "77" not in repr(view)
        assert legal_moves(view) == legal_moves(state)


def test_info_2_a_drawn_card_is_hidden_from_the_others_until_final_scoring() -> None:
    state = with_player(game(2), 0, drawn=("c07",))
    assert player_view(state, 0).players[0].drawn == ("c07",)
    assert player_view(state, 1).players[0].drawn == ("?",)
    assert player_view(state, None).players[0].drawn == ("?",)
    over = attrs.evolve(state, phase=Phase.OVER)
    assert player_view(over, 1).players[0].drawn == ("c07",)


def test_info_3_everything_else_is_public() -> None:
    state = with_player(
        game(2), 1, resources=res(1, 2), tools=(2,), used=(True,), one_time=(3,), cards=("c01",)
    )
    view = player_view(state, 0)
    assert view.players == state.players and view.display == state.display
    assert (view.rolls, view.round, view.phase, view.placed) == (
        state.rolls,
        state.round,
        state.phase,
        state.placed,
    )


def test_a_view_of_no_seat_is_refused_in_one_line() -> None:
    for seat in (2, -1, "0"):
        with pytest.raises(ValueError, match=r"^seat must be a seat from 0 to 1 or None"):
            player_view(game(2), seat)  # type: ignore[arg-type]
