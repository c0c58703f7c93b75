"""The one-line notation: every move reads back from its text; junk is a NotationError."""

from __future__ import annotations

import pytest

from boardtable.errors import NotationError
from imperial_settlers_rules import Activate, Build, Pass, Spend, parse_move

from .tables import game, playout, supply


def test_every_move_of_a_game_reads_back_from_its_notation() -> None:
    for _, move, _ in playout(game(4, 13), 13):
        assert parse_move(str(move)) == move


def test_the_notation_names_only_what_differs_from_the_defaults() -> None:
    assert str(Pass(1)) == "P1 pass"
    assert str(Build(0, "com005", supply(wood=2))) == "P0 build card=com005 pay=2wood"
    assert str(Spend(2, (1, 0, 0, 1))) == "P2 spend take=1wood,1card"
    assert str(Activate(1, "rom006", supply(worker=1), opponent=0, target=1)) == (
        "P1 activate location=rom006 pay=1worker opponent=0 target=1"
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pass",
        "P0 fly",
        "P0 build card=com005",
        "P0 build card=com005 pay=2marble",
        "P0 pass x=1",
        "P0 " + "x" * 400,
    ],
)
def test_junk_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)
