"""A score pad as text (:mod:`boardtable.screen`): a game's score sheets laid out a column per
seat and a row per line, each line by the name a player reads, in the order the game gives."""

from __future__ import annotations

from attrs import frozen

from boardtable.screen import score_table, sheets_table


@frozen
class Sheet:
    during: int
    total: int


def test_the_sheets_are_a_column_per_seat_and_a_row_per_named_line_in_order() -> None:
    sheets = [Sheet(3, 10), Sheet(7, 12), Sheet(0, 4)]
    table = sheets_table(sheets, {"total": "total", "during": "during the game"})
    assert [line.split() for line in table.splitlines()] == [
        ["P0", "P1", "P2"],
        ["total", "10", "12", "4"],
        ["during", "the", "game", "3", "7", "0"],
    ]
    assert table == score_table(["P0", "P1", "P2"], [("total", [10, 12, 4]), ("during the game", [3, 7, 0])])
