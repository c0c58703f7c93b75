"""The one-line move notation: str(move) and parse_move(text)."""

from __future__ import annotations

import random

import pytest

from stone_age_rules import (
    Act,
    GameConfig,
    GoHungry,
    Location,
    NotationError,
    Place,
    UseTools,
    apply_move,
    legal_moves,
    new_game,
    parse_move,
)

from .tables import res


def test_moves_are_written_on_one_line() -> None:
    assert str(Place(0, Location.CLAY_PIT, 3)) == "P0 place clay_pit 3"
    assert str(Act(1, Location.BUILDING_2, res(wood=2, gold=1))) == "P1 act building2 pay=2wood,1gold"
    assert str(Act(1, Location.HUNTING)) == "P1 act hunting"
    assert str(UseTools(2, (0, 2), ())) == "P2 tools 0,2 -"
    assert str(GoHungry(3)) == "P3 hungry"


def test_every_legal_move_of_a_game_reads_back() -> None:
    state = new_game(GameConfig(3, 12, max_rounds=3))
    chooser = random.Random(12)
    while not state.is_over:
        moves = legal_moves(state)
        for move in moves:
            assert parse_move(str(move)) == move
        state = apply_move(state, chooser.choice(moves))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"an empty text is no move: expected P<player> and a move word"),
        ("Px place forest 1", r"word 1 'Px': player must be P and a seat number"),
        ("P0 fly", r"word 2 'fly' is no kind of move: expected place, act, takeback"),
        ("P0 place moon 1", r"word 3 'moon': location must be hunting, forest, clay_pit"),
        ("P0 place forest", r"place needs LOCATION PEOPLE; PEOPLE missing"),
        ("P0 feed 2sand", r"word 3 '2sand': pay must be resources like 2wood,1clay"),
        ("P0 take 1wood,1wood", r"word 3 '1wood,1wood': take must be .*\(each kind once"),
        ("P0 act forest pay=1wood x", r"word 5 'x' is one too many: act takes LOCATION \[pay=PAY\]"),
        ("P0 tools 0,x -", r"word 3 '0,x': tools must be a whole number .*joined by commas, or - for none"),
        ("P0 die " + "9" * 300, r"307 characters; a move is at most 200"),
    ],
)
def test_a_text_that_is_no_move_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        parse_move(text)
    assert "\n" not in str(caught.value)
