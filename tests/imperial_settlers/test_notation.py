"""The one-line notation, declared on the platform's: every move reads back from its text;
a text that is no move is a NotationError in one line, naming the word that is wrong."""

from __future__ import annotations

import pytest

from boardtable.errors import NotationError
from imperial_settlers_rules import (
    Activate,
    Build,
    Deck,
    Draw,
    MakeDeal,
    Pass,
    Raze,
    RazeCard,
    Spend,
    legal_moves,
    parse_move,
)

from .tables import acting, card, game, playout, supply


def test_every_move_of_a_game_reads_back_from_its_notation() -> None:
    for before, move, _ in playout(game(4, 13), 13):
        assert parse_move(str(move)) == move
        if before.ply % 50 == 0:
            assert all(parse_move(str(m)) == m for m in legal_moves(before))


def test_moves_deciding_in_advance_read_back_eng_9() -> None:
    moves = [
        Build(
            0, "rom015", supply(stone=2), "com002", 1, (1, 0), Deck.FACTION, "com012", ("jap001", "jap026")
        ),
        Activate(
            1, "com044", supply(worker=2), 2, 1, ("com001",), 0, 1, "com017", ("wood",), (0,), Deck.COMMON
        ),
        Activate(2, "rom006", supply(worker=1), opponent=0, target=1, repeat="com012"),
        Spend(2, (1, 0, 0, 2), Deck.COMMON),
        MakeDeal(0, "rom010", supply(food=1), Deck.FACTION),
        RazeCard(1, "com005", Deck.COMMON),
        Raze(1, 0, "com005", Deck.FACTION),
    ]
    for move in moves:
        assert parse_move(str(move)) == move
    assert str(moves[0]) == (
        "P0 build card=rom015 pay=2stone discard=com002 option=1 choice=1,0 deck=faction repeat=com012"
        " samurai=jap001,jap026"
    )


def test_the_legal_moves_with_their_decisions_read_back() -> None:
    headquarters, quarry = card("rom-headquarters"), card("com-quarry")
    state = acting(
        p0={"empire": (headquarters,), "hand": (quarry,), "supply": supply(wood=1, stone=1, worker=2)}
    )
    moves = legal_moves(state)
    assert "P0 build card=com008 pay=1wood,1stone choice=1" in {str(m) for m in moves}
    assert "P0 spend take=1card deck=faction" in {str(m) for m in moves}
    assert all(parse_move(str(m)) == m for m in moves)


def test_the_notation_names_only_what_differs_from_the_defaults() -> None:
    assert str(Pass(1)) == "P1 pass"
    assert str(Build(0, "com005", supply(wood=2))) == "P0 build card=com005 pay=2wood"
    assert str(Spend(2, (1, 0, 0, 1))) == "P2 spend take=1wood,1card"
    assert str(Draw(0, Deck.FACTION)) == "P0 draw deck=faction"
    assert str(Activate(1, "rom006", supply(worker=1), opponent=0, target=1)) == (
        "P1 activate location=rom006 pay=1worker opponent=0 target=1"
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("pass", "player must be P"),
        ("P0 fly", "no kind of move"),
        ("P0 build card=com005", "pay=PAY missing"),
        ("P0 build pay=1wood", "card=CARD missing"),
        ("P0 build card=com005 pay=2marble", "pay must be goods"),
        ("P0 build card=com005 pay=1wood,1wood", "pay must be goods"),
        ("P0 build card=com005 pay=1wood choice=x", "choice must be"),
        ("P0 spend take=1card deck=top", "deck must be common or faction"),
        ("P0 pass x=1", "one too many"),
        ("P0 build card=com005 card=com006 pay=none", "one too many"),
        ("P0 " + "x" * 400, "at most 300"),
    ],
)
def test_a_text_that_is_no_move_is_refused_in_one_line(text: str, says: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    assert says in str(caught.value) and "\n" not in str(caught.value)
